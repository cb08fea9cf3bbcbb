"""Trysse and Wari rules (rulings W1-W7, N2), each checked on a position worked by hand.

Positions are written in Aualé's OGN form: twelve counts from South's A
counterclockwise (A-F, then North's a-f), South's and North's captures, and
the player to move. Every expected position below was computed by hand from
the ruling, not by the engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from notation import IllegalMoveError, MoveSyntaxError, find_variant

TRYSSE = find_variant("Trysse")
WARI = find_variant("Wari")
TRYSSE_SKIP = find_variant("Trysse", "skip-origin")


def after(variant, position: str, token: str) -> str:
    """Play ``token`` from ``position`` and give the resulting position string."""
    start = variant.parse_position(position)
    return variant.format_position(variant.play(start, variant.parse_move(token, start)))


# name, variant, position before, move, position after (worked by hand)
SOWING_TABLE = [
    # ruling W1: 4 in every hole, South first; A sows B, C, D, E counterclockwise
    (
        "W1 first move A",
        TRYSSE,
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "A",
        "0-5-5-5-5-4-4-4-4-4-4-4-0-0-N",
    ),
    # ruling W1: from F the sowing crosses to North's a, b, c, d
    (
        "W1 F crosses to a",
        TRYSSE,
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "F",
        "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N",
    ),
    # ruling W1: North's f sows on into South's A, B, C, D
    (
        "W1 f crosses to A",
        TRYSSE,
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N",
        "f",
        "5-5-5-5-4-4-4-4-4-4-4-0-0-0-S",
    ),
    # ruling W2: 12 stones from A: B-F get 1, a-f get 1, the 12th falls back into A
    (
        "W2 origin not skipped",
        TRYSSE,
        "12-0-0-0-0-0-6-6-6-6-6-6-0-0-S",
        "A",
        "1-1-1-1-1-1-7-7-7-7-7-7-0-0-N",
    ),
    # ruling W2, option skip-origin: the 12th stone skips A and lands in B
    (
        "W2 skip-origin",
        TRYSSE_SKIP,
        "12-0-0-0-0-0-6-6-6-6-6-6-0-0-S",
        "A",
        "0-2-1-1-1-1-7-7-7-7-7-7-0-0-N",
    ),
    # ruling W3: E sows F(1->2), a(1->2), b(2->3): b and a captured (5); F is South's own: kept
    (
        "W3 capture run stops at own side",
        TRYSSE,
        "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S",
        "E+5",
        "10-10-10-3-0-2-0-0-2-2-2-2-5-0-N",
    ),
    # ruling W3: E sows F, a(0->1), b(1->2), c(2->3): c and b captured, a holds 1: stop
    (
        "W3 capture run stops at a 1",
        TRYSSE,
        "10-10-10-3-4-0-0-1-2-2-2-4-0-0-S",
        "E",
        "10-10-10-3-0-1-1-0-0-2-2-4-5-0-N",
    ),
    # ruling W3: the last stone makes 2 on the mover's own side: no capture
    (
        "W3 no capture on own side",
        TRYSSE,
        "1-1-4-4-4-4-4-4-4-4-4-10-0-0-S",
        "A",
        "0-2-4-4-4-4-4-4-4-4-4-10-0-0-N",
    ),
    # ruling W3: the last hole holds 4 after sowing: nothing captured even if the one before holds 2
    (
        "W3 last hole 4 captures nothing",
        TRYSSE,
        "4-4-4-4-4-2-1-3-4-4-4-10-0-0-S",
        "F",
        "4-4-4-4-4-0-2-4-4-4-4-10-0-0-N",
    ),
    # ruling W3: North's b (5) sows c, d, e, f, A(1->2): A captured; before A the side ends
    (
        "W3 North captures",
        TRYSSE,
        "1-5-5-5-5-5-4-5-3-4-4-2-0-0-N",
        "b+2",
        "0-5-5-5-5-5-4-0-4-5-5-3-0-2-S",
    ),
    # ruling W7: a capture of every stone on the opponent's side is legal
    (
        "W7 grand slam allowed",
        WARI,
        "10-10-10-4-0-2-1-2-0-0-0-0-9-0-S",
        "F+5",
        "10-10-10-4-0-0-0-0-0-0-0-0-14-0-N",
    ),
]


@pytest.mark.parametrize(
    ("variant", "before", "token", "expected"),
    [row[1:] for row in SOWING_TABLE],
    ids=[row[0] for row in SOWING_TABLE],
)
def test_sowing_and_capture(variant, before, token, expected):
    assert after(variant, before, token) == expected


def test_capture_suffix_is_checked():
    position = TRYSSE.parse_position("10-10-10-3-3-1-1-2-2-2-2-2-0-0-S")
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("E+4", position)
    assert error.value.code == "wrong-capture-count"
    assert "captures 5" in error.value.reason
    assert TRYSSE.format_move(TRYSSE.parse_move("E", position), position) == "E+5"


def test_feeding_w4_only_moves_that_reach_the_opponent():
    # ruling W4: North's side is empty; of South's holes only F (1 stone) reaches North
    position = TRYSSE.parse_position("2-2-1-1-1-1-0-0-0-0-0-0-20-20-S")
    assert [TRYSSE.format_move(m, position) for m in TRYSSE.legal_moves(position)] == ["F"]
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("A", position)
    assert error.value.code == "must-feed"
    assert error.value.legal == ("F",)


def test_trysse_cannot_feed_moves_as_it_likes_then_draw():
    # ruling W5: no South hole reaches index 6 (A=3 -> D, B=2 -> D, C=2 -> E, D=1 -> E)
    position = TRYSSE.parse_position("3-2-2-1-0-0-0-0-0-0-0-0-20-20-S")
    assert TRYSSE.outcome(position) is None
    assert sorted(TRYSSE.legal_moves(position)) == [0, 1, 2, 3]
    later = TRYSSE.play(position, TRYSSE.parse_move("D", position))
    # North starts its turn with no stones: drawn
    outcome = TRYSSE.outcome(later)
    assert outcome is not None and outcome.result == "1/2-1/2"


def test_wari_must_feed_and_cannot_ends_the_game():
    # ruling W6: the same position under Wari ends at once; South keeps its 8 stones: 28-20
    position = WARI.parse_position("3-2-2-1-0-0-0-0-0-0-0-0-20-20-S")
    outcome = WARI.outcome(position)
    assert outcome is not None and outcome.result == "1-0"
    assert WARI.scores(position) == (28, 20)
    assert list(WARI.legal_moves(position)) == []


def test_player_without_stones_trysse_draw_wari_sweep():
    # ruling W5: South to move with an empty side: drawn
    position = "0-0-0-0-0-0-1-2-3-4-5-6-14-13-S"
    outcome = TRYSSE.outcome(TRYSSE.parse_position(position))
    assert outcome is not None and outcome.points == (Fraction(1, 2), Fraction(1, 2))
    # ruling W6: North takes the 21 stones on its side: 14-34, North wins
    wari = WARI.parse_position(position)
    outcome = WARI.outcome(wari)
    assert outcome is not None and outcome.result == "0-1"
    assert WARI.scores(wari) == (14, 34)


def test_wari_sweep_with_equal_totals_is_a_draw():
    # ruling W6: South has nothing; North's 4 stones make 24-24
    outcome = WARI.outcome(WARI.parse_position("0-0-0-0-0-0-1-1-1-1-0-0-24-20-S"))
    assert outcome is not None and outcome.result == "1/2-1/2"


def test_targets_21_and_25():
    # F sows into a (1 -> 2): 2 captured, 19 -> 21
    position = "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"
    trysse = TRYSSE.play(TRYSSE.parse_position(position), 5)
    outcome = TRYSSE.outcome(trysse)
    assert outcome is not None and outcome.result == "1-0"  # ruling W5: 21 wins at once
    wari = WARI.play(WARI.parse_position(position), 5)
    assert WARI.outcome(wari) is None  # ruling W6: Wari needs 25
    assert wari.captured == (21, 0)


def test_move_after_the_end_is_illegal_n2():
    position = TRYSSE.play(TRYSSE.parse_position("5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"), 5)
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("a", position)
    assert error.value.code == "game-over"


@pytest.mark.parametrize(
    ("token", "code", "words"),
    [
        ("a", "not-your-hole", "did you mean A?"),
        ("G", "bad-move-syntax", "not a move in Trysse"),
        ("A+", "bad-move-syntax", "not a move in Trysse"),
    ],
)
def test_bad_tokens(token, code, words):
    position = TRYSSE.initial_position()
    with pytest.raises((IllegalMoveError, MoveSyntaxError)) as error:
        TRYSSE.parse_move(token, position)
    assert error.value.code == code
    assert words in error.value.reason
    assert error.value.legal == ("A", "B", "C", "D", "E", "F")


def test_empty_hole():
    position = TRYSSE.parse_position("0-5-5-5-5-4-4-4-4-4-4-4-0-0-S")
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("A", position)
    assert error.value.code == "empty-hole"


@pytest.mark.parametrize(
    "text",
    [
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-1-S",
        "x",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-W",
    ],
)
def test_bad_position_strings(text):
    with pytest.raises(ValueError, match="bad position"):
        TRYSSE.parse_position(text)


def test_position_string_round_trip():
    text = "10-10-10-3-0-2-0-0-2-2-2-2-5-0-N"
    assert TRYSSE.format_position(TRYSSE.parse_position(text)) == text


def test_rules_tag():
    assert find_variant("Wari").rules == "wari"
    assert find_variant("Trysse").rules == "trysse"
    assert find_variant("Trysse", "wari skip-origin").rules == "wari skip-origin"
    assert find_variant("wari", "skip-origin").rules == "wari skip-origin"
    with pytest.raises(ValueError, match='unknown Trysse/Wari ruleset or option "grand-slam"'):
        find_variant("Wari", "grand-slam")
    with pytest.raises(ValueError, match='unknown game "Chess"'):
        find_variant("Chess")


def test_oware_is_the_board_under_abapa():
    variant = find_variant("Oware")
    assert variant.rules == "abapa" and variant.game == "Wari"
    assert find_variant("Oware", "wari").rules == "wari"


def test_empty_hole_suggests_the_legal_neighbours():
    # after 1. C b the hole C is empty; B and D beside it are legal: a copying slip, probably
    position = TRYSSE.initial_position()
    for token in ("C", "b"):
        position = TRYSSE.play(position, TRYSSE.parse_move(token, position))
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("C", position)
    assert error.value.reason == "hole C is empty; did you mean B or D?"
    # at the end of the row only one neighbour exists
    edge = TRYSSE.parse_position("0-5-5-5-5-4-4-4-4-4-4-4-0-0-S")
    with pytest.raises(IllegalMoveError) as error:
        TRYSSE.parse_move("A", edge)
    assert error.value.reason == "hole A is empty; did you mean B?"


@pytest.mark.parametrize(
    ("game", "named"),
    [("Trysse", "Trysse"), ("Wari", "Wari"), ("Oware", "Wari")],  # Oware is Wari's abapa rules
)
def test_a_token_that_is_no_move_names_the_game_it_was_read_in(game, named):
    variant = find_variant(game)
    with pytest.raises(MoveSyntaxError) as error:
        variant.parse_move("G", variant.initial_position())
    assert f'"G" is not a move in {named}:' in str(error.value)
