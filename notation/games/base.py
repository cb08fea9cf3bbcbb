"""The contract every game implements, and the values all games share.

A *variant* is one game played under one ruleset with its options (Wari,
Trysse with ``skip-origin``, Tricala for three players with ``tie=draw``...).
It is a small immutable object holding no game state; every method is a pure
function over immutable *positions* and *moves*:

    variant.initial_position()            -> Position
    variant.legal_moves(position)         -> iterator of Move
    variant.parse_move(token, position)   -> Move       (raises MoveError)
    variant.play(position, move)          -> Position   (a new position)
    variant.format_move(move, position)   -> str        (canonical token)
    variant.outcome(position)             -> Outcome | None

The record layer (tags, movetext, comments, variations) knows nothing of any
game; the replay layer (``notation.core.replay``) brings a record and a variant
together. Each game owns one module in this package.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Generic, TypeVar

from notation.errors import Code, PMNError

P = TypeVar("P")  # a game's position type (immutable, hashable)
M = TypeVar("M")  # a game's move type (immutable, hashable)


class RulesError(PMNError):
    """A record's ``Game``/``Rules`` tags name no known game, ruleset or option."""

    code = Code.UNKNOWN_RULES


class PositionError(PMNError):
    """A position string cannot be read for this game."""

    code = Code.BAD_POSITION


class MoveError(PMNError):
    """A move token cannot be played in a position.

    ``code`` is a stable, machine-readable error code (documented in
    ``docs/pmn.md``); ``reason`` is the explanation in words; ``legal`` lists
    the legal moves in the position as canonical tokens (empty when the game
    is over), so an error message can say what was allowed.
    """

    code: str = Code.ILLEGAL_MOVE

    def __init__(self, reason: str, *, legal: Sequence[str] = (), code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.legal: tuple[str, ...] = tuple(legal)
        if code is not None:
            self.code = code


class MoveSyntaxError(MoveError):
    """The token is not a move of this game at all (``Q7``, ``7a`` ...)."""

    code = Code.BAD_MOVE_SYNTAX


class IllegalMoveError(MoveError):
    """The token names a move the rules do not allow in this position."""

    code = Code.ILLEGAL_MOVE


class AmbiguousMoveError(MoveError):
    """The token fits several legal moves that lead to different positions.

    ``candidates`` holds tokens that would tell them apart.
    """

    code = Code.AMBIGUOUS_MOVE

    def __init__(
        self,
        reason: str,
        *,
        candidates: Sequence[str] = (),
        legal: Sequence[str] = (),
        code: str | None = None,
    ) -> None:
        super().__init__(reason, legal=legal, code=code)
        self.candidates: tuple[str, ...] = tuple(candidates)


@dataclass(frozen=True, slots=True)
class MoveCount:
    """How many legal moves a bounded count found (:meth:`Variant.count_moves`).

    ``exact``: ``count`` is all of them. Otherwise counting stopped before the
    end and there are at least ``count``; ``more`` tells that a move past
    ``count`` was seen (there are more than ``count``).
    """

    count: int
    exact: bool
    more: bool = False


#: A move's long form begins with the pit it is sown from (``C``, ``C+3``, ``1a/5+1``,
#: ``3a[BW]-3c``); a set-up move that names three pits joined by "+" (``1a+2b+3c``)
#: is sown from none.
_ORIGIN_RE = re.compile(r"([0-9]*[A-Za-z])(?:\+[0-9]+|[^+].*)?", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``points`` holds each seat's points in seat order (1 for a win, 0 for a
    loss, fractions for a shared draw); ``reason`` says in words why the
    game ended ("South captured 25 stones").
    """

    points: tuple[Fraction, ...]
    reason: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a report's outcome crosses to the parent process with every game: whole
        # numbers pickle faster than Fractions (which are rebuilt from strings)
        pairs = tuple((point.numerator, point.denominator) for point in self.points)
        return _outcome_of_pairs, (pairs, self.reason)

    @property
    def result(self) -> str:
        """The PMN result token, e.g. ``1-0``, ``1/2-1/2``, ``0-1/2-1/2``."""
        return format_result(self.points)

    @classmethod
    def win(cls, seat: int, seats: int, reason: str) -> Outcome:
        """A single winner: ``seat`` gets 1 point, every other seat 0."""
        return cls(_win_points(seat, seats), reason)

    @classmethod
    def draw(cls, among: Sequence[int], seats: int, reason: str) -> Outcome:
        """A draw shared equally among ``among``; every other seat gets 0."""
        share = Fraction(1, len(among))
        return cls(tuple(share if i in among else Fraction(0) for i in range(seats)), reason)


@cache
def _win_points(seat: int, seats: int) -> tuple[Fraction, ...]:
    """The points of a win by ``seat``, made once (games end in a win again and again)."""
    return tuple(_ONE if i == seat else _ZERO for i in range(seats))


def _outcome_of_pairs(pairs: tuple[tuple[int, int], ...], reason: str) -> Outcome:
    """The :class:`Outcome` pickled as each seat's points' numerator and denominator."""
    return Outcome(
        tuple(Fraction(numerator, denominator) for numerator, denominator in pairs), reason
    )


def format_result(points: Sequence[Fraction]) -> str:
    """Format per-seat points as a result token: ``(1, 0)`` -> ``1-0``."""
    return "-".join(
        str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}" for p in points
    )


_ZERO, _ONE = Fraction(0), Fraction(1)
#: The points of result tokens read before (a Fraction is slow to build from text).
_RESULTS: dict[str, tuple[Fraction, ...]] = {}


def parse_result(token: str) -> tuple[Fraction, ...] | None:
    """Parse a result token into per-seat points; ``*`` (unfinished) gives None.

    Raises ValueError for a part that is not a number, and ZeroDivisionError
    for a zero denominator (``1/0``).
    """
    if token == "*":
        return None
    points = _RESULTS.get(token)
    if points is None:
        points = tuple(Fraction(part) for part in token.split("-"))
        if len(_RESULTS) < 256:  # a bounded memo: "1-0", "0-1", "1/2-1/2" and a few more
            _RESULTS[token] = points
    return points


class Variant(abc.ABC, Generic[P, M]):
    """One game under one ruleset: the rules as pure functions.

    Subclasses are immutable (frozen dataclasses) and cheap to compare; two
    variants are equal when they play by the same rules.
    """

    # -- what the game declares (the registry, notation.games, reads these) --
    #: ``Game`` tag values this class plays, canonical spelling first
    #: (``("Trysse", "Wari", "Oware")``); matched case-insensitively.
    names: ClassVar[tuple[str, ...]] = ()
    #: Other spellings of the names, also accepted in a ``Game`` tag.
    aliases: ClassVar[tuple[str, ...]] = ()
    #: The board family ("2x6", "triangle", "3x12", "kalah"): games of one family
    #: share pit names, hole numberings and drawings (the renderer keeps the drawing
    #: of each family, ``notation.render.svg.DRAWINGS``: a game names no renderer).
    board: ClassVar[str] = ""
    #: Hole numberings (``Pits`` tag values) the board supports, default first;
    #: empty when moves have only the game's own pit names.
    numberings: ClassVar[tuple[str, ...]] = ()
    #: Hole names in sowing order, for the numberings (``notation.core.pits``).
    hole_names: ClassVar[tuple[str, ...]] = ()
    #: Formats beyond PMN text, JSON and JSON Lines that hold this game
    #: (``"ogn"``, ``"openspiel-actions"``).
    formats: ClassVar[tuple[str, ...]] = ()
    #: How many seats the game can have (Tricala: ``(2, 3)``); the ``Players`` tag picks one.
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    #: Names other programs give variants of this game, each with the ``Game`` and
    #: ``Rules`` tags it stands for: ``(("Oware Abapa", "Wari", "abapa"),)`` (Aualé's OGN).
    foreign_names: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: OpenSpiel's name for the game, when ``openspiel-actions`` holds it.
    openspiel_name: ClassVar[str | None] = None
    #: Why the rules pass over a seat's turn, in words a recorder says ("no stones on the
    #: board (ruling T10)"), when they pass turns a player is told of; None: they pass none
    #: (a turn counted as passed by another rule, such as Kalah's extra move, is not said).
    pass_reason: ClassVar[str | None] = None
    #: The tags besides ``Game`` and ``Rules`` whose values :meth:`from_tags` reads
    #: (``()``: none, so one variant serves every record with the same ``Game`` and
    #: ``Rules``, and the archive commands look it up once); None: it may read any.
    selected_by: ClassVar[tuple[str, ...] | None] = None

    @classmethod
    @abc.abstractmethod
    def from_tags(cls, game: str, rules: str | None, tags: dict[str, str]) -> Variant[Any, Any]:
        """The variant a record's ``Game`` and ``Rules`` tags (and other tags) select.

        Raises RulesError for a ruleset or option the game does not know.
        """

    #: The value of the ``Game`` tag for this board ("Trysse", "Tricala", "Trias").
    game: str
    #: The canonical ``Rules`` tag value: ruleset name then options, e.g. "wari skip-origin".
    rules: str
    #: Seat tag names in turn order ("South", "North") or ("White", "Black", "Red").
    seats: tuple[str, ...]

    @property
    def title(self) -> str:
        """The name people know this variant by, for what is shown to them (``pmn stats``,
        ``pmn openings``): the ``Game`` tag's value unless the game says otherwise (Wari's
        tournament ruleset is "Oware")."""
        return self.game

    # -- positions -------------------------------------------------------
    @abc.abstractmethod
    def initial_position(self) -> P:
        """The standard start position of this variant."""

    @abc.abstractmethod
    def parse_position(self, text: str) -> P:
        """Read a position string (the ``Position`` tag). Raises PositionError."""

    @abc.abstractmethod
    def format_position(self, position: P) -> str:
        """Write a position string; ``parse_position`` reads it back exactly."""

    def position_key(self, position: P) -> bytes:
        """Bytes equal for two positions exactly when their position strings are: what
        the archive tools hash to find copies of a game and positions in an index. A
        game may give something cheaper to build than the string; a variant's keys are
        either all one length or each ended by a NUL byte (the default: the position
        string, NUL-ended), so that a game's keys joined are unambiguous."""
        return self.format_position(position).encode("utf-8") + b"\0"

    def position_keys(self, positions: Sequence[P]) -> list[bytes]:
        """:meth:`position_key` of each position (a game may build them in one loop, which
        costs less than a call a position)."""
        key = self.position_key
        return [key(position) for position in positions]

    def move_word(self, token: str) -> str | None:
        """A name for the move ``token`` writes, read without a position and the same for
        every spelling of one move (Wari's ``C`` and ``C+2`` are both ``C``), given only
        by a game in which two different moves from one position never lead to the same
        position: two games of it that pass through the same positions then write the
        same words, so games whose words differ are not copies of each other (``pmn
        dedupe`` replays only the games whose words another game shares). None: the token
        is no move, or (the default) the game gives no such name."""
        return None

    def may_reach(self, position: P, target: P) -> bool:
        """Whether a game at ``position`` may yet come to ``target`` (or is at it): False
        only where the rules rule it out, by a bound such as stones taken never coming back
        (a bound, not a search: True does not mean the target can be reached). A search for
        one position stops walking a game once this is False. By default always True."""
        return True

    @abc.abstractmethod
    def to_move(self, position: P) -> int:
        """The seat index (0-based, into ``seats``) of the player to move."""

    @abc.abstractmethod
    def turn(self, position: P) -> int:
        """Turns taken since the standard start, passes included (0 at the start).

        Move numbers derive from it: move ``turn // len(seats) + 1``.
        A position read from a string that does not record it starts at the
        turn of its player to move in the first round (its seat index).
        """

    @abc.abstractmethod
    def scores(self, position: P) -> tuple[int, ...]:
        """Stones each seat has captured (Trias: removed), in seat order (the ``Score`` tag)."""

    @abc.abstractmethod
    def diagram(self, position: P) -> str:
        """A plain-text drawing of the board with pit names, scores and the player to move."""

    # -- moves -----------------------------------------------------------
    @abc.abstractmethod
    def outcome(self, position: P) -> Outcome | None:
        """The outcome if the game is over by the rules in this position, else None."""

    @abc.abstractmethod
    def legal_moves(self, position: P) -> Iterator[M]:
        """Every legal move in the position, each once; none when the game is over."""

    def origin_of(self, move: M, position: P) -> str | None:
        """The name of the pit ``move`` is sown from (as its long form names it), or None."""
        match = _ORIGIN_RE.fullmatch(self.format_move(move, position, long=True))
        return match.group(1) if match else None

    def moves_from(self, position: P, pit: str) -> Iterator[M]:
        """The legal moves sown from ``pit``, lazily, in :meth:`legal_moves`' order.

        A game with very many moves overrides it to search that pit alone.
        """
        return (
            move for move in self.legal_moves(position) if self.origin_of(move, position) == pit
        )

    def count_moves(self, position: P, most: int, pit: str | None = None) -> MoveCount:
        """How many legal moves there are (sown from ``pit`` when given), counting at most ``most``.

        Bounded work: past ``most`` moves the count stops (``more``); a game
        whose search can be long also stops at a bound of its own work (then
        not ``exact``, and not ``more``: there are at least ``count``).
        """
        moves = self.legal_moves(position) if pit is None else self.moves_from(position, pit)
        count = 0
        for _ in moves:
            if count >= most:
                return MoveCount(count, False, True)
            count += 1
        return MoveCount(count, True)

    @abc.abstractmethod
    def parse_move(self, token: str, position: P) -> M:
        """Read a move token (annotations already removed) and check it is legal.

        Raises MoveSyntaxError, IllegalMoveError or AmbiguousMoveError, each
        carrying the reason and the legal moves.
        """

    @abc.abstractmethod
    def format_move(self, move: M, position: P, *, long: bool = False) -> str:
        """The canonical token of a legal move; ``long`` asks for the full form."""

    def format_played(self, move: M, before: P, after: P, *, long: bool = False) -> str:
        """The canonical token of a legal move just played from ``before`` to ``after``.

        The same token as ``format_move(move, before, long=long)``; a game whose
        token says what the move did (Wari's ``+n``) reads it from ``after``
        rather than playing the move again (the canonical writer's path).
        """
        return self.format_move(move, before, long=long)

    @abc.abstractmethod
    def play(self, position: P, move: M) -> P:
        """The position after a legal move (a new value; ``position`` is unchanged)."""

    def status(self, position: P) -> str:
        """The last line of a diagram: who is to move, or how the game ended."""
        outcome = self.outcome(position)
        if outcome is None:
            return f"{self.seats[self.to_move(position)]} to move"
        return f"Game over: {outcome.result} ({outcome.reason})"

    def describe_move(self, move: M, position: P) -> str:
        """What a legal move does, in words ("captures 5", "3 laps, removes 2").

        The default compares the seats' scores before and after; games with
        more to say (laps, transfers) override it.
        """
        mover = self.to_move(position)
        before = self.scores(position)
        after_position = self.play(position, move)
        after = self.scores(after_position)
        gained = after[mover] - before[mover]
        parts = [f"captures {gained}"] if gained else []
        outcome = self.outcome(after_position)
        if outcome is not None:
            parts.append(f"ends the game {outcome.result}")
        return ", ".join(parts)

    def symmetries(self, position: str) -> tuple[str, ...]:
        """A position string under each symmetry of the board (colours kept), identity first.

        Always in the same order of transformations, so that the k-th string
        of every position of a game is that game under one symmetry (``pmn
        dedupe --symmetric`` finds twins with it). The default: no symmetry
        but the identity.
        """
        return (position,)

    # -- OpenSpiel actions (games whose ``formats`` has "openspiel-actions") --
    @classmethod
    def openspiel_variant(cls) -> Variant[Any, Any] | None:
        """The variant OpenSpiel's game ``openspiel_name`` plays (None when there is none).

        The default is the game's default variant (``names[0]``, no ``Rules``);
        a game whose OpenSpiel counterpart plays another ruleset overrides it.
        """
        if cls.openspiel_name is None:
            return None
        return cls.from_tags(cls.names[0], None, {})

    def move_of_action(self, position: P, action: int) -> M:
        """The legal move OpenSpiel's action id means in ``position``. Raises MoveError."""
        raise MoveError(f"{self.game} has no OpenSpiel actions", code=Code.BAD_MOVE_SYNTAX)

    def action_of_move(self, position: P, move: M) -> int:
        """OpenSpiel's action id for a legal move."""
        raise MoveError(f"{self.game} has no OpenSpiel actions", code=Code.BAD_MOVE_SYNTAX)


__all__ = [
    "AmbiguousMoveError",
    "IllegalMoveError",
    "M",
    "MoveCount",
    "MoveError",
    "MoveSyntaxError",
    "Outcome",
    "P",
    "PositionError",
    "RulesError",
    "Variant",
    "format_result",
    "parse_result",
]
