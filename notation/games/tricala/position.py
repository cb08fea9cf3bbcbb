"""Tricala positions: the stones in the pits, and the position string (T2, T3, T9).

A pit's contents are packed into one int, five bits per colour (White in
bits 0-4, Black 5-9, Red 10-14): no colour ever has more than 9 stones, and
the packed sum of the whole board still fits (at most 27 per colour), so
``sum(board)`` gives every colour's total at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from notation.games.base import PositionError
from notation.games.tricala.geometry import CORNERS, PIT_INDEX, ROWS, pit_at
from notation.games.tricala.memo import shared

SEATS = ("White", "Black", "Red")  # ruling T2: turn order, White first
COLOURS = "WBR"  # ruling T2: colour letter of each seat
STONES_EACH = 9  # ruling T2
SETUP_STONES = 3  # ruling T3: stones placed per set-up turn

BITS = 5
#: ``UNIT[c]``: one stone of colour c, packed.
UNIT = (1, 1 << BITS, 1 << 2 * BITS)
#: ``OWN[c]``: the bits that hold colour c's count.
OWN = (31, 31 << BITS, 31 << 2 * BITS)

EXAMPLE = "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"
_PIT_TEXT = re.compile(r"(?:[WBR][0-9]?)+")  # ASCII digits only: no "²", no Arabic-Indic digits
_COUNT_TEXT = re.compile(r"[0-9]{1,2}")  # no seat ever has more than 27 stones


def unpack(pit: int) -> tuple[int, int, int]:
    """A packed pit's stones per colour: (White, Black, Red)."""
    return (pit & 31, (pit >> BITS) & 31, (pit >> 2 * BITS) & 31)


def pack(counts: Sequence[int]) -> int:
    """Pack stones per colour (White, Black, Red) into one int."""
    return sum(n << BITS * i for i, n in enumerate(counts))


def pack_order(order: Sequence[int]) -> int:
    """The packed pit an order of colours would fill."""
    total = 0
    for colour in order:
        total += UNIT[colour]
    return total


def stone_count(pit: int) -> int:
    """How many stones a packed pit holds, of every colour (memoised: pits repeat)."""
    return STONE_COUNTS[pit]


def format_pit(pit: int) -> str:
    """``W2B1`` style: each colour present with its count; empty is ``-`` (memoised: pits repeat)."""
    return PIT_TEXTS[pit]


def _pit_text(pit: int) -> str:
    """:func:`format_pit` worked out."""
    if not pit:
        return "-"
    return "".join(f"{COLOURS[i]}{n}" for i, n in enumerate(unpack(pit)) if n)


#: :func:`stone_count`'s answers by packed pit (the rules read it directly).
STONE_COUNTS = shared("stone_count", lambda pit: sum(unpack(pit)))
#: :func:`format_pit`'s answers by packed pit.
PIT_TEXTS = shared("format_pit", _pit_text)


def order_text(order: Sequence[int]) -> str:
    """An order of colours as letters: ``(0, 1, 1)`` -> ``WBB``."""
    return "".join(COLOURS[c] for c in order)


@dataclass(frozen=True, slots=True)
class TricalaPosition:
    """A Tricala position.

    ``board`` holds the 21 pits (index order of :mod:`.geometry`), each
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


_new = object.__new__
_SET_BOARD, _SET_CAPTURED, _SET_HAND, _SET_TO_MOVE, _SET_TURN, _SET_MOVER = (
    getattr(TricalaPosition, name).__set__
    for name in ("board", "captured", "hand", "to_move", "turn", "mover")
)


def make_position(
    board: tuple[int, ...],
    captured: tuple[int, ...],
    hand: tuple[int, ...],
    to_move: int,
    turn: int,
    mover: int | None,
) -> TricalaPosition:
    """``TricalaPosition(board, captured, hand, to_move, turn, mover)``, the same value made
    in half the time (the slots are filled directly, not through the frozen dataclass's
    ``__init__``): the engine makes one per move."""
    position: TricalaPosition = _new(TricalaPosition)
    _SET_BOARD(position, board)
    _SET_CAPTURED(position, captured)
    _SET_HAND(position, hand)
    _SET_TO_MOVE(position, to_move)
    _SET_TURN(position, turn)
    _SET_MOVER(position, mover)
    return position


def read_position(text: str, players: int) -> TricalaPosition:
    """Read ``<pits> <captured> <hand> <to move> [<mover>]`` (see ``docs/tricala.md``).

    ``<pits>``: rows 1-6 separated by ``/``, pits in a row by ``,``, each
    pit ``-`` or colour letters with counts (``W2B1``; a count of 1 may be
    left out). ``<captured>`` and ``<hand>``: one number per seat joined by
    ``-``. ``<to move>``: ``W``, ``B`` or ``R``. ``<mover>`` (optional, T9):
    the colour of the seat that made the last sowing move; without it the
    mover is unknown (None). Example (T12): ``B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W``.
    Raises PositionError, naming the fault, for anything else.
    """

    def bad(why: str) -> PositionError:
        shown = text if len(text) <= 120 else text[:117] + "..."
        return PositionError(f'bad Tricala position "{shown}": {why} (e.g. "{EXAMPLE}")')

    fields = text.split()
    if len(fields) not in (4, 5):
        raise bad("expected 4 fields (pits, captured, hand, player to move) and an optional mover")
    rows = fields[0].split("/")
    if len(rows) != ROWS:
        raise bad(f"expected {ROWS} rows separated by /, found {len(rows)}")
    board: list[int] = []
    for number, row in enumerate(rows, 1):
        cells = row.split(",")
        if len(cells) != number:
            raise bad(f"row {number} needs {number} pits, found {len(cells)}")
        for cell in cells:
            board.append(_read_pit(cell, bad))
    captured = _read_numbers(fields[1], "captured", players, bad)
    hand = _read_numbers(fields[2], "hand", players, bad)
    seat_letters = COLOURS[:players]
    if fields[3] not in seat_letters:
        raise bad(f"player to move must be one of {', '.join(seat_letters)}")
    to_move = COLOURS.index(fields[3])
    mover: int | None = None
    if len(fields) == 5:
        if fields[4] not in seat_letters:
            raise bad(f"the mover (5th field, T9) must be one of {', '.join(seat_letters)}")
        mover = COLOURS.index(fields[4])
    totals = unpack(sum(board))
    for seat in range(players):
        if totals[seat] + hand[seat] > STONES_EACH:
            raise bad(f"{SEATS[seat]} has more than {STONES_EACH} stones on the board and in hand")
    if sum(board) and any(totals[players:]):
        raise bad("stones of a colour nobody plays")
    held = sum(totals) + sum(hand) + sum(captured)
    if held != STONES_EACH * players:
        raise bad(f"pits, captures and hands hold {held} stones, not {STONES_EACH * players}")
    if any(hand):
        if any(captured) or any(board[c] for c in CORNERS):  # ruling T3
            raise bad("during the set-up nothing is captured and corners stay empty")
        if mover is not None:
            raise bad("during the set-up no sowing move has been made, so there is no mover")
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
    return TricalaPosition(tuple(board), captured, hand, to_move, to_move, mover)


def _read_pit(cell: str, bad: Callable[[str], PositionError]) -> int:
    if cell == "-":
        return 0
    if len(cell) > 6 or _PIT_TEXT.fullmatch(cell) is None:
        raise bad(f'pit "{cell[:12]}" is neither "-" nor colour letters with counts like W2B1')
    counts = [0, 0, 0]
    seen = set()
    for letter, digits in re.findall(r"([WBR])([0-9]?)", cell):
        if letter in seen:
            raise bad(f'pit "{cell}" names {letter} twice')
        seen.add(letter)
        counts[COLOURS.index(letter)] = int(digits or "1")
    if not any(counts):
        raise bad(f'pit "{cell}" is empty: write "-"')
    return pack(counts)


def _read_numbers(
    text: str, what: str, players: int, bad: Callable[[str], PositionError]
) -> tuple[int, ...]:
    parts = text.split("-")
    if len(parts) != players or not all(_COUNT_TEXT.fullmatch(p) for p in parts):
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise bad(
            f"{what} needs {players} numbers joined by - (ASCII digits 0-9, at most two "
            f'each), not "{shown}"'
        )
    return tuple(int(p) for p in parts)


#: Each row's first pit index and the index after its last.
_ROW_SLICES = tuple((pit_at(row, 1), pit_at(row, 1) + row) for row in range(1, ROWS + 1))


def write_position(position: TricalaPosition, *, with_mover: bool) -> str:
    """The position string; the mover field only when ``with_mover`` and it is known (T9)."""
    board = position.board
    texts = PIT_TEXTS.__getitem__
    rows = "/".join([",".join(map(texts, board[a:b])) for a, b in _ROW_SLICES])
    fields = [
        rows,
        "-".join(map(str, position.captured)),
        "-".join(map(str, position.hand)),
        COLOURS[position.to_move],
    ]
    if with_mover and position.mover is not None:
        fields.append(COLOURS[position.mover])
    return " ".join(fields)


__all__ = [
    "BITS",
    "COLOURS",
    "EXAMPLE",
    "OWN",
    "PIT_TEXTS",
    "SEATS",
    "SETUP_STONES",
    "STONES_EACH",
    "STONE_COUNTS",
    "UNIT",
    "TricalaPosition",
    "format_pit",
    "make_position",
    "order_text",
    "pack",
    "pack_order",
    "read_position",
    "stone_count",
    "unpack",
    "write_position",
]
