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
    issues: list[FormatIssue] = []
    if record.damaged:
        error = record.errors[0]
        return record, [FormatIssue(error.line, error.column, f"not formatted: {error.message}")]
    try:
        variant = record_variant(record)
        position = start_position(record, variant)
    except (RulesError, PositionError) as exc:
        return record, [FormatIssue(record.line, 1, f"not formatted: {exc}")]
    try:
        mainline = _canonical_line(variant, record.mainline, position, long, issues)
    except RecursionError:
        return record, [FormatIssue(record.line, 1, "not formatted: variations nested too deeply")]
    return replace(record, tags=canonical_tags(record.tags), mainline=mainline), issues


def _canonical_line(
    variant: AnyVariant, line: Line, position: Any, long: bool, issues: list[FormatIssue]
) -> Line:
    nodes: list[MoveNode] = []
    seats = len(variant.seats)
    needs_number = True  # the first move of a line always carries its number
    for index, node in enumerate(line.moves):
        try:
            move = variant.parse_move(node.token, position)
        except MoveError as exc:
            issues.append(
                FormatIssue(node.line, node.column, f"{node.token}: {exc.reason}; left as written")
            )
            nodes.extend(line.moves[index:])
            return Line(tuple(nodes), line.comments)
        variations = tuple(
            _canonical_line(variant, v, position, long, issues) for v in node.variations
        )
        first_seat = variant.turn(position) % seats == 0
        number = (
            expected_number(variant, position)
            if first_seat or needs_number or node.comments_before
            else None
        )
        token = variant.format_move(move, position, long=long)
        nodes.append(replace(node, token=token, number=number, variations=variations))
        needs_number = bool(node.comments or node.variations)
        position = variant.play(position, move)
    return Line(tuple(nodes), line.comments)
