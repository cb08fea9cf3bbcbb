"""Messages for people who are not programmers: the record's line under the message
with a caret under the bad token (cli/excerpt.py), and messages that say where and
what to change (issue 16): a byte that is not UTF-8, U+FFFD, a Result tag."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from notation.cli.excerpt import SourceLines, excerpt
from notation.cli.main import pmn

from notation.core.replay import Problem
from notation.formats.pmn import Chunk

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ILLEGAL = '[Game "Wari"]\n[Result "*"]\n\n1. A a 2. B Zz 3. C *\n'
#: Where Zz stands in ILLEGAL: line 4, column 13.
ZZ_LINE, ZZ_COLUMN = 4, 13


def invoke(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(pmn, list(args), input=input)


def caret_column(marks: str) -> int:
    """The 0-based terminal column of the caret in a drawn caret line."""
    return marks.index("^")


# -- the excerpt itself ---------------------------------------------------------------


def test_caret_under_a_token_in_the_middle_of_a_line():
    text = "1. A a 2. B Zz 3. C *"
    line, marks = excerpt(text, 13, "Zz")
    assert line == text
    assert marks == " " * 12 + "^~"
    assert line[caret_column(marks) : caret_column(marks) + 2] == "Zz"


def test_underline_is_the_run_of_text_when_the_token_is_unknown():
    assert excerpt("1. A a 2. Bogus x *", 11)[1] == " " * 10 + "^~~~~"


def test_tabs_are_expanded_in_both_lines():
    # a tab before the token: the source line is drawn with spaces to the next tab stop,
    # and the caret is moved by as much
    line, marks = excerpt("1.\tA\tZz *", 6, "Zz")
    assert "\t" not in line and "\t" not in marks
    assert line == "1.      A       Zz *"
    assert line[caret_column(marks) :].startswith("Zz")
    assert marks == " " * 16 + "^~"


def test_wide_characters_take_two_columns():
    # each CJK character of the comment takes two terminal columns, so the caret
    # moves right by two per character, not one
    text = "1. A {\u4e2d\u6587} Zz *"
    column = text.index("Zz") + 1
    line, marks = excerpt(text, column, "Zz")
    assert line == text
    assert caret_column(marks) == column - 1 + 2  # two wide characters: two extra columns
    assert marks.endswith("^~")


def test_combining_marks_take_no_column():
    text = "1. A {e\u0301te\u0301} Zz *"  # é written as e + COMBINING ACUTE ACCENT, twice
    column = text.index("Zz") + 1
    _, marks = excerpt(text, column, "Zz")
    assert caret_column(marks) == column - 1 - 2


def test_control_characters_are_shown_escaped_and_counted_as_drawn():
    text = "1. A {\x1b[2J} Zz *"
    line, marks = excerpt(text, text.index("Zz") + 1, "Zz")
    assert "\x1b" not in line and "\\x1b[2J" in line
    assert line[caret_column(marks) :].startswith("Zz")


def test_bad_bytes_and_u_fffd_are_never_shown_as_glyphs():
    line, marks = excerpt("1. A a \udcfc\udcfc *", 8)  # bytes read with surrogateescape
    assert line == "1. A a \\xfc\\xfc *"
    assert marks == " " * 7 + "^" + "~" * 7  # under both bytes, as drawn
    line, _ = excerpt("1. A a \ufffd *", 8)
    assert "\ufffd" not in line and "\\ufffd" in line


def test_a_long_line_is_cut_around_the_caret():
    text = "1. A a " * 40 + "Zz *"
    column = text.index("Zz") + 1
    line, marks = excerpt(text, column, "Zz")
    assert len(line) <= 110 and line.startswith("...")
    assert line[caret_column(marks) :].startswith("Zz")


def test_a_missing_result_points_just_after_the_line():
    line, marks = excerpt("1. A a", 7)
    assert (line, marks) == ("1. A a", " " * 6 + "^")
    assert excerpt("1. A a", 30) == []


def test_source_lines_from_a_kept_stdin_chunk_then_released():
    lines = SourceLines()
    lines.keep(Chunk(ILLEGAL, 10, "<stdin>"), 1)
    assert lines.line("<stdin>", 13) == "1. A a 2. B Zz 3. C *"
    assert lines.line("<stdin>", 9) is None
    lines.release("<stdin>", 1)
    assert lines.line("<stdin>", 13) is None  # forgotten once its report is printed


def test_source_lines_read_a_file_back_forward_and_back(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_bytes(b"\xef\xbb\xbfone\ntwo\r\nthree\n")
    lines = SourceLines()
    assert lines.line(str(path), 1) == "one\n"  # the byte order mark is not part of line 1
    assert lines.line(str(path), 3) == "three\n"
    assert lines.line(str(path), 2) == "two\r\n"  # going back reads the file again
    assert lines.line(str(path), 9) is None
    lines.close()


def test_no_excerpt_for_a_problem_of_the_whole_record():
    lines = SourceLines()
    lines.keep(Chunk(ILLEGAL, 1, "<stdin>"), 1)
    whole = Problem("result-mismatch", "the Result tag says ...", 1, 1)
    assert lines.excerpt_lines("<stdin>", whole) == []


# -- the excerpt in the commands' text output -----------------------------------------------


def assert_caret_under_zz(text: str, indent: str = "    ") -> None:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if '"Zz" is not a move in Wari' in line)
    assert lines[at + 1] == indent + "1. A a 2. B Zz 3. C *"
    assert lines[at + 2] == indent + " " * (ZZ_COLUMN - 1) + "^~"


def test_validate_shows_the_line_and_a_caret(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:{ZZ_LINE}:{ZZ_COLUMN}: game 1, move 2...: Zz:" in result.stderr
    assert_caret_under_zz(result.stderr)


def test_validate_from_standard_input_shows_the_line_too():
    result = invoke("validate", "-", input=ILLEGAL)
    assert result.exit_code == 1
    assert f"<stdin>:{ZZ_LINE}:{ZZ_COLUMN}:" in result.stderr
    assert_caret_under_zz(result.stderr)


def test_validate_report_in_text_shows_the_line_and_json_does_not(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(ILLEGAL, encoding="utf-8")
    report = tmp_path / "report.txt"
    assert invoke("validate", str(path), "-o", str(report)).exit_code == 1
    assert_caret_under_zz(report.read_text(encoding="utf-8"), indent="      ")
    result = invoke("validate", str(path), "--format", "json")
    assert "^~" not in result.output


@pytest.mark.parametrize("command", [["show"], ["moves"], ["render", "-o", "-"]])
def test_show_moves_and_render_show_the_line_and_a_caret(tmp_path, command):
    path = tmp_path / "g.pmn"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = invoke(*command[:1], str(path), *command[1:])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert_caret_under_zz(result.stderr)


# -- a byte that is not UTF-8 ----------------------------------------------------------


LATIN1 = '[Game "Wari"]\n[Result "*"]\n\n1. A a M\u00fcnchen *\n'.encode("latin-1")


@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["show"],
        ["moves"],
        ["render", "-o", "-"],
        ["fmt"],
        ["convert", "--to", "json"],
    ],
)
def test_a_latin1_byte_names_its_place_and_encoding(tmp_path, command):
    path = tmp_path / "latin.pmn"
    path.write_bytes(LATIN1)
    result = invoke(*command[:1], str(path), *command[1:])
    assert result.exit_code == 1
    message = result.stderr
    assert f"{path}:4:9:" in message  # line and column of the byte
    assert "byte 0xfc is not valid UTF-8" in message
    assert "--encoding" in message
    assert "\ufffd" not in message  # never the replacement character
    assert "cannot read" not in message  # and no second message for the same byte


def test_a_latin1_byte_from_standard_input_is_shown_escaped():
    result = invoke("validate", "-", input=LATIN1)
    assert "<stdin>:4:9: game 1: byte 0xfc is not valid UTF-8" in result.stderr
    assert "\ufffd" not in result.output


def test_the_file_read_with_encoding_is_valid(tmp_path):
    path = tmp_path / "latin.pmn"
    path.write_bytes(LATIN1.replace(b" M\xfcnchen", b" {M\xfcnchen}"))
    assert invoke("validate", str(path)).exit_code == 1
    assert invoke("validate", "--encoding", "latin-1", str(path)).exit_code == 0


def test_convert_in_place_names_the_byte_and_takes_encoding(tmp_path):
    path = tmp_path / "latin.pmn"
    data = '[Game "Wari"]\n[Event "M\u00fcnchen"]\n\n1. A a *\n'.encode("latin-1")
    path.write_bytes(data)
    result = invoke("convert", str(path), "-o", str(path), "--in-place")
    assert result.exit_code == 1
    assert f"{path}:2:10: not rewritten: byte 0xfc is not valid UTF-8" in result.stderr
    assert "--encoding" in result.stderr
    assert path.read_bytes() == data
    # with the encoding named, the file is rewritten as UTF-8 and nothing is lost
    result = invoke("convert", str(path), "-o", str(path), "--in-place", "--encoding", "latin-1")
    assert result.exit_code == 0, result.output
    assert '[Event "M\u00fcnchen"]' in path.read_text(encoding="utf-8")


def test_an_action_log_byte_is_not_shown_as_u_fffd(tmp_path):
    path = tmp_path / "log.actions"
    path.write_bytes(b"1 8 \xfc\n")
    result = invoke("validate", "--from", "openspiel-actions", "--variant", "Kalah", str(path))
    assert result.exit_code == 1
    assert "\ufffd" not in result.output
    assert f"{path}:1:5:" in result.stderr
    assert "not UTF-8" in result.stderr and "--encoding" in result.stderr


def test_a_replacement_character_written_in_the_file_is_named_and_explained(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text('[Game "Wari"]\n\n1. A a \ufffd *\n', encoding="utf-8")
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert '3:8: game 1: cannot read "\\ufffd": U+FFFD stands for a character lost' in result.stderr
    assert "\ufffd" not in result.output


# -- the Result tag -------------------------------------------------------------------


def test_an_ogn_result_that_is_not_a_result_says_so(tmp_path):
    path = tmp_path / "g.ogn"
    path.write_text('[Variant "Oware Abapa"]\n[Result "unknown"]\n\n1. A a\n', encoding="utf-8")
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert "movetext ends with" not in result.stderr
    assert 'the Result tag says "unknown", which is not a result' in result.stderr
    assert "1-0 or 1/2-1/2, or *" in result.stderr


def test_a_json_result_mismatch_does_not_speak_of_movetext(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(
        '[{"tags": [["Game", "Wari"], ["Result", "1-0"]], "moves": [], "result": "*"}]',
        encoding="utf-8",
    )
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert "movetext" not in result.stderr
    assert 'the Result tag says "1-0" but the result after the moves is *' in result.stderr
    assert "make the two the same" in result.stderr


def test_a_pmn_result_mismatch_names_both(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text('[Game "Wari"]\n[Result "1-0"]\n\n1. A a *\n', encoding="utf-8")
    result = invoke("validate", str(path))
    assert 'the Result tag says "1-0" but the result after the moves is *' in result.stderr
    # about the record as a whole: no excerpt of its first line with a caret under "[Game"
    assert "^" not in result.stderr
