"""The live hall under load: many boards entering moves at once, many spectators listening.

Starts ``pmn serve`` (a subprocess, as in the hall) over a new event folder with
``--boards`` boards of Togyz Kumalak, connects ``--spectators`` clients to the event
stream, then has ``--clients`` client threads (each its own keep-alive connection) enter
``--plies`` moves on each board, all boards at once: each client plays its share of the
boards in turn, a random legal move each time (from the state the last answer gave),
and resends a share of them (``--resend``) as a phone that lost the answer would.

It reports the acknowledgement latency of the moves (p50, p90, p99, max: the time from
sending a move to its 200), the moves lost or doubled (the acknowledged moves against the
round's PMN and against each board's file after the run), and the spectators: how many
stayed connected and how many events each received. ::

    python bench/hall_load.py                       # 100 boards, 16 clients, 500 spectators
    python bench/hall_load.py --boards 20 --plies 10 --spectators 50

The figures depend on the machine (2 cores shared by the server, its clients and its
spectators here) and its disk: each move is flushed to disk (``fsync``) before its answer.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_healthy(port: int, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"pmn serve ended with {process.returncode}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("pmn serve did not answer")


class Mover(threading.Thread):
    """One client: its boards, played in turn over one keep-alive connection."""

    def __init__(
        self,
        port: int,
        boards: list[tuple[int, str]],
        plies: int,
        resend: float,
        seed: int,
        interval: float = 0.0,
    ) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.boards = boards
        self.plies = plies
        self.resend = resend
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        #: the server's own time for each answer (its Server-Timing header)
        self.server_times: list[float] = []
        self.acked: dict[int, list[str]] = {board: [] for board, _ in boards}
        self.errors: list[str] = []
        self.resends = 0
        #: seconds between two moves of this client (0: as fast as answered)
        self.interval = interval

    def _call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(3):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                timing = answer.getheader("server-timing", "")
                if timing.startswith("app;dur="):
                    self.server_times.append(float(timing[8:]) / 1000)
                return answer.status, json.loads(answer.read() or b"null")
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        raise AssertionError

    def run(self) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        states = {
            board: self._call("GET", f"/api/rounds/1/boards/{board}")[1] for board, _ in self.boards
        }
        tokens = dict(self.boards)
        due = time.perf_counter() + self.rng.random() * self.interval
        for _ in range(self.plies):
            for board, _ in self.boards:
                state = states[board]
                if not state["legal"]:
                    continue
                if self.interval:  # an open schedule: each move when it is due
                    time.sleep(max(0.0, due - time.perf_counter()))
                    due += self.interval
                move = self.rng.choice(state["legal"])
                body = {"ply": state["ply"], "move": move}
                path = f"/api/rounds/1/boards/{board}/moves"
                start = time.perf_counter()
                status, answer = self._call("POST", path, body, tokens[board])
                self.latencies.append(time.perf_counter() - start)
                if status != 200:
                    self.errors.append(f"board {board} ply {body['ply']}: {status} {answer}")
                    continue
                states[board] = answer
                self.acked[board] = answer["moves"]
                if self.rng.random() < self.resend:
                    self.resends += 1
                    status, again = self._call("POST", path, body, tokens[board])
                    if status != 200 or again["moves"] != answer["moves"]:
                        self.errors.append(f"board {board}: a resend answered {status}")
        self.connection.close()


class Spectators:
    """``count`` clients of the event stream, each reading its events (raw HTTP over
    asyncio: light enough that hundreds share one thread)."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.events = [0] * count
        self.connected = 0
        self.ended = 0
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.tasks: list[Any] = []

    async def _listen(self, index: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 20)
        writer.write(b"GET /api/stream HTTP/1.1\r\nHost: hall\r\nAccept: text/event-stream\r\n\r\n")
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            self.ended += 1
            return
        self.connected += 1
        if self.connected == self.count:
            self.ready.set()
        try:
            tail = b""
            while True:
                data = await reader.read(1 << 16)
                if not data:
                    self.events[index] += tail.count(b"event: move\n")
                    break
                data = tail + data
                self.events[index] += data.count(b"event: move\n")
                tail = data[-16:]  # an event's line cut between two reads is counted once
                self.events[index] -= tail.count(b"event: move\n")
        finally:
            self.ended += 1
            writer.close()

    def start(self) -> None:
        self.thread.start()
        for index in range(self.count):
            self.tasks.append(asyncio.run_coroutine_threadsafe(self._listen(index), self.loop))
            if index % 50 == 49:
                time.sleep(0.05)  # the listen backlog fills less

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        time.sleep(0.5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def _moves_in(text: str) -> list[list[str]]:
    sys.path.insert(0, str(ROOT))
    from notation.formats.pmn import read_text

    return [[node.token for node in record.mainline.moves] for record in read_text(text)]


def listen(port: int, count: int) -> None:
    """The spectators' process: connect, say ``ready``, read until told ``stop`` on
    standard input, then print what each received (JSON)."""
    spectators = Spectators(port, count)
    spectators.start()
    spectators.ready.wait(60)
    print("ready", flush=True)
    sys.stdin.readline()
    at_end = spectators.connected - spectators.ended
    spectators.stop()
    print(
        json.dumps(
            {"connected": spectators.connected, "at_end": at_end, "events": spectators.events}
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, help=argparse.SUPPRESS)  # the spectators' process
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--plies", type=int, default=30, help="moves entered on each board")
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="moves a second from all clients together, on a schedule (default: each client "
        "sends its next move as soon as the last is answered)",
    )
    parser.add_argument("--resend", type=float, default=0.05, help="the share of moves sent twice")
    parser.add_argument("--folder", help="the event folder (default: a temporary one)")
    options = parser.parse_args()
    if options.listen:
        listen(options.listen, options.spectators)
        return

    folder = Path(options.folder or tempfile.mkdtemp(prefix="hall-load-"))
    event = folder / "event"
    pairings = folder / "pairings.csv"
    pairings.write_text(
        "board,White,Black\n"
        + "".join(f"{b},White {b},Black {b}\n" for b in range(1, options.boards + 1)),
        encoding="utf-8",
    )
    port = free_port()
    command = [sys.executable, "-m", "notation.cli", "serve", str(event), "--variant", "Togyz Kumalak",
               "--round", "1", "--pairings", str(pairings), "--port", str(port)]  # fmt: skip
    log = open(folder / "server.log", "wb")  # noqa: SIM115 (the server's, closed at the end)
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_healthy(port, server)
        tokens = json.loads((event / ".hall" / "tokens.json").read_text())["boards"]
        # the spectators in a process of their own (as they are other machines in a hall):
        # their reading does not hold the movers' interpreter lock
        listening = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--listen",
                str(port),
                "--spectators",
                str(options.spectators),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert listening.stdin is not None and listening.stdout is not None
        assert listening.stdout.readline().strip() == "ready"
        shares: list[list[tuple[int, str]]] = [[] for _ in range(options.clients)]
        for board in range(1, options.boards + 1):
            shares[(board - 1) % options.clients].append((board, tokens[f"1/{board}"]))
        movers = [
            Mover(
                port,
                share,
                options.plies,
                options.resend,
                seed,
                options.clients / options.rate if options.rate else 0.0,
            )
            for seed, share in enumerate(shares)
            if share
        ]
        began = time.perf_counter()
        for mover in movers:
            mover.start()
        for mover in movers:
            mover.join()
        took = time.perf_counter() - began
        time.sleep(1.0)  # the last events reach the spectators
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/api/rounds/1.pmn")
        round_moves = _moves_in(connection.getresponse().read().decode("utf-8"))
        listening.stdin.write("stop\n")
        listening.stdin.flush()
        heard = json.loads(listening.stdout.readline())
        listening.wait(30)
    finally:
        server.terminate()
        server.wait(10)
        log.close()

    acked = {board: moves for mover in movers for board, moves in mover.acked.items()}
    files = {
        board: _moves_in((event / "round-1" / f"board-{board}.pmn").read_text(encoding="utf-8"))[0]
        for board in acked
    }
    lost = doubled = 0
    for board, moves in acked.items():
        for kept in (round_moves[board - 1], files[board]):
            lost += sum(1 for a, b in zip(moves, kept, strict=False) if a != b) + max(
                0, len(moves) - len(kept)
            )
            doubled += max(0, len(kept) - len(moves))
    latencies = sorted(latency for mover in movers for latency in mover.latencies)
    accepted = sum(len(moves) for moves in acked.values())
    errors = [error for mover in movers for error in mover.errors]
    quantile = statistics.quantiles(latencies, n=100, method="inclusive")
    # the server's own time, request in to answer out (of the moves and the first reads)
    server_times = sorted(t for mover in movers for t in mover.server_times)
    server = statistics.quantiles(server_times, n=100, method="inclusive")
    received = sorted(heard["events"]) or [0]
    rows = [
        ("boards / client threads", f"{options.boards} / {len(movers)}"),
        (
            "moves sent",
            f"{options.rate:g}/s on a schedule" if options.rate else "as fast as answered",
        ),
        ("moves acknowledged (resends)", f"{accepted} ({sum(m.resends for m in movers)})"),
        ("requests answered", f"{len(latencies)} in {took:.1f} s ({len(latencies) / took:.0f}/s)"),
        ("ack latency p50", f"{quantile[49] * 1000:.1f} ms"),
        ("ack latency p90", f"{quantile[89] * 1000:.1f} ms"),
        ("ack latency p99", f"{quantile[98] * 1000:.1f} ms"),
        ("ack latency max", f"{latencies[-1] * 1000:.1f} ms"),
        (
            "server's time p50 / p99 / max",
            f"{server[49] * 1000:.1f} / {server[98] * 1000:.1f} / {server_times[-1] * 1000:.1f} ms",
        ),
        ("moves lost (round PMN + files)", str(lost)),
        ("moves doubled (round PMN + files)", str(doubled)),
        ("errors", str(len(errors))),
        ("spectators connected / at the end", f"{heard['connected']} / {heard['at_end']}"),
        (
            "move events a spectator received",
            f"min {received[0]}, median {statistics.median(received):.0f}, "
            f"max {received[-1]} (of {accepted})",
        ),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 40}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for error in errors[:10]:
        print("error:", error)
    if not options.folder:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    if lost or doubled or errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
