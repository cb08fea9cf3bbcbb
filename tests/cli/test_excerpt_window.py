"""The excerpt under an error draws a window round the caret, whatever the line's length
(issue 25, Unbounded reading: a 16 MiB line took more than a minute only to draw it)."""

from __future__ import annotations

from pathlib import Path

import notation.cli.excerpt as excerpt_module
import pytest
from notation.cli.excerpt import MAX_WIDTH, SourceLines, excerpt

from notation.core.replay import Problem

LONG = "C b " * 250_000  # a million characters on one line


def test_a_long_line_is_drawn_from_a_window_round_the_caret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    real = excerpt_module._cells
    monkeypatch.setattr(excerpt_module, "_cells", lambda char: drawn.append(char) or real(char))
    column = len(LONG) // 2 + 1  # a "C"
    text = LONG[: column - 1] + "Z" + LONG[column:]
    line, marks = excerpt("1. " + text, column + 3, "Z")
    assert len(drawn) < 20 * MAX_WIDTH  # not a million characters
    assert line.startswith("...") and line.endswith("...")
    assert line[marks.index("^")] == "Z"


def test_a_token_at_the_start_of_a_long_line_is_shown_there() -> None:
    line, marks = excerpt(LONG, 5, "C")
    assert marks == "    ^"
    assert line[marks.index("^")] == "C" and line.endswith("...")


def test_reading_the_line_back_keeps_only_what_is_drawn(tmp_path: Path) -> None:
    path = tmp_path / "long.pmn"
    path.write_text('[Game "Wari"]\n\n1. ' + LONG * 4 + "Z *\n")  # 4 M characters
    lines = SourceLines()
    problem = Problem("illegal-move", "Z: not a hole", 3, 5, token="C")
    text = lines.line(str(path), 3, 5 + 400)
    assert text is not None and len(text) < 10_000
    assert lines.excerpt_lines(str(path), problem)[0].strip().startswith("1. C b")
    lines.close()
