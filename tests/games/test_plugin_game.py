"""A game from another package plugs in through the ``pmn.games`` entry point group.

The plugin is the minimal example of ``docs/adding-a-game.md``, taken from the
document itself, installed as a package on ``sys.path`` with its entry point.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import games as registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


@pytest.fixture
def toy_installed(tmp_path, monkeypatch):
    text = DOC.read_text(encoding="utf-8")
    code = re.search(r"```python\n(# toy_pmn/__init__.py\n.*?)```", text, re.S)
    assert code is not None, "the example is in the document"
    package = tmp_path / "toy_pmn"
    package.mkdir()
    (package / "__init__.py").write_text(code.group(1), encoding="utf-8")
    dist = tmp_path / "toy_pmn-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-pmn\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[pmn.games]\ntoy = toy_pmn:ToyVariant\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._plugins.cache_clear()
    yield
    registry._plugins.cache_clear()
    sys.modules.pop("toy_pmn", None)


def test_a_plugin_game_is_registered_and_validated(toy_installed, tmp_path):
    assert "Toy" in registry.game_names()
    record = tmp_path / "toy.pmn"
    record.write_text('[Game "Toy"]\n[Result "0-1"]\n\n1. T T 0-1\n', encoding="utf-8")
    result = CliRunner().invoke(pmn, ["validate", str(record)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output
    shown = CliRunner().invoke(pmn, ["show", str(record), "-o", str(tmp_path / "toy.svg")])
    assert shown.exit_code == 0, shown.output
    assert "<svg" in (tmp_path / "toy.svg").read_text(encoding="utf-8")
    assert "Toy" in CliRunner().invoke(pmn, ["--help"]).output


def test_without_the_plugin_the_game_is_unknown(tmp_path):
    registry._plugins.cache_clear()
    assert "Toy" not in registry.game_names()
    record = tmp_path / "toy.pmn"
    record.write_text('[Game "Toy"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    result = CliRunner().invoke(pmn, ["validate", str(record)])
    assert result.exit_code == 1
