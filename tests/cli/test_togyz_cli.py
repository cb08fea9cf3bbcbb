"""Togyz Kumalak through the commands: fmt writes PlayOK's full tokens, validate checks them."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHEET = '[Game "Togyz Kumalak"]\n\n1. 4 4 2. 6 9 3. 1 1 4. 5 6 *\n'


def run(*args: str):
    result = CliRunner().invoke(pmn, list(args))
    assert "Traceback" not in result.output
    return result


def test_fmt_writes_the_full_tokens(tmp_path):
    path = tmp_path / "sheet.pmn"
    path.write_text(SHEET, encoding="utf-8")
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output
    (record,) = read_text(result.stdout)
    tokens = [node.token for node in record.mainline.moves]
    assert tokens == ["43(10)", "43(10)", "66", "99(22)", "12(22)", "13X", "57(34)", "69"]
    assert run("fmt", "--check", str(path)).exit_code == 1  # the hole alone is not canonical


def test_validate_reports_a_wrong_claim_with_its_place():
    path = EXAMPLES / "broken" / "togyz-wrong-capture-count.pmn"
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:7:" in result.stderr
    assert "the move is 99(22): last stone in White's 9, captures 12, Black has 22" in result.stderr
    body = json.loads(run("validate", "--format", "json", str(path)).stdout)
    (problem,) = body["games"][0]["problems"]
    assert problem["code"] == "wrong-capture-count"
    assert "99(22)" in problem["legal"]


def test_every_togyz_example_validates_and_every_broken_one_fails():
    good = sorted(str(p) for p in EXAMPLES.glob("togyz-*.pmn"))
    assert len(good) >= 3
    assert run("validate", *good).exit_code == 0
    for path in (EXAMPLES / "broken").glob("togyz-*.pmn"):
        assert run("validate", str(path)).exit_code == 1, path


def test_moves_from_a_position_by_the_games_short_name():
    result = run("moves", "--position", "0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W")
    assert result.exit_code == 2  # a position names no game
    result = run(
        "moves", "--position", "0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W", "--variant", "togyz"
    )
    assert result.exit_code == 0, result.output
    assert "81X" in result.stdout and "makes Black's 1 White's tuzdyk, takes 3" in result.stdout
