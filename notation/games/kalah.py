"""Kalah(6,4) as OpenSpiel's ``mancala`` plays it: two rows of six pits and two stores.

The rules have ids K1-K9, defined in ``docs/kalah.md``; each is cited where
the code applies it. Board (K1), seen by South, with the index each pit has
here (OpenSpiel's own indices, so a pit's index *is* its action id)::

              f    e    d    c    b    a          North's pits, a-f from North's left
      +----+[13] [12] [11] [10]  [9]  [8]+----+
      | [0]|                             | [7]|   stores: North's [0], South's [7]
      +----+ [1]  [2]  [3]  [4]  [5]  [6]+----+
              A    B    C    D    E    F          South's pits, A-F from South's left

Sowing runs counterclockwise through the indices 1..13, 0, 1..., skipping
the opponent's store (K3). A move is the index of the pit emptied.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from notation.errors import Code
from notation.games.base import (
    IllegalMoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)

SEATS = ("South", "North")
SOUTH, NORTH = 0, 1
SLOTS = 14  # 12 pits and 2 stores
SEEDS = 48  # K1: 4 seeds in each of the 12 pits
NORTH_STORE, SOUTH_STORE = 0, 7
STORES = (SOUTH_STORE, NORTH_STORE)  # by seat
#: A seat's pits, in sowing order (K1).
PITS = (range(1, 7), range(8, 14))
#: Pit index -> letter; the stores have no letters (K1).
PIT_NAMES = {
    **{i: "ABCDEF"[i - 1] for i in PITS[SOUTH]},
    **{i: "abcdef"[i - 8] for i in PITS[NORTH]},
}
PIT_OF_NAME = {name: index for index, name in PIT_NAMES.items()}
#: OpenSpiel's ``MaxGameLength()``: a game ends once more actions than this have been
#: played (K9: ``move_number_ > MaxGameLength()`` in OpenSpiel's mancala.cc), so the
#: 1,001st move is played and ends it.
MAX_ACTIONS = 1000

_MOVE_RE = re.compile(r"([A-Fa-f])(?:\+(\d+))?")
_POSITION_RE = re.compile(r"(\d+(?:-\d+){13})-([SN])")


@dataclass(frozen=True, slots=True)
class KalahPosition:
    """A Kalah position: the 14 slots in OpenSpiel's order, who moves, and two counters.

    ``pits[0]`` is North's store, ``pits[1:7]`` South's pits ``A``-``F``,
    ``pits[7]`` South's store, ``pits[8:14]`` North's pits ``a``-``f``.
    ``turn`` counts turns for the move numbers, an extra turn counting as the
    opponent's turn passed (K5); ``actions`` counts moves played, as
    OpenSpiel's move number does (K9).
    """

    pits: tuple[int, ...]
    to_move: int
    turn: int = 0
    actions: int = 0


@dataclass(frozen=True, slots=True)
class Sowing:
    """What a move does: the slots after it, the last slot sown, and the seeds captured."""

    pits: tuple[int, ...]
    last: int
    captured: int  # seeds the capture put in the mover's store (K4), 0 if none

    @property
    def extra_turn(self) -> bool:
        """Whether the last seed fell in the mover's store (K5)."""
        return self.last in STORES


@lru_cache(maxsize=4096)
def sow(pits: tuple[int, ...], pit: int, mover: int) -> Sowing:
    """Empty ``pit`` of ``mover`` and sow its seeds (K2, K3), then capture (K4)."""
    board = list(pits)
    seeds = board[pit]
    board[pit] = 0  # ruling K2: the whole pit is taken up
    index = pit
    skip = STORES[1 - mover]
    while seeds:
        index = (index + 1) % SLOTS
        if index == skip:  # ruling K3: the opponent's store is skipped
            index += 1
        board[index] += 1  # ruling K2: the emptied pit is sown into again on 13+ seeds
        seeds -= 1
    captured = 0
    opposite = SLOTS - index
    if index in PITS[mover] and board[index] == 1 and board[opposite]:
        # ruling K4: the last seed fell in an own pit that was empty, and the opposite
        # pit holds seeds: both go to the mover's store (an empty opposite pit: no capture)
        captured = board[opposite] + 1
        board[STORES[mover]] += captured
        board[index] = board[opposite] = 0
    return Sowing(tuple(board), index, captured)


def _side_empty(pits: tuple[int, ...], seat: int) -> bool:
    return not any(pits[i] for i in PITS[seat])


@dataclass(frozen=True, slots=True)
class KalahVariant(Variant[KalahPosition, int]):
    """Kalah with six pits a side and four seeds a pit, by OpenSpiel's ``mancala`` (K1-K9)."""

    seats = SEATS

    names = ("Kalah",)
    selected_by = ()  # from_tags reads Game and Rules only
    board = "kalah"
    formats = ("openspiel-actions",)
    openspiel_name = "mancala"

    @property
    def game(self) -> str:  # type: ignore[override]
        return "Kalah"

    @property
    def rules(self) -> str:  # type: ignore[override]
        return "kalah"

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> KalahVariant:
        return variant_from_tags(game, rules, tags)

    # -- positions -------------------------------------------------------
    def initial_position(self) -> KalahPosition:
        # ruling K1: four seeds in every pit, empty stores, South first
        return KalahPosition(tuple(0 if i in STORES else 4 for i in range(SLOTS)), SOUTH)

    def parse_position(self, text: str) -> KalahPosition:
        """Read ``4-4-4-4-4-4-0-4-4-4-4-4-4-0-S``: ``A``-``F``, South's store, ``a``-``f``,
        North's store, then who moves."""
        match = _POSITION_RE.fullmatch(text.strip())
        if match is None:
            raise PositionError(
                f'bad position "{text}": expected fourteen counts from A counterclockwise '
                "(A-F, South's store, a-f, North's store) and S or N, "
                "e.g. 4-4-4-4-4-4-0-4-4-4-4-4-4-0-S"
            )
        numbers = [int(n) for n in match.group(1).split("-")]
        if sum(numbers) != SEEDS:
            raise PositionError(
                f'bad position "{text}": pits and stores hold {sum(numbers)} seeds, not {SEEDS}'
            )
        seat = SOUTH if match.group(2) == "S" else NORTH
        # the string runs from A (index 1); North's store (index 0) comes last
        return KalahPosition((numbers[13], *numbers[:13]), seat, seat)

    def format_position(self, position: KalahPosition) -> str:
        numbers = (*position.pits[1:], position.pits[0])
        return "-".join(map(str, numbers)) + "-" + "SN"[position.to_move]

    def may_reach(self, position: KalahPosition, target: KalahPosition) -> bool:
        # rulings K2-K4: seeds go into a store (sown, K3, or captured, K4) and never leave
        # it, so neither store ever holds fewer
        pits, goal = position.pits, target.pits
        return pits[NORTH_STORE] <= goal[NORTH_STORE] and pits[SOUTH_STORE] <= goal[SOUTH_STORE]

    def to_move(self, position: KalahPosition) -> int:
        return position.to_move

    def turn(self, position: KalahPosition) -> int:
        return position.turn

    def scores(self, position: KalahPosition) -> tuple[int, ...]:
        """The stores; once the game is over, each store plus the seeds left on its side (K7)."""
        if self._over(position):
            return self._totals(position)
        return position.pits[SOUTH_STORE], position.pits[NORTH_STORE]

    def diagram(self, position: KalahPosition) -> str:
        pits = position.pits

        def row(indices: range | list[int]) -> str:
            return "|".join(f"{pits[i]:>3}" for i in indices)

        rule = "      " + "+---" * 6 + "+"
        lines = [
            "        " + "   ".join("fedcba"),
            rule,
            f"  N   |{row(list(reversed(PITS[NORTH])))}|",
            f"{pits[NORTH_STORE]:>4}  " + "+---" * 6 + f"+ {pits[SOUTH_STORE]:>3}",
            f"  S   |{row(PITS[SOUTH])}|",
            rule,
            "        " + "   ".join("ABCDEF"),
            f"North's store {pits[NORTH_STORE]} (left), South's store {pits[SOUTH_STORE]} (right)",
            self.status(position),
        ]
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def _over(self, position: KalahPosition) -> bool:
        # ruling K6: the game ends as soon as either side's pits are empty, whoever moves next
        return (
            _side_empty(position.pits, SOUTH)
            or _side_empty(position.pits, NORTH)
            or position.actions > MAX_ACTIONS  # ruling K9
        )

    def _totals(self, position: KalahPosition) -> tuple[int, int]:
        # ruling K7: the seeds left in the pits go to the owner of their side
        pits = position.pits
        return (
            pits[SOUTH_STORE] + sum(pits[i] for i in PITS[SOUTH]),
            pits[NORTH_STORE] + sum(pits[i] for i in PITS[NORTH]),
        )

    def outcome(self, position: KalahPosition) -> Outcome | None:
        if not self._over(position):
            return None
        south, north = self._totals(position)
        if position.actions > MAX_ACTIONS:
            why = f"more than {MAX_ACTIONS} moves played (K9)"
        else:
            empty = SOUTH if _side_empty(position.pits, SOUTH) else NORTH
            why = f"{SEATS[empty]}'s pits are empty (K6)"
        reason = f"{why}; seeds go to their side's owner: {south}-{north} (K7)"
        if south == north:  # ruling K8: equal totals draw
            return Outcome.draw((SOUTH, NORTH), 2, reason)
        return Outcome.win(SOUTH if south > north else NORTH, 2, reason)  # ruling K8

    def legal_moves(self, position: KalahPosition) -> Iterator[int]:
        if self._over(position):
            return iter(())
        # ruling K2: any non-empty pit of the mover's, in OpenSpiel's (sorted) order
        return (i for i in PITS[position.to_move] if position.pits[i])

    def _legal_tokens(self, position: KalahPosition) -> list[str]:
        return [self.format_move(m, position) for m in self.legal_moves(position)]

    def parse_move(self, token: str, position: KalahPosition) -> int:
        match = _MOVE_RE.fullmatch(token)
        if match is None:
            raise MoveSyntaxError(
                f'"{token}" is not a Kalah move: a pit letter A-F (South) or a-f (North), '
                "optionally with +n for the seeds it captures",
                legal=self._legal_tokens(position),
            )
        pit = PIT_OF_NAME[match.group(1)]
        mover = position.to_move
        outcome = self.outcome(position)
        if outcome is not None:  # ruling N2
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        if pit not in PITS[mover]:
            own = match.group(1).swapcase()
            raise IllegalMoveError(
                f"{match.group(1)} is {SEATS[1 - mover]}'s pit; {SEATS[mover]} moves with "
                f"{'A-F' if mover == SOUTH else 'a-f'} (did you mean {own}?)",
                legal=self._legal_tokens(position),
                code=Code.NOT_YOUR_HOLE,
            )
        if not position.pits[pit]:
            near = [
                PIT_NAMES[p] for p in (pit - 1, pit + 1) if p in PITS[mover] and position.pits[p]
            ]
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            raise IllegalMoveError(
                f"pit {match.group(1)} is empty{hint}",
                legal=self._legal_tokens(position),
                code=Code.EMPTY_HOLE,
            )
        claimed = match.group(2)
        if claimed is not None:
            captured = sow(position.pits, pit, mover).captured
            if int(claimed) != captured:
                raise IllegalMoveError(
                    f"{token} claims {int(claimed)} seeds captured, but {match.group(1)} "
                    f"captures {captured}",
                    legal=self._legal_tokens(position),
                    code=Code.WRONG_CAPTURE_COUNT,
                )
        return pit

    def format_move(self, move: int, position: KalahPosition, *, long: bool = False) -> str:
        captured = sow(position.pits, move, position.to_move).captured
        return PIT_NAMES[move] + (f"+{captured}" if captured else "")

    def describe_move(self, move: int, position: KalahPosition) -> str:
        """Seeds captured (K4), another turn (K5), and the end of the game if it brings it."""
        sowing = sow(position.pits, move, position.to_move)
        parts = [f"captures {sowing.captured}"] if sowing.captured else []
        after = self.play(position, move)
        outcome = self.outcome(after)
        if outcome is not None:
            parts.append(f"ends the game {outcome.result} ({outcome.reason})")
        elif sowing.extra_turn:
            parts.append(f"last seed in the store: {SEATS[position.to_move]} moves again")
        return ", ".join(parts)

    def play(self, position: KalahPosition, move: int) -> KalahPosition:
        mover = position.to_move
        sowing = sow(position.pits, move, mover)
        if sowing.last == STORES[mover]:
            # ruling K5: the same player moves again; for the move numbers the
            # opponent's turn is passed, so the mover keeps its own numbering
            return KalahPosition(sowing.pits, mover, position.turn + 2, position.actions + 1)
        return KalahPosition(sowing.pits, 1 - mover, position.turn + 1, position.actions + 1)

    # -- OpenSpiel actions (K1: a pit's index is its action id) ------------
    def move_of_action(self, position: KalahPosition, action: int) -> int:
        """The move of OpenSpiel ``mancala`` action ``action`` (1-6 South's A-F, 8-13 North's a-f)."""
        legal = list(self.legal_moves(position))
        if action in legal:
            return action
        outcome = self.outcome(position)
        if outcome is not None:
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        allowed = " ".join(map(str, legal))
        if action not in PIT_NAMES:
            raise MoveSyntaxError(
                f"a mancala action is a pit number 1-6 (South's A-F) or 8-13 (North's a-f) "
                f"(legal actions: {allowed})",
                legal=self._legal_tokens(position),
            )
        if action not in PITS[position.to_move]:
            raise IllegalMoveError(
                f"pit {PIT_NAMES[action]} is {SEATS[1 - position.to_move]}'s "
                f"(legal actions: {allowed})",
                legal=self._legal_tokens(position),
                code=Code.NOT_YOUR_HOLE,
            )
        raise IllegalMoveError(
            f"pit {PIT_NAMES[action]} is empty (legal actions: {allowed})",
            legal=self._legal_tokens(position),
            code=Code.EMPTY_HOLE,
        )

    def action_of_move(self, position: KalahPosition, move: int) -> int:
        """OpenSpiel's action id of a move: the pit's index."""
        return move


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> KalahVariant:
    """``[Game "Kalah"]``; ``Rules`` is absent or ``"kalah"``: there are no options."""
    for word in (rules or "").split():
        if word.lower() != "kalah":
            raise RulesError(f'unknown Kalah ruleset or option "{word}" (Kalah has only "kalah")')
    return KalahVariant()


__all__ = [
    "MAX_ACTIONS",
    "PIT_NAMES",
    "SEATS",
    "KalahPosition",
    "KalahVariant",
    "Sowing",
    "sow",
    "variant_from_tags",
]
