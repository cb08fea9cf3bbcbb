"""``show -o NAME`` writes what the name says or refuses it (issue 37). Before:
``show -o board.png`` wrote the ASCII board into ``board.png``, exit 0."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

GAME = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f 3. A a *\n'


@pytest.mark.parametrize(
    "name", ["board.png", "board.JPG", "board.jpeg", "board.gif", "board.pdf", "board.webp"]
)
@pytest.mark.parametrize("to", [[], ["--to", "text"], ["--to", "svg"]])
def test_a_picture_name_show_does_not_draw_is_refused(tmp_path, name, to):
    source = tmp_path / "g.pmn"
    source.write_text(GAME)
    out = tmp_path / name
    result = CliRunner().invoke(pmn, ["show", str(source), "-o", str(out), *to])
    assert result.exit_code == 2, result.output
    assert ".svg" in result.output
    assert not out.exists()


@pytest.mark.parametrize("name", ["board.html", "board.htm"])
def test_an_html_name_points_to_render(tmp_path, name):
    source = tmp_path / "g.pmn"
    source.write_text(GAME)
    result = CliRunner().invoke(pmn, ["show", str(source), "-o", str(tmp_path / name)])
    assert result.exit_code == 2
    assert "pmn render" in result.output and ".svg" in result.output


@pytest.mark.parametrize(
    ("name", "opens"), [("board.svg", "<svg"), ("board.txt", "After"), ("board", "After")]
)
def test_names_show_writes_are_written(tmp_path, name, opens):
    source = tmp_path / "g.pmn"
    source.write_text(GAME)
    out = tmp_path / name
    result = CliRunner().invoke(pmn, ["show", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert opens in out.read_text()
