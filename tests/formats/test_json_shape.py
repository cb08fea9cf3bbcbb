"""The quick structural check of JSON records never accepts what the schema rejects."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from notation import read_text, record_to_json
from notation.formats.jsonform import _shape, _validator

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 1000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        ["", "A", "1.", "1...", "!", "!!!", "1-0", "2-0-", "*", "a}\nb", "x\r", "Game", "G a"]
    ),
    st.text(max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(
                [
                    "tags",
                    "moves",
                    "result",
                    "comments",
                    "move",
                    "number",
                    "glyph",
                    "nags",
                    "before",
                    "variations",
                    "raw",
                    "errors",
                    "x",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@st.composite
def near_records(draw):
    """Records with one part replaced by something arbitrary."""
    record = {
        "tags": [["Game", "Wari"], ["Event", "x"]],
        "moves": [
            {"move": "C", "number": "1.", "glyph": "!", "nags": [1], "comments": ["c"]},
            {
                "move": "b",
                "variations": [{"moves": [{"move": "a", "before": ["v"]}], "comments": []}],
            },
        ],
        "comments": ["end"],
        "result": "*",
    }
    target = draw(
        st.sampled_from(["tags", "moves", "result", "comments", "move", "variation", "tag"])
    )
    value = draw(values)
    if target == "move":
        record["moves"][0][draw(st.sampled_from([*record["moves"][0], "y"]))] = value
    elif target == "variation":
        record["moves"][1]["variations"][0][draw(st.sampled_from(["moves", "comments", "z"]))] = (
            value
        )
    elif target == "tag":
        record["tags"][0][draw(st.integers(0, 1))] = value
    else:
        record[target] = value
    return record


@settings(max_examples=1500, deadline=None)
@given(st.one_of(near_records(), values))
def test_what_the_quick_check_accepts_the_schema_accepts(value):
    if _shape().record(value):
        assert _validator().is_valid(value)


def test_the_quick_check_accepts_every_example():
    for path in sorted(EXAMPLES.glob("*.pmn")):
        for record in read_text(path.read_text()):
            value = json.loads(json.dumps(record_to_json(record)))
            assert _shape().record(value), path
