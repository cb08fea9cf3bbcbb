"""What the fuzz targets check on every input: nothing crashes, and what is read
round-trips. Shared by the atheris targets and by the hypothesis fallback."""

from __future__ import annotations

import io
import json

from notation.core.record import Record
from notation.core.replay import validate_record
from notation.formats.canonical import canonical_record
from notation.formats.jsonform import (
    _validator,
    iter_json_records,
    record_from_json,
    record_to_json,
)
from notation.formats.pmn import (
    _iter_chunks_by_line,
    _iter_chunks_in_blocks,
    iter_records,
    read_chunk,
    read_text,
    write_record,
)
from notation.formats.validate import validate_chunk


def check_record(record: Record, *, from_json: bool = False) -> None:
    """A record read from anything: damaged with located errors, or round-tripping."""
    if record.damaged:
        assert record.raw is not None
        for error in record.errors:
            # errors found here are located; a damaged record carried in JSON keeps its own
            if error.code in ("bad-json", "bad-record") or not from_json:
                assert error.code and error.message
                assert error.line >= 1 or error.path, error
        text = write_record(record)
        assert text.startswith(record.raw.rstrip("\n"))
        obj = record_to_json(record)
        assert not list(_validator().iter_errors(obj)), obj
        return
    text = write_record(record)
    (again,) = read_text(text)
    assert not again.damaged, (text, again.errors)
    assert again == record, text
    assert write_record(again) == text
    obj = record_to_json(record)
    assert not list(_validator().iter_errors(obj)), obj
    assert record_from_json(json.loads(json.dumps(obj))) == record
    report = validate_record(record)
    for problem in report.problems:
        assert problem.code and problem.message
    canonical, _ = canonical_record(record)
    (formatted,) = read_text(write_record(canonical))
    assert formatted == canonical


def check_pmn_bytes(data: bytes) -> None:
    """Cut and read bytes as PMN: both cutters agree, every game is checked."""
    by_block = list(_iter_chunks_in_blocks(io.BytesIO(data), "fuzz", block_size=64))
    by_line = list(_iter_chunks_by_line(io.BytesIO(data).readlines(), "fuzz"))
    assert by_block == by_line, (by_block, by_line)
    for chunk in by_block:
        record = read_chunk(chunk)
        assert validate_chunk(chunk) == validate_record(record)
        check_record(record)
    assert len(list(iter_records(io.BytesIO(data), "fuzz"))) == len(by_block)


def check_json_bytes(data: bytes) -> None:
    """Read bytes as JSON records (array, object or JSON Lines): every value is checked."""
    text = data.decode("utf-8", errors="replace")
    for record in iter_json_records(text, "fuzz"):
        check_record(record, from_json=True)


def check_ogn_bytes(data: bytes) -> None:
    """Read bytes as Aualé's OGN: every game comes back as a record that is checked."""
    from notation.formats.ogn import iter_ogn_records

    for record in iter_ogn_records(io.BytesIO(data).readlines(), "fuzz"):
        check_record(record)


def check_actions_bytes(data: bytes) -> None:
    """Read bytes as OpenSpiel action sequences: every game line is a checked record."""
    from notation.formats.openspiel import iter_action_records

    for record in iter_action_records(io.BytesIO(data).readlines(), "fuzz"):
        check_record(record)


def check_jsonl_bytes(data: bytes) -> None:
    """Read bytes as JSON Lines, one value a line, as the ``.jsonl`` reader does."""
    text = data.decode("utf-8-sig", errors="replace")
    count = 0
    for record in iter_json_records(text, "fuzz"):
        count += 1
        check_record(record, from_json=True)
    assert count <= max(1, len(text.splitlines())), count


def check_position_bytes(data: bytes) -> None:
    """The first byte picks a game in the registry, the rest is its position string:
    read it (only PositionError may be raised) and, if read, write it back and read again."""
    from notation.games import PositionError, find_variant, game_names

    if not data:
        return
    names = game_names(plugins=False)
    variant = find_variant(names[data[0] % len(names)])
    text = data[1:].decode("utf-8", errors="replace")
    try:
        position = variant.parse_position(text)
    except PositionError as exc:
        assert str(exc)
        return
    written = variant.format_position(position)
    assert variant.parse_position(written) == position, (text, written)
    variant.diagram(position)
    variant.scores(position)
    variant.outcome(position)
