"""The hostile submitter's folder cases in every command, not only in ``validate`` and
``merge``: a subfolder that cannot be listed is a problem each command reports (exit 1)
while it reads the rest, and a file name that is not UTF-8 leaves every ``--format json``
report valid UTF-8, the name escaped. (Helpers and the list of commands:
``test_walker_hostile.py``.)"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from tests.files.test_walker_hostile import (
    COMPARED,
    GAME,
    JSON_REPORTS,
    OTHER,
    READERS,
    assert_reported,
    outputs,
    refuse,
)


def event(folder: Path, name: str, *, locked: bool) -> None:
    """``folder/games``: two games in subfolders, and with ``locked`` a third in a
    subfolder that the test makes unreadable."""
    (folder / "out").mkdir(parents=True)
    games = folder / "games"
    (games / "a").mkdir(parents=True)
    (games / "b").mkdir()
    (games / "a" / "good.pmn").write_bytes(GAME)
    (games / "b" / "other.pmn").write_bytes(GAME if name == "reconcile" else OTHER)
    if locked:
        (games / "locked").mkdir()
        (games / "locked" / "hidden.pmn").write_bytes(OTHER)


@pytest.mark.parametrize("name", sorted(READERS))
def test_an_unreadable_subfolder_is_reported_and_the_rest_read(name, tmp_path, monkeypatch):
    alone = tmp_path / "alone"
    event(alone, name, locked=False)
    monkeypatch.chdir(alone)
    readable = CliRunner().invoke(pmn, [name, *READERS[name](["games"])])
    assert readable.exit_code == 0, readable.output
    folder = tmp_path / "with-locked"
    event(folder, name, locked=True)
    refuse(monkeypatch, folder / "games" / "locked")
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(pmn, [name, *READERS[name](["games"])])
    assert_reported(result, os.path.join("games", "locked"))
    if name in COMPARED:
        assert outputs(folder, result) == outputs(alone, readable)


@pytest.mark.parametrize("command", JSON_REPORTS)
def test_a_name_not_utf8_leaves_every_json_report_valid_utf8(command, tmp_path):
    folder = tmp_path / "odd"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"\xff\xfe.pmn"), "wb") as out:
        out.write(GAME)
    (folder / "copy.pmn").write_bytes(GAME)  # (reconcile compares two sheets)
    done = CliRunner().invoke(pmn, [command, str(folder), "--format", "json"])
    assert done.exit_code == 0, done.output
    text = done.stdout_bytes.decode("utf-8")  # valid UTF-8, or this raises
    json.loads(text)
    # the name, where a report names it, escaped: no lone surrogate, no replacement
    assert "\\udc" not in text and "\ufffd" not in text
    if command in ("validate", "reconcile"):  # (the reports that name their sources)
        assert "\\\\xff\\\\xfe.pmn" in text
