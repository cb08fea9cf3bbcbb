"""The data paths made fast (issue 15) give what the slow ones gave."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from notation.collection import read_declared, read_path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PMN_FILES = sorted(EXAMPLES.rglob("*.pmn"))


def pmn(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def declared(record):
    return (
        record.tags,
        record.result,
        record.damaged,
        [(n.token, n.number) for n in record.mainline.moves] if not record.damaged else None,
    )


@pytest.mark.parametrize("path", PMN_FILES, ids=lambda p: p.name)
def test_read_declared_gives_what_the_full_reader_declares(path):
    assert [declared(r) for r in read_declared(str(path))] == [
        declared(r) for r in read_path(str(path))
    ]


def test_read_declared_mixes_plain_commented_and_damaged_games(tmp_path):
    path = tmp_path / "mixed.pmn"
    path.write_text(
        '[Game "Wari"]\n\n1. C b 2. A *\n\n'
        '[Game "Wari"]\n\n1. C {why} b (1... a) 2. A! $1 1-0\n\n'
        '[Game "Wari"]\n\n1. C ) *\n\n'
        '[Game "Wari"]\n\n1. C b\n',
        encoding="utf-8",
    )
    fast = list(read_declared(str(path)))
    assert [declared(r) for r in fast] == [declared(r) for r in read_path(str(path))]
    assert [r.damaged for r in fast] == [False, False, True, True]


def test_stats_counts_as_before(tmp_path):
    """stats reads plain games with the cheap reader: the same counts as the full reader's."""
    files = [str(p) for p in PMN_FILES if "broken" not in p.parts]
    result = pmn("stats", "--format", "json", *files)
    body = json.loads(result.stdout)
    records = [r for f in files for r in read_path(f)]
    good = [r for r in records if not r.damaged]
    assert body["summary"]["games"] == len(good)
    assert body["summary"]["unreadable"] == len(records) - len(good)
    assert body["summary"]["moves_max"] == max(len(r.mainline.moves) for r in good)
    assert sum(body["result"].values()) == len(good)
    for record in good:
        assert record.result in body["result"]
