"""Trias rules (seed 001, rulings R1-R8, N2): hand-worked positions.

Every expected board below was worked out by hand from the rule text; the
comment above each test walks through the laps. ``board()`` builds a position
from the holes that hold stones; the stones not on the board are counted as
removed (South's share unless given), so every position holds 144 stones.
"""

from __future__ import annotations

import pytest

from notation.games import find_variant
from notation.games.base import IllegalMoveError, MoveSyntaxError, RulesError
from notation.games.trias import (
    CIRCUITS,
    HOLE_NAMES,
    MAX_LAPS,
    NORTH,
    SOUTH,
    TriasPosition,
    TriasVariant,
    laps,
    variant_from_tags,
)

V = TriasVariant()


def board(holes: dict[str, int], to_move: int = SOUTH, north_removed: int = 0) -> TriasPosition:
    pits = [0] * 36
    for name, count in holes.items():
        pits[HOLE_NAMES.index(name)] = count
    south_removed = 144 - sum(pits) - north_removed
    return TriasPosition(tuple(pits), (south_removed, north_removed), to_move, to_move)


def holes(position: TriasPosition) -> dict[str, int]:
    """The non-empty holes of a position, by name."""
    return {HOLE_NAMES[i]: n for i, n in enumerate(position.pits) if n}


def move(token: str, position: TriasPosition) -> TriasPosition:
    return V.play(position, V.parse_move(token, position))


def refused(token: str, position: TriasPosition) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        V.parse_move(token, position)
    return info.value


# -- R1, R2: board and circuits ----------------------------------------------


def test_board_has_36_holes_with_4_stones_and_south_moves_first() -> None:  # ruling R1
    start = V.initial_position()
    assert HOLE_NAMES[0] == "1a" and HOLE_NAMES[11] == "1l" and HOLE_NAMES[35] == "3l"
    assert start.pits == (4,) * 36
    assert start.removed == (0, 0)
    assert V.to_move(start) == SOUTH and V.turn(start) == 0
    assert V.seats == ("South", "North")


def test_circuits_run_counterclockwise_through_own_and_central_rows() -> None:  # ruling R2
    south = [HOLE_NAMES[i] for i in CIRCUITS[SOUTH]]
    north = [HOLE_NAMES[i] for i in CIRCUITS[NORTH]]
    assert south == [f"1{f}" for f in "abcdefghijkl"] + [f"2{f}" for f in "lkjihgfedcba"]
    assert north == [f"3{f}" for f in "lkjihgfedcba"] + [f"2{f}" for f in "abcdefghijkl"]


# -- R3, R4, R5: a move, its laps and how they end ------------------------------

# 1e from the start, worked by hand:
#   lap 1: 1e's 4 stones to 1f 1g 1h 1i; 1i held 4: relay 5
#   lap 2: 1j 1k 1l 2l 2k; 2k held 4: relay 5
#   lap 3: 2j 2i 2h 2g 2f; 2f held 4: relay 5
#   lap 4: 2e 2d 2c 2b 2a; 2a held 4: relay 5
#   lap 5: 1a 1b 1c 1d 1e; 1e was emptied: own row, the last stone is removed.
AFTER_1E = {
    **{f"1{f}": 5 for f in "abcdfghjkl"},
    **{f"2{f}": 5 for f in "bcdeghijl"},
    **{f"3{f}": 4 for f in "abcdefghijkl"},
}


def test_opening_move_relays_four_times_and_removes_its_last_stone() -> None:  # R3, R4
    start = V.initial_position()
    after = move("1e", start)
    assert holes(after) == AFTER_1E
    assert after.removed == (1, 0)  # ruling R8: South removed it
    assert V.to_move(after) == NORTH and V.turn(after) == 1
    assert V.format_move(4, start, long=True) == "1e/5+1"
    assert [lap.end for lap in laps(start, 4)] == ["relay"] * 4 + ["own-row"]


# 1a/2+1: 1a's 2 stones to 1b 1c; 1c held 1: relay 2 to 1d 1e; 1e empty, own row:
# the last stone is removed.
def test_relay_then_empty_own_hole_removes_the_last_stone() -> None:  # ruling R4
    before = board({"1a": 2, "1c": 1, "3a": 5})
    after = move("1a", before)
    assert holes(after) == {"1b": 1, "1d": 1, "3a": 5}
    assert after.removed == (before.removed[0] + 1, 0)
    assert V.format_move(0, before, long=True) == "1a/2+1"


# 1a: 2 stones to 1b 1c; 1c empty, own row: the move would end after one lap.
# 1h: 1 stone to 1i, which held 1: relay 2 to 1j 1k; 1k empty: ends in lap 2.
# 1i: 1 stone to 1j, empty: one lap.
def test_first_lap_ending_in_empty_own_hole_is_not_a_move() -> None:  # ruling R5
    position = board({"1a": 2, "1h": 1, "1i": 1, "3c": 4})
    assert [HOLE_NAMES[m] for m in V.legal_moves(position)] == ["1h"]
    error = refused("1a", position)
    assert error.code == "one-lap"
    assert "1c" in error.reason and "R5" in error.reason
    assert error.legal == ("1h",)
    assert refused("1i", position).code == "one-lap"


# 1k: 2 stones to 1l 2l; 2l empty, North's 3l holds 3: a removal after one lap.
def test_first_lap_removing_the_opponents_stones_is_not_a_move() -> None:  # ruling R5
    position = board({"1k": 2, "3l": 3, "1a": 1, "1b": 1})
    error = refused("1k", position)
    assert error.code == "one-lap"
    assert "3l" in error.reason


# 1l: 2 stones to 2l 2k; 2k empty, 3k and 1k empty: the lone stone would be removed.
# (1h/2+1, as above, keeps the game going.)
def test_first_lap_ending_alone_in_the_central_row_is_not_a_move() -> None:  # R4, R5
    position = board({"1l": 2, "1h": 1, "1i": 1, "3a": 2})
    assert refused("1l", position).code == "one-lap"


# 1k/2+5: 1k's 2 stones to 1l (1 -> 2) and 2l; 2l was empty, 3l is empty and 1l
# is occupied: transfer, the last stone joins 1l (3 stones), which are sown on
# from 2l: 2l 2k 2j. 2j was empty, North's 3j holds 5: they are removed, the
# last stone stays in 2j.
def test_transfer_starts_the_second_lap() -> None:  # ruling R4
    before = board({"1k": 2, "1l": 1, "3j": 5, "3a": 1})
    after = move("1k", before)
    assert holes(after) == {"2l": 1, "2k": 1, "2j": 1, "3a": 1}
    assert after.removed == (before.removed[0] + 5, 0)
    assert V.format_move(10, before, long=True) == "1k/2+5"
    assert [
        (HOLE_NAMES[lap.start], lap.stones, HOLE_NAMES[lap.last], lap.end)
        for lap in laps(before, 10)
    ] == [("1k", 2, "2l", "transfer"), ("1l", 3, "2j", "remove-opposite")]


# North's circuit: 3b/2+1: 3b's 2 stones to 3a (1 -> 2) and 2a; 2a was empty,
# South's 1a is empty, 3a occupied: transfer, 3 stones from 3a sown on 2a 2b 2c;
# 2c was empty, 1c and 3c are empty: the last stone is removed.
def test_north_sows_along_its_own_circuit_and_transfers() -> None:  # rulings R2, R4
    before = board({"3b": 2, "3a": 1, "1e": 3}, to_move=NORTH, north_removed=10)
    after = move("3b", before)
    assert holes(after) == {"2a": 1, "2b": 1, "1e": 3}
    assert after.removed == (before.removed[0], 11)
    assert V.to_move(after) == SOUTH


# 1a/13+1 with 25 stones and the rest of South's circuit empty:
#   lap 1: one stone in each of the 24 holes (1a, the emptied hole, included: R3),
#          the 25th in 1b, which then held 1: relay 2.
#   laps 2-13: every hole holds 1; each relay of 2 puts 2 in the next hole and
#          lands on the one after, which held 1: relays from 1b 1d 1f 1h 1j 1l
#          2k 2i 2g 2e 2c 2a; the last lap (from 2a) sows 1a (1 -> 2) and 1b,
#          emptied in lap 2: own row, the last stone is removed.
def test_a_move_going_all_the_way_round() -> None:  # ruling R3
    before = board({"1a": 25, "3f": 7})
    after = move("1a", before)
    twos = [f"1{f}" for f in "acegik"] + [f"2{f}" for f in "ljhfdb"]
    assert holes(after) == {**dict.fromkeys(twos, 2), "3f": 7}
    assert V.format_move(0, before, long=True) == "1a/13+1"


# 1a with exactly 24 stones: one in each hole of the circuit, the last back in
# 1a itself, which was empty (R3: not skipped): own row, one lap. (Skipping 1a,
# the last stone would fall in 1b, holding 1: a relay.) 1h/2+1 is legal.
def test_the_emptied_hole_is_not_skipped() -> None:  # rulings R3, R5
    position = board({"1a": 24, "1h": 1, "1i": 1, "3f": 7})
    assert refused("1a", position).code == "one-lap"


# -- R6: the end of the game ---------------------------------------------------


# South's only stone: 1a to 1b, empty, own row: a one-lap move. South cannot move.
def test_player_without_a_legal_move_loses() -> None:  # ruling R6
    position = board({"1a": 1, "2c": 3, "3d": 5})
    assert list(V.legal_moves(position)) == []
    outcome = V.outcome(position)
    assert outcome is not None and outcome.result == "0-1"
    assert "R6" in outcome.reason
    error = refused("1a", position)
    assert error.code == "game-over"  # ruling N2
    assert V.diagram(position).endswith("Game over: 0-1 (" + outcome.reason + ")")


def test_north_with_an_empty_row_loses() -> None:  # ruling R6
    position = board({"1a": 2, "2c": 3}, to_move=NORTH)
    outcome = V.outcome(position)
    assert outcome is not None and outcome.result == "1-0"


def test_game_in_progress_has_no_outcome() -> None:
    assert V.outcome(V.initial_position()) is None


# -- R7: endless moves ---------------------------------------------------------


# Found by a search with the engine (no endless move short enough to work by
# hand exists among the positions searched: the shortest cycle found has 228
# laps); checked against the naive simulator in test_trias_reference.py.
ENDLESS = board(
    {
        **{"1a": 2, "1b": 1, "1c": 2, "1d": 1, "1e": 1, "1f": 2, "1h": 1, "1i": 3, "1j": 3},
        **{"1k": 1, "2a": 1, "2c": 1, "2d": 2, "2g": 1, "2h": 2, "2i": 1, "2k": 1, "2l": 1},
        **{"3b": 3, "3d": 1, "3j": 3, "3l": 3},
    }
)


def test_a_move_that_comes_back_to_an_earlier_state_is_illegal() -> None:  # ruling R7
    error = refused("1f", ENDLESS)
    assert error.code == "endless-move"
    assert "R7" in error.reason
    assert "1f" not in error.legal


# A real position (a random game) where 3k's sowing runs past MAX_LAPS laps
# neither ending nor repeating (checked to 2e10 laps).
WANDERING = "3,4,0,1,4,3,2,12,1,0,2,12/6,5,0,5,0,6,2,1,5,2,1,0/1,2,1,0,0,0,5,3,1,0,1,0 14 39 N"


def test_a_move_past_the_lap_limit_is_refused() -> None:  # rulings R7, R9
    position = V.parse_position(WANDERING)
    error = refused("3k", position)
    assert error.code == "lap-limit"
    assert str(MAX_LAPS) in error.reason
    assert error.legal == ("3e", "3g", "3h", "3i", "3l")


def test_the_lap_cap_is_the_rulings_and_no_rules_tag_changes_it() -> None:  # ruling R9
    assert MAX_LAPS == 100_000
    for rules in ("trias laps=10", "laps=1000000", "trias no-lap-limit"):
        with pytest.raises(RulesError):
            find_variant("Trias", rules)


# -- R8: removed stones ----------------------------------------------------------


def test_scores_are_stones_removed_by_each_seat() -> None:  # ruling R8
    after = move("3a", move("1e", V.initial_position()))
    assert V.scores(after) == after.removed
    assert after.removed[0] == 1 and after.removed[1] >= 1
    assert sum(after.pits) + sum(after.removed) == 144


# -- notation -------------------------------------------------------------------


def test_plain_and_long_tokens() -> None:
    start = V.initial_position()
    for token in ("1e", "1e/5+1", "1e/5", "1e+1"):
        assert V.parse_move(token, start) == 4
    assert V.format_move(4, start) == "1e"
    assert V.format_move(4, start, long=True) == "1e/5+1"


@pytest.mark.parametrize("token", ["1e/4", "1e+2", "1e/5+2", "1e/4+1"])
def test_a_wrong_suffix_is_refused(token: str) -> None:
    error = refused(token, V.initial_position())
    assert error.code == "wrong-suffix"
    assert "1e/5+1" in error.reason


def test_a_hole_outside_the_own_row() -> None:  # ruling R3
    start = V.initial_position()
    error = refused("3e", start)
    assert error.code == "not-your-row" and "did you mean 1e?" in error.reason
    assert len(error.legal) == 12
    central = refused("2e", start)
    assert central.code == "not-your-row" and "central" in central.reason
    north = move("1e", start)
    assert "did you mean 3a?" in refused("1a", north).reason


def test_an_empty_hole() -> None:  # ruling R3
    position = board({"1a": 2, "1h": 1, "1i": 1, "3c": 4})
    assert refused("1b", position).code == "empty-hole"


@pytest.mark.parametrize(
    ("token", "hint"),
    [("1E", "1e"), ("e1", "1e"), ("E1", "1e"), ("4e", "1e"), ("0c", "1c"), ("1m", None)],
)
def test_no_such_hole_with_did_you_mean(token: str, hint: str | None) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        V.parse_move(token, V.initial_position())
    assert info.value.code == "no-such-hole"
    if hint is None:
        assert "did you mean" not in info.value.reason
    else:
        assert f"did you mean {hint}?" in info.value.reason


@pytest.mark.parametrize("token", ["", "e", "1", "xyz", "1-0", "1e/", "1e+", "1e 1f"])
def test_not_a_move(token: str) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        V.parse_move(token, V.initial_position())
    assert info.value.code in ("bad-move-syntax", "no-such-hole")


# -- position string -------------------------------------------------------------

START = "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0 0 S"


def test_position_string_of_the_start() -> None:
    assert V.format_position(V.initial_position()) == START
    assert V.parse_position(START) == V.initial_position()


def test_position_string_lists_rank_3_first_and_sets_turn() -> None:
    after = move("1e", V.initial_position())
    text = V.format_position(after)
    assert text == ("4,4,4,4,4,4,4,4,4,4,4,4/0,5,5,5,5,0,5,5,5,5,0,5/5,5,5,5,0,5,5,5,0,5,5,5 1 0 N")
    read = V.parse_position(text)
    assert read.pits == after.pits and read.removed == (1, 0)
    assert V.turn(read) == 1 and V.to_move(read) == NORTH
    assert '"' not in text and "\n" not in text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (START.replace(" 0 0 ", " 1 0 "), "145"),
        (START.replace("/4,4,4,4,4,4,4,4,4,4,4,4 ", " "), "3 rows"),
        (START.replace(" S", " W"), "S or N"),
        (START.replace("4,4/", "4/", 1), "rank 3"),
        (START.replace(" 0 0", " x 0"), "South's removed"),
        ("", "4 fields"),
    ],
)
def test_bad_position_strings_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as info:
        V.parse_position(text)
    assert info.value.__class__.__name__ == "PositionError"


# -- diagram, tags -----------------------------------------------------------------


def test_diagram_of_the_start() -> None:
    rule = "     " + "+---" * 12 + "+"
    row = "|".join(["  4"] * 12)
    files = "      a   b   c   d   e   f   g   h   i   j   k   l"
    assert V.diagram(V.initial_position()) == "\n".join(
        [
            files,
            rule,
            f"  3  |{row}|  North, removed 0",
            rule,
            f"  2  |{row}|",
            rule,
            f"  1  |{row}|  South, removed 0",
            rule,
            files,
            "South to move",
        ]
    )


def test_variant_from_tags() -> None:
    assert variant_from_tags("Trias", None, {}) == V
    assert variant_from_tags("Trias", "trias", {}) == V
    assert find_variant("trias", "Trias") == V
    assert (V.game, V.rules) == ("Trias", "trias")
    with pytest.raises(RulesError, match="fast"):
        variant_from_tags("Trias", "trias fast", {})
