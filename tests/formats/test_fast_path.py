"""The validator's fast path gives exactly the report the full path gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import find_variant, read_text, write_record
from notation.core.generate import random_record
from notation.core.replay import validate_record
from notation.formats.pmn import Chunk, iter_chunks, read_chunk
from notation.formats.validate import validate_chunk
from tests.quick import quick_record as plain_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def both(chunk: Chunk, index: int = 1):
    return validate_chunk(chunk, index), validate_record(read_chunk(chunk), index)


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.pmn")), ids=lambda p: p.name)
def test_same_reports_on_every_example(path):
    for index, chunk in enumerate(iter_chunks(path.open("rb"), str(path)), start=1):
        fast, full = both(chunk, index)
        assert fast == full


@pytest.mark.parametrize(
    ("game", "rules"),
    [("Wari", None), ("Trysse", "skip-origin"), ("Tricala", None), ("Trias", None)],
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


PIECES = ["1.", "12.", "3...", "1..", "C", "d", "E+2", "f+0", "1-0", "*", ".", "C.", "\x00"]


@settings(max_examples=600, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(PIECES), st.sampled_from([" ", "  ", "\n", "\t", ". ", ""])),
        max_size=12,
    ),
    st.sampled_from(["*", "1-0", "1/2-1/2", "0-1"]),
)
def test_the_cheap_reader_reads_as_the_full_reader_or_declines(pieces, result):
    # whatever the spacing of numbers, moves and results, a record the cheap reader
    # returns is the full reader's (places aside); otherwise it returns None
    movetext = "".join(text + space for text, space in pieces) + " " + result
    text = f'[Game "Wari"]\n[South "A"]\n\n{movetext}\n'
    (chunk,) = iter_chunks(text.splitlines(keepends=True), "t")
    cheap = plain_record(chunk)
    if cheap is not None:
        full = read_chunk(chunk)
        assert not full.damaged and cheap == full
        assert [n.number for n in cheap.mainline.moves] == [n.number for n in full.mainline.moves]


def test_the_cheap_reader_takes_numbers_however_they_are_spaced():
    for movetext in ("1. C b 2. C d *", "1.  C b\n2.\tC d *", "1. C\n1... b 2. C d *"):
        text = f'[Game "Wari"]\n\n{movetext}\n'
        (chunk,) = iter_chunks(text.splitlines(keepends=True), "t")
        full = read_chunk(chunk)
        cheap = plain_record(chunk)
        assert cheap is None or cheap == full
    (chunk,) = iter_chunks(['[Game "Wari"]\n', "\n", "1. C b 2. C d *\n"], "t")
    assert plain_record(chunk) == read_chunk(chunk)


def test_a_game_replayed_to_a_move_by_the_library():
    """replay_to_move (moved from the command line into the library, issue 26) gives the
    position after N main-line moves, and says why it cannot as an error with a code."""
    from notation.core.replay import NoSuchMoveError, ReplayStoppedError, replay_to_move

    record = read_text('[Game "Wari"]\n\n1. C b 2. D *\n')[0]
    point = replay_to_move(record, 2)
    assert (point.last_token, len(point.steps)) == ("b", 2)
    assert replay_to_move(record).last_token == "D"
    with pytest.raises(NoSuchMoveError, match="has 3 moves, not 4"):
        replay_to_move(record, 4)
    bad = read_text('[Game "Wari"]\n\n1. C C *\n')[0]
    with pytest.raises(ReplayStoppedError) as stopped:
        replay_to_move(bad)
    assert stopped.value.code == "illegal-move" and stopped.value.problem.line == 3
