"""Tricala's fast sowing paths held to the plain reference written from rulings T4-T6.

:mod:`notation.games.tricala.reference` sows stone by stone, every order and
every turn, on a board of counts; the engine's search, its token matcher and
its quick reader (``sole_fit``) must agree with it position by position: the
same legal moves (origin, path, board, capture), every move's stone orders
leading where the move says, and every move a token reads being one of them.
The positions are those of the golden files (playthroughs and token readings)
and of random games, 2 and 3 players, with and without capturer-stays.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from notation import find_variant
from notation.core.generate import random_record
from notation.games.tricala import PIT_NAMES, TricalaVariant, rules
from notation.games.tricala import reference as ref
from notation.games.tricala.notation import compile_token, find_fits
from notation.games.tricala.position import OWN
from notation.games.tricala.rules import sole_fit

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: Lap ends the reference may judge in one position; past it the position is left out
#: (a pit of many mixed stones has too many orders for a plain walk), and counted.
WORK = 30_000


def pit(name: str) -> int:
    return PIT_NAMES.index(name)


def board_of(pits: dict[str, str]) -> tuple[int, ...]:
    """A packed board from ``{"4b": "W1B2"}``, five bits per colour, White lowest."""
    board = [0] * 21
    for name, text in pits.items():
        counts = [0, 0, 0]
        for letter, count in zip(text[::2], text[1::2], strict=True):
            counts["WBR".index(letter)] += int(count)
        board[pit(name)] = ref.pack(counts)
    return tuple(board)


def names(path: tuple[int, ...]) -> list[str]:
    return [PIT_NAMES[p] for p in path]


# -- the reference itself, on positions worked by hand ---------------------------
def test_reference_one_stone_captures_or_ends() -> None:
    # White W1 on 4b, Black B1 on 4c. 4b is inner: six directions (T1, T4). East lands on
    # 4c, which holds Black's stone: capture of both (T6, T7); the five others land on
    # empty pits (3b, 3a, 4a, 5b, 5c): the move ends.
    board = board_of({"4b": "W1", "4c": "B1"})
    moves = ref.sowings(board, 0)
    assert {(names(m.path)[0], m.gain) for m in moves} == {
        ("4c", 2), ("3b", 0), ("3a", 0), ("4a", 0), ("5b", 0), ("5c", 0)
    }  # fmt: skip
    (capture,) = (m for m in moves if m.gain)
    assert capture.board == board_of({})
    # ruling T6, option capturer-stays: the capturing stone stays on 4c and is not counted
    (stays,) = (m for m in ref.sowings(board, 0, capturer_stays=True) if m.gain)
    assert stays.gain == 1 and stays.board == board_of({"4c": "W1"})


def test_reference_turns_at_the_edge_and_relays() -> None:
    # White W3 on 4b, nothing else: east 4c, 4d, then 4e is off the board (T5): the sowing
    # turns NE (3d is off too: not it), NW onto 3c, SW onto 5d or SE onto 5e (not W,
    # the reverse). NE from 4b: 3b, 2b, then turn SE (onto 3c) or W (onto 2a); NW: 3a,
    # then 2a... all end on empty pits.
    moves = ref.sowings(board_of({"4b": "W3"}), 0)
    east = sorted(names(m.path) for m in moves if m.path[0] == pit("4c"))
    assert east == [["4c", "4d", "3c"], ["4c", "4d", "5d"], ["4c", "4d", "5e"]]
    # White W1 on 5e and W1 on 5d, Black B1 on 5b: 5e west lands on 5d (White's only):
    # relay of W2 (T6) going on west: 5c, then 5b holds Black: capture of W1B1 (T7)
    relay = ref.sowings(board_of({"5e": "W1", "5d": "W1", "5b": "B1"}), 0)
    west = [m for m in relay if m.origin == pit("5e") and m.path[0] == pit("5d")]
    assert [(names(m.path), m.gain) for m in west] == [(["5d", "5c", "5b"], 2)]
    assert west[0].board == board_of({"5c": "W1"})


def test_reference_stone_orders_are_the_movers_choice() -> None:
    # ruling T4: W1B1 on 4b sown SE: White to 5c and Black to 6d, or the other way round;
    # two moves with two boards. The docs' 4b[WB]-6d and 4b[BW]-6d.
    moves = ref.sowings(board_of({"4b": "W1B1", "1a": "B1"}), 0)
    south_east = {m.board for m in moves if m.path == (pit("5c"), pit("6d"))}
    assert south_east == {
        board_of({"5c": "W1", "6d": "B1", "1a": "B1"}),
        board_of({"5c": "B1", "6d": "W1", "1a": "B1"}),
    }


def test_replay_refuses_a_turn_before_the_edge() -> None:
    board = board_of({"4b": "W3"})
    assert ref.replay(board, 0, pit("4b"), (pit("4c"), pit("4d"), pit("3c")), [(7, (0, 0, 0))])
    with pytest.raises(ref.NotASowing, match="T4"):  # 4c -> 3c turns with 4d on the board
        ref.replay(board, 0, pit("4b"), (pit("4c"), pit("3c"), pit("2b")), [(7, (0, 0, 0))])


# -- the engine against the reference ---------------------------------------------
def test_the_rule_steps_are_the_references_t6() -> None:
    # rules.judge_lap_end and rules.lap_end are T6 written once for the engine: for every
    # pit P (up to 3 stones of each colour), every colour of the last stone, every mover
    # and with or without capturer-stays, they say what the reference's lap end says: the
    # kind (end, capture, relay), the stones captured, what P holds afterwards
    kinds = {"end": rules.ENDS, "capture": rules.CAPTURES, "relay": rules.RELAYS}
    checked = 0
    for white, black, red in product(range(4), repeat=3):
        for colour, seat, stays in product(range(3), range(3), (False, True)):
            grid = [(white, black, red)]
            kind, gain = ref._lap_end(grid, 0, colour, seat, stays)
            before = ref.pack((white, black, red))
            after = before + ref.pack([int(c == colour) for c in range(3)])
            judged = rules.judge_lap_end(before, ~OWN[seat])
            assert judged == kinds[kind], (white, black, red, colour, seat)
            if judged:
                assert rules.lap_end(before, after, colour, stays) == (gain, ref.pack(grid[0]))
            checked += 1
    assert checked == 64 * 18


def test_the_searches_judge_t6_by_judge_lap_end() -> None:
    # T6's test is written once, in judge_lap_end; a search loop that keeps it inline for
    # speed marks the copy "judge_lap_end, inline" with the figure measured, and the copy
    # must read as the function's answer "ends the move" does (the fast paths are then held
    # to the reference by the tests below)
    source = Path(rules.__file__).read_text(encoding="utf-8")
    code = [line.split("#")[0].strip() for line in source.splitlines()]
    marked = [
        line.split("#")[0].strip()
        for line in source.splitlines()
        if "# judge_lap_end, inline" in line
    ]
    assert set(marked) == {"if not before or before & others:"}
    tests = [line for line in code if line.startswith("if ") and "& others" in line]
    assert len(tests) == len(marked) + 1  # the copies, and the function's own
    body = inspect.getsource(rules.judge_lap_end)
    assert "if before & others:" in body
    calls = [line for line in code if "judge_lap_end(" in line and "def " not in line]
    assert len(calls) >= 2


def test_drop_and_ended_board_sow_all_but_the_last_stone() -> None:
    # ruling T4: one stone per pit along the route; the last one is T6's to place
    route, order = (pit("4c"), pit("4d"), pit("3c")), (1, 0, 2)
    grid = list(board_of({"4c": "W1"}))
    rules.drop(grid, route, order)
    assert tuple(grid) == board_of({"4c": "W1B1", "4d": "W1"})
    kept = ref.pack((0, 0, 1))
    assert rules.ended_board(board_of({"4c": "W1"}), route, order, kept) == board_of(
        {"4c": "W1B1", "4d": "W1", "3c": "R1"}
    )


def _key(origin: int, path: tuple[int, ...], board: tuple[int, ...], gain: int) -> ref.Sown:
    return ref.Sown(origin, path, board, gain)


def _check_pickups(variant: Any, position: Any, origin: int, fit: Any) -> None:
    """The move's stone orders, sown by the reference, lead where the move says."""
    got = ref.replay(
        position.board,
        position.to_move,
        origin,
        fit.path,
        fit.pickups,
        capturer_stays=variant.capturer_stays,
    )
    assert got == (fit.board, fit.gain)


def check_position(variant: Any, position: Any, *, tokens: int = 6) -> bool:
    """Every fast path agrees with the reference in ``position``; False when the
    reference would take too long there (the position is then left out)."""
    try:
        expected = ref.sowings(
            position.board,
            position.to_move,
            capturer_stays=variant.capturer_stays,
            lap_limit=variant.lap_limit,
            work=WORK,
        )
    except ref.TooMuchWork:
        return False
    moves = list(variant.legal_moves(position))  # the full search, pools and all
    assert {_key(m.origin, m.path, m.board, m.gain) for m in moves} == expected
    assert len(moves) == len(expected)  # each move once
    seat = position.to_move
    for move in moves:
        _check_pickups(variant, position, move.origin, move)
        after = variant.play(position, move)
        assert after.board == move.board
        assert after.captured[seat] == position.captured[seat] + move.gain  # ruling T7
    players = len(variant.seats)
    for move in moves[:tokens]:
        for token in {
            variant.format_move(move, position),
            variant.format_move(move, position, long=True),
        }:
            read = variant.parse_move(token, position)  # sole_fit, or the search after it
            assert _key(read.origin, read.path, read.board, read.gain) in expected
            assert (read.board, read.gain) == (move.board, move.gain)
            _check_pickups(variant, position, read.origin, read)
            guide = compile_token(token, position, players)
            assert guide is not None
            fits = find_fits(position, guide, 12, capturer_stays=variant.capturer_stays)
            for fit in fits.found.values():  # the token matcher's quick search
                assert _key(guide.origin, fit.path, fit.board, fit.gain) in expected
                _check_pickups(variant, position, guide.origin, fit)
            sole = sole_fit(
                position.board, guide.origin, seat, guide, variant.capturer_stays, variant.lap_limit
            )
            if sole is not None:
                assert _key(sole.origin, sole.path, sole.board, sole.gain) in expected
                _check_pickups(variant, position, sole.origin, sole)
    return True


#: ruling T11's example (docs/tricala.md): White singletons round the rim, W2 on 2b, B9
#: on 5c; 2b sown SE relays round the rim and comes back to a state after 15 laps.
RIM = "W1/-,W2/W1,-,-/-,-,-,W1/W1,-,B9,-,-/-,W1,-,W1,-,W1 0-0 0-0 W"


@pytest.mark.parametrize("lap_limit", [64, 10])
def test_t11_cut_and_capped_branches_agree_with_the_reference(lap_limit: int) -> None:
    # ruling T11: the endless branch is cut (or dropped at the cap) in both, the rest stays;
    # 2b-2b of seven laps (W onto 2a, round the rim by relays, back to 2b) is one of them
    variant = TricalaVariant(2, lap_limit=lap_limit)
    position = variant.parse_position(RIM)
    assert check_position(variant, position, tokens=40)
    moves = ref.sowings(position.board, 0, lap_limit=lap_limit)
    assert any(m.origin == m.path[-1] == pit("2b") and m.path[0] == pit("2a") for m in moves)


def _playing(position: Any, variant: Any) -> bool:
    return not position.in_setup and variant.outcome(position) is None


@pytest.mark.parametrize("name", ["tricala-2p.txt", "tricala-3p.txt"])
def test_golden_playthroughs_list_the_reference_moves(name: str) -> None:
    """Each position of the golden playthroughs: its listed count of legal moves is the
    reference's, and every fast path agrees with the reference there."""
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    players = "3" if 'Players "3"' in lines[0] else "2"
    variant = find_variant("Tricala", None, {"Players": players})
    checked = 0
    for number, line in enumerate(lines):
        if not line.startswith("Position: "):
            continue
        position = variant.parse_position(line.removeprefix("Position: "))
        if not _playing(position, variant):
            continue
        counted = next(x for x in lines[number:] if x.startswith("Legal moves ("))
        listed = int(counted.split("(")[1].split(")")[0])
        assert len(ref.sowings(position.board, position.to_move, work=10**6)) == listed
        assert check_position(variant, position)
        checked += 1
    assert checked >= 5


def _reading_cases() -> Iterator[tuple[TricalaVariant, list[tuple[str, str, str]]]]:
    """The golden reading file's games: the variant and each line's kind, token and answer."""
    text = (GOLDEN / "reading" / "tricala.txt").read_text(encoding="utf-8")
    variant: TricalaVariant | None = None
    lines: list[tuple[str, str, str]] = []
    for line in text.splitlines():
        if line.startswith("# players"):
            if variant is not None:
                yield variant, lines
            words = line.split()
            variant = TricalaVariant(int(words[2]), capturer_stays=words[4] == "True")
            lines = []
        else:
            kind, token, answer = line.split("\t")
            lines.append((kind, token, answer))
    assert variant is not None
    yield variant, lines


def test_golden_readings_reach_reference_positions() -> None:
    """Each move the golden reading file plays leads to the position the file gives,
    which the reference reaches by one of its sowings from the same pit; the engine
    agrees with the reference in each position before a sowing. (Its ``try`` lines,
    spoiled tokens, are read where the file says and are not followed here.)"""
    checked = 0
    for variant, lines in _reading_cases():
        position = variant.initial_position()
        for kind, token, answer in lines:
            if kind != "play":
                continue
            after = variant.parse_position(" ".join(answer.split()[:-2]))
            if "+" not in token:
                expected = ref.sowings(
                    position.board,
                    position.to_move,
                    capturer_stays=variant.capturer_stays,
                    work=10**6,
                )
                seat = position.to_move
                gain = after.captured[seat] - position.captured[seat]
                assert any(
                    s.board == after.board and s.gain == gain and PIT_NAMES[s.origin] == token[:2]
                    for s in expected
                ), token
                assert check_position(variant, position, tokens=2)
                checked += 1
            position = variant.play(position, variant.parse_move(token, position))
            assert position.board == after.board and position.captured == after.captured
    assert checked >= 50


@pytest.mark.parametrize(
    ("tags", "capturer_stays"),
    [
        ((), False),
        ((("Game", "Tricala"), ("Players", "3")), False),
        ((), True),
        ((("Game", "Tricala"), ("Players", "3")), True),
    ],
)
def test_random_games_agree_with_the_reference(
    tags: tuple[tuple[str, str], ...], capturer_stays: bool
) -> None:
    """Random games, position by position: the same legal moves, the same positions and
    captures after them, and every token read to one of them."""
    rules = "tricala capturer-stays" if capturer_stays else None
    variant = find_variant("Tricala", rules, dict(tags))
    rng = random.Random(f"reference-{tags}-{capturer_stays}")
    checked = left_out = 0
    for _ in range(10):
        record = random_record(variant, rng, tags=tags, max_moves=150)
        position = variant.initial_position()
        for node in record.mainline.moves:
            if _playing(position, variant):
                if check_position(variant, position, tokens=3):
                    checked += 1
                else:
                    left_out += 1
            position = variant.play(position, variant.parse_move(node.token, position))
    assert checked >= 40 and left_out * 10 <= checked
