"""Validation on several processes gives the same reports, in the same order."""

from __future__ import annotations

import pickle
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.parallel import validate_many
from notation.core.record import ReadError
from notation.formats.collection import read_games
from notation.formats.pmn import Chunk, iter_chunks
from notation.formats.validate import validate_game
from notation.games.base import Outcome

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def every_game():
    for path in sorted(EXAMPLES.rglob("*.pmn")):
        for index, game in enumerate(read_games(str(path)), start=1):
            yield game, index


def test_two_processes_same_reports_same_order():
    one = list(validate_many(every_game(), jobs=1))
    # a batch of 5 forces several batches through the pool
    two = list(validate_many(every_game(), jobs=2, batch_size=5))
    assert len(one) > 10
    assert two == one


def test_cli_jobs_option_same_output():
    runner = CliRunner()
    files = [str(EXAMPLES), str(EXAMPLES / "wari-annotated.pmn")]
    one = runner.invoke(pmn, ["validate", "--format", "json", "-j", "1", *files])
    two = runner.invoke(pmn, ["validate", "--format", "json", "-j", "2", *files])
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout


def test_a_small_file_is_validated_without_a_pool(monkeypatch):
    """Below MIN_POOL_GAMES games no worker is started (starting one costs more than it saves)."""
    import concurrent.futures
    import multiprocessing

    import notation.archive.parallel as parallel

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started for a small file")

    monkeypatch.setattr(multiprocessing.context.ForkContext, "Pool", no_pool, raising=False)
    monkeypatch.setattr(multiprocessing.context.SpawnContext, "Pool", no_pool, raising=False)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool, raising=False)
    games = list(every_game())
    assert len(games) < parallel.MIN_POOL_GAMES
    assert list(validate_many(games, jobs=2)) == list(validate_many(games, jobs=1))


def test_from_min_pool_games_the_pool_validates(monkeypatch):
    """At MIN_POOL_GAMES games (fewer than a batch) the games go to the workers, same reports."""
    import notation.archive.parallel as parallel

    games = list(every_game())
    monkeypatch.setattr(parallel, "MIN_POOL_GAMES", len(games))
    started = []
    real = parallel._split

    def counting_split(batch, parts):
        started.append(len(batch))
        return real(batch, parts)

    monkeypatch.setattr(parallel, "_split", counting_split)
    assert list(validate_many(games, jobs=2)) == list(validate_many(games, jobs=1))
    assert started == [len(games)]


def test_what_crosses_between_processes_pickles_to_an_equal_value():
    # chunks go to the workers and reports come back through pickle; their
    # __reduce__ must carry every field (a draw's Fractions included)
    chunks = []
    for path in sorted(EXAMPLES.rglob("*.pmn")):
        with path.open("rb") as stream:
            chunks.extend(iter_chunks(stream, str(path)))
    broken = Chunk('[Game "Wari"]\n\n1. Z *\n', 7, "x.pmn", (ReadError("encoding", "bad", 3, 4),))
    reports = [validate_game(chunk, index) for index, chunk in enumerate([*chunks, broken], 1)]
    assert any(r.outcome is not None and Fraction(1, 2) in r.outcome.points for r in reports)
    assert any(r.problems for r in reports)
    for value in [*chunks, broken, *reports]:
        assert pickle.loads(pickle.dumps(value)) == value
    draw = Outcome.draw((0, 2), 3, "shared")
    assert pickle.loads(pickle.dumps(draw)) == draw


_LOSE_A_WORKER = """
import os, sys
from notation.archive.parallel import map_in_order

def doubled(items):
    if 700 in items:  # this worker is killed (the system's out-of-memory killer, a kill -9)
        os._exit(137)
    return [item * 2 for item in items]

try:
    results = list(map_in_order(doubled, range(2000), jobs=2, batch_size=1000))
except ChildProcessError as exc:
    print("lost:", exc.strerror)
    sys.exit(3)
print("no error:", len(results))
"""


def test_a_worker_that_dies_ends_the_run_with_an_error_not_a_hang():
    """A worker killed mid-batch (out of memory, kill -9) is an error the command reports
    (ChildProcessError, an OSError: exit 1 with its words); the pool waited for it forever."""
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-c", _LOSE_A_WORKER], capture_output=True, text=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the run waited for a dead worker for a minute") from None
    assert done.returncode == 3, done.stdout + done.stderr
    assert "worker" in done.stdout and "-j 1" in done.stdout
