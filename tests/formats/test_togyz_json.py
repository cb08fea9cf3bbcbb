"""Togyz Kumalak records through JSON and back: PlayOK's tokens (``87(10)``, ``68X``) kept.

The examples (two made-up games played by the rules engine, and a score-sheet game) go
PMN -> JSON -> PMN and JSON Lines -> PMN unchanged; their JSON is valid under the
record schema; a JSON record whose token breaks a claim (Q10) is reported as PMN's is.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest

from notation import read_text, record_from_json, record_to_json, validate_record, write_record
from notation.formats.jsonform import iter_json_records, load_schema, write_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOGYZ = sorted(EXAMPLES.glob("togyz-*.pmn"))


def test_there_are_togyz_examples():
    assert len(TOGYZ) >= 3


@pytest.mark.parametrize("path", TOGYZ, ids=lambda p: p.name)
def test_pmn_to_json_to_pmn(path):
    text = path.read_text(encoding="utf-8")
    (record,) = read_text(text)
    obj = json.loads(json.dumps(record_to_json(record)))
    jsonschema.Draft202012Validator(load_schema("record.schema.json")).validate(obj)
    tokens = [move["move"] for move in obj["moves"]]
    assert any("(" in token for token in tokens)  # PlayOK's capture totals, as written
    assert any(token.endswith("X") for token in tokens)  # and a tuzdyk mark
    back = record_from_json(obj)
    assert back == record
    assert write_record(back) == text
    assert validate_record(back).valid


def test_json_lines_keep_every_game():
    records = [read_text(path.read_text(encoding="utf-8"))[0] for path in TOGYZ]
    out = io.StringIO()
    write_json(records, out, lines=True)
    assert len(out.getvalue().splitlines()) == len(records)
    assert list(iter_json_records(out.getvalue())) == records


def test_a_wrong_claim_in_json_is_reported_at_its_move():
    (record,) = read_text('[Game "Togyz Kumalak"]\n\n1. 87(10) 87(10) 2. 22 99(22) *\n')
    obj = record_to_json(record)
    obj["moves"][3]["move"] = "99(20)"
    report = validate_record(record_from_json(obj))
    (problem,) = report.problems
    assert problem.code == "wrong-capture-count"
    assert problem.path == "moves[3]"
    assert "the move is 99(22)" in problem.message
