"""``Variant.move_word``: a move's name read without a position, which ``pmn dedupe`` compares
before replaying (issue 29). A game may give one only if two different moves from one
position never lead to the same position; for Wari, Trysse and Oware that follows from
rulings W2 and W3 (the hole played is left empty, or on 12 or more stones without
skip-origin with a stone a lap; captures take from the opponent's side only), held here
on every position of generated games."""

from __future__ import annotations

import random

import pytest

from notation.core.generate import random_record
from notation.core.replay import mainline_positions, open_game
from notation.games import find_variant
from notation.games.base import Variant

RULES = [("Wari", None), ("Wari", "wari skip-origin"), ("Trysse", None), ("Oware", None)]


@pytest.mark.parametrize(("game", "rules"), RULES)
def test_each_spelling_of_a_hole_is_one_word(game, rules):
    variant = find_variant(game, rules)
    assert variant.move_word("C") == variant.move_word("C+2") == variant.move_word("C+3") == "C"
    assert variant.move_word("c") == variant.move_word("c+2") == "c"
    assert len({variant.move_word(hole) for hole in "ABCDEFabcdef"}) == 12
    assert variant.move_word("Q") is None
    assert variant.move_word("3") is None  # a numbered hole is read through the Pits tag


def test_twelve_stones_and_more_still_leave_two_holes_apart():
    # W2: A's 13 stones sow B-F, a-f and come round into A (not skipped) and B
    variant = find_variant("Wari")
    position = variant.parse_position("13-2-0-0-0-0-4-4-4-4-4-4-9-0-S")
    after_a = variant.play(position, 0)
    after_b = variant.play(position, 1)
    assert after_a.pits[0] == 1 and after_b.pits[0] == 13
    assert after_a != after_b


@pytest.mark.parametrize(("game", "rules"), RULES)
def test_two_moves_from_one_position_never_lead_to_one_position(game, rules):
    variant = find_variant(game, rules)
    rng = random.Random(f"move-word-{game}-{rules}")
    tags = (("Game", game),) + ((("Rules", rules),) if rules else ())
    checked = 0
    for _ in range(40):
        record = random_record(variant, rng, tags=tags, max_moves=150)
        opened = open_game(record)
        for position in mainline_positions(variant, opened.record.mainline, opened.start):
            after = [  # compared as dedupe compares positions: by their keys
                variant.position_key(variant.play(position, move))
                for move in variant.legal_moves(position)
            ]
            assert len(set(after)) == len(after), variant.format_position(position)
            checked += len(after) > 1
    assert checked > 1000


@pytest.mark.parametrize("game", ["Kalah", "Togyz Kumalak", "Trias", "Tricala"])
def test_games_without_that_proof_give_no_words(game):
    variant = find_variant(game)
    assert type(variant).move_word is Variant.move_word
