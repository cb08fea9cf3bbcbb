"""An index is whole or not there (issue 37, the third hostile round): a build or an update
interrupted (Ctrl-C, SIGTERM) leaves the old index or none, never a part of one; a database
another writer holds is "busy", not "damaged"; an input named twice is indexed once; and a
reader refuses to answer for an indexed file that is gone or changed since."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.archive.test_index_truth import ROUND, pmn_program, run

#: Games in the large input: enough that a build takes seconds, not milliseconds.
COPIES = 6000


def _big(path: Path) -> int:
    """A file of 2 * COPIES games; the number of games."""
    path.write_text((ROUND + "\n") * COPIES, encoding="utf-8")
    return 2 * COPIES


def _count(database: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [pmn_program(), "select", "--index", str(database), "--count"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


def _interrupted(args: list[str], cwd: Path, signum: int, database: Path) -> None:
    """Run ``pmn ARGS``, send it ``signum`` once it is building, and wait for it."""
    process = subprocess.Popen(
        [pmn_program(), *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    folder = database.parent
    before = set(os.listdir(folder))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if set(os.listdir(folder)) - before - {database.name}:  # a file of its own: building
            break
        time.sleep(0.02)
    time.sleep(0.8)  # well inside the build
    if process.poll() is None:
        process.send_signal(signum)
    process.communicate(timeout=120)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_first_build_interrupted_leaves_no_index(tmp_path, signum):
    games = tmp_path / "big.pmn"
    total = _big(games)
    database = tmp_path / "big.sqlite"
    _interrupted(["index", str(games), "-o", str(database)], tmp_path, signum, database)
    counted = _count(database, tmp_path)
    if database.exists():  # (the build was done before the signal came): the whole index
        assert counted.returncode == 0 and counted.stdout.strip() == str(total), counted
    else:
        assert counted.returncode == 2 and "does not exist" in counted.stderr, counted
    assert sorted(os.listdir(tmp_path)) in (["big.pmn"], ["big.pmn", "big.sqlite"])


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_update_interrupted_leaves_the_old_index(tmp_path, signum):
    small = tmp_path / "round.pmn"
    small.write_text(ROUND, encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert run("index", str(small), "-o", str(database)).exit_code == 0
    games = tmp_path / "big.pmn"
    total = _big(games)
    _interrupted(["index", str(games), "-o", str(database)], tmp_path, signum, database)
    counted = _count(database, tmp_path)
    assert counted.returncode == 0, counted.stderr  # never "a damaged one"
    assert counted.stdout.strip() in ("2", str(2 + total))
    assert sorted(os.listdir(tmp_path)) == ["big.pmn", "club.sqlite", "round.pmn"]


def test_a_database_another_program_is_writing_is_busy_not_damaged(tmp_path):
    small = tmp_path / "round.pmn"
    small.write_text(ROUND, encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert run("index", str(small), "-o", str(database)).exit_code == 0
    writer = sqlite3.connect(database)
    try:
        writer.execute("BEGIN EXCLUSIVE")
        writer.execute("UPDATE files SET size = size")
        counted = _count(database, tmp_path)
    finally:
        writer.rollback()
        writer.close()
    assert counted.returncode == 1
    assert "busy" in counted.stderr and "damaged" not in counted.stderr
    assert "Traceback" not in counted.stderr


def test_a_second_pmn_index_on_a_database_being_written_is_told_busy(tmp_path):
    small = tmp_path / "round.pmn"
    small.write_text(ROUND, encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert run("index", str(small), "-o", str(database)).exit_code == 0
    games = tmp_path / "big.pmn"
    total = _big(games)
    other = tmp_path / "other.pmn"
    other.write_text(ROUND.replace("Club night", "Club day"), encoding="utf-8")
    first = subprocess.Popen(
        [pmn_program(), "index", str(games), "-o", str(database)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while len(os.listdir(tmp_path)) < 5 and time.monotonic() < deadline:
            time.sleep(0.02)  # until the first one's own file shows
        second = run("index", str(other), "-o", str(database))
    finally:
        first.communicate(timeout=120)
    assert first.returncode == 0
    if second.exit_code == 0:  # (the first was done before it began)
        assert _count(database, tmp_path).stdout.strip() == str(total + 4)
    else:
        assert second.exit_code == 1 and "busy" in second.output, second.output
        assert _count(database, tmp_path).stdout.strip() == str(total + 2)


def test_an_input_named_three_ways_is_indexed_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("g.pmn").write_text(ROUND, encoding="utf-8")
    os.symlink("g.pmn", "link.pmn")
    result = run("index", "g.pmn", "./g.pmn", "link.pmn", "-o", "club.sqlite")
    assert result.exit_code == 0, result.output
    counted = run("select", "--index", "club.sqlite", "--count")
    assert counted.exit_code == 0 and counted.stdout.strip() == "2"
    again = run("index", "link.pmn", "-o", "club.sqlite")  # the same file, by another name
    assert again.exit_code == 0
    assert run("select", "--index", "club.sqlite", "--count").stdout.strip() == "2"


@pytest.mark.parametrize("change", ["deleted", "appended"])
@pytest.mark.parametrize(
    "question", [["select", "--count"], ["openings"], ["select", "--result", "1-0"]]
)
def test_a_reader_refuses_to_answer_for_a_file_changed_since(tmp_path, change, question):
    games = tmp_path / "round.pmn"
    games.write_text(ROUND, encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert run("index", str(games), "-o", str(database)).exit_code == 0
    if change == "deleted":
        games.unlink()
    else:
        with games.open("a", encoding="utf-8") as out:
            out.write("\n" + ROUND)
    result = run(*question, "--index", str(database))
    assert result.exit_code == 1, result.output
    assert "round.pmn" in result.stderr and "pmn index" in result.stderr
    assert "Traceback" not in result.output
