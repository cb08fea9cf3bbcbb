"""Standard output appended onto a file an option reads (``pmn standings --players r.csv
>> r.csv``) is refused as ``-o r.csv`` is: the guard knows every file the command reads,
by its options' types, whichever way the output reaches it. Generated from the commands'
parameters, as the guard's other cases (``test_guard_from_options.py``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from notation.cli.paths import Role

from tests.cli.test_guard_from_options import (
    COMMANDS_LOADED,
    EXAMPLES,
    base_args,
    option_name,
    role_params,
)

PMN = os.path.join(os.path.dirname(sys.executable), "pmn")
ROSTER = "name\nAda Mensah\nKofi Boateng\n"

#: Every option that names a file the command reads, of every command.
READ_BY_OPTION = [
    (name, option_name(param))
    for name, command in COMMANDS_LOADED.items()
    for param in role_params(command, Role.READ)
    if isinstance(param, click.Option)
]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "in.pmn"
    shutil.copyfile(EXAMPLES / "wari-annotated.pmn", path)
    return path


def appended(args: list[str], read: Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``pmn ARGS >> READ``."""
    with open(read, "ab") as out:
        return subprocess.run(
            [PMN, *args], stdout=out, stderr=subprocess.PIPE, cwd=cwd, check=False
        )


def test_standings_appended_onto_its_roster_is_refused(game, tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    done = appended(["standings", str(game), "--players", str(roster)], roster, tmp_path)
    assert done.returncode == 2, done.stderr.decode()
    assert b"one of the inputs" in done.stderr
    assert roster.read_text(encoding="utf-8") == ROSTER


@pytest.mark.parametrize(("name", "option"), READ_BY_OPTION)
def test_standard_output_appended_onto_a_file_an_option_reads_leaves_it(
    name, option, game, tmp_path
):
    read = tmp_path / "read-by-an-option"
    read.write_text(ROSTER, encoding="utf-8")
    args = base_args(name, COMMANDS_LOADED[name], game, tmp_path, option)
    done = appended([*args, option, str(read)], read, tmp_path)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    # refused (exit 2) when the command writes to standard output; untouched either way
    assert read.read_text(encoding="utf-8") == ROSTER, done.stderr.decode()
