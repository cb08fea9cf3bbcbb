"""An event's games read and validated by the library (:mod:`notation.archive.events`),
as ``pmn standings`` and ``pmn publish`` count them, without the command line: what
cannot be read is handed to a callback, no game at all is a library error."""

from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.events import NoGamesError, read_event
from notation.archive.index import ArchiveIndexError
from notation.errors import Code, PMNError
from notation.files.sources import SkippedPath, UnreadPath

ROUND_ROBIN = Path(__file__).resolve().parents[2] / "examples" / "events" / "round-robin"


def never(item: object) -> None:
    raise AssertionError(f"not expected: {item}")


def test_every_game_of_a_folder_comes_with_its_report_in_input_order():
    games = read_event([str(ROUND_ROBIN)], None, 1, unread=never, skipped=never)
    files = sorted(str(path) for path in ROUND_ROBIN.glob("*.pmn"))
    assert sorted({record.source for record, _ in games}) == files
    assert [record.source for record, _ in games] == sorted(
        (record.source for record, _ in games), key=files.index
    )
    for record, report in games:
        assert report.source == record.source and report.valid
    first = [report.index for record, report in games if record.source == files[0]]
    assert first == list(range(1, len(first) + 1))  # numbered in their file


def test_an_unreadable_file_and_a_skipped_entry_are_handed_over_and_the_rest_is_read(tmp_path):
    shutil.copy(ROUND_ROBIN / "round-1.pmn", tmp_path / "round-1.pmn")
    cut = gzip.compress((ROUND_ROBIN / "round-2.pmn").read_bytes())[:40]
    (tmp_path / "cut.pmn.gz").write_bytes(cut)
    os.mkfifo(tmp_path / "pipe.pmn")
    unread: list[UnreadPath] = []
    skipped: list[SkippedPath] = []
    games = read_event(
        [str(tmp_path), str(tmp_path / "cut.pmn.gz")],
        None,
        1,
        unread=unread.append,
        skipped=skipped.append,
    )
    assert {record.source for record, _ in games} == {str(tmp_path / "round-1.pmn")}
    assert [item.path for item in unread] == [str(tmp_path / "cut.pmn.gz")]
    assert "cut short" in unread[0].reason
    assert skipped == [SkippedPath(str(tmp_path / "pipe.pmn"), "a FIFO")]


def test_no_game_at_all_is_a_library_error_with_its_code(tmp_path):
    (tmp_path / "empty.pmn").write_text("")
    with pytest.raises(NoGamesError) as raised:
        read_event([str(tmp_path / "empty.pmn")], None, 1, unread=never)
    assert isinstance(raised.value, PMNError) and raised.value.code == Code.NO_GAMES
    assert str(raised.value) == (
        f"no game in {tmp_path / 'empty.pmn'}: an input must hold at least one game (ruling N4)"
    )


def test_the_games_of_an_index_are_those_of_its_files(tmp_path):
    database = str(tmp_path / "event.sqlite")
    assert CliRunner().invoke(pmn, ["index", str(ROUND_ROBIN), "-o", database]).exit_code == 0
    indexed = read_event([], None, 1, database, unread=never)
    walked = read_event([str(ROUND_ROBIN)], None, 1, unread=never)
    assert [(r.source, r.line, rep.index) for r, rep in indexed] == [
        (r.source, r.line, rep.index) for r, rep in walked
    ]


def test_an_index_that_cannot_be_used_is_the_index_error(tmp_path):
    (tmp_path / "bad.sqlite").write_text("not a database")
    with pytest.raises(ArchiveIndexError):
        read_event([], None, 1, str(tmp_path / "bad.sqlite"), unread=never)
