"""Contract tests that once failed: each guards a bug the contract found, now fixed.

Parametrised from the registry like ``test_contract.py``. The bugs they caught:

1. ``pmn show``, ``moves``, ``render`` and ``fmt`` did not honour a ``Pits``
   tag (a numbered record that ``pmn validate`` accepted was refused):
   every command now reads a record through ``notation.core.replay.open_game``.
2. The OGN and OpenSpiel writers judged a record by its ``Rules`` text, not by
   the variant its tags select: ``[Game "Oware"]`` (abapa) was refused as
   actions, and written to OGN as ``[Variant "Oware"]``, which read back with
   no game at all.
3. ``notation.core.generate.random_record`` wrote only ``[Game ...]``, which could
   select another variant than the one played (Oware as Wari; three-player
   Tricala without ``Players``).
4. ``random_record(..., position=p)`` numbered moves from ``p``'s turn count,
   which a ``Position`` tag does not hold, and wrote its tags out of canonical
   order.
"""

from __future__ import annotations

import io
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_contract import position_strings, run, tokens

from notation import read_text, validate_record
from notation.core.generate import random_record
from notation.core.pits import DEFAULT, PITS_TAG, translate_record
from notation.core.record import Record
from notation.core.replay import record_variant
from notation.errors import PMNError
from notation.formats.canonical import canonical_record
from notation.formats.collection import read_path, write_path
from notation.formats.pmn import write_records
from tests.registered import CASES, VariantCase

NUMBERED = [(case, numbering) for case in CASES for numbering in case.cls.numberings]
NUMBERED_IDS = [f"{case.id}-{numbering}" for case, numbering in NUMBERED]
FORMAT_CASES = [(case, fmt) for case in CASES for fmt in case.cls.formats]


def text_of(records: list[Record]) -> str:
    out = io.StringIO()
    write_records(records, out)
    return out.getvalue()


@pytest.fixture(params=NUMBERED, ids=NUMBERED_IDS)
def numbered(request: pytest.FixtureRequest, tmp_path: Path):
    """Random games of a variant, and a file of them converted to a numbering by ``pmn convert --pits``."""
    case, numbering = request.param
    records = case.records()
    source = tmp_path / "source.pmn"
    source.write_text(text_of(records), encoding="utf-8")
    path = tmp_path / f"{numbering}.pmn"
    result = run("convert", str(source), "--to-pits", numbering, "-o", str(path))
    assert result.exit_code == 0, result.output
    return case, numbering, records, path


# -- bug 1: commands that do not honour a Pits tag ----------------------------------


def test_show_reads_numbered_records(numbered):
    _case, _numbering, records, path = numbered
    for number, record in enumerate(records, start=1):
        result = run("show", str(path), "--game", str(number))
        assert result.exit_code == 0, result.output
        assert f"Position: {position_strings(record)[-1]}" in result.stdout
        svg = run("show", str(path), "--game", str(number), "--to", "svg", "-o", "-")
        assert svg.exit_code == 0, svg.output
        assert ET.fromstring(svg.stdout).tag.endswith("svg")


def test_moves_reads_numbered_records(numbered):
    case, _numbering, records, path = numbered
    variant = case.variant
    positions = position_strings(records[0])
    for count in (0, 1, len(positions) - 1):
        result = run("moves", str(path), "--move", str(count), "--format", "json")
        assert result.exit_code == 0, result.output
        body = json.loads(result.stdout)
        assert body["position"] == positions[count]
        position = variant.parse_position(positions[count])
        assert len(body["moves"]) == len(list(variant.legal_moves(position)))


def test_render_reads_numbered_records(numbered, tmp_path):
    _case, _numbering, _records, path = numbered
    written = read_text(path.read_text(encoding="utf-8"))
    for number, record in enumerate(written, start=1):
        page = tmp_path / f"game{number}.html"
        result = run("render", str(path), "--game", str(number), "-o", str(page))
        assert result.exit_code == 0, result.output
        listed = re.findall(
            r'class="mv" data-step="\d+"[^>]*>(.*?)</button>', page.read_text(encoding="utf-8")
        )
        # the moves as the record writes them (a long move has places to wrap: <wbr>)
        assert [t.replace("<wbr>", "") for t in listed] == tokens(record)


def test_fmt_keeps_numbered_records_numbered(numbered, tmp_path):
    _case, numbering, records, path = numbered
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output
    formatted = read_text(result.stdout)
    for record, original in zip(formatted, records, strict=True):
        assert record.tag(PITS_TAG) == (None if numbering == DEFAULT else numbering)
        assert position_strings(translate_record(record, DEFAULT).record) == position_strings(
            original
        )
    again = tmp_path / "again.pmn"
    again.write_text(result.stdout, encoding="utf-8")
    assert run("fmt", str(again)).stdout == result.stdout


# -- bug 2: a format refuses a variant it holds, for how the tags name it -------------


@pytest.mark.parametrize(
    ("case", "fmt"), FORMAT_CASES, ids=[f"{c.id}-{f}" for c, f in FORMAT_CASES]
)
def test_a_format_holds_a_record_whatever_tags_select_the_variant(case, fmt, tmp_path):
    """A record the format holds with an explicit ``Rules`` tag is held without it too, when
    its ``Game`` tag alone selects the same variant."""
    record = case.record(1)
    explicit = record.with_tag("Rules", case.variant.rules)
    assert record_variant(record) == record_variant(explicit)
    try:
        write_path([explicit], str(tmp_path / "explicit"), fmt)
    except PMNError:
        return  # the format does not hold this variant at all
    write_path([record], str(tmp_path / "implicit"), fmt)
    (back,) = read_path(str(tmp_path / "implicit"), fmt, game=record.tag("Game"))
    assert position_strings(back) == position_strings(record)


# -- bugs 3-5: the random game generator -------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_generated_record_without_tags_names_the_variant_played(case: VariantCase):
    variant = case.variant
    record = random_record(variant, random.Random(5), max_moves=20)
    assert record_variant(record) == variant
    assert validate_record(record).valid


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_generated_record_from_a_played_position_is_valid_and_canonical(case: VariantCase):
    variant = case.variant
    rng = random.Random(6)
    position = variant.initial_position()
    for _ in range(len(variant.seats) * 4 + 1):  # an odd turn count, past the first rounds
        position = variant.play(position, rng.choice(list(variant.legal_moves(position))))
    record = random_record(variant, rng, tags=case.tags, max_moves=20, position=position)
    report = validate_record(record)
    assert report.valid, report.problems
    assert canonical_record(record)[0] == record
