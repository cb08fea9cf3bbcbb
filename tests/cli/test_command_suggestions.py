"""A misspelt command is answered with the command meant (issue 37). Before:
``pmn vaildate`` said only "No such command 'vaildate'"."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("vaildate", "validate"), ("convret", "convert"), ("merg", "merge"), ("sho", "show")],
)
def test_a_misspelt_command_gets_a_suggestion(typed, meant):
    result = CliRunner().invoke(pmn, [typed, "x.pmn"])
    assert result.exit_code == 2
    assert f"No such command '{typed}'" in result.output
    assert f"Did you mean {meant}?" in result.output


def test_a_command_like_none_gets_none():
    result = CliRunner().invoke(pmn, ["xyzzy"])
    assert result.exit_code == 2
    assert "No such command 'xyzzy'" in result.output and "Did you mean" not in result.output


def test_a_control_in_the_name_is_shown_escaped():
    result = CliRunner().invoke(pmn, ["vali\x1b[2Jdate"])
    assert result.exit_code == 2 and "\x1b" not in result.output


@pytest.mark.parametrize(
    ("count", "noun", "said"),
    [
        (0, "game", "0 games"),
        (1, "move", "1 move"),
        (2, "move", "2 moves"),
        (1, "ply", "1 ply"),
        (3, "ply", "3 plies"),
        (2, "file or folder", "2 file or folders"),
    ],
)
def test_plural(count, noun, said):
    from notation.cli.terminal import plural

    if noun == "file or folder":
        said = "2 files or folders"
        assert plural(count, noun, "files or folders") == said
    else:
        assert plural(count, noun) == said
