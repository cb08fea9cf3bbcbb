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

from notation.games.base import PositionError, RulesError
from notation.pits import DEFAULT as DEFAULT_PITS
from notation.pits import PitsError, translate_record
from notation.record import STANDARD_TAG_ORDER, MoveNode, Record, TreePath
from notation.replay import Problem, Step, open_game, replay


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
    last_written: dict[TreePath, MoveNode] = {}  # each line's move before this one, as written

    def canonical_node(step: Step) -> MoveNode:
        node = step.node
        previous = last_written.get(step.path) if step.index else None
        last_written[step.path] = node
        number = node.number
        if layout:
            first_seat = variant.turn(step.before) % seats == 0
            after_aside = previous is None or bool(previous.comments or previous.variations)
            number = step.number if first_seat or after_aside or node.comments_before else None
        token = variant.format_move(step.move, step.before, long=long)
        if token == node.token and number == node.number:
            return node
        return replace(node, token=token, number=number)

    replayed = replay(variant, game.record.mainline, game.start, problems=problems, on_step=canonical_node)
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
