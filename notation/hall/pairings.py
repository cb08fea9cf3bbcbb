"""A round's pairings for the hall: which players sit at which board, in which seat.

Two forms are read (:func:`read_pairings`, by the file's content):

- a CSV file: a header ``board`` then one column per seat, named as the game's seat tags
  (``board,South,North`` for Oware, ``board,White,Black`` for Togyz Kumalak, three seats
  for Tricala), then a row per board;
- a TRF file (FIDE's Tournament Report File, TRF-16, as Swiss-Manager and Vega write it):
  the ``001`` player lines, each with its starting rank (columns 5-8), name (15-47) and,
  for each round r, its opponent's rank (columns 92-95 of round 1, ten columns further for
  each next round), its colour (``w``/``b``, column 97) and its result (column 99). The
  round's boards are the pairs of that round, a board for each white player; they are
  numbered as pairing programs number them: by the higher score of the two players
  before the round, then by their summed score, then by the better starting rank. A
  player with no opponent that round (a bye, ``0000`` or colour ``-``) has no board.
  White sits in the game's first seat, black in its second (a two-seat game only).

Anything else, or a file that does not hold what it says, raises :class:`PairingsError`
with the line and what is wrong.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction

from notation.errors import Code, PMNError
from notation.files.sources import open_input


class PairingsError(PMNError):
    """A pairings file that cannot be read as the round's boards (a usage error)."""

    code = Code.BAD_OPTION


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of the round: its number and its players by seat, in the game's seat order."""

    board: int
    #: (seat tag, player's name), one for each of the game's seats, in order
    players: tuple[tuple[str, str], ...]


#: The most boards a round may have (a bound on what a file can make the server hold).
MOST_BOARDS = 1000
#: TRF: where round 1's opponent field starts (0-based column) and each round's width.
_TRF_FIRST_ROUND = 91
_TRF_ROUND_WIDTH = 10


def pairings_text(path: str) -> str:
    """The text of the pairings file ``path`` (UTF-8, or Latin-1 as TRF files often are).
    Raises ``OSError``."""
    with open_input(path) as stream:
        data = stream.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def header_seats(text: str) -> tuple[str, ...]:
    """The seat columns a pairings CSV's header names (all but ``board``); none for a TRF
    file. A game played by two or three (Tricala) tells its seats by them."""
    if any(line.startswith("001 ") for line in text.splitlines()):
        return ()
    first = next(csv.reader(io.StringIO(text)), [])
    return tuple(
        cell.strip() for cell in first if cell.strip() and cell.strip().casefold() != "board"
    )


def read_pairings(text: str, seats: tuple[str, ...], round_number: int) -> list[Pairing]:
    """The boards of round ``round_number`` in a pairings file's ``text``, by board number.

    A TRF file is told by its ``001`` player lines; any other text is read as CSV."""
    lines = text.splitlines()
    if any(line.startswith("001 ") for line in lines):
        return read_trf(lines, seats, round_number)
    return read_csv(text, seats)


def read_csv(text: str, seats: tuple[str, ...]) -> list[Pairing]:
    """The boards of a pairings CSV: ``board`` then a column per seat (the game's seat tags)."""
    rows = list(csv.reader(io.StringIO(text)))
    while rows and not any(cell.strip() for cell in rows[-1]):
        rows.pop()
    if not rows:
        raise PairingsError(
            "the pairings file is empty: give a header line, board," + ",".join(seats)
        )
    header = [cell.strip() for cell in rows[0]]
    wanted = ["board", *seats]
    by_name = {name.casefold(): name for name in wanted}
    if sorted(cell.casefold() for cell in header) != sorted(by_name):
        raise PairingsError(
            f"line 1: the header is {','.join(header)}; the game's pairings need the columns "
            f"{','.join(wanted)} (board, then a column per seat, named as the game's seat tags)"
        )
    columns = {by_name[cell.casefold()]: index for index, cell in enumerate(header)}
    boards: dict[int, Pairing] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise PairingsError(f"line {line}: {len(row)} cells; the header has {len(header)}")
        board = _board_number(row[columns["board"]].strip(), line)
        if board in boards:
            raise PairingsError(f"line {line}: board {board} is paired twice")
        players = []
        for seat in seats:
            name = " ".join(row[columns[seat]].split())
            if not name:
                raise PairingsError(f"line {line}: board {board} has no player for {seat}")
            players.append((seat, name))
        boards[board] = Pairing(board, tuple(players))
    return _checked(boards)


def _board_number(text: str, line: int) -> int:
    if not text.isdigit() or int(text) < 1:
        raise PairingsError(f"line {line}: board {text!r} is not a board number (1, 2, ...)")
    return int(text)


def _checked(boards: dict[int, Pairing]) -> list[Pairing]:
    if not boards:
        raise PairingsError("the pairings file pairs no board")
    if len(boards) > MOST_BOARDS:
        raise PairingsError(f"{len(boards)} boards: the hall serves at most {MOST_BOARDS}")
    seen: dict[str, int] = {}
    for pairing in sorted(boards.values(), key=lambda p: p.board):
        for _, name in pairing.players:
            if name in seen and name != "?":
                raise PairingsError(
                    f"{name} plays at board {seen[name]} and at board {pairing.board}"
                )
            seen[name] = pairing.board
    return [boards[number] for number in sorted(boards)]


@dataclass(frozen=True, slots=True)
class _TrfPlayer:
    rank: int
    name: str
    line: int
    #: (opponent's rank or 0, colour, result) for each round given
    rounds: tuple[tuple[int, str, str], ...]


def _trf_player(text: str, line: int) -> _TrfPlayer:
    rank_text = text[4:8].strip()
    if not rank_text.isdigit():
        raise PairingsError(
            f"line {line}: a 001 line's starting rank (columns 5-8) is {rank_text!r}"
        )
    name = " ".join(text[14:47].split())
    if not name:
        raise PairingsError(f"line {line}: a 001 line with no name (columns 15-47)")
    rounds: list[tuple[int, str, str]] = []
    start = _TRF_FIRST_ROUND
    while start < len(text.rstrip()):
        field = text[start : start + _TRF_ROUND_WIDTH - 1]
        opponent = field[0:4].strip()
        colour = field[5:6].strip().lower()
        result = field[7:8].strip()
        if opponent and not opponent.isdigit():
            raise PairingsError(
                f"line {line}: round {len(rounds) + 1}'s opponent (columns {start + 1}-{start + 4}) "
                f"is {opponent!r}, not a starting rank"
            )
        rounds.append((int(opponent or 0), colour, result))
        start += _TRF_ROUND_WIDTH
    return _TrfPlayer(int(rank_text), name, line, tuple(rounds))


_TRF_POINTS = {"1": Fraction(1), "+": Fraction(1), "w": Fraction(1), "u": Fraction(1),
               "=": Fraction(1, 2), "d": Fraction(1, 2), "h": Fraction(1, 2), "f": Fraction(1)}  # fmt: skip


def _points_before(player: _TrfPlayer, round_number: int) -> Fraction:
    return sum(
        (
            _TRF_POINTS.get(result.lower(), Fraction(0))
            for _, _, result in player.rounds[: round_number - 1]
        ),
        Fraction(0),
    )


def read_trf(lines: list[str], seats: tuple[str, ...], round_number: int) -> list[Pairing]:
    """The boards of round ``round_number`` in a TRF file's lines (see the module's docstring)."""
    if len(seats) != 2:
        raise PairingsError(
            f"a TRF file pairs two players a board; this game has {len(seats)} seats: "
            "give the pairings as CSV"
        )
    players: dict[int, _TrfPlayer] = {}
    for number, text in enumerate(lines, start=1):
        if text.startswith("001"):
            player = _trf_player(text, number)
            if player.rank in players:
                raise PairingsError(f"line {number}: starting rank {player.rank} is given twice")
            players[player.rank] = player
    pairs = []
    for player in players.values():
        if len(player.rounds) < round_number:
            continue
        opponent, colour, _ = player.rounds[round_number - 1]
        if colour != "w" or opponent == 0:
            continue
        other = players.get(opponent)
        if other is None:
            raise PairingsError(
                f"line {player.line}: round {round_number} pairs {player.name} with starting "
                f"rank {opponent}, who has no 001 line"
            )
        back = other.rounds[round_number - 1] if len(other.rounds) >= round_number else None
        if back is None or back[0] != player.rank or back[1] != "b":
            raise PairingsError(
                f"line {other.line}: round {round_number}: {other.name} is not paired back "
                f"with {player.name} as black"
            )
        pairs.append((player, other))
    if not pairs:
        raise PairingsError(f"the TRF file pairs no board in round {round_number}")

    def order(pair: tuple[_TrfPlayer, _TrfPlayer]) -> tuple[Fraction, Fraction, int]:
        scores = [_points_before(p, round_number) for p in pair]
        return (-max(scores), -sum(scores, Fraction(0)), min(p.rank for p in pair))

    boards = {
        board: Pairing(board, ((seats[0], white.name), (seats[1], black.name)))
        for board, (white, black) in enumerate(sorted(pairs, key=order), start=1)
    }
    return _checked(boards)


__all__ = [
    "MOST_BOARDS",
    "Pairing",
    "PairingsError",
    "header_seats",
    "pairings_text",
    "read_csv",
    "read_pairings",
    "read_trf",
]
