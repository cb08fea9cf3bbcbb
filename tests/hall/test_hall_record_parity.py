"""``pmn record`` (the terminal recorder) and the hall write the same record for the same
game: one Recorder, one writer."""

from __future__ import annotations

import datetime
import subprocess
import sys

import httpx


def test_pmn_record_and_the_hall_write_the_same_record(serve_hall, tmp_path):
    served = serve_hall("board,White,Black\n1,Ainur Bekova,Dana Serikova\n")
    token = served.board_token(1, 1)
    moves = []
    with served.client() as client:
        state = client.get("/api/rounds/1/boards/1").json()
        for index in range(12):
            move = state["legal"][index % len(state["legal"])]
            answer = client.post("/api/rounds/1/boards/1/moves", json={"ply": state["ply"], "move": move},
                                 headers={"Authorization": f"Bearer {token}"})  # fmt: skip
            assert answer.status_code == 200
            state = answer.json()
            moves.append(move)
        assert httpx.get(f"{served.base}/api/health").status_code == 200
    hall_text = (served.event_dir / "round-1" / "board-1.pmn").read_text()
    today = datetime.date.today().strftime("%Y.%m.%d")
    answers = ["Togyz Kumalak", "", "event", "", today, "1", "Ainur Bekova", "Dana Serikova",
               "tag Board 1", *moves, "save"]  # fmt: skip
    recorded = tmp_path / "recorded.pmn"
    done = subprocess.run(
        [sys.executable, "-m", "notation.cli", "record", str(recorded)],
        input="\n".join(answers) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert recorded.read_text() == hall_text
