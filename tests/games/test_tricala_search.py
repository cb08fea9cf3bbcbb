"""Tricala's move search: endless branches (T11), the mover (T9), digits, bounded work.

Positions are hand-made; each expected board was worked out by hand from the
ruling text (the comment over each case gives the working).
"""

from __future__ import annotations

import os
import random
import selectors
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import pytest
from test_tricala_rules import contents

from notation import find_variant
from notation.games.base import IllegalMoveError, MoveError, MoveSyntaxError, PositionError
from notation.games.tricala import (
    LEGAL_LIST_LIMIT,
    PIT_NAMES,
    LapLimitError,
    Sowing,
    TricalaPosition,
    TricalaVariant,
)
from notation.games.tricala import notation as notation_module
from notation.games.tricala.geometry import NEXT
from notation.games.tricala.notation import (
    Rejected,
    long_form,
    read_sowing,
    render,
    shortenings,
)
from notation.games.tricala.rules import SowingSearch

TWO = TricalaVariant(2)
THREE = TricalaVariant(3)
ROOT = Path(__file__).resolve().parents[2]

# -- T11: a branch that goes round for ever ------------------------------------------
#: White singletons on every other pit of the rim (6b 6d 6f 4d 1a 3a 5a) and W2 on 2b;
#: Black's nine stones on 5c, off the rim. The rim is a closed road: a corner leaves
#: one way on (T5) and a relay goes on the way it came (T6). Sown SE, 2b's two stones
#: go 3c (empty) then 4d (W1: relay W2), 5e then 6f (relay), turn W: 6e, 6d (relay),
#: 6c, 6b (relay), 6a, turn NE: 5a (relay), 4a, 3a (relay), 2a, 1a (relay), turn SE:
#: 2b, 3c (relay), ... Every lap drops a stone on an empty pit and one on a single
#: White stone, so the singletons move on one pit per round and the board, the pit
#: about to be sown, the direction and the two stones in hand come back after 15
#: laps: that branch never ends.
RIM = "W1/-,W2/W1,-,-/-,-,-,W1/W1,-,B9,-,-/-,W1,-,W1,-,W1 0-0 0-0 W"


def test_t11_a_branch_that_repeats_is_cut_and_the_rest_stays_legal() -> None:
    start = TWO.parse_position(RIM)
    moves = list(TWO.legal_moves(start))  # ruling T11: listing does not stop at the branch
    assert len(moves) == len(set(moves)) > 0
    # 2b-1a-2a, one lap: NW onto 1a (W1 -> W2), the corner turns it SW onto 2a, empty: end
    one_lap = TWO.parse_move("2b-1a-2a", start)
    assert one_lap in moves
    assert contents(TWO.play(start, one_lap)) == {
        "1a": "W2", "2a": "W1", "3a": "W1", "4d": "W1", "5a": "W1", "5c": "B9",
        "6b": "W1", "6d": "W1", "6f": "W1",
    }  # fmt: skip
    # 2b-2b: its token leaves the way open, so the search also meets the endless branch.
    # W onto 2a (empty), turn SW: 3a (W1: relay W2); 4a, 5a (relay); 6a, turn E: 6b
    # (relay); 6c, 6d (relay); 6e, 6f (relay); turn NW: 5e, 4d (relay); 3c, 2b, emptied
    # at the start: end. Seven laps.
    around = TWO.parse_move("2b-2b", start)
    assert isinstance(around, Sowing) and len(around.pickups) == 7
    assert TWO.format_move(around, start, long=True) == "2b-2a-6a-6f-2b"
    assert contents(TWO.play(start, around)) == {
        "1a": "W1", "2a": "W1", "2b": "W1", "3c": "W1", "4a": "W1", "5c": "B9", "5e": "W1",
        "6a": "W1", "6c": "W1", "6e": "W1",
    }  # fmt: skip
    # 2b-3a: the one sowing W then SW relays on 3a; only the endless branch is left
    with pytest.raises(IllegalMoveError) as error:
        TWO.parse_move("2b-3a", start)
    assert error.value.code == "illegal-move" and "T11" in error.value.reason


def test_t11_the_lap_cap_drops_only_its_branch() -> None:
    # ruling T11: with a cap of 10 laps the endless branch is dropped before it repeats
    # (15 laps); the 7-lap 2b-2b still fits, and lap-limit is reported only for 2b-3a,
    # which nothing else fits
    capped = TricalaVariant(2, lap_limit=10)
    start = capped.parse_position(RIM)
    assert capped.parse_move("2b-2b", start) == TWO.parse_move("2b-2b", start)
    with pytest.raises(LapLimitError) as error:
        capped.parse_move("2b-3a", start)
    assert error.value.code == "lap-limit"
    assert list(capped.legal_moves(start)) == list(TWO.legal_moves(start))


# -- T9: the mover recorded in the position string --------------------------------------
#: Three players under tie=opponent. White W1 on 4b and 6c; Red R1 on 4c and 1a; Black
#: has no stone on the board. Captured: White 8, Black 8, Red 7 (8 + 8 + 7 + 4 = 27).
#: Nobody meets a condition: White 8 < 9 and two stones on no corner; Red needs two
#: corners with two stones and holds only 1a. White plays 4bx4c: 4c held Red's stone,
#: so White captures both (8 + 2 = 10, T6, T7). Now White meets T8(a); Red, with one
#: stone left, on 1a, controls one corner of the one it needs: T8(b). Black has no
#: stones and is skipped (T10): Red is to move. tie=opponent drops the mover, White:
#: Red wins, 0-0-1. Guessing the mover as the seat before Red (Black, no achiever)
#: would give White the win on captures, 1-0-0.
TIE = "R1/-,-/-,-,-/-,W1,R1,-/-,-,-,-,-/-,-,W1,-,-,- 8-8-7 0-0-0 W"
AFTER = "R1/-,-/-,-,-/-,-,-,-/-,-,-,-,-/-,-,W1,-,-,- 10-8-7 0-0-0 R"


def test_t9_the_position_string_records_the_mover_where_it_matters() -> None:
    variant = find_variant("Tricala", "tricala tie=opponent", {"Players": "3"})
    start = variant.parse_position(TIE)
    assert variant.format_position(start) == TIE  # not finished: no mover written
    after = variant.play(start, variant.parse_move("4bx4c", start))
    assert (after.to_move, after.mover, after.captured) == (2, 0, (10, 8, 7))
    outcome = variant.outcome(after)
    assert outcome is not None and outcome.result == "0-0-1"
    written = variant.format_position(after)
    assert written == AFTER + " W"
    reread = variant.outcome(variant.parse_position(written))
    assert reread is not None and reread.result == "0-0-1"
    # an old string without the mover: the result depends on it, so it is refused, not guessed
    with pytest.raises(PositionError, match="who made the last move"):
        variant.parse_position(AFTER)
    # under the default rule the mover does not matter: White captured the most (10 > 7)
    default = find_variant("Tricala", None, {"Players": "3"})
    plain = default.outcome(default.parse_position(AFTER))
    assert plain is not None and plain.result == "1-0-0"


def test_t9_a_position_made_without_a_mover_says_so() -> None:
    variant = find_variant("Tricala", "tricala tie=opponent", {"Players": "3"})
    known = variant.parse_position(AFTER + " W")
    unknown = TricalaPosition(known.board, known.captured, known.hand, known.to_move, 2, None)
    outcome = variant.outcome(unknown)
    assert outcome is not None and "does not record who made the last move" in outcome.reason


# -- digits ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "W\u00b2/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",  # superscript two
        "W\u0661/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",  # Arabic-Indic one
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- \u0666-8 0-0 W",
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-\u00b2 0-0 W",
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- " + "9" * 5000 + "-8 0-0 W",
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 006-8 0-0 W",
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W \u0665",
        "B1/-,-/-,-,-/-,W" + "1" * 5000 + ",B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",
    ],
)
def test_position_numbers_are_ascii_digits_only(text: str) -> None:
    with pytest.raises(PositionError) as error:
        TWO.parse_position(text)
    assert "bad Tricala position" in str(error.value)
    assert len(str(error.value)) < 400  # a 5,000-digit field is not echoed whole


@pytest.mark.parametrize("token", ["\u0664b-4c", "4b-\u0664c", "4bx\u00b2c", "\uff14b-4c"])
def test_move_tokens_are_ascii_digits_only(token: str) -> None:
    start = TWO.parse_position("B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W")
    with pytest.raises(MoveSyntaxError):
        TWO.parse_move(token, start)
    assert TWO.parse_move("4bx4c", start)  # the ASCII spelling is a move


# -- bounded work -------------------------------------------------------------------------
def heap(players: int, pit: str) -> tuple[TricalaVariant, TricalaPosition]:
    """Every stone of every colour in one pit: the most stone orders a position allows."""
    variant = TricalaVariant(players)
    colours = "W9B9R9"[: 2 * players]
    cells = [colours if name == pit else "-" for name in PIT_NAMES]
    rows = [",".join(cells[r * (r - 1) // 2 : r * (r + 1) // 2]) for r in range(1, 7)]
    zeros = "-".join("0" * players)
    return variant, variant.parse_position(f"{'/'.join(rows)} {zeros} {zeros} W")


#: CPU seconds: a guard against exponential work, not a benchmark. CPU time of this
#: process, not wall time, so that a loaded machine (CI, other jobs) does not fail it.
BUDGET = 2.0


def within_budget(action, what: str):  # type: ignore[no-untyped-def]
    began = time.process_time()
    try:
        result = action()
    except MoveError as error:
        result = error
    spent = time.process_time() - began
    assert spent < BUDGET, f"{what} took {spent:.2f} CPU s"
    return result


@pytest.mark.parametrize(
    ("players", "pit"), [(3, name) for name in PIT_NAMES] + [(2, "4b"), (2, "6f"), (2, "1a")]
)
def test_a_heap_of_every_stone_answers_quickly(players: int, pit: str) -> None:
    variant, start = heap(players, pit)
    first = within_budget(lambda: next(iter(variant.legal_moves(start))), f"{pit}: first move")
    assert isinstance(first, Sowing)
    token = within_budget(lambda: variant.format_move(first, start), f"{pit}: writing it")
    assert within_budget(lambda: variant.parse_move(token, start), f"{pit}: {token}") == first
    long = variant.format_move(first, start, long=True)
    assert within_budget(lambda: variant.parse_move(long, start), f"{pit}: {long}") == first
    for bad in ("Z9", pit, f"{pit}-6d", f"{pit}-4d-2a", f"{pit}x2b", "4b-6d", "4b-4d-2a"):
        refused = within_budget(lambda bad=bad: variant.parse_move(bad, start), f"{pit}: {bad}")
        if isinstance(refused, MoveError):
            assert 0 < len(refused.legal) <= LEGAL_LIST_LIMIT
    sample = within_budget(
        lambda: list(islice(variant.legal_moves(start), 100)), f"{pit}: 100 moves"
    )
    assert len(sample) == len(set(sample)) == 100


def test_an_error_lists_a_bounded_sample_and_says_so() -> None:
    variant, start = heap(3, "4b")
    with pytest.raises(MoveSyntaxError) as error:
        variant.parse_move("Z9", start)
    assert len(error.value.legal) == LEGAL_LIST_LIMIT
    assert f"the first {LEGAL_LIST_LIMIT} legal moves are listed; there are more" in str(
        error.value
    )
    few = TWO.parse_position("B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W")
    with pytest.raises(MoveSyntaxError) as error:
        TWO.parse_move("Z9", few)
    assert "there are more" not in str(error.value) and "4bx4c" in error.value.legal


def test_pmn_moves_prints_its_first_lines_at_once() -> None:
    # a 27-stone heap has more moves than can be listed: the command streams them
    _, start = heap(3, "4b")
    command = [
        sys.executable, "-m", "notation.cli", "moves", "--variant", "Tricala", "--players", "3",
        "--position", THREE.format_position(start),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    began = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env) as run:
        assert run.stdout is not None
        lines = []
        with selectors.DefaultSelector() as waiting:
            waiting.register(run.stdout, selectors.EVENT_READ)
            while len(lines) < 3 and waiting.select(timeout=20):
                lines.append(run.stdout.readline())
        run.kill()
    assert time.perf_counter() - began < 20
    assert lines[0] == "White to move; legal moves:\n"
    assert lines[1].startswith("  4b") and lines[2].startswith("  4b")


# -- the tight path of token matching agrees with the general search ------------------
def _fits_by_sowings(
    position: TricalaPosition, guide: object, stop_after: int, capturer_stays: bool, cap: int
) -> tuple[object, ...]:
    search = SowingSearch(position.to_move, capturer_stays, cap, guide, -1)  # type: ignore[arg-type]
    found: dict[object, object] = {}
    for fit in search.sowings(position.board, guide.origin):  # type: ignore[attr-defined]
        if (fit.board, fit.gain) not in found:
            found[fit.board, fit.gain] = fit
            if len(found) >= stop_after:
                break
    return list(found.items()), search.capped, search.endless, search.judged


def _fits_by_collect(
    position: TricalaPosition, guide: object, stop_after: int, capturer_stays: bool, cap: int
) -> tuple[object, ...]:
    search = SowingSearch(position.to_move, capturer_stays, cap, guide, -1)  # type: ignore[arg-type]
    found = search.collect(position.board, guide.origin, stop_after)  # type: ignore[attr-defined]
    return list(found.items()), search.capped, search.endless, search.judged


def test_collect_finds_what_the_general_search_finds() -> None:
    # SowingSearch.collect (token matching) takes a tight path where the stones' colours
    # are known; it must give the same fits, in the same order, with the same choice
    # sequences, lap ends judged and T11 flags as the general, lazy search.
    rng = random.Random(7)
    checked = 0
    for _ in range(40):
        players = rng.choice((2, 3))
        variant = TricalaVariant(players)
        board = [0] * 21
        heap = rng.randrange(21)
        for seat in range(players):
            for _ in range(9):
                pit = heap if rng.random() < 0.4 else rng.randrange(21)
                board[pit] += 1 << 5 * seat
        zero = (0,) * players
        position = TricalaPosition(tuple(board), zero, zero, rng.randrange(players), 0, None)
        if variant.outcome(position) is not None:
            continue
        for move in islice(variant.legal_moves(position), 0, 40, 4):
            assert isinstance(move, Sowing)
            tokens = [render(move, *long_form(move)), *islice(shortenings(move), 3)]
            for token in tokens:
                try:
                    guide = read_sowing(token, players)
                except Rejected:
                    continue  # a shortening the listed pits rule out (T5)
                assert guide is not None
                for stop_after, capturer_stays, cap in (
                    (1, False, 64),
                    (4, True, 64),
                    (4, False, 3),
                ):
                    args = (position, guide, stop_after, capturer_stays, cap)
                    assert _fits_by_collect(*args) == _fits_by_sowings(*args), token
                    checked += 1
    assert checked > 100


def test_lap_answers_shared_between_tokens_are_each_tokens_own() -> None:
    # Guide.lap_fits shares its answers between tokens whose waypoints still to match
    # are the same (one _Tail, the states shifted by the waypoints matched so far); a
    # shared answer must be exactly what walking this token's own lap paths gives (T4,
    # T5, N3), for every direction and for direction -1 (all of them, in order).
    notation_module._TAILS.clear()
    rng = random.Random(11)
    checked = reused = 0
    for _ in range(25):
        players = rng.choice((2, 3))
        variant = TricalaVariant(players)
        board = [0] * 21
        for seat in range(players):
            for _ in range(9):
                board[rng.randrange(21)] += 1 << 5 * seat
        zero = (0,) * players
        position = TricalaPosition(tuple(board), zero, zero, rng.randrange(players), 0, None)
        if variant.outcome(position) is not None:
            continue
        for move in islice(variant.legal_moves(position), 0, 30, 3):
            assert isinstance(move, Sowing)
            for token in [render(move, *long_form(move)), *islice(shortenings(move), 3)]:
                try:
                    guide = read_sowing(token, players)
                except Rejected:
                    continue
                assert guide is not None
                for matched in range(len(guide.pits) + 1):
                    for _ in range(8):
                        pit, direction = rng.randrange(21), rng.randrange(-1, 6)
                        if direction >= 0 and NEXT[pit * 6 + direction] < 0:
                            continue
                        count = rng.randint(1, 14)
                        tail = notation_module._TAILS[
                            guide.pits[matched:], guide.lines[matched:], guide.orders[matched:]
                        ]
                        reused += bool(tail.fits)
                        shared = guide._shared_lap_fits(matched, pit, direction, count)
                        state = ((matched, None),)
                        own = tuple(
                            fit
                            for heading in ([direction] if direction >= 0 else range(6))
                            if NEXT[pit * 6 + heading] >= 0
                            for fit in guide._walk_lap_fits(state, pit, heading, count)
                        )
                        assert shared == own, (token, matched, pit, direction, count)
                        checked += 1
    assert checked > 1000 and reused > 50


def test_the_quick_token_reader_reads_as_the_regular_expressions_do() -> None:
    # read_sowing tries a plain scan first (_read_plain, with a quicker path still for
    # tokens without orders) and reads with regular expressions only what the scan
    # declines; whatever the scan reads must be what the full reader gives (the same
    # guide, or the same rejection: T5 turns, N3 lines, pit names, orders).
    rng = random.Random(23)
    pits = [f"{row}{'abcdef'[col]}" for row in range(1, 7) for col in range(row)]
    names = pits * 4 + ["4e", "0a", "7a", "1b", "6g", "4B", "4", "4bb"]
    seps = ["-"] * 24 + ["x", "x", "X", "+", "--", "[W]-", "[WB]-", "[]-", "[w]-", "[WBR]x"]

    def answer(read, token: str, players: int) -> object:
        try:
            guide = read(token, players)
        except Rejected as rejected:
            return ("rejected", rejected.reason, rejected.code)
        if guide is None:
            return None
        return (guide.origin, guide.origin_order, guide.pits, guide.orders, guide.lines,
                guide.capture)  # fmt: skip

    def full_reader(token: str, players: int) -> object:
        plain = notation_module._read_plain
        notation_module._read_plain = lambda token, players: None
        try:
            return notation_module._read_sowing(token, players)
        finally:
            notation_module._read_plain = plain

    read = quick = 0
    for _ in range(20000):
        size = rng.randint(1, 6)
        parts = [rng.choice(names)]
        for _ in range(size - 1):
            parts += [rng.choice(seps), rng.choice(names)]
        token = "".join(parts)
        players = rng.choice((2, 3))
        try:
            mine = notation_module._read_plain(token, players)
        except Rejected:
            mine = "rejected"
        if mine is None:
            continue  # declined: the full reader reads it anyway
        quick += "[" not in token
        read += 1
        assert answer(notation_module._read_plain, token, players) == answer(
            full_reader, token, players
        ), token
    assert read > 2000 and quick > 1000
