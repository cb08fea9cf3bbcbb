"""Every command line the PlayOK and Togyz Kumalak chapters show (docs/playok.md,
docs/togyz-kumalak.md, their ``sh`` blocks) runs as written on an export in PlayOK's
layout (tests/playok_exports.py), with the documented options: none is refused as a
usage error, none fails. The tournament number the docs use is the export's first."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from tests.playok_exports import make_export

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: The tournament number the docs' examples name.
DOCUMENTED_EVENT = "5123456"


def documented_commands(name: str) -> list[str]:
    """The ``pmn`` command lines of a chapter's ``sh`` blocks, comments cut, ``&&`` split."""
    text = (DOCS / name).read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        for line in block.splitlines():
            line = line.split(" #", 1)[0].strip()
            commands.extend(part.strip() for part in line.split("&&") if part.strip())
    return commands


COMMANDS = [
    (name, command)
    for name in ("playok.md", "togyz-kumalak.md")
    for command in documented_commands(name)
]


def test_the_chapters_show_commands():
    assert len(COMMANDS) >= 10
    assert all(command.startswith("pmn ") for _, command in COMMANDS)


@pytest.mark.parametrize(("doc", "command"), COMMANDS)
def test_every_documented_command_runs(tmp_path, doc, command):
    export = make_export("docs", events=3, casual=2)
    export.write(tmp_path / "playok.txt")
    (tmp_path / "exports").mkdir()
    export.write(tmp_path / "exports" / "games.txt")
    event = export.events[0]
    args = [arg.replace(DOCUMENTED_EVENT, event) for arg in shlex.split(command)[1:]]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        runner = CliRunner()
        if args[0] in ("repair", "dedupe") and "clean.pmn" in args[1:2]:
            runner.invoke(pmn, ["repair", "playok.txt", "-o", "clean.pmn"])
        if args[:2] == ["standings", "event.pmn"]:
            runner.invoke(
                pmn, ["select", "playok.txt", "--tag", f"Event={event}", "-o", "event.pmn"]
            )
        result = runner.invoke(pmn, args)
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, (doc, command, result.output)
