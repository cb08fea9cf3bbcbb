"""Listing the legal moves of a position, lazily and within bounds: ``pmn moves``, the recorder.

A position may have very many legal moves (a crowded Tricala position has
millions, and writing each one's short form is a search of its own), so
everything here is a generator or a bounded count: each move is written as it
is found, a listing that stops early (``--limit``) generates no more moves
than it shows, and a count stops at :data:`COUNT_LIMIT` moves (or at the
game's own bound on its search) and says so (:class:`MoveCount`), rather
than run for hours. The moves are the game's own (:meth:`Variant.legal_moves`,
lazy in every game); nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from notation.games.base import MoveCount, Variant

#: The most legal moves a bounded count counts (:func:`count_legal`): past it the
#: answer is "more than COUNT_LIMIT". Counting them takes well under a second.
COUNT_LIMIT = 10_000
#: The most moves ``pmn moves`` lists when no ``--limit`` is given.
LIST_LIMIT = 2_000


def move_origin(variant: Variant[Any, Any], move: Any, position: Any) -> str | None:
    """The name of the pit ``move`` is sown from (as its long form names it), or None."""
    return variant.origin_of(move, position)


def legal_moves(
    variant: Variant[Any, Any], position: Any, *, pit: str | None = None, limit: int | None = None
) -> Iterator[Any]:
    """The legal moves, lazily: only those sown from ``pit`` when given, at most ``limit``."""
    moves: Iterator[Any] = (
        variant.legal_moves(position) if pit is None else variant.moves_from(position, pit)
    )
    return moves if limit is None else islice(moves, limit)


def count_legal(
    variant: Variant[Any, Any],
    position: Any,
    *,
    pit: str | None = None,
    most: int = COUNT_LIMIT,
) -> MoveCount:
    """How many legal moves there are (from ``pit`` when given), within bounds, none written.

    Exact when counting them costs little; otherwise the count stops, past
    ``most`` moves or at the game's own bound on its search (see :class:`MoveCount`).
    """
    return variant.count_moves(position, most, pit)


def count_moves(variant: Variant[Any, Any], position: Any, *, pit: str | None = None) -> int:
    """How many legal moves there are (from ``pit`` when given), every one of them counted.

    Unbounded: a crowded Tricala position has millions of moves, and this
    counts them all. Commands use :func:`count_legal`.
    """
    return sum(1 for _ in legal_moves(variant, position, pit=pit))


def describe_count(counted: MoveCount) -> str:
    """A count as words: ``2946``, ``more than 10000``, ``at least 120``."""
    if counted.exact:
        return str(counted.count)
    return f"{'more than' if counted.more else 'at least'} {counted.count}"


def move_row(variant: Variant[Any, Any], move: Any, position: Any) -> dict[str, str]:
    """A move as ``pmn moves`` shows it: its short form, its long form and what it does."""
    return {
        "move": variant.format_move(move, position),
        "long": variant.format_move(move, position, long=True),
        "effect": variant.describe_move(move, position),
    }


def first_moves(
    variant: Variant[Any, Any], position: Any, *, pit: str | None = None, most: int = COUNT_LIMIT
) -> tuple[list[Any], MoveCount]:
    """The first ``most`` legal moves (from ``pit`` when given), none written, and how many
    there are: all of them (exact) when there are no more than ``most``."""
    moves = list(legal_moves(variant, position, pit=pit, limit=most + 1))
    if len(moves) > most:
        return moves[:most], MoveCount(most, False, True)
    return moves, MoveCount(len(moves), True)


__all__ = [
    "COUNT_LIMIT",
    "LIST_LIMIT",
    "count_legal",
    "count_moves",
    "describe_count",
    "first_moves",
    "legal_moves",
    "move_origin",
    "move_row",
]
