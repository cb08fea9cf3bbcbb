"""The documentation's examples are real: every PMN record and JSON record in docs/ is checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from notation import read_text, record_from_json, record_to_json, validate_record

ROOT = Path(__file__).resolve().parents[2]
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
BLOCK_RE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def blocks(kind: str) -> list[tuple[str, str]]:
    found = []
    for path in DOCS:
        for lang, body in BLOCK_RE.findall(path.read_text(encoding="utf-8")):
            if kind == "pmn" and body.startswith("[Game"):
                found.append((path.name, body))
            if kind == "json" and lang == "json" and '"tags"' in body:
                found.append((path.name, body))
    return found


@pytest.mark.parametrize(("doc", "text"), blocks("pmn"))
def test_pmn_examples_in_docs_are_valid_records(doc, text):
    records = read_text(text, doc)
    assert records
    for record in records:
        report = validate_record(record)
        assert report.valid, [p.message for p in report.problems]


def test_json_example_is_the_json_of_the_first_record():
    (name, body), *_ = blocks("json")
    record = record_from_json(json.loads(body))
    (_, text), *_ = [b for b in blocks("pmn") if b[0] == name]
    assert record_to_json(read_text(text)[0]) == json.loads(body)
    assert record == read_text(text)[0]


def test_every_error_code_is_documented():
    code_res = [
        r'code ?= ?"([a-z][a-z-]+)"',  # a keyword argument, or an error class's code
        r'ReadError\(\s*"([a-z][a-z-]+)"',
        r'Problem\(\s*"([a-z][a-z-]+)"',
        r'^\s*"([a-z]+-[a-z-]+)",\s*$',  # codes passed on a line of their own
    ]
    codes: set[str] = set()
    for path in (ROOT / "notation").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in code_res:
            codes |= set(re.findall(pattern, text, re.M))
    docs = " ".join(p.read_text(encoding="utf-8") for p in DOCS)
    assert len(codes) > 25
    assert sorted(c for c in codes if f"`{c}`" not in docs) == []
