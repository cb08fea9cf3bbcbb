"""``Variant.may_reach``: the bound a position search stops on (issue 29: ``select
--position`` walks a game only while it may still meet the position). Each bound is a
ruling's: stones taken never come back. Positions worked by hand from the rule texts;
then the bound held against every later position of generated games (it must never rule
out a position a game does reach)."""

from __future__ import annotations

import random

import pytest

from notation.core.generate import random_record
from notation.core.replay import mainline_positions, open_game
from notation.games import find_variant
from notation.games.base import Variant

WARI_START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
WARI_AFTER_C = "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"
#: South has taken two stones (W3), 46 on the board
WARI_SOUTH_TOOK_2 = "4-4-0-5-5-5-0-5-5-5-4-4-2-0-N"
#: North has taken three
WARI_NORTH_TOOK_3 = "4-4-0-5-5-5-4-0-5-5-4-4-0-3-S"


def reaches(game: str, position: str, target: str, rules: str | None = None) -> bool:
    variant = find_variant(game, rules)
    return variant.may_reach(variant.parse_position(position), variant.parse_position(target))


@pytest.mark.parametrize("game", ["Wari", "Trysse", "Oware"])
def test_wari_captured_stones_never_come_back(game):
    # ruling W3 (and abapa's captures): a seat's captured count only grows
    assert not reaches(game, WARI_SOUTH_TOOK_2, WARI_AFTER_C)
    assert not reaches(game, WARI_SOUTH_TOOK_2, WARI_START)
    assert not reaches(game, WARI_NORTH_TOOK_3, WARI_SOUTH_TOOK_2)  # North's 3 > 0
    assert not reaches(game, WARI_SOUTH_TOOK_2, WARI_NORTH_TOOK_3)  # South's 2 > 0
    # fewer or as many taken: the bound does not rule it out
    assert reaches(game, WARI_START, WARI_SOUTH_TOOK_2)
    assert reaches(game, WARI_AFTER_C, WARI_NORTH_TOOK_3)
    assert reaches(game, WARI_SOUTH_TOOK_2, WARI_SOUTH_TOOK_2)
    assert reaches(game, WARI_AFTER_C, WARI_START)  # a bound, not a search: True


KALAH_START = "4-4-4-4-4-4-0-4-4-4-4-4-4-0-S"
#: South sowed F (4 seeds): one into its store (K3), then a, b, c
KALAH_SOUTH_STORE_1 = "4-4-4-4-4-0-1-5-5-5-4-4-4-0-N"
#: North's store holds 2 (pits a-f, then North's store, last in the string)
KALAH_NORTH_STORE_2 = "4-4-4-4-4-4-0-4-4-4-4-2-4-2-S"


def test_kalah_seeds_in_a_store_stay_there():
    # rulings K2-K4: seeds sown into (K3) or captured to (K4) a store never leave it
    assert not reaches("Kalah", KALAH_SOUTH_STORE_1, KALAH_START)
    assert not reaches("Kalah", KALAH_NORTH_STORE_2, KALAH_START)
    assert not reaches("Kalah", KALAH_NORTH_STORE_2, KALAH_SOUTH_STORE_1)
    assert reaches("Kalah", KALAH_START, KALAH_SOUTH_STORE_1)
    assert reaches("Kalah", KALAH_START, KALAH_NORTH_STORE_2)
    # a pit (not a store) holding more than the target's does not matter
    assert reaches("Kalah", KALAH_SOUTH_STORE_1, KALAH_SOUTH_STORE_1)


TOGYZ_START = "9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0/W"
#: White played its 9: one stone back into it (Q2), Black's 1-8 get one each, the last
#: makes ten in Black's 8, even: White captures them (Q5)
TOGYZ_WHITE_TOOK_10 = "9-9-9-9-9-9-9-9-1/10-10-10-10-10-10-10-0-9/10-0/B"
#: White owns Black's 3 as its tuzdyk (Q6), having taken its three and six more
TOGYZ_TUZDYK_3 = "9-9-9-9-9-9-9-9-9/9-9-X-9-9-9-9-9-9/9-0/B"
TOGYZ_TUZDYK_4 = "9-9-9-9-9-9-9-9-9/9-9-9-X-9-9-9-9-9/9-0/B"
#: as many taken as TOGYZ_TUZDYK_3, no tuzdyk
TOGYZ_NO_TUZDYK_9 = "0-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/9-0/B"


def test_togyz_kazans_only_grow_and_a_tuzdyk_stays():
    # rulings Q4-Q6: stones taken go to the kazan for good
    assert not reaches("Togyz Kumalak", TOGYZ_WHITE_TOOK_10, TOGYZ_START)
    assert reaches("Togyz Kumalak", TOGYZ_START, TOGYZ_WHITE_TOOK_10)
    # ruling Q6: a tuzdyk is its owner's for the rest of the game: a position without it,
    # or (Q6a: one tuzdyk a player) with another, cannot come, though the kazans allow it
    assert not reaches("Togyz Kumalak", TOGYZ_TUZDYK_3, TOGYZ_NO_TUZDYK_9)
    assert not reaches("Togyz Kumalak", TOGYZ_TUZDYK_3, TOGYZ_TUZDYK_4)
    assert reaches("Togyz Kumalak", TOGYZ_NO_TUZDYK_9, TOGYZ_TUZDYK_3)
    assert reaches("Togyz Kumalak", TOGYZ_TUZDYK_3, TOGYZ_TUZDYK_3)


@pytest.mark.parametrize("game", ["Trias", "Tricala"])
def test_games_without_a_bound_keep_the_default(game):
    variant = find_variant(game)
    assert type(variant).may_reach is Variant.may_reach
    start = variant.initial_position()
    assert variant.may_reach(start, start)


@pytest.mark.parametrize("game", ["Wari", "Trysse", "Oware", "Kalah", "Togyz Kumalak"])
def test_the_bound_never_rules_out_a_position_the_game_reaches(game):
    """Soundness: in generated games, every position is reachable by the bound from every
    position before it (a bound that ruled one out would make a search miss a game)."""
    variant = find_variant(game)
    rng = random.Random(f"may-reach-{game}")
    refused = 0
    for _ in range(60):
        record = random_record(variant, rng, tags=(("Game", game),), max_moves=200)
        opened = open_game(record)
        line = mainline_positions(variant, opened.record.mainline, opened.start)
        for i in range(0, len(line), 3):
            for later in line[i:]:
                assert variant.may_reach(line[i], later), (game, i)
            # and it does rule out earlier positions once stones were taken
            refused += sum(not variant.may_reach(line[i], earlier) for earlier in line[:i])
    assert refused > 0  # the bound is not always True
