"""The hall's pages served by a real server (uvicorn on a loopback port): every page there,
every text from players escaped, nothing the content security policy refuses (no inline
script, no inline style, no event-handler attribute), the recorder's view of a board (its
drawing and its legal moves by pit), the standings and the table cards."""

from __future__ import annotations

import contextlib
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")

from notation.hall.app import create_app  # noqa: E402
from notation.hall.hall import Hall  # noqa: E402
from notation.hall.pages import _touch_map, table_cards_html  # noqa: E402
from notation.hall.pairings import Pairing  # noqa: E402

#: Names a player, an arbiter or a file might bring: markup, an attribute break-out, a
#: right-to-left override, a script URL.
HOSTILE = (
    '<script>alert("x")</script>',
    '"><img src=x onerror=alert(1)>',
    "Ada \u202eEvil",
    "javascript:alert(1)",
)


@dataclass
class Served:
    """A hall served on a loopback port."""

    hall: Hall
    base: str
    server: Any

    def get(self, path: str, **kw: Any) -> Any:
        return httpx.get(self.base + path, timeout=10, **kw)

    def post(self, path: str, data: dict[str, Any], token: str | None) -> Any:
        """POST as a client does: told 429 (a token's rate is bounded), wait and again."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        for _ in range(50):
            answer = httpx.post(self.base + path, json=data, headers=headers, timeout=10)
            if answer.status_code != 429:
                break
            time.sleep(0.2)
        return answer

    def board_token(self, board: int) -> str:
        return self.hall.board(board).token


def serve(event_dir: Path, game: str, pairings: list[Pairing], **kw: Any) -> Iterator[Served]:
    """Serve round 1 of ``pairings`` from ``event_dir`` until the generator is closed."""
    hall = Hall.load(str(event_dir), game, 1, pairings, **kw)
    config = uvicorn.Config(
        create_app(hall), host="127.0.0.1", port=0, log_level="warning", access_log=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the hall did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Served(hall, f"http://127.0.0.1:{port}", server)
    finally:
        server.should_exit = True
        thread.join(10)


#: :func:`serve` as a ``with`` block, for a test that serves a hall of its own.
served_hall = contextlib.contextmanager(serve)


def wari_pairings(names: tuple[str, ...] = ("Ada", "Kofi", "Ama", "Yaw")) -> list[Pairing]:
    return [
        Pairing(1, (("South", names[0]), ("North", names[1]))),
        Pairing(2, (("South", names[2]), ("North", names[3]))),
    ]


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Served]:
    """A Wari round whose players are named HOSTILE, in a folder named hostile too."""
    folder = tmp_path / "Open <b>&amp; \u202e"
    folder.mkdir()
    yield from serve(folder, "Wari", wari_pairings(HOSTILE))


@pytest.fixture
def wari(tmp_path: Path) -> Iterator[Served]:
    folder = tmp_path / "club"
    folder.mkdir()
    yield from serve(folder, "Wari", wari_pairings())


class _Page(HTMLParser):
    """What a page holds that the content security policy cares about."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[dict[str, str | None]] = []
        self.inline: list[str] = []  # text inside <script> or <style>
        self.styles = 0  # <style> elements
        self.style_attrs: list[str] = []
        self.handlers: list[str] = []  # on* attributes
        self.urls: list[str] = []  # href/src values
        self.text: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script":
            self.scripts.append(found)
        if tag == "style":
            self.styles += 1
        if tag in ("script", "style"):
            self._in = tag
        for name, value in attrs:
            if name == "style":
                self.style_attrs.append(value or "")
            if name.startswith("on"):
                self.handlers.append(name)
            if name in ("href", "src") and value is not None:
                self.urls.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None and data.strip():
            self.inline.append(data)
        elif self._in is None:
            self.text.append(data)


def parsed(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


PAGES = ("/", "/arbiter", "/record/1/1", "/record/1/2", "/rounds/1/boards/1", "/rounds/1/boards/2")


def test_every_page_is_served_with_its_files(wari):
    for path in PAGES:
        answer = wari.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].startswith("text/html"), path
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        for url in parsed(answer.text).urls:
            if url.startswith("/") and not url.startswith("/api/"):
                linked = wari.get(url)
                assert linked.status_code == 200, (path, url)
    for name, kind in (("common.js", "javascript"), ("recorder.js", "javascript"),
                       ("arbiter.js", "javascript"), ("round.js", "javascript"),
                       ("follow.js", "javascript"), ("hall.css", "css")):  # fmt: skip
        answer = wari.get(f"/static/{name}")
        assert answer.status_code == 200 and kind in answer.headers["content-type"], name
    assert wari.get("/record/1/9").status_code == 404
    assert wari.get("/rounds/2/boards/1").status_code == 404
    assert wari.get("/rounds/1/boards/9/view.json").status_code == 404


def test_no_page_holds_what_the_policy_refuses(hostile):
    """No inline script, no <style>, no style attribute, no on* handler: pages that work
    under script-src 'self' and style-src 'self'."""
    board = hostile.hall.board(1)
    hostile.post(f"{board.api_path}/moves", {"ply": 0, "move": "C"}, board.token)
    for path in PAGES:
        page = parsed(hostile.get(path).text)
        assert page.scripts, path
        assert all(script.get("src", "").startswith("/") for script in page.scripts), path
        assert page.inline == [], path
        assert page.styles == 0 and page.style_attrs == [], path
        assert page.handlers == [], path


def test_hostile_names_are_escaped_everywhere(hostile):
    for path in PAGES:
        text = hostile.get(path).text
        for raw in ('<script>alert("x")</script>', "<img src=x", "onerror=alert(1)>", "<b>"):
            assert raw not in text, (path, raw)
    round_page = hostile.get("/").text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in round_page
    assert "<bdi>Ada \u202eEvil</bdi>" in round_page  # isolated: the override ends there
    page = parsed(hostile.get("/").text)
    assert not any(url.startswith("javascript:") for url in page.urls)
    # the JSON the scripts read carries the names as data (put in with textContent)
    answer = hostile.get("/rounds/1/boards/1/view.json")
    assert answer.headers["content-type"].startswith("application/json")
    assert [p["name"] for p in answer.json()["players"]] == list(HOSTILE[:2])
    answer = hostile.get("/standings.json")
    assert answer.headers["content-type"].startswith("application/json")


def test_the_scripts_never_put_data_in_as_markup():
    static = Path(__file__).resolve().parents[2] / "notation" / "hall" / "static"
    for script in static.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert "innerHTML" not in text and "outerHTML" not in text, script.name
        assert "insertAdjacentHTML" not in text and "document.write" not in text, script.name
        assert "eval(" not in text and "new Function" not in text, script.name


def test_the_recorders_view_gives_the_board_and_its_moves_by_pit(wari):
    view = wari.get("/rounds/1/boards/1/view.json").json()
    assert view["ply"] == 0 and view["moves"] == [] and view["to_move"] == "South"
    assert view["compose"] is False
    assert view["touch"] == {pit: [pit] for pit in "ABCDEF"}
    assert view["svg"].startswith("<svg") and 'data-pit="A"' in view["svg"]
    assert view["names"]["f"] == "f"
    board = wari.hall.board(1)
    answer = wari.post(f"{board.api_path}/moves", {"ply": 0, "move": "C"}, board.token)
    assert answer.status_code == 200
    view = wari.get("/rounds/1/boards/1/view.json").json()
    assert view["ply"] == 1 and view["moves"] == ["C"] and view["to_move"] == "North"
    assert sorted(view["touch"]) == list("abcdef")
    assert 'class="pit last-move" data-pit="C"' in view["svg"]  # the last move marked


def test_togyz_pits_are_named_as_the_drawing_names_them(tmp_path):
    pairings = [Pairing(1, (("White", "Ada"), ("Black", "Kofi")))]
    with served_hall(tmp_path, "Togyz Kumalak", pairings) as served:
        view = served.get("/rounds/1/boards/1/view.json").json()
        assert sorted(view["touch"]) == [f"W{n}" for n in range(1, 10)]
        assert view["touch"]["W1"] == ["19"]
        assert view["names"]["B3"] == "3"
        assert all(f'data-pit="{pit}"' in view["svg"] for pit in view["touch"])


def test_a_tricala_set_up_move_is_composed_pit_by_pit(tmp_path):
    seats = ("White", "Black", "Red")
    pairings = [Pairing(1, tuple((seat, f"Player {seat}") for seat in seats))]
    with served_hall(tmp_path, "Tricala", pairings) as served:
        view = served.get("/rounds/1/boards/1/view.json").json()
        assert view["touch"] == {} and view["compose"] is True
        assert view["names"]["2a"] == "2a"


def test_tricala_offers_the_moves_of_a_pit_to_choose_from():
    """A Tricala sowing from one pit may go in several orders: the pit offers them all."""
    import random

    from notation.games import find_variant

    variant = find_variant("Tricala", None, {"Players": "3"})
    position = variant.initial_position()
    rng = random.Random(3)
    while position.in_setup:
        position = variant.play(position, rng.choice(list(variant.legal_moves(position))))
    touch, _more = _touch_map(variant, position)
    assert touch and any(len(tokens) > 1 for tokens in touch.values())
    for pit, tokens in touch.items():
        assert all(token.startswith(pit) for token in tokens)


def test_the_standings_follow_the_results(wari):
    assert wari.get("/standings.json").json()["players"] == []
    arbiter = wari.hall.arbiter_token
    board = wari.hall.board(1)
    answer = wari.post(
        f"{board.api_path}/result", {"result": "1-0", "termination": "resignation"}, arbiter
    )
    assert answer.status_code == 200, answer.text
    players = {p["name"]: p["points"] for p in wari.get("/standings.json").json()["players"]}
    assert players == {"Ada": 1, "Kofi": 0}


def test_table_cards(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    hall = Hall.load(str(folder), "Wari", 3, wari_pairings(HOSTILE))
    cards = table_cards_html(hall, "https://hall.example:8443/")
    page = parsed(cards)
    assert page.scripts == [] and page.handlers == [] and page.style_attrs == []
    for board in hall.boards:
        url = f"https://hall.example:8443/record/3/{board.number}#token={board.token}"
        assert f'<p class="url">{url}</p>' in cards
    images = [u for u in page.urls if u.startswith("data:image/svg+xml")]
    assert len(images) == 2
    svg = urllib.parse.unquote(images[0].split(",", 1)[1])
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    for raw in ('<script>alert("x")</script>', "<img src=x"):
        assert raw not in cards
    assert "&lt;script&gt;" in cards
    assert len(re.findall(r'<section class="card"', cards)) == 2
