"""``pmn split`` stopped by SIGTERM, SIGHUP or a full disk leaves no temporary file and
names the file it could not write (issue 37). Before: ``.pmn-*.tmp`` files were left,
and a full disk said "Could not open file '?'"."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files.outputs import OutputFolder

GAME = (
    '[Game "Wari"]\n[Round "{n}"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n'
    "1. C b 2. E f 3. A a *\n\n"
)


def _leftovers(folder):
    return [p.name for p in folder.rglob("*") if p.name.endswith(".tmp")]


class _FullDisk(io.RawIOBase):
    """A file that takes a few hundred bytes, then says the disk is full."""

    def __init__(self, inner):
        self.inner, self.room = inner, 60

    def writable(self):
        return True

    def write(self, data):
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(data)
        return self.inner.write(data)

    def close(self):
        self.inner.close()
        super().close()


@pytest.mark.parametrize("how", [["--every", "2"], ["--by", "Round"]])
def test_a_full_disk_names_the_file_and_leaves_nothing(tmp_path, monkeypatch, how):
    source = tmp_path / "games.pmn"
    source.write_text("".join(GAME.format(n=n) for n in range(40)))
    real = OutputFolder._append_binary

    def full(self, temporary):
        return io.BufferedWriter(_FullDisk(real(self, temporary)), buffer_size=64)

    monkeypatch.setattr(OutputFolder, "_append_binary", full)
    out = tmp_path / "parts"
    result = CliRunner().invoke(pmn, ["split", str(source), *how, "-d", str(out)])
    assert result.exit_code == 1, result.output
    assert "No space left on device" in result.output
    assert "'?'" not in result.output and "Traceback" not in result.output
    assert str(out / "") in result.output or f"{out}{os.sep}" in result.output
    assert _leftovers(out) == [] and list(out.iterdir()) == []


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_mid_write_leaves_nothing(tmp_path, number):
    out = tmp_path / "parts"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "notation.cli",
            "split",
            "-",
            "--from",
            "pmn",
            "--every",
            "3",
            "-d",
            str(out),
        ],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert process.stdin is not None
    try:
        deadline = time.monotonic() + 60
        n = 0
        while not (out.exists() and _leftovers(out)):
            process.stdin.write(GAME.format(n=n).encode() * 50)
            process.stdin.flush()
            n += 1
            time.sleep(0.02)
            assert time.monotonic() < deadline, "split made no temporary file"
        process.send_signal(number)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        process.stdin.close()
    assert process.returncode != 0
    assert _leftovers(out) == []
    assert list(out.iterdir()) == []
