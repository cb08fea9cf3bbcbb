"""A plainly written game's first moves read from the beginning of its movetext only
(issue 29: ``openings --depth N`` reads N plies a game). Whenever it answers, the answer
is the first moves of the full reader's record, tokens and numbers; on anything else it
declines (the record is read then)."""

from __future__ import annotations

import io
import random

import pytest

from notation.formats.pmn import Chunk, TaggedChunk, iter_tagged, read_chunk
from tests.formats.test_plain_outline import CHUNKS, edited
from tests.quick import quick_first_moves as plain_first_moves


def tagged(text: str) -> TaggedChunk:
    (game,) = iter_tagged(io.BytesIO(text.encode("utf-8")), "first.pmn")
    return game


def agrees(text: str, plies: int) -> bool:
    """Whether the first moves are None or the full record's first ``plies`` moves."""
    first = plain_first_moves(tagged(text), plies)
    if first is None:
        return False
    moves = read_chunk(Chunk(text, 1, "first.pmn")).mainline.moves
    assert len(moves) >= plies, text
    expected = [(node.token, node.number) for node in moves[:plies]]
    assert [(node.token, node.number) for node in first] == expected, text
    return True


@pytest.mark.parametrize("plies", [1, 2, 4, 7])
def test_the_first_moves_of_every_game_of_the_data_are_its_records(plies):
    answered = sum(agrees(chunk.text, plies) for chunk in CHUNKS if chunk.text.isascii())
    assert answered > len(CHUNKS) // 2, answered


@pytest.mark.parametrize(
    ("text", "plies", "expected"),
    [
        ('[Game "Wari"]\n\n1. C b 2. F a 3. A *\n', 3, [("C", "1."), ("b", None), ("F", "2.")]),
        ('[Game "Wari"]\n[Round "2"]\n\n1. C  b\n2. F a 1-0\n', 2, [("C", "1."), ("b", None)]),
        ('[Game "Wari"]\n\n1. C 1... b 2. F *\n', 2, [("C", "1."), ("b", "1...")]),
        # damaged after the second move: the record keeps the moves before the fault
        ('[Game "Wari"]\n\n1. C b 2. F ) a @@ *\n', 2, [("C", "1."), ("b", None)]),
        (
            '[Game "Togyz Kumalak"]\n\n1. 87(10) 68X 2. 9 1/2-1/2\n',
            2,
            [("87(10)", "1."), ("68X", None)],
        ),
        ('[Game "Wari"]\n\n1. C b *\n', 2, None),  # no longer than the depth: read whole
        ('[Game "Wari"]\n\n1. C {a comment} b 2. F *\n', 2, None),
        ('[Game "Wari"]\n\n1. C (1. D) b 2. F *\n', 2, None),
        ('[Game "Wari"]\n\n1. C! b 2. F *\n', 2, None),
        ('[Game "Wari"]\n\n1.C b 2. F a *\n', 2, None),  # a number joined to its move
        ('[Game "Wari"]\n\n1. 2. C b 3. F a *\n', 2, None),  # two numbers in a row
        ('[Game "Wari"]\n\n1. C\xa0b 2. F a *\n', 2, None),  # not a space in PMN
        ('[Game "Wari"]\r\n\r\n1. C b 2. F a *\r\n', 2, None),  # (read whole)
        ('[Game "Wari"] C\n\n1. C b 2. F a *\n', 2, None),  # movetext on a tag's line
        ('[Game "Wari"]\n[Event "a \\"b\\""]\n\n1. C b 2. F *\n', 2, None),  # an escape
        ("1. C b 2. F a *\n", 2, None),  # no tags
    ],
)
def test_first_moves_by_hand(text, plies, expected):
    first = plain_first_moves(tagged(text), plies)
    assert (None if first is None else [(n.token, n.number) for n in first]) == expected
    agrees(text, plies)


def test_changed_texts_give_their_records_first_moves_or_decline():
    """Random edits of real games: the first moves never disagree with the full reader."""
    rng = random.Random(2929)
    answered = 0
    plain = [chunk.text for chunk in CHUNKS if chunk.text.isascii()]
    for _ in range(3000):
        text = edited(rng.choice(plain), rng)
        if len(list(iter_tagged(io.BytesIO(text.encode("utf-8"))))) != 1:
            continue  # the edit made two games (or none) of it
        answered += agrees(text, rng.choice((1, 2, 4)))
    assert answered > 1000
