"""A reference Togyz Kumalak engine, written from the rule text (Q1-Q10), stone by stone.

Slow and plain on purpose: it shares nothing with ``notation.games.togyz`` (no
tables, no sowing order indices, no byte boards). Each player's row is a list
indexed by the hole's own number, 1-9 from that player's left; stones are
carried one at a time from hole to hole; a tuzdyk is remembered as the number
of the hole in the opponent's row. ``tests/games/test_togyz_reference.py``
plays the fast engine against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WHITE, BLACK = 0, 1
NAMES = ("White", "Black")


@dataclass
class Game:
    """A position: ``rows[seat][n]`` is the count in ``seat``'s hole ``n`` (1-9; index 0
    unused); ``kazan[seat]`` its stones; ``tuzdyk[seat]`` the number of the hole in the
    opponent's row that ``seat`` owns, or None; ``mover`` the seat to move."""

    rows: list[list[int]] = field(default_factory=lambda: [[0] + [9] * 9, [0] + [9] * 9])
    kazan: list[int] = field(default_factory=lambda: [0, 0])
    tuzdyk: list[int | None] = field(default_factory=lambda: [None, None])
    mover: int = WHITE

    def copy(self) -> Game:
        return Game(
            [list(self.rows[0]), list(self.rows[1])],
            list(self.kazan),
            list(self.tuzdyk),
            self.mover,
        )

    # -- what the rules say about a hole -----------------------------------------
    def owner_of_tuzdyk(self, side: int, number: int) -> int | None:
        """Whose tuzdyk hole ``number`` of ``side``'s row is (a tuzdyk lies in the
        opponent's row of its owner), or None."""
        other = 1 - side
        return other if self.tuzdyk[other] == number else None

    def result(self) -> tuple[str, str] | None:
        """(result, which rule) when the game is over, else None (Q7, Q8, Q9)."""
        for seat in (WHITE, BLACK):
            if self.kazan[seat] >= 82:  # Q7
                return ("1-0" if seat == WHITE else "0-1"), "Q7"
        if sum(self.rows[self.mover][1:]) == 0:  # Q8
            totals = list(self.kazan)
            other = 1 - self.mover
            totals[other] += sum(self.rows[other][1:])
            if totals[0] == totals[1]:  # Q9
                return "1/2-1/2", "Q9"
            return ("1-0" if totals[0] > totals[1] else "0-1"), "Q8"
        return None

    def final_scores(self) -> tuple[int, int]:
        """The kazans; when Q8 ended the game, with the board's stones given to their row's owner."""
        over = self.result()
        totals = list(self.kazan)
        if over is not None and over[1] != "Q7":
            for seat in (WHITE, BLACK):
                totals[seat] += sum(self.rows[seat][1:])
        return totals[0], totals[1]

    def legal(self) -> list[int]:
        """The holes (1-9, the mover's numbering) the mover may play (Q1)."""
        if self.result() is not None:
            return []
        row = self.rows[self.mover]
        own_row_tuzdyk = self.tuzdyk[1 - self.mover]  # the opponent's tuzdyk is in my row
        return [n for n in range(1, 10) if row[n] > 0 and n != own_row_tuzdyk]

    # -- a move -----------------------------------------------------------------
    def drop(self, side: int, number: int) -> None:
        """One stone into hole ``number`` of ``side``'s row; a tuzdyk's goes to its owner (Q4)."""
        owner = self.owner_of_tuzdyk(side, number)
        if owner is not None:
            self.kazan[owner] += 1
        else:
            self.rows[side][number] += 1

    def play(self, hole: int) -> str:
        """Play hole ``hole`` (1-9) for the mover; returns PlayOK's full token (Q10)."""
        assert hole in self.legal(), (hole, self.legal())
        me = self.mover
        stones = self.rows[me][hole]
        self.rows[me][hole] = 0  # Q1: take every stone
        side, number = me, hole
        if stones == 1:
            # Q3: a single stone moves on to the next hole
            side, number = step(side, number)
            self.drop(side, number)
        else:
            # Q2: the first stone back into the emptied hole, then one a hole onwards
            self.drop(side, number)
            stones -= 1
            while stones > 0:
                side, number = step(side, number)
                self.drop(side, number)
                stones -= 1
        token = f"{hole}{number}"
        opponent = 1 - me
        in_tuzdyk = self.owner_of_tuzdyk(side, number) is not None
        if side == opponent and not in_tuzdyk:
            count = self.rows[side][number]
            if count % 2 == 0:  # Q5
                self.kazan[me] += count
                self.rows[side][number] = 0
                token += f"({self.kazan[me]})"
            elif (
                count == 3
                and self.tuzdyk[me] is None  # Q6 (a)
                and number != 9  # Q6 (b)
                and self.tuzdyk[opponent] != number  # Q6 (c)
            ):
                self.tuzdyk[me] = number
                self.kazan[me] += 3
                self.rows[side][number] = 0
                token += "X"
        self.mover = opponent
        return token

    def rows_and_tuzdyks(
        self,
    ) -> tuple[list[int], list[int], tuple[int, int], int | None, int | None]:
        """White's row, Black's row (1-9), the kazans, White's and Black's tuzdyk numbers."""
        return (
            self.rows[0][1:],
            self.rows[1][1:],
            (self.kazan[0], self.kazan[1]),
            self.tuzdyk[0],
            self.tuzdyk[1],
        )


def step(side: int, number: int) -> tuple[int, int]:
    """The next hole anticlockwise: along a row to its ninth hole, then the other row's first."""
    if number < 9:
        return side, number + 1
    return 1 - side, 1
