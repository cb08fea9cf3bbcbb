"""The hall's pages in a real browser: Debian's headless Chromium driven by Selenium, as
tests/render/test_render_browser.py drives it, against a real hall (uvicorn on a loopback
port). A recorder at 360 px touches a pit, loses the network, enters moves (shown as not
yet sent), gets it back: they arrive in order, once. The arbiter takes a move back. The
screenshots go to /work/screens-39/ (or the folder PMN_SCREENS names), never into the
repository."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.optional import chromium

pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from notation.games import find_variant
from notation.hall.pairings import Pairing
from tests.hall.test_pages import HOSTILE, Served, serve, served_hall, wari_pairings

#: Every test here drives Chromium: deselect them with -m "not browser" (README).
pytestmark = pytest.mark.browser

SCREENS = Path(os.environ.get("PMN_SCREENS") or "/work/screens-39")
PHONE = {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:  # a skip saying how to get it; a failure in CI
        yield driver


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """The browser as a phone 360 px wide, online, with nothing stored from before."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.execute_cdp_cmd("Network.enable", {})
    network(browser, online=True)
    try:
        yield browser
    finally:
        network(browser, online=True)
        with contextlib.suppress(Exception):  # a page that is gone has nothing stored
            browser.execute_script("localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture
def wari(tmp_path: Path) -> Iterator[Served]:
    folder = tmp_path / "club"
    folder.mkdir()
    yield from serve(folder, "Wari", wari_pairings(("Ada", "Kofi", HOSTILE[0], HOSTILE[2])))


def network(browser: Any, *, online: bool) -> None:
    """The network lost or back (Chrome's network emulation: every request fails)."""
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def shoot(browser: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / name))


def wait(what: Callable[[], Any], seconds: float = 30, message: str = "") -> Any:
    deadline = time.monotonic() + seconds
    while True:
        try:
            value = what()
        except Exception:  # an element not there yet
            value = None
        if value:
            return value
        assert time.monotonic() < deadline, message or "waited too long"
        time.sleep(0.05)


def body(browser: Any, name: str) -> str | None:
    return browser.execute_script(f"return document.body.getAttribute('data-{name}')")  # type: ignore[no-any-return]


def by_css(browser: Any, css: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(browser.find_elements(By.CSS_SELECTOR, css))


def press(browser: Any, css: str) -> None:
    """Click the element ``css`` names, found anew if the page drew it again meanwhile."""

    def clicked() -> bool:
        by_css(browser, css)[0].click()
        return True

    wait(clicked, message=f"cannot click {css}")


def choose(browser: Any, css: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    def chosen() -> bool:
        Select(by_css(browser, css)[0]).select_by_value(value)
        return by_css(browser, css)[0].get_attribute("value") == value

    wait(chosen, message=f"cannot choose {value} in {css}")


def open_recorder(browser: Any, served: Served, board: int = 1) -> None:
    """The recorder's page of ``board`` loaded afresh (never the page already open: the same
    address again may keep it), drawn at the ply the hall has."""
    token = served.board_token(board)
    browser.get("about:blank")
    browser.get(f"{served.base}/record/1/{board}#token={token}")
    ply = str(len(moves_of(served, board)))
    wait(
        lambda: (
            by_css(browser, "#board svg g.pit")
            and browser.find_element("tag name", "body").get_attribute("data-ply") == ply
        ),
        message="the board is not drawn at the hall's ply",
    )


def touch(browser: Any, pit: str) -> None:
    """A finger on the pit: a pointer pressed and released at the middle of its marks
    (on its count, its stones, or beside them on the pit's circle: the page takes each)."""
    from selenium.webdriver.common.action_chains import ActionChains

    (group,) = by_css(browser, f'#board svg g.pit[data-pit="{pit}"]')
    ActionChains(browser).move_to_element(group).click().perform()


def no_wider_than_the_screen(browser: Any) -> None:
    widths = browser.execute_script(
        "return [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]"
    )
    assert widths[0] <= PHONE["width"] and widths[1] <= PHONE["width"], widths


def readable_and_touchable(browser: Any) -> None:
    """The recorder's board at 360 px: every text of its drawing at least 10 px on the
    screen, and each pit's target at least 36 px wide, a finger's touch (Togyz Kumalak's
    holes were 29 px apart, their texts 6 px)."""
    got = browser.execute_script(
        """
        var svg = document.querySelector("#board svg");
        var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        var texts = [], pits = [];
        svg.querySelectorAll("text").forEach(function (t) {
          if (getComputedStyle(t).display === "none") { return; }
          texts.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
        });
        svg.querySelectorAll("g.pit > circle:not(.mark):not(.tuzdyk)").forEach(function (c) {
          var box = c.getBoundingClientRect();
          pits.push([box.left + box.width / 2, box.top + box.height / 2]);
        });
        var right = svg.getBoundingClientRect().right;
        return {texts: texts, pits: pits, right: right};
        """
    )
    small = [text for text in got["texts"] if text[1] < 10]
    assert got["texts"] and not small, small
    # a touch counts for the pit nearest it: a pit's target is as wide as the distance
    # between its centre and its neighbour's in the row
    rows: dict[int, list[float]] = {}
    for x, y in got["pits"]:
        rows.setdefault(round(y), []).append(x)
    widths = [b - a for xs in rows.values() for a, b in itertools.pairwise(sorted(xs))]
    assert widths and min(widths) >= 36, widths
    assert got["right"] <= PHONE["width"], got


def moves_of(served: Served, board: int = 1) -> list[str]:
    return list(served.hall.board(board).state()["moves"])


def accepted_log(served: Served, board: int = 1) -> list[tuple[int, str]]:
    """The moves the hall accepted for ``board``, in order, from its round log."""
    entries = [json.loads(line) for line in Path(served.hall.log_path).read_text().splitlines()]
    return [
        (e["ply"], e["move"]) for e in entries if e.get("what") == "move" and e["board"] == board
    ]


def legal_line(first: list[str], count: int) -> list[str]:
    """``count`` legal Wari moves after ``first``, each the pit's name (the token a pit
    touched while offline enters)."""
    variant = find_variant("Wari", None)
    position = variant.initial_position()
    for token in first:
        position = variant.play(position, variant.parse_move(token, position))
    line = []
    for _ in range(count):
        move = max(variant.legal_moves(position))  # the rightmost pit: a fixed choice
        line.append(variant.format_move(move, position))
        position = variant.play(position, move)
    return line


def test_a_recorder_touches_a_pit_loses_the_network_and_gets_it_back(phone, wari):
    open_recorder(phone, wari)
    no_wider_than_the_screen(phone)
    assert [p.text for p in by_css(phone, "#players bdi")] == ["Ada", "Kofi"]
    shoot(phone, "recorder-360.png")

    touch(phone, "C")  # Wari's C: one move from the pit, entered at once
    wait(lambda: moves_of(wari) == ["C"], message="the touched move did not arrive")
    wait(lambda: body(phone, "ply") == "1" and body(phone, "pending") == "0")
    wait(lambda: "Last move: 1. C" in phone.find_element("id", "last").text)
    wait(lambda: by_css(phone, '#board g.pit.last-move[data-pit="C"]'))
    shoot(phone, "recorder-after-touch.png")

    offline = legal_line(["C"], 3)
    network(phone, online=False)
    for pit in offline:  # the legal moves are not known offline: the pit's name is entered
        touch(phone, pit)
    wait(lambda: body(phone, "pending") == "3" and body(phone, "online") == "no")
    pending = by_css(phone, "#moves li.pending")
    assert [li.text for li in pending] == [
        f"1... {offline[0]} not yet sent",
        f"2. {offline[1]} not yet sent",
        f"2... {offline[2]} not yet sent",
    ]
    assert "3 moves not yet sent" in phone.find_element("id", "net").text
    stored = phone.execute_script("return localStorage.getItem('pmn-hall-queue:1/1')")
    assert [item["move"] for item in json.loads(stored)] == offline
    no_wider_than_the_screen(phone)
    shoot(phone, "recorder-offline-not-yet-sent.png")
    assert moves_of(wari) == ["C"]  # nothing reached the hall

    network(phone, online=True)
    wait(lambda: body(phone, "pending") == "0", 40, "the waiting moves were not sent")
    wait(lambda: body(phone, "ply") == "4")
    assert moves_of(wari) == ["C", *offline]  # in order
    assert accepted_log(wari) == list(enumerate(["C", *offline]))  # once each
    text = Path(wari.hall.board(1).path).read_text(encoding="utf-8")
    assert f"1. C {offline[0]} 2. {offline[1]} {offline[2]}" in " ".join(text.split())
    assert "1. C" in wari.get("/api/rounds/1.pmn").text
    wait(lambda: "not yet sent" not in phone.find_element("id", "moves").text)
    shoot(phone, "recorder-back-online.png")


def test_a_resend_after_a_lost_answer_enters_nothing_twice(phone, wari):
    """The answer of a move lost (the page reloaded before it came): the page sends it
    again at the same ply, the hall answers 200 and changes nothing."""
    board = wari.hall.board(1)
    assert (
        wari.post(f"{board.api_path}/moves", {"ply": 0, "move": "C"}, board.token).status_code
        == 200
    )
    open_recorder(phone, wari)
    queue = json.dumps([{"ply": 0, "move": "C"}, {"ply": 1, "move": "f"}])
    phone.execute_script(f"localStorage.setItem('pmn-hall-queue:1/1', {json.dumps(queue)})")
    phone.refresh()
    wait(lambda: moves_of(wari) == ["C", "f"], message="the queue was not sent")
    wait(lambda: body(phone, "pending") == "0" and body(phone, "ply") == "2")
    assert accepted_log(wari) == [(0, "C"), (1, "f")]


def test_an_illegal_move_shows_the_validators_words(phone, wari):
    open_recorder(phone, wari)
    field = phone.find_element("id", "move")
    field.send_keys("Q")
    phone.find_element("id", "send").click()
    message = wait(lambda: phone.find_element("id", "message").text)
    assert message.startswith("Refused: Q: ")
    assert moves_of(wari) == []
    wait(lambda: body(phone, "pending") == "0")
    touch(phone, "d")  # North's pit: not South's to sow
    assert "No legal move from d" in phone.find_element("id", "message").text
    no_wider_than_the_screen(phone)
    shoot(phone, "recorder-illegal-move.png")
    field.send_keys("E")
    phone.find_element("id", "send").click()
    wait(lambda: moves_of(wari) == ["E"])


def test_a_move_on_a_board_the_arbiter_changed_is_shown_and_the_board_reloaded(phone, wari):
    board = wari.hall.board(1)
    for ply, move in enumerate(["C", "f"]):
        wari.post(f"{board.api_path}/moves", {"ply": ply, "move": move}, board.token)
    open_recorder(phone, wari)
    wait(lambda: body(phone, "ply") == "2")
    network(phone, online=False)
    touch(phone, "A")
    wait(lambda: body(phone, "pending") == "1")
    answer = wari.post(f"{board.api_path}/takeback", {"ply": 0}, wari.hall.arbiter_token)
    assert answer.status_code == 200 and answer.json()["moves"] == []
    network(phone, online=True)
    message = wait(lambda: phone.find_element("id", "message").text, 40)
    assert "The arbiter changed this board" in message
    wait(lambda: body(phone, "pending") == "0" and body(phone, "ply") == "0")
    assert moves_of(wari) == []
    shoot(phone, "recorder-arbiter-changed-409.png")


def test_the_arbiter_takes_a_move_back_and_sets_a_result(phone, wari):
    board = wari.hall.board(1)
    for ply, move in enumerate(["C", "f", "A"]):
        wari.post(f"{board.api_path}/moves", {"ply": ply, "move": move}, board.token)
    wari.post(f"{board.api_path}/moves", {"ply": 3, "move": "Z"}, board.token)  # refused
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    phone.set_window_size(1280, 1000)
    phone.get(f"{wari.base}/arbiter#token={wari.hall.arbiter_token}")
    row = '#boards tr[data-board="1"]'
    wait(lambda: by_css(phone, f"{row} td.ply")[0].text == "3")
    assert "1 refused" in by_css(phone, f"{row} td.refused")[0].text
    names = [b.text for b in by_css(phone, '#boards tr[data-board="2"] td.name bdi')]
    assert names == [HOSTILE[0], HOSTILE[2]]  # shown as text, not run
    assert body(phone, "quiet") == "1"  # board 2: no move yet
    shoot(phone, "arbiter.png")
    press(phone, f"{row} button.takeback")
    phone.switch_to.alert.accept()
    wait(lambda: moves_of(wari) == ["C", "f"], message="the move was not taken back")
    wait(lambda: by_css(phone, f"{row} td.ply")[0].text == "2")
    time.sleep(0.5)  # the page draws the round again after the takeback's event
    choose(phone, f"{row} select.result", "0-1")
    choose(phone, f"{row} select.termination", "resignation")
    press(phone, f"{row} button.set-result")
    wait(lambda: wari.hall.board(1).state()["result"] == "0-1")
    wait(lambda: "0-1 resignation" in by_css(phone, f"{row} td.result")[0].text)
    shoot(phone, "arbiter-after-takeback-and-result.png")
    press(phone, "#close-round")
    phone.switch_to.alert.accept()
    wait(lambda: wari.hall.closed, message="the round was not closed")
    wait(lambda: phone.find_element("id", "close-round").text == "Round closed")
    board2 = wari.hall.board(2)
    answer = wari.post(f"{board2.api_path}/moves", {"ply": 0, "move": "A"}, board2.token)
    assert answer.status_code == 409  # the boards' tokens write no more


def test_spectators_follow_the_round_live(phone, wari):
    phone.get(f"{wari.base}/")
    wait(lambda: body(phone, "live") == "yes", message="the stream did not open")
    no_wider_than_the_screen(phone)
    board = wari.hall.board(2)
    wari.post(f"{board.api_path}/moves", {"ply": 0, "move": "B"}, board.token)
    row = '#boards tr[data-board="2"]'
    wait(lambda: by_css(phone, f"{row} td.last")[0].text == "B", message="no live update")
    assert by_css(phone, f"{row} td.ply")[0].text == "1"
    names = [b.text for b in by_css(phone, f"{row} td.name bdi")]
    assert names == [HOSTILE[0], HOSTILE[2]]
    wari.post(f"{board.api_path}/result", {"result": "1-0", "termination": "resignation"},
              wari.hall.arbiter_token)  # fmt: skip
    wait(lambda: by_css(phone, "#standings td.name"), message="no standings")
    standings = [td.text for td in by_css(phone, "#standings td.name")]
    assert standings[0] == HOSTILE[0]
    shoot(phone, "spectators-round-360.png")

    phone.get(f"{wari.base}/rounds/1/boards/2")
    wait(lambda: phone.find_element("id", "counter").text == "1 / 1")
    wait(lambda: body(phone, "live") == "yes")
    # the move table placed as pmn render places it (its places set through the CSSOM)
    column = phone.execute_script(
        "return getComputedStyle(document.querySelector('#moves button.mv[data-step=\"1\"]'))"
        ".gridColumnStart"
    )
    assert column == "2"
    other = wari.hall.board(1)
    wari.post(f"{other.api_path}/moves", {"ply": 0, "move": "A"}, other.token)
    wari.post(f"{other.api_path}/moves", {"ply": 1, "move": "a"}, other.token)
    no_wider_than_the_screen(phone)
    shoot(phone, "spectators-board-360.png")
    phone.get(f"{wari.base}/rounds/1/boards/1")
    wait(lambda: phone.find_element("id", "counter").text == "2 / 2")
    wari.post(f"{other.api_path}/moves", {"ply": 2, "move": "B"}, other.token)
    wait(
        lambda: phone.find_element("id", "counter").text == "3 / 3", 40, "the board did not follow"
    )


def test_tricala_a_pit_offers_its_moves_as_buttons(phone, tmp_path):
    import random

    variant = find_variant("Tricala", None, {"Players": "3"})
    seats = variant.seats
    pairings = [Pairing(1, tuple((seat, f"Player {seat}") for seat in seats))]
    with served_hall(tmp_path, "Tricala", pairings) as served:
        board = served.hall.board(1)
        open_recorder(phone, served)  # the set-up: a move names three pits, touched in turn
        for _ in range(3):
            touch(phone, "2a")
        assert phone.find_element("id", "move").get_attribute("value") == "2a+2a+2a"
        press(phone, "#send")
        wait(lambda: served.hall.board(1).state()["moves"] == ["2a+2a+2a"])
        position = variant.initial_position()
        position = variant.play(position, variant.parse_move("2a+2a+2a", position))
        rng = random.Random(3)
        ply = 1
        while position.in_setup:  # the set-up entered through the API
            move = rng.choice(list(variant.legal_moves(position)))
            token = variant.format_move(move, position)
            answer = served.post(
                f"{board.api_path}/moves", {"ply": ply, "move": token}, board.token
            )
            assert answer.status_code == 200, answer.text
            position, ply = variant.play(position, move), ply + 1
        view = served.get("/rounds/1/boards/1/view.json").json()
        pit, tokens = next((p, t) for p, t in view["touch"].items() if len(t) > 1)
        open_recorder(phone, served)
        no_wider_than_the_screen(phone)
        touch(phone, pit)
        buttons = wait(lambda: by_css(phone, "#choices button.choice"))
        assert [b.text for b in buttons] == tokens
        no_wider_than_the_screen(phone)
        shoot(phone, "recorder-tricala-choices.png")
        buttons[-1].click()
        wait(lambda: served.hall.board(1).state()["ply"] == ply + 1)
        assert served.hall.board(1).state()["moves"][-1] == tokens[-1]


def test_table_cards_print_one_card_a_board(browser, tmp_path):
    from notation.hall.hall import Hall
    from notation.hall.pages import table_cards_html

    folder = tmp_path / "event"
    folder.mkdir()
    hall = Hall.load(str(folder), "Wari", 1, wari_pairings(("Ada", "Kofi", *HOSTILE[:2])))
    page = tmp_path / "cards.html"
    page.write_text(table_cards_html(hall, "http://192.168.1.10:8000"), encoding="utf-8")
    browser.set_window_size(1000, 1200)
    browser.get(page.as_uri())
    cards = by_css(browser, "section.card")
    assert len(cards) == 2
    sizes = browser.execute_script(
        "return Array.from(document.querySelectorAll('.card img')).map(i => i.naturalWidth)"
    )
    assert all(size > 0 for size in sizes)  # the QR codes are drawn
    shoot(browser, "table-cards.png")


def test_togyz_kumalak_at_360_px_a_hole_touched_by_its_side(phone, tmp_path):
    """Togyz Kumalak's drawing names its holes by side (W1, B9), its moves by number: the
    page maps one to the other, online and offline."""
    pairings = [Pairing(1, (("White", "Ada"), ("Black", "Kofi")))]
    with served_hall(tmp_path, "Togyz Kumalak", pairings) as served:
        open_recorder(phone, served)
        no_wider_than_the_screen(phone)
        readable_and_touchable(phone)
        touch(phone, "W1")
        wait(lambda: served.hall.board(1).state()["moves"] == ["19"])
        wait(lambda: body(phone, "ply") == "1")
        network(phone, online=False)
        touch(phone, "B2")  # offline: the hole's number is entered, checked when it arrives
        wait(lambda: body(phone, "pending") == "1")
        network(phone, online=True)
        wait(lambda: len(served.hall.board(1).state()["moves"]) == 2, 40)
        assert served.hall.board(1).state()["moves"][1].startswith("2")
        no_wider_than_the_screen(phone)
        shoot(phone, "recorder-togyz-360.png")
