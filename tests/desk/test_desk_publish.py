"""``pmn publish``: the event's static site, its pages, and the viewer in headless Chromium.

The browser tests need Debian's ``chromium`` and ``chromium-driver`` (as
tests/render/test_render_browser.py); when they are missing the tests skip saying how to get them, and fail in CI.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.record import Line, MoveNode
from notation.core.replay import record_variant, start_position, validate_record
from notation.desk.event import Entry
from notation.desk.publish import event_site, line_text, unpack_boards
from notation.desk.standings import collect, compute_standings
from notation.formats.collection import expand_paths, read_path
from notation.render.svg import position_svg
from tests.optional import chromium

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SWISS = EXAMPLES / "events" / "swiss"


def site_of(*paths: Path) -> dict[str, str]:
    records = [r for p in expand_paths(map(str, paths)) for r in read_path(p)]
    games = [(r, validate_record(r, i)) for i, r in enumerate(records, start=1)]
    played, excluded = collect([(Entry.of(r, rep.index), rep) for r, rep in games])
    event = (records[0].tag("Event") or "").strip()
    return event_site(games, compute_standings(played, excluded, event=event))


def boards(page: str) -> list[str]:
    match = re.search(r'data-boards="([^"]+)"', page)
    assert match is not None
    return unpack_boards(match.group(1))


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# -- the files ---------------------------------------------------------------------


def test_the_site_has_an_index_round_pages_game_pages_and_shared_files():
    site = site_of(SWISS)
    assert {"index.html", "site.css", "viewer.js"} <= set(site)
    assert sorted(n for n in site if n.startswith("round-") and n.endswith(".html")) == [
        f"round-{r}.html" for r in range(1, 6)
    ]
    # 20 records: 5 byes and 1 forfeit have no moves, so no page
    assert len([n for n in site if n.startswith("game-") and n.endswith(".html")]) == 14
    # and beside each page its PMN, and each round's PMN (issue 38)
    assert len([n for n in site if n.endswith(".pmn")]) == 14 + 5
    index = site["index.html"]
    assert "<td>7S+</td>" in index and "Leader: <bdi>Ada Mensah</bdi>, 4 points" in index
    assert 'href="round-4.html"' in index
    round4 = site["round-4.html"]
    assert '<a href="game-4-1.html">1</a>' in round4
    assert "<td>0</td><td>forfeit</td>" in round4 and "<td>0</td><td>bye</td>" in round4
    for name, text in site.items():
        if name.endswith(".html"):
            assert "http://" not in text and "https://" not in text, name  # works offline


def test_a_game_page_is_small_and_holds_every_board():
    records = list(read_path(str(EXAMPLES / "trysse-open.pmn")))
    site = site_of(EXAMPLES / "trysse-open.pmn")
    page = site["game-1-1.html"]  # Ann v Dee, 110 moves
    assert len(page.encode()) < 60_000  # 51 KB; pmn render's page of it: 730 KB
    drawn = boards(page)
    record = records[0]
    variant = record_variant(record)
    assert len(drawn) == len(record.mainline.moves) + 1 == 111
    start = position_svg(variant, start_position(record, variant))
    # inlined in HTML, which needs no namespace: the page holds no http:// at all
    assert drawn[0] == start.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
    assert all(len(page.encode()) < 60_000 for name, page in site.items())


def test_comments_and_variations_are_in_the_move_list():
    site = site_of(EXAMPLES / "wari-annotated.pmn")
    (page,) = [
        text for name, text in site.items() if name.startswith("game-") and name.endswith(".html")
    ]
    record = next(read_path(str(EXAMPLES / "wari-annotated.pmn")))
    comment = next(c for n in record.mainline.moves for c in n.comments)
    assert f'<span class="note" dir="auto">{escape(comment.strip())}</span>' in page
    variation = next(v for n in record.mainline.moves for v in n.variations)
    moves = page.split('<aside class="movelist">')[1]
    assert '<span class="variation">(' in moves
    assert 'class="mv var" data-step=' in moves and escape(variation.moves[0].token) in moves


def test_render_and_publish_game_pages_are_one_design():
    """Issue 28: one page builder (notation.render.html.record_html) for both commands."""
    from notation.desk.publish import SITE_CSS, VIEWER_JS
    from notation.render.html import PAGE_CSS, PAGE_SCRIPT, record_html

    path = EXAMPLES / "wari-annotated.pmn"
    record = next(read_path(str(path)))
    alone = record_html(record)
    (page,) = [
        text
        for name, text in site_of(path).items()
        if name.startswith("game-") and name.endswith(".html")
    ]

    def part(text: str, start: str, end: str) -> str:
        return text.split(start, 1)[1].split(end, 1)[0]

    # the same move list, controls, players, tags and footer; the site links its style
    # and script (the same ones) and packs its boards
    for start, end in (
        ('<aside class="movelist">', "</aside>"),
        ('<nav class="controls">', "</nav>"),
        ('<p class="players">', "</p>"),
        ('<dl class="tags">', "</dl>"),
        ("<footer>", "</footer>"),
    ):
        assert part(alone, start, end) == part(page, start, end), start
    assert SITE_CSS.startswith(PAGE_CSS) and VIEWER_JS == PAGE_SCRIPT
    assert (
        f"<style>{PAGE_CSS}</style>" in alone and '<link rel="stylesheet" href="site.css">' in page
    )
    assert len(boards(page)) == alone.count('<figure class="board"><svg')


def test_move_numbers_stay_with_their_moves_on_narrow_screens():
    from notation.render.html import PAGE_CSS

    site = site_of(EXAMPLES / "wari-annotated.pmn")
    (page,) = [
        text for name, text in site.items() if name.startswith("game-") and name.endswith(".html")
    ]
    moves = page.split('<aside class="movelist">')[1].split("</aside>")[0]
    # in the running text of variations, each number is in one box with its move
    numbers = re.findall(r'(<span class="pair">)?<span class="num">[^<]*</span>( <button)?', moves)
    inline = [n for n in numbers if n != ("", "")]
    assert inline and all(n == ('<span class="pair">', " <button") for n in inline)
    assert "#moves .pair { display: inline-block;" in PAGE_CSS


def test_a_game_with_an_illegal_move_is_shown_up_to_it_with_the_problem():
    site = site_of(EXAMPLES / "broken" / "wari-empty-hole.pmn")
    page = site["game-x-1.html"]  # no Round tag: round "?"
    assert len(boards(page)) == 3  # the start and the two legal moves before 2. C
    assert '<span class="bad">C</span> cannot be played' in page
    assert "hole C is empty" in page.split('id="problem"')[1].split("</p>")[0]
    assert "The next move cannot be played: move 2. C" in page


def test_record_text_is_escaped(tmp_path):
    text = (SWISS / "round-1.pmn").read_text().split("\n\n[Game")[0]
    text = text.replace("Ada Mensah", "<script>alert(1)</script>")
    text = text.replace(" 2. ", " {<img src=x onerror=alert(2)>} 2. ", 1)
    (tmp_path / "x.pmn").write_text(text + "\n")
    site = site_of(tmp_path / "x.pmn")
    page = site["game-1-1.html"]
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "<script>alert" not in site["index.html"] and "<script>alert" not in site["round-1.html"]


def test_line_text_writes_nested_variations_without_recursion():
    (record,) = read_path(str(EXAMPLES / "wari-annotated.pmn"))
    assert line_text(record.mainline).count("(") == line_text(record.mainline).count(")")
    deep = Line((MoveNode("A"),))
    for _ in range(5000):
        deep = Line((MoveNode("A", variations=(deep,)),))
    assert line_text(deep).count("(") == 5000


def test_publish_command_writes_readable_files(runner, tmp_path):
    out = tmp_path / "site"
    result = runner.invoke(pmn, ["publish", str(SWISS), "-d", str(out)])
    assert result.exit_code == 0, result.output
    assert "41 files" in result.stderr and "14 game pages" in result.stderr
    assert (out / "index.html").stat().st_mode & 0o444 == 0o444
    result = runner.invoke(pmn, ["publish", str(SWISS), str(EVENTS_RR), "-d", str(out)])
    assert result.exit_code == 2 and "--event" in result.stderr
    result = runner.invoke(pmn, ["publish", "--help"])
    assert "pmn publish examples/events/swiss -d site/" in result.output


EVENTS_RR = EXAMPLES / "events" / "round-robin"


# -- in the browser ----------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:  # a skip saying how to get it; a failure in CI
        yield driver


def wait_for(browser: Any, script: str) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, 10).until(lambda b: b.execute_script(script))


def pit_counts(svg: str) -> list[str]:
    return re.findall(r'data-stones="(\d+)"', svg)


@pytest.mark.browser
def test_from_the_index_to_a_game_and_through_it(browser, runner, tmp_path):
    from selenium.webdriver.common.by import By

    out = tmp_path / "site"
    assert runner.invoke(pmn, ["publish", str(SWISS), "-d", str(out)]).exit_code == 0
    browser.get((out / "index.html").as_uri())
    rows = browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    assert [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows][:2] == [
        "Ada Mensah",
        "Ama Serwaa",
    ]
    assert rows[0].find_elements(By.TAG_NAME, "td")[2].text == "4"
    browser.find_element(By.LINK_TEXT, "Round 1").click()
    browser.find_element(By.LINK_TEXT, "1").click()
    # each name is isolated (FSI ... PDI) in the title, as on the page: notation.render.sinks
    assert browser.title.startswith("\u2068Ada Mensah\u2069 v \u2068Kofi Boateng\u2069")
    wait_for(browser, "return document.body.getAttribute('data-current') === '0'")
    expected = boards((out / "game-1-1.html").read_text())
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('.step:not([hidden]) figure g.pit'))"
        ".map(function (g) { return g.getAttribute('data-stones'); });"
    )
    assert shown == pit_counts(expected[0]) == ["4"] * 12
    for _ in range(3):
        browser.find_element(By.ID, "next").click()
    assert browser.find_element(By.ID, "counter").text == f"3 / {len(expected) - 1}"
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('.step:not([hidden]) figure g.pit'))"
        ".map(function (g) { return g.getAttribute('data-stones'); });"
    )
    assert shown == pit_counts(expected[3]) and shown != pit_counts(expected[0])
    caption = browser.find_element(By.CSS_SELECTOR, ".step[data-step='3'] .move")
    assert caption.is_displayed() and caption.text.startswith("Move 2. South")
    browser.find_element(By.CSS_SELECTOR, "#moves button.mv[data-step='10']").click()
    assert browser.find_element(By.ID, "counter").text.startswith("10 /")
    browser.find_element(By.ID, "last").click()
    assert (
        browser.find_element(By.ID, "counter").text == f"{len(expected) - 1} / {len(expected) - 1}"
    )


@pytest.mark.browser
def test_an_illegal_game_in_the_browser_stops_at_the_problem(browser, runner, tmp_path):
    from selenium.webdriver.common.by import By

    out = tmp_path / "site"
    source = EXAMPLES / "broken" / "wari-empty-hole.pmn"
    # an invalid game is published, shown up to its problem, and exits 1 like standings
    assert runner.invoke(pmn, ["publish", str(source), "-d", str(out)]).exit_code == 1
    browser.get((out / "game-x-1.html").as_uri())
    wait_for(browser, "return document.body.getAttribute('data-current') === '0'")
    assert "hole C is empty" in browser.find_element(By.ID, "problem").text
    browser.find_element(By.ID, "last").click()
    assert browser.find_element(By.ID, "counter").text == "2 / 2"
    stop = browser.find_element(By.ID, "outcome")
    assert stop.is_displayed() and "cannot be played: move 2. C" in stop.text


@pytest.mark.browser
def test_on_a_narrow_screen_each_move_number_is_on_the_line_of_its_move(browser, runner, tmp_path):
    out = tmp_path / "site"
    source = EXAMPLES / "wari-annotated.pmn"
    assert runner.invoke(pmn, ["publish", "--force", str(source), "-d", str(out)]).exit_code == 0
    (page,) = sorted(out.glob("game-*.html"))
    browser.set_window_size(360, 800)
    browser.get(page.as_uri())
    wait_for(browser, "return document.body.getAttribute('data-current') === '0'")
    apart = browser.execute_script(
        "return Array.from(document.querySelectorAll('#moves .num')).filter(function (n) {"
        "  var next = n.nextElementSibling || n.parentElement.querySelector('button');"
        "  if (!next || next.tagName !== 'BUTTON') { return false; }"
        "  return Math.abs(n.getBoundingClientRect().bottom - next.getBoundingClientRect().bottom) > 4;"
        "}).map(function (n) { return n.textContent; });"
    )
    assert apart == []
    assert browser.execute_script("return document.querySelectorAll('#moves .pair').length") > 0


def test_a_round_page_counts_moves_as_players_do():
    """A round page said "161 moves" for a game of 81 moves: it counted plies."""
    from notation.desk.publish import moves_as_players_count
    from notation.formats.pmn import read_text as read_pmn

    two = read_pmn('[Game "Wari"]\n\n1. C b 2. A *\n')[0]
    assert moves_as_players_count(two) == 2  # three plies: 1. C b 2. A
    wari = read_pmn('[Game "Wari"]\n\n' + "1. C b " + "*\n")[0]
    assert moves_as_players_count(wari) == 1
    from notation.core.replay import validate_record
    from notation.desk.publish import SiteGame, round_page

    page = round_page("Club", "1", [SiteGame(two, validate_record(two), None, "1")])
    assert "<td>*</td><td>2</td>" in page and "<td>*</td><td>3</td>" not in page
