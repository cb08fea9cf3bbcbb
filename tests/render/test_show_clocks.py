"""``pmn show`` prints the clocks of ``[%clk]`` comments and the ``[%emt]`` of the last move."""

from __future__ import annotations

from click.testing import CliRunner
from notation.cli.main import pmn

CLOCKED = """[Game "Wari"]
[South "Ada"]
[North "Bob"]
[Result "*"]

1. C {[%clk 0:05:00] [%emt 0:00:03] a quiet start} b {[%clk 0:04:58]}
2. D {[%clk 0:04:50] [%emt 0:00:10]} e 3. A *
"""


def show(tmp_path, *args: str):
    path = tmp_path / "g.pmn"
    path.write_text(CLOCKED, encoding="utf-8")
    return CliRunner().invoke(pmn, ["show", str(path), *args])


def test_show_prints_each_seats_last_clock(tmp_path):
    result = show(tmp_path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "After A:"
    assert "Clocks: South 0:04:50, North 0:04:58" in lines
    assert not any(line.startswith("The last move took") for line in lines)  # 3. A has no %emt
    assert "[%clk" not in result.stdout


def test_show_at_a_move_with_emt(tmp_path):
    result = show(tmp_path, "--move", "3")
    assert result.exit_code == 0, result.output
    assert "Clocks: South 0:04:50, North 0:04:58" in result.stdout
    assert "The last move took 0:00:10." in result.stdout
    result = show(tmp_path, "--move", "1")
    assert "Clocks: South 0:05:00\n" in result.stdout
    assert "The last move took 0:00:03." in result.stdout


def test_show_without_clocks_prints_no_clock_line(tmp_path):
    path = tmp_path / "plain.pmn"
    path.write_text('[Game "Wari"]\n\n1. C {just a comment} b *\n', encoding="utf-8")
    result = CliRunner().invoke(pmn, ["show", str(path)])
    assert result.exit_code == 0
    assert "Clocks" not in result.stdout and "took" not in result.stdout
