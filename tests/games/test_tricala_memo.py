"""Tricala's memos (:mod:`notation.games.tricala.memo`): bounded, and never an answer of their own.

Every memo of the game is a pure function's answers kept for later, under one
policy (cleared whole when full) with its size in one table. So a memo must
stay within its bound however much is asked of it, and forgetting any answer,
at any time, must change nothing a caller sees: the moves read, the moves
listed, the moves written, the positions reached, the outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

import pytest

from notation import find_variant
from notation.core.generate import random_record
from notation.games.tricala import TricalaVariant
from notation.games.tricala import memo as memo_module
from notation.games.tricala import notation as notation_module
from notation.games.tricala.position import TricalaPosition


def _games(players: int, seed: str, count: int) -> Iterator[tuple[TricalaVariant, list[str]]]:
    """Random games' tokens, as a record writes them."""
    tags = {"Game": "Tricala", "Players": str(players)}
    variant = find_variant("Tricala", None, tags)
    assert isinstance(variant, TricalaVariant)
    rng = random.Random(seed)
    for _ in range(count):
        record = random_record(variant, rng, tags=tuple(tags.items()), max_moves=120)
        yield variant, [node.token for node in record.mainline.moves]


def _answers(variant: TricalaVariant, tokens: list[str], between: object = None) -> list[object]:
    """Everything a caller sees along one game: each move read, the first legal moves
    listed and written, each position reached and its outcome. ``between`` is called
    before each move (to clear the memos, or to check their bounds)."""
    seen: list[object] = []
    position: TricalaPosition = variant.initial_position()
    for token in tokens:
        if callable(between):
            between()
        move = variant.parse_move(token, position)
        listed = list(islice(variant.legal_moves(position), 4))
        written = [variant.format_move(m, position) for m in listed]
        position = variant.play(position, move)
        seen.append((move, listed, written, position, variant.outcome(position)))
    return seen


def test_every_shared_memo_is_named_in_the_table_of_sizes() -> None:
    # the one table: every memo's bound is there, and every memo is reachable by clear()
    names = {memo.name for memo in memo_module.MEMOS}
    assert names <= set(memo_module.SIZES)
    assert {"lap_paths", "guides", "tails", "relay_pickups", "achievers", "fits"} <= names
    for memo in memo_module.MEMOS:
        assert memo.size == memo_module.SIZES[memo.name]


def test_a_memo_is_cleared_whole_when_full() -> None:
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    memo: memo_module.Memo[int, int] = memo_module.Memo("one_colour", square)
    memo.size = 3
    assert [memo[n] for n in (1, 2, 3, 2)] == [1, 4, 9, 4]
    assert calls == [1, 2, 3]  # the second 2 was remembered
    assert memo[4] == 16 and dict(memo) == {4: 16}  # full: cleared whole, then kept
    spread: memo_module.Memo[tuple[int, int], int] = memo_module.Memo(
        "compositions", lambda a, b: a - b, spread=True
    )
    assert spread[5, 3] == 2 and spread.get((5, 3)) == 2
    assert memo_module.Memo("fits").get("anything") is None  # no compute: get and keep
    with pytest.raises(KeyError):
        memo_module.Memo("fits")["anything"]


@pytest.mark.parametrize("players", [2, 3])
def test_memos_stay_within_their_bounds_and_tiny_bounds_change_no_answer(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = list(_games(players, f"bounds-{players}", 4))
    expected = [_answers(variant, tokens) for variant, tokens in games]
    memo_module.clear()
    for memo in memo_module.MEMOS:
        monkeypatch.setattr(memo, "size", 5)
    monkeypatch.setattr(notation_module, "_LAP_FITS_SIZE", 3)
    monkeypatch.setattr(notation_module, "_TAIL_FITS_SIZE", 3)
    largest = dict.fromkeys((memo.name for memo in memo_module.MEMOS), 0)

    def check() -> None:
        for memo in memo_module.MEMOS:
            assert len(memo) <= memo.size, memo
            largest[memo.name] = max(largest[memo.name], len(memo))
        for guides in notation_module._GUIDES:
            for guide in guides.values():
                if guide is not None:
                    assert len(guide.laps) <= 3
        for tail in notation_module._TAILS.values():
            assert len(tail.fits) <= 3

    try:
        found = [_answers(variant, tokens, check) for variant, tokens in games]
    finally:
        memo_module.clear()  # no answer of the tiny memos stays for other tests
    assert found == expected
    # the bounds were met (each memo filled up and was cleared), not merely never reached
    full = {name for name, size in largest.items() if size == 5}
    assert {"guides", "lap_paths", "tails", "shifted", "relay_pickups", "fits"} <= full, largest
    assert {"stone_count", "corners_held", "plain_orders", "placements"} <= full, largest


@pytest.mark.parametrize("players", [2, 3])
def test_clearing_every_memo_at_any_time_changes_no_answer(players: int) -> None:
    games = list(_games(players, f"clear-{players}", 4))
    memo_module.clear()
    warm = [_answers(variant, tokens) for variant, tokens in games]
    warm_again = [_answers(variant, tokens) for variant, tokens in games]  # memos full
    rng = random.Random(players)

    def maybe_clear() -> None:
        if rng.random() < 0.3:
            memo_module.clear()

    cleared = [_answers(variant, tokens, maybe_clear) for variant, tokens in games]
    assert warm == warm_again == cleared
    assert any(len(memo) for memo in memo_module.MEMOS)  # and they filled up again
