"""Validating (or formatting) many games on every core, in input order, in bounded memory.

Games are sent to worker processes in batches; while one batch is being
validated the next is read, so at most two batches are in memory whatever
the size of the input. Reports come back in the order the games came in, so
the output is the same as with one process.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TypeVar

from notation.core.record import Record
from notation.core.replay import GameReport, Problem
from notation.errors import Code
from notation.formats.pmn import Chunk
from notation.formats.validate import validate_game

#: Games per batch handed to the pool; a batch is split among the workers.
BATCH_SIZE = 4096
#: Fewer games than this (or than one batch) are validated in this process: starting
#: workers (15-30 ms on Linux) and sending them games costs more than it saves on a
#: small file; 500 Wari games take about a quarter of a second on one core.
MIN_POOL_GAMES = 500

Game = tuple[Chunk | Record, int]  # a game and its number in its file
_Item = TypeVar("_Item")
_Result = TypeVar("_Result")


#: How much of an unexpected exception's text an ``internal-error`` message quotes.
INTERNAL_ERROR_TEXT = 200


def validate_guarded(game: Chunk | Record, index: int = 1) -> GameReport:
    """:func:`~notation.formats.validate.validate_game`, with a last-resort guard.

    Validation never raises for a bad record; should a bug make it raise all
    the same, the exception becomes an ``internal-error`` problem of this one
    game (in a worker process too), and the run goes on with the next game.
    """
    try:
        return validate_game(game, index)
    except Exception as exc:  # the guard: one game's problem, not the run's
        text = str(exc)
        if len(text) > INTERNAL_ERROR_TEXT:
            text = text[:INTERNAL_ERROR_TEXT] + "..."
        problem = Problem(
            Code.INTERNAL_ERROR,
            f"PMN failed while checking this game ({type(exc).__name__}: {text}); "
            "the game is not checked: please report it",
        )
        return GameReport(
            source=game.source,
            index=index,
            line=game.line,
            game=None,
            rules=None,
            players=(),
            declared="*" if isinstance(game, Chunk) else game.result,
            outcome=None,
            plies=0,
            problems=(problem,),
        )


def _validate_slice(games: list[Game]) -> list[GameReport]:
    return [validate_guarded(game, index) for game, index in games]


def _split(games: list[_Item], parts: int) -> list[list[_Item]]:
    size = max(1, -(-len(games) // parts))
    return [games[i : i + size] for i in range(0, len(games), size)]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def validate_many(
    games: Iterable[Game], jobs: int = 1, batch_size: int = BATCH_SIZE
) -> Iterator[GameReport]:
    """Validate games on ``jobs`` processes; reports in input order.

    With one job, or fewer games than :data:`MIN_POOL_GAMES` (or than one
    batch, when ``batch_size`` is smaller), no process is started.
    """
    return map_in_order(_validate_slice, games, jobs, batch_size)


def map_in_order(
    function: Callable[[list[_Item]], list[_Result]],
    items: Iterable[_Item],
    jobs: int = 1,
    batch_size: int = BATCH_SIZE,
) -> Iterator[_Result]:
    """``function`` (which maps a list of items to a list of results, one each) over
    ``items`` on ``jobs`` processes; results in input order, at most two batches in
    memory. ``function`` must be picklable (a module's function, or a partial of one).

    With one job, or fewer items than :data:`MIN_POOL_GAMES` (or than one
    batch, when ``batch_size`` is smaller), no process is started.
    """
    iterator = iter(items)
    # the first batch is small: the workers start on it while the next one is read
    first = min(batch_size, MIN_POOL_GAMES)
    batch = list(islice(iterator, first))
    if jobs <= 1 or len(batch) < first:
        yield from function(batch)
        for item in iterator:
            yield from function([item])
        return
    import multiprocessing  # only when a pool is started: a small file does not pay for it
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pieces = jobs * 4  # several slices per worker evens out long and short games
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    # (concurrent.futures, not multiprocessing.Pool: a worker killed mid-batch, by the
    # system's out-of-memory killer or a kill -9, breaks the pool and is said; Pool waited
    # for its answer forever)
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        try:
            pending = [pool.submit(function, piece) for piece in _split(batch, pieces)]
            while True:
                batch = list(islice(iterator, batch_size))
                following = (
                    [pool.submit(function, piece) for piece in _split(batch, pieces)]
                    if batch
                    else []
                )
                for future in pending:
                    yield from future.result()
                if not following:
                    return
                pending = following
        except BrokenProcessPool:
            raise WorkerLostError() from None


class WorkerLostError(ChildProcessError):
    """A worker process ended without its answer (killed by the system's out-of-memory
    killer, or by a signal): the run stops, its reports so far given, with an OSError
    that says so (the command's exit status 1)."""

    def __init__(self) -> None:
        super().__init__(
            errno.ECHILD,
            "a worker process ended without its answer (killed for lack of memory, or by a "
            "signal); nothing after the last report was checked: run again, with -j 1 or "
            "with more memory",
        )


__all__ = [
    "BATCH_SIZE",
    "INTERNAL_ERROR_TEXT",
    "MIN_POOL_GAMES",
    "Game",
    "WorkerLostError",
    "default_jobs",
    "map_in_order",
    "validate_guarded",
    "validate_many",
]
