"""Standings and crosstables of an event, from its games' results.

Each counted game is a :class:`Played` value: its round, the players in seat
order, each seat's share of the result (``1-0``: 1 and 0; ``1/2-1/2-0``: ½, ½
and 0, so three-player results count per seat) and the stones each seat
captured. :func:`collect` makes them from records and their validation
reports, leaving out (with the reason) games that are unfinished or invalid.
:func:`compute_standings` adds up points under a :class:`PointScheme` and
ranks with tie-breaks (:data:`TIE_BREAKS`); the writers at the end give the
standings and crosstable as text, CSV, JSON (``schemas/standings.schema.json``)
and HTML. docs/desk.md describes every rule used here, with worked examples.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from notation.core.replay import GameReport
from notation.desk.event import Entry, keeping_order
from notation.desk.pairings import System, Tally, free_rounds, is_bye, pairs_of, round_key, tally
from notation.desk.pairings import missing as missing_pairings
from notation.desk.pairings import system_reason as _system_reason
from notation.errors import Code, PMNError
from notation.games import parse_result
from notation.render.sinks import (
    csv_text,
    html_isolated,
    html_name,
    html_text,
    terminal_text,
)

#: The ``Termination`` value of a game decided without play (a forfeit; a bye, see docs/desk.md).
UNPLAYED_TERMINATION = "adjudication"


class StandingsError(PMNError):
    """An option of the standings that cannot be used (a point scheme, a tie-break)."""

    code = Code.BAD_OPTION


@dataclass(frozen=True, slots=True)
class PointScheme:
    """Points for a win, a draw (a shared result) and a loss; None: the result's own numbers.

    With the default scheme a seat scores what the result gives it (``1-0``:
    1 and 0; ``1/2-1/2-0``: ½, ½, 0). With ``3-1-0`` a seat with the whole
    point scores 3, a seat with a share of it 1, a seat with nothing 0.
    """

    win: Fraction | None = None
    draw: Fraction | None = None
    loss: Fraction | None = None

    def points(self, share: Fraction) -> Fraction:
        """The points a seat with ``share`` of the result scores."""
        if self.win is None or self.draw is None or self.loss is None:
            return share
        if share == 1:
            return self.win
        return self.loss if share == 0 else self.draw

    def __str__(self) -> str:
        if self.win is None or self.draw is None or self.loss is None:
            return "result"
        return "-".join(format_points(p) for p in (self.win, self.draw, self.loss))


def parse_scheme(text: str) -> PointScheme:
    """``result`` (the default: 1, ½, 0 as the results give them) or ``W-D-L`` such as ``3-1-0``.

    >>> parse_scheme("3-1-0").points(Fraction(1, 2))
    Fraction(1, 1)
    """
    if text.strip().lower() == "result":
        return PointScheme()
    parts = text.strip().split("-")
    try:
        win, draw, loss = (Fraction(part) for part in parts)
    except ValueError:
        raise StandingsError(
            f'point scheme "{text}" is not W-D-L (points for a win, a draw, a loss, like 3-1-0) '
            'or "result"'
        ) from None
    return PointScheme(win, draw, loss)


@dataclass(frozen=True, slots=True)
class Played:
    """One counted game: round, players and seats in seat order, shares, stones captured.

    ``forfeit`` is a game decided without a move (``Termination
    "adjudication"`` and no moves). A seat held by :data:`~notation.desk.event.BYE`
    makes the game a bye for the other seat(s).
    """

    round: str
    seats: tuple[str, ...]
    players: tuple[str, ...]
    shares: tuple[Fraction, ...]
    stones: tuple[int, ...]
    forfeit: bool = False
    source: str = ""
    game: int = 0

    @property
    def bye(self) -> bool:
        """Whether a seat is the bye, not a player."""
        return any(is_bye(player) for player in self.players)


@dataclass(frozen=True, slots=True)
class Excluded:
    """A game left out of the standings, and why."""

    source: str
    game: int
    line: int
    players: tuple[str, ...]
    reason: str
    invalid: bool = False  # the game breaks the rules (else it is unfinished or unnamed)
    round: str = "?"
    copy: bool = False  # a second copy of a game counted: no pairing of its own


def collect(games: Iterable[tuple[Entry, GameReport]]) -> tuple[list[Played], list[Excluded]]:
    """The games that count, and those that do not (invalid, unfinished, a seat unnamed, or
    the same game as one already counted: a game submitted twice counts once, the fuller
    record, :func:`notation.desk.event.keeping_order`), in input order."""
    # each game with its place in the input (they are given back in input order)
    played: list[tuple[int, Played]] = []
    excluded: list[tuple[int, Excluded]] = []
    seen: dict[bytes, Entry] = {}
    given = list(games)  # of a game submitted twice the fuller record counts (keeping_order)
    for position in keeping_order([entry for entry, _ in given]):
        entry, report = given[position]
        players = entry.players

        def leave_out(
            reason: str,
            invalid: bool = False,
            entry: Entry = entry,
            players: tuple[str, ...] = players,
            position: int = position,
            copy: bool = False,
        ) -> None:
            round_ = (entry.tag("Round") or "").strip()
            left = Excluded(
                entry.source,
                entry.game,
                entry.line,
                players,
                reason,
                invalid,
                round_ if round_ not in ("", "-") else "?",
                copy,
            )
            excluded.append((position, left))

        if not report.valid:
            problem = report.problems[0]
            more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
            leave_out(f"invalid: {problem.message}{more}", invalid=True)
            continue
        shares = parse_result(report.declared)
        if shares is None:
            leave_out("unfinished (*)")
            continue
        if any(not player or player in ("?", "-") for player in players):
            leave_out("a seat has no player named")
            continue
        if entry.moves:  # the same game submitted twice counts once
            key = entry.identity  # (one game: players, result, moves; as dedupe's)
            if key in seen:
                leave_out(f"submitted twice: the same game as {seen[key].where}", copy=True)
                continue
            seen[key] = entry
        round_ = (entry.tag("Round") or "").strip()
        termination = (entry.tag("Termination") or "").strip().lower()
        played.append(
            (
                position,
                Played(
                    round=round_ if round_ not in ("", "?", "-") else "?",
                    seats=entry.seats,
                    players=players,
                    shares=shares,
                    stones=report.scores or tuple(0 for _ in players),
                    forfeit=not entry.moves and termination == UNPLAYED_TERMINATION,
                    source=entry.source,
                    game=entry.game,
                ),
            )
        )
    played.sort(key=lambda item: item[0])
    excluded.sort(key=lambda item: item[0])
    return [game for _, game in played], [item for _, item in excluded]


@dataclass(frozen=True, slots=True)
class Cell:
    """A player's game in a round: opponents, seat, share of the result, points, and kind.

    ``kind`` is ``game``, ``forfeit`` or ``bye``.
    """

    round: str
    opponents: tuple[str, ...]
    seat: str
    share: Fraction
    points: Fraction
    kind: str


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: rank, points, games, wins/draws/losses, tie-break values, games."""

    rank: int
    name: str
    points: Fraction
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    tie_breaks: tuple[tuple[str, Fraction], ...]
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings of an event: who is where, by which rules, and what was left out."""

    event: str
    system: System
    scheme: str
    tie_breaks: tuple[str, ...]
    rounds: tuple[str, ...]
    players: tuple[Standing, ...]
    excluded: tuple[Excluded, ...]
    #: why ``system`` was chosen (:func:`recognise_system`), in words
    system_reason: str = ""
    #: a round robin's pairings with no game counted: not played (or not submitted), and
    #: played but not counted (unfinished, invalid: see ``excluded``), each a sorted pair
    unplayed: tuple[tuple[str, ...], ...] = ()
    uncounted: tuple[tuple[str, ...], ...] = ()


# -- tie-breaks ----------------------------------------------------------------

_Data = Mapping[str, list[Cell]]
_TieBreak = Callable[[str, _Data, Mapping[str, Fraction], Mapping[str, Fraction]], Fraction]


def _head_to_head(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    rivals = {other for other, score in points.items() if score == points[name] and other != name}
    return sum(
        (c.points for c in cells[name] if c.kind != "bye" and set(c.opponents) <= rivals),
        Fraction(0),
    )


def _wins(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    return Fraction(sum(1 for c in cells[name] if c.kind != "bye" and c.share == 1))


def _sonneborn_berger(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    return sum(
        (c.share * points[o] for c in cells[name] if c.kind != "bye" for o in c.opponents),
        Fraction(0),
    )


def _opponent_points(name: str, cells: _Data, points: Mapping[str, Fraction]) -> list[Fraction]:
    return [points[o] for c in cells[name] if c.kind != "bye" for o in c.opponents]


def _buchholz(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    return sum(_opponent_points(name, cells, points), Fraction(0))


def _median_buchholz(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    scores = sorted(_opponent_points(name, cells, points))
    return sum(scores[1:-1] if len(scores) >= 3 else scores, Fraction(0))


def _stones(
    name: str, cells: _Data, points: Mapping[str, Fraction], stones: Mapping[str, Fraction]
) -> Fraction:
    return stones[name]


#: The tie-breaks, by the name ``--tie-break`` takes (docs/desk.md defines each).
TIE_BREAKS: Mapping[str, _TieBreak] = {
    "head-to-head": _head_to_head,
    "wins": _wins,
    "sonneborn-berger": _sonneborn_berger,
    "buchholz": _buchholz,
    "median-buchholz": _median_buchholz,
    "stones": _stones,
}
#: The tie-breaks used when none are given, by the kind of event.
DEFAULT_TIE_BREAKS: Mapping[System, tuple[str, ...]] = {
    System.ROUND_ROBIN: ("head-to-head", "sonneborn-berger", "wins", "stones"),
    System.SWISS: ("buchholz", "median-buchholz", "head-to-head", "wins", "stones"),
}
SYSTEMS: tuple[str, ...] = ("auto", *(system.value for system in System))


def parse_tie_breaks(text: str) -> tuple[str, ...]:
    """A comma-separated list of tie-break names, checked."""
    names = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    for name in names:
        if name not in TIE_BREAKS:
            raise StandingsError(f'unknown tie-break "{name}" (known: {", ".join(TIE_BREAKS)})')
    return names


@dataclass(frozen=True, slots=True)
class SystemGuess:
    """The kind of event the pairings show, why (words for display), and a round
    robin's games missing."""

    system: System
    reason: str
    unplayed: tuple[tuple[str, ...], ...] = ()
    uncounted: tuple[tuple[str, ...], ...] = ()


def recognise_system(
    played: Sequence[Played], excluded: Sequence[Excluded] = (), system: str = "auto"
) -> SystemGuess:
    """The kind of event, from its pairings (``system`` other than ``auto``: that one, given).

    The pairings are those of every game submitted: counted, and left out as
    unfinished or invalid (a game was scheduled and sat down to); a copy of a game is
    not a pairing. With n players, an event is a round robin of c cycles when no two
    players met more than c times (c the most any two met) and its rounds are the
    rounds c cycles take: c(n-1) for an even n, cn for an odd n (each player sits out
    one round a cycle, so byes are allowed only then). Without round numbers, when
    every two players met c times. Otherwise it is a Swiss event; the reason says
    which condition failed. A round robin's pairings with no counted game are
    returned: not played yet, or played and not counted.
    """
    counted: Counter[tuple[str, str]] = Counter()
    for game in played:
        counted.update(pairs_of(game.players))
    submitted = [(game.round, game.players) for game in played] + [
        (item.round, item.players) for item in excluded if not item.copy and all(item.players)
    ]
    seen = tally(submitted)
    pairings = seen.pairings
    n, cycles = len(seen.players), seen.cycles
    every = n * (n - 1) // 2
    chosen, reason = _system_reason(n, cycles, set(seen.rounds), pairings, seen.bye)
    if system != "auto":
        chosen = System(system)
        reason = f"given with --system ({reason})"
    if chosen is not System.ROUND_ROBIN:
        return SystemGuess(chosen, reason)
    missing = missing_pairings(seen, counted)
    unplayed = tuple((a, b) for a, b in missing if pairings[a, b] <= counted[a, b])
    uncounted = tuple((a, b) for a, b in missing if pairings[a, b] > counted[a, b])
    if missing:
        parts = [f"{len(unplayed)} not played yet: {_named(seen, unplayed)}"] if unplayed else []
        parts += [f"{len(uncounted)} played and not counted"] if uncounted else []
        reason += f"; {len(missing)} of {every * max(cycles, 1)} games missing ({', '.join(parts)})"
    return SystemGuess(chosen, reason, unplayed, uncounted)


#: How many games not played yet the system line names (the rest: "and N more").
NAMED_MISSING = 5


def _named(seen: Tally, pairs: Sequence[tuple[str, ...]]) -> str:
    """Games not played yet, for the system line: ``A v B (round 3)``, the round each
    belongs to (the rounds neither player played, when more than one fits)."""
    named = []
    for a, b in pairs[:NAMED_MISSING]:
        rounds = free_rounds(seen, (a, b))
        where = (
            f" (round {rounds[0]})"
            if len(rounds) == 1
            else f" (one of rounds {', '.join(rounds)})"
            if rounds
            else ""
        )
        named.append(f"{a} v {b}{where}")
    more = len(pairs) - NAMED_MISSING
    return "; ".join(named) + (f"; and {more} more" if more > 0 else "")


def detect_system(played: Sequence[Played], excluded: Sequence[Excluded] = ()) -> System:
    """``round-robin`` or ``swiss``, as :func:`recognise_system` recognises the event."""
    return recognise_system(played, excluded).system


def _cells(
    played: Sequence[Played], scheme: PointScheme
) -> tuple[dict[str, list[Cell]], dict[str, Fraction]]:
    """Each player's crosstable cells in round order (games, forfeits and byes, with the
    points each share is worth), and each one's stones captured less stones conceded."""
    cells: dict[str, list[Cell]] = defaultdict(list)
    stones: dict[str, Fraction] = defaultdict(Fraction)
    for game in sorted(played, key=lambda g: round_key(g.round)):
        for seat_index, player in enumerate(game.players):
            if is_bye(player):
                continue
            others = tuple(p for i, p in enumerate(game.players) if i != seat_index)
            share = game.shares[seat_index]
            kind = "bye" if game.bye else "forfeit" if game.forfeit else "game"
            opponents = tuple(o for o in others if not is_bye(o))
            cells[player].append(
                Cell(
                    game.round, opponents, game.seats[seat_index], share, scheme.points(share), kind
                )
            )
            if kind == "game":
                captured = game.stones[seat_index] if seat_index < len(game.stones) else 0
                conceded = sum(s for i, s in enumerate(game.stones) if i != seat_index)
                stones[player] += captured - conceded
    return cells, stones


def _standing(
    rank: int,
    name: str,
    points: Fraction,
    tie_breaks: tuple[tuple[str, Fraction], ...],
    cells: list[Cell],
) -> Standing:
    """A player's line: rank, points, games won, drawn and lost, byes, tie-breaks, cells."""
    games = [c for c in cells if c.kind != "bye"]
    wins = sum(1 for c in games if c.share == 1)
    losses = sum(1 for c in games if c.share == 0)
    return Standing(
        rank=rank,
        name=name,
        points=points,
        games=len(games),
        wins=wins,
        draws=len(games) - wins - losses,
        losses=losses,
        byes=len(cells) - len(games),
        tie_breaks=tie_breaks,
        cells=tuple(cells),
    )


def compute_standings(
    played: Sequence[Played],
    excluded: Sequence[Excluded] = (),
    *,
    scheme: PointScheme | None = None,
    tie_breaks: Sequence[str] | None = None,
    system: str = "auto",
    event: str = "",
    aliases: Mapping[str, str] | None = None,
) -> Standings:
    """Points, tie-breaks and ranks of every player of the counted games.

    ``aliases`` (a suspect spelling to the name it probably is:
    :func:`notation.desk.event.name_aliases`) changes no count: when the event is
    a Swiss event as written and a round robin with those names read as one, the
    reason says so."""
    scheme = scheme or PointScheme()
    guess = recognise_system(played, excluded, system)
    if aliases and system == "auto" and guess.system is System.SWISS:
        renamed = recognise_system(
            [replace(g, players=tuple(aliases.get(p, p) for p in g.players)) for g in played],
            [replace(e, players=tuple(aliases.get(p, p) for p in e.players)) for e in excluded],
        )
        if renamed.system is System.ROUND_ROBIN:
            read = ", ".join(f'"{a}" as "{b}"' for a, b in sorted(aliases.items()))
            guess = replace(
                guess,
                reason=f"{guess.reason}; with {read} (similar-names) it is a round robin: "
                "write each name one way",
            )
    order = tuple(tie_breaks) if tie_breaks is not None else DEFAULT_TIE_BREAKS[guess.system]
    cells, stones = _cells(played, scheme)
    points = {name: sum((c.points for c in games), Fraction(0)) for name, games in cells.items()}
    values = {
        name: tuple((tb, TIE_BREAKS[tb](name, cells, points, stones)) for tb in order)
        for name in cells
    }

    def key(name: str) -> tuple[Fraction, ...]:
        return (-points[name], *(-value for _, value in values[name]))

    ranked = sorted(cells, key=lambda name: (key(name), name))
    standings: list[Standing] = []
    for position, name in enumerate(ranked, start=1):
        tied = standings and key(ranked[position - 2]) == key(name)
        rank = standings[-1].rank if tied else position
        standings.append(_standing(rank, name, points[name], values[name], cells[name]))
    rounds = tuple(sorted({g.round for g in played}, key=round_key))
    return Standings(
        event,
        guess.system,
        str(scheme),
        order,
        rounds,
        tuple(standings),
        tuple(excluded),
        guess.reason,
        guess.unplayed,
        guess.uncounted,
    )


# -- writing -------------------------------------------------------------------


def format_points(value: Fraction) -> str:
    """Points as people write them: ``3``, ``3½``, ``½``, ``2 1/3``, ``-4``."""
    if value.denominator == 1:
        return str(value.numerator)
    whole, part = divmod(value, 1)
    if part == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return f"{whole} {part}" if whole else str(part)


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


def _result_mark(cell: Cell) -> str:
    if cell.kind == "forfeit":
        return "+" if cell.share == 1 else "-" if cell.share == 0 else "="
    return format_points(cell.share)


def crosstable_view(standings: Standings) -> str:
    """``players`` (a column per opponent) for a round robin, ``rounds`` otherwise."""
    return "players" if standings.system is System.ROUND_ROBIN else "rounds"


def _tied(standings: Standings) -> set[str]:
    """The players who share their rank with another (tied on points and every tie-break)."""
    ranks = Counter(s.rank for s in standings.players)
    return {s.name for s in standings.players if ranks[s.rank] > 1}


def crosstable_rows(
    standings: Standings, view: str | None = None
) -> tuple[list[str], list[list[str]]]:
    """The crosstable as a header and rows of strings.

    The first column, ``#``, is the line's number, by which the cells name
    players; ``=`` after it marks players tied on points and every tie-break
    (they share the rank of the first of them). ``rounds`` view: a column per
    round; a cell is the opponents' numbers, the player's seat initial and the
    result (``4S1``: against number 4, in seat South, won; ``+``/``-`` a forfeit
    won/lost; ``bye1`` a bye worth 1). ``players`` view: a column per player by
    number; a cell holds the seat initials and results against that player (``S1
    N½`` for two games), ``?`` for a game not played yet and ``*`` for one played
    and not counted (:func:`crosstable_legend` says it in words).
    """
    view = view or crosstable_view(standings)
    number = {s.name: str(index) for index, s in enumerate(standings.players, start=1)}
    tied = _tied(standings)
    missing = {pair: "?" for pair in standings.unplayed}
    missing.update({pair: "*" for pair in standings.uncounted})
    tie_names = list(standings.tie_breaks)
    header = ["#", "name", "points", *tie_names]
    columns = list(standings.rounds) if view == "rounds" else list(number.values())
    header += [f"R{c}" for c in columns] if view == "rounds" else columns
    rows: list[list[str]] = []
    for standing in standings.players:
        row = [
            number[standing.name] + ("=" if standing.name in tied else ""),
            standing.name,
            format_points(standing.points),
            *(format_points(value) for _, value in standing.tie_breaks),
        ]
        by_column = _cells_by_column(standing, view, number, missing)
        for column in columns:
            if view == "players" and column == number[standing.name]:
                row.append("x")
            else:
                row.append(" ".join(by_column.get(column, [])))
        rows.append(row)
    return header, rows


def _cells_by_column(
    standing: Standing, view: str, number: dict[str, str], missing: dict[tuple[str, ...], str]
) -> dict[str, list[str]]:
    """One player's crosstable cells by column: by round (``rounds`` view), or by the
    opponent's number (``players`` view, with ``?``/``*`` for games missing)."""
    by_column: dict[str, list[str]] = defaultdict(list)
    for cell in standing.cells:
        if view == "rounds":
            if cell.kind == "bye":
                text = f"bye{format_points(cell.share)}"
            else:
                text = ",".join(number[o] for o in cell.opponents)
                text += f"{cell.seat[:1]}{_result_mark(cell)}"
            by_column[cell.round].append(text)
        elif cell.kind != "bye":
            for opponent in cell.opponents:
                by_column[number[opponent]].append(f"{cell.seat[:1]}{_result_mark(cell)}")
    if view == "players":
        for (a, b), mark in missing.items():
            other = b if a == standing.name else a if b == standing.name else None
            if other is not None and other in number:
                by_column[number[other]].append(mark)
    return by_column


def crosstable_legend(standings: Standings, view: str | None = None) -> list[str]:
    """What the crosstable's cells mean, a line each, for the marks the table uses."""
    view = view or crosstable_view(standings)
    cells = [c for s in standings.players for c in s.cells]
    order = ("South", "North", "White", "Black", "Red")
    seats = sorted(
        {c.seat for c in cells if c.kind != "bye"},
        key=lambda seat: (order.index(seat) if seat in order else len(order), seat),
    )
    meaning = (
        f"the seat held ({', '.join(f'{seat[:1]} {seat}' for seat in seats)}) "
        "and the result (1 won, 0 lost, ½ drawn)"
    )
    first = seats[0][:1] if seats else "S"
    lines = ["#: the line's number, by which the cells name the players"]
    if _tied(standings):
        lines.append("= after a number: tied on points and every tie-break (one rank)")
    if view == "rounds":
        lines.append(f"4{first}1: against number 4; {meaning}")
    else:
        lines.append(f"{first}1: a game against the column's player; {meaning}")
        lines.append("x: the player's own column")
    if any(c.kind == "forfeit" for c in cells):
        lines.append("+ / -: a forfeit won / lost (a game not played, awarded)")
    if any(c.kind == "bye" for c in cells):
        lines.append("bye1: a bye, worth the points after it")
    if view == "players" and standings.unplayed:
        lines.append("?: not played yet (no game submitted)")
    if view == "players" and standings.uncounted:
        lines.append("*: played and not counted (see Not counted)")
    return lines


def standings_text(standings: Standings, view: str | None = None) -> str:
    """The standings and crosstable as an aligned table, then the games left out.

    Text for a terminal: every name, source and reason is terminal text
    (:func:`notation.render.sinks.terminal_text`), so an escape in a name is shown, not obeyed.
    """
    header, rows = crosstable_rows(standings, view)
    header = [terminal_text(value) for value in header]
    rows = [[terminal_text(value) for value in row] for row in rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    title = terminal_text(standings.event) or "Standings"
    lines.append(
        f"{title}: {standings.system}, points {standings.scheme}, "
        f"tie-breaks: {', '.join(standings.tie_breaks) or 'none'}"
    )
    if standings.system_reason:
        lines.append(f"System: {terminal_text(standings.system_reason)}")
    for row in [header, *rows]:
        cells = [
            value.ljust(widths[i]) if i in (0, 1) else value.rjust(widths[i])
            for i, value in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.append("Cells:")
    lines += [f"  {item}" for item in crosstable_legend(standings, view)]
    if standings.excluded:
        lines.append("Not counted:")
        for item in standings.excluded:
            where = f"{item.source}:{item.line}" if item.line else item.source
            players = " v ".join(item.players) or "?"
            lines.append(terminal_text(f"  {where}: game {item.game} ({players}): {item.reason}"))
    return "\n".join(lines) + "\n"


_INTEGER_RE = re.compile(r"-?[0-9]+")


def standings_csv(standings: Standings, view: str | None = None) -> str:
    """The standings and crosstable as CSV: a header row and a row per player, every row
    ending with the system assumed and why (columns ``system`` and ``system reason``), so
    that every row of the file is a row of the table.

    Every text cell is guarded against formulas (:func:`notation.render.sinks.csv_cell`);
    points and tie-break values are written as numbers a spreadsheet sums and sorts
    (``4.5``, ``11.25``, ``-4``), as the JSON form writes them, not as people write
    them (``4½``, ``11 1/4``: the text and HTML tables).
    """
    header, rows = crosstable_rows(standings, view)
    system = [standings.system, standings.system_reason]
    return csv_text(
        [
            [*header, "system", "system reason"],
            *(
                [
                    int(row[0]) if _INTEGER_RE.fullmatch(row[0]) else row[0],
                    row[1],
                    _number(standing.points),
                    *(_number(value) for _, value in standing.tie_breaks),
                    *row[3 + len(standing.tie_breaks) :],
                    *system,
                ]
                for standing, row in zip(standings.players, rows, strict=True)
            ),
        ]
    )


def standings_json(standings: Standings) -> dict[str, Any]:
    """The standings as the object of ``schemas/standings.schema.json``."""
    return {
        "event": standings.event,
        "system": standings.system,
        "system_reason": standings.system_reason,
        "unplayed": [
            {"players": list(pair), "status": status}
            for status, pairs in (
                ("not played", standings.unplayed),
                ("not counted", standings.uncounted),
            )
            for pair in pairs
        ],
        "points": standings.scheme,
        "tie_breaks": list(standings.tie_breaks),
        "rounds": list(standings.rounds),
        "players": [
            {
                "rank": s.rank,
                "name": s.name,
                "points": _number(s.points),
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "byes": s.byes,
                "tie_breaks": {name: _number(value) for name, value in s.tie_breaks},
                "rounds": [
                    {
                        "round": c.round,
                        "opponents": list(c.opponents),
                        "seat": c.seat,
                        "result": _number(c.share),
                        "points": _number(c.points),
                        "kind": c.kind,
                    }
                    for c in s.cells
                ],
            }
            for s in standings.players
        ],
        "excluded": [
            {
                "source": e.source,
                "game": e.game,
                "line": e.line,
                "players": list(e.players),
                "reason": e.reason,
                "invalid": e.invalid,
            }
            for e in standings.excluded
        ],
    }


#: The tie-breaks' names as people write them, for the headers of pages.
TIE_BREAK_TITLES: Mapping[str, str] = {
    "head-to-head": "Head-to-head",
    "wins": "Wins",
    "sonneborn-berger": "Sonneborn-Berger",
    "buchholz": "Buchholz",
    "median-buchholz": "Median Buchholz",
    "stones": "Stones",
}
#: Crosstable cells' game pages, by (round, player, seat, opponents): each cell of a
#: player's game links to the next page of its key (:func:`standings_table_html`).
CellLinks = Mapping[tuple[str, str, str, tuple[str, ...]], Sequence[str]]


def _tie_break_title(name: str) -> str:
    return TIE_BREAK_TITLES.get(name, name)


def _cell_pages(
    standing: Standing, view: str, number: Mapping[str, str], links: CellLinks
) -> dict[str, list[str | None]]:
    """A player's game pages by crosstable column, in the order of the column's cells
    (:func:`_cells_by_column`), None for a cell with no page (a bye, a forfeit)."""
    used: Counter[tuple[str, str, str, tuple[str, ...]]] = Counter()
    pages: dict[str, list[str | None]] = defaultdict(list)
    for cell in standing.cells:
        key = (cell.round, standing.name, cell.seat, cell.opponents)
        found = links.get(key, ())
        page = found[used[key]] if cell.kind == "game" and used[key] < len(found) else None
        used[key] += cell.kind == "game"
        if view == "rounds":
            pages[cell.round].append(page)
        elif cell.kind != "bye":
            for opponent in cell.opponents:
                pages[number[opponent]].append(page)
    return pages


def standings_table_html(
    standings: Standings, view: str | None = None, *, links: CellLinks | None = None
) -> str:
    """The crosstable as an HTML ``<table>`` in a box that scrolls sideways on a narrow
    screen, for pages that hold it: escaped, each player's name isolated
    (:func:`notation.render.sinks.html_name`), columns named as people name them
    (``Sonneborn-Berger``), and with ``links`` each game's cell a link to its page."""
    view = view or crosstable_view(standings)
    header, rows = crosstable_rows(standings, view)
    fixed = 3 + len(standings.tie_breaks)  # then a column per round (R and its name) or player
    titles = ["#", "Name", "Points", *(_tie_break_title(n) for n in standings.tie_breaks)]
    parts = ['<div class="scroll"><table class="standings">', "<thead><tr>"]
    parts += [f"<th>{html_text(h)}</th>" for h in titles]
    if view == "rounds":
        parts += [f"<th>R{html_name(round_)}</th>" for round_ in standings.rounds]
    else:
        parts += [f"<th>{html_text(h)}</th>" for h in header[fixed:]]
    parts.append("</tr></thead><tbody>")
    number = {s.name: str(index) for index, s in enumerate(standings.players, start=1)}
    columns = list(standings.rounds) if view == "rounds" else list(number.values())
    missing = {pair: "?" for pair in standings.unplayed}
    missing.update({pair: "*" for pair in standings.uncounted})
    for standing, row in zip(standings.players, rows, strict=True):
        parts.append("<tr>")
        parts += [
            f'<td class="name">{html_name(v)}</td>' if i == 1 else f"<td>{html_text(v)}</td>"
            for i, v in enumerate(row[:fixed])
        ]
        pages = _cell_pages(standing, view, number, links or {})
        texts = _cells_by_column(standing, view, number, missing)
        for column, value in zip(columns, row[fixed:], strict=True):
            shown = texts.get(column, [])
            linked = pages.get(column, [])
            if not any(linked) or len(shown) < len(linked):
                parts.append(f"<td>{html_text(value)}</td>")
                continue
            cells = [
                f'<a href="{html_text(page)}">{html_text(text)}</a>' if page else html_text(text)
                for text, page in zip(shown, [*linked, *[None] * len(shown)], strict=False)
            ]
            parts.append(f"<td>{' '.join(cells)}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table></div>")
    return "".join(parts)


def standings_about_html(standings: Standings, view: str | None = None) -> str:
    """The system assumed and why, the points and tie-breaks, and the legend of the
    crosstable's cells, as HTML to put beside :func:`standings_table_html`."""
    legend = "".join(f"<li>{html_text(item)}</li>" for item in crosstable_legend(standings, view))
    tie_breaks = ", ".join(_tie_break_title(name) for name in standings.tie_breaks) or "none"
    return (
        f'<p class="system">{html_text(standings.system_reason or str(standings.system))}; '
        f"points: {html_text(standings.scheme)}; "
        f"tie-breaks: {html_text(tie_breaks)}</p>"
        f'<ul class="legend">{legend}</ul>'
    )


def excluded_html(item: Excluded, *, source: bool = True) -> str:
    """A game left out, as an HTML list item's content: its round, its file (with
    ``source``), game, players and reason, each value from the record isolated."""
    players = " v ".join(html_name(p) for p in item.players) or "?"
    where = f"{html_name(item.source)}, game {item.game}, " if source else ""
    return f"{where}round {html_name(item.round)} ({players}): {html_name(item.reason)}"


def leader_html(standings: Standings) -> str:
    """The line that names the leader (HTML, the name isolated), "" when there is none."""
    if not standings.players:
        return ""
    leader = standings.players[0]
    return (
        f'<p class="leader">Leader: {html_name(leader.name)}, '
        f"{format_points(leader.points)} points</p>"
    )


def standings_html(standings: Standings, view: str | None = None) -> str:
    """A standalone HTML page: the leader, the standings and crosstable, and the games
    left out, in the design of the event's site (:func:`notation.render.html.site_page`,
    its style held in the page).

    Every text from a record is escaped, and every name or value isolated
    (``<bdi>``; FSI/PDI in the title): a right-to-left override in a name
    reverses nothing around it.
    """
    from notation.render.html import site_page  # the page shell; imported when a page is made

    title = html_isolated(standings.event) if standings.event else "Standings"
    heading = html_name(standings.event) if standings.event else "Standings"
    body = [f"<h1>{heading}</h1>", leader_html(standings)]
    body += [standings_table_html(standings, view), standings_about_html(standings, view)]
    if standings.excluded:
        body.append('<h2>Not counted</h2><ul class="excluded">')
        body += [f"<li>{excluded_html(e)}</li>" for e in standings.excluded]
        body.append("</ul>")
    return site_page(title, [part for part in body if part], stylesheet=None)


__all__ = [
    "DEFAULT_TIE_BREAKS",
    "SYSTEMS",
    "TIE_BREAKS",
    "TIE_BREAK_TITLES",
    "UNPLAYED_TERMINATION",
    "Cell",
    "CellLinks",
    "Excluded",
    "Played",
    "PointScheme",
    "Standing",
    "Standings",
    "StandingsError",
    "System",
    "SystemGuess",
    "collect",
    "compute_standings",
    "crosstable_legend",
    "crosstable_rows",
    "crosstable_view",
    "detect_system",
    "excluded_html",
    "format_points",
    "is_bye",
    "leader_html",
    "parse_scheme",
    "parse_tie_breaks",
    "recognise_system",
    "round_key",
    "standings_about_html",
    "standings_csv",
    "standings_html",
    "standings_json",
    "standings_table_html",
    "standings_text",
]
