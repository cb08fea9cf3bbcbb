"""Every memo of Tricala's rules and notation: one type, one policy, the sizes in one table.

Tricala's searches ask the same pure questions again and again (a lap's
paths, a token's reading, a tail's lap answers, how many stones a packed pit
holds), so the answers are remembered. Each memo is a :class:`Memo`: a dict
of answers to one pure function, which when full is **cleared whole** (the one
policy: a hit is a plain dict lookup, with no recency bookkeeping, and a full
memo costs one ``clear``). Its bound is ``SIZES[name]``, the one table of
sizes. A memo never changes an answer: clearing any of them, at any time,
only costs the work of finding the answers again (:func:`clear` clears them
all; a test holds both).

Two ways to use one:

- with a ``compute`` function, ``memo[key]`` is the answer, found on the first
  ask (``dict.__missing__``); ``spread=True`` calls ``compute(*key)`` for a
  key made of several arguments;
- without, ``memo.get(key)`` and :meth:`Memo.keep` (the answer needs more than
  the key to be found, like the guide that owns the memo).

The memos shared by the whole process are made with :func:`shared`, which
registers them for :func:`clear` and the tests. The memos of one compiled
token (a :class:`.notation.Guide`'s lap answers, ``lap_fits``, and those of a
shared tail of tokens, ``tail_fits``) are plain dicts under the same policy,
their sizes in the same table: a guide is made for every token read, and a
dict subclass takes several times as long to make as a dict (measured: +3.9%
instructions on the first pass over 300 three-player games with a
:class:`Memo` per guide). They go with their token.

This module imports nothing of Tricala's: every other module of the game may
use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: The most answers each memo holds, by name (one table for every memo of the game).
SIZES: dict[str, int] = {
    # .geometry: a lap's paths by (pit, direction, count): 21 * 6 * 27 at most
    "lap_paths": 1 << 12,
    # .position
    "stone_count": 1 << 13,  # stones in a packed pit
    "format_pit": 1 << 13,  # a packed pit written as W2B1
    # .rules
    "majority": 1 << 12,  # the colour holding a packed pit by majority (T8(b))
    "achievers": 1 << 12,  # who meets a winning condition, by board and captures (T8)
    "corners_held": 1 << 14,  # corners held per colour, by the corners' contents (T8(b))
    "compositions": 1 << 14,  # the multisets of n stones drawn from a packed hand
    "one_colour": 1 << 12,  # the one colour of a packed hand, or -1
    "plain_orders": 1 << 12,  # a pickup's stone orders when they can simply be listed
    "distinct_orders": 1 << 12,  # every order of a pickup's stones (sole_fit's walk)
    # .notation
    "guides": 1 << 16,  # tokens read, by number of players (one memo each)
    "order_texts": 1 << 12,  # orders read, by their letters, one memo per number of players
    "lap_fits": 1 << 10,  # one token's lap answers, by (states, pit, direction, count)
    "tails": 1 << 15,  # the shared tails of tokens, by waypoints still to match
    "tail_fits": 1 << 12,  # one tail's lap answers, by pit, direction, count, matched
    "shifted": 1 << 12,  # matcher states shifted by the waypoints matched before
    "relay_pickups": 1 << 15,  # the orders a relay may take, by matcher states
    "fits": 1 << 12,  # the fits of a token in a position (writing moves only)
    # the package: set-up tokens read (18 ** 3 at most)
    "placements": 1 << 13,
}


class Memo(dict[K, V], Generic[K, V]):
    """A bounded memo: a dict of answers, cleared whole when it holds ``SIZES[name]``.

    With ``compute``, ``memo[key]`` finds a missing answer (``compute(key)``, or
    ``compute(*key)`` with ``spread``) and keeps it; without, use :meth:`keep`.
    """

    __slots__ = ("compute", "name", "size", "spread")

    def __init__(
        self, name: str, compute: Callable[..., V] | None = None, *, spread: bool = False
    ) -> None:
        self.name = name  # (dict.__new__ made it empty: no dict.__init__ to call)
        self.size = SIZES[name]
        self.compute = compute
        self.spread = spread

    def __missing__(self, key: K) -> V:
        compute = self.compute
        if compute is None:
            raise KeyError(key)
        value: V = compute(*key) if self.spread else compute(key)  # type: ignore[misc]
        if len(self) >= self.size:  # the one policy: a full memo is cleared whole
            self.clear()
        self[key] = value
        return value

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` (clearing the memo first when it is full)."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"<Memo {self.name}: {len(self)} of {self.size}>"


#: Every memo made by :func:`shared`, in the order they were made.
MEMOS: list[Memo[Any, Any]] = []


def shared(
    name: str, compute: Callable[..., V] | None = None, *, spread: bool = False
) -> Memo[Any, V]:
    """A :class:`Memo` for the whole process, registered for :func:`clear` and the tests."""
    memo: Memo[Any, V] = Memo(name, compute, spread=spread)
    MEMOS.append(memo)
    return memo


def clear() -> None:
    """Forget every answer of every shared memo (the tokens' own memos go with the
    tokens, which the ``guides`` memo then no longer holds)."""
    for memo in MEMOS:
        memo.clear()


__all__ = ["MEMOS", "SIZES", "Memo", "clear", "shared"]
