"""``pytest -q`` prints its closing summary line (issue 28): pyproject's ``addopts`` held
``-q`` already, and a second one (``-qq``) hides the summary."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_addopts_does_not_quiet_the_run():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = config["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert not any(re.fullmatch(r"-q+|--quiet", option) for option in addopts)


def test_pytest_q_ends_with_the_summary_line():
    one = "tests/house/test_pytest_config.py::test_addopts_does_not_quiet_the_run"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", one],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^1 passed in [0-9.]+s$", done.stdout.strip().splitlines()[-1])
