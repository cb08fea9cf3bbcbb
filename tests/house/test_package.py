"""PMN as a package people can adopt: one version string, the licence it declares, the
Python versions CI tests named in its classifiers, and a changelog."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

import notation

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_pmn_version_and_the_package_metadata_share_one_version_string():
    assert "version" not in PYPROJECT and "version" in PYPROJECT["dynamic"]
    assert metadata.version("mancala-pmn") == notation.__version__
    done = CliRunner().invoke(pmn, ["--version"])
    assert done.output == f"pmn, version {notation.__version__}\n"


def test_the_licence_file_is_the_licence_declared():
    assert PYPROJECT["license"] == "MIT" and PYPROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert metadata.metadata("mancala-pmn")["License-Expression"] == "MIT"


def test_the_classifiers_name_each_python_ci_tests_and_no_other():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    tested = {"3.11"}  # Debian 12's python3, the two debian legs
    tested |= {f"3.{minor}" for minor in re.search(r"for minor in ([0-9 ]+);", ci)[1].split()}  # type: ignore[index]
    named = {
        c.rsplit(" :: ", 1)[1]
        for c in PYPROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.[0-9]+", c)
    }
    assert "3.11" in named and "3.12" in named and "3.13" in named
    assert named <= tested  # a version named is one CI runs where the machine has it
    assert PYPROJECT["requires-python"] == f">={min(named, key=lambda v: int(v[2:]))}"
    # the licence is the SPDX expression (PEP 639), which takes the place of a classifier
    assert "Operating System :: OS Independent" in PYPROJECT["classifiers"]
    assert "Topic :: Games/Entertainment :: Board Games" in PYPROJECT["classifiers"]


def test_the_changelog_keeps_a_changelog():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog")
    assert "keepachangelog.com" in text
    assert "## [Unreleased]" in text and f"## [{notation.__version__}]" in text
    headings = re.findall(r"^### (.+)$", text, flags=re.MULTILINE)
    assert headings and set(headings) <= {
        "Added",
        "Changed",
        "Deprecated",
        "Removed",
        "Fixed",
        "Security",
    }
