"""The HTML page in a real browser: headless Chromium driven by Selenium.

Needs Debian's ``chromium`` and ``chromium-driver`` packages (CI installs
them in ``.ci/run``). When they are missing the tests skip with one line saying
how to get them, except in CI (``CI`` or ``PMN_REQUIRE_OPTIONAL`` set), where they
fail (:func:`tests.optional.chromium` starts it, :func:`tests.optional.require_browser`
first). Selenium is given the driver's path, so Selenium Manager never runs (nothing is
downloaded).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notation.formats.collection import read_path
from notation.render.html import record_html
from tests.optional import chromium

#: Every test here drives Chromium: deselect them with -m "not browser" (README).
pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:  # a skip saying how to get it; a failure in CI
        yield driver


def open_page(browser: Any, tmp_path: Path, example: str) -> Any:
    page = tmp_path / (Path(example).stem + ".html")
    page.write_text(record_html(next(read_path(str(EXAMPLES / example)))), encoding="utf-8")
    browser.get(page.as_uri())
    return browser


def by_id(browser: Any, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.ID, name)


def counter(browser: Any) -> str:
    return str(by_id(browser, "counter").text)


def shown_step(browser: Any) -> Any:
    """The one step on show, checked to be the only one."""
    from selenium.webdriver.common.by import By

    visible = [
        s for s in browser.find_elements(By.CSS_SELECTOR, "#steps .step") if s.is_displayed()
    ]
    assert len(visible) == 1
    return visible[0]


def current_move(browser: Any) -> str:
    from selenium.webdriver.common.by import By

    (button,) = browser.find_elements(By.CSS_SELECTOR, "#moves button.mv.current")
    return str(button.get_attribute("data-step"))


def press(browser: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).send_keys(*keys).perform()


def outcome_text(browser: Any) -> str:
    """The result shown at the end ("" when it is not on show)."""
    from selenium.webdriver.common.by import By

    found = browser.find_elements(By.ID, "outcome")
    assert len(found) == 1
    return str(found[0].text) if found[0].is_displayed() else ""


def test_keyboard_to_the_end_and_back(browser, tmp_path):
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path, "wari-annotated.pmn")
    assert counter(browser) == "0 / 103"
    assert "Start position" in shown_step(browser).text
    assert outcome_text(browser) == ""
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert counter(browser) == "3 / 103"
    assert "Move 2. South E" in shown_step(browser).text
    assert current_move(browser) == "3"
    press(browser, Keys.END)
    assert counter(browser) == "103 / 103"
    assert outcome_text(browser) == (
        "Result 1-0: South (Ada Mensah) wins. South captured 26 stones."
    )
    press(browser, Keys.ARROW_RIGHT)  # nothing after the end
    assert counter(browser) == "103 / 103"
    press(browser, Keys.ARROW_LEFT)
    assert counter(browser) == "102 / 103"
    assert outcome_text(browser) == ""
    assert "Move 51... North a" in shown_step(browser).text
    assert current_move(browser) == "102"
    press(browser, Keys.HOME)
    assert counter(browser) == "0 / 103"
    press(browser, Keys.ARROW_LEFT)  # nothing before the start
    assert counter(browser) == "0 / 103"


def test_arrow_keys_step_through_every_move(browser, tmp_path):
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path, "trysse-study-position.pmn")
    assert counter(browser) == "0 / 14"
    for step in range(1, 15):
        press(browser, Keys.ARROW_RIGHT)
        assert counter(browser) == f"{step} / 14"
    assert outcome_text(browser).startswith("Result 0-1: North wins. North captured 21 stones")
    for step in range(13, -1, -1):
        press(browser, Keys.ARROW_LEFT)
        assert counter(browser) == f"{step} / 14"
        assert outcome_text(browser) == ""


def test_buttons_to_the_end_and_back(browser, tmp_path):
    open_page(browser, tmp_path, "wari-resignation.pmn")
    assert counter(browser) == "0 / 30"
    for step in range(1, 31):
        by_id(browser, "next").click()
        assert counter(browser) == f"{step} / 30"
        assert current_move(browser) == str(step)
    ending = outcome_text(browser)
    assert ending == "Result 1-0: South (Ada) wins (the game stopped early: resignation)."
    by_id(browser, "next").click()
    assert counter(browser) == "30 / 30"
    by_id(browser, "prev").click()
    assert counter(browser) == "29 / 30"
    assert outcome_text(browser) == ""
    assert "Move 15. South E+4" in shown_step(browser).text
    by_id(browser, "first").click()
    assert counter(browser) == "0 / 30"
    by_id(browser, "prev").click()
    assert counter(browser) == "0 / 30"
    by_id(browser, "last").click()
    assert counter(browser) == "30 / 30"
    assert outcome_text(browser) == ending


def test_clicking_a_move_in_the_list(browser, tmp_path):
    from selenium.webdriver.common.by import By

    open_page(browser, tmp_path, "tricala-two-players.pmn")
    move = browser.find_element(By.CSS_SELECTOR, '#moves button.mv[data-step="8"]')
    assert move.text == "4c[WWBBBW]-3c-6fx6d"
    move.click()
    assert counter(browser).startswith("8 / ")
    assert current_move(browser) == "8"
    step = shown_step(browser)
    assert "Move 4... Black 4c[WWBBBW]-3c-6fx6d" in step.text
    # the board shown is the one after that move, with its path drawn
    assert step.find_elements(By.CSS_SELECTOR, "svg g.path")
    marked = step.find_elements(By.CSS_SELECTOR, "svg g.last-move")
    assert [g.get_attribute("data-pit") for g in marked] == ["4c"]


def test_stepping_into_a_variation_and_back(browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path, "wari-annotated.pmn")  # 2... d!? (2... a 3. C f)
    variation = browser.find_element(By.CSS_SELECTOR, '#moves .aside button.mv[data-step="104"]')
    assert variation.text == "a"
    variation.click()
    assert counter(browser) == "variation: 2... a"
    assert "In a variation: Move 2... North a" in shown_step(browser).text
    assert current_move(browser) == "104"
    press(browser, Keys.ARROW_RIGHT)
    assert counter(browser) == "variation: 3. C"
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)  # f is the variation's last move
    assert counter(browser) == "variation: 3... f"
    by_id(browser, "prev").click()
    by_id(browser, "prev").click()
    assert counter(browser) == "variation: 2... a"
    press(browser, Keys.ARROW_LEFT)  # before 2... a: the main line after 2. E
    assert counter(browser) == "3 / 103"
    assert "Move 2. South E" in shown_step(browser).text
    press(browser, Keys.ARROW_RIGHT)  # on along the main line, not into the variation
    assert counter(browser) == "4 / 103"


def test_the_whole_tricala_move_list_is_on_show(browser, tmp_path):
    """Long three-player Tricala moves: every move in the list whole, inside the list,
    none on top of another (they used to run into the next column and off the side)."""
    import random

    from notation.core.generate import random_record
    from notation.games import find_variant

    variant = find_variant("Tricala", None, {"Players": "3"})
    record = random_record(variant, random.Random(1), long=True)  # moves up to 38 characters
    assert max(len(node.token) for node in record.mainline.moves) >= 30
    page = tmp_path / "tricala.html"
    page.write_text(record_html(record), encoding="utf-8")
    for width in (1280, 1000):  # the list beside the board, narrow
        browser.set_window_size(width, 1000)
        try:
            browser.get(page.as_uri())
            boxes = browser.execute_script(
                """
                var list = document.querySelector(".movelist");
                var outer = list.getBoundingClientRect();
                var out = {overflow: list.scrollWidth - list.clientWidth, buttons: []};
                document.querySelectorAll("#moves button.mv").forEach(function (b) {
                  var r = b.getBoundingClientRect();
                  out.buttons.push({text: b.textContent, left: r.left, right: r.right,
                    top: r.top, bottom: r.bottom, clipped: b.scrollWidth - b.clientWidth,
                    inside: r.left >= outer.left - 0.5 && r.right <= outer.right + 0.5});
                });
                return out;
                """
            )
        finally:
            browser.set_window_size(1280, 1000)
        assert boxes["overflow"] <= 0  # nothing to scroll sideways to
        buttons = boxes["buttons"]
        assert [b["text"] for b in buttons[1:]] == [node.token for node in record.mainline.moves]
        for b in buttons:
            assert b["inside"] and b["clipped"] <= 0, b
        for i, a in enumerate(buttons):
            for b in buttons[i + 1 :]:
                apart = (
                    a["right"] <= b["left"] + 0.5
                    or b["right"] <= a["left"] + 0.5
                    or a["bottom"] <= b["top"] + 0.5
                    or b["bottom"] <= a["top"] + 0.5
                )
                assert apart, (a["text"], b["text"])
