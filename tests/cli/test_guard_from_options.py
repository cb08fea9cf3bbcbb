"""The identity guard derived from the options: every parameter that names a path says by
its type whether the command reads it or writes it (``cli/paths.py``), and the guard covers
every such parameter of every command without a line of command code. The cases below are
generated from the commands' parameters, so an option added later is attacked as well."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn
from notation.cli.paths import Role, RolePath

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def commands() -> dict[str, click.Command]:
    loaded = {}
    for name, entry in COMMANDS.items():
        module, _, attribute = entry.reference.partition(":")
        loaded[name] = getattr(importlib.import_module(module), attribute)
    return loaded


COMMANDS_LOADED = commands()


def role_params(command: click.Command, role: Role) -> list[click.Parameter]:
    return [p for p in command.params if isinstance(p.type, RolePath) and p.type.role is role]


def option_name(param: click.Parameter) -> str:
    return max(param.opts, key=len)


#: Values for required options that take free text (none takes a path).
TEXT_VALUES = {"--by": "Date"}


def base_args(name: str, command: click.Command, game: Path, tmp: Path, *tested: str) -> list[str]:
    """Arguments that make ``command`` a valid call reading ``game``: each required option
    but the ``tested`` ones filled from its declaration (a new file or folder for one
    written, a choice's first, :data:`TEXT_VALUES`)."""
    args = [name]
    for param in command.params:
        if isinstance(param, click.Argument) and isinstance(param.type, RolePath):
            args.append(str(game))
        elif isinstance(param, click.Option) and param.required:
            option = option_name(param)
            if option in tested:
                continue
            if isinstance(param.type, RolePath):
                args += [option, str(tmp / f"other{option}")]
            elif isinstance(param.type, click.Choice):
                args += [option, str(param.type.choices[0])]
            else:
                args += [option, TEXT_VALUES[option]]
    return args


WRITES = [
    (name, option_name(param))
    for name, command in COMMANDS_LOADED.items()
    for param in role_params(command, Role.WRITE)
]
WRITE_PAIRS = [
    (name, option_name(first), option_name(second))
    for name, command in COMMANDS_LOADED.items()
    for index, first in enumerate(role_params(command, Role.WRITE))
    for second in role_params(command, Role.WRITE)[index + 1 :]
]
READ_OPTIONS = [
    (name, option_name(read), option_name(write))
    for name, command in COMMANDS_LOADED.items()
    for read in role_params(command, Role.READ)
    if isinstance(read, click.Option)
    for write in role_params(command, Role.WRITE)
]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "in.pmn"
    shutil.copyfile(EXAMPLES / "wari-annotated.pmn", path)
    return path


def run(args: list[str]):
    return CliRunner().invoke(pmn, args)


def test_every_path_parameter_declares_what_the_command_does_with_it():
    undeclared = [
        (name, param.name)
        for name, command in COMMANDS_LOADED.items()
        for param in command.params
        if (
            isinstance(param.type, (click.Path, click.File))
            and not isinstance(param.type, RolePath)
        )
        or (
            isinstance(param.type, click.types.StringParamType)
            and any(word in (param.name or "") for word in ("path", "output", "report", "file"))
        )
    ]
    assert undeclared == []
    assert len(WRITES) > 15 and WRITE_PAIRS and READ_OPTIONS  # the cases below exist


def test_the_defects_that_bypassed_the_command_by_command_guard_are_cases():
    assert ("repair", "--output", "--report") in WRITE_PAIRS
    assert ("select", "--output", "--split-invalid") in WRITE_PAIRS
    assert ("standings", "--players", "--output") in READ_OPTIONS


@pytest.mark.parametrize(("name", "option"), WRITES)
def test_an_output_that_is_an_input_is_refused(name, option, game, tmp_path):
    before = game.read_bytes()
    command = COMMANDS_LOADED[name]
    done = run([*base_args(name, command, game, tmp_path, option), option, str(game)])
    assert done.exit_code == 2, done.output
    assert "one of the inputs" in done.output
    assert game.read_bytes() == before


@pytest.mark.parametrize(("name", "first", "second"), WRITE_PAIRS)
def test_two_outputs_that_are_one_file_are_refused(name, first, second, game, tmp_path):
    out = tmp_path / "out.pmn"
    command = COMMANDS_LOADED[name]
    args = [*base_args(name, command, game, tmp_path, first, second)]
    args += [first, str(out), second, f"{tmp_path}/./out.pmn"]
    done = run(args)
    assert done.exit_code == 2, done.output
    assert "both name" in done.output
    assert not out.exists()


@pytest.mark.parametrize(("name", "read", "write"), READ_OPTIONS)
def test_an_output_onto_a_file_an_option_reads_is_refused(name, read, write, game, tmp_path):
    other = tmp_path / "read-by-an-option"
    other.write_text("name\nAda\n", encoding="utf-8")
    command = COMMANDS_LOADED[name]
    args = base_args(name, command, game, tmp_path, read, write)
    done = run([*args, read, str(other), write, str(other)])
    assert done.exit_code == 2, done.output
    assert "one of the inputs" in done.output
    assert other.read_text(encoding="utf-8") == "name\nAda\n"


def test_a_flag_that_rewrites_the_input_by_design_lets_its_output_be_the_input(game):
    done = run(["convert", str(game), "--in-place", "-o", str(game)])
    assert done.exit_code == 0, done.output
    assert run(["convert", str(game), "-o", str(game)]).exit_code == 2
