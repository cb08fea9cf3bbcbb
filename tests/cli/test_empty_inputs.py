"""An input with no game in it is an error (ruling N4) in every command that reads games
(issue 28): exit 1 and ``NAME: no game in it: an input must hold at least one game
(ruling N4)`` on stderr, for an empty file, an empty folder and empty standard input.
Before, ``convert``, ``stats``, ``select --count``, ``dedupe``, ``merge``, ``openings``,
``sort`` and ``split`` succeeded with nothing, and ``show``, ``moves`` and ``render``
called it a usage error (``has no game 1``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "wari-resignation.pmn"
#: What every command says after the name of an input with no game in it.
NO_GAME = "no game in it: an input must hold at least one game (ruling N4)"

Args = Callable[[list[str], Path], list[str]]

#: Each command that reads games, and its arguments around the inputs.
COMMAND_ARGS: dict[str, Args] = {
    "validate": lambda inputs, tmp: ["validate", *inputs],
    "convert": lambda inputs, tmp: ["convert", *inputs, "--to", "json"],
    "convert-dir": lambda inputs, tmp: ["convert", *inputs, "--to", "json", "-d", str(tmp / "o")],
    "show": lambda inputs, tmp: ["show", *inputs],
    "moves": lambda inputs, tmp: ["moves", *inputs],
    "render": lambda inputs, tmp: ["render", *inputs],
    "stats": lambda inputs, tmp: ["stats", *inputs],
    "stats-tags": lambda inputs, tmp: ["stats", "--tags-only", *inputs],
    "standings": lambda inputs, tmp: ["standings", *inputs],
    "reconcile": lambda inputs, tmp: ["reconcile", *inputs],
    "publish": lambda inputs, tmp: ["publish", *inputs, "-d", str(tmp / "site")],
    "select": lambda inputs, tmp: ["select", *inputs],
    "select-count": lambda inputs, tmp: ["select", "--count", *inputs],
    "dedupe": lambda inputs, tmp: ["dedupe", *inputs],
    "split": lambda inputs, tmp: ["split", *inputs, "--every", "1", "-d", str(tmp / "p")],
    "merge": lambda inputs, tmp: ["merge", *inputs],
    "sort": lambda inputs, tmp: ["sort", *inputs, "--by", "Date"],
    "openings": lambda inputs, tmp: ["openings", *inputs],
    "repair": lambda inputs, tmp: ["repair", *inputs, "-o", str(tmp / "repaired.pmn")],
    "fmt": lambda inputs, tmp: ["fmt", *inputs],
    "fmt-check": lambda inputs, tmp: ["fmt", "--check", *inputs],
    "index": lambda inputs, tmp: ["index", *inputs, "-o", str(tmp / "archive.sqlite")],
}

#: Commands left out, and why.
NOT_HERE = {
    "record": "writes one record; reads no FILES",
    "serve": "serves a round of an event folder; reads no FILES",
}


def test_every_reading_command_is_checked():
    covered = {name.split("-")[0] for name in COMMAND_ARGS}
    assert covered | set(NOT_HERE) == set(COMMANDS)


def run(args: list[str], stdin: str | None = None):
    return CliRunner().invoke(pmn, args, input=stdin)


#: Commands that refuse standard input (exit 2, tested by test_cli_conventions).
NO_STDIN = ("convert-dir", "publish", "split", "reconcile", "index")


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        (name, kind)
        for name in sorted(COMMAND_ARGS)
        for kind in ("file", "folder", "stdin")
        if not (kind == "stdin" and name in NO_STDIN)
    ],
)
def test_an_input_with_no_game_is_an_error(tmp_path, name, kind):
    if kind == "file":
        empty = tmp_path / "empty.pmn"
        empty.write_text("\n")
        argument = str(empty)
    elif kind == "folder":
        (tmp_path / "none").mkdir()
        argument = str(tmp_path / "none")
    else:
        argument = "-"
    inputs = [argument, str(GAME)] if name == "reconcile" else [argument]
    result = run(COMMAND_ARGS[name](inputs, tmp_path), stdin="" if kind == "stdin" else None)
    shown = "<stdin>" if argument == "-" and name != "validate" else argument
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "no game in" in result.stderr, result.stderr
    assert "must hold at least one game (ruling N4)" in result.stderr, result.stderr
    assert shown in result.stderr or argument in result.stderr


@pytest.mark.parametrize("name", ["convert", "select-count", "stats", "merge"])
def test_the_other_inputs_are_still_read(tmp_path, name):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(COMMAND_ARGS[name]([str(GAME), str(empty)], tmp_path))
    assert result.exit_code == 1, result.output
    assert f"{empty}: {NO_GAME}" in result.stderr
    assert "Kofi" in result.stdout or "1" in result.stdout


def test_show_of_an_empty_file_is_not_a_usage_error(tmp_path):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(["show", str(empty)])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {empty}: {NO_GAME}"


def test_an_empty_file_indexed_again_is_still_an_error(tmp_path):
    empty = tmp_path / "empty.pmn"
    empty.write_text("\n")
    database = str(tmp_path / "archive.sqlite")
    first = run(["index", str(empty), str(GAME), "-o", database])
    again = run(["index", str(empty), str(GAME), "-o", database])
    for result in (first, again):
        assert result.exit_code == 1, result.output
        assert f"{empty}: {NO_GAME}" in result.stderr
        assert f"{GAME}: no game in it" not in result.stderr
    assert "unchanged, skipped" in again.stderr


def test_fmt_says_an_empty_file_and_still_formats_the_others(tmp_path):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(["fmt", str(GAME), str(empty)])
    assert result.exit_code == 1
    assert f"{empty}: {NO_GAME}" in result.stderr
    assert "Kofi" in result.stdout


def test_fmt_of_a_file_it_cannot_decode_does_not_also_call_it_empty(tmp_path):
    latin = tmp_path / "latin.pmn"
    latin.write_bytes(b'[Game "Wari"]\n[South "Ad\xe9"]\n\n1. A *\n')
    result = run(["fmt", str(latin)])
    assert result.exit_code == 1
    assert "no game in it" not in result.stderr
