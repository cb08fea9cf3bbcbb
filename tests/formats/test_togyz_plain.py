"""Togyz Kumalak games written plainly take the validator's fast path, with the same reports.

PlayOK's tokens carry a count in parentheses (``87(10)``, ruling Q10). A game of
them, numbers, moves and a result only, is plain (:func:`plain_record` reads it),
and its report is exactly the full reader's; parentheses anywhere else (a
variation, a stray bracket) still send a game to the full reader.
"""

from __future__ import annotations

import random

import pytest

from notation import find_variant, write_record
from notation.core.generate import random_record
from notation.core.replay import validate_record
from notation.formats.pmn import iter_chunks, read_chunk
from notation.formats.validate import validate_chunk
from tests.quick import quick_record as plain_record

HEAD = '[Game "Togyz Kumalak"]\n\n'


def chunk_of(text: str):
    (chunk,) = iter_chunks(text.splitlines(keepends=True), "gen")
    return chunk


def test_generated_games_take_the_fast_path_with_the_same_report():
    variant = find_variant("Togyz Kumalak")
    rng = random.Random(27)
    for _ in range(20):
        text = write_record(random_record(variant, rng, tags=[("Game", "Togyz Kumalak")]))
        assert "(" in text
        chunk = chunk_of(text)
        assert plain_record(chunk) == read_chunk(chunk)
        fast, full = validate_chunk(chunk), validate_record(read_chunk(chunk))
        assert fast == full and fast.valid


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 87(10) (1. 8) 87(10) *",  # a variation
        "1. 87 (10) *",  # a count with a space before it: a variation
        "1. 87(10)) *",  # a stray bracket
        "1. 87(1 0) *",
        "1. (87) *",
    ],
)
def test_other_parentheses_are_not_plain(movetext):
    chunk = chunk_of(HEAD + movetext + "\n")
    assert plain_record(chunk) is None
    assert validate_chunk(chunk) == validate_record(read_chunk(chunk))


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 87(12) 87(10) *",  # a wrong claim: reported at its place
        "1. 87(10) 87(10) 2. 22 99(22) 1-0",  # a result with no reason
    ],
)
def test_problems_get_the_full_readers_places(movetext):
    chunk = chunk_of(HEAD + movetext + "\n")
    fast, full = validate_chunk(chunk), validate_record(read_chunk(chunk))
    assert fast == full and not fast.valid
    assert all(problem.line for problem in fast.problems)
