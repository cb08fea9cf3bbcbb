"""variant_from_tags remembers what a Game and Rules pair selects, only for games that read
no other tag (Variant.selected_by) and for names no game has, and gives the same answers,
errors included, every time (one lookup serves record_variant and the archive filters)."""

from __future__ import annotations

import pytest

from notation.games import RulesError, find_variant, variant_from_tags


def test_a_pair_is_the_same_variant_every_time():
    tags = (("Game", "Wari"), ("Rules", "abapa"), ("South", "Ada"))
    first, again = variant_from_tags(tags), variant_from_tags(tags)
    assert first == find_variant("Wari", "abapa") and again is first
    assert first.title == "Oware"


def test_a_game_that_reads_other_tags_is_chosen_by_them_every_time():
    three = variant_from_tags((("Game", "Tricala"), ("Players", "3")))
    two = variant_from_tags((("Game", "Tricala"), ("Players", "2")))
    assert len(three.seats) == 3 and len(two.seats) == 2
    assert len(variant_from_tags((("Game", "Tricala"), ("Red", "Cy"))).seats) == 3


@pytest.mark.parametrize(
    ("tags", "said"),
    [
        ((("Game", "Owere"),), 'did you mean "Oware"'),
        ((("Game", "Wari"), ("Rules", "fast")), 'unknown Trysse/Wari ruleset or option "fast"'),
        ((("Game", "Tricala"), ("Players", "7")), "2 or 3 players"),
        ((("South", "Ada"),), 'missing required tag "Game"'),
    ],
)
def test_errors_are_the_same_every_time(tags, said):
    for _ in range(3):
        with pytest.raises(RulesError, match=said):
            variant_from_tags(tags)


def test_the_first_game_tag_counts_as_record_tag_reads_it():
    assert variant_from_tags((("Game", "Trias"), ("Game", "Wari"))).game == "Trias"
