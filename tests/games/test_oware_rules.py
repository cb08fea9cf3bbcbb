"""Ruleset ``abapa`` (Oware Abapa, rules A1-A8 in docs/oware.md), each checked on a position worked by hand.

Positions are in the PMN/Aualé form: twelve counts from South's A
counterclockwise (A-F, then North's a-f), South's and North's captures, and
the player to move. Every expected value below was worked out by hand from
the rule, not by the engine; where the trysse/wari rulesets differ, the test
says so and checks them too.
"""

from __future__ import annotations

import pytest

from notation import IllegalMoveError, find_variant

ABAPA = find_variant("Wari", "abapa")
WARI = find_variant("Wari")


def after(variant, position: str, token: str) -> str:
    start = variant.parse_position(position)
    return variant.format_position(variant.play(start, variant.parse_move(token, start)))


def play_all(variant, position: str, tokens: str):
    current = variant.parse_position(position)
    for token in tokens.split():
        current = variant.play(current, variant.parse_move(token, current))
    return current


# name, position before, move, position after (worked by hand)
ABAPA_TABLE = [
    # abapa A2: 12 stones from A: B-F and a-f get one each (11), the 12th skips A and lands in B
    (
        "A2 origin skipped on 12",
        "12-0-0-0-0-0-6-6-6-6-6-6-0-0-S",
        "A",
        "0-2-1-1-1-1-7-7-7-7-7-7-0-0-N",
    ),
    # abapa A3 (as W3): E sows F(1->2), a(1->2), b(2->3): b and a captured; c-f keep stones
    (
        "A3 captures as W3",
        "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S",
        "E+5",
        "10-10-10-3-0-2-0-0-2-2-2-2-5-0-N",
    ),
    # abapa A4: F sows a(1->2), b(2->3); taking b and a would leave North nothing: no capture
    (
        "A4 grand slam captures nothing",
        "10-10-10-4-0-2-1-2-0-0-0-0-9-0-S",
        "F",
        "10-10-10-4-0-0-2-3-0-0-0-0-9-0-N",
    ),
    # abapa A4: the same move with one stone left on f is an ordinary capture of 5
    (
        "A4 not a grand slam when a stone stays",
        "10-10-10-4-0-2-1-2-0-0-0-1-8-0-S",
        "F+5",
        "10-10-10-4-0-0-0-0-0-0-0-1-13-0-N",
    ),
]


@pytest.mark.parametrize(
    ("before", "token", "expected"),
    [row[1:] for row in ABAPA_TABLE],
    ids=[row[0] for row in ABAPA_TABLE],
)
def test_abapa_sowing_and_capture(before, token, expected):
    assert after(ABAPA, before, token) == expected


def test_a2_wari_does_not_skip_the_origin():
    # ruling W2: under wari the 12th stone falls back into A (the contrast to A2)
    assert after(WARI, "12-0-0-0-0-0-6-6-6-6-6-6-0-0-S", "A") == "1-1-1-1-1-1-7-7-7-7-7-7-0-0-N"


def test_a4_grand_slam_claimed_capture_is_wrong_and_wari_takes_it():
    position = ABAPA.parse_position("10-10-10-4-0-2-1-2-0-0-0-0-9-0-S")
    with pytest.raises(IllegalMoveError) as error:
        ABAPA.parse_move("F+5", position)
    assert error.value.code == "wrong-capture-count"
    assert "captures 0" in error.value.reason
    # ruling W7: under wari the same move takes all five
    assert after(WARI, "10-10-10-4-0-2-1-2-0-0-0-0-9-0-S", "F+5") == (
        "10-10-10-4-0-0-0-0-0-0-0-0-14-0-N"
    )


def test_a4_a_grand_slam_feeds():
    # abapa A5 with A2 and A4: North is empty. F (17) sows a-f, A-E, skips F, then a-f again:
    # North's six holes hold 2 each and the last stone is in f. Taking them all would be a
    # grand slam, so nothing is captured and North is fed: F is legal, with A-E.
    position = ABAPA.parse_position("6-6-6-6-6-17-0-0-0-0-0-0-1-0-S")
    assert [ABAPA.format_move(m, position) for m in ABAPA.legal_moves(position)] == list("ABCDEF")
    assert after(ABAPA, "6-6-6-6-6-17-0-0-0-0-0-0-1-0-S", "F") == "7-7-7-7-7-0-2-2-2-2-2-2-1-0-N"
    # rulings W3, W4 (wari skip-origin): the same F captures all 12 and leaves North empty
    wari = find_variant("Wari", "wari skip-origin")
    position = wari.parse_position("6-6-6-6-6-17-0-0-0-0-0-0-1-0-S")
    assert [wari.format_move(m, position) for m in wari.legal_moves(position)] == list("ABCDE")


def test_a5_must_feed():
    # abapa A5 (as W4): North has no stones; only F (1 stone) reaches a
    position = ABAPA.parse_position("2-2-1-1-1-1-0-0-0-0-0-0-20-20-S")
    assert [ABAPA.format_move(m, position) for m in ABAPA.legal_moves(position)] == ["F"]
    with pytest.raises(IllegalMoveError) as error:
        ABAPA.parse_move("A", position)
    assert error.value.code == "must-feed"


def test_a6_must_feed_and_cannot_each_takes_its_own_side():
    # abapa A6: no South hole reaches a (A=3 -> D, B=2 -> D, C=2 -> E, D=1 -> E);
    # South takes its 8 stones: 28-20, South wins
    position = ABAPA.parse_position("3-2-2-1-0-0-0-0-0-0-0-0-20-20-S")
    outcome = ABAPA.outcome(position)
    assert outcome is not None and outcome.result == "1-0"
    assert "must feed and cannot" in outcome.reason and "(A6)" in outcome.reason
    assert ABAPA.scores(position) == (28, 20)
    assert list(ABAPA.legal_moves(position)) == []


def test_a6_no_stones_to_move():
    # abapa A6: South has nothing; North takes its 21: 14-34
    position = ABAPA.parse_position("0-0-0-0-0-0-1-2-3-4-5-6-14-13-S")
    outcome = ABAPA.outcome(position)
    assert outcome is not None and outcome.result == "0-1"
    assert ABAPA.scores(position) == (14, 34)


# Two single stones chase each other round the board without ever meeting:
# South's from A to a, North's from a to f and, forced to feed (A5), back to A.
# After twelve moves the holes and the player to move are those of the start.
CHASE_START = "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S"
CHASE = "A a B b C c D d E e F f"


def test_a7_repetition_ends_the_game_with_the_share_out():
    position = play_all(ABAPA, CHASE_START, CHASE)
    assert ABAPA.format_position(position) == CHASE_START
    outcome = ABAPA.outcome(position)
    # abapa A7: each takes the stone on its side: 24-24, and A8: 24-24 is a draw
    assert outcome is not None and outcome.result == "1/2-1/2"
    assert "the position repeats" in outcome.reason and "(A7)" in outcome.reason
    assert ABAPA.scores(position) == (24, 24)
    assert list(ABAPA.legal_moves(position)) == []
    with pytest.raises(IllegalMoveError) as error:  # ruling N2
        ABAPA.parse_move("A", position)
    assert error.value.code == "game-over"


def test_a7_no_repetition_before_the_twelfth_move_and_none_under_wari():
    tokens = CHASE.split()
    for count in range(1, len(tokens)):
        position = play_all(ABAPA, CHASE_START, " ".join(tokens[:count]))
        assert ABAPA.outcome(position) is None, tokens[:count]
    # ruling W7: wari has no repetition rule; the chase goes on
    assert WARI.outcome(play_all(WARI, CHASE_START, CHASE)) is None


def test_a7_a_capture_forgets_earlier_positions():
    position = play_all(ABAPA, "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S", "E+5")
    assert position.seen == frozenset()
    # C (10) sows D, E, F, a-f and ends in A, South's own: no capture, the start is remembered
    position = play_all(ABAPA, "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S", "C")
    assert position.seen == {((10, 10, 10, 3, 3, 1, 1, 2, 2, 2, 2, 2), 0)}


def test_a8_more_than_24_wins_at_once_without_share_out():
    # F (1) sows a (1 -> 2): 2 captured, 23 -> 25; b and c keep North's side alive (no grand slam)
    position = play_all(ABAPA, "5-5-5-5-1-1-1-1-1-0-0-0-23-0-S", "F+2")
    outcome = ABAPA.outcome(position)
    assert outcome is not None and outcome.result == "1-0"
    assert ABAPA.scores(position) == (25, 0)  # the stones left are nobody's (OpenSpiel sweeps them)


def test_a8_24_24_is_a_draw():
    outcome = ABAPA.outcome(ABAPA.parse_position("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"))
    assert outcome is not None and outcome.result == "1/2-1/2"
    assert "24" in outcome.reason


def test_rules_tag_and_game():
    assert ABAPA.rules == "abapa"
    assert ABAPA.game == "Wari"
    assert find_variant("Trysse", "abapa skip-origin") == ABAPA
    assert find_variant("Wari", "wari skip-origin").rules == "wari skip-origin"
    with pytest.raises(ValueError, match="rulesets: trysse, wari, abapa"):
        find_variant("Wari", "oware")
