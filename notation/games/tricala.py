"""Tricala: a triangle of 21 pits, 2 or 3 players, multi-lap sowing in straight lines.

Seeds 000/003 give Myles Wallace's rules (2011); rulings T1-T12 in
``shared/RULINGS.md`` settle the open points. ``docs/tricala.md`` is the
chapter of the notation specification that goes with this module.

Board (T1), with the index each pit has here::

                      1a                          0
                    2a  2b                       1  2
                  3a  3b  3c                    3  4  5
                4a  4b  4c  4d                 6  7  8  9
              5a  5b  5c  5d  5e             10 11 12 13 14
            6a  6b  6c  6d  6e  6f          15 16 17 18 19 20

Pit (r, c) has the neighbours E (r, c+1), W (r, c-1), NE (r-1, c),
NW (r-1, c-1), SE (r+1, c+1) and SW (r+1, c). Corners: ``1a``, ``6a``, ``6f``.

A pit's contents are packed into one int, five bits per colour (White in
bits 0-4, Black 5-9, Red 10-14): no colour ever has more than 9 stones, and
the packed sum of the whole board still fits (at most 27 per colour), so
``sum(board)`` gives every colour's total at once.

Moves are :class:`Placement` (set-up, T3) and :class:`Sowing` (T4-T7). Two
sowings are *the same move* when they start from the same pit, drop their
stones into the same pits in the same sequence (the same *path*) and leave
the same board and the same capture: the stone orders chosen on the way are
then a matter of notation, not of play (see ``docs/tricala.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise, product

from notation.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)

NAMES = ("tricala",)

SEATS = ("White", "Black", "Red")  # ruling T2: turn order, White first
COLOURS = "WBR"  # ruling T2: colour letter of each seat
STONES_EACH = 9  # ruling T2
SETUP_STONES = 3  # ruling T3: stones placed per set-up turn
CAPTURE_TARGET = 9  # ruling T8(a)
TIE_RULES = ("default", "draw", "opponent")  # ruling T9

#: Ruling T11: the most laps a move may have while enumerating or matching moves.
#: A move that would need more raises :class:`LapLimitError` instead of hanging.
LAP_LIMIT = 64
#: How many legal moves an error lists (as short forms) at most.
LEGAL_LIST_LIMIT = 24
#: How many telling-apart tokens an AmbiguousMoveError carries at most.
CANDIDATE_LIMIT = 12
#: format_move tries every shortening of the long form when there are at most
#: this many; beyond, it drops parts of the long form one at a time (greedy).
SHORTENING_LIMIT = 256

# -- board geometry (ruling T1) -------------------------------------------
ROWS = 6
PITS = 21
PIT_NAMES: tuple[str, ...] = tuple(
    f"{row}{'abcdef'[col]}" for row in range(1, ROWS + 1) for col in range(row)
)
PIT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PIT_NAMES)}
COORDS: tuple[tuple[int, int], ...] = tuple(
    (row, col) for row in range(1, ROWS + 1) for col in range(1, row + 1)
)
CORNERS = (PIT_INDEX["1a"], PIT_INDEX["6a"], PIT_INDEX["6f"])  # ruling T1
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # index d; opposite is (d + 3) % 6
STEPS = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0), (1, 1))  # ruling T1: (dr, dc)


def pit_at(row: int, col: int) -> int:
    """The index of pit (row, col), or -1 off the board (T1)."""
    if 1 <= row <= ROWS and 1 <= col <= row:
        return row * (row - 1) // 2 + col - 1
    return -1


def neighbour(pit: str, direction: str) -> str | None:
    """The pit next to ``pit`` in a direction (``E``, ``NE``...), None off the board (T1)."""
    found = _NEXT[PIT_INDEX[pit] * 6 + DIRECTIONS.index(direction)]
    return PIT_NAMES[found] if found >= 0 else None


def opposite(direction: int) -> int:
    """The exact reverse of a direction: E/W, NE/SW, NW/SE (T1)."""
    return (direction + 3) % 6


def _build_next() -> tuple[int, ...]:
    table = []
    for row, col in COORDS:
        for dr, dc in STEPS:
            table.append(pit_at(row + dr, col + dc))
    return tuple(table)


#: ``_NEXT[pit * 6 + d]``: the neighbour of ``pit`` in direction d, -1 off the board.
_NEXT = _build_next()
#: ``_TURNS[pit * 6 + d]``: where the sowing may turn when the pit after ``pit``
#: in direction d is off the board: every direction that stays on the board
#: except the exact reverse (ruling T5). Empty when no turn is needed.
_TURNS: tuple[tuple[int, ...], ...] = tuple(
    ()
    if _NEXT[pit * 6 + d] >= 0
    else tuple(t for t in range(6) if t != d and t != opposite(d) and _NEXT[pit * 6 + t] >= 0)
    for pit in range(PITS)
    for d in range(6)
)


def _build_lines() -> tuple[int, ...]:
    table = [-1] * (PITS * PITS)
    for a, (row, col) in enumerate(COORDS):
        for d, (dr, dc) in enumerate(STEPS):
            r, c = row + dr, col + dc
            while pit_at(r, c) >= 0:
                table[a * PITS + pit_at(r, c)] = d
                r, c = r + dr, c + dc
    return tuple(table)


#: ``_LINE[a * 21 + b]``: the direction from ``a`` straight to ``b``, -1 if not in line.
_LINE = _build_lines()

# -- stones: five bits per colour in one int -------------------------------
_BITS = 5
_UNIT = (1, 1 << _BITS, 1 << 2 * _BITS)
_OWN = (31, 31 << _BITS, 31 << 2 * _BITS)


def unpack(pit: int) -> tuple[int, int, int]:
    """A packed pit's stones per colour: (White, Black, Red)."""
    return (pit & 31, (pit >> _BITS) & 31, (pit >> 2 * _BITS) & 31)


def pack(counts: Sequence[int]) -> int:
    """Pack stones per colour (White, Black, Red) into one int."""
    return sum(n << _BITS * i for i, n in enumerate(counts))


@lru_cache(maxsize=8192)
def stone_count(pit: int) -> int:
    """How many stones a packed pit holds, of every colour (memoised: pits repeat)."""
    return sum(unpack(pit))


def _format_pit(pit: int) -> str:
    """``W2B1`` style: each colour present with its count; empty is ``-``."""
    if not pit:
        return "-"
    return "".join(f"{COLOURS[i]}{n}" for i, n in enumerate(unpack(pit)) if n)


@lru_cache(maxsize=4096)
def _small_orders(counts: tuple[int, int, int]) -> tuple[tuple[int, ...], ...]:
    return tuple(_iter_orders(list(counts)))


def _iter_orders(counts: list[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of a multiset of colours, in lexicographic order (W < B < R)."""
    total = sum(counts)
    if total == 0:
        yield ()
        return
    for colour in range(3):
        if counts[colour]:
            counts[colour] -= 1
            for rest in _iter_orders(counts):
                yield (colour, *rest)
            counts[colour] += 1


def _orders(pit: int) -> Sequence[tuple[int, ...]] | Iterator[tuple[int, ...]]:
    counts = unpack(pit)
    if sum(counts) <= 10:
        return _small_orders(counts)
    return _iter_orders(list(counts))  # big mixed pits: lazily, never materialised


def _order_text(order: Sequence[int]) -> str:
    return "".join(COLOURS[c] for c in order)


class _Rejected(Exception):
    """A sowing token that cannot fit any move, found before searching (reason, code)."""

    def __init__(self, reason: str, code: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class LapLimitError(MoveError):
    """A move would need more than the lap limit (T11) to be enumerated or matched."""

    code = "lap-limit"


# -- values ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TricalaPosition:
    """A Tricala position.

    ``board`` holds the 21 pits (index order of the module docstring), each
    packed five bits per colour (see :func:`unpack`). ``captured`` and
    ``hand`` are per seat (stones captured, T7; stones still to place in the
    set-up, T3). ``mover`` is the seat that made the last sowing move (T9's
    ``tie=opponent`` needs it), or None when unknown.
    """

    board: tuple[int, ...]
    captured: tuple[int, ...]
    hand: tuple[int, ...]
    to_move: int
    turn: int = 0
    mover: int | None = None

    @property
    def in_setup(self) -> bool:
        """Whether the set-up phase is still running (T3)."""
        return any(self.hand)

    def stones(self, pit: str | int) -> tuple[int, int, int]:
        """Stones per colour (White, Black, Red) in a pit, by name or index."""
        return unpack(self.board[pit if isinstance(pit, int) else PIT_INDEX[pit]])


@dataclass(frozen=True, slots=True)
class Placement:
    """A set-up move: three pit indices, sorted (T3)."""

    pits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sowing:
    """A sowing move (T4-T7).

    ``path`` lists every pit that receives a stone, in sowing order (the
    origin is not in it unless the sowing comes back to it); ``board`` and
    ``gain`` are the pits after the move and the stones it captures.
    ``pickups`` (origin first, then every relay pit) with the stone order
    sown from each is one choice sequence that makes this move; it takes no
    part in equality, since orders that end in the same board are the same
    move.
    """

    origin: int
    path: tuple[int, ...]
    board: tuple[int, ...]
    gain: int
    pickups: tuple[tuple[int, tuple[int, ...]], ...] = field(default=(), compare=False)

    @property
    def captures(self) -> bool:
        return self.gain > 0


TricalaMove = Placement | Sowing


@dataclass(frozen=True, slots=True)
class _Guide:
    """A sowing token compiled for the guided search.

    ``pits[j]``/``orders[j]`` are the waypoints after the origin (the last is
    the final pit); ``lines[j]`` is the direction from the pit listed before
    straight to ``pits[j]``, or -1 when they are not in line (the stretch
    between them is then free). ``capture`` None means "either".
    """

    origin: int
    origin_order: tuple[int, ...] | None
    pits: tuple[int, ...]
    orders: tuple[tuple[int, ...] | None, ...]
    lines: tuple[int, ...]
    capture: bool | None


@dataclass(frozen=True, slots=True)
class _Fit:
    path: tuple[int, ...]
    board: tuple[int, ...]
    gain: int
    pickups: tuple[tuple[int, tuple[int, ...]], ...]


_State = tuple[int, tuple[int, ...] | None]  # waypoints matched, order the next pickup needs

_PIT = r"[1-6][a-f]"
_SETUP_RE = re.compile(rf"({_PIT})\+({_PIT})\+({_PIT})")
_SOWING_RE = re.compile(rf"({_PIT})(?:\[([A-Za-z]*)\])?((?:[-x]{_PIT}(?:\[[A-Za-z]*\])?)+)")
_STEP_RE = re.compile(rf"([-x])({_PIT})(?:\[([A-Za-z]*)\])?")
_TOKEN_SHAPE = re.compile(r"[1-6][a-f][A-Za-z0-9+\-\[\]x]*")


def _did_you_mean(name: str) -> str:
    """Suggestions for a pit name that does not exist, like ``4e``."""
    row, letter = int(name[0]), name[1]
    col = "abcdef".index(letter) + 1
    near = [f"{r}{letter}" for r in range(col, ROWS + 1)][:2]
    last = f"{row}{'abcdef'[row - 1]}"
    choices = ", ".join([last, *near])
    return f"there is no pit {name}: row {row} has pits {row}a-{last} (did you mean {choices}?)"


@lru_cache(maxsize=4096)
def _achievers(
    board: tuple[int, ...], captured: tuple[int, ...], players: int
) -> tuple[tuple[int, str], ...]:
    """Every seat that meets a winning condition (T8) on this board, with the reason.

    A pure function of the board and captures, memoised: the validator asks
    before each move and after the last.
    """
    totals = unpack(sum(board))
    found: list[tuple[int, str]] = []
    for seat in range(players):
        if captured[seat] >= CAPTURE_TARGET:  # ruling T8(a)
            found.append((seat, f"{SEATS[seat]} captured {captured[seat]} stones"))
            continue
        on_board = totals[seat]
        if not on_board:  # ruling T8(b): with no stones it cannot win by corners
            continue
        mask = _OWN[seat]
        held = [
            c for c in CORNERS if 2 * ((board[c] & mask) >> _BITS * seat) > stone_count(board[c])
        ]
        needed = min(on_board, 3)  # ruling T8(b): min(k, 3) corners
        if len(held) >= needed:
            names = " ".join(PIT_NAMES[c] for c in held)
            found.append(
                (
                    seat,
                    f"{SEATS[seat]} controls {len(held)} corner{'s' * (len(held) > 1)} "
                    f"({names}) with {on_board} stone{'s' * (on_board > 1)} on the board",
                )
            )
    return tuple(found)


@dataclass(frozen=True, slots=True)
class TricalaVariant(Variant[TricalaPosition, TricalaMove]):
    """Tricala for ``players`` (2 or 3, T2); options ``tie`` (T9) and ``capturer-stays`` (T6)."""

    players: int = 2
    tie: str = "default"
    capturer_stays: bool = False
    lap_limit: int = LAP_LIMIT

    game = "Tricala"

    names = ("Tricala",)
    board = "triangle"
    seat_counts = (2, 3)
    drawing = "notation.svg:tricala_svg"

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> TricalaVariant:
        return variant_from_tags(game, rules, tags)

    @property
    def seats(self) -> tuple[str, ...]:  # type: ignore[override]
        return SEATS[: self.players]

    @property
    def rules(self) -> str:  # type: ignore[override]
        words = ["tricala"]
        if self.tie != "default":
            words.append(f"tie={self.tie}")
        if self.capturer_stays:
            words.append("capturer-stays")
        return " ".join(words)

    # -- positions -------------------------------------------------------
    def initial_position(self) -> TricalaPosition:
        # ruling T2: 9 stones each, in hand; ruling T3: the set-up starts, White first
        n = self.players
        return TricalaPosition((0,) * PITS, (0,) * n, (STONES_EACH,) * n, 0, 0)

    def parse_position(self, text: str) -> TricalaPosition:
        """Read ``<pits> <captured> <hand> <mover>`` (see ``docs/tricala.md``).

        ``<pits>``: rows 1-6 separated by ``/``, pits in a row by ``,``, each
        pit ``-`` or colour letters with counts (``W2B1``; a count of 1 may be
        left out). ``<captured>`` and ``<hand>``: one number per seat joined
        by ``-``. ``<mover>``: ``W``, ``B`` or ``R``. Example (T12):
        ``B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W``.
        """
        n = self.players
        example = "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"

        def bad(why: str) -> PositionError:
            return PositionError(f'bad Tricala position "{text}": {why} (e.g. "{example}")')

        fields = text.split()
        if len(fields) != 4:
            raise bad("expected 4 fields: pits, captured, hand, player to move")
        rows = fields[0].split("/")
        if len(rows) != ROWS:
            raise bad(f"expected {ROWS} rows separated by /, found {len(rows)}")
        board: list[int] = []
        for number, row in enumerate(rows, 1):
            cells = row.split(",")
            if len(cells) != number:
                raise bad(f"row {number} needs {number} pits, found {len(cells)}")
            for cell in cells:
                board.append(self._parse_pit(cell, bad))
        captured = self._parse_numbers(fields[1], "captured", bad)
        hand = self._parse_numbers(fields[2], "hand", bad)
        if fields[3] not in COLOURS[:n]:
            raise bad(f"player to move must be one of {', '.join(COLOURS[:n])}")
        to_move = COLOURS.index(fields[3])
        totals = unpack(sum(board))
        for seat in range(n):
            if totals[seat] + hand[seat] > STONES_EACH:
                raise bad(
                    f"{SEATS[seat]} has more than {STONES_EACH} stones on the board and in hand"
                )
        if sum(board) and any(totals[n:]):
            raise bad("stones of a colour nobody plays")
        if sum(totals) + sum(hand) + sum(captured) != STONES_EACH * n:
            raise bad(
                f"pits, captures and hands hold {sum(totals) + sum(hand) + sum(captured)} stones, "
                f"not {STONES_EACH * n}"
            )
        if any(hand):
            if any(captured) or any(board[c] for c in CORNERS):  # ruling T3
                raise bad("during the set-up nothing is captured and corners stay empty")
            expected = hand[to_move]
            if (
                expected % SETUP_STONES
                or not expected
                or any(
                    h != (expected - SETUP_STONES if seat < to_move else expected)
                    for seat, h in enumerate(hand)
                )
            ):
                raise bad("stones in hand do not fit the set-up turn order (3 per turn, T3)")
        position = TricalaPosition(tuple(board), captured, hand, to_move, to_move)
        if not any(hand) and not totals[to_move] and self.outcome(position) is None:
            raise bad(f"{SEATS[to_move]} has no stones on the board and would be skipped (T10)")
        return position

    @staticmethod
    def _parse_pit(cell: str, bad: Callable[[str], PositionError]) -> int:
        if cell == "-":
            return 0
        match = re.fullmatch(r"(?:[WBR]\d?)+", cell)
        if match is None:
            raise bad(f'pit "{cell}" is neither "-" nor colour letters with counts like W2B1')
        counts = [0, 0, 0]
        seen = set()
        for letter, digits in re.findall(r"([WBR])(\d?)", cell):
            if letter in seen:
                raise bad(f'pit "{cell}" names {letter} twice')
            seen.add(letter)
            counts[COLOURS.index(letter)] = int(digits or "1")
        if not any(counts):
            raise bad(f'pit "{cell}" is empty: write "-"')
        return pack(counts)

    def _parse_numbers(
        self, text: str, what: str, bad: Callable[[str], PositionError]
    ) -> tuple[int, ...]:
        parts = text.split("-")
        if len(parts) != self.players or not all(p.isdigit() for p in parts):
            raise bad(f"{what} needs {self.players} numbers joined by -")
        return tuple(int(p) for p in parts)

    def format_position(self, position: TricalaPosition) -> str:
        rows = []
        for row in range(1, ROWS + 1):
            first = pit_at(row, 1)
            rows.append(",".join(_format_pit(p) for p in position.board[first : first + row]))
        return " ".join(
            (
                "/".join(rows),
                "-".join(map(str, position.captured)),
                "-".join(map(str, position.hand)),
                COLOURS[position.to_move],
            )
        )

    def to_move(self, position: TricalaPosition) -> int:
        return position.to_move

    def turn(self, position: TricalaPosition) -> int:
        return position.turn

    def scores(self, position: TricalaPosition) -> tuple[int, ...]:
        return position.captured  # ruling T7: stones of every colour count

    def diagram(self, position: TricalaPosition) -> str:
        width = 7
        lines = []
        for row in range(1, ROWS + 1):
            indent = " " * ((ROWS - row) * width // 2)
            first = pit_at(row, 1)
            pits = range(first, first + row)
            lines.append(indent + "".join(PIT_NAMES[p].center(width) for p in pits).rstrip())
            contents = "".join(_format_pit(position.board[p]).center(width) for p in pits)
            lines.append(indent + contents.rstrip())
        seats = self.seats
        lines.append(
            "Captured: "
            + ", ".join(f"{s} {c}" for s, c in zip(seats, position.captured, strict=True))
        )
        if position.in_setup:
            lines.append(
                "In hand: "
                + ", ".join(f"{s} {h}" for s, h in zip(seats, position.hand, strict=True))
            )
        lines.append(self.status(position))
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def _achievers(self, position: TricalaPosition) -> tuple[tuple[int, str], ...]:
        """Every seat that meets a winning condition (T8), with the reason."""
        return _achievers(position.board, position.captured, self.players)

    def outcome(self, position: TricalaPosition) -> Outcome | None:
        if position.in_setup:
            return None  # ruling T8: checked after sowing moves only
        found = self._achievers(position)  # ruling T8: every player, whoever moved
        if not found:
            return None
        n = self.players
        if len(found) == 1:  # ruling T9: exactly one achiever wins
            return Outcome.win(found[0][0], n, found[0][1])
        reason = "; ".join(why for _, why in found)
        seats = [seat for seat, _ in found]
        if self.tie == "draw":  # ruling T9, option tie=draw
            return Outcome.draw(seats, n, f"{reason}: drawn among them (tie=draw)")
        if self.tie == "opponent":  # ruling T9, option tie=opponent: drop the mover
            mover = position.mover if position.mover is not None else (position.to_move - 1) % n
            if mover in seats:
                seats.remove(mover)
                reason += f"; {SEATS[mover]} made the move and is dropped (tie=opponent)"
            if len(seats) == 1:
                return Outcome.win(seats[0], n, reason)
        best = max(position.captured[s] for s in seats)
        top = [s for s in seats if position.captured[s] == best]
        if len(top) == 1:  # ruling T9: most captured stones wins
            return Outcome.win(top[0], n, f"{reason}; {SEATS[top[0]]} captured the most")
        names = " and ".join(SEATS[s] for s in top)
        return Outcome.draw(top, n, f"{reason}: drawn between {names}, {best} captured each (T9)")

    def _next_seat(self, board: tuple[int, ...], seat: int) -> tuple[int, int]:
        """The next seat to move after ``seat`` and the turns that takes (T10 passes)."""
        totals = unpack(sum(board))
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if totals[candidate]:  # ruling T10: no stones on the board: skipped
                return candidate, step
        return (seat + 1) % self.players, 1

    def play(self, position: TricalaPosition, move: TricalaMove) -> TricalaPosition:
        seat = position.to_move
        if isinstance(move, Placement):
            board = list(position.board)
            for pit in move.pits:  # ruling T3
                board[pit] += _UNIT[seat]
            hand = list(position.hand)
            hand[seat] -= SETUP_STONES
            return TricalaPosition(
                tuple(board),
                position.captured,
                tuple(hand),
                (seat + 1) % self.players,  # ruling T3: set-up in turn order, then White
                position.turn + 1,
                None,
            )
        captured = position.captured
        if move.gain:
            listed = list(captured)
            listed[seat] += move.gain  # ruling T7
            captured = tuple(listed)
        to_move, taken = self._next_seat(move.board, seat)
        return TricalaPosition(
            move.board, captured, position.hand, to_move, position.turn + taken, seat
        )

    # -- the sowing search -----------------------------------------------
    def _sowings(
        self, position: TricalaPosition, origin: int, guide: _Guide | None, memo: set[object]
    ) -> Iterator[_Fit]:
        """Every choice sequence from ``origin`` (fitting ``guide`` when given), T4-T6."""
        seat = position.to_move
        contents = position.board[origin]
        if guide is not None and guide.lines[0] >= 0:
            directions: Sequence[int] = (guide.lines[0],)
        else:
            directions = range(6)
        states: tuple[_State, ...] | None = None if guide is None else ((0, None),)
        for direction in directions:
            if _NEXT[origin * 6 + direction] < 0:  # ruling T4: the start stays on the board
                continue
            orders: Sequence[tuple[int, ...]] | Iterator[tuple[int, ...]]
            if guide is not None and guide.origin_order is not None:
                orders = (guide.origin_order,)
            else:
                orders = _orders(contents)  # ruling T4: any stone order
            for order in orders:
                board = list(position.board)
                board[origin] = 0  # ruling T4: every stone, all colours
                yield from self._walk(
                    seat, guide, memo, board, origin, direction, order, [],
                    ((origin, order),), states, 1,
                )  # fmt: skip

    def _walk(
        self,
        seat: int,
        guide: _Guide | None,
        memo: set[object],
        board: list[int],
        pit: int,
        direction: int,
        stones: tuple[int, ...],
        path: list[int],
        pickups: tuple[tuple[int, tuple[int, ...]], ...],
        states: tuple[_State, ...] | None,
        laps: int,
    ) -> Iterator[_Fit]:
        """Sow ``stones`` from ``pit`` going ``direction``, then end, capture or relay."""
        others = ~_OWN[seat]
        unit = _UNIT
        nexts = _NEXT
        while True:
            count = len(stones)
            i = 0
            before = 0
            while i < count:
                nxt = nexts[pit * 6 + direction]
                if nxt < 0:
                    options = _TURNS[pit * 6 + direction]  # ruling T5: turn, never reverse
                    if len(options) > 1:
                        rest = stones[i:]
                        for turn in options:
                            yield from self._walk(
                                seat, guide, memo, board.copy(), pit, turn, rest, path.copy(),
                                pickups, states, laps,
                            )  # fmt: skip
                        return
                    direction = options[0]  # ruling T5: a corner leaves one way on
                    nxt = nexts[pit * 6 + direction]
                pit = nxt
                before = board[pit]
                board[pit] = before + unit[stones[i]]
                path.append(pit)
                i += 1
                if states is not None:
                    assert guide is not None
                    relay = i == count and before != 0 and not before & others
                    states = _advance(guide, states, pit, direction, relay)
                    if not states:
                        return
            # ruling T6: judge the last pit by its contents before the last stone
            if before == 0 or before & others:
                gain = 0
                if before:  # ruling T6: capture, the sown stone included (T7: any colour)
                    gain = stone_count(board[pit])
                    if self.capturer_stays:  # ruling T6, option capturer-stays
                        gain -= 1
                        board[pit] = unit[stones[-1]]
                    else:
                        board[pit] = 0
                if states is not None:
                    assert guide is not None
                    if guide.capture is not None and guide.capture != bool(gain):
                        return
                    if not any(j == len(guide.pits) for j, _ in states):
                        return
                yield _Fit(tuple(path), tuple(board), gain, pickups)
                return
            # ruling T6: relay, take every stone in the pit and sow on the same way
            key = (pickups[0][0], tuple(path), tuple(board), states)
            if key in memo:  # the same continuation was already followed
                return
            memo.add(key)
            if laps >= self.lap_limit:  # ruling T11
                raise LapLimitError(
                    f"a sowing from {PIT_NAMES[pickups[0][0]]} reaches more than "
                    f"{self.lap_limit} laps (T11 lap limit); not followed further",
                    code="lap-limit",
                )
            laps += 1
            taken = board[pit]
            board[pit] = 0
            orders: Sequence[tuple[int, ...]] | Iterator[tuple[int, ...]]
            if states is not None and all(req is not None for _, req in states):
                orders = [
                    o for o in dict.fromkeys(r for _, r in states if r) if pack_order(o) == taken
                ]
            else:
                orders = _orders(taken)
            if isinstance(orders, Sequence) and len(orders) == 1:
                stones = orders[0]
                pickups = (*pickups, (pit, stones))
                if states is not None:
                    states = _after_pickup(states, stones)
                    if not states:
                        return
                continue
            for order in orders:
                next_states = None if states is None else _after_pickup(states, order)
                if next_states is not None and not next_states:
                    continue
                yield from self._walk(
                    seat, guide, memo, board.copy(), pit, direction, order, path.copy(),
                    (*pickups, (pit, order)), next_states, laps,
                )  # fmt: skip
            return

    def _fits(
        self, position: TricalaPosition, guide: _Guide, stop_after: int
    ) -> dict[tuple[tuple[int, ...], int], _Fit]:
        """The fitting moves, one per resulting (board, capture), at most ``stop_after``."""
        found: dict[tuple[tuple[int, ...], int], _Fit] = {}
        for fit in self._sowings(position, guide.origin, guide, set()):
            key = (fit.board, fit.gain)
            if key not in found:
                found[key] = fit
                if len(found) >= stop_after:
                    break
        return found

    # -- moves -----------------------------------------------------------
    def legal_moves(self, position: TricalaPosition) -> Iterator[TricalaMove]:
        """Every legal move, each once, lazily (pits in index order, then directions E..SE)."""
        if self.outcome(position) is not None:
            return
        if position.in_setup:
            pits = [p for p in range(PITS) if p not in CORNERS]  # ruling T3
            for i, a in enumerate(pits):
                for j in range(i, len(pits)):
                    for k in range(j, len(pits)):
                        yield Placement((a, pits[j], pits[k]))
            return
        mask = _OWN[position.to_move]
        seen: set[object] = set()
        memo: set[object] = set()
        for origin in range(PITS):
            if position.board[origin] & mask:  # ruling T4: a pit with one of its stones
                for fit in self._sowings(position, origin, None, memo):
                    key = (origin, fit.path, fit.board, fit.gain)
                    if key not in seen:
                        seen.add(key)
                        yield Sowing(origin, fit.path, fit.board, fit.gain, fit.pickups)

    def _legal_tokens(self, position: TricalaPosition) -> list[str]:
        tokens: list[str] = []
        try:
            for move in self.legal_moves(position):
                tokens.append(self.format_move(move, position))
                if len(tokens) >= LEGAL_LIST_LIMIT:
                    break
        except LapLimitError:
            pass
        return tokens

    def parse_move(self, token: str, position: TricalaPosition) -> TricalaMove:
        outcome = self.outcome(position)
        if outcome is not None:  # ruling N2
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code="game-over",
            )
        match = _SETUP_RE.fullmatch(token)
        if match is not None:
            return self._parse_placement(token, match.groups(), position)
        if position.in_setup and _SOWING_RE.fullmatch(token):
            raise IllegalMoveError(
                f"the set-up is not over; {SEATS[position.to_move]} places three stones "
                "(T3), e.g. 2b+3b+3b",
                legal=self._legal_tokens(position),
                code="setup-move-expected",
            )
        try:
            guide = self._compile(token, position)
        except _Rejected as rejected:
            raise IllegalMoveError(
                rejected.reason, legal=self._legal_tokens(position), code=rejected.code
            ) from None
        if guide is None:
            raise MoveSyntaxError(
                f'"{token}" is not a Tricala move: a set-up move is three pits joined by + '
                "(2b+3b+3b); a sowing is a pit, then -pit for each waypoint, x before the "
                "last when it captures, orders in brackets (4b-4d-3c, 2a[WB]x6a)",
                legal=self._legal_tokens(position),
            )
        found = self._fits(position, guide, CANDIDATE_LIMIT)
        if len(found) == 1:
            fit = next(iter(found.values()))
            return Sowing(guide.origin, fit.path, fit.board, fit.gain, fit.pickups)
        if found:
            moves = [
                Sowing(guide.origin, f.path, f.board, f.gain, f.pickups) for f in found.values()
            ]
            candidates = [self.format_move(m, position) for m in moves]
            raise AmbiguousMoveError(
                f"the token fits {len(moves)}{'+' * (len(moves) >= CANDIDATE_LIMIT)} moves that "
                f"end differently: {', '.join(candidates)}",
                candidates=candidates,
                legal=self._legal_tokens(position),
            )
        raise self._diagnose(token, guide, position)

    def _parse_placement(
        self, token: str, names: Sequence[str], position: TricalaPosition
    ) -> Placement:
        pits = []
        for name in names:
            if name not in PIT_INDEX:
                raise IllegalMoveError(
                    f"{_did_you_mean(name)}",
                    legal=self._legal_tokens(position),
                    code="no-such-pit",
                )
            pits.append(PIT_INDEX[name])
        if not position.in_setup:
            raise IllegalMoveError(
                "the set-up is over; moves now sow a pit (T3, T4)",
                legal=self._legal_tokens(position),
                code="sowing-move-expected",
            )
        corners = [PIT_NAMES[p] for p in pits if p in CORNERS]
        if corners:  # ruling T3
            raise IllegalMoveError(
                f"corner pits ({', '.join(dict.fromkeys(corners))}) stay empty during "
                "the set-up (T3)",
                legal=self._legal_tokens(position),
                code="corner-in-setup",
            )
        return Placement(tuple(sorted(pits)))

    def _compile(self, token: str, position: TricalaPosition) -> _Guide | None:
        """Check a sowing token against the position; None when it is no sowing token."""
        guide = _read_sowing(token, self.players)
        if guide is None:
            return None
        seat = position.to_move
        origin = guide.origin
        contents = position.board[origin]
        if not contents:
            raise _Rejected(f"pit {PIT_NAMES[origin]} is empty", "empty-pit")
        if not contents & _OWN[seat]:  # ruling T4
            raise _Rejected(
                f"pit {PIT_NAMES[origin]} ({_format_pit(contents)}) holds none of "
                f"{SEATS[seat]}'s stones (T4)",
                "not-your-stones",
            )
        origin_order = guide.origin_order
        if origin_order is not None and pack_order(origin_order) != contents:
            raise _Rejected(
                f"the order [{_order_text(origin_order)}] does not match the stones in "
                f"{PIT_NAMES[origin]} ({_format_pit(contents)}); every stone is sown (T4)",
                "order-mismatch",
            )
        return guide

    def _diagnose(self, token: str, guide: _Guide, position: TricalaPosition) -> MoveError:
        """Why no legal move fits a well-formed token: try it with parts relaxed."""
        legal = self._legal_tokens(position)
        relaxed = _Guide(
            guide.origin, guide.origin_order, guide.pits, guide.orders, guide.lines, None
        )
        if self._fits(position, relaxed, 1):
            # the final pit has no order, so its separator is the token's third-last character
            fixed = token[:-3] + ("-" if guide.capture else "x") + token[-2:]
            if guide.capture:
                why, code = "captures nothing (write - instead of x", "not-a-capture"
            else:
                why, code = "captures (write x before the final pit", "capture-not-marked"
            return IllegalMoveError(
                f"this sowing {why}: did you mean {fixed}?)", legal=legal, code=code
            )
        unordered = (None,) * len(guide.orders)
        relaxed = _Guide(guide.origin, guide.origin_order, guide.pits, unordered, guide.lines, None)
        if any(o is not None for o in guide.orders) and self._fits(position, relaxed, 1):
            return IllegalMoveError(
                "a given order does not match the stones picked up at its pit, or the "
                "pit is not a relay pit there (orders list every stone of a pickup, T6)",
                legal=legal,
                code="order-mismatch",
            )
        names = [PIT_NAMES[p] for p in guide.pits]
        through = f" through {', '.join(names[:-1])}" if len(names) > 1 else ""
        return IllegalMoveError(
            f"no legal sowing from {PIT_NAMES[guide.origin]} goes{through} and ends at {names[-1]}",
            legal=legal,
            code="no-such-sowing",
        )

    # -- writing moves -----------------------------------------------------
    def format_move(
        self, move: TricalaMove, position: TricalaPosition, *, long: bool = False
    ) -> str:
        """The shortest accepted token, or the long form with ``long=True``.

        Short: among the forms that leave out parts of the long form
        (waypoints, orders), the shortest that parses back to this move's
        result; among equally short ones the first in ASCII order. With more
        than SHORTENING_LIMIT shortenings, parts are dropped one at a time.
        """
        if isinstance(move, Placement):
            return "+".join(PIT_NAMES[p] for p in move.pits)  # index order = row, then letter
        origin_order, waypoints = _long_form(move)
        if long:
            return _render(move, origin_order, waypoints)
        target = (move.board, move.gain)
        options: list[list[tuple[int, tuple[int, ...]] | None]] = []
        origin_options: list[tuple[int, ...] | None] = [None]
        if origin_order is not None:
            origin_options.append(origin_order)
        for pit, order in waypoints[:-1]:
            choice: list[tuple[int, tuple[int, ...]] | None] = [None, (pit, ())]
            if order:
                choice.append((pit, order))
            options.append(choice)
        final = waypoints[-1]
        total = len(origin_options)
        for choice in options:
            total *= len(choice)
        if total <= SHORTENING_LIMIT:
            tokens = []
            for first in origin_options:
                for picked in product(*options):
                    chosen = [w for w in picked if w is not None]
                    tokens.append(_render(move, first, [*chosen, final]))
            tokens.sort(key=lambda t: (len(t), t))
            for token in tokens:
                if self._accepts(token, position, target):
                    return token
            return _render(move, origin_order, waypoints)
        # greedy: drop orders, then waypoints, left to right, while still accepted
        current_origin, current = origin_order, list(waypoints)
        if current_origin is not None and self._accepts(
            _render(move, None, current), position, target
        ):
            current_origin = None
        index = 0
        while index < len(current) - 1:
            pit, order = current[index]
            trial = [*current[:index], *current[index + 1 :]]
            if self._accepts(_render(move, current_origin, trial), position, target):
                current = trial
                continue
            if order:
                trial = [*current[:index], (pit, ()), *current[index + 1 :]]
                if self._accepts(_render(move, current_origin, trial), position, target):
                    current = trial
            index += 1
        return _render(move, current_origin, current)

    def _accepts(
        self, token: str, position: TricalaPosition, target: tuple[tuple[int, ...], int]
    ) -> bool:
        try:
            guide = self._compile(token, position)
            if guide is None:
                return False
            found = self._fits(position, guide, 2)
        except (_Rejected, MoveError):
            return False
        return list(found) == [target]


@lru_cache(maxsize=1 << 16)
def _read_sowing(token: str, players: int) -> _Guide | None:
    """Read a sowing token, independently of any position (cached); None if it is not one.

    Raises _Rejected for pits off the board, bad orders, and turns that the
    listed pits make impossible (T5).
    """
    match = _SOWING_RE.fullmatch(token)
    if match is None or not _valid_separators(match.group(3)):
        return None
    listed = [(match.group(1), match.group(2))]
    capture = False
    for step in _STEP_RE.finditer(match.group(3)):
        listed.append((step.group(2), step.group(3)))
        capture = step.group(1) == "x"
    for name, _ in listed:
        if name not in PIT_INDEX:
            raise _Rejected(_did_you_mean(name), "no-such-pit")
    pits = [PIT_INDEX[name] for name, _ in listed]
    orders: list[tuple[int, ...] | None] = []
    for name, text in listed:
        if text is None:
            orders.append(None)
            continue
        letters = text.upper()
        if not letters or any(c not in COLOURS[:players] for c in letters):
            raise _Rejected(
                f"the order at {name} must list colours "
                f"{', '.join(COLOURS[:players])}, not [{text}]",
                "order-mismatch",
            )
        orders.append(tuple(COLOURS.index(c) for c in letters))
    if orders[-1] is not None:
        raise _Rejected(
            f"the final pit {PIT_NAMES[pits[-1]]} is not picked up, so it takes "
            "no order (orders belong to the origin and relay pits)",
            "order-mismatch",
        )
    lines = tuple(_LINE[a * PITS + b] for a, b in pairwise(pits))
    _check_turns(pits, lines)
    return _Guide(pits[0], orders[0], tuple(pits[1:]), tuple(orders[1:]), lines, capture)


def _check_turns(pits: Sequence[int], lines: Sequence[int]) -> None:
    """Where listed pits are in line, the turns between the lines must be legal (T5)."""
    for j in range(1, len(lines)):
        before, after = lines[j - 1], lines[j]
        if before < 0 or after < 0 or before == after:
            continue
        here = PIT_NAMES[pits[j]]
        if after == opposite(before):  # ruling T5: no 180-degree turn
            raise _Rejected(
                f"at {here} the sowing would turn back {DIRECTIONS[after]} after "
                f"going {DIRECTIONS[before]}; reversing is not allowed (T5)",
                "reversal",
            )
        ahead = _NEXT[pits[j] * 6 + before]
        if ahead >= 0:  # ruling T5: turns only where the next pit is off the board
            raise _Rejected(
                f"the sowing cannot turn at {here}: going {DIRECTIONS[before]} the "
                f"next pit {PIT_NAMES[ahead]} is still on the board (turns happen only at "
                "the edge, T5)",
                "turn-not-at-edge",
            )


def pack_order(order: Sequence[int]) -> int:
    """The packed pit an order of colours would fill."""
    total = 0
    for colour in order:
        total += _UNIT[colour]
    return total


def _valid_separators(steps: str) -> bool:
    """``x`` may only stand before the final pit."""
    return "x" not in re.sub(r"\[[A-Za-z]*\]", "", steps)[:-3]


def _advance(
    guide: _Guide, states: tuple[_State, ...], pit: int, direction: int, relay: bool
) -> tuple[_State, ...]:
    """Move the token matcher on by one sown stone (see ``docs/tricala.md``, fitting)."""
    pits, lines, orders = guide.pits, guide.lines, guide.orders
    last = len(pits)
    out: list[_State] = []
    for matched, _ in states:
        if matched == last:
            continue  # the final pit was matched: the sowing must end there
        line = lines[matched]
        if line >= 0 and line != direction:
            continue  # listed pits in line: the stretch between them runs straight
        if pit == pits[matched]:
            order = orders[matched]
            if order is None:
                out.append((matched + 1, None))
            elif relay:
                out.append((matched + 1, order))
            if line < 0:
                out.append((matched, None))  # a free stretch may pass the pit first
        else:
            out.append((matched, None))
    if len(out) > 1:
        return tuple(dict.fromkeys(out))
    return tuple(out)


def _after_pickup(states: tuple[_State, ...], order: tuple[int, ...]) -> tuple[_State, ...]:
    return tuple((matched, None) for matched, req in states if req is None or req == order)


def _long_form(
    move: Sowing,
) -> tuple[tuple[int, ...] | None, list[tuple[int, tuple[int, ...]]]]:
    """The long form's parts: the origin order (if mixed) and the waypoints with orders.

    Waypoints: every pit where the direction changes, every relay pit whose
    pickup is of more than one colour (with its order), and the final pit.
    """
    path = move.path
    relays: dict[int, tuple[int, ...]] = {}
    index = -1
    for number, (_, order) in enumerate(move.pickups):
        index += len(order)
        if number + 1 < len(move.pickups):
            relays[index] = move.pickups[number + 1][1]
    origin_order = move.pickups[0][1]
    waypoints: list[tuple[int, tuple[int, ...]]] = []
    previous = move.origin
    for t, pit in enumerate(path):
        if t == len(path) - 1:
            waypoints.append((pit, ()))
            break
        turns = _LINE[previous * PITS + pit] != _LINE[pit * PITS + path[t + 1]]
        order = relays.get(t, ())
        mixed = len(set(order)) > 1
        if turns or mixed:
            waypoints.append((pit, order if mixed else ()))
        previous = pit
    return (origin_order if len(set(origin_order)) > 1 else None), waypoints


def _render(
    move: Sowing,
    origin_order: tuple[int, ...] | None,
    waypoints: Sequence[tuple[int, tuple[int, ...]]],
) -> str:
    parts = [PIT_NAMES[move.origin]]
    if origin_order:
        parts.append(f"[{_order_text(origin_order)}]")
    for number, (pit, order) in enumerate(waypoints):
        last = number == len(waypoints) - 1
        parts.append(("x" if last and move.gain else "-") + PIT_NAMES[pit])
        if order:
            parts.append(f"[{_order_text(order)}]")
    return "".join(parts)


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> TricalaVariant:
    """``[Game "Tricala"]``; players from the seat tags or ``Players``; ``Rules`` options.

    ``Rules`` holds ``tricala`` (optional) then options: ``tie=draw``,
    ``tie=opponent`` (T9), ``capturer-stays`` (T6). A ``Red`` tag means three
    players, ``White`` and ``Black`` alone two; ``Players`` ("2" or "3") must
    agree with the seat tags.
    """
    from_seats: int | None = None
    if "Red" in tags:
        from_seats = 3
    elif "White" in tags and "Black" in tags:
        from_seats = 2
    players = from_seats or 2  # ruling T2: 2 or 3 players, 2 by default
    stated = tags.get("Players")
    if stated is not None:
        if stated.strip() not in ("2", "3"):
            raise RulesError(f'Tricala is played by 2 or 3 players, not Players "{stated}" (T2)')
        players = int(stated)
        if from_seats is not None and from_seats != players:
            raise RulesError(
                f'Players "{stated}" disagrees with the seat tags, which name {from_seats} '
                f"players ({', '.join(SEATS[:from_seats])})"
            )
    tie = "default"
    capturer_stays = False
    for word in (rules or "").split():
        lowered = word.lower()
        if lowered == "tricala":
            continue
        if lowered.startswith("tie=") and lowered[4:] in TIE_RULES:
            tie = lowered[4:]
        elif lowered == "capturer-stays":
            capturer_stays = True
        else:
            raise RulesError(
                f'unknown Tricala ruleset or option "{word}" (ruleset: tricala; options: '
                "tie=draw, tie=opponent, capturer-stays)"
            )
    return TricalaVariant(players, tie, capturer_stays)


__all__ = [
    "CORNERS",
    "DIRECTIONS",
    "LAP_LIMIT",
    "NAMES",
    "PIT_NAMES",
    "SEATS",
    "LapLimitError",
    "Placement",
    "Sowing",
    "TricalaMove",
    "TricalaPosition",
    "TricalaVariant",
    "neighbour",
    "variant_from_tags",
]
