"""The Trias sowing on one int against the list-based sowing it replaced.

``notation.games.trias._sow`` keeps the board as one int, 8 bits a hole, and
sows a lap with one addition (issue 15: speed). ``list_sow`` below is the
implementation it replaced, kept here only as the reference (the same steps,
its tables built in this file, a tuple returned instead of a ``Sowing``): a
list of counts, one stone at a time along a doubled circuit. The two must give the same result (board, laps,
removed stones, how the move ended, the last hole, the error) and the same
laps for explanations, on any hole of any position: random positions,
positions with 24 stones or more in a hole (whole rounds, R3), endless moves
(R7) and moves stopped by the lap cap (R9).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games import trias
from notation.games.trias import (
    CIRCUIT_LENGTH,
    CIRCUITS,
    ENDLESS,
    LAP_LIMIT,
    LONE,
    MAX_LAPS,
    NORTH,
    OWN_ROW,
    RELAY,
    REMOVE_OPPOSITE,
    SOUTH,
    TRANSFER,
    Lap,
    TriasPosition,
    TriasVariant,
)

# -- the reference: the list-based sowing (before issue 15) ---------------------

_RINGS = tuple(circuit + circuit for circuit in CIRCUITS)  # doubled: no modulo while sowing
_FACING = tuple(
    tuple(circuit[p] + (12 if seat == SOUTH else -12) if p >= 12 else -1 for p in range(24))
    for seat, circuit in enumerate(CIRCUITS)
)
_CIRCUIT_POSITION = tuple({index: p for p, index in enumerate(circuit)} for circuit in CIRCUITS)

Result = tuple[tuple[int, ...], int, int, str, int, str | None]


def list_sow(
    pits: tuple[int, ...], hole: int, trace: list[Lap] | None = None, cap: int = MAX_LAPS
) -> Result:
    """(pits, laps, removed, end, last, error) of emptying ``hole``, as the engine did before."""
    seat = SOUTH if hole < 12 else NORTH
    ring = _RINGS[seat]
    facing = _FACING[seat]
    board = list(pits)
    p = _CIRCUIT_POSITION[seat][hole]
    hand = board[hole]
    board[hole] = 0
    laps = 1
    saved_board = board[:]
    saved_p = p
    while True:
        sown = hand
        start = ring[p]
        if hand < CIRCUIT_LENGTH:
            for index in ring[p + 1 : p + hand + 1]:
                board[index] += 1
            p += hand
            if p >= CIRCUIT_LENGTH:
                p -= CIRCUIT_LENGTH
        else:
            rounds, rest = divmod(hand, CIRCUIT_LENGTH)
            for index in ring[:CIRCUIT_LENGTH]:
                board[index] += rounds
            for index in ring[p + 1 : p + rest + 1]:
                board[index] += 1
            p = (p + rest) % CIRCUIT_LENGTH
        last = ring[p]
        hand = board[last]
        if hand > 1:
            board[last] = 0
            if trace is not None:
                trace.append(Lap(start, sown, last, RELAY, 0, seat))
        elif p < 12:
            board[last] = 0
            if trace is not None:
                trace.append(Lap(start, sown, last, OWN_ROW, 1, seat))
            return tuple(board), laps, 1, OWN_ROW, last, None if laps > 1 else "one-lap"
        elif board[facing[p]]:
            removed = board[facing[p]]
            board[facing[p]] = 0
            if trace is not None:
                trace.append(Lap(start, sown, last, REMOVE_OPPOSITE, removed, seat))
            error = None if laps > 1 else "one-lap"
            return tuple(board), laps, removed, REMOVE_OPPOSITE, last, error
        elif board[ring[23 - p]]:
            board[last] = 0
            if trace is not None:
                trace.append(Lap(start, sown, last, TRANSFER, 0, seat))
            p = 23 - p
            hand = board[ring[p]] + 1
            board[ring[p]] = 0
        else:
            board[last] = 0
            if trace is not None:
                trace.append(Lap(start, sown, last, LONE, 1, seat))
            return tuple(board), laps, 1, LONE, last, None if laps > 1 else "one-lap"
        laps += 1
        if p == saved_p and board == saved_board:
            return tuple(board), laps, 0, ENDLESS, ring[p], "endless-move"
        if laps > cap:
            return tuple(board), laps, 0, LAP_LIMIT, ring[p], "lap-limit"
        if not laps & (laps - 1):
            saved_board = board[:]
            saved_p = p


# -- the comparison -------------------------------------------------------------


def fields(sowing: trias.Sowing) -> Result:
    return sowing.pits, sowing.laps, sowing.removed, sowing.end, sowing.last, sowing.error


def int_sow(pits: tuple[int, ...], hole: int, trace: list[Lap] | None = None) -> Result:
    """The engine's sowing of ``hole`` in ``pits``, checking the board int it ends with."""
    result = trias._sow(trias._board(pits), hole, trace)
    assert trias._board(result[0]) == result[6]
    return result[:6]


def agree(pits: tuple[int, ...], holes: range | list[int] = range(36)) -> list[Result]:
    """Compare the engine with the reference on ``holes`` of ``pits``; their results."""
    results = []
    for hole in holes:
        expected_trace: list[Lap] = []
        expected = list_sow(pits, hole, expected_trace)
        trace: list[Lap] = []
        got = int_sow(pits, hole, trace)
        assert got == expected, (pits, hole)
        assert trace == expected_trace, (pits, hole)
        results.append(got)
    return results


def spread(rng: random.Random, stones: int, holes: list[int]) -> tuple[int, ...]:
    pits = [0] * 36
    for _ in range(stones):
        pits[rng.choice(holes)] += 1
    return tuple(pits)


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, ...]:
    """Up to 144 stones (R1) over all holes, or heaped in a few (24+ in a hole: R3)."""
    stones = draw(st.integers(min_value=0, max_value=144))
    holes = draw(
        st.one_of(
            st.just(list(range(36))),
            st.lists(st.integers(0, 35), min_size=1, max_size=6, unique=True),
        )
    )
    rng = random.Random(draw(st.integers(0, 2**32)))
    return spread(rng, stones, holes)


@settings(max_examples=300, deadline=None)
@given(boards())
def test_the_int_sowing_gives_what_the_list_sowing_gave(pits: tuple[int, ...]) -> None:
    agree(pits)


def test_many_random_positions_agree_and_cover_every_ending() -> None:
    rng = random.Random(15)
    ends = set()
    for _ in range(400):
        holes = list(range(36)) if rng.random() < 0.5 else rng.sample(range(36), rng.randint(1, 4))
        pits = spread(rng, rng.randint(1, 144), holes)
        for pits_, _laps, _removed, end, _last, _error in agree(pits):
            assert sum(pits_) <= 144
            ends.add(end)
    assert ends == {OWN_ROW, REMOVE_OPPOSITE, LONE}


def test_holes_of_24_stones_and_more_agree() -> None:  # ruling R3: whole rounds
    rng = random.Random(3)
    for stones in (24, 25, 47, 48, 49, 71, 72, 100, 143, 144):
        for hole in (0, 5, 11, 24, 30, 35):
            rest = spread(rng, 144 - stones, list(range(36)))
            pits = list(rest)
            pits[hole] = 0
            pits[rng.randrange(36)] += rest[hole]
            pits[hole] = stones
            agree(tuple(pits))


#: Endless moves (R7) found by a random search: the counts 1a..3l, the hole emptied.
ENDLESS_MOVES = [
    ("2,1,2,1,1,2,0,1,3,3,1,0,1,0,1,2,0,0,1,2,1,0,1,1,0,3,0,1,0,0,0,0,0,3,0,3", 5),
    ("1,0,2,2,2,3,2,1,0,1,3,1,0,1,2,0,0,3,2,1,1,0,1,0,0,1,3,0,0,1,0,1,3,1,1,1", 10),
    ("0,2,3,2,0,0,2,0,2,0,1,0,2,3,2,1,2,3,0,3,0,0,1,3,3,1,0,3,2,0,2,3,0,3,1,2", 30),
    ("3,2,2,0,1,3,0,2,1,1,3,0,1,0,1,2,1,0,1,2,1,0,1,0,2,0,1,2,3,2,1,0,1,0,2,3", 34),
    ("1,2,1,1,0,2,1,0,1,2,0,1,2,0,3,0,0,1,0,1,2,1,2,0,2,0,1,0,1,3,0,3,0,0,2,3", 9),
    ("0,1,1,1,2,3,0,3,1,1,1,2,3,0,1,0,1,0,1,2,1,0,2,1,2,3,2,3,2,2,1,0,1,2,3,2", 29),
    ("1,0,3,2,1,0,2,1,2,2,1,3,2,1,0,1,0,1,2,1,2,0,1,2,1,0,3,1,0,2,3,0,1,3,1,3", 8),
    ("1,1,2,2,1,2,0,0,0,3,0,0,1,0,2,1,2,2,0,1,1,3,0,2,3,1,0,1,2,0,1,2,1,0,3,3", 24),
]


@pytest.mark.parametrize(("pits", "hole"), ENDLESS_MOVES)
def test_endless_moves_agree(pits: str, hole: int) -> None:  # ruling R7
    board = tuple(int(n) for n in pits.split(","))
    assert agree(board, [hole])[0][5] == "endless-move"
    agree(board)


def test_a_move_stopped_by_the_lap_cap_agrees() -> None:  # rulings R7, R9
    # test_trias.WANDERING: North's 3k runs past MAX_LAPS laps
    position = TriasVariant().parse_position(
        "3,4,0,1,4,3,2,12,1,0,2,12/6,5,0,5,0,6,2,1,5,2,1,0/1,2,1,0,0,0,5,3,1,0,1,0 14 39 N"
    )
    result = agree(position.pits, [34])[0]
    assert result[5] == "lap-limit" and result[1] == MAX_LAPS + 1


@settings(max_examples=150, deadline=None)
@given(boards(), st.integers(2, 40))
def test_a_low_lap_cap_stops_both_alike(pits: tuple[int, ...], cap: int) -> None:
    # ruling R9, with the cap lowered so that many moves reach it
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trias, "MAX_LAPS", cap)
        for hole in range(36):
            expected = list_sow(pits, hole, cap=cap)
            assert int_sow(pits, hole) == expected, (pits, hole, cap)
    assert trias.MAX_LAPS == MAX_LAPS


def test_the_low_cap_test_reaches_the_cap() -> None:
    # the test above is only worth something if moves reach a low cap
    rng = random.Random(9)
    pits = spread(rng, 144, list(range(36)))
    assert any(list_sow(pits, hole, cap=3)[5] == "lap-limit" for hole in range(36))


def test_games_played_through_the_rules_agree() -> None:
    # parse_move, play, the outcome and the legal list through the engine's
    # memory of the last sowing (the next move starts from the board it left)
    variant = TriasVariant()
    rng = random.Random(7)
    for _ in range(30):
        position = variant.initial_position()
        while variant.outcome(position) is None:
            legal = list(variant.legal_moves(position))
            row = trias.ROWS[position.to_move]
            pits = position.pits
            assert legal == [h for h in row if pits[h] and list_sow(pits, h)[5] is None]
            # the same counts in another tuple: the memory of the last sowing must not
            # mistake one for the other, nor miss that they are equal
            again = variant.parse_position(variant.format_position(position))
            assert again.pits == pits and again.pits is not pits
            for hole in rng.sample(range(36), 6):
                expected = list_sow(pits, hole)
                assert fields(variant.sowing(position, hole)) == expected
                assert fields(variant.sowing(again, hole)) == expected
            for hole in legal:  # play without parse_move first: no stale sowing
                assert variant.play(position, hole).pits == list_sow(pits, hole)[0]
            hole = rng.choice(legal)
            token = variant.format_move(hole, position, long=True)
            expected = list_sow(position.pits, hole)
            assert token == f"{trias.HOLE_NAMES[hole]}/{expected[1]}+{expected[2]}"
            after = variant.play(position, variant.parse_move(token, position))
            assert after.pits == expected[0]
            assert sum(after.pits) + sum(after.removed) == 144
            position = after
        assert not any(
            list_sow(position.pits, h)[5] is None
            for h in trias.ROWS[position.to_move]
            if position.pits[h]
        )


def test_play_builds_an_ordinary_immutable_position() -> None:
    # play builds TriasPosition from a tuple of its fields: the result must be the same value
    variant = TriasVariant()
    start = variant.initial_position()
    after = variant.play(start, variant.parse_move("1e", start))
    built = TriasPosition(after.pits, after.removed, after.to_move, after.turn)
    assert after == built and hash(after) == hash(built) and repr(after) == repr(built)
    assert (after.removed, after.to_move, after.turn) == ((1, 0), NORTH, 1)
    with pytest.raises(AttributeError):
        after.turn = 5  # type: ignore[misc]
