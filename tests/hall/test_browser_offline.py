"""The recorder's page reloaded while the hall cannot be reached, in a real browser
(Debian's headless Chromium, as tests/hall/test_browser_hall.py drives it) against
``pmn serve`` started as people start it (a subprocess: tests/hall/conftest.py).

The real case: the hall's laptop unreachable (the server stopped), the recorder's phone
reloads the page (or its browser dropped the tab). The page comes back from what its
service worker kept (http://127.0.0.1 is a secure context, as HTTPS is): the board as last
seen and the moves waiting, and it takes more; the server started again with the same
command, every move arrives in order, once. Without the worker the browser showed its
error page. The screenshot goes to /work/screens-39/ (or the folder PMN_SCREENS names)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
from pathlib import Path
from typing import Any

import pytest

from tests.hall.conftest import Served, free_port, serve_command
from tests.hall.test_browser_hall import (  # noqa: F401 (browser, phone: the fixtures)
    body,
    browser,
    by_css,
    legal_line,
    no_wider_than_the_screen,
    phone,
    shoot,
    touch,
    wait,
)

#: Every test here drives Chromium: deselect them with -m "not browser" (README).
pytestmark = pytest.mark.browser

WARI_BOARD = "board,South,North\n1,Ada,Kofi\n"


def hall_moves(served: Any) -> list[str]:
    """The board's moves as the hall's API gives them."""
    with served.client() as client:
        return list(client.get("/api/rounds/1/boards/1").json()["moves"])


def accepted(served: Any) -> list[tuple[int, str]]:
    """The moves the hall accepted for board 1, in order, from its round log."""
    log = served.event_dir / ".hall" / "round-1.log"
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [(e["ply"], e["move"]) for e in entries if e.get("what") == "move" and e["board"] == 1]


def shown(page: Any) -> tuple[list[str], list[str]]:
    """The moves the page lists: those sent, those not yet sent."""
    lists = page.execute_script(
        "return ['sent', 'pending'].map(function (kind) {"
        "  return Array.from(document.querySelectorAll('#moves li.' + kind))"
        "    .map(function (li) { return li.innerText; }); })"
    )  # read at once: the page may draw its list again meanwhile
    return list(lists[0]), list(lists[1])


def test_a_recorder_reloads_the_page_while_the_hall_is_unreachable(phone, serve_hall):  # noqa: F811 (the fixture)
    served = serve_hall(WARI_BOARD, game="Wari")
    phone.get("about:blank")
    phone.get(f"{served.base}/record/1/1#token={served.board_token(1, 1)}")
    wait(lambda: by_css(phone, "#board svg g.pit") and body(phone, "ply") == "0")
    # the page keeps itself for a reload offline (its service worker); a page without one
    # goes on: the reload below tells
    with contextlib.suppress(AssertionError):
        wait(lambda: body(phone, "offline") == "ready", 15)

    touch(phone, "C")
    wait(lambda: hall_moves(served) == ["C"], message="the touched move did not arrive")
    wait(lambda: by_css(phone, '#board g.pit.last-move[data-pit="C"]'))  # the view after it
    offline = legal_line(["C"], 2)

    served.stop()  # the hall's laptop unreachable
    touch(phone, offline[0])
    wait(lambda: body(phone, "pending") == "1" and body(phone, "online") == "no")

    phone.refresh()
    wait(
        lambda: by_css(phone, "#board svg g.pit") and body(phone, "pending") == "1",
        message=f"the reloaded page shows no board ({phone.current_url}: the browser's error page)",
    )
    wait(lambda: shown(phone) == (["1. C"], [f"1... {offline[0]} not yet sent"]))
    assert body(phone, "online") == "no"
    assert "1 move not yet sent" in phone.find_element("id", "net").text
    assert [p.text for p in by_css(phone, "#players bdi")] == ["Ada", "Kofi"]
    by_css(phone, '#board g.pit.last-move[data-pit="C"]')  # the board as last seen
    no_wider_than_the_screen(phone)
    shoot(phone, "recorder-offline-reloaded.png")

    touch(phone, offline[1])  # the recorder goes on entering
    wait(lambda: body(phone, "pending") == "2")
    waiting = [f"1... {offline[0]} not yet sent", f"2. {offline[1]} not yet sent"]
    wait(lambda: shown(phone) == (["1. C"], waiting), message=str(shown(phone)))

    served.start()  # the same command: the hall comes back from its files
    wait(lambda: body(phone, "pending") == "0", 40, "the waiting moves were not sent")
    wait(lambda: body(phone, "ply") == "3" and body(phone, "online") == "yes")
    assert hall_moves(served) == ["C", *offline]  # in order
    assert accepted(served) == list(enumerate(["C", *offline]))  # once each
    wait(lambda: shown(phone) == (["1. C", f"1... {offline[0]}", f"2. {offline[1]}"], []))
    stored = phone.execute_script("return localStorage.getItem('pmn-hall-queue:1/1')")
    assert json.loads(stored) == []


def test_the_service_worker_keeps_no_api_and_no_token(phone, serve_hall):  # noqa: F811 (the fixture)
    """What the worker keeps: the page's path, its files and the board's view; never the
    API, never a POST, never a token (the fragment is no part of what is kept)."""
    served = serve_hall(WARI_BOARD, game="Wari")
    token = served.board_token(1, 1)
    phone.get("about:blank")
    phone.get(f"{served.base}/record/1/1#token={token}")
    wait(lambda: body(phone, "offline") == "ready", 30, "the page has no service worker")
    touch(phone, "C")
    wait(lambda: hall_moves(served) == ["C"])
    wait(lambda: by_css(phone, '#board g.pit.last-move[data-pit="C"]'))
    kept = phone.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "caches.keys().then(function (names) { return Promise.all(names.map(function (n) {"
        "  return caches.open(n).then(function (c) { return c.keys(); }); })); })"
        ".then(function (lists) { done([].concat.apply([], lists).map(function (r) {"
        "  return r.url; })); });"
    )
    paths = sorted(url.removeprefix(served.base) for url in kept)
    assert paths == [
        "/record/1/1",
        "/rounds/1/boards/1/view.json",
        "/static/common.js",
        "/static/hall.css",
        "/static/recorder.js",
    ]
    assert not any(token in url for url in kept)
    with served.client() as client:
        answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")


def test_a_hall_that_hangs_is_not_waited_for_on_a_reload(phone, serve_hall):  # noqa: F811 (the fixture)
    """The hall's laptop frozen (the server stopped with SIGSTOP: connections are taken and
    never answered, as behind a Wi-Fi that holds them): a reload answers from what was kept
    after a few seconds, not after the browser's own timeout of minutes."""
    served = serve_hall(WARI_BOARD, game="Wari")
    phone.get("about:blank")
    phone.get(f"{served.base}/record/1/1#token={served.board_token(1, 1)}")
    wait(lambda: body(phone, "offline") == "ready", 30, "the page has no service worker")
    touch(phone, "C")
    wait(lambda: hall_moves(served) == ["C"])
    wait(lambda: by_css(phone, '#board g.pit.last-move[data-pit="C"]'))
    assert served.process is not None
    os.kill(served.process.pid, signal.SIGSTOP)
    try:
        phone.set_page_load_timeout(30)
        phone.refresh()
        wait(
            lambda: by_css(phone, '#board g.pit.last-move[data-pit="C"]'),
            30,
            "the reloaded page waited for the frozen hall",
        )
        wait(lambda: body(phone, "online") == "no")
        assert "Board as last seen" in phone.find_element("id", "status").text
    finally:
        os.kill(served.process.pid, signal.SIGCONT)
        phone.set_page_load_timeout(300)
    wait(lambda: body(phone, "online") == "yes", 40, "the page did not find the hall again")
    touch(phone, legal_line(["C"], 1)[0])
    wait(lambda: len(hall_moves(served)) == 2, 40, "the move did not arrive")


def lan_address() -> str | None:
    """This machine's address on its network (not loopback), or None: the route's source
    address toward a documentation address (nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("198.51.100.1", 9))
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_over_plain_http_on_the_lan_the_page_does_without(phone, tmp_path: Path):  # noqa: F811 (the fixture)
    """Plain http to the hall's address on its network is no secure context: the browser
    allows no service worker, and the page does without one (it still enters moves and
    keeps those entered offline)."""
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address but loopback")
    pairings = tmp_path / "pairings.csv"
    pairings.write_text(WARI_BOARD, encoding="utf-8")
    port = free_port()
    command = serve_command(tmp_path / "club", pairings, port, "--host", address, game="Wari")
    served = Served(command, f"http://{address}:{port}", tmp_path / "club", tmp_path / "log")
    served.start()
    try:
        phone.get("about:blank")
        phone.get(f"{served.base}/record/1/1#token={served.board_token(1, 1)}")
        wait(lambda: body(phone, "offline") == "no", message="a worker where none is allowed")
        assert phone.execute_script("return window.isSecureContext") is False
        touch(phone, "C")
        wait(lambda: hall_moves(served) == ["C"], message="the touched move did not arrive")
    finally:
        served.stop()
