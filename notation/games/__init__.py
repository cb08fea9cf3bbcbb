"""The games PMN knows: one registry, filled from the game classes themselves.

Each game is a :class:`~notation.games.base.Variant` subclass that declares
what the rest of the toolchain needs to know about it, as class attributes:
its ``names`` and ``aliases`` (``Game`` tag values), its ``board`` family, the
hole ``numberings`` it supports, the ``formats`` beyond PMN and JSON that can
hold it and its ``seat_counts`` (its drawing is the renderer's, found by its
``board``). Every list of games in the
code derives from those declarations: no module outside this package names a
game.

Built-in games live in this package, one module (or package) each. Games in
other packages plug in through the entry point group ``pmn.games``; each entry
point names a Variant subclass::

    # pyproject.toml of a package that adds a game
    [project.entry-points."pmn.games"]
    bao = "pmn_bao:BaoVariant"

Built-in names are looked up without reading the entry points, so a plugin
costs nothing until a record asks for a game PMN does not ship; and game
modules are imported in registry order only until one has the name asked
for, so checking a Wari record does not import Tricala's rules.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from notation.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveError,
    MoveSyntaxError,
    Outcome,
    PositionError,
    RulesError,
    Variant,
    format_result,
    parse_result,
)

__all__ = [
    "BUILTIN_GAMES",
    "ENTRY_POINT_GROUP",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "MoveError",
    "MoveSyntaxError",
    "Outcome",
    "PositionError",
    "RulesError",
    "Variant",
    "find_game",
    "find_variant",
    "format_result",
    "game_names",
    "games",
    "games_with_format",
    "parse_result",
    "unknown_game_message",
    "variant_from_tags",
]

AnyVariant = Variant[Any, Any]
GameClass = type[Variant[Any, Any]]

#: The game classes PMN ships, as ``module:Class``.
BUILTIN_GAMES = (
    "notation.games.wari:WariVariant",
    "notation.games.tricala:TricalaVariant",
    "notation.games.trias:TriasVariant",
    "notation.games.kalah:KalahVariant",
    "notation.games.togyz:TogyzVariant",
)
#: The entry point group through which other packages add games.
ENTRY_POINT_GROUP = "pmn.games"


@cache
def _load(reference: str) -> GameClass:
    module_name, _, attribute = reference.partition(":")
    cls: GameClass = getattr(importlib.import_module(module_name), attribute)
    return cls


@cache
def _builtin() -> tuple[GameClass, ...]:
    return tuple(_load(reference) for reference in BUILTIN_GAMES)


def _builtin_named(key: str) -> GameClass | None:
    """The first built-in game (in registry order) that a lowered name names.

    Game modules are imported in registry order until one declares the name,
    so a record of the first game does not import the others' rules; the
    answer is the one an index of every game gives (the first class wins).
    """
    for reference in BUILTIN_GAMES:
        cls = _load(reference)
        if key in _lowered_names(cls):
            return cls
    return None


@cache
def _lowered_names(cls: GameClass) -> frozenset[str]:
    return frozenset(name.strip().lower() for name in (*cls.names, *cls.aliases))


@cache
def _plugins() -> tuple[GameClass, ...]:
    """Game classes other packages register under ``pmn.games`` (read once, on demand)."""
    from importlib.metadata import entry_points

    found: list[GameClass] = []
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        cls = entry.load()
        if isinstance(cls, type) and issubclass(cls, Variant) and cls not in _builtin():
            found.append(cls)
    return tuple(found)


def games(*, plugins: bool = True) -> tuple[GameClass, ...]:
    """Every registered game class: the built-in ones, then plugins (in entry point order)."""
    return _builtin() + (_plugins() if plugins else ())


def _index(classes: Sequence[GameClass]) -> dict[str, GameClass]:
    table: dict[str, GameClass] = {}
    for cls in classes:
        for name in (*cls.names, *cls.aliases):
            table.setdefault(name.strip().lower(), cls)
    return table


def find_game(name: str) -> GameClass:
    """The game class a ``Game`` tag value names (case-insensitive, aliases too).

    Raises RulesError naming the known games.

    >>> find_game("oware").names[0]
    'Trysse'
    """
    key = name.strip().lower()
    cls = _builtin_named(key) or _index(games()).get(key)
    if cls is None:
        raise RulesError(unknown_game_message(name))
    return cls


def unknown_game_message(name: str) -> str:
    """What to say of a ``Game`` value no registered game has: the nearest names and
    aliases PMN accepts (a slip of spelling: ``"Owere"`` gives ``did you mean "Oware"?``),
    then the games it knows."""
    import difflib

    known = game_names()
    spellings: dict[str, str] = {}  # every name and alias PMN accepts, lowered: as declared
    for cls in games():
        for spelling in (*cls.names, *cls.aliases):
            spellings.setdefault(spelling.strip().lower(), spelling.strip())
    close = difflib.get_close_matches(name.strip().lower(), list(spellings), n=2, cutoff=0.6)
    nearest = list(dict.fromkeys(spellings[spelling] for spelling in close))
    listed = ", ".join(known)
    if not nearest:
        return f'unknown game "{name}" (the games: {listed})'
    guesses = " or ".join(f'"{guess}"' for guess in nearest)
    return f'unknown game "{name}": did you mean {guesses}? (the games: {listed})'


def game_names(*, plugins: bool = True) -> tuple[str, ...]:
    """Every ``Game`` tag value PMN reads, in registry order (for help and messages)."""
    return tuple(name for cls in games(plugins=plugins) for name in cls.names)


def games_with_format(fmt: str) -> tuple[str, ...]:
    """The ``Game`` tag values of the games that format ``fmt`` can hold."""
    return tuple(name for cls in games() if fmt in cls.formats for name in cls.names)


def find_variant(
    game: str, rules: str | None = None, tags: Mapping[str, str] | None = None
) -> AnyVariant:
    """The variant for a game name and an optional ``Rules`` value (case-insensitive).

    >>> find_variant("Wari").rules
    'wari'
    """
    return find_game(game).from_tags(game.strip(), rules, dict(tags or {}))


#: What each (``Game``, ``Rules``) pair selects, variant or error, for a game that reads no
#: other tag to choose its variant (:attr:`~notation.games.base.Variant.selected_by`; a name
#: no game has reads none): looked up once a file, not once a game.
_SELECTED: dict[tuple[str, str | None], AnyVariant | RulesError] = {}


def variant_from_tags(tags: Sequence[tuple[str, str]]) -> AnyVariant:
    """The variant a record's tag pairs select: ``Game`` (required), ``Rules`` (each its first
    value, as ``Record.tag`` reads it) and whatever other tags the game reads. Raises
    RulesError."""
    game: str | None = None
    rules: str | None = None
    for name, value in tags:  # each tag's first value, in one pass (asked once a game)
        if name == "Game":
            if game is None:
                game = value
        elif name == "Rules" and rules is None:
            rules = value
    if game is None:
        raise RulesError('missing required tag "Game"')
    known = _SELECTED.get((game, rules))
    if isinstance(known, RulesError):
        raise copy.copy(known)
    if known is not None:
        return known
    try:
        cls = find_game(game)
    except RulesError as exc:
        _remember(game, rules, exc)
        raise
    try:
        variant = cls.from_tags(game.strip(), rules, dict(tags))
    except RulesError as exc:
        if cls.selected_by == ():
            _remember(game, rules, exc)
        raise
    if cls.selected_by == ():
        _remember(game, rules, variant)
    return variant


def _remember(game: str, rules: str | None, selected: AnyVariant | RulesError) -> None:
    if len(_SELECTED) < 4096:
        _SELECTED[(game, rules)] = selected
