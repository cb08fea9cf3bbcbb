"""The block cutter's game ends (``notation.formats.pmn._game_end``) against the cut as one
regular expression, line by line, that it replaced: the same end for every text."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.formats import pmn

#: The cut as it was: one regular expression matching a whole game, movetext a line at a time.
_SLOW_TAG_LINE = rb"[ \t]*+(?!" + pmn._TTM + rb")\[[^\n]*+(?:\n|\Z)"
_MOVETEXT = rb"(?>(?:" + pmn._MOVETEXT_LINE + rb"|" + pmn._BLANK + rb")*)"
REFERENCE = re.compile(
    rb"(?>(?:"
    + pmn._BLANK
    + rb")*)(?:(?>(?:"
    + _SLOW_TAG_LINE
    + rb")+)(?:"
    + pmn._FIRST_MOVETEXT_LINE
    + _MOVETEXT
    + rb"|(?>(?:"
    + pmn._BLANK
    + rb")+)(?:"
    + pmn._MOVETEXT_LINE
    + _MOVETEXT
    + rb")?)|"
    + pmn._FIRST_MOVETEXT_LINE
    + _MOVETEXT
    + rb")?"
)

#: Lines of every kind the cut tells apart, and some that look like others.
LINES = [
    b"",
    b"  ",
    b"\t",
    b"\r",
    b' \r[Game "Wari"]',
    b'[Game "Wari"]',
    b'[Game "Wari"]  ',
    b'  [Event "a] b"]',
    b'[Event "caf\\"e"]',
    b'[Event "x"] [Round "2"]',
    b'[Game "Tricala"] 1. 5a[WB]-6b *',
    b'[Game "Tricala"] 1. 5a[WB]',  # tag pairs then movetext that ends in "]"
    b'[Game "Wari"]1. C *',
    b'[Game "Wari"] [',
    b'[Game "Wari"]\r',
    b"[not a tag",
    b" [WB]",
    b"[",
    b"1. C b 2. A *",
    b"5a[WB]-5c 4c-4ax6d",
    b"6a-4a[BW]-2a 9. 2a-2b",
    b"  1... a",
    b"*",
    b"\x00 x",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=14), st.booleans(), st.integers(0, 40))
def test_game_end_is_the_cut_of_the_whole_game_expression(lines, final_newline, start):
    data = b"\n".join(lines) + (b"\n" if final_newline and lines else b"")
    start = min(start, len(data))
    # games start at line starts
    start = data.rfind(b"\n", 0, start) + 1 if start else 0
    offset = start
    while True:
        expected = REFERENCE.match(data, offset).end()  # type: ignore[union-attr]
        assert pmn._game_end(data, offset) == expected, (data, offset)
        if expected in (len(data), offset):
            break
        offset = expected


def test_game_end_of_the_benchmark_kind_of_game():
    game = (
        b'[Game "Tricala"]\n[Round "1"]\n\n1. 5d+6b+6d 2b+3b+5e 2. 5a[WB]-5c\n6a-4a[BW]-2a 0-1\n\n'
    )
    data = game * 3
    assert pmn._game_end(data, 0) == len(game)
    assert pmn._game_end(data, len(game)) == 2 * len(game)
    assert pmn._game_end(data, 2 * len(game)) == len(data)
