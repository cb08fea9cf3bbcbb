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

from notation.core.pits import DEFAULT as DEFAULT_PITS
from notation.core.pits import PitsError, translate_record
from notation.core.record import MoveNode, Record, TreePath, canonical_tags
from notation.core.replay import LineVisitor, Problem, Step, open_game, replay
from notation.formats.pmn import (
    DEFAULT_WIDTH,
    Chunk,
    read_chunk,
    write_record,
)
from notation.formats.reader import read_game
from notation.formats.visitor import RecordBuilder
from notation.games.base import PositionError, RulesError


@dataclass(frozen=True, slots=True)
class FormatIssue:
    """Why part of a record was left as written: where, and the reason."""

    line: int
    column: int
    message: str


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
    if record.damaged:
        error = record.errors[0]
        return record, [FormatIssue(error.line, error.column, f"not formatted: {error.message}")]
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError) as exc:
        return record, [FormatIssue(record.line, 1, f"not formatted: {exc}")]
    variant = game.variant
    seats = len(variant.seats)
    # the canonical form numbers the first seat's moves, a line's first move, and a move
    # after a comment or a variation; a line's first move is the one at index 0
    problems: list[Problem] = []
    # each line's move before this one, as written, under the line's path. Keyed by the
    # path object's identity: a path is a chain as deep as the line's nesting, and
    # hashing it at every move would make deep nesting quadratic
    last_written: dict[int, tuple[TreePath, MoveNode]] = {}

    format_played, turn = variant.format_played, variant.turn
    mainline = game.record.mainline
    plain = not mainline.comments and not any(
        node.comments_before or node.comments or node.variations for node in mainline.moves
    )

    def plain_node(step: Step) -> MoveNode:
        """canonical_node for a record without comments or variations: a move is numbered
        when it is the first seat's or the line's first."""
        node, label = step.node, step.number
        # the first seat's move numbers end in "." and the others' in "..."
        number = label if not step.index or label[-2] != "." else None
        token = format_played(step.move, step.before, step.after, long=long)
        if token == node.token and number == node.number:
            return node
        return replace(node, token=token, number=number)

    def canonical_node(step: Step) -> MoveNode:
        node, path, before = step.node, step.path, step.before
        entry = last_written.get(id(path)) if step.index else None
        previous = entry[1] if entry is not None and entry[0] is path else None
        last_written[id(path)] = (path, node)
        number = node.number
        if layout:
            if (
                previous is None
                or turn(before) % seats == 0  # the first seat's move
                or previous.comments  # after a comment or a variation
                or previous.variations
                or node.comments_before
            ):
                number = step.number
            else:
                number = None
        token = format_played(step.move, before, step.after, long=long)
        if token == node.token and number == node.number:
            return node
        return replace(node, token=token, number=number)

    on_step = plain_node if plain and layout else canonical_node
    replayed = replay(variant, mainline, game.start, LineVisitor(on_step, problems))
    issues = [
        FormatIssue(p.line, p.column, f"{p.message}; left as written")
        for p in sorted(problems, key=lambda p: (p.line, p.column))
    ]
    tags = canonical_tags(game.record.tags) if layout else game.record.tags
    canonical = replace(game.record, tags=tags, mainline=replayed.line)
    if game.translation is not None and game.translation.source != DEFAULT_PITS:
        # the record's own hole numbering is part of what it says: written back in it
        canonical = translate_record(canonical, game.translation.source).record
        if layout:
            canonical = replace(canonical, tags=canonical_tags(canonical.tags))
    return canonical, issues


# -- checking a file -------------------------------------------------------------


def format_chunk(
    chunk: Chunk, *, width: int = DEFAULT_WIDTH, long: bool = False
) -> tuple[str, list[FormatIssue]]:
    """The canonical text of one game as cut from a file, and what could not be made canonical.

    The same text and issues as ``write_record(canonical_record(read_chunk(chunk)))``:
    a plainly written game is read by the reader's quick path (its moves without
    places), and read again with places only when there are issues to place.
    """
    builder = RecordBuilder(places=False)
    record = read_game(chunk, builder)
    canonical, issues = canonical_record(record, long=long)
    if issues and builder.quickly_read:
        canonical, issues = canonical_record(read_chunk(chunk), long=long)
    return write_record(canonical, width=width), issues


__all__ = [
    "FormatIssue",
    "canonical_record",
    "canonical_tags",
    "format_chunk",
    "rewrite_moves",
]
