"""``pmn show -o X.svg`` and ``pmn render -o X.html``, driven through click's CliRunner."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from notation.cli.main import pmn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ANNOTATED = str(EXAMPLES / "wari-annotated.pmn")
TRICALA = str(EXAMPLES / "tricala-two-players.pmn")
EMPTY_HOLE = str(EXAMPLES / "broken" / "wari-empty-hole.pmn")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


# -- pmn show -o X.svg ----------------------------------------------------------


def test_show_svg_to_a_file(runner, tmp_path):
    out = tmp_path / "board.svg"
    result = runner.invoke(pmn, ["show", ANNOTATED, "--move", "1", "--to", "svg", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    shown = {g.get("data-pit"): g.get("data-stones") for g in root.iter() if g.get("data-pit")}
    assert shown["D"] == "0" and shown["E"] == "5" and shown["a"] == "5"
    assert [g.get("data-pit") for g in root.iter() if "last-move" in g.get("class", "")] == ["D"]


def test_show_svg_to_stdout(runner):
    result = runner.invoke(pmn, ["show", TRICALA, "--move", "6", "--to", "svg", "-o", "-"])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(result.stdout)
    assert root.tag.endswith("svg")
    assert sum(1 for g in root.iter() if g.get("data-pit")) == 21


def test_show_without_svg_still_draws_text(runner):
    result = runner.invoke(pmn, ["show", ANNOTATED, "--move", "1"])
    assert result.exit_code == 0
    assert result.stdout.startswith("After D:\n")
    assert "<svg" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o"], "Option '-o' requires an argument"),
        (["--output=--move=3"], "-o/--output needs a file to write"),
        (["-o", ""], "-o/--output needs a file to write"),
        (["--game", "2", "-o", "x.svg"], "has no game 2"),
        (["--game", "0", "-o", "x.svg"], "0 is not in the range x>=1"),
        (["--move", "999", "-o", "x.svg"], "has 103 moves, not 999"),
    ],
)
def test_show_svg_usage_errors(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)  # an empty folder: nothing may be written there
    result = runner.invoke(pmn, ["show", ANNOTATED, *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not Path("x.svg").exists()
    no_traceback(result)


def test_show_svg_of_a_broken_record(runner, tmp_path):
    out = tmp_path / "board.svg"
    result = runner.invoke(pmn, ["show", EMPTY_HOLE, "--to", "svg", "-o", str(out)])
    assert result.exit_code == 1
    assert "wari-empty-hole.pmn:5:11: C: hole C is empty" in result.stderr
    assert not out.exists()
    no_traceback(result)


# -- pmn render -o X.html -------------------------------------------------------


def test_render_html_to_a_file(runner, tmp_path):
    out = tmp_path / "game.html"
    result = runner.invoke(pmn, ["render", ANNOTATED, "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "Result 1-0: South (<bdi>Ada Mensah</bdi>) wins" in page


def test_render_html_to_stdout_and_game_number(runner, tmp_path):
    both = tmp_path / "two.pmn"
    both.write_text(
        Path(ANNOTATED).read_text(encoding="utf-8")
        + "\n"
        + (EXAMPLES / "wari-resignation.pmn").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    result = runner.invoke(pmn, ["render", str(both), "--game", "2", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert "the game stopped early: resignation" in result.stdout
    assert "Ada Mensah" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o"], "Option '-o' requires an argument"),
        (["-o", "--game"], "-o/--output needs a file to write"),
        (["--game", "2", "-o", "x.html"], "has no game 2"),
        (["--game", "-1", "-o", "x.html"], "-1 is not in the range x>=1"),
        (["--game", "two", "-o", "x.html"], "'two' is not a valid integer"),
    ],
)
def test_render_usage_errors(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)  # an empty folder: nothing may be written there
    result = runner.invoke(pmn, ["render", ANNOTATED, *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not Path("x.html").exists()
    no_traceback(result)


def test_render_broken_records_exit_1(runner, tmp_path):
    out = tmp_path / "game.html"
    result = runner.invoke(pmn, ["render", EMPTY_HOLE, "-o", str(out)])
    assert result.exit_code == 1  # an invalid record, drawn up to its illegal move
    assert (
        "wari-empty-hole.pmn:5:11: game 1, move 2.: C: hole C is empty; did you mean B or D?"
        in result.stderr
    )
    # the record's line, and a caret under the move refused (column 11)
    lines = result.stderr.splitlines()
    at = next(i for i, line in enumerate(lines) if "hole C is empty" in line)
    source = Path(EMPTY_HOLE).read_text(encoding="utf-8").splitlines()[4]
    assert lines[at + 1] == "    " + source.rstrip()
    assert lines[at + 2] == "    " + " " * 10 + "^"
    assert "drawn with 1 problem marked on the page" in result.stderr
    assert "hole C is empty" in out.read_text(encoding="utf-8")
    no_traceback(result)
    unknown = str(EXAMPLES / "broken" / "wari-unknown-rules.pmn")
    result = runner.invoke(pmn, ["render", unknown, "-o", str(out)])
    assert result.exit_code == 1
    assert 'unknown Trysse/Wari ruleset or option "grand-slam"' in result.stderr
    no_traceback(result)


def test_render_unwritable_target(runner, tmp_path):
    out = tmp_path / "no" / "such" / "folder" / "game.html"
    result = runner.invoke(pmn, ["render", ANNOTATED, "-o", str(out)])
    assert result.exit_code == 1
    assert f"cannot write {out}" in result.stderr
    no_traceback(result)


def test_render_missing_file(runner, tmp_path):
    result = runner.invoke(pmn, ["render", str(tmp_path / "none.pmn"), "-o", "x.html"])
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    no_traceback(result)


def test_render_has_help(runner):
    result = runner.invoke(pmn, ["render", "--help"])
    assert result.exit_code == 0
    assert "-o, --output OUT.html" in result.stdout
    result = runner.invoke(pmn, ["--help"])
    assert "render" in result.stdout
