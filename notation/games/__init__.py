"""The games PMN knows, one module each, and how a record's tags pick one.

Each game module exports ``NAMES`` (the ``Game`` tag values it accepts, lower
case) and ``variant_from_tags(game, rules, tags)``, which returns a
:class:`~notation.games.base.Variant` or raises
:class:`~notation.games.base.RulesError`. Modules are imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
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
    "GAME_MODULES",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "MoveError",
    "MoveSyntaxError",
    "Outcome",
    "PositionError",
    "RulesError",
    "Variant",
    "find_variant",
    "format_result",
    "parse_result",
    "variant_from_tags",
]

#: ``Game`` tag value (lower case) -> the module that owns that board.
GAME_MODULES: dict[str, str] = {
    "trysse": "notation.games.wari",
    "wari": "notation.games.wari",
    "oware": "notation.games.wari",
    "tricala": "notation.games.tricala",
    "trias": "notation.games.trias",
}

AnyVariant = Variant[Any, Any]


def find_variant(
    game: str, rules: str | None = None, tags: Mapping[str, str] | None = None
) -> AnyVariant:
    """The variant for a game name and an optional ``Rules`` value (case-insensitive).

    >>> find_variant("Wari").rules
    'wari'
    """
    module_name = GAME_MODULES.get(game.strip().lower())
    if module_name is None:
        known = ", ".join(sorted({name.capitalize() for name in GAME_MODULES}))
        raise RulesError(f'unknown game "{game}" (known: {known})')
    module = importlib.import_module(module_name)
    variant: AnyVariant = module.variant_from_tags(game.strip(), rules, dict(tags or {}))
    return variant


def variant_from_tags(tags: Sequence[tuple[str, str]]) -> AnyVariant:
    """The variant a record's tag pairs select: ``Game`` (required) and ``Rules``."""
    table = dict(tags)
    game = table.get("Game")
    if game is None:
        raise RulesError('missing required tag "Game"')
    return find_variant(game, table.get("Rules"), table)
