"""The fast sowing of Trysse/Wari/Oware equals the rules as first written, stone by stone.

``reference_sow`` is the plain reading of W2, W3 and abapa A2/A4 that the
engine used before its laps were precomputed (``_PATHS``) and before
:meth:`WariVariant.play` stopped going through the memo. It lives here only,
as the reference the engine is held to.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.wari import (
    HOLES,
    NORTH,
    SOUTH,
    STONES,
    WariPosition,
    WariVariant,
    _sow,
    _sowing,
)


def reference_sow(
    board: tuple[int, ...], hole: int, mover: int, skip_origin: bool, abapa: bool
) -> tuple[tuple[int, ...], int, int]:
    pits = list(board)
    stones = pits[hole]
    pits[hole] = 0
    index = hole
    while stones:
        index = (index + 1) % HOLES
        if index == hole and skip_origin:
            continue
        pits[index] += 1
        stones -= 1
    last = index
    opponent = range(6, 12) if mover == SOUTH else range(0, 6)
    taken = list(pits)
    captured = 0
    while index in opponent and taken[index] in (2, 3):
        captured += taken[index]
        taken[index] = 0
        index -= 1
    if not captured or (abapa and not any(taken[i] for i in opponent)):
        return tuple(pits), 0, last
    return tuple(taken), captured, last


@st.composite
def boards(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """Twelve holes holding at most 48 stones, and a non-empty hole to sow."""
    pits = draw(st.lists(st.integers(0, 30), min_size=HOLES, max_size=HOLES))
    while sum(pits) > STONES:
        pits[pits.index(max(pits))] //= 2
    hole = draw(st.integers(0, HOLES - 1))
    if not pits[hole]:
        pits[hole] = draw(st.integers(1, STONES - sum(pits))) if sum(pits) < STONES else 1
        while sum(pits) > STONES:
            other = max((i for i in range(HOLES) if i != hole), key=pits.__getitem__)
            pits[other] -= 1
    return tuple(pits), hole


#: The three ways to sow: (skip the emptied hole, abapa's grand slam rule); abapa skips it.
RULES = [(False, False), (True, False), (True, True)]


@settings(max_examples=500, deadline=None)
@given(boards())
def test_sowing_equals_the_stone_by_stone_reading(board_hole: tuple[tuple[int, ...], int]) -> None:
    """Each board drawn is sown from the hole drawn, then from every other hole that holds
    stones, by either player under each rule: up to 72 sowings a board, 36,000 in all.
    (It drew one sowing a board, 3,000 of them: hypothesis's own work per board was
    nearly all of the suite's longest test, issue 28.)"""
    board, drawn = board_hole
    holes = [drawn, *(hole for hole in range(HOLES) if board[hole] and hole != drawn)]
    for hole in holes:
        for mover in (SOUTH, NORTH):
            for skip_origin, abapa in RULES:
                expected = reference_sow(board, hole, mover, skip_origin, abapa)
                case = (board, hole, mover, skip_origin, abapa)
                assert _sow(board, hole, mover, skip_origin, abapa) == expected, case
                assert _sowing(board, hole, mover, skip_origin, abapa) == expected, case


def test_a_lap_of_twelve_or_more_stones_follows_the_option() -> None:
    # ruling W2: 12 stones from A sow B..F, a..f and A itself (the emptied hole)
    board = (12, *([0] * 11))
    pits, captured, last = _sow(board, 0, SOUTH, False, False)
    assert (pits, captured, last) == ((1,) * HOLES, 0, 0)
    # W2 option skip-origin (abapa A2): A is skipped, the twelfth stone goes to B
    pits, captured, last = _sow(board, 0, SOUTH, True, False)
    assert (pits, captured, last) == ((0, 2, *([1] * 10)), 0, 1)


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from([SOUTH, NORTH]), st.sampled_from(["trysse", "wari", "abapa"]))
def test_play_adds_the_captures_to_the_mover_and_passes_the_turn(
    board_hole: tuple[tuple[int, ...], int], mover: int, ruleset: str
) -> None:
    board, hole = board_hole
    variant = WariVariant(ruleset)
    stones = sum(board)
    captured_before = ((STONES - stones) // 2, STONES - stones - (STONES - stones) // 2)
    before = WariPosition(board, captured_before, mover, 7)
    after = variant.play(before, hole)
    pits, captured, _ = reference_sow(board, hole, mover, ruleset == "abapa", ruleset == "abapa")
    gains = [0, 0]
    gains[mover] = captured
    assert after == WariPosition(
        pits,
        (captured_before[0] + gains[0], captured_before[1] + gains[1]),
        1 - mover,
        8,
        after.seen,
    )
    # abapa A7: boards are remembered since the last capture; other rulesets keep none
    if ruleset == "abapa" and not captured:
        assert after.seen == {(board, mover)}
    else:
        assert after.seen == frozenset()
