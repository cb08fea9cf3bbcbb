"""Hostile and damaged input never crashes, hangs or loses data (issue 7).

Each hostile kind gets a clear error with a location, the other games in the
file still read, and nothing recurses per level of nesting. How time grows
with the size of each input is measured by ``bench/robustness.py``, not here.
"""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation.cli.main import pmn

from notation import find_variant
from notation.core.limits import is_cut_off
from notation.core.record import Record
from notation.core.replay import validate_record
from notation.errors import WriteError
from notation.formats.canonical import canonical_record
from notation.formats.jsonform import dumps, iter_json_records, loads, record_to_json, write_json
from notation.formats.pmn import iter_chunks, iter_records, read_text, write_record
from notation.formats.validate import validate_chunk

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOOD = '[Game "Wari"]\n[South "Ada"]\n\n1. C b 2. A *\n'
HOSTILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_bytes(data: bytes) -> list[Record]:
    return list(iter_records(io.BytesIO(data), "hostile.pmn"))


def assert_located(record: Record) -> None:
    """A damaged record: raw text kept (or, past notation.core.limits.MAX_KEPT_BYTES, cut
    off as it streamed: no text), every error with a code, words and a place."""
    assert record.damaged and (record.raw is not None or is_cut_off(record))
    for error in record.errors:
        assert error.code and error.message
        assert error.line >= 1 and error.column >= 1, error


def assert_good_follows(records: list[Record]) -> None:
    """The good game placed after the hostile one is read, whole."""
    last = records[-1]
    assert not last.damaged and last.tag("South") == "Ada"
    assert [n.token for n in last.mainline] == ["C", "b", "A"]


# -- random input ----------------------------------------------------------------


@HOSTILE
@given(st.binary(max_size=2000))
def test_random_bytes_never_crash(data):
    for record in [*read_bytes(data), *read_text(data.decode("utf-8", "replace"))]:
        if record.damaged:
            assert_located(record)
        validate_record(record)
        write_record(record)
        canonical_record(record)


@HOSTILE
@given(st.text(max_size=500))
def test_random_unicode_never_crashes_and_readable_games_round_trip(text):
    records = read_text(text + "\n\n" + GOOD)
    assert_good_follows(records)
    for record in records:
        if record.damaged:
            assert_located(record)
        else:
            (again,) = read_text(write_record(record))
            assert again == record


@HOSTILE
@given(st.binary(max_size=2000))
def test_random_bytes_as_json_never_crash(data):
    for record in iter_json_records(data.decode("utf-8", "replace")):
        if record.damaged:
            assert record.raw is not None
            assert all(e.line >= 1 or e.path for e in record.errors)


def test_truncated_at_every_byte():
    data = (EXAMPLES / "wari-annotated.pmn").read_bytes()
    good = GOOD.encode()
    for cut in range(len(data) + 1):
        records = read_bytes(data[:cut] + b"\n\n" + good)
        assert_good_follows(records)
        for record in records[:-1]:
            if record.damaged:
                assert_located(record)
            else:
                validate_record(record)  # never raises
                (again,) = read_text(write_record(record))
                assert again == record


# -- unclosed brackets, tags, bytes -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        ('[Game "Wari"]\n\n1. C {a comment never closed b *\n', "unclosed-comment", 3, 6),
        ('[Game "Wari"\n\n1. C b *\n', "bad-tag", 1, 1),
        ('[Game "Wari"]\n\n1. C (1... f b *\n', "unclosed-variation", 3, 16),
        ('[Game "Wari"]\n\n1. C (1... f b\n', "unclosed-variation", 3, 6),
        ('[Game "Wari"]\n[Event "two\nlines"]\n\n1. C b *\n', "bad-tag", 2, 1),
        ('[Game "Wari"]\n\n1. C \x00 b *\n', "syntax", 3, 6),
    ],
    ids=["brace", "bracket", "paren-result", "paren-end", "tag-newline", "nul"],
)
def test_damage_is_located_and_the_next_game_reads(text, code, line, column):
    records = read_text(text + "\n" + GOOD)
    assert len(records) == 2
    assert_located(records[0])
    error = records[0].errors[0]
    assert (error.code, error.line, error.column) == (code, line, column)
    assert_good_follows(records)


def test_a_result_glued_to_text_is_not_read_as_a_move():
    # found by fuzz/fuzz_pmn.py: "1-0*" was the move "1-0", written back as a result
    records = read_text('[Game "Wari"]\n\n1. C 1-0*\n\n' + GOOD)
    assert records[0].errors[0].message == 'cannot read "1-0*": a result is followed by a space'
    assert_good_follows(records)


def test_a_result_tag_that_is_no_result_is_not_written_as_a_move():
    # found by fuzz/fuzz_pmn.py: [Result "1-="] without a result token crashed the validator
    # (without a result token the record is now damaged: missing-result, kept as written)
    text = '[Game "Wari"]\n[Result "1-="]\n\n1. C b\n'
    (record,) = read_text(text)
    assert record.result == "*"
    assert [p.code for p in validate_record(record).problems] == ["missing-result"]
    assert write_record(record) == text
    (record,) = read_text(text.replace("C b", "C b *"))
    # a Result tag that is not a result says so (not that it differs from the token)
    assert "bad-result" in [p.code for p in validate_record(record).problems]
    (again,) = read_text(write_record(record))
    assert again == record


def test_a_result_dividing_by_zero_is_a_bad_result():
    # found by fuzz/fuzz_pmn.py: "0/0-1" crashed the validator (Fraction(0, 0))
    for text in ('[Game "Wari"]\n\n1. C b 0/0-1\n', '[Game "Wari"]\n\n1. C b 1/0-0\n'):
        (record,) = read_text(text)
        (chunk,) = iter_chunks(text.splitlines(keepends=True))
        report = validate_record(record)
        assert [p.code for p in report.problems] == ["bad-result"]
        assert validate_chunk(chunk) == report


def test_unclosed_variation_names_where_it_opened():
    (record,) = read_text('[Game "Wari"]\n\n1. C (1... f b *\n')
    assert "opened at line 3 column 6" in record.errors[0].message


def test_nul_bytes_are_shown_escaped_and_kept_in_tag_values():
    (bad,) = read_text('[Game "Wari"]\n\n1. C \x00 b *\n')
    assert bad.errors[0].message == 'cannot read "\\x00"'
    (kept,) = read_text('[Game "Wari"]\n[Event "a\x00b"]\n\n1. C *\n')
    assert kept.tag("Event") == "a\x00b"
    (again,) = read_text(write_record(kept))
    assert again == kept


def test_invalid_utf8_is_located_and_the_next_game_reads():
    records = read_bytes(b'[Game "Wari"]\n\n1. C {caf\xe9} b *\n\n' + GOOD.encode())
    assert records[0].errors[0].code == "encoding"
    assert (records[0].errors[0].line, records[0].errors[0].column) == (3, 10)
    assert_good_follows(records)


def test_a_lone_carriage_return_is_white_space():
    # found by fuzz/fuzz_pmn.py: a comment kept "\r", which the text it was written to
    # read back as "\n" (and the JSON form forbids); read as a line break instead, it
    # let a comment hide a game the cutter had not cut at
    (record,) = read_bytes(b'[Game "Wari"]\n\n1. C {a\rb} b *\n')
    assert record.mainline.moves[0].comments == ("a b",)
    assert read_text(write_record(record)) == [record]
    hidden = b'[Game "Wari"]\n\n1. C {open\r\r\r' + GOOD.encode() + b"\n"
    for record in read_bytes(hidden):
        # a damaged record keeps its text as read, carriage returns and all (issue 25);
        # written to a file and read back (cut at "\n" only), it is still one game
        assert len(read_bytes(write_record(record).encode("utf-8"))) == 1


def test_bom_and_windows_line_endings_read_the_same():
    plain = read_bytes((GOOD + "\n" + GOOD).encode())
    windows = read_bytes(b"\xef\xbb\xbf" + (GOOD + "\n" + GOOD).replace("\n", "\r\n").encode())
    assert windows == plain and not any(r.damaged for r in windows)


# -- did you mean ------------------------------------------------------------------


#: White singletons on 4b and 3a, Black two on 4c and one on 2a, 13 captured; White to move.
POSITION_4B = "-/B1,-/W1,-,-/-,W1,B2,-/-,-,-,-,-/-,-,-,-,-,- 7-6 0-0 W"


@pytest.mark.parametrize(
    ("game", "slip", "hint", "code"),
    [
        ('[Game "Wari"]\n\n1. c *\n', "c", "did you mean C?", "not-your-hole"),
        ('[Game "Wari"]\n\n1. C B *\n', "B", "did you mean b?", "not-your-hole"),
        ('[Game "Tricala"]\n\n1. 4e+5b+5c *\n', "4e", "did you mean 4d", "no-such-pit"),
    ],
    ids=["wari-lower-case", "wari-north-upper-case", "tricala-no-such-pit"],
)
def test_transcription_slips_get_a_did_you_mean(game, slip, hint, code):
    (problem,) = validate_record(read_text(game)[0]).problems
    assert problem.code == code and hint in problem.message, problem.message


@pytest.mark.parametrize(("written", "meant"), [("4b-4c", "4bx4c"), ("3ax3b", "3a-3b")])
def test_a_missing_or_extra_capture_x_gets_the_token_meant(written, meant):
    tricala = find_variant("Tricala")
    start = tricala.parse_position(POSITION_4B)
    record = read_text(f'[Game "Tricala"]\n[Position "{POSITION_4B}"]\n\n{written} *\n')[0]
    (problem,) = validate_record(record).problems
    assert f"did you mean {meant}?" in problem.message, problem.message
    tricala.parse_move(meant, start)  # the suggestion is a legal move


# -- size and depth ----------------------------------------------------------------


def deep_text(depth: int) -> str:
    return '[Game "Wari"]\n\n1. C ' + "(1. D " * depth + ")" * depth + " b *\n"


def test_variations_nested_10000_deep():
    text = deep_text(10_000)
    (record,) = read_text(text + "\n" + GOOD)[:1]
    assert not record.damaged
    assert record == read_text(text)[0]  # equality walks without recursion
    assert hash(record) == hash(read_text(text)[0])
    report = validate_record(record)
    assert report.valid, report.problems[:1]
    canonical, issues = canonical_record(record)
    assert not issues
    (again,) = read_text(write_record(canonical))
    assert again == canonical
    (from_json,) = iter_json_records(dumps(record_to_json(record)))
    assert from_json == record
    out = io.StringIO()
    write_json([record], out, lines=True)
    assert next(iter_json_records(out.getvalue())) == record


def test_an_illegal_move_10000_deep_is_found():
    text = '[Game "Wari"]\n\n1. C ' + "(1. D " * 10_000 + "x" + ")" * 10_000 + " b *\n"
    (record,) = read_text(text)
    (problem,) = validate_record(record).problems
    assert problem.code == "bad-move-syntax" and problem.token == "x"
    assert problem.path == "moves[0]" + ".variations[0][0]" * 9_999 + ".variations[0][1]"


@pytest.mark.parametrize(
    "line",
    [
        b"1. C {" + b"x" * (50 << 20) + b"} b *",  # a comment
        b"1. C " + b"@" * (50 << 20) + b" *",  # text that is not PMN
        b"1. C {" + b"x y " * (50 << 18),  # a comment never closed
    ],
    ids=["comment", "junk", "unclosed-comment"],
)
def test_a_single_50_mb_line(line):
    data = b'[Game "Wari"]\n\n' + line + b"\n\n" + GOOD.encode()
    tracemalloc.start()
    try:
        records = read_bytes(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(records) == 2
    assert_good_follows(records)
    if records[0].damaged:
        assert_located(records[0])
        assert len(records[0].errors[0].message) < 200  # not 50 MB of message
    assert peak < 10 * len(data)  # a few copies of the input, no more


def test_a_50_mb_tag_value():
    """Past the size limit of a game (issue 12 item 19): too-large. Past what a reader
    holds (issue 25: a game over the cap is cut off as it streams, never held whole),
    its text is not kept: the error gives its length, and no writer writes it (a
    conversion says so instead of writing the game's text as nothing)."""
    data = b'[Game "Wari"]\n[Event "' + b"y" * (50 << 20) + b'"]\n\n1. C *\n\n' + GOOD.encode()
    records = read_bytes(data)
    assert records[0].errors[0].code == "too-large"
    assert is_cut_off(records[0]) and records[0].raw is None
    assert f"{len(data) - len(GOOD.encode()):,} bytes" in records[0].errors[0].message
    for write in (write_record, record_to_json):
        with pytest.raises(WriteError, match="bytes long"):
            write(records[0])
    assert_good_follows(records)


def test_a_game_over_the_cap_but_held_is_kept_whole():
    """A too-large game within notation.core.limits.MAX_KEPT_BYTES is kept as read, so a
    conversion carries it through unchanged."""
    data = b'[Game "Wari"]\n[Event "' + b"y" * (5 << 20) + b'"]\n\n1. C *\n\n' + GOOD.encode()
    records = read_bytes(data)
    assert records[0].errors[0].code == "too-large"
    assert (records[0].raw or "").count("y") == 5 << 20
    assert_good_follows(records)


# -- JSON --------------------------------------------------------------------------

RECORD = {"tags": [["Game", "Wari"]], "moves": [{"move": "C"}, {"move": "b"}], "result": "*"}


def with_(path: list[str | int], value: object) -> dict[str, object]:
    """RECORD with one value replaced (or a key added) at ``path``."""
    obj = json.loads(json.dumps(RECORD))
    target = obj
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return obj


def without(key: str) -> dict[str, object]:
    obj = json.loads(json.dumps(RECORD))
    del obj[key]
    return obj


SCHEMA_FAULTS = {
    "no tags": without("tags"),
    "no moves": without("moves"),
    "no result": without("result"),
    "unknown key": with_(["extra"], 1),
    "tags not a list": with_(["tags"], {"Game": "Wari"}),
    "tag of one": with_(["tags", 0], ["Game"]),
    "tag of three": with_(["tags", 0], ["Game", "Wari", "x"]),
    "tag name": with_(["tags", 0, 0], "Ga me"),
    "tag value newline": with_(["tags", 0, 1], "Wari\n"),
    "tag value not text": with_(["tags", 0, 1], 7),
    "result": with_(["result"], "1-0 "),
    "result newline": with_(["result"], "1-0\n"),
    "move not an object": with_(["moves", 0], "C"),
    "move missing": with_(["moves", 0], {"number": "1."}),
    "move token": with_(["moves", 0, "move"], "C D"),
    "move token newline": with_(["moves", 0, "move"], "C\n"),
    "number": with_(["moves", 0, "number"], "1"),
    "glyph": with_(["moves", 0, "glyph"], "!!!"),
    "nag out of range": with_(["moves", 0, "nags"], [1000]),
    "nag not a number": with_(["moves", 0, "nags"], ["1"]),
    "comment with } and newline": with_(["moves", 0, "comments"], ["a}\nb"]),
    "comment with carriage return": with_(["moves", 0, "before"], ["a\rb"]),
    "variations not a list": with_(["moves", 0, "variations"], {"moves": []}),
    "variation without moves": with_(["moves", 0, "variations"], [{"comments": []}]),
    "variation extra key": with_(["moves", 0, "variations"], [{"moves": [], "x": 1}]),
    "move extra key": with_(["moves", 0, "colour"], "red"),
    "damaged without errors": {"raw": "x", "errors": []},
    "damaged error without code": {"raw": "x", "errors": [{"message": "m"}]},
    "damaged negative line": {"raw": "x", "errors": [{"code": "c", "message": "m", "line": -1}]},
    "neither": {"raw": "x", "tags": []},
    "not an object": [1, 2],
    "a move that reads as a result": with_(["moves", 1, "move"], "1-0"),
}


@pytest.mark.parametrize("bad", SCHEMA_FAULTS.values(), ids=SCHEMA_FAULTS.keys())
def test_each_schema_fault_is_a_located_damaged_record_and_the_others_read(bad):
    text = json.dumps([RECORD, bad, RECORD])
    first, damaged, last = iter_json_records(text)
    assert not first.damaged and not last.damaged
    (error,) = damaged.errors
    assert error.code == "bad-record" and error.path.startswith("$[1]"), error
    assert json.loads(damaged.raw or "") == bad  # the value is kept


def test_a_json_record_whose_comment_newline_the_schema_forbids_is_not_written_broken():
    # '$' in a schema pattern matches only at the very end (ECMA-262), not before "\n"
    (record,) = iter_json_records(json.dumps(with_(["tags", 0, 1], "Wari\n")))
    assert record.damaged


def test_a_json_comment_before_a_move_reads_as_text_reads_it():
    # found by fuzz/fuzz_json.py: "before" on a move right after another move has no
    # place of its own in text, where it follows the move before
    obj = {"tags": [], "moves": [{"move": "C"}, {"move": "b", "before": ["x"]}], "result": "*"}
    (record,) = iter_json_records(json.dumps(obj))
    assert record.mainline.moves[0].comments == ("x",)
    assert read_text(write_record(record)) == [record]


def test_deeply_nested_json_values():
    deep = "[" * 100_000 + "]" * 100_000
    assert dumps(loads(deep)) == deep.replace("][", "], [")
    lines = [json.dumps(RECORD), deep, '{"tags": ' + deep + "}", json.dumps(RECORD)]
    records = list(iter_json_records("\n".join(lines)))
    assert [r.damaged for r in records] == [False, True, True, False]
    for record in records[1:3]:
        assert record.raw and record.errors[0].code == "bad-record"


def test_a_deep_record_that_fails_the_schema_keeps_its_text():
    obj = record_to_json(read_text(deep_text(5_000))[0])
    inner = obj["moves"][0]
    for _ in range(4_000):
        inner = inner["variations"][0]["moves"][0]
    inner["glyph"] = "!!!"
    (record,) = iter_json_records(dumps(obj))
    assert record.damaged and record.errors[0].code == "bad-record"
    assert dumps(loads(record.raw or "")) == dumps(obj)  # (== on values this deep recurses)


def test_json_with_a_huge_number_is_a_located_error():
    (record,) = iter_json_records(
        '{"tags": [], "moves": [], "result": "*", "n": ' + "1" * 5000 + "}"
    )
    assert record.damaged and record.errors[0].code == "bad-json"


def test_a_damaged_json_array_written_one_record_per_line_loses_only_that_record():
    out = io.StringIO()
    write_json([read_text(GOOD)[0]] * 3, out)
    lines = out.getvalue().split("\n")
    lines[2] = lines[2][:20] + "<damage>" + lines[2][20:]
    records = list(iter_json_records("\n".join(lines)))
    assert [r.damaged for r in records] == [False, True, False]
    assert records[1].errors[0].code == "bad-json" and records[1].errors[0].line == 3


# -- the command line: nothing is dropped, nothing destroyed -----------------------


def test_convert_carries_damaged_games_and_exits_1(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_bytes(GOOD.encode() + b'\n[Game "Wari"]\n\n1. C {unclosed b *\n\n' + GOOD.encode())
    result = CliRunner().invoke(pmn, ["convert", str(source), "-o", str(tmp_path / "g.json")])
    assert result.exit_code == 1
    assert "comment opened with { is never closed" in result.stderr
    records = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert [("raw" in r) for r in records] == [False, True, False]
    assert records[1]["errors"][0]["line"] == 8
    back = CliRunner().invoke(pmn, ["convert", str(tmp_path / "g.json"), "--to", "pmn"])
    assert back.exit_code == 1 and "{unclosed b *" in back.stdout


@pytest.mark.parametrize("command", [["convert"], ["convert", "--to", "json"]])
def test_convert_refuses_to_overwrite_its_input(tmp_path, command):
    source = tmp_path / "games.pmn"
    source.write_text(GOOD, encoding="utf-8")
    result = CliRunner().invoke(pmn, [*command, str(source), "-o", str(source)])
    assert result.exit_code == 2 and "--in-place" in result.stderr
    assert source.read_text(encoding="utf-8") == GOOD
    allowed = CliRunner().invoke(pmn, ["convert", str(source), "-o", str(source), "--in-place"])
    assert allowed.exit_code == 0 and read_text(source.read_text(encoding="utf-8")) == read_text(
        GOOD
    )


def test_fmt_does_not_destroy_bytes_it_cannot_read(tmp_path):
    data = b'[Game "Wari"]\n\n1. C {caf\xe9} b *\n\n[Game "Wari"]\n\nC b *\n'
    path = tmp_path / "latin1.pmn"
    path.write_bytes(data)
    result = CliRunner().invoke(pmn, ["fmt", "--in-place", str(path)])
    assert (
        result.exit_code == 1 and "latin1.pmn:3:10: byte 0xe9 is not valid UTF-8" in result.stderr
    )
    assert "--encoding" in result.stderr  # what to change
    assert path.read_bytes() == data


def test_fmt_keeps_damaged_games_and_formats_deep_ones(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(deep_text(3_000) + '\n[Game "Wari"]\n\n1. C {unclosed b *\n', encoding="utf-8")
    result = CliRunner().invoke(pmn, ["fmt", "--in-place", str(path)])
    assert result.exit_code == 1  # the damaged game is reported
    text = path.read_text(encoding="utf-8")
    assert "{unclosed b *" in text
    first, second = read_text(text)
    assert first == canonical_record(read_text(deep_text(3_000))[0])[0] and second.damaged
    assert not list(tmp_path.glob(".pmn-*"))  # no temporary file left behind
