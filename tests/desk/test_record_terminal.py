"""pmn record on a terminal (a pseudo-terminal): line editing, history and tab completion (issue 16).

Each test starts ``python -m notation.cli record --resume`` with standard input and
output on a pseudo-terminal, types keys as a recorder would (arrow keys as
the escape sequences a terminal sends), and checks the record written.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from notation import read_text

ROOT = Path(__file__).resolve().parents[2]
LEFT, UP, BACKSPACE, TAB, ENTER = b"\x1b[D", b"\x1b[A", b"\x7f", b"\t", b"\r"
WARI = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n*\n'
TRICALA = '[Game "Tricala"]\n[White "Ann"]\n[Black "Bob"]\n[Red "Cy"]\n\n*\n'


class Terminal:
    """pmn record running on a pseudo-terminal."""

    def __init__(self, path: Path) -> None:
        env = dict(
            os.environ,
            TERM="xterm",
            COLUMNS="100",
            LINES="30",
            PROMPT_TOOLKIT_NO_CPR="1",  # no cursor-position request to wait an answer for
        )
        master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "notation.cli", "record", "--resume", str(path)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""

    def expect(self, text: bytes, timeout: float = 60) -> None:
        """Read the screen until ``text`` has appeared after what was read before."""
        start = len(self.output)
        end = time.monotonic() + timeout
        while text not in self.output[start:]:
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} not shown; the screen: {self.output[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 4096)
                except OSError:  # the program ended
                    raise AssertionError(f"ended before {text!r}: {self.output!r}") from None

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def finish(self) -> None:
        """Type save and wait for the program to end well."""
        self.type(b"save" + ENTER)
        self.expect(b"Saved to")
        assert self.process.wait(timeout=60) == 0
        os.close(self.master)


def start(tmp_path: Path, text: str, prompt: bytes) -> tuple[Path, Terminal]:
    path = tmp_path / "game.pmn"
    path.write_text(text)
    terminal = Terminal(path)
    terminal.expect(prompt)
    return path, terminal


def moves(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    record = read_text(path.read_text())[0]
    return [(node.token, node.comments) for node in record.mainline.moves]


def test_line_editing_left_arrow_and_a_fixed_character(tmp_path):
    path, terminal = start(tmp_path, WARI, b"1. South>")
    # "DC", left arrow (the cursor between D and C), backspace (deletes D), enter: "C"
    terminal.type(b"DC" + LEFT + BACKSPACE + ENTER)
    terminal.expect(b"North>")
    # "x b": left twice, backspace twice, leaves "b"
    terminal.type(b"x b" + LEFT + BACKSPACE + BACKSPACE + ENTER)
    terminal.expect(b"2. South>")
    terminal.finish()
    assert moves(path) == [("C", ()), ("b", ())]


def test_up_arrow_recalls_the_previous_line(tmp_path):
    path, terminal = start(tmp_path, WARI, b"1. South>")
    terminal.type(b"C" + ENTER)
    terminal.expect(b"North>")
    terminal.type(b"comment calm" + ENTER)
    terminal.expect(b"comment kept")
    terminal.type(UP + ENTER)  # the same comment again: it was recalled, not read as a move
    terminal.expect(b"comment kept")
    terminal.finish()
    assert moves(path) == [("C", ("calm", "calm"))]


def test_tab_completes_a_legal_move(tmp_path):
    path, terminal = start(tmp_path, TRICALA, b"1. White>")
    terminal.type(b"6e")
    terminal.expect(b"6e")  # shown before the Tab: the completion is then drawn as what it adds
    terminal.type(TAB)  # one legal move starts with 6e: Tab writes it out
    terminal.expect(b"+6e+6e")
    terminal.type(ENTER)
    terminal.expect(b"Black>")
    terminal.type(b"sa" + TAB)  # commands complete too
    terminal.expect(b"save")
    terminal.type(ENTER)
    terminal.expect(b"Saved to")
    assert terminal.process.wait(timeout=60) == 0
    os.close(terminal.master)
    assert moves(path) == [("6e+6e+6e", ())]
