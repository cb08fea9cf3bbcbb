"""The Trias engine against a naive simulator written separately from the rule text.

The reference sows stone by stone on a dictionary of hole names, walks the
circuits as R2 lists them and remembers every state it has seen (R7), with
none of the engine's shortcuts (circuit tables, whole rounds at once, Brent's
cycle detection). Hypothesis draws positions; the two must agree on every
hole of the player to move: legal or not, why, laps, removed stones, board.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.trias import MAX_LAPS, TriasPosition, TriasVariant

V = TriasVariant()
FILES = "abcdefghijkl"
SOUTH_CIRCUIT = [f"1{f}" for f in FILES] + [f"2{f}" for f in reversed(FILES)]  # R2
NORTH_CIRCUIT = [f"3{f}" for f in reversed(FILES)] + [f"2{f}" for f in FILES]  # R2
NAMES = [f"{rank}{f}" for rank in "123" for f in FILES]


def reference(
    pits: tuple[int, ...], hole: str, cap: int = 5000
) -> tuple[str | None, int, int, dict[str, int]]:
    """(error, laps, removed, board) of emptying ``hole``, naively."""
    holes = dict(zip(NAMES, pits, strict=True))
    own_rank = hole[0]
    other_rank = "3" if own_rank == "1" else "1"
    circuit = SOUTH_CIRCUIT if own_rank == "1" else NORTH_CIRCUIT
    at = circuit.index(hole)
    hand = holes[hole]
    holes[hole] = 0
    lap = 1
    seen = set()
    while True:
        state = (tuple(holes.values()), at)
        if state in seen:
            return "endless-move", lap, 0, holes
        seen.add(state)
        if lap > cap:
            return "cap", lap, 0, holes
        while hand:
            at = (at + 1) % 24
            holes[circuit[at]] += 1
            hand -= 1
        here = circuit[at]
        if holes[here] > 1:  # occupied before the last stone: relay
            hand, holes[here] = holes[here], 0
            lap += 1
            continue
        if here[0] == own_rank:  # own row, empty: remove the last stone
            holes[here] = 0
            return (None if lap > 1 else "one-lap"), lap, 1, holes
        opponent, own = other_rank + here[1], own_rank + here[1]
        if holes[opponent]:  # central, opponent's hole occupied: remove its stones
            removed, holes[opponent] = holes[opponent], 0
            return (None if lap > 1 else "one-lap"), lap, removed, holes
        if holes[own]:  # transfer
            holes[here] = 0
            hand, holes[own] = holes[own] + 1, 0
            at = circuit.index(own)
            lap += 1
            continue
        holes[here] = 0  # lone stone removed
        return (None if lap > 1 else "one-lap"), lap, 1, holes


@st.composite
def positions(draw: st.DrawFn) -> TriasPosition:
    stones = draw(st.integers(min_value=1, max_value=144))
    weights = draw(st.lists(st.integers(0, 6), min_size=36, max_size=36))
    if not any(weights):
        weights[draw(st.integers(0, 35))] = 1
    pits = [0] * 36
    total = sum(weights)
    for i, w in enumerate(weights):
        pits[i] = stones * w // total
    pits[weights.index(max(weights))] += stones - sum(pits)
    mover = draw(st.integers(0, 1))
    return TriasPosition(tuple(pits), (144 - stones, 0), mover, mover)


@settings(max_examples=400, deadline=None)
@given(positions())
def test_engine_agrees_with_the_reference(position: TriasPosition) -> None:
    legal = set(V.legal_moves(position))
    rows = range(0, 12) if position.to_move == 0 else range(24, 36)
    for hole in rows:
        if not position.pits[hole]:
            continue
        error, laps, removed, holes = reference(position.pits, NAMES[hole])
        if error == "cap":
            continue  # too long for the naive simulator
        sowing = V.sowing(position, hole)
        assert sowing.error == error, NAMES[hole]
        assert (hole in legal) == (error is None)
        if error is None:
            assert (sowing.laps, sowing.removed) == (laps, removed)
            assert sowing.pits == tuple(holes.values())


def test_the_endless_example_really_repeats() -> None:  # ruling R7
    # test_trias.ENDLESS: South to move, 1f comes back to an earlier state
    pits = (2, 1, 2, 1, 1, 2, 0, 1, 3, 3, 1, 0)  # 1a-1l
    pits += (1, 0, 1, 2, 0, 0, 1, 2, 1, 0, 1, 1)  # 2a-2l
    pits += (0, 3, 0, 1, 0, 0, 0, 0, 0, 3, 0, 3)  # 3a-3l
    error, laps, _, _ = reference(pits, "1f")
    assert error == "endless-move" and laps < MAX_LAPS
    position = TriasPosition(pits, (144 - sum(pits), 0), 0, 0)
    assert V.sowing(position, 5).error == "endless-move"
