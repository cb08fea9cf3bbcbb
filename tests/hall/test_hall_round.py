"""The issue's "Done": a round of 8 boards played through the API with resends, an illegal
move, a stale ply, wrong tokens, a SIGKILL under load and a restart with the same command,
ending with every acknowledged move in the round's PMN and in the event folder, all valid."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time

import httpx

from notation.formats.pmn import read_text

BOARDS = 8


def _post(client: httpx.Client, board: int, token: str, ply: int, move: str) -> httpx.Response:
    return client.post(
        f"/api/rounds/1/boards/{board}/moves",
        json={"ply": ply, "move": move},
        headers={"Authorization": f"Bearer {token}"},
    )


def _play_board(
    served, board: int, acked: dict[int, list[str]], stop: threading.Event, seed: int
) -> None:
    try:
        _play(served, board, acked, stop, seed)
    except Exception as error:  # the test fails on it (a thread's own failure would not)
        FAILURES.append(f"board {board}: {error!r}")


FAILURES: list[str] = []


def _play(
    served, board: int, acked: dict[int, list[str]], stop: threading.Event, seed: int
) -> None:
    """Play board ``board`` move by move (a random legal move each), resending each move
    once, until ``stop`` or the game's end; ``acked[board]`` holds every acknowledged move."""
    rng = random.Random(seed)
    token = served.board_token(1, board)
    with served.client() as client:
        try:
            state = client.get(f"/api/rounds/1/boards/{board}").json()
            while not stop.is_set() and state["legal"]:
                ply, move = state["ply"], rng.choice(state["legal"])
                answer = _post(client, board, token, ply, move)
                assert answer.status_code == 200, answer.text
                state = answer.json()
                acked[board] = list(state["moves"])
                if rng.random() < 0.3:  # a resend: the same move at the same ply changes nothing
                    again = _post(client, board, token, ply, move)
                    assert again.status_code == 200 and again.json()["moves"] == state["moves"]
        except httpx.TransportError:
            return  # the server was killed


def test_a_round_of_eight_boards_survives_a_sigkill(serve_hall):
    served = serve_hall()
    acked: dict[int, list[str]] = {board: [] for board in range(1, BOARDS + 1)}
    with served.client() as client:
        # wrong tokens, an illegal move and a stale ply, refused and changing nothing
        move = {"ply": 0, "move": "1"}
        assert client.post("/api/rounds/1/boards/1/moves", json=move).status_code == 401
        wrong = {"Authorization": f"Bearer {served.board_token(1, 2)}"}
        assert (
            client.post("/api/rounds/1/boards/1/moves", json=move, headers=wrong).status_code == 403
        )
        made_up = {"Authorization": "Bearer " + "x" * 32}
        assert (
            client.post("/api/rounds/1/boards/1/moves", json=move, headers=made_up).status_code
            == 403
        )
        token = served.board_token(1, 1)
        assert _post(client, 1, token, 0, "10").status_code == 422
        assert _post(client, 1, token, 3, "1").status_code == 409
    stop = threading.Event()
    players = [
        threading.Thread(target=_play_board, args=(served, board, acked, stop, board))
        for board in range(1, BOARDS + 1)
    ]
    for thread in players:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(map(len, acked.values())) < 120 and time.monotonic() < deadline:
        time.sleep(0.01)
    served.kill()  # SIGKILL under load: moves in flight, files being written
    for thread in players:
        thread.join(30)
    before = {board: list(moves) for board, moves in acked.items()}
    assert sum(map(len, before.values())) >= 120

    assert FAILURES == []
    served.start()  # the same command again
    assert list((served.event_dir / "round-1").glob(".pmn-*")) == []  # no write left half-done
    with served.client() as client:
        for board in range(1, BOARDS + 1):
            moves = client.get(f"/api/rounds/1/boards/{board}").json()["moves"]
            # every acknowledged move is there (a move in flight may be too: it was not lost)
            assert moves[: len(before[board])] == before[board], board
            assert len(moves) <= len(before[board]) + 1
            if len(moves) > len(before[board]):  # its resend is answered 200, unchanged
                again = _post(
                    client, board, served.board_token(1, board), len(moves) - 1, moves[-1]
                )
                assert again.status_code == 200 and again.json()["moves"] == moves
    # the round goes on after the restart
    stop = threading.Event()
    threads = [
        threading.Thread(target=_play_board, args=(served, board, acked, stop, 100 + board))
        for board in range(1, BOARDS + 1)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    stop.set()
    for thread in threads:
        thread.join(30)
    assert FAILURES == []
    with served.client() as client:
        arbiter = {"Authorization": f"Bearer {served.arbiter}"}
        state = client.get("/api/rounds/1/boards/1").json()
        if state["result"] == "*":
            done = client.post("/api/rounds/1/boards/1/result",
                               json={"result": "1-0", "termination": "resignation"}, headers=arbiter)  # fmt: skip
            assert done.status_code == 200, done.text
        round_pmn = client.get("/api/rounds/1.pmn").text
        round_state = client.get("/api/rounds/1").json()
    records = read_text(round_pmn)
    assert len(records) == BOARDS
    for board, record in enumerate(records, start=1):
        tokens = [node.token for node in record.mainline.moves]
        assert tokens[: len(acked[board])] == acked[board]
        assert tokens == round_state["boards"][board - 1]["moves"]
        in_folder = read_text((served.event_dir / "round-1" / f"board-{board}.pmn").read_text())
        assert [node.token for node in in_folder[0].mainline.moves] == tokens
    assert round_state["boards"][0]["refused_count"] >= 2  # back from the log after the restart
    checked = subprocess.run(
        [sys.executable, "-m", "notation.cli", "validate", "--strict", str(served.event_dir)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"{BOARDS} games: {BOARDS} valid" in checked.stdout
