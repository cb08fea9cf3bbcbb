"""The arbiter's corrections (takeback, results, closing the round), the event stream,
bounded requests, and HTTPS, on a real server."""

from __future__ import annotations

import datetime
import json
import ssl
import threading

import httpx
import pytest

from notation.formats.pmn import read_text


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _play(client: httpx.Client, board: int, token: str, moves: int) -> dict:
    state = client.get(f"/api/rounds/1/boards/{board}").json()
    for _ in range(moves):
        answer = client.post(f"/api/rounds/1/boards/{board}/moves",
                             json={"ply": state["ply"], "move": state["legal"][0]}, headers=_auth(token))  # fmt: skip
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def test_the_arbiter_takes_moves_back_sets_a_result_and_closes_the_round(serve_hall):
    served = serve_hall()
    token, arbiter = served.board_token(1, 3), served.arbiter
    with served.client() as client:
        state = _play(client, 3, token, 6)
        assert state["ply"] == 6
        # only the arbiter corrects
        assert (
            client.post(
                "/api/rounds/1/boards/3/takeback", json={"ply": 4}, headers=_auth(token)
            ).status_code
            == 403
        )
        back = client.post(
            "/api/rounds/1/boards/3/takeback", json={"ply": 4}, headers=_auth(arbiter)
        )
        assert back.status_code == 200 and back.json()["moves"] == state["moves"][:4]
        past = client.post(
            "/api/rounds/1/boards/3/takeback", json={"ply": 9}, headers=_auth(arbiter)
        )
        assert past.status_code == 409
        # the recorder goes on from the corrected ply
        state = _play(client, 3, token, 1)
        assert state["ply"] == 5
        bad = client.post("/api/rounds/1/boards/3/result", json={"result": "1-0", "termination": "lunch"},
                          headers=_auth(arbiter))  # fmt: skip
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad-termination"
        done = client.post("/api/rounds/1/boards/3/result",
                           json={"result": "0-1", "termination": "resignation"}, headers=_auth(arbiter))  # fmt: skip
        assert done.status_code == 200, done.text
        assert done.json()["result"] == "0-1" and done.json()["to_move"] is None
        after = client.post(
            "/api/rounds/1/boards/3/moves", json={"ply": 5, "move": "1"}, headers=_auth(token)
        )
        assert after.status_code == 409 and after.json()["error"]["code"] == "game-over"
        record = read_text((served.event_dir / "round-1" / "board-3.pmn").read_text())[0]
        assert record.result == "0-1" and dict(record.tags)["Termination"] == "resignation"
        # closing: the boards' tokens write no more, the arbiter's still does
        closed = client.post("/api/rounds/1/close", headers=_auth(arbiter))
        assert closed.status_code == 200 and closed.json()["closed"] is True
        late = client.post("/api/rounds/1/boards/4/moves", json={"ply": 0, "move": "1"},
                           headers=_auth(served.board_token(1, 4)))  # fmt: skip
        assert late.status_code == 409 and late.json()["error"]["code"] == "round-closed"
        assert _play(client, 4, arbiter, 1)["ply"] == 1
    served.stop()
    served.start()
    with served.client() as client:
        assert client.get("/api/rounds/1").json()["closed"] is True
        assert client.get("/api/rounds/1/boards/3").json()["result"] == "0-1"


def test_the_event_stream_tells_each_accepted_move(serve_hall):
    served = serve_hall()
    events: list[dict] = []
    ready = threading.Event()

    def listen() -> None:
        with (
            httpx.Client(base_url=served.base, timeout=30) as client,
            client.stream("GET", "/api/stream") as stream,
        ):
            assert stream.headers["content-type"].startswith("text/event-stream")
            kind = ""
            for line in stream.iter_lines():
                ready.set()
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    events.append({"kind": kind, **json.loads(line[6:])})
                    if len(events) == 3:
                        return

    listener = threading.Thread(target=listen)
    listener.start()
    assert ready.wait(10)
    with served.client() as client:
        _play(client, 2, served.board_token(1, 2), 2)
        client.post("/api/rounds/1/boards/2/result", json={"result": "1-0", "termination": "time"},
                    headers=_auth(served.arbiter))  # fmt: skip
    listener.join(20)
    assert [(e["kind"], e["board"], e.get("ply")) for e in events] == [
        ("move", 2, 0),
        ("move", 2, 1),
        ("result", 2, None),
    ]
    assert events[2]["result"] == "1-0"


def test_requests_are_bounded_and_every_answer_has_a_policy(serve_hall):
    served = serve_hall()
    with served.client() as client:
        big = client.post("/api/rounds/1/boards/1/moves", content=b"{" + b" " * 10000 + b"}",
                          headers={**_auth(served.board_token(1, 1)), "content-type": "application/json"})  # fmt: skip
        assert big.status_code == 413
        junk = client.post(
            "/api/rounds/1/boards/1/moves", content=b"[1]", headers=_auth(served.board_token(1, 1))
        )
        assert junk.status_code == 400
        nowhere = client.get("/api/rounds/2/boards/1")
        assert nowhere.status_code == 404 and nowhere.json()["error"]["code"] == "no-such-round"
        for answer in (big, junk, nowhere, client.get("/api/rounds/1.pmn"), client.get("/")):
            assert "default-src 'self'" in answer.headers["content-security-policy"]
        # wrong tokens from one address: refused, then refused outright for a while
        codes = [
            client.post(
                "/api/rounds/1/boards/1/moves",
                json={"ply": 0, "move": "1"},
                headers=_auth(f"guess-{n}"),
            ).status_code
            for n in range(40)
        ]
        assert codes[:30] == [403] * 30 and codes[-1] == 429


def _self_signed(folder):
    x509 = pytest.importorskip("cryptography.x509")
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    import ipaddress

    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert, keyfile = folder / "hall.pem", folder / "hall-key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    keyfile.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert, keyfile


def test_the_hall_serves_https_with_a_certificate(serve_hall, tmp_path):
    cert, key = _self_signed(tmp_path)
    trusted = ssl.create_default_context(cafile=str(cert))
    served = serve_hall(
        extra=("--certfile", str(cert), "--keyfile", str(key)), scheme="https", verify=trusted
    )
    with served.client() as client:
        answer = client.post("/api/rounds/1/boards/1/moves", json={"ply": 0, "move": "1"},
                             headers=_auth(served.board_token(1, 1)))  # fmt: skip
        assert answer.status_code == 200 and answer.json()["ply"] == 1
    with pytest.raises(httpx.HTTPError):  # plain HTTP is not served on the port
        httpx.get(served.base.replace("https", "http") + "/api/health", timeout=5)
