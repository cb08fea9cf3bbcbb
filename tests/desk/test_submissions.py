"""Reading a set of submissions once (:mod:`notation.desk.submissions`): ``pmn validate
--strict`` lists each folder once, and the files a folder holds that are not read come
from the walk that reads it, not from a second one."""

from __future__ import annotations

import gzip
import os
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.record import Record
from notation.desk.submissions import GameSource, hidden
from notation.formats.pmn import Chunk

EVENTS = Path(__file__).resolve().parents[2] / "examples" / "events"
BROKEN = EVENTS / "broken-submissions"

GAME = """[Game "Trysse"]
[Event "Club"]
[Date "2026.03.14"]
[Round "{round}"]
[South "{south}"]
[North "{north}"]
[Result "1-0"]
[Termination "resignation"]

1. {move} f 1-0
"""


def sheet(south: str, north: str, round_: int = 1) -> str:
    """A game of round ``round_``, its first move told by the round (no two alike)."""
    return GAME.format(south=south, north=north, round=round_, move="ABCDEF"[round_ - 1])


def submissions(root: Path) -> Path:
    """A folder of submissions with subfolders, a hidden one, and files not read."""
    root.mkdir()
    (root / "r1").mkdir()
    (root / "r1" / "deep").mkdir()
    (root / ".git").mkdir()
    (root / "a.pmn").write_text(sheet("Ada", "Kofi"))
    (root / "r1" / "b.pmn").write_text(sheet("Yaw", "Efua", 2))
    (root / "r1" / "deep" / "c.pmn").write_text(sheet("Ama", "Kojo", 3))
    (root / "r1" / "scan.jpg").write_bytes(b"\xff\xd8")
    (root / "r1" / "deep" / "notes.txt").write_text("x")
    (root / ".git" / "HEAD").write_text("x")
    (root / ".DS_Store").write_bytes(b"")
    return root


def listings(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every folder listed from now on (``os.scandir``, which ``os.walk`` and the input
    walker both list with), and how many times."""
    listed: Counter[str] = Counter()
    scandir = os.scandir

    def counting(path: str = ".") -> os.ScandirIterator[str]:  # type: ignore[type-var]
        listed[os.path.normpath(os.fspath(path))] += 1
        return scandir(path)

    monkeypatch.setattr(os, "scandir", counting)
    return listed


def test_validate_strict_lists_each_folder_once(tmp_path, monkeypatch):
    root = submissions(tmp_path / "subs")
    listed = listings(monkeypatch)
    result = CliRunner().invoke(pmn, ["validate", "--strict", "-q", str(root)])
    assert result.exit_code == 0, result.output
    folders = [root, root / "r1", root / "r1" / "deep", root / ".git"]
    assert listed == Counter({str(folder): 1 for folder in folders})
    # the files not read are still found, by the walk that read the others
    unread = [line for line in result.stdout.splitlines() if "[unread-file]" in line]
    assert [line.split(":")[0].strip() for line in unread] == [
        str(root / "r1" / "deep" / "notes.txt"),
        str(root / "r1" / "scan.jpg"),
    ]


def test_strict_findings_of_the_broken_submissions_are_unchanged_in_order(tmp_path):
    """The event checks' findings in the order the report writes them, file by file:
    the file not read among the others, where its name sorts."""
    result = CliRunner().invoke(pmn, ["validate", "--strict", "-q", str(BROKEN)])
    found = [
        (Path(line.split(":")[0].strip()).name, line.split("[")[1].split("]")[0])
        for line in result.stdout.splitlines()
        if "]: " in line
    ]
    names = [name for name, _ in found]
    assert names == sorted(names)
    assert ("notes.txt", "unread-file") in found
    assert [check for _, check in found].count("unread-file") == 1


def test_game_source_reads_each_game_once_and_counts_them(tmp_path):
    root = submissions(tmp_path / "subs")
    told: list[tuple[str, str, bool]] = []
    source = GameSource(
        [str(root)], None, None, None, None, records=True, not_read=lambda *a: told.append(a)
    )
    games = list(source)
    assert [(record.tag("North"), number) for record, number in games] == [
        ("Kofi", 1),
        ("Efua", 1),
        ("Kojo", 1),
    ]
    assert all(isinstance(record, Record) for record, _ in games)
    assert source.counted == {
        str(root): 3,
        str(root / "a.pmn"): 1,
        str(root / "r1" / "b.pmn"): 1,
        str(root / "r1" / "deep" / "c.pmn"): 1,
    }
    assert told == [] and source.left_unread == []  # not asked to list them


def test_game_source_gives_chunks_unless_records_are_needed(tmp_path):
    path = tmp_path / "a.pmn"
    path.write_text(sheet("Ada", "Kofi"))
    chunks = GameSource([str(path)], None, None, None, None, records=False, not_read=print)
    assert [type(game) for game, _ in chunks] == [Chunk]
    translated = GameSource([str(path)], None, None, None, "numbers", records=False, not_read=print)
    assert [type(game) for game, _ in translated] == [Record]


def test_game_source_reports_an_unreadable_file_and_reads_the_rest(tmp_path):
    (tmp_path / "a.pmn.gz").write_bytes(gzip.compress(sheet("Ada", "Kofi").encode())[:20])
    (tmp_path / "b.pmn").write_text(sheet("Yaw", "Efua"))
    told: list[tuple[str, str, bool]] = []
    files = [str(tmp_path / "a.pmn.gz"), str(tmp_path / "b.pmn")]
    source = GameSource(
        files, None, None, None, None, records=False, not_read=lambda *a: told.append(a)
    )
    assert len(list(source)) == 1
    ((path, reason, error),) = told
    assert path == str(tmp_path / "a.pmn.gz") and error is True
    assert "cut short" in reason
    assert source.counted[str(tmp_path / "a.pmn.gz")] == 0  # an empty file: a no-games finding


def test_skipped_entries_are_said_and_listed_but_a_link_to_a_folder_is_not_a_file(tmp_path):
    root = tmp_path / "subs"
    root.mkdir()
    (root / "a.pmn").write_text(sheet("Ada", "Kofi"))
    os.mkfifo(root / "pipe.pmn")
    (tmp_path / "elsewhere").mkdir()
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    (root / "gone.txt").symlink_to(tmp_path / "missing")
    told: list[tuple[str, str, bool]] = []
    source = GameSource(
        [str(root)],
        None,
        None,
        None,
        None,
        records=True,
        not_read=lambda *a: told.append(a),
        list_unread=True,
    )
    assert len(list(source)) == 1
    assert [(Path(path).name, error) for path, _, error in told] == [
        ("linked", False),
        ("pipe.pmn", False),
    ]
    assert source.left_unread == [str(root / "gone.txt"), str(root / "pipe.pmn")]


def test_hidden_is_judged_inside_the_folder_walked():
    assert hidden("./subs/.git/HEAD", "./subs")
    assert hidden("subs/r1/.DS_Store", "subs")
    assert not hidden("./.subs/r1/a.txt", "./.subs")  # the folder given may be hidden itself
