"""Two scoresheets of one game, compared: tags that disagree and the first ply where moves differ.

Each player of a game may hand in a sheet; :func:`reconcile` says whether two
records are the same game. Moves are compared as the rules read them (each
replayed and written canonically, holes numbered any way a ``Pits`` tag
says), so ``4b-4c`` and a longer spelling of the same sowing are one move. Where the
moves first differ, it says which version is legal from there, how far each
replays, and the position at that point. :func:`pair_sheets` pairs the
sheets of a whole event by event, round and players.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from notation.core.pits import DEFAULT as DEFAULT_PITS
from notation.core.pits import PITS_TAG, translate_record
from notation.core.record import Record
from notation.core.replay import (
    Refusal,
    Step,
    StepVisitor,
    expected_number,
    record_variant,
    replay,
    start_position,
    unnumbered,
)
from notation.desk.event import name_key
from notation.errors import Code, PMNError
from notation.games import AnyVariant

#: Tags that say how a sheet is written, not what happened: never a disagreement.
FORM_TAGS = (PITS_TAG,)


@dataclass(frozen=True, slots=True)
class SheetReplay:
    """One sheet replayed: its moves as written, the canonical form of the legal ones, and why
    it stopped (None when every move is legal)."""

    written: tuple[str, ...]
    canonical: tuple[str, ...]
    error: str | None
    result: str

    @property
    def legal_plies(self) -> int:
        """The moves replayed before the first illegal one."""
        return len(self.canonical)

    def token(self, ply: int) -> str | None:
        """The move at ``ply`` (0-based), canonical while legal, as written after; None past the end."""
        if ply < len(self.canonical):
            return self.canonical[ply]
        return self.written[ply] if ply < len(self.written) else None


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where two sheets' moves first differ: the ply (0-based), its move number, each side's
    move there (None: the sheet has ended), and the position before it (a diagram)."""

    ply: int
    number: str
    first: str | None
    second: str | None
    diagram: str
    position: str


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """The verdict on two sheets of one game."""

    first: SheetReplay
    second: SheetReplay
    tags: tuple[tuple[str, str | None, str | None], ...]  # (tag, first value, second value)
    divergence: Divergence | None
    problem: str | None = None  # why the sheets could not be compared at all

    @property
    def same_game(self) -> bool:
        """Whether both sheets hold the same moves and the same result."""
        return (
            self.problem is None
            and self.divergence is None
            and self.first.result == self.second.result
        )

    @property
    def agree(self) -> bool:
        """Whether the sheets are the same game with no tag that disagrees."""
        return self.same_game and not self.tags


class ReconcileError(PMNError):
    """A sheet that cannot be replayed at all (no game named, a bad start position)."""

    code = Code.CANNOT_RECONCILE


def _normalised(record: Record) -> Record:
    if record.tag(PITS_TAG) is not None:
        return translate_record(record, DEFAULT_PITS).record
    return record


class _Sheet(StepVisitor):
    """A sheet's replay as reconcile reads it: the canonical moves, the positions, and
    the first move the rules refuse."""

    def __init__(self, variant: AnyVariant, start: Any) -> None:
        self.format_move = variant.format_move
        self.positions = [start]
        self.canonical: list[str] = []
        self.error: str | None = None

    def visit_step(self, step: Step) -> None:
        """Note the move in its canonical form, and the position after it."""
        self.canonical.append(self.format_move(step.move, step.before))
        self.positions.append(step.after)

    def visit_refusal(self, refusal: Refusal) -> None:
        """Note why the sheet stops: the move number, the move, the rules' reason."""
        reason = refusal.error.reason if refusal.error is not None else refusal.problem.message
        self.error = f"{refusal.problem.move_number} {refusal.node.token}: {reason}"


def _replay(record: Record, variant: AnyVariant) -> tuple[SheetReplay, list[Any]]:
    # the tokens alone are compared: the sheets' move numbers are not checked here
    sheet = _Sheet(variant, start_position(record, variant))
    replay(variant, unnumbered(record.mainline), sheet.positions[0], sheet, variations=False)
    written = tuple(node.token for node in record.mainline.moves)
    return SheetReplay(written, tuple(sheet.canonical), sheet.error, record.result), sheet.positions


def tag_differences(
    first: Record, second: Record
) -> tuple[tuple[str, str | None, str | None], ...]:
    """The tags whose values differ (or that one sheet lacks), in the first sheet's order."""
    names: list[str] = []
    for name, _ in (*first.tags, *second.tags):
        if name not in names and name not in FORM_TAGS:
            names.append(name)
    differ = []
    for name in names:
        a, b = first.tag(name), second.tag(name)
        if (a or "").strip() != (b or "").strip():
            differ.append((name, a, b))
    return tuple(differ)


def reconcile(first: Record, second: Record) -> Reconciliation:
    """Compare two sheets of one game."""
    first, second = _normalised(first), _normalised(second)
    tags = tag_differences(first, second)
    try:
        variant = record_variant(first)
        other = record_variant(second)
        if (variant.game, variant.rules) != (other.game, other.rules):
            raise ReconcileError(
                f"the sheets are of different games: {variant.game} ({variant.rules}) and "
                f"{other.game} ({other.rules})"
            )
        a, positions_a = _replay(first, variant)
        b, _ = _replay(second, variant)
    except PMNError as exc:
        empty = SheetReplay((), (), str(exc), first.result)
        return Reconciliation(empty, empty, tags, None, str(exc))
    divergence = None
    for ply in range(max(len(a.written), len(b.written)) + 1):
        ta, tb = a.token(ply), b.token(ply)
        if ta == tb and ta is not None:
            continue
        if ta is None and tb is None:
            break
        position = positions_a[min(ply, len(positions_a) - 1)]
        divergence = Divergence(
            ply,
            expected_number(variant, position),
            ta,
            tb,
            variant.diagram(position),
            variant.format_position(position),
        )
        break
    return Reconciliation(a, b, tags, divergence)


def describe(result: Reconciliation, first_name: str, second_name: str) -> list[str]:
    """The verdict in lines of text: same game or not, tags, the first difference and its
    position, which version is legal and how far each replays."""
    if result.problem is not None:
        return [f"cannot compare: {result.problem}"]
    lines: list[str] = []
    if result.agree:
        lines.append(f"the same game: {result.first.legal_plies} moves, {result.first.result}")
        return lines
    lines.append("the same game" if result.same_game else "NOT the same game")
    for name, a, b in result.tags:
        lines.append(f"  tag {name}: {_shown(a)} in {first_name}, {_shown(b)} in {second_name}")
    if result.first.result != result.second.result:
        lines.append(
            f"  result: {result.first.result} in {first_name}, {result.second.result} in "
            f"{second_name}"
        )
    d = result.divergence
    if d is not None:
        lines.append(
            f"  the moves differ first at ply {d.ply + 1} (move {d.number}): "
            f"{_move(d.first)} in {first_name}, {_move(d.second)} in {second_name}"
        )
        for name, sheet in ((first_name, result.first), (second_name, result.second)):
            lines.append("  " + _how_far(name, sheet, d.ply))
        lines.append("  the position there:")
        lines.extend("    " + row for row in d.diagram.splitlines())
        lines.append(f"    {d.position}")
    return lines


def _shown(value: str | None) -> str:
    return "(none)" if value is None else f'"{value}"'


def _move(token: str | None) -> str:
    return "(no more moves)" if token is None else token


def _how_far(name: str, sheet: SheetReplay, ply: int) -> str:
    total = len(sheet.written)
    if sheet.error is None:
        return f"{name}: legal from there to its end ({total} moves in all)"
    if sheet.legal_plies <= ply:
        return f"{name}: illegal there ({sheet.error}); it replays {sheet.legal_plies} of {total} moves"
    return (
        f"{name}: legal from there for {sheet.legal_plies - ply} moves, then illegal "
        f"({sheet.error}); it replays {sheet.legal_plies} of {total} moves"
    )


# -- pairing the sheets of an event -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sheet:
    """A record and where it came from (``file:line``)."""

    record: Record
    where: str


def sheet_key(record: Record) -> tuple[str, str, frozenset[str]]:
    """What pairs two sheets of one game: event, round and the players (names compared as
    :func:`notation.desk.event.name_key` does)."""
    try:
        seats = record_variant(record).seats
    except PMNError:
        seats = ()
    players = frozenset(name_key(record.tag(seat) or "") for seat in seats)
    return (
        (record.tag("Event") or "").strip(),
        (record.tag("Round") or "").strip(),
        players,
    )


def pair_sheets(
    sheets: Iterable[Sheet],
) -> tuple[list[tuple[Sheet, Sheet]], list[Sheet], list[Sequence[Sheet]]]:
    """Pairs of sheets of one game; sheets with no partner; groups of more than two."""
    groups: dict[tuple[str, str, frozenset[str]], list[Sheet]] = defaultdict(list)
    for sheet in sheets:
        groups[sheet_key(sheet.record)].append(sheet)
    pairs: list[tuple[Sheet, Sheet]] = []
    alone: list[Sheet] = []
    crowded: list[Sequence[Sheet]] = []
    for group in groups.values():
        if len(group) == 2:
            pairs.append((group[0], group[1]))
        elif len(group) == 1:
            alone.append(group[0])
        else:
            crowded.append(group)
    return pairs, alone, crowded


__all__ = [
    "FORM_TAGS",
    "Divergence",
    "ReconcileError",
    "Reconciliation",
    "Sheet",
    "SheetReplay",
    "describe",
    "pair_sheets",
    "reconcile",
    "sheet_key",
    "tag_differences",
]
