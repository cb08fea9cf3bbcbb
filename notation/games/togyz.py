"""Togyz Kumalak: two rows of nine holes, 81 stones a side, kazans and tuzdyks.

The Kazakh game (Toguz Korgool in Kyrgyz) as it is played in tournaments and
on PlayOK. Rulings Q1-Q11, defined in ``docs/togyz-kumalak.md`` (the game's chapter),
settle it; each step of the rules below cites its ruling.

Board, seen by White, with the index each hole has here::

        9    8    7    6    5    4    3    2    1      Black's holes, 1-9 from Black's left
      [17] [16] [15] [14] [13] [12] [11] [10]  [9]
       [0]  [1]  [2]  [3]  [4]  [5]  [6]  [7]  [8]
        1    2    3    4    5    6    7    8    9      White's holes, 1-9 from White's left

Holes are stored in sowing order (anticlockwise), so sowing is index
arithmetic modulo 18: White's holes 1-9 are 0-8 and Black's 1-9 are 9-17. A
move is the index of the hole emptied. Each player has a kazan (the stones
it has taken) and may own one tuzdyk, a hole of the opponent's row whose
stones are its own: every stone sown into a tuzdyk goes at once to its owner
(Q4), so a tuzdyk always holds none, and a position keeps the tuzdyk's stones
in its owner's kazan.

Moves are written as the players write them (Q10): the hole alone (``8``),
or with the hole where the last stone fell (numbered by the owner of its row),
as PlayOK exports (``87``, ``87(10)``, ``68X``) and the federations' score sheets
(``36x``, ``36х``) write it: ``(n)`` after a capture (the mover's total then), which
may be left out, and a mark when the move makes a tuzdyk (``X``, ``x``, Cyrillic ``Х``
or ``х``). Every claim written is checked; the canonical token is the full one, with
``(n)`` and ``X``.

Position string (the ``Position`` tag)::

    9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0/W

White's holes 1-9, a slash, Black's holes 1-9 (each row from its owner's
left), a slash, White's and Black's kazans, a slash, the player to move
(``W`` or ``B``). A tuzdyk is written ``X`` in place of its count (it holds
no stones, Q4); an ``X`` in Black's row is White's tuzdyk, and the other way
round.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn

from notation.errors import Code
from notation.games.base import (
    IllegalMoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)

SEATS = ("White", "Black")
WHITE, BLACK = 0, 1
#: Holes in a row, and on the board.
ROW = 9
HOLES = 18
#: Stones on the board at the start: nine in each hole.
STONES = 162
#: Stones that win at once (Q7); half the stones, a draw at the end (Q9).
TARGET = 82
#: No tuzdyk (in :attr:`TogyzPosition.tuzdyks`).
NO_TUZDYK = -1
#: The rules' name (the ``Rules`` tag); Togyz Kumalak has no rule options.
RULES = "togyz"

#: What the last stone of a move did: nothing, a capture (Q5), a tuzdyk (Q6).
QUIET, CAPTURE, TUZDYK = 0, 1, 2


class TogyzPosition(NamedTuple):
    """A Togyz Kumalak position.

    ``pits`` holds the 18 hole counts in sowing order (White's 1-9, then
    Black's 1-9) as 18 bytes, one a hole (a hole holds at most 162 stones):
    ``pits[7]`` is the count of White's 8, as with a tuple, and a sowing is one
    addition of integers (:func:`sow`). ``kazans`` holds each player's stones
    taken (captures, tuzdyks made, and every stone sown into its tuzdyk: Q4,
    Q5, Q6); ``tuzdyks`` the index of the hole each player owns as its tuzdyk
    (in the opponent's row), or :data:`NO_TUZDYK`. A named tuple: the replay
    builds one a move.
    """

    pits: bytes
    kazans: tuple[int, int]
    tuzdyks: tuple[int, int]
    to_move: int
    turn: int = 0


#: Builds a named tuple from a tuple of its fields, skipping the generated ``__new__``.
_new_tuple = tuple.__new__
_from_bytes = int.from_bytes
#: The bit offset of each hole's byte in the board read as one integer (little-endian).
_SHIFT = tuple(8 * hole for hole in range(HOLES))
#: One stone in every hole: a full lap of 18 stones.
_LAP = _from_bytes(bytes([1] * HOLES), "little")
#: One stone in each of the ``rest`` holes from ``hole`` on, by hole and rest (0-17).
_RING = tuple(
    tuple(sum(1 << _SHIFT[(hole + k) % HOLES] for k in range(rest)) for rest in range(HOLES))
    for hole in range(HOLES)
)


def _sown(hole: int, stones: int) -> int:
    """The stones each hole receives when ``stones`` are sown from ``hole`` (Q2, Q3), as an
    integer holding a count a byte (the board's layout)."""
    if stones == 1:
        return 1 << _SHIFT[(hole + 1) % HOLES]  # ruling Q3: a single stone moves on
    # ruling Q2: the first stone goes back into the emptied hole, then one a hole
    # anticlockwise; 19 or more stones pass the starting hole again, none skipped:
    # every full lap puts one stone in each hole, the rest go from the starting hole on
    laps, rest = divmod(stones, HOLES)
    return laps * _LAP + _RING[hole][rest]


#: What a sowing adds to the board, by hole emptied and stones sown (0-162), the
#: emptied hole's stones taken away (ruling Q1: every stone of the hole is taken up).
_RECEIVED = tuple(
    tuple(_sown(hole, stones) - (stones << _SHIFT[hole]) for stones in range(STONES + 1))
    for hole in range(HOLES)
)
#: The hole the last stone falls in, by hole emptied and stones sown (Q2, Q3).
_LAST = tuple(
    tuple((hole + (1 if stones == 1 else stones - 1)) % HOLES for stones in range(STONES + 1))
    for hole in range(HOLES)
)

#: A sowing: the holes, kazans and tuzdyks after it, the hole of its last stone, and
#: what that stone did (QUIET, CAPTURE or TUZDYK).
Sowing = tuple[bytes, tuple[int, int], tuple[int, int], int, int]


def sow(position: TogyzPosition, hole: int) -> Sowing:
    """Empty ``hole`` for the player to move and sow it; then Q4, Q5 and Q6.

    A pure function: the holes, kazans and tuzdyks after the move, the index
    of the hole the last stone fell in, and what it did there.
    """
    pits, kazans, tuzdyks, mover, _ = position
    stones = pits[hole]
    # rulings Q1-Q3: the sowing, every hole at once (a count a byte of one integer)
    number = _from_bytes(pits, "little") + _RECEIVED[hole][stones]
    board = number.to_bytes(HOLES, "little")
    last = _LAST[hole][stones]
    white, black = kazans
    white_tuzdyk, black_tuzdyk = tuzdyks
    taken = 0  # the bits of the stones taken off the board
    # ruling Q4: a stone sown into a tuzdyk goes at once to the tuzdyk's owner
    if white_tuzdyk >= 0 and board[white_tuzdyk]:
        white += board[white_tuzdyk]
        taken = board[white_tuzdyk] << _SHIFT[white_tuzdyk]
    if black_tuzdyk >= 0 and board[black_tuzdyk]:
        black += board[black_tuzdyk]
        taken += board[black_tuzdyk] << _SHIFT[black_tuzdyk]
    event = QUIET
    # rulings Q5, Q6: only a last stone in the opponent's row (not in a tuzdyk) takes
    if last // ROW != mover and last != tuzdyks[mover]:
        count = board[last]
        if not count % 2:  # ruling Q5: an even number: the mover captures them all
            event = CAPTURE
        elif (
            count == 3  # ruling Q6: exactly three make a tuzdyk, unless
            and tuzdyks[mover] < 0  # (a) the mover already has one
            and last % ROW != ROW - 1  # (b) it is the opponent's ninth hole
            and (tuzdyks[1 - mover] < 0 or tuzdyks[1 - mover] % ROW != last % ROW)  # (c)
        ):
            event = TUZDYK
            tuzdyks = (last, black_tuzdyk) if mover == WHITE else (white_tuzdyk, last)
        if event:  # the mover takes the hole's stones (Q5; Q6: the three stones)
            taken += count << _SHIFT[last]
            if mover == WHITE:
                white += count
            else:
                black += count
    if taken:
        board = (number - taken).to_bytes(HOLES, "little")
    return board, (white, black), tuzdyks, last, event


#: The last sowing :meth:`TogyzVariant.parse_move` made to check a token's claims,
#: as (position, hole, sowing): the replay reads a move and plays it at once, and
#: :meth:`TogyzVariant.play` takes the sowing from here instead of sowing again.
#: One entry, replaced whole (a tuple), compared by the position's identity.
_CHECKED: list[tuple[Any, int, Any]] = [(None, -1, None)]

#: A move token: the hole (1-9), then optionally the landing hole (1-9), ``(n)`` and the
#: tuzdyk mark, written ``X``, ``x``, or the Cyrillic ``Х``, ``х`` (U+0425, U+0445) of sheets
#: written in Kazakh (ruling Q10). Counts are ASCII digits, at most 9 of them (``int``
#: refuses very long numbers).
_MOVE_RE = re.compile(r"([1-9])(?:([1-9])(?:\(([0-9]{1,9})\))?([Xx\u0425\u0445])?)?")
#: Move tokens already read: token -> (hole number, landing or 0, claimed total or -1, X).
_TOKENS: dict[str, tuple[int, int, int, bool]] = {}
_COUNT = r"(?:[0-9]{1,3}|X)"
_ROW_RE = rf"({_COUNT}(?:-{_COUNT}){{8}})"
_POSITION_RE = re.compile(rf"{_ROW_RE}/{_ROW_RE}/([0-9]{{1,3}})-([0-9]{{1,3}})/([WB])")
#: The first two characters of every full token, by hole played and landing hole.
_PAIRS = tuple(tuple(f"{h}{d}" for d in range(1, ROW + 1)) for h in range(1, ROW + 1))


def _parse_token(token: str) -> tuple[int, int, int, bool] | None:
    """Read a move token into (hole, landing or 0, claimed total or -1, X), remembering it."""
    match = _MOVE_RE.fullmatch(token)
    if match is None:
        return None
    hole, landing, total, mark = match.groups()
    parsed = (
        int(hole),
        int(landing) if landing else 0,
        int(total) if total is not None else -1,
        mark is not None,
    )
    if len(_TOKENS) < 16384:  # PlayOK's 222,045 moves hold 4,100 distinct tokens
        _TOKENS[token] = parsed
    return parsed


def hole_name(index: int) -> str:
    """A hole as players name it: ``White's 8``, ``Black's 7`` (each row from its owner's left)."""
    return f"{SEATS[index // ROW]}'s {index % ROW + 1}"


def _token(hole: int, last: int, event: int, total: int) -> str:
    """The full token (Q10): hole played, landing hole, ``(n)`` after a capture, ``X``."""
    pair = _PAIRS[hole % ROW][last % ROW]
    if event == CAPTURE:
        return f"{pair}({total})"
    return pair + "X" if event == TUZDYK else pair


def _row_text(counts: bytes, tuzdyk: int) -> str:
    return "-".join("X" if i == tuzdyk else str(n) for i, n in enumerate(counts))


@dataclass(frozen=True, slots=True)
class TogyzVariant(Variant[TogyzPosition, int]):
    """Togyz Kumalak by rulings Q1-Q10: seats White and Black, White first."""

    seats = SEATS

    names = ("Togyz Kumalak",)
    selected_by = ()  # from_tags reads Game and Rules only
    aliases = (
        "togyz",
        "Togyzkumalak",
        "Togyz Qumalaq",
        "Togyzqumalaq",
        "Togyz Kumalaq",
        "Toguz Korgool",
        "Toguz Korgol",
        "Тоғызқұмалақ",
        "Тогызкумалак",
        "Тогыз кумалак",
        "Тогуз коргоол",
    )
    board = "2x9"
    formats = ("playok",)  # PlayOK's exports (notation.formats.playok): read as this game

    @property
    def game(self) -> str:  # type: ignore[override]
        return "Togyz Kumalak"

    @property
    def rules(self) -> str:  # type: ignore[override]
        return RULES

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> TogyzVariant:
        return variant_from_tags(game, rules, tags)

    # -- positions -------------------------------------------------------
    def initial_position(self) -> TogyzPosition:
        # nine stones in each of the eighteen holes, empty kazans, no tuzdyk; White first
        return TogyzPosition(bytes([9] * HOLES), (0, 0), (NO_TUZDYK, NO_TUZDYK), WHITE, 0)

    def parse_position(self, text: str) -> TogyzPosition:
        """Read ``9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0/W`` (see the module's docstring)."""
        match = _POSITION_RE.fullmatch(text.strip())
        if match is None:
            raise PositionError(
                f'bad position "{text}": expected White\'s holes 1-9, "/", Black\'s holes 1-9 '
                '(counts joined by "-", X for a tuzdyk), "/", the kazans "white-black", "/" and '
                "W or B, e.g. 9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0/W"
            )
        rows = match.group(1).split("-"), match.group(2).split("-")
        counts = [0 if n == "X" else int(n) for row in rows for n in row]
        kazans = (int(match.group(3)), int(match.group(4)))
        total = sum(counts) + sum(kazans)
        if total != STONES:
            raise PositionError(
                f'bad position "{text}": holes and kazans hold {total} stones, not {STONES}'
            )
        # a tuzdyk in Black's row is White's, and the other way round
        marks = [[i for i, n in enumerate(row) if n == "X"] for row in rows]
        found = [NO_TUZDYK, NO_TUZDYK]
        for row, (seat, marked) in enumerate(((BLACK, marks[0]), (WHITE, marks[1]))):
            if len(marked) > 1:
                raise PositionError(
                    f'bad position "{text}": {SEATS[row]}\'s row has {len(marked)} tuzdyks; '
                    f"{SEATS[seat]} can own one (Q6a)"
                )
            if marked and marked[0] == ROW - 1:
                raise PositionError(
                    f'bad position "{text}": {SEATS[row]}\'s 9 cannot be a tuzdyk (Q6b)'
                )
            if marked:
                found[seat] = row * ROW + marked[0]
        if found[0] >= 0 and found[1] >= 0 and found[0] % ROW == found[1] % ROW:
            raise PositionError(
                f'bad position "{text}": both tuzdyks are hole {found[0] % ROW + 1}; '
                "a tuzdyk cannot have the number of the opponent's (Q6c)"
            )
        seat = WHITE if match.group(5) == "W" else BLACK
        return TogyzPosition(bytes(counts), kazans, (found[0], found[1]), seat, seat)

    def format_position(self, position: TogyzPosition) -> str:
        pits, kazans, tuzdyks, mover, _ = position
        white_row = _row_text(pits[:ROW], tuzdyks[BLACK])
        black_row = _row_text(pits[ROW:], tuzdyks[WHITE] - ROW)
        return f"{white_row}/{black_row}/{kazans[0]}-{kazans[1]}/{'WB'[mover]}"

    def may_reach(self, position: TogyzPosition, target: TogyzPosition) -> bool:
        # rulings Q4-Q6: stones taken go to a kazan and never leave it; a tuzdyk, once
        # made, stays its owner's for the rest of the game (Q6) and is the only one (Q6a)
        for seat in (WHITE, BLACK):
            if position.kazans[seat] > target.kazans[seat]:
                return False
            made = position.tuzdyks[seat]
            if made != NO_TUZDYK and made != target.tuzdyks[seat]:
                return False
        return True

    def to_move(self, position: TogyzPosition) -> int:
        return position.to_move

    def turn(self, position: TogyzPosition) -> int:
        return position.turn

    def scores(self, position: TogyzPosition) -> tuple[int, ...]:
        """The kazans; once the game ended by Q8, with the stones left given to their row's owner."""
        if self._swept(position):
            return self._totals(position)
        return position.kazans

    def tuzdyk_text(self, position: TogyzPosition, seat: int) -> str:
        """A player's tuzdyk as players name it (``on Black's 7``), or ``none``."""
        hole = position.tuzdyks[seat]
        return "none" if hole < 0 else f"on {hole_name(hole)}"

    def diagram(self, position: TogyzPosition) -> str:
        pits, kazans, tuzdyks, _, _ = position

        def cells(indices: range) -> str:
            return "|".join("  X" if i in tuzdyks else f"{pits[i]:>3}" for i in indices)

        rule = "    " + "+---" * ROW + "+"
        lines = [
            "      " + "   ".join("987654321"),
            rule,
            f"  B |{cells(range(HOLES - 1, ROW - 1, -1))}|  Black's kazan {kazans[BLACK]}",
            rule,
            f"  W |{cells(range(ROW))}|  White's kazan {kazans[WHITE]}",
            rule,
            "      " + "   ".join("123456789"),
            "Tuzdyks (X): "
            + ", ".join(
                f"{SEATS[seat]} has none"
                if tuzdyks[seat] < 0
                else f"{SEATS[seat]}'s {self.tuzdyk_text(position, seat)}"
                for seat in (WHITE, BLACK)
            ),
            self.status(position),
        ]
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def _swept(self, position: TogyzPosition) -> bool:
        """Whether the game ended by Q8: nobody reached 82 and the mover's row is empty."""
        pits, kazans, _, mover, _ = position
        if kazans[0] >= TARGET or kazans[1] >= TARGET:
            return False
        return not any(pits[ROW:] if mover else pits[:ROW])

    def _totals(self, position: TogyzPosition) -> tuple[int, int]:
        """The kazans with the stones left on the board given to their row's owner (Q8)."""
        pits, (white, black), _, _, _ = position
        return white + sum(pits[:ROW]), black + sum(pits[ROW:])

    def outcome(self, position: TogyzPosition) -> Outcome | None:
        kazans = position.kazans
        for seat in (WHITE, BLACK):
            if kazans[seat] >= TARGET:  # ruling Q7: 82 or more stones end the game at once
                return Outcome.win(
                    seat, 2, f"{SEATS[seat]} has {kazans[seat]} stones: {TARGET} or more win (Q7)"
                )
        if not self._swept(position):
            return None
        # ruling Q8: the player to move has no stone in his row; the stones left on the
        # board (all in the other player's row) go to that player
        mover = position.to_move
        left = sum(position.pits)
        white, black = self._totals(position)
        reason = (
            f"{SEATS[mover]} has no stone to move; the {left} stone{'' if left == 1 else 's'} left "
            f"{'goes' if left == 1 else 'go'} to "
            f"{SEATS[1 - mover]}: {white}-{black} (Q8)"
        )
        if white == black:  # ruling Q9: 81-81 is a draw
            return Outcome.draw((WHITE, BLACK), 2, reason.replace("(Q8)", "(Q8), a draw (Q9)"))
        return Outcome.win(WHITE if white > black else BLACK, 2, reason)  # ruling Q9

    def legal_moves(self, position: TogyzPosition) -> Iterator[int]:
        if self.outcome(position) is not None:
            return iter(())
        pits = position.pits
        first = ROW * position.to_move
        # ruling Q1: any non-empty hole of the mover's row (a tuzdyk in it holds none, Q4)
        return (hole for hole in range(first, first + ROW) if pits[hole])

    def _legal_tokens(self, position: TogyzPosition) -> list[str]:
        return [self.format_move(m, position) for m in self.legal_moves(position)]

    def origin_of(self, move: int, position: TogyzPosition) -> str | None:
        """The hole a move empties, as the mover numbers it (``8``)."""
        return str(move % ROW + 1)

    def parse_move(self, token: str, position: TogyzPosition) -> int:
        parsed = _TOKENS.get(token) or _parse_token(token)
        if parsed is None:
            raise MoveSyntaxError(
                f'"{token}" is not a move in Togyz Kumalak: the hole played (1-9, from the '
                "mover's left), alone or with the hole where the last stone falls, then (n) "
                "after a capture (or nothing) and X (x, Х, х) for a tuzdyk: 8, 87, 87(10), "
                "68X (Q10)",
                legal=self._legal_tokens(position),
            )
        number, landing, claimed, mark = parsed
        pits, kazans, _, mover, _ = position
        hole = number - 1 + ROW * mover
        if not pits[hole] or kazans[0] >= TARGET or kazans[1] >= TARGET:
            self._refuse(token, position, hole)
        if landing:
            # ruling Q10: once the landing hole is written it must be right, and the
            # tuzdyk mark written exactly when the move makes a tuzdyk; (n) may be left
            # out, and where written it is the mover's exact total after a capture
            sowing = sow(position, hole)
            _CHECKED[0] = (position, hole, sowing)
            _, after, _, last, event = sowing
            if (
                last % ROW + 1 != landing
                or (claimed >= 0 and (event != CAPTURE or claimed != after[mover]))
                or (event == TUZDYK) != mark
            ):
                self._wrong_claim(token, position, hole, parsed, sowing)
        return hole

    def _refuse(self, token: str, position: TogyzPosition, hole: int) -> NoReturn:
        """Raise the error for a move the rules refuse: the game is over, or an empty hole."""
        outcome = self.outcome(position)
        if outcome is not None:  # ruling N2
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        mover = position.to_move
        legal = list(self.legal_moves(position))
        near = [str(h % ROW + 1) for h in (hole - 1, hole + 1) if h in legal and h // ROW == mover]
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        tuzdyk = hole == position.tuzdyks[1 - mover]
        what = f"{SEATS[1 - mover]}'s tuzdyk" if tuzdyk else "empty"
        raise IllegalMoveError(
            f"{hole_name(hole)} is {what}{hint}",
            legal=[self.format_move(m, position) for m in legal],
            code=Code.EMPTY_HOLE,
        )

    def _wrong_claim(
        self,
        token: str,
        position: TogyzPosition,
        hole: int,
        parsed: tuple[int, int, int, bool],
        sowing: Sowing,
    ) -> NoReturn:
        """Raise the error for a full token whose claims the move does not earn (Q10),
        naming the token the move earns and what it does."""
        _, landing, claimed, mark = parsed
        mover = position.to_move
        _, kazans, _, last, event = sowing
        total = kazans[mover]
        if landing != last % ROW + 1:
            problem = f"the last stone falls in {hole_name(last)}, not in hole {landing}"
            code = "wrong-landing"
        elif event != CAPTURE and claimed >= 0:
            problem = f"({claimed}) claims a capture, but the move captures nothing"
            code = "wrong-capture-count"
        elif claimed >= 0 and claimed != total:
            problem = (
                f"({claimed}) claims {SEATS[mover]} has {claimed}, but {SEATS[mover]} has {total}"
            )
            code = "wrong-capture-count"
        elif mark:
            problem = f"{token[-1]} claims a tuzdyk, but the move makes none"
            code = "wrong-tuzdyk"
        else:
            problem = "the move makes a tuzdyk, and the token leaves out X"
            code = "wrong-tuzdyk"
        right = _token(hole, last, event, total)
        raise IllegalMoveError(
            f"{problem}; the move is {right}: {self._effect(position, hole, sowing)} (Q10)",
            legal=self._legal_tokens(position),
            code=code,
        )

    def _effect(self, position: TogyzPosition, hole: int, sowing: Sowing) -> str:
        """What a move does, in players' words ("last stone in Black's 7, captures 10")."""
        mover = position.to_move
        name = SEATS[mover]
        _, kazans, _, last, event = sowing
        where = f"last stone in {hole_name(last)}"
        if last in position.tuzdyks:
            where += f" ({SEATS[last // ROW ^ 1]}'s tuzdyk)"
        into = kazans[mover] - position.kazans[mover]  # what the mover took, all told
        taken = 0
        if event:
            # the last stone's hole before it was taken: its stones and those sown into it
            stones = position.pits[hole]
            taken = (_sown(hole, stones) >> _SHIFT[last]) % 256 + (
                0 if last == hole else position.pits[last]
            )
        parts = [where]
        if event == CAPTURE:
            parts.append(f"captures {taken}")
        elif event == TUZDYK:
            parts.append(f"makes {hole_name(last)} {name}'s tuzdyk, takes 3")
        if into > taken:
            parts.append(f"{into - taken} into {name}'s tuzdyk")
        if into:
            parts.append(f"{name} has {kazans[mover]}")
        return ", ".join(parts)

    def describe_move(self, move: int, position: TogyzPosition) -> str:
        """Where the last stone falls, what it takes (Q4-Q6), and the end if the move brings it."""
        sowing = sow(position, move)
        parts = [self._effect(position, move, sowing)]
        outcome = self.outcome(self.play(position, move))
        if outcome is not None:
            parts.append(f"ends the game {outcome.result} ({outcome.reason})")
        return ", ".join(parts)

    def format_move(self, move: int, position: TogyzPosition, *, long: bool = False) -> str:
        """The full token (Q10): ``87``, ``87(10)``, ``68X``; the same in the long form."""
        sowing = sow(position, move)
        return _token(move, sowing[3], sowing[4], sowing[1][position.to_move])

    def format_played(
        self, move: int, before: TogyzPosition, after: TogyzPosition, *, long: bool = False
    ) -> str:
        """:meth:`format_move` of a move played, read from the position after it."""
        mover = before.to_move
        last = _LAST[move][before.pits[move]]
        if after.tuzdyks[mover] != before.tuzdyks[mover]:
            event = TUZDYK  # ruling Q6
        elif last // ROW != mover and last != after.tuzdyks[mover] and not after.pits[last]:
            event = CAPTURE  # ruling Q5: the last stone's hole was emptied by the capture
        else:
            event = QUIET
        return _token(move, last, event, after.kazans[mover])

    def play(self, position: TogyzPosition, move: int) -> TogyzPosition:
        checked = _CHECKED[0]
        if checked[0] is position and checked[1] == move:
            pits, kazans, tuzdyks, _, _ = checked[2]
        else:
            pits, kazans, tuzdyks, _, _ = sow(position, move)
        mover = position.to_move
        return _new_tuple(TogyzPosition, (pits, kazans, tuzdyks, 1 - mover, position.turn + 1))


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> TogyzVariant:
    """``[Game "Togyz Kumalak"]`` (or an alias); ``Rules`` is absent or ``togyz``: no options."""
    for word in (rules or "").split():
        if word.lower() != RULES:
            raise RulesError(
                f'unknown Togyz Kumalak ruleset or option "{word}" (it has only "{RULES}")'
            )
    return TogyzVariant()


__all__ = [
    "CAPTURE",
    "HOLES",
    "NO_TUZDYK",
    "QUIET",
    "ROW",
    "RULES",
    "SEATS",
    "STONES",
    "TARGET",
    "TUZDYK",
    "Sowing",
    "TogyzPosition",
    "TogyzVariant",
    "hole_name",
    "sow",
    "variant_from_tags",
]
