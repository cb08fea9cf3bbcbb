"""The hall's fixtures: ``pmn serve`` started as people start it, a subprocess on a free
loopback port, ready once ``GET /api/health`` answers (:func:`serve_hall`)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

#: Eight boards of Togyz Kumalak (the issue's round), by seat tag.
PAIRINGS_8 = "board,White,Black\n" + "".join(
    f"{board},White Player {board},Black Player {board}\n" for board in range(1, 9)
)


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """A running ``pmn serve``: its command, its address, its event folder and tokens."""

    def __init__(
        self, command: list[str], base: str, event_dir: Path, log: Path, verify: Any = True
    ) -> None:
        self.command = command
        self.base = base
        self.event_dir = event_dir
        self.log = log
        self.verify = verify
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> Served:
        """Start the server (again) with the same command; wait until it is healthy."""
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"pmn serve ended ({self.process.returncode}): {self.log.read_text()}"
                )
            try:
                if (
                    httpx.get(f"{self.base}/api/health", timeout=1, verify=self.verify).status_code
                    == 200
                ):
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"pmn serve did not answer within {timeout} s: {self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: the server ends at once, mid-write or not."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def tokens(self) -> dict[str, Any]:
        return json.loads((self.event_dir / ".hall" / "tokens.json").read_text())

    def board_token(self, round_number: int, board: int) -> str:
        return str(self.tokens["boards"][f"{round_number}/{board}"])

    @property
    def arbiter(self) -> str:
        return str(self.tokens["arbiter"])

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=30, verify=self.verify)


def serve_command(
    event_dir: Path,
    pairings: Path,
    port: int,
    *extra: str,
    game: str = "Togyz Kumalak",
    round_number: int = 1,
) -> list[str]:
    return [sys.executable, "-m", "notation.cli", "serve", str(event_dir), "--variant", game,
            "--round", str(round_number), "--pairings", str(pairings), "--port", str(port), *extra]  # fmt: skip


@pytest.fixture
def serve_hall(tmp_path: Path) -> Iterator[Any]:
    """``serve_hall(pairings_text=PAIRINGS_8, game=..., round_number=1, extra=())``: a
    started ``pmn serve`` (a :class:`Served`), stopped at the test's end."""
    started: list[Served] = []

    def start(
        pairings_text: str = PAIRINGS_8,
        *,
        game: str = "Togyz Kumalak",
        round_number: int = 1,
        extra: tuple[str, ...] = (),
        scheme: str = "http",
        verify: Any = True,
        name: str = "event",
    ) -> Served:
        event_dir = tmp_path / name
        pairings = tmp_path / f"{name}-pairings.csv"
        pairings.write_text(pairings_text, encoding="utf-8")
        port = free_port()
        command = serve_command(
            event_dir, pairings, port, *extra, game=game, round_number=round_number
        )
        served = Served(
            command, f"{scheme}://127.0.0.1:{port}", event_dir, tmp_path / f"{name}.log", verify
        )
        started.append(served)
        return served.start()

    yield start
    for served in started:
        served.stop()


os.environ.setdefault("PYTHONUNBUFFERED", "1")
