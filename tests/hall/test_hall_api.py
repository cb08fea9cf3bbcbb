"""The hall's API on a real server (``pmn serve`` under uvicorn on a loopback port):
moves accepted once durable, resends, stale plies, illegal moves, tokens."""

from __future__ import annotations

import stat

from notation.hall.app import CSP


def test_health_tokens_and_the_security_headers(serve_hall):
    served = serve_hall()
    with served.client() as client:
        health = client.get("/api/health")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "round": 1, "boards": 8}
    assert health.headers["content-security-policy"] == CSP
    tokens = served.event_dir / ".hall" / "tokens.json"
    assert stat.S_IMODE(tokens.stat().st_mode) == 0o600
    assert len(served.tokens["boards"]) == 8
    every = [served.arbiter, *served.tokens["boards"].values()]
    assert len(set(every)) == 9 and all(len(token) >= 22 for token in every)  # >= 128 bits


def test_a_move_a_resend_a_stale_ply_and_an_illegal_move(serve_hall):
    served = serve_hall()
    token = served.board_token(1, 1)
    auth = {"Authorization": f"Bearer {token}"}
    with served.client() as client:
        first = client.post(
            "/api/rounds/1/boards/1/moves", json={"ply": 0, "move": "1"}, headers=auth
        )
        assert first.status_code == 200, first.text
        assert first.json()["moves"] == ["19"] and first.json()["ply"] == 1
        assert first.json()["to_move"] == "Black"
        again = client.post(
            "/api/rounds/1/boards/1/moves", json={"ply": 0, "move": "19"}, headers=auth
        )
        assert again.status_code == 200 and again.json()["moves"] == ["19"]
        other = client.post(
            "/api/rounds/1/boards/1/moves", json={"ply": 0, "move": "2"}, headers=auth
        )
        assert other.status_code == 409 and other.json()["error"]["code"] == "ply-taken"
        past = client.post(
            "/api/rounds/1/boards/1/moves", json={"ply": 5, "move": "2"}, headers=auth
        )
        assert past.status_code == 409 and past.json()["error"]["code"] == "stale-ply"
        bad = client.post(
            "/api/rounds/1/boards/1/moves", json={"ply": 1, "move": "0"}, headers=auth
        )
        assert bad.status_code == 422
        assert set(bad.json()["error"]) == {"code", "message"}
        state = client.get("/api/rounds/1/boards/1").json()
    assert state["moves"] == ["19"] and state["refused_count"] == 3
    assert (served.event_dir / "round-1" / "board-1.pmn").read_text().count("19") >= 1


def test_tokens_write_only_their_board(serve_hall):
    served = serve_hall()
    move = {"ply": 0, "move": "1"}
    with served.client() as client:
        none = client.post("/api/rounds/1/boards/2/moves", json=move)
        other = client.post("/api/rounds/1/boards/2/moves", json=move,
                            headers={"Authorization": f"Bearer {served.board_token(1, 1)}"})  # fmt: skip
        result = client.post("/api/rounds/1/boards/1/result", json={"result": "1-0", "termination": "resignation"},
                             headers={"Authorization": f"Bearer {served.board_token(1, 1)}"})  # fmt: skip
        state = client.get("/api/rounds/1/boards/2").json()
    assert none.status_code == 401 and none.json()["error"]["code"] == "no-token"
    assert none.headers["www-authenticate"] == "Bearer"
    assert other.status_code == 403 and other.json()["error"]["code"] == "wrong-token"
    assert result.status_code == 403
    assert state["moves"] == []
