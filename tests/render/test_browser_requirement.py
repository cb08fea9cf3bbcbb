"""The browser tests on a machine without Chromium (issue 28): one line saying how to
get it, a skip on a newcomer's machine, a failure in CI (``CI`` or
``PMN_REQUIRE_OPTIONAL`` set), where a skip would pass the run with fewer tests.
Before, they failed everywhere, so the README's test command failed without root."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import optional

ROOT = Path(__file__).resolve().parents[2]
#: Every test module that drives the browser.
BROWSER_TESTS = sorted(
    path
    for path in (ROOT / "tests").rglob("test_*.py")
    if path.name != Path(__file__).name
    and "pytestmark = pytest.mark.browser" in path.read_text(encoding="utf-8")
)


@pytest.fixture
def no_browser(monkeypatch, tmp_path):
    monkeypatch.setattr(optional, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setattr(optional, "CHROMEDRIVER", tmp_path / "no-chromedriver")
    for name in ("CI", "PMN_REQUIRE_OPTIONAL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_without_chromium_a_newcomer_is_told_how_to_get_it(no_browser):
    with pytest.raises(pytest.skip.Exception) as caught:
        optional.require_browser()
    message = str(caught.value)
    assert "no-chromium, " in message and "no-chromedriver not found" in message
    assert "apt-get install -y chromium chromium-driver" in message
    assert "\n" not in message


def test_with_chromium_but_no_driver_the_driver_is_named(no_browser, tmp_path):
    chromium = tmp_path / "chromium"
    chromium.write_text("")
    no_browser.setattr(optional, "CHROMIUM", chromium)
    with pytest.raises(pytest.skip.Exception) as caught:
        optional.require_browser()
    assert "no-chromedriver not found" in str(caught.value)
    assert str(chromium) not in str(caught.value)


@pytest.mark.parametrize(("name", "value"), [("CI", "true"), ("PMN_REQUIRE_OPTIONAL", "1")])
def test_in_ci_a_missing_browser_fails_the_run(no_browser, name, value):
    no_browser.setenv(name, value)
    with pytest.raises(pytest.fail.Exception) as caught:
        optional.require_browser()
    assert optional.BROWSER_HINT in str(caught.value)


def test_ci_set_to_nothing_or_zero_does_not_require(no_browser):
    no_browser.setenv("CI", "0")
    with pytest.raises(pytest.skip.Exception):
        optional.require_browser()


def test_with_chromium_its_paths_are_given(no_browser, tmp_path):
    chromium, driver = tmp_path / "chromium", tmp_path / "chromedriver"
    chromium.write_text("")
    driver.write_text("")
    no_browser.setattr(optional, "CHROMIUM", chromium)
    no_browser.setattr(optional, "CHROMEDRIVER", driver)
    no_browser.setenv("CI", "true")
    assert optional.require_browser() == (chromium, driver)


@pytest.mark.parametrize("path", BROWSER_TESTS, ids=lambda p: p.name)
def test_every_browser_test_gives_the_one_message(path):
    """Chromium is started in one place (tests/optional.py's ``chromium()``, which asks
    ``require_browser()`` first): the same skip or failure, and the same hint, everywhere."""
    text = path.read_text(encoding="utf-8")
    assert "webdriver.Chrome(" not in text
    assert "apt-get" not in text  # the hint lives in tests/optional.py alone
