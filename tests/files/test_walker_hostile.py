"""The input walker tried as a hostile submitter would: every unreadable file or folder is a
problem the command reports (text on stderr, ``unread_files`` in ``--format json``, exit 1)
and the rest is read; a deep folder, a name that is not UTF-8, a pipe that delivers a few
bytes at a time and a long first header change nothing.

The tests run as root, whom ``chmod 000`` does not stop. "Unreadable" is therefore made
in-process, where the system is asked: ``os.scandir`` (what every folder walk lists a
folder with, ``os.walk`` included) and the two ways a file is opened (``builtins.open``
and ``os.open``) raise ``PermissionError(EACCES)`` for the paths named, exactly what a
user without the permission gets from the kernel. A truncated ``.gz`` is a real file.
"""

from __future__ import annotations

import builtins
import errno
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from tests.playok_exports import make_export

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "examples" / "wari-annotated.pmn").read_bytes()
#: A second game of the same event (standings and publish read one event).
OTHER = GAME.replace(b'[Round "1"]', b'[Round "2"]')
PMN = shutil.which("pmn", path=os.path.dirname(sys.executable)) or "pmn"

Args = Callable[[list[str]], list[str]]

#: Every command that reads games, with what it needs besides its inputs (outputs go
#: under ``out``, which each test compares with a run on the readable inputs alone).
READERS: dict[str, Args] = {
    "select": lambda inputs: inputs,
    "merge": lambda inputs: inputs,
    "dedupe": lambda inputs: inputs,
    "sort": lambda inputs: [*inputs, "--by", "Date"],
    "index": lambda inputs: [*inputs, "-o", "out/index.sqlite"],
    "standings": lambda inputs: inputs,
    "openings": lambda inputs: inputs,
    "repair": lambda inputs: [*inputs, "-o", "out/repaired.pmn"],
    "fmt": lambda inputs: inputs,
    "convert": lambda inputs: [*inputs, "--to", "json", "-d", "out/converted"],
    "split": lambda inputs: [*inputs, "--every", "1", "-d", "out/parts"],
    "publish": lambda inputs: [*inputs, "-d", "out/site"],
    "reconcile": lambda inputs: inputs,
    "validate": lambda inputs: inputs,
    "stats": lambda inputs: inputs,
}
#: Outputs that hold more than the games read (a database's pages, a site's dates).
COMPARED = set(READERS) - {"index", "publish"}


def refuse(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    """Make ``paths`` unreadable for this process, as they are for a user without the
    permission (see the module's note on root): opening a file or listing a folder
    among them raises ``PermissionError``."""
    refused = {os.path.realpath(path) for path in paths}

    def check(target: object) -> None:
        if isinstance(target, int):
            return
        name = os.fsdecode(os.fspath(target))  # type: ignore[arg-type]
        if os.path.realpath(name) in refused:
            raise PermissionError(errno.EACCES, "Permission denied", name)

    real_open, real_os_open, real_scandir = builtins.open, os.open, os.scandir

    def fake_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        check(file)
        return real_open(file, *args, **kwargs)

    def fake_os_open(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        check(path)
        return real_os_open(path, *args, **kwargs)

    def fake_scandir(path="."):  # type: ignore[no-untyped-def]
        check(path)
        return real_scandir(path)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr(os, "scandir", fake_scandir)


def run(*args: str, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(pmn, list(args), input=stdin)


def outputs(folder: Path, result) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    """What a run wrote: its standard output and every file under ``out``."""
    # (the count of unreadable files is all that a run with them may add)
    written = {"<stdout>": re.sub(rb", [0-9]+ files? unreadable", b"", result.stdout_bytes)}
    out = folder / "out"
    if out.exists():
        for path in sorted(out.rglob("*")):
            if path.is_file():
                written[str(path.relative_to(out))] = path.read_bytes()
    return written


def in_folder(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str, inputs: list[str]):  # type: ignore[no-untyped-def]
    folder.mkdir(exist_ok=True)
    (folder / "out").mkdir(exist_ok=True)
    (folder / "good.pmn").write_bytes(GAME)
    (folder / "other.pmn").write_bytes(GAME if name == "reconcile" else OTHER)  # two sheets
    monkeypatch.chdir(folder)
    return run(name, *READERS[name](inputs))


def assert_reported(result, name: str) -> None:  # type: ignore[no-untyped-def]
    assert "Traceback" not in result.output
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert f"{name}: cannot read" in result.stderr, result.stderr
    assert "Could not open file" not in result.stderr


# -- an unreadable subfolder ------------------------------------------------------


def submission(tmp_path: Path) -> Path:
    """A folder with a readable game and a subfolder that cannot be listed."""
    folder = tmp_path / "submissions"
    (folder / "locked").mkdir(parents=True)
    (folder / "good.pmn").write_bytes(GAME)
    (folder / "locked" / "hidden.pmn").write_bytes(OTHER)
    return folder


def test_validate_reports_an_unreadable_subfolder(tmp_path, monkeypatch):
    folder = submission(tmp_path)
    refuse(monkeypatch, folder / "locked")
    result = run("validate", str(folder))
    assert_reported(result, str(folder / "locked"))
    assert "1 game: 1 valid" in result.stdout
    report = run("validate", "--format", "json", str(folder))
    assert report.exit_code == 1
    body = json.loads(report.stdout)
    assert body["summary"]["valid"] == 1
    assert [entry["path"] for entry in body["unread_files"]] == [str(folder / "locked")]


def test_validate_strict_reports_an_unreadable_subfolder(tmp_path, monkeypatch):
    folder = submission(tmp_path)
    refuse(monkeypatch, folder / "locked")
    result = run("validate", "--strict", str(folder))
    assert_reported(result, str(folder / "locked"))


def test_merge_reports_an_unreadable_subfolder_and_writes_the_rest(tmp_path, monkeypatch):
    folder = submission(tmp_path)
    refuse(monkeypatch, folder / "locked")
    result = run("merge", str(folder))
    assert_reported(result, str(folder / "locked"))
    assert "Ada Mensah" in result.stdout


# -- an unreadable file, a truncated .gz, in every command -------------------------


def _same_as_readable_alone(name, tmp_path, monkeypatch, make_bad) -> None:  # type: ignore[no-untyped-def]
    inputs = ["good.pmn", "other.pmn"]
    alone = in_folder(monkeypatch, tmp_path / "alone", name, inputs)
    assert alone.exit_code == 0, alone.output
    folder = tmp_path / "with-bad"
    folder.mkdir()
    bad = make_bad(folder)
    result = in_folder(monkeypatch, folder, name, ["good.pmn", bad, "other.pmn"])
    assert_reported(result, bad)
    if name in COMPARED:
        assert outputs(folder, result) == outputs(tmp_path / "alone", alone)
    else:
        assert (folder / "out").exists() and any((folder / "out").iterdir())


@pytest.mark.parametrize("name", sorted(READERS))
def test_an_unreadable_file_is_reported_and_the_rest_read(name, tmp_path, monkeypatch):
    def make_bad(folder: Path) -> str:
        (folder / "locked.pmn").write_bytes(GAME)
        refuse(monkeypatch, folder / "locked.pmn")
        return "locked.pmn"

    _same_as_readable_alone(name, tmp_path, monkeypatch, make_bad)


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_truncated_gz_is_reported_and_the_rest_read(name, tmp_path, monkeypatch):
    def make_bad(folder: Path) -> str:
        packed = gzip.compress(GAME * 40)
        (folder / "cut.pmn.gz").write_bytes(packed[: len(packed) // 2])
        return "cut.pmn.gz"

    _same_as_readable_alone(name, tmp_path, monkeypatch, make_bad)


# -- a deep folder, a name that is not UTF-8 ----------------------------------------


def test_a_folder_a_thousand_deep_is_walked(tmp_path):
    deep = tmp_path / "deep"
    current = deep
    deep.mkdir()
    for _ in range(1000):  # (os.makedirs recurses: one folder at a time)
        current = current / "d"
        current.mkdir()
    (current / "game.pmn").write_bytes(GAME)
    try:
        result = run("validate", str(deep))
    finally:
        remove_deep(deep)
    assert result.exit_code == 0, result.output[-500:]
    assert "1 game: 1 valid" in result.stdout


def remove_deep(top: Path) -> None:
    """Remove a folder tree deeper than Python's recursion (pytest's cleanup recurses)."""
    folders = [top]
    for folder in folders:  # (the list grows as it is walked)
        for entry in os.scandir(folder):
            if entry.is_dir(follow_symlinks=False):
                folders.append(Path(entry.path))
            else:
                os.unlink(entry.path)
    for folder in reversed(folders):
        folder.rmdir()


def _odd_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "odd"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"\xff\xfe.pmn"), "wb") as out:
        out.write(GAME)
    return folder


def test_a_name_not_utf8_is_indexed(tmp_path):
    folder = _odd_folder(tmp_path)
    result = run("index", str(folder), "-o", str(tmp_path / "index.sqlite"))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    found = run("select", "--index", str(tmp_path / "index.sqlite"))
    assert found.exit_code == 0, found.output
    assert "Ada Mensah" in found.stdout


def test_a_name_not_utf8_is_escaped_in_a_json_report(tmp_path):
    folder = _odd_folder(tmp_path)
    result = run("validate", "--format", "json", str(folder))
    assert result.exit_code == 0, result.output
    text = result.stdout_bytes.decode("utf-8")  # valid UTF-8, or this raises
    body = json.loads(text)
    assert body["games"][0]["source"].endswith("\\xff\\xfe.pmn")
    shown = run("validate", str(folder))
    assert "\\xff\\xfe.pmn" in shown.stdout


# -- sniffing: the same answer however the bytes arrive -------------------------------


def playok_text() -> bytes:
    return make_export("walker", events=1, casual=0, exact_repeats=0, move_repeats=0).text.encode()


def test_a_pipe_delivering_twenty_bytes_first_reads_as_playok(tmp_path):
    export = tmp_path / "export.txt"
    export.write_bytes(playok_text())
    whole = subprocess.run(
        [PMN, "convert", "-", "--to", "json"], input=playok_text(), capture_output=True
    )
    assert whole.returncode == 0, whole.stderr
    slow = subprocess.run(
        f"(head -c 20 {export}; sleep 0.5; tail -c +21 {export}) | {PMN} convert - --to json",
        shell=True,
        capture_output=True,
        check=False,
    )
    assert slow.returncode == 0, slow.stderr
    assert slow.stdout == whole.stdout


def test_a_long_first_header_does_not_hide_playok(tmp_path):
    text = playok_text()
    long_event = b'[Event "' + b"x" * 5000 + b'"]\n'
    lines = text.split(b"\n", 1)
    export = lines[0] if not lines[0].startswith(b"[Event") else b""
    export = long_event + lines[1] if not export else long_event + text
    (tmp_path / "export.txt").write_bytes(export)
    result = run("validate", str(tmp_path / "export.txt"))
    assert result.exit_code == 0, result.output[-800:]
    piped = run("validate", "-", stdin=export)
    assert piped.exit_code == 0, piped.output[-800:]


def test_fmt_sniffs_a_playok_export(tmp_path):
    (tmp_path / "export.txt").write_bytes(playok_text())
    result = run("fmt", str(tmp_path / "export.txt"))
    assert result.exit_code == 0, result.output[-800:]
    assert '[Game "Togyz Kumalak"]' in result.stdout


#: The commands whose ``--format json`` report lists what could not be read.
JSON_REPORTS = ["openings", "reconcile", "standings", "stats", "validate"]


@pytest.mark.parametrize("command", JSON_REPORTS)
def test_every_json_report_lists_the_unread_files(command, tmp_path, monkeypatch):
    # two readable sheets of one game (reconcile needs two), and one that cannot be read
    good, copy, bad = tmp_path / "good.pmn", tmp_path / "copy.pmn", tmp_path / "bad.pmn"
    good.write_bytes(GAME)
    copy.write_bytes(GAME)
    bad.write_bytes(OTHER)
    refuse(monkeypatch, bad)
    args = [command, str(good), str(copy), str(bad), "--format", "json"]
    done = CliRunner().invoke(pmn, args)
    assert done.exit_code == 1, done.output
    body = json.loads(done.stdout[done.stdout.index("{") : done.stdout.rindex("}") + 1])
    assert [entry["path"] for entry in body["unread_files"]] == [str(bad)]
    assert body["unread_files"][0]["error"] is True
