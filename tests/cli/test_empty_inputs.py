"""An input with no game in it is an error (ruling N4) in every command that reads games
(issue 28): exit 1 and ``NAME: no game in it (ruling N4)`` on stderr, for an empty file,
an empty folder and empty standard input. Before, ``convert``, ``stats``, ``select --count``,
``dedupe``, ``merge``, ``openings``, ``sort`` and ``split`` succeeded with nothing, and
``show``, ``moves`` and ``render`` called it a usage error (``has no game 1``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "wari-resignation.pmn"

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
}

#: Commands left out, and why.
NOT_HERE = {
    "record": "writes one record; reads no FILES",
    "fmt": "formats text as it is: an empty file is already canonical (not yet an error)",
    "index": "a file indexed before counts no new game either (not yet an error)",
}


def test_every_reading_command_is_checked():
    covered = {name.split("-")[0] for name in COMMAND_ARGS}
    assert covered | set(NOT_HERE) == set(COMMANDS)


def run(args: list[str], stdin: str | None = None):
    return CliRunner().invoke(pmn, args, input=stdin)


#: Commands that refuse standard input (exit 2, tested by test_cli_conventions).
NO_STDIN = ("convert-dir", "publish", "split", "reconcile")


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
    assert "no game in" in result.stderr and "(ruling N4)" in result.stderr, result.stderr
    assert shown in result.stderr or argument in result.stderr


@pytest.mark.parametrize("name", ["convert", "select-count", "stats", "merge"])
def test_the_other_inputs_are_still_read(tmp_path, name):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(COMMAND_ARGS[name]([str(GAME), str(empty)], tmp_path))
    assert result.exit_code == 1, result.output
    assert f"{empty}: no game in it (ruling N4)" in result.stderr
    assert "Kofi" in result.stdout or "1" in result.stdout


def test_show_of_an_empty_file_is_not_a_usage_error(tmp_path):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(["show", str(empty)])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {empty}: no game in it (ruling N4)"
