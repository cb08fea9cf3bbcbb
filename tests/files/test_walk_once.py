"""Each folder is walked once per command: every command that reads games lists each
folder of its inputs once, however many times it reads the files (``dedupe``'s first
look at the moves, ``--keep most-complete``, ``validate --strict``'s list of the files a
folder holds that are not read)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from tests.files.test_walker_hostile import GAME, OTHER, READERS

#: Each command that reads games (with what it needs besides its inputs), and the
#: options under which it reads its inputs more than once.
RUNS: dict[str, list[str]] = {
    **{name: [name] for name in READERS},
    "validate --strict": ["validate", "--strict"],
    "validate -o": ["validate", "-o", "out/report.txt"],
    "merge --dedupe": ["merge", "--dedupe"],
    "dedupe --keep most-complete": ["dedupe", "--keep", "most-complete"],
    "dedupe --symmetric": ["dedupe", "--symmetric"],
}


def listings(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every folder listed from now on, and how many times: ``os.scandir`` is how every
    walk lists a folder (``os.walk`` and the input walker alike)."""
    listed: Counter[str] = Counter()
    scandir = os.scandir

    def counting(path: str = ".") -> os.ScandirIterator[str]:  # type: ignore[type-var]
        listed[os.path.normpath(os.fspath(path))] += 1
        return scandir(path)

    monkeypatch.setattr(os, "scandir", counting)
    return listed


@pytest.mark.parametrize("run", sorted(RUNS))
def test_each_folder_is_listed_once(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    folder = tmp_path / "games"
    (folder / "round" / "late").mkdir(parents=True)
    (folder / "round" / "good.pmn").write_bytes(GAME)
    second = GAME if run == "reconcile" else OTHER  # reconcile: two sheets of one game
    (folder / "round" / "late" / "other.pmn").write_bytes(second)
    (folder / "notes.txt").write_text("not a record")
    name, *options = RUNS[run]
    arguments = READERS[name](["games"])
    listed = listings(monkeypatch)
    result = CliRunner().invoke(pmn, [name, *arguments[1:], *options, arguments[0]])
    # (validate --strict finds the second game a copy of the first: an error, exit 1)
    assert result.exit_code == (1 if run == "validate --strict" else 0), result.output
    walked = {str(Path("games")), str(Path("games/round")), str(Path("games/round/late"))}
    assert {path: count for path, count in listed.items() if path in walked} == dict.fromkeys(
        walked, 1
    ), result.output
