"""Archive tools on records: filters, duplicate keys, safe file names, sort keys, opening trees.

Everything here works on one :class:`~notation.core.record.Record` at a time (or
on small values derived from one), so that the commands built on it stream.
Game-specific knowledge comes from the registry and the variants: a filter on
the game asks :func:`notation.games.find_variant`, a position search asks the
record's variant to replay and format positions, and the board symmetries
used to find twins come from :meth:`notation.games.base.Variant.symmetries`.
"""

from __future__ import annotations

import calendar
import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from notation.core.limits import MAX_JSON_LINE_CHARS
from notation.core.pits import PITS_TAG, PitsError
from notation.core.record import Record, first_tag
from notation.core.replay import (
    Game,
    mainline_positions,
    open_game,
    record_variant,
    validate_record,
)
from notation.core.tokens import RESULT
from notation.errors import Code, PMNError
from notation.games import AnyVariant, find_variant, games, variant_from_tags
from notation.games.base import PositionError, RulesError, Variant, parse_result

if TYPE_CHECKING:
    from notation.archive.games import ArchiveGame


class FilterError(PMNError):
    """A filter that cannot be understood (a bad regular expression, date or range)."""

    code = Code.BAD_FILTER


# -- one game, looked at lazily ------------------------------------------------


class GameView:
    """A record with what the filters ask of it worked out once, on demand.

    ``variant`` is None when the record's tags select no variant; ``positions``
    are the main line's position strings, from the start up to the first move
    that cannot be played, and ``keys`` the same positions'
    :meth:`~notation.games.base.Variant.position_key` values (cheaper to build: what
    duplicate keys and position searches compare).
    """

    def __init__(self, record: Record, *, plies: int | None = None) -> None:
        self.record = record
        #: replay at most this many main-line moves (an opening tree needs its depth only)
        self.plies = plies
        self._variant: AnyVariant | bool | None = False
        self._valid: bool | None = None
        self._positions: tuple[str, ...] | None = None
        self._keys: tuple[bytes, ...] | None = None
        self._moves: tuple[str, ...] | None = None
        self._start: str | None = None  # the start's position string, once walked

    @classmethod
    def replayed(
        cls,
        record: Record,
        keys: Sequence[bytes],
        moves: Sequence[str],
        positions: Sequence[str] | None = None,
    ) -> GameView:
        """A view of a record whose main line was replayed already (the index notes the
        position keys, moves and, where it needs them, position strings on the
        validator's replay): the same view as ``GameView(record)`` gives, without
        replaying again for them, but for its ``moves``, which are as given (the index
        gives them as the replay read them, not as the variant writes them)."""
        view = cls(record)
        view._keys, view._moves = tuple(keys), tuple(moves)
        if positions is not None:
            view._positions = tuple(positions)
        return view

    @property
    def variant(self) -> AnyVariant | None:
        """The variant the record's tags select, or None."""
        if self._variant is False:
            try:
                self._variant = None if self.record.damaged else record_variant(self.record)
            except RulesError:
                self._variant = None
        return self._variant  # type: ignore[return-value]

    @property
    def valid(self) -> bool:
        """Whether the validator finds nothing wrong with the record."""
        if self._valid is None:
            self._valid = validate_record(self.record).valid
        return self._valid

    def _replay(self, *, moves: bool = False, positions: bool = False) -> None:
        """Walk the main line (:func:`~notation.core.replay.mainline_positions`: the one
        replay's checks, no Step a move), noting its position keys, and its position strings
        (``positions``) and moves (``moves``) when asked: a duplicate key or a search for one
        position needs neither."""
        keys: list[bytes] = []
        texts: list[str] = []
        tokens: list[str] = []
        game = self._opened()
        if game is not None:
            variant = game.variant
            played: list[Any] | None = [] if moves else None
            walked = mainline_positions(
                variant, game.record.mainline, game.start, limit=self.plies, moves_played=played
            )
            keys = variant.position_keys(walked)
            self._start = variant.format_position(walked[0])
            if positions:
                texts = list(map(variant.format_position, walked))
            if played is not None:  # format_move's token, read from the position after
                tokens = list(map(variant.format_played, played, walked, walked[1:]))
        self._keys = tuple(keys)
        if positions:
            self._positions = tuple(texts)
        if moves:
            self._moves = tuple(tokens)

    def _opened(self) -> Game | None:
        """The record made ready to replay (a Pits tag honoured there), or None when its
        tags select no variant or its start or hole names cannot be read."""
        if self.variant is None:
            return None
        try:
            return open_game(self.record)
        except (PositionError, RulesError, PitsError):
            return None

    def meets(
        self, test: Callable[[Any], bool], hopeless: Callable[[Any], bool] | None = None
    ) -> bool:
        """Whether the main line meets a position for which ``test`` is true, walking only
        until it does (the positions :attr:`keys` covers, start first), or until
        ``hopeless`` is true of a position: one after which no position ``test`` holds for
        can come (:meth:`~notation.games.base.Variant.may_reach`)."""
        game = self._opened()
        if game is None:
            return False
        until = test if hopeless is None else lambda p: test(p) or hopeless(p)
        walked = mainline_positions(
            game.variant, game.record.mainline, game.start, limit=self.plies, until=until
        )
        return test(walked[-1])

    @property
    def keys(self) -> tuple[bytes, ...]:
        """Position keys along the main line (start first), while the moves are legal."""
        if self._keys is None:
            self._replay()
        return self._keys  # type: ignore[return-value]

    @property
    def positions(self) -> tuple[str, ...]:
        """Position strings along the main line (start first), while the moves are legal."""
        if self._positions is None:
            self._replay(positions=True, moves=self._moves is None)
        return self._positions  # type: ignore[return-value]

    @property
    def start(self) -> str | None:
        """The main line's start as a position string (None when it cannot be replayed):
        what an opening tree needs besides the moves, without writing every position."""
        if self._keys is None:
            self._replay()
        return self._start

    @property
    def moves(self) -> tuple[str, ...]:
        """The main line's legal moves as the variant writes them (canonical short tokens)."""
        if self._moves is None:
            self._replay(moves=True)
        return self._moves  # type: ignore[return-value]


def variant_of_tags(tags: Sequence[tuple[str, str]]) -> AnyVariant | None:
    """The variant a game's tags select (:func:`notation.games.variant_from_tags`, looked up
    once a ``Game`` and ``Rules`` pair for most games), or None when they select none."""
    try:
        return variant_from_tags(tags)
    except RulesError:
        return None


# -- filters ---------------------------------------------------------------------


_TAG_TEST_RE = re.compile(r"([A-Za-z0-9_]+)(!=|<=|>=|=|<|>|~)(.*)", re.DOTALL)
#: A number as a tag value or a filter value may write it: ``1800``, ``-3``, ``2.5``, of
#: any length (compared exactly, as a :class:`~decimal.Decimal`: never as text, and a value
#: of thousands of digits is no error).
_NUMBER_RE = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
_ORDER = ("<", "<=", ">", ">=")


def _number(text: str) -> Decimal | None:
    """The number a text is (spaces around it allowed), or None."""
    text = text.strip()
    return Decimal(text) if _NUMBER_RE.fullmatch(text) else None


@dataclass(frozen=True, slots=True)
class TagTest:
    """A test of one tag's value: ``NAME=VALUE`` (exactly VALUE), ``NAME!=VALUE``,
    ``NAME<VALUE``, ``NAME<=VALUE``, ``NAME>VALUE``, ``NAME>=VALUE``, or ``NAME~REGEX``
    (a search).

    When VALUE is a number (``WhiteElo>=1800``, ``TimeControl=600``) the comparison is
    numeric, whatever its length, and a tag whose value is not a number (``?``, missing
    Elo) never passes an order test (``<``, ``<=``, ``>``, ``>=``) nor ``=``; ``=`` and
    ``!=`` with a VALUE that is no number compare text. An order test needs a number
    (``WhiteElo>=1,800`` is refused: numbers are never ordered as text). A game without
    the tag never matches, ``!=`` included.
    """

    name: str
    value: str
    regex: bool = False
    operator: str = "="

    @classmethod
    def parse(cls, text: str) -> TagTest:
        """Read ``NAME<op>VALUE`` (see the class); raises FilterError."""
        match = _TAG_TEST_RE.fullmatch(text)
        if match is None:
            raise FilterError(
                f"--tag {text!r}: expected NAME=VALUE, NAME!=VALUE, NAME<VALUE, NAME<=VALUE, "
                "NAME>VALUE, NAME>=VALUE or NAME~REGEX (e.g. --tag WhiteElo>=1800)"
            )
        name, operator, value = match.groups()
        if operator == "~":
            try:
                re.compile(value)
            except re.error as exc:
                raise FilterError(f"--tag {text!r}: bad regular expression: {exc}") from None
        elif operator in _ORDER and not value.strip():
            raise FilterError(f"--tag {text!r}: {operator} needs a value to compare with")
        elif operator in _ORDER and _number(value) is None:
            raise FilterError(
                f"--tag {text!r}: {operator} compares numbers, and {value.strip()!r} is not "
                "a number: write digits, with a point for a fraction (WhiteElo>=1800, "
                "Round<2.5); use = or ~ for text"
            )
        return cls(name, value, operator == "~", operator)

    @property
    def plain(self) -> bool:
        """Whether the test is text equality (``NAME=VALUE``, VALUE not a number)."""
        return self.operator == "=" and not self.regex and _number(self.value) is None

    def matches(self, record: Record) -> bool:
        """Whether the record has the tag with a matching value (a missing tag never matches)."""
        return self.matches_value(record.tag(self.name))

    def matches_value(self, value: str | None) -> bool:
        """Whether a tag value passes the test (None, a missing tag, never does)."""
        if value is None:
            return False
        if self.regex:
            return re.search(self.value, value) is not None
        wanted = _number(self.value)
        if wanted is not None:
            have = _number(value)
            if have is None:
                return self.operator == "!="
            return _COMPARE[self.operator](have, wanted)
        return _COMPARE[self.operator](value, self.value)


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


_DATE_RE = re.compile(r"(\d{4})(?:[.\-/](\d{2}|\?\?)(?:[.\-/](\d{2}|\?\?))?)?")


def parse_date(text: str) -> tuple[int, ...] | None:
    """The known parts of a PMN date (``2024.05.??`` -> ``(2024, 5)``); None if unreadable."""
    match = _DATE_RE.fullmatch(text.strip())
    if match is None:
        return None
    parts: list[int] = []
    for part in match.groups():
        if part is None or part == "??":
            break
        parts.append(int(part))
    return tuple(parts)


def _date_bound(text: str, option: str) -> tuple[int, ...]:
    """A date filter's value: a real date, or a year and month, or a year."""
    bound = parse_date(text)
    expected = f"{option} {text!r}: expected a date like 2024.05.31, 2024.05 or 2024"
    if not bound:
        raise FilterError(expected)
    if len(bound) > 1 and not 1 <= bound[1] <= 12:
        raise FilterError(f"{expected} (there is no month {bound[1]})")
    if len(bound) > 2 and not 1 <= bound[2] <= calendar.monthrange(bound[0] or 4, bound[1])[1]:
        raise FilterError(f"{expected} (month {bound[1]} has no day {bound[2]})")
    return bound


#: More moves than any game can have (a main line held in memory is far shorter): what a
#: ``--plies`` bound of more digits than this reads as, so it compares as the number it
#: is, with no conversion of thousands of digits.
PLIES_BEYOND = 10**18


#: More moves than any game read can have: a game is read from at most this many
#: characters in any format (a JSON Lines line, the longest), each move one at least.
MAX_PLIES = MAX_JSON_LINE_CHARS


def _plies_bound(digits: str) -> int:
    """A ``--plies`` bound's digits as a number: :data:`PLIES_BEYOND` past it."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) < 19 else PLIES_BEYOND


def parse_plies(text: str) -> tuple[int, int | None]:
    """``MIN-MAX``, ``MIN-``, ``-MAX`` or ``N`` as (min, max or None); raises FilterError
    for any other text and for a range that holds no number (the maximum below the
    minimum, or a minimum past :data:`MAX_PLIES`, which no game reaches). A bound of any
    length is a number (past :data:`PLIES_BEYOND`, it is more than any game has)."""
    match = re.fullmatch(r"\s*([0-9]*)\s*(-?)\s*([0-9]*)\s*", text)
    if match is None or not (match.group(1) or match.group(3)):
        raise FilterError(
            f"--plies {text!r}: expected MIN-MAX, MIN-, -MAX or N (numbers of moves, "
            "e.g. 40-, 10-20)"
        )
    low, dash, high = match.groups()
    if low and high and _digits_key(high) < _digits_key(low):
        raise FilterError(
            f"--plies {text!r}: the maximum is below the minimum, so no game has that "
            "many moves: write MIN-MAX with MIN <= MAX"
        )
    minimum = _plies_bound(low) if low else 0
    maximum = _plies_bound(high) if high else (None if dash else minimum)
    if minimum > MAX_PLIES:
        raise FilterError(
            f"--plies {text!r}: no game has that many moves (a game is read from at most "
            f"{MAX_PLIES:,} characters): write a number of moves up to {MAX_PLIES:,}"
        )
    return minimum, maximum


def _digits_key(digits: str) -> tuple[int, str]:
    """A whole number's digits as a key that orders them by value, of any length."""
    digits = digits.lstrip("0") or "0"
    return len(digits), digits


def _wildcard_regex(pattern: str) -> re.Pattern[str]:
    parts = (".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.compile("".join(parts), re.DOTALL)


@dataclass(frozen=True, slots=True)
class PositionPattern:
    """A position string to look for, or a pattern of one.

    Without wildcards it is a position string, read with each record's
    variant (so that equivalent spellings match) and compared whole; ``?``
    stands for any one character and ``*`` for any run of characters, matched
    against the position string as the variant writes it.
    """

    text: str

    @property
    def wildcard(self) -> bool:
        """Whether the pattern has ``?`` or ``*``."""
        return "?" in self.text or "*" in self.text

    def target(self, variant: AnyVariant) -> str | None:
        """The position string as ``variant`` writes it (None if it does not read it)."""
        try:
            return variant.format_position(variant.parse_position(self.text))
        except (PositionError, RulesError):
            return None

    def position(self, variant: AnyVariant) -> Any | None:
        """The position as ``variant`` reads it (None if it does not read it)."""
        try:
            return variant.parse_position(self.text)
        except (PositionError, RulesError):
            return None

    def key(self, variant: AnyVariant) -> bytes | None:
        """The position's :meth:`~notation.games.base.Variant.position_key` in ``variant``
        (None if it does not read it)."""
        position = self.position(variant)
        return None if position is None else variant.position_key(position)

    def met_by(self, view: GameView) -> bool:
        """Whether the game's main line meets the position: :meth:`first_match` is not
        None, walking the game only until it does, or (a whole position, in a game whose
        rules bound it: :meth:`~notation.games.base.Variant.may_reach`) until the game can
        no longer come to it: a Wari game past its first capture never meets a position
        with nothing captured."""
        variant = view.variant
        if variant is None:
            return False
        if self.wildcard:
            regex, write = _wildcard_regex(self.text), variant.format_position
            return view.meets(lambda position: regex.fullmatch(write(position)) is not None)
        target = self.position(variant)
        if target is None:
            return False
        key, position_key = variant.position_key(target), variant.position_key
        hopeless = None
        if type(variant).may_reach is not Variant.may_reach:  # the rules bound the search
            may_reach = variant.may_reach
            hopeless = lambda position: not may_reach(position, target)  # noqa: E731
        return view.meets(lambda position: position_key(position) == key, hopeless)

    def first_match(self, view: GameView) -> int | None:
        """The ply at which the game's main line first meets the position, or None."""
        if view.variant is None:
            return None
        if self.wildcard:
            regex = _wildcard_regex(self.text)
            return next((i for i, p in enumerate(view.positions) if regex.fullmatch(p)), None)
        key = self.key(view.variant)
        if key is None:
            return None
        return next((i for i, k in enumerate(view.keys) if k == key), None)


def _position_pattern(text: str, variant: AnyVariant | None) -> PositionPattern:
    """A ``--position`` value: a pattern with wildcards, or a position string that the
    game named (``--variant``), or else some registered game, reads; raises FilterError."""
    pattern = PositionPattern(text)
    if pattern.wildcard:
        return pattern
    candidates = (
        [variant] if variant is not None else [find_variant(cls.names[0]) for cls in games()]
    )
    for candidate in candidates:
        if pattern.target(candidate) is not None:
            return pattern
    examples = "; ".join(
        f"{c.game}: {c.format_position(c.initial_position())}" for c in candidates[:3]
    )
    raise FilterError(
        f"--position {text!r}: not a position string"
        + (f" of {variant.game}" if variant is not None else " of any game")
        + f"; write one whole, e.g. {examples}, or a pattern with ? (one character) and "
        "* (any run), such as '*-0-0-S'"
    )


def _result_filter(text: str) -> str:
    """A ``--result`` value: a result token (``1-0``, ``0-1``, ``1/2-1/2``, ``*``...)."""
    if RESULT.re.fullmatch(text) is None:
        raise FilterError(f"--result {text!r}: expected a result such as 1-0, 0-1, 1/2-1/2 or *")
    return text


def _ruleset(rules: str) -> str:
    return rules.split()[0].lower() if rules.split() else ""


def _rules_filter(text: str, variant: AnyVariant | None) -> str:
    """A ``--rules`` value: one that the game named (``--variant``), or else some
    registered game, reads as its ruleset; raises FilterError saying the rulesets that
    are read (a value that names none would select nothing, silently)."""
    candidates = [variant.game] if variant is not None else [cls.names[0] for cls in games()]
    refusals: list[str] = []
    for game in candidates:
        try:
            find_variant(game, text)
        except RulesError as exc:
            refusals.append(str(exc))
        else:
            return text
    raise FilterError(
        f"--rules {text!r} names no ruleset"
        + (f" of {variant.game}" if variant is not None else " of any game PMN plays")
        + ": "
        + "; ".join(refusals)
    )


def player_name(name: str) -> str:
    """A player's name as ``--player`` compares it: case folded, runs of white space
    made one space, none at either end (``" Ada  Mensah"`` is ``ada mensah``)."""
    return " ".join(name.split()).casefold()


@lru_cache(maxsize=64)
def _player_regex(pattern: str) -> re.Pattern[str]:
    return re.compile(".*".join(map(re.escape, pattern.split("*"))), re.DOTALL)


def player_matches(pattern: str, name: str) -> bool:
    """Whether a seat's name (as :func:`player_name` makes it) is the ``--player`` value
    (made so too): the whole name, or, where the value has ``*``, any run of characters
    there (``Mensah*``, ``*Mensah``, ``*ens*``)."""
    if "*" not in pattern:
        return pattern == name
    return _player_regex(pattern).fullmatch(name) is not None


@dataclass(frozen=True, slots=True)
class Selection:
    """Filters a game must all pass; an empty selection keeps every game.

    - ``tags``: every :class:`TagTest` holds;
    - ``players``: each name is in one of the game's seat tags (:func:`player_matches`:
      case and white space aside, ``*`` any run of characters), so a repeated
      ``--player`` means both;
    - ``result``: the result token written at the end of the movetext;
    - ``game``: the game a ``Game`` tag of that name plays, and the ruleset the
      name implies if it implies one (``Oware`` is Wari under abapa rules);
    - ``rules``: the ruleset, as a ``Rules`` tag names it;
    - ``date_from``/``date_to``: the ``Date`` tag, compared on the parts it knows
      (``2024.??.??`` is in every range that holds part of 2024); a game with
      no readable date fails a date filter;
    - ``plies``: the number of main-line moves, ``(min, max or None)``;
    - ``valid``: the validator's verdict;
    - ``position``: met at some point of the main line.
    """

    tags: tuple[TagTest, ...] = ()
    players: tuple[str, ...] = ()
    result: str | None = None
    game: str | None = None
    rules: str | None = None
    date_from: tuple[int, ...] | None = None
    date_to: tuple[int, ...] | None = None
    plies: tuple[int, int | None] | None = None
    valid: bool | None = None
    position: PositionPattern | None = None
    #: What ``game`` selects: the variant's game name, and the ruleset the name implies.
    game_target: tuple[str, str | None] | None = field(default=None, compare=False)

    @classmethod
    def build(
        cls,
        *,
        tags: Sequence[str] = (),
        players: Sequence[str] = (),
        result: str | None = None,
        game: str | None = None,
        rules: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        plies: str | None = None,
        valid: bool | None = None,
        position: str | None = None,
    ) -> Selection:
        """A selection from option texts; raises FilterError (or RulesError for an unknown game)."""
        game_target: tuple[str, str | None] | None = None
        named: AnyVariant | None = None
        if game is not None:
            named = find_variant(game)
            default = find_variant(named.game)
            implied = _ruleset(named.rules) if named.rules != default.rules else None
            game_target = (named.game, implied)
        start = _date_bound(date_from, "--date-from") if date_from else None
        end = _date_bound(date_to, "--date-to") if date_to else None
        if start and end and end[: len(start)] < start[: len(end)]:
            raise FilterError(
                f"--date-from {date_from!r} --date-to {date_to!r}: the range holds no day "
                "(--date-to is before --date-from): write the earlier date first"
            )
        for player in players:
            if not player_name(player).strip("*"):
                raise FilterError(
                    f"--player {player!r}: expected a name, or part of one with * "
                    "(e.g. --player 'Mensah*')"
                )
        return cls(
            tags=tuple(TagTest.parse(t) for t in tags),
            players=tuple(player_name(p) for p in players),
            result=_result_filter(result) if result is not None else None,
            game=game,
            rules=_rules_filter(rules, named) if rules is not None else None,
            date_from=start,
            date_to=end,
            plies=parse_plies(plies) if plies else None,
            valid=valid,
            position=_position_pattern(position, named) if position is not None else None,
            game_target=game_target,
        )

    def matches(self, record: Record) -> bool:
        """Whether the record passes every filter (the cheap ones are tried first)."""
        return self.matches_view(GameView(record))

    def matches_view(self, view: GameView) -> bool:
        """:meth:`matches` on a view (which keeps what was worked out)."""
        record = view.record
        return (
            self.matches_tags(record.tags)
            and self.matches_outline(record.result, len(record.mainline.moves))
            and self.matches_replay(view)
        )

    def matches_game(self, game: ArchiveGame) -> bool:
        """:meth:`matches` on a game of a collection, reading no more of it than the
        filters need: its tags, then for ``result`` the result it declares (its tag and
        last token: :attr:`ArchiveGame.result`), for ``plies`` its outline, then (for
        ``valid`` and ``position``) its record, replayed. A game whose moves cannot be
        read (:attr:`ArchiveGame.damaged`, reported when read) passes no filter on its
        moves: ``result``, ``plies``, ``position``, ``valid`` (but ``--invalid``)."""
        if not self.matches_tags(game.tags):
            return False
        if self.result is not None and game.result != self.result:
            return False
        if self.plies is not None and not self.matches_plies(game.outline[1]):
            return False
        if (self.result is not None or self.plies is not None) and game.damaged:
            return False  # what its moves declare is not read: reported, never matching
        return not self.needs_replay or self.matches_replay(GameView(game.record))

    @property
    def needs_replay(self) -> bool:
        """Whether a filter needs the game replayed (``valid``, ``position``)."""
        return self.valid is not None or self.position is not None

    def matches_tags(self, tags: Sequence[tuple[str, str]]) -> bool:
        """The tests on what a game's tags declare: tag tests, dates, the game and
        ruleset, the players (a game whose tags select no game fails the last three)."""
        for test in self.tags:
            if not test.matches_value(first_tag(tags, test.name)):
                return False
        if (self.date_from or self.date_to) and not self.date_matches(first_tag(tags, "Date")):
            return False
        if not (self.players or self.game_target or self.rules):
            return True
        variant = variant_of_tags(tags)
        if variant is None:
            return False
        if self.game_target is not None:
            name, implied = self.game_target
            if variant.game != name or (implied and _ruleset(variant.rules) != implied):
                return False
        if self.rules is not None and not self.rules_match(variant):
            return False
        if self.players:
            seated = {player_name(first_tag(tags, seat) or "") for seat in variant.seats}
            return all(self.player_seated(player, seated) for player in self.players)
        return True

    @staticmethod
    def player_seated(player: str, seated: set[str]) -> bool:
        """Whether a ``--player`` value (:func:`player_name`) is one of a game's seated
        names (each made so): :func:`player_matches`."""
        if "*" not in player:
            return player in seated
        return any(player_matches(player, name) for name in seated)

    def matches_outline(self, result: str, plies: int) -> bool:
        """The tests on a game's main line as written: its result token, its length."""
        return (self.result is None or result == self.result) and self.matches_plies(plies)

    def matches_plies(self, plies: int) -> bool:
        """The test on the number of main-line moves."""
        if self.plies is None:
            return True
        low, high = self.plies
        return plies >= low and (high is None or plies <= high)

    def matches_replay(self, view: GameView) -> bool:
        """The tests that replay the game: the validator's verdict, a position met."""
        return (self.valid is None or view.valid == self.valid) and (
            self.position is None or self.position.met_by(view)
        )

    def date_matches(self, text: str | None) -> bool:
        """Whether a ``Date`` tag value passes ``date_from`` and ``date_to``."""
        date = parse_date(text or "")
        if not date:
            return False
        # compared on the parts both know: 2024.??.?? is in 2024.05, and 2024.05.01 in 2024
        if self.date_from:
            known = min(len(date), len(self.date_from))
            if date[:known] < self.date_from[:known]:
                return False
        if self.date_to:
            known = min(len(date), len(self.date_to))
            if date[:known] > self.date_to[:known]:
                return False
        return True

    def rules_match(self, variant: AnyVariant) -> bool:
        """Whether a variant plays the ruleset ``rules`` names."""
        wanted = (self.rules or "").strip().lower()
        if wanted in (variant.rules.lower(), _ruleset(variant.rules)):
            return True
        try:
            return find_variant(variant.game, wanted).rules == variant.rules
        except RulesError:
            return False


# -- duplicates ------------------------------------------------------------------


def _digest(parts: Sequence[str]) -> bytes:
    """BLAKE2b (16 bytes) of the parts, each ended by a NUL (hashed as one string: a
    hasher update a part cost more than the hashing)."""
    text = "\x00".join(parts) + "\x00"
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def game_key(view: GameView, *, symmetric: bool = False) -> bytes:
    """A 16-byte key equal for games with the same moves from the same start (and, for a
    game with no move, the same header and result).

    Moves are compared as positions reached, so two spellings of one move
    (short and long forms, or hole numberings) give the same key. With
    ``symmetric``, games whose positions are the same up to one of the board's
    symmetries (:meth:`~notation.games.base.Variant.symmetries`) share a key.
    A game that cannot be replayed is keyed on its tokens as written, its
    ``Game``, ``Rules`` and ``Position`` tags, and its damage (its raw text).
    """
    if view.plies is not None:
        raise ValueError("a duplicate key needs the whole main line: a GameView without plies")
    variant = view.variant
    record = view.record
    if not record.mainline.moves and not record.damaged:
        # no move: a forfeit, a game not begun; such records are the same game only when
        # their headers and results are too (two players' forfeit is not another's copy)
        tags = [f"{name}\x01{value}" for name, value in record.tags]
        return _digest(["no move", *tags, record.result, record.tag("Position") or ""])
    if variant is None or len(view.keys) != len(record.mainline.moves) + 1:
        tokens = [node.token for node in record.mainline.moves]
        head = [record.tag("Game") or "", record.tag("Rules") or "", record.tag("Position") or ""]
        return _digest(["raw", *head, record.raw or "", *tokens])
    head = [variant.game, variant.rules]
    if not symmetric or type(variant).symmetries is Variant.symmetries:
        # (the identity alone: the plain key) the positions' keys, joined: a variant's
        # keys are one length or NUL-ended, so the joined bytes tell the positions apart
        text = "\x00".join(head) + "\x00"
        return hashlib.blake2b(text.encode("utf-8") + b"".join(view.keys), digest_size=16).digest()
    images = [tuple(variant.symmetries(position)) for position in view.positions]
    count = min(len(image) for image in images)
    return min(_digest([*head, *(image[k] for image in images)]) for k in range(count))


def header_completeness(record: Record) -> int:
    """How many tags have a value (not empty, not ``?``): the ``most-complete`` measure."""
    return sum(1 for _, value in record.tags if value.strip() not in ("", "?"))


def header_differences(kept: Record, other: Record) -> tuple[str, ...]:
    """The tags on which two records differ, as ``Name: "a" vs "b"`` (missing as ``-``)."""
    names = list(dict.fromkeys([name for name, _ in kept.tags] + [name for name, _ in other.tags]))
    shown: list[str] = []
    for name in names:
        a, b = kept.tag(name), other.tag(name)
        if a != b:
            left = "-" if a is None else f'"{a}"'
            right = "-" if b is None else f'"{b}"'
            shown.append(f"{name}: {left} vs {right}")
    if kept.result != other.result:
        shown.append(f"result: {kept.result} vs {other.result}")
    return tuple(shown)


# -- file names and sort keys -------------------------------------------------------

_SAFE_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)
#: The file-name stem for games without the tag ``split --by`` names.
UNTAGGED = "_untagged"


def safe_stem(value: str | None) -> str:
    """A file name stem for a tag value, safe on every system and one-to-one.

    A value that is already a safe name (letters, digits, ``.``, ``_``, ``-``,
    starting with a letter or digit, not ending in ``.``, not a Windows device
    name) is used as it is; any other value gets its unsafe characters
    replaced by ``_`` and a hash of the value appended, so that two values
    never share a file. A missing value is :data:`UNTAGGED`.
    """
    if value is None:
        return UNTAGGED
    if (
        _SAFE_NAME_RE.fullmatch(value)
        and not value.endswith(".")
        and value.split(".")[0].lower() not in _RESERVED
    ):
        return value
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", value).strip("._-")[:60] or "value"
    return f"{slug}-{hashlib.sha1(value.encode('utf-8')).hexdigest()[:8]}"


_DIGITS_RE = re.compile(r"([0-9]+)")


def natural_key(value: str | None) -> tuple[Any, ...]:
    """A sort key that orders numbers inside text by value (``2`` before ``10``, of any
    length), and any other text after the numbers, as text (``²`` is no number); None
    last."""
    if value is None:
        return (1,)
    parts = _DIGITS_RE.split(value)
    return (
        0,
        tuple(
            (0, len(p.lstrip("0")), p.lstrip("0"), p) if i % 2 else (1, 0, p, "")
            for i, p in enumerate(parts)
            if p
        ),
    )


def sort_key(record: Record, names: Sequence[str]) -> tuple[Any, ...]:
    """The key ``sort --by`` orders records by: each named tag's :func:`natural_key`."""
    return tags_sort_key(record.tags, names)


def tags_sort_key(tags: Sequence[tuple[str, str]], names: Sequence[str]) -> tuple[Any, ...]:
    """:func:`sort_key` of a game's tags."""
    return tuple(natural_key(first_tag(tags, name)) for name in names)


# -- opening trees -------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Games counted at a node: how many, wins by seat, shared results, unfinished."""

    games: int = 0
    wins: list[int] = field(default_factory=list)
    shared: int = 0
    unfinished: int = 0

    def add(self, result: str, seats: int) -> None:
        """Count one game with its result token."""
        self.count(Tally.outcome(result, seats))

    @staticmethod
    @lru_cache(maxsize=256)  # (a collection has few distinct results)
    def outcome(result: str, seats: int) -> tuple[int, int]:
        """What a result token counts for in a game of ``seats``: (seats, the winning
        seat), (seats, -1) for a shared result, (seats, -2) for an unfinished game."""
        points = parse_result(result)
        if points is None or len(points) != seats:
            return seats, -2
        best = max(points)
        winners = [seat for seat, p in enumerate(points) if p == best]
        return seats, (winners[0] if len(winners) == 1 and best > Fraction(0) else -1)

    def count(self, outcome: tuple[int, int]) -> None:
        """Count one game with its :meth:`outcome`."""
        seats, winner = outcome
        if len(self.wins) < seats:
            self.wins.extend([0] * (seats - len(self.wins)))
        self.games += 1
        if winner >= 0:
            self.wins[winner] += 1
        elif winner == -1:
            self.shared += 1
        else:
            self.unfinished += 1


@dataclass(slots=True)
class OpeningNode:
    """A sequence of moves: the games that began with it, and what followed."""

    tally: Tally = field(default_factory=Tally)
    children: dict[str, OpeningNode] = field(default_factory=dict)


@dataclass(slots=True)
class OpeningTree:
    """The opening tree of one game, ruleset and start position."""

    game: str
    rules: str
    seats: tuple[str, ...]
    start: str
    root: OpeningNode = field(default_factory=OpeningNode)

    def add(self, moves: Sequence[str], result: str, depth: int) -> None:
        """Count a game whose moves from the start are ``moves``, up to ``depth`` of them."""
        node = self.root
        outcome = Tally.outcome(result, len(self.seats))
        node.tally.count(outcome)
        for token in moves[:depth]:
            child = node.children.get(token)
            if child is None:  # (not setdefault: a node built a move costs more than the tree)
                child = node.children[token] = OpeningNode()
            node = child
            node.tally.count(outcome)

    def to_json(self) -> dict[str, Any]:
        """The tree as JSON (``schemas/openings.schema.json``), most played first."""
        return {
            "game": self.game,
            "rules": self.rules,
            "seats": list(self.seats),
            "start": self.start,
            **_node_json(self.root, self.seats),
        }


def _node_json(node: OpeningNode, seats: Sequence[str]) -> dict[str, Any]:
    tally = node.tally
    wins = tally.wins + [0] * (len(seats) - len(tally.wins))
    return {
        "games": tally.games,
        "wins": dict(zip(seats, wins, strict=True)),
        "shared": tally.shared,
        "unfinished": tally.unfinished,
        "children": [
            {"move": move, **_node_json(child, seats)} for move, child in ordered(node.children)
        ],
    }


def ordered(children: dict[str, OpeningNode]) -> list[tuple[str, OpeningNode]]:
    """Children most played first (ties by move, for a stable order)."""
    return sorted(children.items(), key=lambda item: (-item[1].tally.games, item[0]))


class OpeningBook:
    """Opening trees of a collection, one per game, ruleset and start position."""

    def __init__(self, depth: int, position: PositionPattern | None = None) -> None:
        self.depth = depth
        self.position = position
        self.trees: dict[tuple[str, str, str], OpeningTree] = {}
        self.skipped = 0  # games with no variant, or that never meet the position
        #: of those skipped, the games whose moves could not be read (reported as read)
        self.damaged = 0
        #: the walks of beginnings met, by what decides them (:meth:`_walk_head`)
        self._heads: dict[tuple[Any, ...], tuple[AnyVariant, str, tuple[str, ...]] | None] = {}

    def add(self, record: Record, result: str | None = None) -> None:
        """Count one game (streaming: the game is not kept) with ``result`` (by default
        its record's). Without a position to start from, only the tree's depth is walked,
        and a beginning walked before is not walked again (:meth:`_walk_head`)."""
        walked = self._walk_head(record) if self.position is None else self._walk_from(record)
        if walked is None:
            self.skipped += 1
            return
        variant, start, moves = walked
        self.add_moves(
            variant.game, variant.rules, tuple(variant.seats), start, moves, result or record.result
        )

    def _walk_from(self, record: Record) -> tuple[AnyVariant, str, tuple[str, ...]] | None:
        """The variant, the first position ``position`` matches and the canonical moves
        from there (None: the game has no variant or never meets the position)."""
        view = GameView(record)
        variant = view.variant
        if variant is None or self.position is None:
            return None
        positions = view.positions  # (one walk: every position, and the moves)
        found = self.position.first_match(view)
        if found is None:
            return None
        return variant, positions[found], view.moves[found:]

    def _walk_head(self, record: Record) -> tuple[AnyVariant, str, tuple[str, ...]] | None:
        """The variant, start and canonical moves of a record's first ``depth`` moves, as
        ``GameView(record, plies=depth)`` walks them (None: the game is not counted).

        The walk is a function of the variant, the tags that set the start and the hole
        names (``Position``, ``Pits``) and the first moves' tokens and numbers, and most
        games of a collection share their first moves: each such beginning is walked once
        (at most 65,536 of them remembered)."""
        variant = None if record.damaged else variant_of_tags(record.tags)
        if variant is None:
            return None
        key = (
            variant,
            record.tag("Position"),
            record.tag(PITS_TAG),
            tuple((node.token, node.number) for node in record.mainline.moves[: self.depth]),
        )
        walked = self._heads.get(key, False)
        if walked is False:
            view = GameView(record, plies=self.depth)
            moves, start = view.moves, view.start  # (one walk; the start alone written)
            walked = None if start is None else (variant, start, moves)
            if len(self._heads) < 65536:
                self._heads[key] = walked
        return walked  # type: ignore[return-value]

    def add_game(self, game: ArchiveGame) -> None:
        """:meth:`add` a game of a collection with the result it declares
        (:attr:`ArchiveGame.result`, as ``select --result`` and the index compare it),
        reading no more of it than the tree's depth when there is no position to start
        from (:meth:`ArchiveGame.head`)."""
        record = game.head(self.depth) if self.position is None else game.record
        if record.damaged:  # reported where it was read: not said to name no game
            self.skipped += 1
            self.damaged += 1
        elif self.position is None:
            self.add(record)  # (the head's result is the declared one)
        else:
            self.add(record, game.result)

    def add_moves(
        self,
        game: str,
        rules: str,
        seats: tuple[str, ...],
        start: str,
        moves: Sequence[str],
        result: str,
    ) -> None:
        """Count a game given by its variant, start, canonical moves and result."""
        key = (game, rules, start)
        tree = self.trees.get(key)
        if tree is None:
            tree = self.trees[key] = OpeningTree(game, rules, seats, start)
        tree.add(moves, result, self.depth)

    def __iter__(self) -> Iterator[OpeningTree]:
        """The trees, most games first."""
        return iter(sorted(self.trees.values(), key=lambda t: (-t.root.tally.games, t.game)))


__all__ = [
    "UNTAGGED",
    "FilterError",
    "GameView",
    "OpeningBook",
    "OpeningNode",
    "OpeningTree",
    "PositionPattern",
    "Selection",
    "TagTest",
    "Tally",
    "first_tag",
    "game_key",
    "header_completeness",
    "header_differences",
    "natural_key",
    "ordered",
    "parse_date",
    "parse_plies",
    "player_matches",
    "player_name",
    "safe_stem",
    "sort_key",
    "tags_sort_key",
    "variant_of_tags",
]
