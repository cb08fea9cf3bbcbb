"""Trias: three rows of twelve holes, multi-lap sowing, at least two laps a move.

Seed 001 gives Ralf Gering's rules (2008); rulings R1-R9, defined in
``docs/trias.md``, settle the open points. ``docs/trias.md`` is the chapter of the
notation specification for this game.

Board (R1), seen by South, with the index each hole has here::

          a   b   c   d   e   f   g   h   i   j   k   l
      3 [24][25][26][27][28][29][30][31][32][33][34][35]   North's row
      2 [12][13][14][15][16][17][18][19][20][21][22][23]   central row (nobody's)
      1  [0] [1] [2] [3] [4] [5] [6] [7] [8] [9][10][11]   South's row

Each player sows along its own circuit of 24 holes (R2): its own row and the
central row, never the opponent's row. A circuit is stored as a table of
board indices, so sowing is index arithmetic on circuit positions 0..23:
positions 0..11 are the mover's own row and 12..23 the central row, and the
own hole on the same file as central position ``p`` is always ``23 - p``.

A move is the board index of the hole emptied. Its token is the hole name
(``1e``), optionally followed by what the move did, checked when present:
``/n`` for its laps and ``+n`` for the stones it removed (``1e/3+2``).
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from notation.errors import Code
from notation.games.base import (
    IllegalMoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)

NAMES = ("trias",)

SEATS = ("South", "North")
SOUTH, NORTH = 0, 1
FILES = "abcdefghijkl"
HOLES = 36
STONES = 144
CIRCUIT_LENGTH = 24
#: index -> name: 1a..1l are 0..11, 2a..2l are 12..23, 3a..3l are 24..35 (R1)
HOLE_NAMES = tuple(f"{rank}{file}" for rank in "123" for file in FILES)
_HOLE_INDEX = {name: index for index, name in enumerate(HOLE_NAMES)}
#: each seat's own row (R1)
ROWS = (range(0, 12), range(24, 36))

#: each seat's circuit as board indices, counterclockwise from its row's first hole (R2):
#: South 1a..1l then 2l..2a; North 3l..3a then 2a..2l
CIRCUITS = (
    (*range(0, 12), *range(23, 11, -1)),
    (*range(35, 23, -1), *range(12, 24)),
)
#: board index of the opponent's hole on the file of each central circuit position (R4)
_FACING = tuple(
    tuple(circuit[p] + (12 if seat == SOUTH else -12) if p >= 12 else -1 for p in range(24))
    for seat, circuit in enumerate(CIRCUITS)
)
#: board index -> circuit position, for the mover's own row
_CIRCUIT_POSITION = tuple({index: p for p, index in enumerate(circuit)} for circuit in CIRCUITS)

#: A count in a token or a position string: ASCII digits only (``\d`` would take
#: ``²`` and ``٣``), and short enough to read (``int`` refuses 4,300 digits).
COUNT = r"[0-9]{1,9}"
_COUNT_RE = re.compile(COUNT)
_MOVE_RE = re.compile(rf"([1-3])([a-l])(?:/({COUNT}))?(?:\+({COUNT}))?")
_HOLE_LIKE_RE = re.compile(r"(?:([0-9])([A-Za-z])|([A-Za-z])([0-9]))(.*)")
_POSITION_ROW_RE = re.compile(rf"{COUNT}(?:,{COUNT}){{11}}")

# How a lap ends (R4), as written in a Lap.
RELAY = "relay"  # the last stone fell into an occupied hole: its stones are sown on
TRANSFER = "transfer"  # central row, opponent's hole empty, own hole occupied: a new lap
OWN_ROW = "own-row"  # an empty hole of the mover's own row: the last stone is removed
REMOVE_OPPOSITE = "remove-opposite"  # central row: the opponent's hole on the file is emptied
LONE = "lone"  # central row, both holes on the file empty: the last stone is removed
ENDLESS = "endless"  # the sowing came back to an earlier state (R7)
LAP_LIMIT = "lap-limit"  # the sowing went on for MAX_LAPS laps without ending or repeating

#: Laps after which a move that has neither ended nor come back to an earlier
#: state is refused as endless. R7 is exact (a repeated state is found by
#: Brent's cycle detection), but some sowings wander for billions of laps
#: before they repeat or end, longer than anyone could sow on a board; no move
#: of a real game comes near this (the longest seen in random games: < 1,000).
#: Ruling R9: a sowing still running after 100,000 laps is treated as endless
#: under R7 (illegal), with its own code, "lap-limit"; the cap is part of the
#: rules, so every engine agrees, and no Rules tag changes it.
MAX_LAPS = 100_000  # ruling R9


class TriasPosition(NamedTuple):
    """A Trias position: 36 hole counts (see the module docstring), removed stones, who moves.

    A named tuple, not a frozen dataclass: the replay builds one a move, and a
    tuple is built twice as fast.
    """

    pits: tuple[int, ...]  # 36 counts, 1a..1l, 2a..2l, 3a..3l
    removed: tuple[int, int]  # stones removed by South, by North (R8)
    to_move: int  # SOUTH or NORTH
    turn: int = 0  # turns taken since the start


@dataclass(frozen=True, slots=True)
class Sowing:
    """What emptying a hole does, legal or not.

    ``error`` is None for a legal move, ``"one-lap"`` when the first lap ends
    the move (R5), ``"endless-move"`` when the sowing comes back to an earlier
    state and so never ends (R7) and ``"lap-limit"`` when it has gone on for
    ``MAX_LAPS`` laps without ending or repeating.
    ``pits`` is the board after the move (for an illegal move: after its
    first lap, or where the cycle was found); ``end`` is how the last lap
    ended and ``last`` the board index of the hole its last stone fell in.
    """

    pits: tuple[int, ...]
    laps: int
    removed: int
    end: str
    last: int
    error: str | None


@dataclass(frozen=True, slots=True)
class Lap:
    """One lap of a move, for explanations: where it started, how many stones, how it ended."""

    start: int  # board index of the hole whose stones were sown
    stones: int
    last: int  # board index of the hole the last stone fell in
    end: str  # RELAY, TRANSFER, OWN_ROW, REMOVE_OPPOSITE or LONE
    removed: int  # stones removed at the end of this lap (0 unless it ends the move)
    seat: int  # the mover

    def describe(self) -> str:
        """The lap in words: ``1k: 2 stones, 1l-2l; 2l was empty: transfer to 1l``."""
        start, last = HOLE_NAMES[self.start], HOLE_NAMES[self.last]
        plural = "s" if self.stones != 1 else ""
        text = f"{start}: {self.stones} stone{plural}, last in {last}"
        if self.end == RELAY:
            return text + " (occupied): relay"
        if self.end == TRANSFER:
            own = f"{1 if self.seat == SOUTH else 3}{last[1]}"
            return (
                text + f" (empty, {_opposite(self.last, 1 - self.seat)} empty): transfer to {own}"
            )
        if self.end == OWN_ROW:
            return text + " (empty, own row): the last stone is removed; the move ends"
        if self.end == REMOVE_OPPOSITE:
            return text + (
                f" (empty): {self.removed} stones removed from "
                f"{_opposite(self.last, 1 - self.seat)}; the move ends"
            )
        return text + " (empty, file empty): the last stone is removed; the move ends"


# While sowing, the board is ONE int with 8 bits a hole, hole i in bits 8i..8i+7:
# 144 stones (R1) never fill a field (< 256), so a lap is one addition, reading
# a hole a shift and a mask, emptying it a mask, and a state comparison (R7) an
# int comparison. ``int.from_bytes`` and ``int.to_bytes`` (with ``struct``)
# convert from and to the tuple of counts at C speed. The tables below are per
# seat, by circuit position p (0..23).
#: bit offset of the hole at each circuit position
_SHIFTS = tuple(tuple(8 * index for index in circuit) for circuit in CIRCUITS)
#: bit offset of the opponent's hole on the file of each central circuit position (R4)
_FACING_SHIFTS = tuple(tuple(8 * index if index >= 0 else -1 for index in f) for f in _FACING)
#: one stone in each of the circuit's 24 holes: a whole round (R3)
_ROUNDS = tuple(sum(1 << shift for shift in shifts) for shifts in _SHIFTS)


#: a board's bytes -> the 36 hole counts
_unpack = struct.Struct(f"{HOLES}B").unpack
#: every bit of a board int
_ALL = (1 << 8 * HOLES) - 1


def _lap_table(shifts: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """``[p][n]``: a lap of ``n`` stones (n < 24) from circuit position ``p`` (R2, R3).

    Each entry is (the int adding one stone to each of the next ``n`` holes,
    the circuit position of the last one, that hole's bit offset, the mask
    that empties it).
    """
    holes = [(p, shift, 1 << shift, _ALL ^ 255 << shift) for p, shift in enumerate(shifts)]
    holes += holes
    table = []
    for p in range(CIRCUIT_LENGTH):
        step = 0
        row = [(0, p, shifts[p], holes[p][3])]
        for at, shift, stone, empty in holes[p + 1 : p + CIRCUIT_LENGTH]:
            step += stone
            row.append((step, at, shift, empty))
        table.append(tuple(row))
    return tuple(table)


#: what a seat's sowing looks up: its circuit, board index -> circuit position,
#: its lap table, the bit offsets by circuit position and those of the opponent's
#: holes facing its central positions
_TABLES = tuple(
    (CIRCUITS[seat], _CIRCUIT_POSITION[seat], _lap_table(shifts), shifts, _FACING_SHIFTS[seat])
    for seat, shifts in enumerate(_SHIFTS)
)

#: A sowing as the engine passes it on: ``Sowing``'s six fields, then the board
#: after the move as an int (the next move's sowing starts from it).
_Result = tuple[tuple[int, ...], int, int, str, int, str | None, int]


def _sow(board: int, hole: int, trace: list[Lap] | None = None) -> _Result:
    """Empty ``hole`` (a hole of its owner's row) and sow until the move ends (R3-R5, R7).

    The one simulation behind legality, play, long tokens and explanations.
    ``board`` is the position's counts as an int (``_board``); it holds the
    144 stones of a position (R1) or fewer.
    """
    seat = SOUTH if hole < 12 else NORTH
    circuit, positions, table, shifts, facing = _TABLES[seat]
    p = positions[hole]
    hand = board >> 8 * hole & 255
    board -= hand << 8 * hole  # ruling R3: empty a non-empty hole of the own row
    laps = 1
    # ruling R7: Brent's cycle detection on the state at the start of each lap
    # (board, hole sown from); the stones in hand follow from the board, since
    # nothing leaves the board before the move ends. A new state is saved at
    # laps 2, 4, 8...; ``check`` is the next of those laps or the lap past the
    # cap (R9), whichever comes first.
    saved_board = board
    saved_p = p
    cap = MAX_LAPS + 1
    check = 2
    while True:
        sown = hand
        start = p
        # rulings R2, R3: one stone per hole along the circuit, starting with the next hole
        if hand < 24:
            step, p, shift, empty = table[p][hand]
            board += step
        else:  # whole rounds first, the emptied hole included (R3)
            rounds, rest = divmod(hand, CIRCUIT_LENGTH)
            step, p, shift, empty = table[p][rest]
            board += rounds * _ROUNDS[seat] + step
        hand = board >> shift & 255
        if hand > 1:  # ruling R4: occupied before the last stone came: relay
            board &= empty
            if trace is not None:
                trace.append(Lap(circuit[start], sown, circuit[p], RELAY, 0, seat))
        elif p < 12:  # ruling R4: an empty hole of the own row: remove the last stone, end
            board -= hand << shift
            end, removed = OWN_ROW, 1
            break
        elif removed := board >> facing[p] & 255:
            # ruling R4: empty central hole, the opponent's hole on its file occupied:
            # those stones are removed and the move ends; the last stone stays
            board -= removed << facing[p]
            end = REMOVE_OPPOSITE
            break
        elif own := board >> shifts[23 - p] & 255:
            # ruling R4: empty central hole, the opponent's hole empty, the own hole occupied:
            # the last stone joins the own hole, whose stones are sown on (a new lap)
            if trace is not None:
                trace.append(Lap(circuit[start], sown, circuit[p], TRANSFER, 0, seat))
            p = 23 - p
            board -= (hand << shift) + (own << shifts[p])
            hand = own + 1
        else:  # ruling R4: both holes on the file empty: remove the last stone, end
            board -= hand << shift
            end, removed = LONE, 1
            break
        laps += 1
        if p == saved_p and board == saved_board:  # ruling R7: an earlier state: endless
            return _pits(board), laps, 0, ENDLESS, circuit[p], "endless-move", board
        if laps == check:
            if laps >= cap:  # ruling R9: past the lap cap, endless under R7
                return _pits(board), laps, 0, LAP_LIMIT, circuit[p], "lap-limit", board
            saved_board = board  # Brent
            saved_p = p
            check = 2 * laps if 2 * laps < cap else cap
    last = circuit[p]
    if trace is not None:
        trace.append(Lap(circuit[start], sown, last, end, removed, seat))
    error = None if laps > 1 else "one-lap"  # ruling R5: at least two laps
    return _unpack(board.to_bytes(HOLES, "little")), laps, removed, end, last, error, board


def _pits(board: int) -> tuple[int, ...]:
    """The 36 hole counts of a board int."""
    return _unpack(board.to_bytes(HOLES, "little"))


def _board(pits: tuple[int, ...]) -> int:
    """The board int of 36 hole counts."""
    return int.from_bytes(bytearray(pits), "little")


_NOTHING: _Result = ((), 0, 0, "", -1, None, 0)
#: The last sowing asked for: (pits, their board int, hole, the sowing).
_last: tuple[tuple[int, ...], int, int, _Result] = ((), 0, -1, _NOTHING)


def _sowing(pits: tuple[int, ...], hole: int) -> _Result:
    """What emptying ``hole`` does to ``pits`` (see ``_sow``), remembering the last answer.

    ``parse_move`` sows the move it reads, then ``play`` asks again for the
    same: the last sowing is kept and given again. The next move's sowing
    starts from the board int that sowing left, or from the same position's
    (the outcome sows each hole of a row), with no conversion. The one entry
    is recognised by identity (the tuple it holds cannot be another), so no
    36 counts are hashed or compared; it is read and replaced whole, so
    threads sharing it see a consistent entry.
    """
    global _last
    before, board, at, result = _last
    if pits is before:
        if hole == at:
            return result
    elif pits is result[0]:
        board = result[6]
    else:
        board = _board(pits)
    result = _sow(board, hole)
    _last = (pits, board, hole, result)
    return result


@lru_cache(maxsize=1 << 12)
def _legal_holes(pits: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The holes the seat may empty (R3, R5, R7), in file order."""
    return tuple(h for h in ROWS[seat] if pits[h] and _sowing(pits, h)[5] is None)


def _has_legal_move(pits: tuple[int, ...], seat: int) -> bool:
    """Whether the seat has a legal move (R6); stops at the first one found."""
    return any(pits[h] and _sowing(pits, h)[5] is None for h in ROWS[seat])


def laps(position: TriasPosition, move: int) -> tuple[Lap, ...]:
    """The laps of a move one by one, for explanations (``Lap.describe``)."""
    trace: list[Lap] = []
    _sow(_board(position.pits), move, trace)
    return tuple(trace)


@dataclass(frozen=True, slots=True)
class TriasVariant(Variant[TriasPosition, int]):
    """Trias as seed 001 and rulings R1-R8 give it; there are no options."""

    game = "Trias"
    rules = "trias"
    seats = SEATS

    names = ("Trias",)
    selected_by = ()  # from_tags reads Game and Rules only
    board = "3x12"

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> TriasVariant:
        return variant_from_tags(game, rules, tags)

    # -- positions -------------------------------------------------------
    def initial_position(self) -> TriasPosition:
        return TriasPosition((4,) * HOLES, (0, 0), SOUTH, 0)  # ruling R1: 4 each, South first

    def parse_position(self, text: str) -> TriasPosition:
        """Read ``<row 3>/<row 2>/<row 1> <South removed> <North removed> <S|N>``.

        Each row is twelve counts, files a to l, separated by commas; rows
        come top to bottom as South sees the board (North's row first).
        """
        example = "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0 0 S"
        fields = text.split()
        where = f'bad Trias position "{text}": '
        if len(fields) != 4:
            raise PositionError(
                where + f"expected 4 fields separated by spaces (the rows, South's removed "
                f"stones, North's removed stones, S or N to move), found {len(fields)}; "
                f"the start position is {example}"
            )
        rows_text, south, north, mover = fields
        rows = rows_text.split("/")
        if len(rows) != 3:
            raise PositionError(
                where
                + f"expected 3 rows separated by / (rank 3, rank 2, rank 1), found {len(rows)}"
            )
        for rank, row in zip((3, 2, 1), rows, strict=True):
            if _POSITION_ROW_RE.fullmatch(row) is None:
                count = len(row.split(","))
                raise PositionError(
                    where + f"rank {rank} must be 12 counts (1-9 digits 0-9 each) separated by "
                    "commas (files a-l), "
                    f'found "{row}"' + (f" ({count} items)" if count != 12 else "")
                )
        for name, value in (("South's removed stones", south), ("North's removed stones", north)):
            if _COUNT_RE.fullmatch(value) is None:
                raise PositionError(
                    where + f'{name} must be a number (1-9 digits 0-9), found "{value}"'
                )
        if mover not in ("S", "N"):
            raise PositionError(where + f'the player to move must be S or N, found "{mover}"')
        by_rank = [tuple(int(n) for n in row.split(",")) for row in rows]
        pits = by_rank[2] + by_rank[1] + by_rank[0]
        removed = (int(south), int(north))
        on_board = sum(pits)
        if on_board + sum(removed) != STONES:  # ruling R1: 144 stones in all
            raise PositionError(
                where + f"{on_board} stones on the board and {sum(removed)} removed make "
                f"{on_board + sum(removed)}, but Trias has {STONES} stones"
            )
        seat = SOUTH if mover == "S" else NORTH
        return TriasPosition(pits, removed, seat, seat)

    def format_position(self, position: TriasPosition) -> str:
        pits = position.pits
        rows = "/".join(",".join(map(str, pits[start : start + 12])) for start in (24, 12, 0))
        south, north = position.removed
        return f"{rows} {south} {north} {'SN'[position.to_move]}"

    def to_move(self, position: TriasPosition) -> int:
        return position.to_move

    def turn(self, position: TriasPosition) -> int:
        return position.turn

    def scores(self, position: TriasPosition) -> tuple[int, ...]:
        """Stones removed by South and by North (R8: nobody's score, shown for information)."""
        return position.removed

    def diagram(self, position: TriasPosition) -> str:
        pits = position.pits
        rule = "     " + "+---" * 12 + "+"
        files = "      " + "   ".join(FILES)

        def row(start: int) -> str:
            return "|".join(f"{pits[i]:>3}" for i in range(start, start + 12))

        lines = [
            files,
            rule,
            f"  3  |{row(24)}|  North, removed {position.removed[NORTH]}",
            rule,
            f"  2  |{row(12)}|",
            rule,
            f"  1  |{row(0)}|  South, removed {position.removed[SOUTH]}",
            rule,
            files,
        ]
        lines.append(self.status(position))
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def sowing(self, position: TriasPosition, move: int) -> Sowing:
        """What emptying ``move`` does for the player to move, legal or not."""
        return Sowing(*_sowing(position.pits, move)[:6])

    def outcome(self, position: TriasPosition) -> Outcome | None:
        mover = position.to_move
        if _has_legal_move(position.pits, mover):
            return None
        # ruling R6: the player to move with no legal move loses; there are no draws
        return Outcome.win(
            1 - mover,
            2,
            f"{SEATS[mover]} has no legal move (none of two laps or more) and loses (R6)",
        )

    def legal_moves(self, position: TriasPosition) -> Iterator[int]:
        return iter(_legal_holes(position.pits, position.to_move))

    def _legal_tokens(self, position: TriasPosition) -> list[str]:
        return [HOLE_NAMES[h] for h in _legal_holes(position.pits, position.to_move)]

    def parse_move(self, token: str, position: TriasPosition) -> int:
        hole = _HOLE_INDEX.get(token)
        match = None
        if hole is None:  # not a hole name alone: one with its /laps and +removed?
            match = _MOVE_RE.fullmatch(token)
            if match is None:
                raise self._syntax_error(token, position)
            hole = _HOLE_INDEX[match.group(1) + match.group(2)]
        pits = position.pits
        if hole in ROWS[position.to_move] and pits[hole] and _sowing(pits, hole)[5] is None:
            if match is not None and (match.group(3) is not None or match.group(4) is not None):
                sowing = self.sowing(position, hole)
                self._check_suffix(token, sowing, match.group(3), match.group(4), position)
            return hole
        raise self._illegal(token, hole, position)

    def _syntax_error(self, token: str, position: TriasPosition) -> MoveSyntaxError:
        """Why a token is not a Trias move, with a did-you-mean when one is plausible."""
        legal = self._legal_tokens(position)
        shape = (
            "a Trias move is the hole emptied, rank 1-3 then file a-l (1e), optionally "
            "followed by /laps and +stones removed (1e/3+2)"
        )
        match = _HOLE_LIKE_RE.fullmatch(token)
        if match is None:
            return MoveSyntaxError(f'"{token}" is not a Trias move: {shape}', legal=legal)
        digit, letter = (
            (match.group(1), match.group(2))
            if match.group(1)
            else (
                match.group(4),
                match.group(3),
            )
        )
        rest = match.group(5)
        lower = letter.lower()
        guess: str | None = None
        if digit in "123" and lower in FILES:
            guess = digit + lower + rest  # wrong case or file before rank
            if _MOVE_RE.fullmatch(guess) is None:
                guess = digit + lower
        elif lower in FILES:
            guess = f"{1 if position.to_move == SOUTH else 3}{lower}"  # the own row's hole
        if digit not in "123":
            why = f"there is no rank {digit} (ranks are 1 South's row, 2 central, 3 North's row)"
        elif lower not in FILES:
            why = f'there is no file "{letter}" (files are a-l)'
        elif rest and guess != digit + lower + rest:
            why = f'"{rest}" is not a suffix (write /laps and +stones removed, e.g. /3+2)'
            guess = digit + lower
        else:
            why = "holes are written rank then file, in lower case"
        hint = f" (did you mean {guess}?)" if guess is not None and guess != token else ""
        return MoveSyntaxError(
            f'"{token}" is not a Trias hole: {why}{hint}; {shape}',
            legal=legal,
            code=Code.NO_SUCH_HOLE,
        )

    def _illegal(self, token: str, hole: int, position: TriasPosition) -> IllegalMoveError:
        """Why the hole cannot be emptied now (N2, R3, R5, R7)."""
        outcome = self.outcome(position)
        if outcome is not None:  # ruling N2
            return IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        legal = self._legal_tokens(position)
        mover = position.to_move
        name = HOLE_NAMES[hole]
        if hole not in ROWS[mover]:  # ruling R3: the own row only
            own = f"{1 if mover == SOUTH else 3}{name[1]}"
            whose = (
                "the central row, which is nobody's"
                if 12 <= hole < 24
                else (f"{SEATS[1 - mover]}'s row")
            )
            return IllegalMoveError(
                f"{name} is in {whose}; {SEATS[mover]} empties a hole of its own row "
                f"{own[0]}; did you mean {own}? (R3)",
                legal=legal,
                code=Code.NOT_YOUR_ROW,
            )
        if not position.pits[hole]:  # ruling R3: a non-empty hole
            return IllegalMoveError(
                f"{name} is empty; a move empties a hole holding stones (R3)",
                legal=legal,
                code=Code.EMPTY_HOLE,
            )
        sowing = self.sowing(position, hole)
        last = HOLE_NAMES[sowing.last]
        if sowing.error == "one-lap":  # ruling R5
            why = {
                OWN_ROW: f"an empty hole of {SEATS[mover]}'s own row, so the last stone is removed",
                REMOVE_OPPOSITE: (
                    f"an empty central hole facing {SEATS[1 - mover]}'s occupied "
                    f"{_opposite(sowing.last, 1 - mover)}, so those stones are removed"
                ),
                LONE: "an empty central hole with both holes on its file empty, so the last "
                "stone is removed",
            }[sowing.end]
            return IllegalMoveError(
                f"{name} would be a one-lap move: its first lap ends in {last}, {why} and the "
                f"move ends; a move needs at least two laps, its first lap ending in a relay "
                f"or a transfer (R5)",
                legal=legal,
                code=Code.ONE_LAP,
            )
        if sowing.error == "endless-move":  # ruling R7
            return IllegalMoveError(
                f"{name} would never end: after {sowing.laps - 1} laps its sowing comes back to "
                f"an earlier state (the same board, sowing on from {last}) (R7)",
                legal=legal,
                code=Code.ENDLESS_MOVE,
            )
        return IllegalMoveError(
            f"{name} does not end: its sowing goes on for {MAX_LAPS} laps without ending or "
            f"coming back to an earlier state; it is refused as endless (R7, lap limit)",
            legal=legal,
            code=Code.LAP_LIMIT,
        )

    def _check_suffix(
        self,
        token: str,
        sowing: Sowing,
        claimed_laps: str | None,
        claimed_removed: str | None,
        position: TriasPosition,
    ) -> None:
        """Compare a token's /laps and +removed with what the move does."""
        wrong = []
        if claimed_laps is not None and int(claimed_laps) != sowing.laps:
            wrong.append(f"{int(claimed_laps)} laps, but it has {sowing.laps}")
        if claimed_removed is not None and int(claimed_removed) != sowing.removed:
            wrong.append(f"{int(claimed_removed)} stones removed, but it removes {sowing.removed}")
        if wrong:
            move = HOLE_NAMES[_HOLE_INDEX[token[:2]]]
            raise IllegalMoveError(
                f"{token} claims {' and '.join(wrong)} (the move is {move}/{sowing.laps}"
                f"+{sowing.removed})",
                legal=self._legal_tokens(position),
                code=Code.WRONG_SUFFIX,
            )

    def format_move(self, move: int, position: TriasPosition, *, long: bool = False) -> str:
        if not long:
            return HOLE_NAMES[move]
        sowing = _sowing(position.pits, move)
        return f"{HOLE_NAMES[move]}/{sowing[1]}+{sowing[2]}"

    def play(self, position: TriasPosition, move: int) -> TriasPosition:
        before, _, at, sowing = _last  # parse_move's sowing of this move, most often
        if before is not position.pits or at != move:
            sowing = _sowing(position.pits, move)
        south, north = position.removed
        if position.to_move == SOUTH:  # ruling R8: the mover removed them
            south += sowing[2]
        else:
            north += sowing[2]
        return _new_tuple(
            TriasPosition, (sowing[0], (south, north), 1 - position.to_move, position.turn + 1)
        )


#: Builds a named tuple from a tuple of its fields, skipping the generated ``__new__``.
_new_tuple = tuple.__new__


def _opposite(central: int, seat: int) -> str:
    """The name of the seat's hole on the file of a central hole."""
    return f"{1 if seat == SOUTH else 3}{HOLE_NAMES[central][1]}"


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> TriasVariant:
    """``[Game "Trias"]``; ``Rules`` is absent or ``"trias"``: Trias has no options."""
    for word in (rules or "").split():
        if word.lower() != "trias":
            raise RulesError(
                f'unknown Trias ruleset or option "{word}" (Trias has one ruleset, '
                '"trias", and no options)'
            )
    return TriasVariant()


__all__ = [
    "CIRCUITS",
    "HOLE_NAMES",
    "NAMES",
    "SEATS",
    "Lap",
    "Sowing",
    "TriasPosition",
    "TriasVariant",
    "laps",
    "variant_from_tags",
]
