"""The canonical writer's tokens of moves played (``Variant.format_played``), which
``pmn fmt`` and ``pmn fmt --check`` use instead of playing a move again.

Wari reads a move's ``+n`` from the captures after the move; these tests fail if
that ever differs from ``format_move`` (the token from the position before), so
``fmt --check`` can never call a game canonical that ``format_move`` would rewrite.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import find_variant
from notation.archive.formatting import check_file
from notation.core.generate import random_record
from notation.core.replay import iter_mainline

#: Every board and ruleset, by the tags that select it (as tests/core/test_properties.py).
GAMES: list[list[tuple[str, str]]] = [
    [("Game", "Trysse")],
    [("Game", "Trysse"), ("Rules", "trysse skip-origin")],
    [("Game", "Wari")],
    [("Game", "Wari"), ("Rules", "wari skip-origin")],
    [("Game", "Wari"), ("Rules", "abapa")],
    [("Game", "Tricala")],
    [("Game", "Tricala"), ("Players", "3")],
    [("Game", "Trias")],
    [("Game", "Kalah")],
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), st.integers(0, 150))
def test_format_played_is_format_move_for_every_legal_move(tags, seed, moves):
    table = dict(tags)
    variant = find_variant(table["Game"], table.get("Rules"), table)
    record = random_record(variant, random.Random(seed), tags=tags, max_moves=moves)
    for _node, before, _move in iter_mainline(record, variant):
        for move in variant.legal_moves(before):  # every move, not only the one played
            after = variant.play(before, move)
            for long in (False, True):
                assert variant.format_played(move, before, after, long=long) == (
                    variant.format_move(move, before, long=long)
                )


#: South's F sows a and b to 2 each: a capture of 4, of every stone on North's side.
GRAND_SLAM = "10-10-10-10-0-2-1-1-0-0-0-0-2-2-S"


@pytest.mark.parametrize(("rules", "token"), [("wari", "F+4"), ("abapa", "F")])
def test_a_capture_of_every_stone_is_written_as_the_rules_count_it(rules, token):
    variant = find_variant("Wari", rules, {"Game": "Wari", "Rules": rules})
    before = variant.parse_position(GRAND_SLAM)
    move = variant.parse_move(token, before)
    after = variant.play(before, move)
    assert variant.format_move(move, before) == token  # abapa A4: it captures nothing
    assert variant.format_played(move, before, after) == token


def _game(rules: str, movetext: str, position: str | None = GRAND_SLAM) -> str:
    tag = "" if position is None else f'[Position "{position}"]\n'
    return f'[Game "Wari"]\n[Rules "{rules}"]\n{tag}\n{movetext} *\n'


@pytest.mark.parametrize(
    ("rules", "movetext", "position", "changed"),
    [
        ("wari", "1. F+4", GRAND_SLAM, False),
        ("wari", "1. F", GRAND_SLAM, True),  # the capture's +4 left out
        ("abapa", "1. F", GRAND_SLAM, False),  # abapa A4: no capture to write
        ("wari", "1. C b", None, False),
        ("wari", "1. C 1... b", None, True),  # North's move numbered: not canonical
        ("wari", "1... a 2. A", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N", False),
        ("wari", "1... a A", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N", True),  # South's number left out
    ],
)
def test_fmt_check_sees_tokens_and_numbers_that_are_not_canonical(
    tmp_path: Path, rules, movetext, position, changed
):
    from notation.archive.formatting import format_text

    text = _game(rules, movetext, position)
    path = tmp_path / "g.pmn"
    path.write_text(text, encoding="utf-8")
    checked = check_file(str(path))
    assert checked is not None
    assert not checked.issues
    assert checked.changed is changed
    assert (format_text(text, str(path), 79, False)[0] != text) is changed  # the whole-text path
