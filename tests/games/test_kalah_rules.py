"""Kalah (rules K1-K9 in docs/kalah.md), each checked on a position worked by hand.

Positions are in the PMN form for Kalah: fourteen counts from South's A
counterclockwise (A-F, South's store, a-f, North's store), then the player
to move. Every expected value below was worked out by hand from the rule
text, not by the engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from notation import IllegalMoveError, MoveSyntaxError, find_variant, read_text, validate_record
from notation.games.kalah import MAX_ACTIONS, KalahPosition

KALAH = find_variant("Kalah")
START = "4-4-4-4-4-4-0-4-4-4-4-4-4-0-S"


def after(position: str, token: str) -> str:
    start = KALAH.parse_position(position)
    return KALAH.format_position(KALAH.play(start, KALAH.parse_move(token, start)))


# rule, position before, move, position after (worked by hand)
TABLE = [
    # K2: A's 4 seeds go one each into B, C, D, E; North moves next
    ("K2 sowing", START, "A", "0-5-5-5-5-4-0-4-4-4-4-4-4-0-N"),
    # K2, K5: C's 4 seeds go to D, E, F and South's store: South moves again
    ("K5 last seed in the own store", START, "C", "4-4-0-5-5-5-1-4-4-4-4-4-4-0-S"),
    # K3: North's f (8 seeds): North's store, A-F, South's store skipped, a (1 -> 2)
    (
        "K3 the opponent's store is skipped",
        "1-1-1-1-1-1-15-1-1-1-1-1-8-14-N",
        "f",
        "2-2-2-2-2-2-15-2-1-1-1-1-0-15-S",
    ),
    # K2, K3, K4: A's 13 seeds: B-F, South's store, a-f, North's store skipped, and the
    # 13th back into the emptied A, now 1: it captures f (1 + 1 = 2) with itself: 3
    (
        "K2 the emptied pit is sown into on 13",
        "13-1-1-1-1-1-0-1-1-1-1-1-1-24-S",
        "A+3",
        "0-2-2-2-2-2-4-2-2-2-2-2-0-24-N",
    ),
    # K4: B's one seed falls in South's empty C; d (opposite C) holds 4: 4 + 1 to the store
    ("K4 capture", "4-1-0-4-4-4-0-4-4-4-4-4-4-7-S", "B+5", "4-0-0-4-4-4-5-4-4-4-0-4-4-7-N"),
    # K4: the same with d empty: no capture, the seed stays in C (OpenSpiel's rule)
    (
        "K4 no capture when the opposite pit is empty",
        "4-1-0-4-4-4-0-4-4-4-0-4-4-11-S",
        "B",
        "4-0-1-4-4-4-0-4-4-4-0-4-4-11-N",
    ),
    # K4: North's a (1 seed) into North's empty b; E (opposite b) holds 3: 3 + 1 to the store
    (
        "K4 capture by North",
        "4-4-4-4-3-4-0-1-0-4-4-4-4-8-N",
        "a+4",
        "4-4-4-4-0-4-0-0-0-4-4-4-4-12-S",
    ),
    # K4: F's 2 seeds: South's store, then North's empty a: no capture on the opponent's side
    (
        "K4 no capture in the opponent's empty pit",
        "4-4-4-4-4-2-0-0-4-4-4-4-4-6-S",
        "F",
        "4-4-4-4-4-0-1-1-4-4-4-4-4-6-N",
    ),
    # K5 for North: f's single seed falls in North's store: North moves again
    (
        "K5 North moves again",
        "4-4-4-4-4-4-0-4-4-4-4-4-1-3-N",
        "f",
        "4-4-4-4-4-4-0-4-4-4-4-4-0-4-N",
    ),
]


@pytest.mark.parametrize(
    ("before", "token", "expected"), [row[1:] for row in TABLE], ids=[row[0] for row in TABLE]
)
def test_kalah_sowing_capture_and_extra_turns(before, token, expected):
    assert after(before, token) == expected


def test_k1_start_and_legal_moves():
    start = KALAH.initial_position()
    assert KALAH.format_position(start) == START
    assert [KALAH.format_move(m, start) for m in KALAH.legal_moves(start)] == list("ABCDEF")
    assert KALAH.outcome(start) is None
    assert KALAH.scores(start) == (0, 0)


def test_k6_k7_the_game_ends_when_the_movers_own_side_empties():
    # F's last seed falls in South's store (K5 would give South another turn), but South's
    # side is now empty: the game is over (K6); North keeps a-f's 6 seeds (K7): 21-27
    position = KALAH.parse_position("0-0-0-0-0-1-20-1-1-1-1-1-1-21-S")
    end = KALAH.play(position, KALAH.parse_move("F", position))
    outcome = KALAH.outcome(end)
    assert outcome is not None and outcome.result == "0-1"
    assert KALAH.scores(end) == (21, 27)
    assert list(KALAH.legal_moves(end)) == []


def test_k6_k7_the_game_ends_when_the_opponents_side_empties():
    # B's seed captures d's 5, North's last seeds: 6 to South's store (20 -> 26). North is
    # to move with an empty side: over (K6); South keeps F's 3 (K7): 29-19
    position = KALAH.parse_position("0-1-0-0-0-3-20-0-0-0-5-0-0-19-S")
    end = KALAH.play(position, KALAH.parse_move("B+6", position))
    assert KALAH.format_position(end) == "0-0-0-0-0-3-26-0-0-0-0-0-0-19-N"
    outcome = KALAH.outcome(end)
    assert outcome is not None and outcome.result == "1-0"
    assert "North's pits are empty" in outcome.reason
    assert KALAH.scores(end) == (29, 19)
    with pytest.raises(IllegalMoveError) as caught:
        KALAH.parse_move("F", end)  # ruling N2: no move after the end
    assert caught.value.code == "game-over"


def test_k8_equal_totals_draw():
    # F into the store: 24 for South; North's store 23 and a's 1: 24. Drawn.
    position = KALAH.parse_position("0-0-0-0-0-1-23-1-0-0-0-0-0-23-S")
    outcome = KALAH.outcome(KALAH.play(position, KALAH.parse_move("F", position)))
    assert outcome is not None and outcome.points == (Fraction(1, 2), Fraction(1, 2))


def test_k9_openspiel_ends_the_game_after_1000_actions():
    pits = KALAH.initial_position().pits
    assert KALAH.outcome(KalahPosition(pits, 0, MAX_ACTIONS, MAX_ACTIONS)) is None
    outcome = KALAH.outcome(KalahPosition(pits, 0, MAX_ACTIONS + 1, MAX_ACTIONS + 1))
    assert outcome is not None and outcome.result == "1/2-1/2"  # 24 seeds a side
    assert "1000 moves" in outcome.reason


def test_k5_extra_turns_keep_the_movers_own_move_numbers():
    # South's C ends in its store: South moves again, numbered 2.; North's f from 5 seeds
    # (after F's sowing a-d hold 5) is 2...
    (record,) = read_text('[Game "Kalah"]\n\n1. C 2. F f *\n')
    report = validate_record(record)
    assert report.valid, report.problems
    (record,) = read_text('[Game "Kalah"]\n\n1. C 1... f *\n')
    (problem,) = validate_record(record).problems
    assert problem.code == "wrong-move-number"
    assert "this move is 2." in problem.message


@pytest.mark.parametrize(
    ("position", "token", "code", "words"),
    [
        (START, "Q", "bad-move-syntax", "not a Kalah move"),
        (START, "a", "not-your-hole", "did you mean A?"),
        ("4-1-0-4-4-4-0-4-4-4-4-4-4-7-S", "C", "empty-hole", "did you mean B or D?"),
        ("4-1-0-4-4-4-0-4-4-4-4-4-4-7-S", "B+4", "wrong-capture-count", "B captures 5"),
    ],
)
def test_bad_moves_say_why(position, token, code, words):
    with pytest.raises((IllegalMoveError, MoveSyntaxError)) as caught:
        KALAH.parse_move(token, KALAH.parse_position(position))
    assert caught.value.code == code
    assert words in str(caught.value)
    assert caught.value.legal


def test_describe_move_names_captures_and_extra_turns():
    start = KALAH.initial_position()
    assert KALAH.describe_move(3, start) == "last seed in the store: South moves again"
    position = KALAH.parse_position("4-1-0-4-4-4-0-4-4-4-4-4-4-7-S")
    assert KALAH.describe_move(2, position) == "captures 5"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("4-4-4-4-4-4-0-4-4-4-4-4-4-S", "fourteen counts"),
        ("4-4-4-4-4-4-1-4-4-4-4-4-4-0-S", "49 seeds"),
    ],
)
def test_bad_position_strings(text, words):
    with pytest.raises(Exception, match=words):
        KALAH.parse_position(text)


def test_position_string_round_trips_and_keeps_the_stores_apart():
    text = "0-2-2-2-2-2-4-2-2-2-2-2-0-24-N"
    position = KALAH.parse_position(text)
    assert position.pits[7] == 4 and position.pits[0] == 24  # South's store, North's store
    assert KALAH.format_position(position) == text
    assert KALAH.to_move(position) == 1 and KALAH.turn(position) == 1


def test_unknown_rules_are_refused():
    with pytest.raises(Exception, match="unknown Kalah ruleset"):
        find_variant("Kalah", "empty-capture")
    assert find_variant("kalah", "kalah") == KALAH
