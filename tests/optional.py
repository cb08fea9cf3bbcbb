"""Optional dependencies of some tests: skipped, with the reason, where they are missing;
required in CI (``CI`` or ``PMN_REQUIRE_OPTIONAL`` set: ``.ci/run`` sets the second, CI
services the first), where a missing one fails the run instead of passing it with fewer
tests. Python packages (:func:`require`) and the browser (:func:`require_browser`) alike."""

from __future__ import annotations

import importlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

#: Where the browser tests look for Debian's headless Chromium and its driver: /usr/bin,
#: or the folder ``PMN_BROWSER_DIR`` names (``.ci/run`` names an empty one for its leg
#: without the browser, on a machine that has it).
_BROWSER_DIR = Path(os.environ.get("PMN_BROWSER_DIR") or "/usr/bin")
CHROMIUM = _BROWSER_DIR / "chromium"
CHROMEDRIVER = _BROWSER_DIR / "chromedriver"

#: How to get the browser: the one hint every browser test gives.
BROWSER_HINT = (
    "install Debian's chromium and chromium-driver (apt-get install -y chromium "
    "chromium-driver, as root; .ci/run does it)"
)


def required() -> bool:
    """Whether a missing optional dependency fails the run (CI) instead of skipping."""
    return any(os.environ.get(name, "") not in ("", "0") for name in ("PMN_REQUIRE_OPTIONAL", "CI"))


def require(module: str, extra: str) -> ModuleType:
    """``module``, imported; a skip of the test module that says why when it is missing
    (``pip install '.[extra]'``), unless CI requires it."""
    if required():
        return importlib.import_module(module)
    return pytest.importorskip(
        module, reason=f"needs {module}: pip install '.[{extra}]' (CI requires it)"
    )


def require_browser() -> tuple[Path, Path]:
    """Chromium's and its driver's paths; when either is missing, one line that says how
    to get them: a skip, or in CI (:func:`required`) a failure."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.is_file()]
    if missing:
        message = f"needs a browser: {', '.join(missing)} not found; {BROWSER_HINT}"
        if required():
            pytest.fail(message + " (CI requires it)", pytrace=False)
        pytest.skip(message)
    return CHROMIUM, CHROMEDRIVER


def browser_failed(why: object) -> None:
    """Chromium is there but will not start: a failure saying why, with the hint."""
    pytest.fail(f"cannot start headless Chromium ({why}); {BROWSER_HINT}", pytrace=False)


#: How the browser tests start Chromium: headless, in a new empty profile, and without
#: the background connections this machine's closed network refuses.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,1000",
)


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium driven by Selenium (:func:`require_browser` first: a skip, or in
    CI a failure, saying how to get it), in a profile of its own, removed at the end."""
    browser, driver_path = require_browser()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("the browser tests need Selenium: pip install '.[test]'", pytrace=False)
    profile = tempfile.mkdtemp(prefix="pmn-chromium-")
    options = Options()
    options.binary_location = str(browser)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    try:
        driver = webdriver.Chrome(service=Service(str(driver_path)), options=options)
    except Exception as exc:  # the message says what to do, not only what went wrong
        shutil.rmtree(profile, ignore_errors=True)
        browser_failed(exc)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


#: Real records from other projects, one folder a source (never copied into the project):
#: ``../shared/real-records`` beside the checkout, or the folder ``PMN_REAL_RECORDS`` names.
REAL_RECORDS = Path(
    os.environ.get("PMN_REAL_RECORDS")
    or Path(__file__).resolve().parents[2] / "shared" / "real-records"
)


def require_real_records(source: str) -> Path:
    """The folder of one source of real records (``REAL_RECORDS / source``); when it is
    missing, one line that says so: a skip, or in CI (:func:`required`) a failure."""
    folder = REAL_RECORDS / source
    if not (folder / "SOURCE.txt").is_file():
        message = (
            f"needs the real records of {source}: {folder} not found (a checkout beside "
            "shared/, or PMN_REAL_RECORDS naming the folder)"
        )
        if required():
            pytest.fail(message + " (CI requires it)", pytrace=False)
        pytest.skip(message)
    return folder
