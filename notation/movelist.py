"""Listing the legal moves of a position, lazily: ``pmn moves``.

A position may have very many legal moves (a Tricala position can have
thousands, and writing each one's short form is a search of its own), so
everything here is a generator: each move is written as it is found, and a
listing that stops early (``--limit``) generates no more moves than it shows.
The moves are the game's own (:meth:`Variant.legal_moves`, lazy in every game);
nothing here knows a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import Any

from notation.games.base import Variant

#: A move's long form begins with the pit it is sown from (``C``, ``C+3``, ``1a/5+1``,
#: ``3a[BW]-3c``); a set-up move that names three pits joined by "+" (``1a+2b+3c``)
#: is sown from none.
_ORIGIN_RE = re.compile(r"([0-9]*[A-Za-z])(?:\+[0-9]+|[^+].*)?", re.DOTALL)


def move_origin(variant: Variant[Any, Any], move: Any, position: Any) -> str | None:
    """The name of the pit ``move`` is sown from (as its long form names it), or None."""
    match = _ORIGIN_RE.fullmatch(variant.format_move(move, position, long=True))
    return match.group(1) if match else None


def legal_moves(
    variant: Variant[Any, Any], position: Any, *, pit: str | None = None, limit: int | None = None
) -> Iterator[Any]:
    """The legal moves, lazily: only those sown from ``pit`` when given, at most ``limit``."""
    moves: Iterator[Any] = variant.legal_moves(position)
    if pit is not None:
        moves = (move for move in moves if move_origin(variant, move, position) == pit)
    return moves if limit is None else islice(moves, limit)


def count_moves(variant: Variant[Any, Any], position: Any, *, pit: str | None = None) -> int:
    """How many legal moves there are (from ``pit`` when given), none of them written."""
    return sum(1 for _ in legal_moves(variant, position, pit=pit))


def move_row(variant: Variant[Any, Any], move: Any, position: Any) -> dict[str, str]:
    """A move as ``pmn moves`` shows it: its short form, its long form and what it does."""
    return {
        "move": variant.format_move(move, position),
        "long": variant.format_move(move, position, long=True),
        "effect": variant.describe_move(move, position),
    }
