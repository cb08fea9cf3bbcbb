"""Option values quoted in usage errors, and CSV shown on a terminal, have their controls
escaped as file names are (issue 37). Before: ``--variant``, ``--tie-break``,
``--points`` and ``--level`` values were echoed raw, and ``--format csv`` wrote raw
controls to a terminal."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

import pytest
from click.testing import CliRunner
from notation.cli.csvout import for_terminal, write_csv
from notation.cli.main import pmn

GAME = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f 3. A a *\n'
HOSTILE = "x\x07\rred\x08\x1b[2J"


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "--variant", HOSTILE],
        ["select", "--variant", HOSTILE, "--count"],
        ["standings", "--tie-break", HOSTILE],
        ["standings", "--points", HOSTILE],
        ["validate", "--strict", "--level", HOSTILE],
        ["publish", "--points", HOSTILE, "-d", "site"],
        ["publish", "--tie-break", HOSTILE, "-d", "site"],
    ],
)
def test_an_option_value_is_shown_escaped(tmp_path, args):
    source = tmp_path / "g.pmn"
    source.write_text(GAME)
    os.chdir(tmp_path)
    result = CliRunner().invoke(pmn, [*args, str(source)])
    assert result.exit_code == 2, result.output
    assert "\x07" not in result.output and "\r" not in result.output
    assert "\x08" not in result.output and "\x1b" not in result.output
    assert "x\\x07\\rred\\x08" in result.output


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_csv_to_a_terminal_is_escaped_and_to_a_file_is_not():
    rows = [["table", "value"], ["termination", HOSTILE]]
    shown, stored = _Terminal(), io.StringIO()
    write_csv(rows, shown)
    write_csv(rows, stored)
    assert "\x1b" not in shown.getvalue() and "\\x1b[2J" in shown.getvalue()
    assert shown.getvalue().count("\n") == 2
    assert HOSTILE in stored.getvalue()
    assert for_terminal(stored) is stored


def test_stats_csv_on_a_real_terminal_is_escaped(tmp_path):
    source = tmp_path / "g.pmn"
    source.write_text(GAME.replace('[Result "*"]', f'[Result "*"]\n[Termination "{HOSTILE}"]'))
    main, secondary = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "notation.cli", "stats", "--format", "csv", str(source)],
            stdout=secondary,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
        os.close(secondary)
        secondary = -1
        shown = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main)
        if secondary >= 0:
            os.close(secondary)
    assert done.returncode == 0, done.stderr
    assert b"\x1b" not in shown and b"\x07" not in shown
    assert b"\\x1b[2J" in shown
