"""Progress on long work (issue 37): on a terminal, every command that reads games shows,
on standard error, the games read and the share of the bytes, redrawn in place, from one
shared place (notation.cli.progress); never on standard output, never when standard error
is a pipe or a file, never under --quiet or PMN_PROGRESS=0."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import termios
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli import progress
from notation.cli.main import pmn

from tests.archive.test_index_truth import ROUND, pmn_program
from tests.cli.test_empty_inputs import COMMAND_ARGS, GAME, NOT_HERE

#: Commands that read one game (the one they show): never long.
ONE_GAME = {"show": "one game", "moves": "one game", "render": "one game"}
#: Commands not yet through the shared progress.
NOT_YET: dict[str, str] = {}
#: What the progress line says of the games.
SAID = ("games read", "games checked")


@pytest.fixture
def on_terminal(monkeypatch):
    """Standard error taken for a terminal, and the line drawn at once, at every game."""
    monkeypatch.setattr(progress, "_terminal", lambda: True)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    monkeypatch.setattr(progress, "EVERY", 1)
    monkeypatch.delenv("PMN_PROGRESS", raising=False)
    monkeypatch.delenv("TQDM_DISABLE", raising=False)


def _games(tmp_path: Path, copies: int = 30) -> Path:
    path = tmp_path / "games.pmn"
    path.write_text((GAME.read_text(encoding="utf-8") + "\n") * copies, encoding="utf-8")
    return path


def _run(args: list[str]):
    return CliRunner().invoke(pmn, args)


@pytest.mark.parametrize("name", sorted(set(COMMAND_ARGS) - set(ONE_GAME) - set(NOT_YET)))
def test_every_command_that_reads_games_shows_progress_on_stderr_only(tmp_path, on_terminal, name):
    games = _games(tmp_path)
    result = _run(COMMAND_ARGS[name]([str(games)], tmp_path))
    assert "Traceback" not in result.output, result.output
    assert any(said in result.stderr for said in SAID), (name, result.stderr[-500:])
    assert "\r" in result.stderr  # redrawn in place
    assert not any(said in result.stdout for said in SAID) and "\r" not in result.stdout


def test_every_command_is_here_or_said_why_not():
    covered = {name.split("-")[0] for name in COMMAND_ARGS}
    assert covered - set(ONE_GAME) - set(NOT_YET) - set(NOT_HERE)
    assert {name.split("-")[0] for name in COMMAND_ARGS} | set(NOT_HERE) >= set(ONE_GAME)


def test_every_reading_command_counts_through_the_one_progress(tmp_path, on_terminal, monkeypatch):
    """The shared loops open the one Progress: counted, each command at least once."""
    opened: list[int] = []
    enter = progress.Progress.__enter__

    def counted(self):
        opened.append(1)
        return enter(self)

    monkeypatch.setattr(progress.Progress, "__enter__", counted)
    games = _games(tmp_path, copies=3)
    for name in sorted(set(COMMAND_ARGS) - set(ONE_GAME) - set(NOT_YET)):
        before = len(opened)
        (tmp_path / name).mkdir()
        _run(COMMAND_ARGS[name]([str(games)], tmp_path / name))
        assert len(opened) > before, name


def test_the_line_shows_the_share_of_the_bytes_of_files(tmp_path, on_terminal):
    games = _games(tmp_path)
    result = _run(["select", "--count", str(games)])
    assert result.exit_code == 0 and result.stdout.strip() == "30"
    assert "games read" in result.stderr and "%" in result.stderr and "B/" in result.stderr


def test_standard_input_shows_games_without_a_share(tmp_path, on_terminal):
    games = _games(tmp_path)
    result = CliRunner().invoke(pmn, ["select", "--count", "-"], input=games.read_bytes())
    assert result.exit_code == 0 and result.stdout.strip() == "30"
    assert "games read" in result.stderr and "%" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [["validate", "-q"], ["validate", "--quiet", "--strict"]],
)
def test_quiet_shows_no_progress(tmp_path, on_terminal, args):
    games = _games(tmp_path)
    result = _run([*args, str(games)])
    assert not any(said in result.stderr for said in SAID) and "\r" not in result.stderr


def test_pmn_progress_0_shows_none(tmp_path, on_terminal, monkeypatch):
    monkeypatch.setenv("PMN_PROGRESS", "0")
    result = _run(["select", "--count", str(_games(tmp_path))])
    assert result.exit_code == 0 and "games read" not in result.stderr


def test_not_a_terminal_shows_none(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "EVERY", 1)  # (everything but the terminal)
    result = _run(["select", "--count", str(_games(tmp_path))])
    assert result.exit_code == 0 and "games read" not in result.stderr and "\r" not in result.stderr


def test_a_line_of_other_output_is_not_written_over_the_progress(tmp_path, on_terminal):
    """A damaged game said on stderr while the line shows: the line is erased first."""
    text = _games(tmp_path).read_text(encoding="utf-8") + '\n[Game "Wari"]\n\n1. Q q 1-0\n'
    damaged = tmp_path / "damaged.pmn"
    damaged.write_text(text, encoding="utf-8")
    result = _run(["validate", str(damaged)])
    line = next(line for line in result.stderr.split("\n") if "game 31" in line)
    assert line.rstrip("\r").split("\r")[-1].startswith(str(damaged)), repr(line)


def _big(tmp_path: Path) -> Path:
    path = tmp_path / "big.pmn"
    path.write_text((ROUND + "\n") * 4000, encoding="utf-8")
    return path


def _under_pty(args: list[str], cwd: Path) -> tuple[int, bytes, bytes]:
    """``pmn ARGS`` with standard error a terminal (80 by 24) and standard output a file."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = cwd / "stdout.txt"
    with out.open("wb") as stdout:
        process = subprocess.Popen(
            [pmn_program(), *args],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=slave,
        )
    os.close(slave)
    said = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # (the other end closed)
            break
        if not chunk:
            break
        said += chunk
    process.wait(timeout=300)
    os.close(master)
    return process.returncode, said, out.read_bytes()


def test_a_long_build_on_a_terminal_shows_its_progress(tmp_path):
    big = _big(tmp_path)
    code, said, printed = _under_pty(
        ["index", str(big), "-o", str(tmp_path / "a.sqlite")], tmp_path
    )
    assert code == 0, said[-2000:]
    assert b"games read" in said and b"%" in said and b"\r" in said
    assert b"8000 games indexed" in said
    assert printed == b""


def test_a_long_read_to_a_file_or_a_pipe_shows_none(tmp_path):
    big = _big(tmp_path)
    done = subprocess.run(
        [pmn_program(), "index", str(big), "-o", str(tmp_path / "b.sqlite")],
        capture_output=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0
    assert b"games read" not in done.stderr and b"\r" not in done.stderr
    assert done.stderr.strip().endswith(b"big.pmn: 8000 games indexed"), done.stderr
