"""Start-up: a command imports what it needs, and the lazy paths give what the eager ones gave.

A one-game ``pmn validate`` used to import every command's options, the JSON
schema validator, pyparsing and every game's rules (issue 15). These tests
hold the lazy imports to their promises: which modules a command loads, and
that the names, help text and game lookups they stand in for are unchanged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn

import notation
from notation import games as registry
from notation.core import tokens
from notation.formats import grammar

ROOT = Path(__file__).resolve().parents[2]

WARI = """[Game "Wari"]
[Result "*"]

1. F d 2. A b *
"""


def loaded_modules(tmp_path: Path, *args: str) -> set[str]:
    """The modules a ``pmn`` command has imported when it ends (run in a fresh interpreter)."""
    script = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: sys.__stderr__.write('MODULES ' + json.dumps(sorted(sys.modules)) + '\\n'))\n"
        "sys.argv = ['pmn', *sys.argv[1:]]\n"
        "from notation.cli.main import main\n"
        "main()\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    line = [x for x in done.stderr.splitlines() if x.startswith("MODULES ")][-1]
    return set(json.loads(line[len("MODULES ") :]))


#: Modules a one-game check of a PMN file must not import.
NOT_FOR_VALIDATE = (
    "jsonschema",  # only when JSON is read or checked against a schema
    "pyparsing",  # the grammar's reference parser; the reader needs the tokens only
    "notation.formats.grammar",
    "notation.formats.jsonform",
    "notation.render.svg",  # pictures only when drawn
    "notation.games.tricala",  # a Wari record does not need the other games' rules
    "notation.games.trias",
    "notation.games.kalah",
    "multiprocessing",  # no pool for a small file
    "notation.cli.convert",  # nor another command's module
    "notation.cli.show",
    "importlib.metadata",  # plugins are read only for a game PMN does not ship
)


def test_a_one_game_validate_imports_only_what_it_needs(tmp_path):
    (tmp_path / "one.pmn").write_text(WARI, encoding="utf-8")
    modules = loaded_modules(tmp_path, "validate", "one.pmn")
    assert "notation.games.wari" in modules
    assert not [name for name in NOT_FOR_VALIDATE if name in modules]


def test_json_input_loads_the_json_form(tmp_path):
    (tmp_path / "one.pmn").write_text(WARI, encoding="utf-8")
    result = CliRunner().invoke(pmn, ["convert", str(tmp_path / "one.pmn"), "--to", "json"])
    assert result.exit_code == 0, result.output
    (tmp_path / "one.json").write_text(result.output, encoding="utf-8")
    modules = loaded_modules(tmp_path, "validate", "one.json")
    assert "notation.formats.jsonform" in modules


def test_help_imports_no_command(tmp_path):
    modules = loaded_modules(tmp_path, "--help")
    imported = [e.reference for e in COMMANDS.values() if e.reference.partition(":")[0] in modules]
    assert not imported


@pytest.mark.parametrize("width", [50, 80, 120, 200])
def test_help_lists_the_commands_as_click_would_from_their_help(width):
    """The summaries in notation.cli.main give the same list click makes by importing every command."""
    ctx = click.Context(pmn, info_name="pmn", max_content_width=width, terminal_width=width)
    ours = click.HelpFormatter(width=width, max_width=width)
    pmn.format_commands(ctx, ours)
    theirs = click.HelpFormatter(width=width, max_width=width)
    click.Group.format_commands(pmn, ctx, theirs)
    assert ours.getvalue() == theirs.getvalue()


def test_the_package_names_come_from_their_modules():
    import importlib

    assert set(notation._HOMES) == set(notation.__all__)
    for name, home in notation._HOMES.items():
        assert getattr(notation, name) is getattr(importlib.import_module(home), name)
    with pytest.raises(AttributeError):
        _ = notation.no_such_name  # type: ignore[attr-defined]


def test_every_game_name_finds_the_class_an_index_of_every_game_finds():
    table = registry._index(registry.games(plugins=False))
    for name, cls in table.items():
        assert registry.find_game(name) is cls
        assert registry.find_game(name.upper()) is cls


def test_the_grammar_uses_the_token_patterns():
    assert [e.pattern for e in grammar.TOKEN_CLASSES] == [t.pattern for t in tokens.TOKEN_CLASSES]
    assert grammar.MOVETEXT_TOKEN.re.pattern == tokens.TOKEN_RE.pattern
    assert grammar.TAG_PAIR.re.pattern == tokens.TAG_PAIR.re.pattern
