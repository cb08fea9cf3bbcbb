"""The index tells the truth (issue 25, "The index"): it knows a file by the hash of its
content, and a database it cannot use or a file it indexed that is gone is one clear error
(a PMNError with a code) for every command that reads it, standings included."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.index import ArchiveIndex, ArchiveIndexError, StaleIndexError, read_back
from notation.errors import PMNError

ROUND = """\
[Game "Trysse"]
[Event "Club night"]
[Round "1"]
[South "Ada Mensah"]
[North "Efua Darko"]
[Result "1-0"]

1. D c 2. B b 3. C b 4. D f 5. F d 6. B b 7. D a 8. E e 9. C+3 b 10. B d 11. A
c 12. A f 13. E e 14. C+2 a 15. F d+3 16. B f+3 17. B a 18. A a 19. D d 1-0

[Game "Trysse"]
[Event "Club night"]
[Round "1"]
[South "Kofi Boateng"]
[North "Kwame Asante"]
[Result "0-1"]

1. E b 2. F d *
"""

#: the commands that read an index back, and what each is asked
READERS = {
    "standings": ["standings"],
    "select": ["select"],
    "dedupe": ["dedupe"],
    "openings": ["openings"],
}


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def pmn_program() -> str:
    program = shutil.which("pmn", path=os.path.dirname(sys.executable))
    assert program is not None, "the venv's pmn is not installed"
    return program


@pytest.fixture
def indexed(tmp_path):
    games = tmp_path / "round-1.pmn"
    games.write_text(ROUND, encoding="utf-8")
    database = tmp_path / "club.sqlite"
    result = run("index", str(games), "-o", str(database))
    assert result.exit_code == 0, result.output
    return games, database


def _foreign(path: Path) -> None:
    path.write_text("these are my notes, not a database at all " * 50, encoding="utf-8")


def _other_tables(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()


def _our_version_other_tables(path: Path) -> None:
    """A database of another program that happens to set user_version 1 (or 2)."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE files (x)")
    db.execute("CREATE TABLE notes (y)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def _truncated(path: Path, source: Path) -> None:
    path.write_bytes(source.read_bytes()[:3000])


def _pages_damaged(path: Path, source: Path) -> None:
    """Every page but the first (the schema's) overwritten: no table can be read."""
    data = bytearray(source.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)
    path.write_bytes(bytes(data))


def _damaged(kind: str, path: Path, source: Path) -> None:
    if kind == "text":
        _foreign(path)
    elif kind == "other-tables":
        _other_tables(path)
    elif kind == "our-version-other-tables":
        _our_version_other_tables(path)
    elif kind == "truncated":
        _truncated(path, source)
    else:
        _pages_damaged(path, source)


KINDS = ["text", "other-tables", "our-version-other-tables", "truncated", "pages-damaged"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_foreign_or_corrupt_database_is_one_clear_error_in_the_library(indexed, tmp_path, kind):
    _, database = indexed
    bad = tmp_path / "bad.sqlite"
    _damaged(kind, bad, database)
    with pytest.raises(ArchiveIndexError) as caught:
        index = ArchiveIndex(str(bad))
        try:
            list(read_back(index.all_games()))
            list(index.opening_rows(None))
        finally:
            index.close()
    assert isinstance(caught.value, PMNError) and caught.value.code
    assert str(bad) in str(caught.value)


@pytest.mark.parametrize("command", sorted(READERS))
@pytest.mark.parametrize("kind", KINDS)
def test_a_foreign_or_corrupt_database_is_reported_by_every_command(
    indexed, tmp_path, kind, command
):
    _, database = indexed
    bad = tmp_path / "bad.sqlite"
    _damaged(kind, bad, database)
    before = bad.read_bytes()
    result = subprocess.run(
        [pmn_program(), *READERS[command], "--index", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "bad.sqlite" in result.stderr and len(result.stderr.splitlines()) == 1
    assert bad.read_bytes() == before  # a database only read is not changed


@pytest.mark.parametrize("command", sorted(READERS))
def test_an_indexed_file_that_is_gone_is_reported(indexed, tmp_path, command):
    games, database = indexed
    games.unlink()
    result = subprocess.run(
        [pmn_program(), *READERS[command], "--index", str(database)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    # (openings too, which could answer from the database alone: never for a file gone)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "round-1.pmn" in result.stderr and "index" in result.stderr


def test_an_indexed_file_that_is_gone_is_a_stale_index_error(indexed):
    games, database = indexed
    games.unlink()
    index = ArchiveIndex(str(database))
    try:
        with pytest.raises(StaleIndexError) as caught:
            list(read_back(index.all_games()))
    finally:
        index.close()
    assert isinstance(caught.value, PMNError) and caught.value.code == "stale-index"
    assert "round-1.pmn" in str(caught.value)


def _same_size_edit(games: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` (same length), keeping the file's size and mtime."""
    status = games.stat()
    text = games.read_text(encoding="utf-8")
    assert len(old) == len(new) and old in text
    games.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(games, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert games.stat().st_size == status.st_size
    assert games.stat().st_mtime_ns == status.st_mtime_ns


def test_a_same_size_edit_with_the_mtime_kept_is_indexed_again(indexed):
    games, database = indexed
    _same_size_edit(games, "19. D d 1-0", "19. D d 0-1")
    again = run("index", str(games), "-o", str(database))
    assert again.exit_code == 0
    assert "unchanged" not in again.stderr and "2 games indexed" in again.stderr
    selected = run("select", "--index", str(database), "--result", "1-0")
    streamed = run("select", str(games), "--result", "1-0")
    assert selected.exit_code == streamed.exit_code == 0
    assert selected.stdout == streamed.stdout and "0-1" not in selected.stdout


def test_a_same_size_edit_not_indexed_again_is_never_answered(indexed):
    """The edit made after indexing (the movetext's result only): reading the game back
    finds it is not the game indexed, instead of writing a 0-1 game for --result 1-0."""
    games, database = indexed
    _same_size_edit(games, "19. D d 1-0", "19. D d 0-1")
    selected = run("select", "--index", str(database), "--result", "1-0")
    assert selected.exit_code == 1 and "0-1" not in selected.stdout
    assert "changed since it was indexed" in selected.output


def test_a_same_size_edit_of_another_format_is_never_answered(tmp_path):
    games = tmp_path / "round.jsonl"
    games.write_text(_jsonl(tmp_path), encoding="utf-8")
    database = tmp_path / "club.sqlite"
    assert run("index", str(games), "-o", str(database)).exit_code == 0
    _same_size_edit(games, "Ada Mensah", "Ada Mensab")
    selected = run("select", "--index", str(database), "--player", "Ada Mensah")
    assert selected.exit_code == 1 and "Mensab" not in selected.stdout
    assert "changed since it was indexed" in selected.output
    again = run("index", str(games), "-o", str(database))
    assert "unchanged" not in again.stderr


def _jsonl(tmp_path: Path) -> str:
    source = tmp_path / "round.pmn"
    source.write_text(ROUND, encoding="utf-8")
    result = run("convert", str(source), "--to", "jsonl")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_touched_file_with_the_same_content_is_skipped(indexed):
    games, database = indexed
    os.utime(games, ns=(1, 1))
    again = run("index", str(games), "-o", str(database))
    assert again.exit_code == 0 and "unchanged, skipped" in again.stderr


def test_the_index_is_not_written_over_an_input(indexed, tmp_path):
    games, _ = indexed
    before = games.read_bytes()
    link = tmp_path / "link.sqlite"
    link.symlink_to(games)
    for target in (games, link):
        result = subprocess.run(
            [pmn_program(), "index", str(games), "-o", str(target)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2, result.stderr
        assert "one of the inputs" in result.stderr and "Traceback" not in result.stderr
    assert games.read_bytes() == before


def test_an_index_read_is_not_written_over(indexed, tmp_path):
    _, database = indexed
    before = database.read_bytes()
    result = subprocess.run(
        [pmn_program(), "select", "--index", str(database), "-o", str(database)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert database.read_bytes() == before
