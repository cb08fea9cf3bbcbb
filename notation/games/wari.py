"""Trysse and Wari: two rows of six holes, one lap per move, capture 2s and 3s.

Seed 002 gives Trysse as D. Elson wrote it down; Michael Keller's notes turn
it into Wari. Rulings W1-W7, defined in ``docs/pmn.md`` (section 8, Trysse and Wari),
settle the open points.

Board (W1), seen by South, with the index each hole has here::

        f   e   d   c   b   a        North's holes, a-f from North's left
      [11][10] [9] [8] [7] [6]
       [0] [1] [2] [3] [4] [5]
        A   B   C   D   E   F        South's holes, A-F from South's left

Holes are stored in sowing order, so sowing is index arithmetic modulo 12:
``A``..``F`` are 0..5 and ``a``..``f`` are 6..11. A move is the index of the
hole emptied. Rulesets: ``trysse`` (the default, W5) and ``wari`` (W6);
option ``skip-origin`` (W2).

Ruleset ``abapa`` goes beyond the seed texts: it is the tournament Oware
Abapa of the Mind Sports Olympiad, as OpenSpiel's ``oware`` and the Aualé
program play it. Its rules have ids A1-A8, defined in ``docs/oware.md``:

- A1 the board and the start are those of W1;
- A2 one lap; on 12 or more stones the emptied hole is skipped;
- A3 captures of 2s and 3s as W3;
- A4 a move that would capture every stone on the opponent's side is legal
  but captures nothing (a "grand slam");
- A5 feeding as W4;
- A6 a player who must feed and cannot, or who has no stones to move, ends
  the game: each player takes the stones on its own side;
- A7 a position that occurred before (same holes, same player to move) ends
  the game the same way;
- A8 more than 24 captured wins at once; 24-24 is a draw.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from notation.errors import Code
from notation.games.base import (
    IllegalMoveError,
    MoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
)

NAMES = ("trysse", "wari", "oware")
RULESETS = ("trysse", "wari", "abapa")

SEATS = ("South", "North")
SOUTH, NORTH = 0, 1
HOLES = 12
STONES = 48
HOLE_NAMES = "ABCDEFabcdef"  # index -> letter (W1)
#: Canonical tokens by stones captured (0-48) and hole: "A", "A+2", ... (written once).
_PLAYED_TOKENS = tuple(
    tuple(letter + (f"+{captured}" if captured else "") for letter in HOLE_NAMES)
    for captured in range(STONES + 1)
)
#: A count in a token or a position string: ASCII digits only (``\d`` would take
#: ``²`` and ``٣``), and short enough to read (``int`` refuses 4,300 digits).
COUNT = r"[0-9]{1,9}"
_MOVE_RE = re.compile(rf"([A-Fa-f])(?:\+({COUNT}))?")
_POSITION_RE = re.compile(rf"({COUNT}(?:-{COUNT}){{13}})-([SN])")


_SIDES = (range(0, 6), range(6, 12))

_NO_STONES = (0,) * 6
_TARGETS = {"trysse": 21, "wari": 25, "abapa": 25}  # rulings W5, W6; abapa A8
#: Move tokens already read: token -> (hole index, claimed captures or None).
_TOKENS: dict[str, tuple[int, int | None]] = {}


def _parse_token(token: str) -> tuple[int, int | None] | None:
    """Read a move token (``C``, ``E+5``) into a hole index and a claim, remembering it."""
    match = _MOVE_RE.fullmatch(token)
    if match is None:
        return None
    claimed = match.group(2)
    parsed = (HOLE_NAMES.index(match.group(1)), None if claimed is None else int(claimed))
    if len(_TOKENS) < 1024:
        _TOKENS[token] = parsed
    return parsed


def side(seat: int) -> range:
    """The indices of a seat's six holes (W1)."""
    return _SIDES[seat]


#: What a repetition compares (A7): the holes and the player to move.
Board = tuple[tuple[int, ...], int]
_NONE: frozenset[Board] = frozenset()
#: Builds a named tuple from a tuple of its fields, skipping the generated ``__new__``.
_new_tuple = tuple.__new__


class WariPosition(NamedTuple):
    """A Trysse/Wari position: hole counts in sowing order, captures, who moves.

    A named tuple, not a frozen dataclass: the replay builds one a move, and a
    tuple is built twice as fast.

    ``seen`` is used by ruleset ``abapa`` only (A7): the boards (holes and
    player to move) of the earlier positions since the last capture. It is
    empty under ``trysse`` and ``wari``, and for a position read from a
    string (a game that starts from a ``Position`` tag counts repetitions
    from there).
    """

    pits: tuple[int, ...]  # 12 counts, A..F then a..f
    captured: tuple[int, int]  # South's, North's
    to_move: int  # SOUTH or NORTH
    turn: int = 0  # turns taken since the start
    # Boards, written out: a named tuple's generated __new__ cannot see the Board alias
    seen: frozenset[tuple[tuple[int, ...], int]] = frozenset()


@dataclass(frozen=True, slots=True)
class Sowing:
    """What a move does: the holes after sowing and capturing, and stones captured."""

    pits: tuple[int, ...]
    captured: int
    last: int  # index of the hole the last stone fell in


#: The holes a lap of fewer than 12 stones sows, by hole emptied and stones: it
#: never comes back to its own hole, so the W2 option does not change it.
_PATHS = tuple(
    tuple(tuple((hole + k) % HOLES for k in range(1, stones + 1)) for stones in range(HOLES))
    for hole in range(HOLES)
)


def _sow(
    board: tuple[int, ...], hole: int, mover: int, skip_origin: bool, abapa: bool
) -> tuple[tuple[int, ...], int, int]:
    """Sow ``hole`` and capture: the holes after, the stones captured, the last hole sown.

    A pure function of its arguments. Playing a move and checking its ``+n``
    call it directly; the questions asked of every move of one position (legal
    moves, feeding, the outcome) go through :func:`_sowing`, its memoised form.
    """
    pits = list(board)
    stones = pits[hole]
    pits[hole] = 0
    index = hole
    if stones < HOLES:  # ruling W2: one stone a hole counterclockwise, from the next one
        for index in _PATHS[hole][stones]:
            pits[index] += 1
    else:
        while stones:
            index = (index + 1) % HOLES
            if index == hole and skip_origin:  # ruling W2 option skip-origin; abapa A2
                continue
            pits[index] += 1  # ruling W2: the emptied hole is sown into on 12+ stones
            stones -= 1
    last = index
    opponent = _SIDES[1 - mover]
    if index not in opponent or pits[index] not in (2, 3):
        return tuple(pits), 0, last
    # ruling W3: capture 2s and 3s backwards from the last hole, on the opponent's side only
    taken = list(pits)
    captured = 0
    while index in opponent and taken[index] in (2, 3):
        captured += taken[index]
        taken[index] = 0
        index -= 1
    if abapa and not any(taken[i] for i in opponent):
        # abapa A4: a capture of every stone on the opponent's side captures nothing
        return tuple(pits), 0, last
    return tuple(taken), captured, last


#: :func:`_sow` memoised, for the questions several callers ask of one position
#: (the legal list and the outcome both sow every candidate). Playing a move does
#: not go through it: the replay's positions rarely repeat, and a look-up that
#: misses costs more than sowing again.
_sowing = lru_cache(maxsize=4096)(_sow)


#: Oware and the other names it is known by, each a ``Game`` value for the abapa rules.
OWARE_NAMES = ("Oware", "Awale", "Awele", "Awari", "Owari")
_OWARE_KEYS = frozenset(name.lower() for name in OWARE_NAMES)


@dataclass(frozen=True, slots=True)
class WariVariant(Variant[WariPosition, int]):
    """Trysse (``target`` 21, W5), Wari (``target`` 25, W6) or Oware Abapa (A1-A8);
    option ``skip-origin`` (W2, always on under ``abapa``: A2)."""

    ruleset: str = "trysse"
    skip_origin: bool = False

    seats = SEATS

    names = ("Trysse", "Wari", "Oware")
    selected_by = ()  # from_tags reads Game and Rules only
    #: Oware's other common names (Ghana, Côte d'Ivoire, the Caribbean, computer play):
    #: each a ``Game`` value for this board under the tournament rules, as "Oware" is.
    aliases = OWARE_NAMES[1:]
    board = "2x6"
    numberings = ("letters", "numbers", "own")
    hole_names = tuple(HOLE_NAMES)
    formats = ("ogn", "openspiel-actions")
    openspiel_name = "oware"
    foreign_names = (("Oware Abapa", "Wari", "abapa"),)  # Aualé's OGN Variant (A1-A8)

    @classmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> WariVariant:
        return variant_from_tags(game, rules, tags)

    @property
    def game(self) -> str:  # type: ignore[override]
        """The board's name under this ruleset: "Trysse" for ``trysse``, else "Wari"."""
        return "Trysse" if self.ruleset == "trysse" else "Wari"

    @property
    def title(self) -> str:
        """ "Oware" under the tournament rules (``abapa``), which people play by that name
        (and its others: :data:`OWARE_NAMES`); else the ``Game`` tag's name."""
        return "Oware" if self.ruleset == "abapa" else self.game

    @property
    def rules(self) -> str:  # type: ignore[override]
        if self.ruleset == "abapa":
            return "abapa"  # abapa A2: the origin is always skipped, no option to name
        return self.ruleset + (" skip-origin" if self.skip_origin else "")

    @property
    def abapa(self) -> bool:
        """Whether this is the tournament ruleset ``abapa`` (A1-A8)."""
        return self.ruleset == "abapa"

    @property
    def skips_origin(self) -> bool:
        """Whether sowing 12+ stones skips the emptied hole (W2 option; abapa A2)."""
        return self.skip_origin or self.ruleset == "abapa"

    @property
    def target(self) -> int:
        """Captures that win at once: 21 in Trysse (W5), 25 in Wari (W6) and abapa (A8)."""
        return _TARGETS[self.ruleset]

    # -- positions -------------------------------------------------------
    def initial_position(self) -> WariPosition:
        return WariPosition((4,) * HOLES, (0, 0), SOUTH, 0)  # ruling W1: 4 each, South first

    def parse_position(self, text: str) -> WariPosition:
        """Read Aualé's OGN position form: ``4-4-4-4-4-4-4-4-4-4-4-4-0-0-S``."""
        match = _POSITION_RE.fullmatch(text.strip())
        if match is None:
            raise PositionError(
                f'bad position "{text}": expected twelve hole counts from A counterclockwise, '
                "South's and North's captures and S or N, e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
            )
        numbers = tuple(int(n) for n in match.group(1).split("-"))
        if sum(numbers) != STONES:
            raise PositionError(
                f'bad position "{text}": holes and captures hold {sum(numbers)} stones, not {STONES}'
            )
        seat = SOUTH if match.group(2) == "S" else NORTH
        return WariPosition(numbers[:12], (numbers[12], numbers[13]), seat, seat)

    def format_position(self, position: WariPosition) -> str:
        numbers = (*position.pits, *position.captured)
        return "-".join(map(str, numbers)) + "-" + "SN"[position.to_move]

    def position_key(self, position: WariPosition) -> bytes:
        # what format_position writes, a byte a number (a hole or a store holds at most
        # the 48 stones) and the mover: 15 bytes, built in one call
        return bytes((*position.pits, *position.captured, position.to_move))

    def position_keys(self, positions: Sequence[WariPosition]) -> list[bytes]:
        # position_key's bytes, built in one loop (a call a position cost more than the key)
        return [bytes((*pits, *taken, mover)) for pits, taken, mover, _turn, _seen in positions]

    def move_word(self, token: str) -> str | None:
        # The hole alone names the move: two holes played from one position never give
        # one position. The hole played holds none after (ruling W2), or on 12 or more
        # stones without skip-origin a stone a lap, at most 4; played from the same
        # position, any other hole leaves it its stones (at least one, or 12 in the lap
        # case) and more, and captures take from the opponent's side only (W3).
        parsed = _TOKENS.get(token) or _parse_token(token)
        return None if parsed is None else HOLE_NAMES[parsed[0]]

    def may_reach(self, position: WariPosition, target: WariPosition) -> bool:
        # ruling W3 (abapa likewise): captured stones leave the board for good, so neither
        # seat's count of them ever falls
        south, north = position.captured
        return south <= target.captured[SOUTH] and north <= target.captured[NORTH]

    def to_move(self, position: WariPosition) -> int:
        return position.to_move

    def turn(self, position: WariPosition) -> int:
        return position.turn

    def scores(self, position: WariPosition) -> tuple[int, ...]:
        """Captures; when the game ended under W6 (or abapa A6/A7), each side's stones are added."""
        if self.ruleset != "trysse" and self._wari_sweep(position):
            return tuple(
                position.captured[seat] + sum(position.pits[i] for i in side(seat))
                for seat in (0, 1)
            )
        return position.captured

    def diagram(self, position: WariPosition) -> str:
        pits = position.pits
        rule = "    " + "+---" * 6 + "+"

        def row(indices: range) -> str:
            return "|".join(f"{pits[i]:>3}" for i in indices)

        lines = [
            "      " + "   ".join("fedcba"),
            rule,
            f"  N |{row(range(11, 5, -1))}|  North captured {position.captured[NORTH]}",
            rule,
            f"  S |{row(range(0, 6))}|  South captured {position.captured[SOUTH]}",
            rule,
            "      " + "   ".join("ABCDEF"),
        ]
        lines.append(self.status(position))
        return "\n".join(lines)

    # -- rules -----------------------------------------------------------
    def sow(self, position: WariPosition, hole: int) -> Sowing:
        """Sow ``hole`` for the player to move and make its captures (W2, W3)."""
        pits, captured, last = _sowing(
            position.pits, hole, position.to_move, self.skips_origin, self.ruleset == "abapa"
        )
        return Sowing(pits, captured, last)

    def _feeds(self, position: WariPosition, hole: int) -> bool:
        """Whether the move leaves the opponent at least one stone (W4)."""
        after = self.sow(position, hole).pits
        return any(after[i] for i in side(1 - position.to_move))

    def _must_feed(self, position: WariPosition) -> bool:
        """W4: the opponent's side is empty at the start of the turn."""
        return not any(position.pits[i] for i in side(1 - position.to_move))

    def _candidates(self, position: WariPosition) -> list[int]:
        return [i for i in side(position.to_move) if position.pits[i]]

    def _repeated(self, position: WariPosition) -> bool:
        """abapa A7: the holes and the player to move occurred before (since the last capture)."""
        return bool(position.seen) and (position.pits, position.to_move) in position.seen

    def _wari_sweep(self, position: WariPosition) -> bool:
        """W6 (abapa A6, A7): no stones to move, must feed and cannot, or (abapa) a repetition."""
        if max(position.captured) >= self.target:
            return False
        if self.ruleset == "abapa" and self._repeated(position):  # abapa A7
            return True
        candidates = self._candidates(position)
        if not candidates:
            return True
        return self._must_feed(position) and not any(self._feeds(position, h) for h in candidates)

    def outcome(self, position: WariPosition) -> Outcome | None:
        for seat in (SOUTH, NORTH):
            if position.captured[seat] >= self.target:  # rulings W5, W6: first to the target wins
                return Outcome.win(
                    seat, 2, f"{SEATS[seat]} captured {position.captured[seat]} stones"
                )
        mover = SEATS[position.to_move]
        if self.ruleset == "trysse":
            if not self._candidates(position):  # ruling W5: no stones at the start of the turn
                return Outcome.draw((0, 1), 2, f"{mover} has no stones to move: drawn (W5)")
            return None
        if self.ruleset == "abapa" and position.captured == (24, 24):  # abapa A8
            return Outcome.draw((0, 1), 2, "each player captured 24 stones: drawn (A8)")
        if not self._wari_sweep(position):
            return None
        # ruling W6, abapa A6/A7: every stone still on the board goes to the owner of its side
        totals = self.scores(position)
        if self.ruleset == "abapa" and self._repeated(position):
            why, rule = "the position repeats", "A7"
        elif not self._candidates(position):
            why, rule = f"{mover} has no stones to move", "A6" if self.abapa else "W6"
        else:
            why, rule = f"{mover} must feed and cannot", "A6" if self.abapa else "W6"
        reason = f"{why}; stones go to their side's owner: {totals[0]}-{totals[1]} ({rule})"
        if totals[0] == totals[1]:
            return Outcome.draw((0, 1), 2, reason)
        return Outcome.win(0 if totals[0] > totals[1] else 1, 2, reason)

    def legal_moves(self, position: WariPosition) -> Iterator[int]:
        if self.outcome(position) is not None:
            return iter(())
        candidates = self._candidates(position)
        if self._must_feed(position):
            feeding = [h for h in candidates if self._feeds(position, h)]  # ruling W4, abapa A5
            if feeding or self.ruleset != "trysse":
                return iter(feeding)
            # ruling W5: Trysse, cannot feed: the player moves as it likes
        return iter(candidates)

    def _legal_tokens(self, position: WariPosition) -> list[str]:
        return [self.format_move(m, position) for m in self.legal_moves(position)]

    def parse_move(self, token: str, position: WariPosition) -> int:
        parsed = _TOKENS.get(token) or _parse_token(token)
        if parsed is None:
            raise MoveSyntaxError(
                f'"{token}" is not a move in {self.game}: write the hole played, a letter A-F '
                "for South or a-f for North, and after it, when the move captures, a + and "
                "the number of stones taken (C, or C+2)",
                legal=self._legal_tokens(position),
            )
        hole, claimed = parsed
        pits, mover = position.pits, position.to_move
        if (
            pits[hole]
            and hole // 6 == mover  # SOUTH (0) owns holes 0-5, NORTH (1) holes 6-11
            and max(position.captured) < _TARGETS[self.ruleset]
            and (pits[6:] if mover == SOUTH else pits[:6]) != _NO_STONES
            and not (position.seen and self._repeated(position))
            and (claimed is None or claimed == self._captures(position, hole))
        ):
            # The common case, decided without generating moves: nobody has reached
            # the target, the mover has stones (this hole), the opponent has stones
            # (so W4 does not apply and, under Wari, W6 does not end the game), under
            # abapa the position is not a repetition (A7), and a +n claim is right.
            return hole
        return self._checked_move(token, position, hole, claimed)

    def _checked_move(
        self, token: str, position: WariPosition, hole: int, claimed: int | None
    ) -> int:
        """:meth:`parse_move` past its common case: the move, or the rule that refuses it
        (the game is over, the opponent's hole, an empty hole, W4, a wrong +n claim)."""
        letter = HOLE_NAMES[hole]
        outcome = self.outcome(position)
        if outcome is not None:  # ruling N2
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        mover = position.to_move
        if hole not in side(mover):
            own = HOLE_NAMES[hole].upper() if mover == SOUTH else HOLE_NAMES[hole].lower()
            raise IllegalMoveError(
                f"{letter} is {SEATS[1 - mover]}'s hole; {SEATS[mover]} moves with "
                f"{'A-F' if mover == SOUTH else 'a-f'} (did you mean {own}?)",
                legal=self._legal_tokens(position),
                code=Code.NOT_YOUR_HOLE,
            )
        if not position.pits[hole]:
            legal_holes = list(self.legal_moves(position))
            # a common slip when copying a score sheet: the hole next to the one played
            near = [
                HOLE_NAMES[h] for h in (hole - 1, hole + 1) if h in side(mover) and h in legal_holes
            ]
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            raise IllegalMoveError(
                f"hole {letter} is empty{hint}",
                legal=[self.format_move(m, position) for m in legal_holes],
                code=Code.EMPTY_HOLE,
            )
        legal = list(self.legal_moves(position))
        if hole not in legal:  # only W4 removes a non-empty own hole
            raise IllegalMoveError(
                f"{SEATS[1 - mover]} has no stones: {SEATS[mover]} must play a move that gives "
                f"it some (W4)",
                legal=[self.format_move(m, position) for m in legal],
                code=Code.MUST_FEED,
            )
        if claimed is not None:
            captured = self._captures(position, hole)
            if claimed != captured:
                raise IllegalMoveError(
                    f"{token} claims {claimed} stones captured, but {letter} captures {captured}",
                    legal=self._legal_tokens(position),
                    code=Code.WRONG_CAPTURE_COUNT,
                )
        return hole

    def describe_move(self, move: int, position: WariPosition) -> str:
        """Stones the move captures (W3), and the end of the game if it brings it."""
        captured = self.sow(position, move).captured
        parts = [f"captures {captured}"] if captured else []
        outcome = self.outcome(self.play(position, move))
        if outcome is not None:
            parts.append(f"ends the game {outcome.result} ({outcome.reason})")
        return ", ".join(parts)

    def _captures(self, position: WariPosition, hole: int) -> int:
        """Stones the move captures (W3). Not memoised: it checks a token's ``+n``, in a
        position the replay meets once, and a memo's miss costs more than the sowing."""
        abapa = self.ruleset == "abapa"
        return _sow(position.pits, hole, position.to_move, self.skip_origin or abapa, abapa)[1]

    def format_move(self, move: int, position: WariPosition, *, long: bool = False) -> str:
        captured = self._captures(position, move)
        return HOLE_NAMES[move] + (f"+{captured}" if captured else "")

    def format_played(
        self, move: int, before: WariPosition, after: WariPosition, *, long: bool = False
    ) -> str:
        """:meth:`format_move` of a move played: its captures are the mover's gain (W3)."""
        mover = before.to_move
        captured = after.captured[mover] - before.captured[mover]
        if captured < len(_PLAYED_TOKENS):
            return _PLAYED_TOKENS[captured][move]
        return HOLE_NAMES[move] + f"+{captured}"

    def play(self, position: WariPosition, move: int) -> WariPosition:
        abapa = self.ruleset == "abapa"
        pits, to_move, turn, seen = position.pits, position.to_move, position.turn, position.seen
        after, captured, _ = _sow(pits, move, to_move, self.skip_origin or abapa, abapa)
        if captured:
            south, north = position.captured
            if to_move == SOUTH:
                south += captured
            else:
                north += captured
            # abapa A7: a capture makes every earlier board unreachable (captured
            # stones never come back), so the boards remembered start again
            return _new_tuple(WariPosition, (after, (south, north), 1 - to_move, turn + 1, _NONE))
        if abapa:
            # abapa A7: remember the boards since the last capture
            seen = seen | {(pits, to_move)}
        return _new_tuple(WariPosition, (after, position.captured, 1 - to_move, turn + 1, seen))

    # -- OpenSpiel ``oware`` actions: 0-5, a hole from the mover's own left --
    @classmethod
    def openspiel_variant(cls) -> WariVariant:
        """OpenSpiel's ``oware`` plays the tournament rules, ruleset ``abapa`` (A1-A8)."""
        return cls("abapa")

    def move_of_action(self, position: WariPosition, action: int) -> int:
        """The hole an ``oware`` action (0-5, from the mover's left) empties. Raises MoveError."""
        if self.ruleset != "abapa":
            raise MoveError(
                f'OpenSpiel\'s oware plays the abapa rules, not {self.game} under "{self.rules}"',
                code=Code.BAD_MOVE_SYNTAX,
            )
        if not 0 <= action <= 5:
            raise MoveSyntaxError("an action is a number 0-5 (a hole from the mover's left)")
        outcome = self.outcome(position)
        if outcome is not None:
            raise IllegalMoveError(
                f"the game is already over ({outcome.result}: {outcome.reason})",
                code=Code.GAME_OVER,
            )
        legal = list(self.legal_moves(position))
        move = 6 * position.to_move + action
        if move not in legal:
            allowed = " ".join(str(m % 6) for m in legal)
            why = (
                "is empty" if not position.pits[move] else "does not give the opponent stones (A5)"
            )
            raise IllegalMoveError(
                f"hole {HOLE_NAMES[move]} {why} (legal actions: {allowed})",
                legal=[self.format_move(m, position) for m in legal],
            )
        return move

    def action_of_move(self, position: WariPosition, move: int) -> int:
        """The ``oware`` action of a move: the hole counted from its owner's left (0-5)."""
        return move % 6


def variant_from_tags(game: str, rules: str | None, tags: Mapping[str, str]) -> WariVariant:
    """``[Game "Trysse"]`` defaults to the ``trysse`` ruleset, ``[Game "Wari"]`` to ``wari``,
    ``[Game "Oware"]`` to ``abapa``.

    ``Rules`` holds the ruleset name then options separated by spaces:
    ``"wari skip-origin"``. An option alone (``"skip-origin"``) keeps the
    game's default ruleset. ``"abapa"`` selects the tournament Oware Abapa
    rules (A1-A8), which always skip the origin (``"abapa skip-origin"`` is
    accepted and means the same).
    """
    # [Game "Oware"] (or another of its names) is this board under its tournament rules,
    # abapa (beyond the seed texts)
    key = game.strip().lower()
    ruleset = "wari" if key == "wari" else "abapa" if key in _OWARE_KEYS else "trysse"
    skip_origin = False
    for word in (rules or "").split():
        lowered = word.lower()
        if lowered in RULESETS:
            ruleset = lowered
        elif lowered == "skip-origin":
            skip_origin = True
        else:
            raise RulesError(
                f'unknown Trysse/Wari ruleset or option "{word}" (rulesets: trysse, wari, abapa; '
                "option: skip-origin)"
            )
    return WariVariant(ruleset, skip_origin and ruleset != "abapa")


__all__ = [
    "HOLE_NAMES",
    "NAMES",
    "OWARE_NAMES",
    "RULESETS",
    "SEATS",
    "WariPosition",
    "WariVariant",
    "variant_from_tags",
]
