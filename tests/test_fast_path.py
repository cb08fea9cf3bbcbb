"""The validator's fast path gives exactly the report the full path gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation import find_variant, write_record
from notation.generate import random_record
from notation.pmn import Chunk, iter_chunks, read_chunk
from notation.replay import plain_record, validate_chunk, validate_record

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def both(chunk: Chunk, index: int = 1):
    return validate_chunk(chunk, index), validate_record(read_chunk(chunk), index)


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.pmn")), ids=lambda p: p.name)
def test_same_reports_on_every_example(path):
    for index, chunk in enumerate(iter_chunks(path.open("rb"), str(path)), start=1):
        fast, full = both(chunk, index)
        assert fast == full


@pytest.mark.parametrize(
    ("game", "rules"), [("Wari", None), ("Trysse", "skip-origin"), ("Tricala", None), ("Trias", None)]
)
def test_same_reports_on_generated_games(game, rules):
    variant = find_variant(game, rules)
    rng = random.Random(7)
    tags = [("Game", game)] + ([("Rules", rules)] if rules else [])
    for _ in range(20):
        text = write_record(random_record(variant, rng, tags=tags, max_moves=120))
        (chunk,) = iter_chunks(text.splitlines(keepends=True), "gen")
        assert plain_record(chunk) is not None  # these take the fast path
        fast, full = both(chunk)
        assert fast == full and fast.valid


@pytest.mark.parametrize(
    "movetext",
    [
        "1. C b 2. C *",  # illegal move
        "1. C 1. b *",  # wrong move number
        "1. C b 1-0",  # result without termination
        "1. C b 1-0 2. A *",  # a result in the middle
        "1.C b *",  # number glued to the move
        "1. C b 2. *",  # dangling number
        "1. C b 1-0-0",  # a three-player result
    ],
)
def test_problems_take_the_full_path_with_exact_places(movetext):
    text = f'[Game "Wari"]\n[South "A"]\n\n{movetext}\n'
    (chunk,) = iter_chunks(text.splitlines(keepends=True), "t")
    fast, full = both(chunk)
    assert fast == full
