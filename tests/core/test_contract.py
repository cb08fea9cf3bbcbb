"""The contract every registered game keeps, checked for each variant the registry holds.

Parametrised from the registry (``tests/registered.py``): each name of each
registered game class, and each of its seat counts. For each, random legal
games (fixed seeds, ``notation.core.generate``) go through every format that can
hold the game and through every ``pmn`` command, and must come back as they
went in: the same records, the same positions, the same legal moves. A game
that is registered is tested here; nothing else is needed.

For a game that declares hole ``numberings``, its records converted to each
numbering (``pmn convert --pits``) are checked too. Tests for the bugs the
contract found are in ``test_contract_regressions.py``.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from html import escape
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from notation.cli.main import pmn

from notation import read_text, record_from_json, record_to_json, validate_record, write_record
from notation.core.pits import DEFAULT, PITS_TAG
from notation.core.record import Record
from notation.core.replay import record_variant, start_position
from notation.errors import PMNError
from notation.formats.collection import read_path, write_path
from notation.formats.jsonform import iter_json_records, write_json
from notation.formats.pmn import write_records
from notation.games import games
from tests.registered import CASES, VariantCase

IDS = [case.id for case in CASES]
#: (case, format) for every format beyond PMN/JSON that a case's class declares.
FORMAT_CASES = [(case, fmt) for case in CASES for fmt in case.cls.formats]
#: (class, format) for every format a registered class declares.
CLASS_FORMATS = [(cls, fmt) for cls in games() for fmt in cls.formats]
#: (case, numbering) for every hole numbering a case's class declares.
NUMBERED = [(case, numbering) for case in CASES for numbering in case.cls.numberings]


def replay(record: Record) -> tuple[Any, list[Any]]:
    """The record's variant and every position of its main line, the start first."""
    variant = record_variant(record)
    position = start_position(record, variant)
    positions = [position]
    for node in record.mainline.moves:
        position = variant.play(position, variant.parse_move(node.token, position))
        positions.append(position)
    return variant, positions


def position_strings(record: Record) -> list[str]:
    """The position strings along the record's main line."""
    variant, positions = replay(record)
    return [variant.format_position(p) for p in positions]


def tokens(record: Record) -> list[str]:
    return [node.token for node in record.mainline.moves]


def pit_of(variant: Any, move: Any, position: Any) -> str:
    """The pit a move is sown from, as the game names it (Togyz Kumalak's ``87(10)``
    starts with two hole numbers: the game says which is the pit), else as its token starts."""
    return variant.origin_of(move, position) or origin(variant.format_move(move, position))


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


def run(*args: str) -> Result:
    result = CliRunner().invoke(pmn, list(args))
    no_traceback(result)
    return result


def origin(token: str) -> str:
    """The pit a move token starts with (``B+3`` -> ``B``, ``4bx4c`` -> ``4b``, ``12`` -> ``12``)."""
    match = re.match(r"\d+[A-Za-z]?|[A-Za-z]\d*", token)
    assert match is not None, token
    return match.group()


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> VariantCase:
    return request.param


@pytest.fixture
def records(case: VariantCase) -> list[Record]:
    return case.records()


@pytest.fixture
def pmn_file(records: list[Record], tmp_path: Path) -> Path:
    path = tmp_path / "games.pmn"
    out = io.StringIO()
    write_records(records, out)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


# -- the random games themselves ------------------------------------------------------


def test_random_games_are_valid_and_declare_their_outcome(case, records):
    assert len(records) == 4
    for record in records:
        report = validate_record(record)
        assert report.valid, report.problems
        variant, positions = replay(record)
        outcome = variant.outcome(positions[-1])
        assert record.result == (outcome.result if outcome is not None else "*")
    assert len(records[2].mainline.moves) <= 7  # stopped early (or over by then)
    assert records[3].tag("Position") is not None
    # the tags select this very case's variant: the class and the seat count
    assert isinstance(record_variant(records[0]), case.cls)
    seats = len(record_variant(records[0]).seats)
    assert seats == int(dict(case.tags).get("Players", seats)) and seats in case.cls.seat_counts


def test_every_legal_move_parses_back_from_its_short_and_long_tokens(case, records):
    variant, positions = replay(records[0])
    for position in positions[:: max(1, len(positions) // 8)]:
        for move in variant.legal_moves(position):
            short = variant.format_move(move, position)
            long = variant.format_move(move, position, long=True)
            assert variant.play(position, variant.parse_move(short, position)) == variant.play(
                position, move
            ), short
            assert variant.play(position, variant.parse_move(long, position)) == variant.play(
                position, move
            ), long


def test_position_strings_read_back(case, records):
    variant, positions = replay(records[0])
    for position in positions:
        text = variant.format_position(position)
        again = variant.parse_position(text)
        assert variant.format_position(again) == text
        assert variant.to_move(again) == variant.to_move(position)
        assert variant.scores(again) == variant.scores(position)


# -- formats ------------------------------------------------------------------------


def test_pmn_text_round_trip(case, records):
    text = "".join(write_record(r) for r in records)
    again = read_text(text)
    assert again == records
    assert "".join(write_record(r) for r in again) == text


def test_text_to_json_to_text(case, records):
    text = "".join(write_record(r) for r in records)
    objects = json.loads(json.dumps([record_to_json(r) for r in read_text(text)]))
    back = [record_from_json(obj) for obj in objects]
    assert back == records
    assert "".join(write_record(r) for r in back) == text


def test_json_array_and_json_lines(case, records):
    for lines in (False, True):
        out = io.StringIO()
        write_json(records, out, lines=lines)
        if lines:
            assert len(out.getvalue().splitlines()) == len(records)
        assert list(iter_json_records(out.getvalue())) == records


@pytest.mark.parametrize(
    ("case", "fmt"), FORMAT_CASES, ids=[f"{c.id}-{f}" for c, f in FORMAT_CASES]
)
def test_declared_formats_hold_the_game_or_refuse_clearly(case, fmt, tmp_path):
    """Each format the class declares either holds a record (the same moves and positions
    come back, and the record read back is valid) or refuses it with a message."""
    variant = case.variant
    for index, record in enumerate(case.records()):
        record = record.with_tag("Rules", variant.rules)
        path = tmp_path / f"game{index}.{fmt}"
        try:
            write_path([record], str(path), fmt)
        except PMNError as exc:
            assert exc.code == "cannot-write"
            assert len(str(exc)) > 20, str(exc)
            assert not path.exists()  # nothing half-written
            continue
        (back,) = read_path(str(path), fmt, game=record.tag("Game"))  # an action log names no game
        assert not back.damaged, back.errors
        assert tokens(back) == tokens(record)
        assert position_strings(back) == position_strings(record)
        assert validate_record(back).valid
        if record.result != "*":
            assert back.result == record.result


@pytest.mark.parametrize(
    ("cls", "fmt"), CLASS_FORMATS, ids=[f"{c.__name__}-{f}" for c, f in CLASS_FORMATS]
)
def test_a_declared_format_holds_some_variant_of_the_game(cls, fmt, tmp_path):
    held = []
    for case in (c for c in CASES if c.cls is cls):
        record = case.record(1).with_tag("Rules", case.variant.rules)
        try:
            write_path([record], str(tmp_path / "game"), fmt)
        except PMNError:
            continue
        held.append(case.id)
    assert held, f"{cls.__name__} declares {fmt}, but {fmt} holds none of its variants"


# -- commands -----------------------------------------------------------------------


def test_validate_command(case, records, pmn_file):
    result = run("validate", str(pmn_file))
    assert result.exit_code == 0, result.output
    assert f"{len(records)} games: {len(records)} valid, 0 invalid" in result.stdout
    body = json.loads(run("validate", str(pmn_file), "--format", "json").stdout)
    assert body["summary"] == {"games": len(records), "valid": len(records), "invalid": 0}


def test_show_text(case, records, pmn_file):
    for number, record in enumerate(records, start=1):
        variant, positions = replay(record)
        for count in sorted({0, len(positions) // 2, len(positions) - 1}):
            result = run("show", str(pmn_file), "--game", str(number), "--move", str(count))
            assert result.exit_code == 0, result.output
            assert variant.diagram(positions[count]) in result.stdout
            assert f"Position: {variant.format_position(positions[count])}" in result.stdout
            if count:
                assert result.stdout.startswith(f"After {tokens(record)[count - 1]}:")
        # without --move: the end of the main line
        assert (
            variant.diagram(positions[-1])
            in run("show", str(pmn_file), "--game", str(number)).stdout
        )


def test_show_svg_names_the_pits(case, records, pmn_file):
    variant, positions = replay(records[0])
    start_origins = {pit_of(variant, m, positions[0]) for m in variant.legal_moves(positions[0])}
    for count in sorted({0, 1, len(positions) // 2, len(positions) - 1}):
        result = run("show", str(pmn_file), "--move", str(count), "--to", "svg", "-o", "-")
        assert result.exit_code == 0, result.output
        root = ET.fromstring(result.stdout)
        assert root.tag.endswith("svg")
        named = {e.get("data-pit") for e in root.iter() if e.get("data-pit")}
        words = {w for e in root.iter() for w in re.findall(r"[A-Za-z0-9]+", e.text or "")}
        here = {pit_of(variant, m, positions[count]) for m in variant.legal_moves(positions[count])}
        missing = (start_origins | here) - named - words
        assert not missing, f"the picture does not name {sorted(missing)}"


def test_render_html_has_every_move(case, records, pmn_file, tmp_path):
    for number, record in enumerate(records, start=1):
        page_path = tmp_path / f"game{number}.html"
        result = run("render", str(pmn_file), "--game", str(number), "-o", str(page_path))
        assert result.exit_code == 0, result.output
        page = page_path.read_text(encoding="utf-8")
        assert page.startswith("<!DOCTYPE html>")
        listed = re.findall(r'class="mv" data-step="\d+"[^>]*>(.*?)</button>', page)
        # (a long move has places to wrap: <wbr> after each - and +)
        assert [t.replace("<wbr>", "") for t in listed] == [escape(t) for t in tokens(record)]
        assert page.count('<div class="step"') == len(tokens(record)) + 1
        assert page.count("<svg") == len(tokens(record)) + 1


def test_moves_lists_the_legal_moves(case, records, pmn_file):
    variant, positions = replay(records[0])
    for count in sorted({0, 1, len(positions) // 2, len(positions) - 1}):
        position = positions[count]
        result = run("moves", str(pmn_file), "--move", str(count), "--format", "json")
        assert result.exit_code == 0, result.output
        body = json.loads(result.stdout)
        assert body["position"] == variant.format_position(position)
        listed = [row["move"] for row in body["moves"]]
        expected = [variant.format_move(m, position) for m in variant.legal_moves(position)]
        assert sorted(listed) == sorted(expected)
        for row in body["moves"]:
            short = variant.parse_move(row["move"], position)
            assert variant.play(
                position, variant.parse_move(row["long"], position)
            ) == variant.play(position, short)
        text = run("moves", str(pmn_file), "--move", str(count)).stdout
        if expected:
            noun = "legal move" if len(expected) == 1 else "legal moves"
            assert f"{len(expected)} {noun}" in text
        else:
            assert "The game is over" in text
        by_position = run(
            "moves",
            "--position",
            variant.format_position(position),
            "--variant",
            case.name,
            "--rules",
            variant.rules,
            *(["--players", str(len(variant.seats))] if len(case.cls.seat_counts) > 1 else []),
            "--format",
            "json",
        )
        assert by_position.exit_code == 0, by_position.output
        assert sorted(r["move"] for r in json.loads(by_position.stdout)["moves"]) == sorted(
            expected
        )


def test_fmt_keeps_canonical_records_and_is_idempotent(case, records, pmn_file, tmp_path):
    once = run("fmt", str(pmn_file))
    assert once.exit_code == 0, once.output
    formatted = read_text(once.stdout)
    for before, after in zip(records, formatted, strict=True):
        assert position_strings(after) == position_strings(before)
        if before.tag("Position") is None:
            assert after == before  # the generator writes canonical records
    canonical = tmp_path / "canonical.pmn"
    canonical.write_text(once.stdout, encoding="utf-8")
    check = run("fmt", "--check", str(canonical))
    assert check.exit_code == 0, check.output  # a canonical record stays canonical
    assert run("fmt", str(canonical)).stdout == once.stdout
    long = run("fmt", "--long", str(pmn_file))
    assert long.exit_code == 0, long.output
    long_path = tmp_path / "long.pmn"
    long_path.write_text(long.stdout, encoding="utf-8")
    for before, after in zip(records, read_text(long.stdout), strict=True):
        assert position_strings(after) == position_strings(before)
    assert run("fmt", "--long", str(long_path)).stdout == long.stdout


def test_stats_counts_the_games(case, records, pmn_file):
    result = run("stats", str(pmn_file), "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    lengths = [len(r.mainline.moves) for r in records]
    assert body["summary"]["games"] == len(records) and body["summary"]["unreadable"] == 0
    assert body["summary"]["moves_min"] == min(lengths)
    assert body["summary"]["moves_max"] == max(lengths)
    assert body["game"] == {case.name: len(records)}
    assert body["result"] == dict(Counter(r.result for r in records))
    assert run("stats", str(pmn_file)).stdout.startswith(f"{len(records)} games, 0 unreadable")


def test_convert_long_and_short_replay_to_the_same_positions(case, records, pmn_file, tmp_path):
    long_path = tmp_path / "long.pmn"
    result = run("convert", str(pmn_file), "--long", "-o", str(long_path))
    assert result.exit_code == 0, result.output
    long_records = read_text(long_path.read_text(encoding="utf-8"))
    for before, after in zip(records, long_records, strict=True):
        assert position_strings(after) == position_strings(before)
        assert validate_record(after).valid
    short = run("convert", str(long_path), "--short")
    assert short.exit_code == 0, short.output
    assert read_text(short.stdout) == records  # the generator's tokens are the short ones


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_convert_to_json_and_back(case, records, pmn_file, tmp_path, fmt):
    path = tmp_path / f"games.{fmt}"
    assert run("convert", str(pmn_file), "-o", str(path)).exit_code == 0
    back = run("convert", str(path), "--to", "pmn")
    assert back.exit_code == 0, back.output
    assert back.stdout == pmn_file.read_text(encoding="utf-8")
    assert run("validate", str(path)).exit_code == 0


# -- hole numberings (Pits) -------------------------------------------------------------


def without_pits_tag(record: Record) -> Record:
    return Record(tuple(t for t in record.tags if t[0] != PITS_TAG), record.mainline, record.result)


@pytest.mark.parametrize(("case", "numbering"), NUMBERED, ids=[f"{c.id}-{n}" for c, n in NUMBERED])
def test_numbered_records_convert_validate_and_come_back(case, numbering, tmp_path):
    records = case.records()
    source = tmp_path / "source.pmn"
    out = io.StringIO()
    write_records(records, out)
    source.write_text(out.getvalue(), encoding="utf-8")
    path = tmp_path / f"{numbering}.pmn"
    result = run("convert", str(source), "--to-pits", numbering, "-o", str(path))
    assert result.exit_code == 0, result.output
    written = read_text(path.read_text(encoding="utf-8"))
    for record, original in zip(written, records, strict=True):
        assert record.tag(PITS_TAG) == (None if numbering == DEFAULT else numbering)
        assert len(tokens(record)) == len(tokens(original))
    if numbering != DEFAULT:
        assert tokens(written[0]) != tokens(records[0])  # the moves really are renamed
    validated = run("validate", str(path))
    assert validated.exit_code == 0, validated.output
    assert f"{len(records)} games: {len(records)} valid" in validated.stdout
    back = run("convert", str(path), "--to-pits", DEFAULT)
    assert back.exit_code == 0, back.output
    assert read_text(back.stdout) == records
    # the same moves without the tag: the reader is told the numbering
    untagged = tmp_path / "untagged.pmn"
    out = io.StringIO()
    write_records([without_pits_tag(r) for r in written], out)
    untagged.write_text(out.getvalue(), encoding="utf-8")
    from_pits = run("convert", str(untagged), "--from-pits", numbering)
    assert from_pits.exit_code == 0, from_pits.output
    assert read_text(from_pits.stdout) == records
    told = run("validate", str(untagged), "--from-pits", numbering)
    assert told.exit_code == 0, told.output


@pytest.mark.parametrize(
    ("case", "fmt"), FORMAT_CASES, ids=[f"{c.id}-{f}" for c, f in FORMAT_CASES]
)
def test_convert_to_declared_formats_and_back(case, fmt, tmp_path):
    """``pmn convert --to`` a declared format: the game comes back, or a refusal on stderr."""
    for index, record in enumerate(case.records()):
        record = record.with_tag("Rules", case.variant.rules)
        source = tmp_path / f"game{index}.pmn"
        source.write_text(write_record(record), encoding="utf-8")
        converted = tmp_path / f"game{index}.out"
        result = run("convert", str(source), "--to", fmt, "-o", str(converted))
        if result.exit_code != 0:
            assert result.exit_code == 1
            assert f"cannot write as {fmt}" in result.stderr
            assert not converted.exists()
            continue
        game = ("--variant", record.tag("Game") or "") if fmt == "openspiel-actions" else ()
        back = run("convert", str(converted), "--from", fmt, *game, "--to", "pmn")
        assert back.exit_code == 0, back.output
        (again,) = read_text(back.stdout)
        assert position_strings(again) == position_strings(record)
