"""The canonical form of a record, as ``pmn fmt`` writes it.

Canonical means: the standard tags first in a fixed order (``Game``,
``Rules``, ``Event``, ``Site``, ``Date``, ``Round``, seats, ``Result``,
``Score``, ``Termination``, ``Position``), other tags after them in their
own order; every move written as its game's canonical token (Tricala's
shortest form, or the long form on request; Wari's ``+n`` on captures);
move numbers before the first seat's moves and before any move that follows
a comment or a variation, and nowhere else. Comments, annotations and
variations are kept. The canonical record replays to the same positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from notation.games import AnyVariant
from notation.games.base import MoveError, PositionError, RulesError
from notation.record import STANDARD_TAG_ORDER, Line, MoveNode, Record
from notation.replay import expected_number, record_variant, start_position


@dataclass(frozen=True, slots=True)
class FormatIssue:
    """Why part of a record was left as written: where, and the reason."""

    line: int
    column: int
    message: str


def canonical_tags(tags: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Standard tags first in :data:`STANDARD_TAG_ORDER`, then the others as they came."""
    rank = {name: index for index, name in enumerate(STANDARD_TAG_ORDER)}
    ordered = sorted(enumerate(tags), key=lambda item: (rank.get(item[1][0], len(rank)), item[0]))
    return tuple(tag for _, tag in ordered)


def canonical_record(record: Record, *, long: bool = False) -> tuple[Record, list[FormatIssue]]:
    """The record in canonical form, and what could not be made canonical.

    A damaged record, or one whose tags name no known game, comes back
    unchanged. From an illegal move on, a line keeps its tokens and numbers
    as written (a formatter never guesses).
    """
    return _rewrite(record, long=long, layout=True)


def rewrite_moves(record: Record, *, long: bool) -> tuple[Record, list[FormatIssue]]:
    """The record with every move written as its game's canonical token, short or long.

    Tags, move numbers, comments and variations stay as they are; only the
    tokens change (``pmn convert --long`` / ``--short``).
    """
    return _rewrite(record, long=long, layout=False)


def _rewrite(record: Record, *, long: bool, layout: bool) -> tuple[Record, list[FormatIssue]]:
    issues: list[FormatIssue] = []
    if record.damaged:
        error = record.errors[0]
        return record, [FormatIssue(error.line, error.column, f"not formatted: {error.message}")]
    try:
        variant = record_variant(record)
        position = start_position(record, variant)
    except (RulesError, PositionError) as exc:
        return record, [FormatIssue(record.line, 1, f"not formatted: {exc}")]
    mainline = _canonical_line(variant, record.mainline, position, long, layout, issues)
    tags = canonical_tags(record.tags) if layout else record.tags
    return replace(record, tags=tags, mainline=mainline), issues


class _Frame:
    """A line being made canonical: where it has got to, and the position there."""

    __slots__ = ("done", "index", "line", "move", "needs_number", "nodes", "position", "variations")

    def __init__(self, line: Line, position: Any) -> None:
        self.line = line
        self.position = position
        self.index = 0  # the node being worked on
        self.nodes: list[MoveNode] = []  # the canonical nodes before it
        self.move: Any = None  # its move, once read
        self.variations: list[Line] = []  # its canonical variations so far
        self.needs_number = True  # the first move of a line always carries its number
        self.done: Line | None = None


def _canonical_line(
    variant: AnyVariant,
    line: Line,
    position: Any,
    long: bool,
    layout: bool,
    issues: list[FormatIssue],
) -> Line:
    """The line with canonical tokens, its variations too (depth first, in order);
    with ``layout``, move numbers where the canonical form writes them.

    Variations nest to any depth, so the lines being worked on wait on an
    explicit stack rather than the call stack.
    """
    seats = len(variant.seats)
    stack = [_Frame(line, position)]
    while True:
        frame = stack[-1]
        if frame.done is not None:
            stack.pop()
            if not stack:
                return frame.done
            stack[-1].variations.append(frame.done)
            continue
        moves = frame.line.moves
        if frame.index == len(moves):
            frame.done = Line(tuple(frame.nodes), frame.line.comments)
            continue
        node = moves[frame.index]
        if frame.move is None:
            try:
                frame.move = variant.parse_move(node.token, frame.position)
            except MoveError as exc:
                issues.append(
                    FormatIssue(
                        node.line, node.column, f"{node.token}: {exc.reason}; left as written"
                    )
                )
                frame.done = Line((*frame.nodes, *moves[frame.index :]), frame.line.comments)
                continue
        if len(frame.variations) < len(node.variations):
            stack.append(_Frame(node.variations[len(frame.variations)], frame.position))
            continue
        number = node.number
        if layout:
            first_seat = variant.turn(frame.position) % seats == 0
            number = (
                expected_number(variant, frame.position)
                if first_seat or frame.needs_number or node.comments_before
                else None
            )
        token = variant.format_move(frame.move, frame.position, long=long)
        frame.nodes.append(
            replace(node, token=token, number=number, variations=tuple(frame.variations))
        )
        frame.needs_number = bool(node.comments or node.variations)
        frame.position = variant.play(frame.position, frame.move)
        frame.index += 1
        frame.move = None
        frame.variations = []
