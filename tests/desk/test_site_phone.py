"""A published event on a phone: every page at 360 px in headless Chromium (issue 38).

No page is wider than the screen (the standings scroll in their own box), a round
page's note column is whole, a game page's Last button is on the screen, the board's
labels are big enough to read, and a Tricala move is never broken inside its token.
With ``PMN_SCREENS`` naming a folder, each page's screenshot is saved there.
The browser and its fixture are tests/render/test_render_browser.py's.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.generate import random_record
from notation.formats.pmn import write_record
from notation.games import find_variant
from tests.desk.test_site_pages import oware_event
from tests.render.test_render_browser import browser  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser

PHONE = 360
#: The smallest text of a board, in CSS pixels on the screen, that counts as readable.
READABLE = 10.0


def tricala_event() -> str:
    """Three-player Tricala games with long moves (up to 38 characters), as PMN text."""
    variant = find_variant("Tricala", None, {"Players": "3"})
    rng = random.Random(38)
    names = ("Ada Mensah", "Kofi Boateng", "Yaw Owusu")
    records = []
    for board in (1, 2):
        tags = [
            ("Event", "Tricala Night"),
            ("Round", "1"),
            ("Board", str(board)),
            *((seat, names[(i + board) % 3]) for i, seat in enumerate(("White", "Black", "Red"))),
        ]
        records.append(random_record(variant, rng, tags=tags, long=True))
    assert max(len(node.token) for r in records for node in r.mainline.moves) >= 30
    return "\n".join(write_record(r) for r in records)


#: The other boards, each with its seats: Togyz Kumalak (two rows of nine, kazans and
#: tuzdyks), Kalah (two rows of six between stores), Trias (three rows of twelve).
OTHER_GAMES = {
    "togyz": ("Togyz Kumalak", ("White", "Black")),
    "kalah": ("Kalah", ("South", "North")),
    "trias": ("Trias", ("South", "North")),
}


def other_event(name: str) -> str:
    """Two games of one of :data:`OTHER_GAMES`, played to their end, as PMN text."""
    game, seats = OTHER_GAMES[name]
    variant = find_variant(game, None, {})
    rng = random.Random(38)
    records = []
    for board in (1, 2):
        tags = [
            ("Game", game),
            ("Event", f"{game} Open"),
            ("Round", "1"),
            ("Board", str(board)),
            (seats[0], "Ada Mensah"),
            (seats[1], "Kofi Boateng"),
        ]
        records.append(random_record(variant, rng, tags=tags))
    return "\n".join(write_record(r) for r in records)


def oware_text() -> str:
    """The Oware event, with a copy of a game and a game with an illegal move."""
    records = oware_event(2)
    text = "\n".join(write_record(r) for r in [*records, records[1]])
    illegal = (
        '[Game "Oware"]\n[Event "Accra Oware Open"]\n[Round "2"]\n[Board "5"]\n'
        '[South "Ada Mensah"]\n[North "Esi Nyarko"]\n[Result "1-0"]\n\n1. A a 2. A 1-0\n'
    )
    return text + "\n" + illegal


def publish(tmp_path: Path, name: str, text: str) -> Path:
    source = tmp_path / f"{name}.pmn"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / name
    result = CliRunner().invoke(pmn, ["publish", "--force", str(source), "-d", str(out)])
    assert result.exit_code in (0, 1), result.output  # 1: a game is invalid (shown)
    return out


def measure(driver: Any, page: Path) -> dict[str, Any]:
    """The page at the phone's width: its width, and what each kind of page must keep
    on the screen."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(page.as_uri())
    if page.name.startswith("game-"):  # the board at the end: its stones and counts drawn
        current = "return document.body.getAttribute('data-current')"
        WebDriverWait(driver, 10).until(lambda b: b.execute_script(current))
        driver.execute_script("window.scrollTo(0, 0)")
        driver.find_element("id", "last").click()
        last = driver.execute_script("return document.body.getAttribute('data-last')")
        WebDriverWait(driver, 10).until(lambda b: b.execute_script(current) == last)
        driver.execute_script("window.scrollTo(0, 0)")
    result: dict[str, Any] = driver.execute_script(
        """
        var out = {width: document.documentElement.scrollWidth, screen: window.innerWidth,
                   height: window.innerHeight, cells: [], boxes: [], texts: [], moves: []};
        document.querySelectorAll("table.games td").forEach(function (td) {
          var r = td.getBoundingClientRect();
          out.cells.push({text: td.textContent, right: r.right, cut: td.scrollWidth - td.clientWidth});
        });
        document.querySelectorAll(".scroll").forEach(function (box) {
          out.boxes.push({inside: box.getBoundingClientRect().right, table: box.firstChild.className,
                          overflow: box.scrollWidth - box.clientWidth});
        });
        var last = document.getElementById("last");
        if (last) { var r = last.getBoundingClientRect();
          out.last = {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }
        var svg = document.querySelector(".step:not([hidden]) figure.board svg");
        if (svg) {
          var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          svg.querySelectorAll("text").forEach(function (t) {
            if (getComputedStyle(t).display === "none") { return; }
            out.texts.push({text: t.textContent, cls: t.getAttribute("class"),
                            px: parseFloat(getComputedStyle(t).fontSize) * scale});
          });
        }
        var start = document.querySelector("#moves button.mv");
        if (start) {
          var one = start.getBoundingClientRect().height;
          document.querySelectorAll("#moves button.mv").forEach(function (b) {
            out.moves.push({text: b.textContent, lines: b.getBoundingClientRect().height / one});
          });
        }
        return out;
        """
    )
    return result


def check_game_page(where: str, got: dict[str, Any]) -> None:
    """A game page at the phone's width: no wider than the screen, its Last button on
    it, every text of the board at its end readable, no move broken inside its token."""
    assert got["screen"] == PHONE
    assert got["width"] <= PHONE, where
    last = got["last"]
    assert last["left"] >= 0 and last["right"] <= PHONE, (where, last)
    assert last["top"] >= 0 and last["bottom"] <= got["height"], (where, last)
    small = [t for t in got["texts"] if t["px"] < READABLE]
    assert got["texts"] and not small, (where, min(t["px"] for t in got["texts"]), small)
    broken = [m for m in got["moves"] if m["lines"] > 1.5]
    assert not broken, (where, broken)


@pytest.mark.parametrize("name", sorted(OTHER_GAMES))
def test_the_other_boards_read_on_a_phone(browser, tmp_path, name):  # noqa: F811 (the fixture)
    """Togyz Kumalak, Kalah and Trias: their game pages at 360 px, every count and label
    of the board on the screen at least 10 px (4.7, 5.5 and 4.1 px before)."""
    screens = os.environ.get("PMN_SCREENS")
    site = publish(tmp_path, name, other_event(name))
    pages = sorted(site.glob("game-*.html"))
    assert pages
    browser.set_window_size(PHONE, 800)
    try:
        for page in sorted(site.glob("*.html")):
            got = measure(browser, page)
            where = f"{name}/{page.name}"
            assert got["width"] <= PHONE, where
            if page in pages:
                check_game_page(where, got)
            if screens:
                Path(screens).mkdir(parents=True, exist_ok=True)
                browser.save_screenshot(str(Path(screens) / f"360-{name}-{page.stem}.png"))
    finally:
        browser.set_window_size(1280, 1000)


def test_every_page_fits_a_phone(browser, tmp_path):  # noqa: F811 (the fixture)
    screens = os.environ.get("PMN_SCREENS")
    sites = [
        publish(tmp_path, "oware", oware_text()),
        publish(tmp_path, "tricala", tricala_event()),
    ]
    # pmn standings --format html: the site's design, in a page of its own
    alone = tmp_path / "standings"
    alone.mkdir()
    out = alone / "standings.html"
    result = CliRunner().invoke(
        pmn, ["standings", "--format", "html", "-o", str(out), str(tmp_path / "oware.pmn")]
    )
    assert result.exit_code in (0, 1) and out.is_file(), result.output
    sites.append(alone)
    browser.set_window_size(PHONE, 800)
    seen = set()
    try:
        for site in sites:
            for page in sorted(site.glob("*.html")):
                got = measure(browser, page)
                assert got["screen"] == PHONE
                where = f"{site.name}/{page.name}"
                # no page wider than the screen: a wide table scrolls in its own box
                assert got["width"] <= PHONE, where
                for box in got["boxes"]:
                    assert box["inside"] <= PHONE, where
                    if box["table"] == "games":  # a round's table fits whole, notes too
                        assert box["overflow"] <= 0, where
                for cell in got["cells"]:
                    assert cell["right"] <= PHONE and cell["cut"] <= 0, (where, cell)
                if page.name.startswith("game-"):
                    last = got["last"]
                    assert last["left"] >= 0 and last["right"] <= PHONE, (where, last)
                    assert last["top"] >= 0 and last["bottom"] <= got["height"], (where, last)
                    small = [t for t in got["texts"] if t["px"] < READABLE]
                    assert got["texts"] and not small, (where, small)
                    broken = [m for m in got["moves"] if m["lines"] > 1.5]
                    assert not broken, (where, broken)
                    seen.add(site.name)
                if screens:
                    Path(screens).mkdir(parents=True, exist_ok=True)
                    shot = Path(screens) / f"360-{site.name}-{page.stem}"
                    browser.save_screenshot(f"{shot}.png")
                    if page.name.startswith("game-"):  # and its move list
                        browser.execute_script("document.getElementById('moves').scrollIntoView()")
                        browser.save_screenshot(f"{shot}-moves.png")
    finally:
        browser.set_window_size(1280, 1000)
    assert seen == {"oware", "tricala"}  # and the standings page measured (no game page)
    notes = (tmp_path / "oware" / "round-1.html").read_text()
    assert "not counted: copy of" in notes
