"""Tricala's move reading holds still while the matcher is made faster.

For random games (notation.core.generate.random_record, 2 and 3 players, short and
long move forms, with and without capturer-stays) and for tokens made by
spoiling their moves (parts dropped, the final pit moved, ``x`` and ``-``
swapped, orders dropped or changed, tokens of other positions), reading each
token must give what ``tests/golden/reading/tricala.txt`` says: legal or not,
the move found (path, board, capture, stone orders), the position after it,
the error's class, code, reason, the legal moves listed and the candidates of
an ambiguity. The file was written by the engine before the lap-table matcher
(c963ddd) and checked equal to it. ``sole_fit``, the matcher's quick path, is
also held to the full search it stands in for.
"""

from __future__ import annotations

import difflib
import hashlib
import random
from pathlib import Path
from typing import Any

import pytest

from notation.core.generate import random_record
from notation.games.base import MoveError
from notation.games.tricala import TricalaVariant

_PIT_NAMES = [f"{row}{'abcdef'[col]}" for row in range(1, 7) for col in range(row)]


def _answer(variant: Any, token: str, position: Any) -> tuple[object, ...]:
    """What parse_move tells about ``token``, as plain values both engines can be compared by."""
    try:
        move = variant.parse_move(token, position)
    except MoveError as error:
        return (
            "error",
            type(error).__name__,
            error.code,
            error.reason,
            tuple(error.legal or ()),
            tuple(getattr(error, "candidates", None) or ()),
        )
    after = variant.play(position, move)
    if hasattr(move, "path"):
        shown: tuple[object, ...] = (
            "sowing",
            move.origin,
            move.path,
            move.board,
            move.gain,
            move.pickups,
        )
    else:
        shown = ("placement", move.pits)
    return (*shown, variant.format_position(after), variant.format_move(move, position))


def _spoiled(token: str, rng: random.Random, others: list[str]) -> list[str]:
    """Tokens near ``token`` that may be illegal, ambiguous or another move."""
    out = [rng.choice(others)] if others else []
    if "+" in token:
        return out
    plain = token
    parts = plain.replace("x", "-").split("-")
    if len(parts) > 2:  # drop a waypoint
        drop = rng.randrange(1, len(parts) - 1)
        out.append("-".join(parts[:drop] + parts[drop + 1 :]))
    out.append(token[:-2] + rng.choice(_PIT_NAMES))  # move the final pit
    out.append(token[:-3] + ("-" if token[-3] == "x" else "x") + token[-2:])  # capture mark wrong
    if "[" in token:  # drop or change an order
        start = token.index("[")
        end = token.index("]", start)
        out.append(token[:start] + token[end + 1 :])
        letters = list(token[start + 1 : end])
        rng.shuffle(letters)
        out.append(token[: start + 1] + "".join(letters) + token[end:])
        out.append(token[: start + 1] + "W" + token[end:])
    return out


#: The golden file: each case's tokens in the order read, and what reading them gave.
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "reading" / "tricala.txt"
REGENERATE = "PYTHONPATH=. python3 tests/games/test_tricala_equivalence.py"

CASES = [
    (players, capturer_stays, long)
    for players in (2, 3)
    for capturer_stays in (False, True)
    for long in (False, True)
]


def _summary(answer: tuple[object, ...]) -> str:
    """One line on an answer: what a reader sees first, and a digest of all of it."""
    digest = hashlib.sha256(repr(answer).encode()).hexdigest()[:12]
    if answer[0] == "error":
        return f"{answer[1]} {answer[2]} {digest}"
    return f"{answer[-2]} {answer[-1]} {digest}"


def reading_lines() -> list[str]:
    """Random games' tokens and spoiled tokens near them, each with what reading it gives.

    ``play`` lines are moves of the game (read, then played); ``try`` lines are
    spoiled tokens, read in the same position and not played.
    """
    lines = []
    for players, capturer_stays, long in CASES:
        rng = random.Random(f"{players}-{capturer_stays}-{long}")
        variant = TricalaVariant(players, capturer_stays=capturer_stays)
        seen: list[str] = []
        spoiled = 0
        for game in range(2):
            lines.append(
                f"# players {players} capturer-stays {capturer_stays} long {long} game {game}"
            )
            record = random_record(variant, rng, max_moves=120, long=long)
            position = variant.initial_position()
            for node in record.mainline.moves:
                token = node.token
                lines.append(f"play\t{token}\t{_summary(_answer(variant, token, position))}")
                if rng.random() < 0.15 and spoiled < 40:
                    for bad in _spoiled(token, rng, seen[-30:]):
                        spoiled += 1
                        lines.append(f"try\t{bad}\t{_summary(_answer(variant, bad, position))}")
                seen.append(token)
                position = variant.play(position, variant.parse_move(token, position))
            for token in seen[-3:]:  # after the last move: game over (N2), or any answer
                lines.append(f"try\t{token}\t{_summary(_answer(variant, token, position))}")
    return lines


def test_reading_tokens_gives_what_the_golden_file_says() -> None:
    """Tokens of random games (2 and 3 players, short and long forms, with and without
    capturer-stays) and spoiled ones read as when the file was written: legal or not, the
    move (path, board, capture, orders), the position after, the error's class, code,
    reason, legal list and candidates. The file was written by the engine before the
    lap-table matcher (c963ddd) and checked equal to this one; regenerate it only for a
    deliberate change of the rules or the notation."""
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = reading_lines()
    if actual != expected:
        diff = difflib.unified_diff(expected, actual, "checked in", "read now", lineterm="", n=2)
        pytest.fail(
            "Tricala reads tokens differently:\n"
            + "\n".join(list(diff)[:40])
            + f"\nIf the change is meant, regenerate: {REGENERATE}"
        )
    assert sum(line.startswith("try") for line in actual) > 100


def test_the_quick_constructors_make_the_same_values() -> None:
    """make_position and make_sowing fill the slots directly: equal, hashed alike, still frozen."""
    from dataclasses import FrozenInstanceError

    from notation.games.tricala.position import TricalaPosition, make_position
    from notation.games.tricala.rules import Sowing, make_sowing

    board = tuple(range(21))
    made = make_position(board, (1, 2), (0, 0), 1, 7, 0)
    plain = TricalaPosition(board, (1, 2), (0, 0), 1, 7, 0)
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    with pytest.raises(FrozenInstanceError):
        made.turn = 3  # type: ignore[misc]
    sowing = make_sowing(4, (5, 6), board, 2, ((4, (0, 1)),))
    assert sowing == Sowing(4, (5, 6), board, 2, ((4, (0, 1)),))
    assert sowing.pickups == ((4, (0, 1)),)
    with pytest.raises(FrozenInstanceError):
        sowing.gain = 0  # type: ignore[misc]


def test_sole_fit_answers_only_what_the_full_search_finds() -> None:
    """For every shortening of legal moves of random positions: sole_fit's move is the full
    search's one fit (path, board, capture, orders), and it answers None when that search
    finds none or several; it answers most tokens itself, pickups of open order included."""
    from notation.games.tricala.notation import Rejected, compile_token, find_fits, shortenings
    from notation.games.tricala.rules import sole_fit

    rng = random.Random(31)
    answered = unsure = 0
    for players in (2, 3):
        variant = TricalaVariant(players)
        for _ in range(3):
            record = random_record(variant, rng, max_moves=80)
            position = variant.initial_position()
            for node in record.mainline.moves:
                if not position.in_setup:
                    for move in list(variant.legal_moves(position))[:15]:
                        for token in list(shortenings(move))[:6]:
                            try:
                                guide = compile_token(token, position, players)
                            except Rejected:  # e.g. a turn the listed pits make impossible
                                continue
                            assert guide is not None
                            full = find_fits(position, guide, 12, capturer_stays=False)
                            sole = sole_fit(
                                position.board, guide.origin, position.to_move, guide, False
                            )
                            if sole is None:
                                unsure += len(full.found) == 1  # it could have answered
                                continue
                            answered += 1
                            assert len(full.found) == 1, token
                            fit = next(iter(full.found.values()))
                            assert (sole.path, sole.board, sole.gain, sole.pickups) == (
                                fit.path,
                                fit.board,
                                fit.gain,
                                fit.pickups,
                            ), token
                position = variant.play(position, variant.parse_move(node.token, position))
    assert answered > 5 * unsure


@pytest.mark.parametrize("bound", [2, 5, 9])
def test_sole_fit_past_its_work_bound_leaves_the_token_to_the_full_search(
    monkeypatch: pytest.MonkeyPatch, bound: int
) -> None:
    """With a tiny SOLE_FIT_WORK, the walk gives up where a lap may go several ways, on the
    board in place or on a copy of it for an earlier way (the copy's giving up is the
    walk's, never a branch left out): it then answers None, and whatever it answers is
    still the full search's one fit."""
    from notation.games.tricala import rules
    from notation.games.tricala.notation import Rejected, compile_token, find_fits, shortenings

    monkeypatch.setattr(rules, "SOLE_FIT_WORK", bound)
    rng = random.Random(47)
    answered = given_up = 0
    for players in (2, 3):
        variant = TricalaVariant(players)
        record = random_record(variant, rng, max_moves=60)
        position = variant.initial_position()
        for node in record.mainline.moves:
            if not position.in_setup:
                for move in list(variant.legal_moves(position))[:10]:
                    for token in list(shortenings(move))[:4]:
                        try:
                            guide = compile_token(token, position, players)
                        except Rejected:
                            continue
                        assert guide is not None
                        full = find_fits(position, guide, 12, capturer_stays=False)
                        sole = rules.sole_fit(
                            position.board, guide.origin, position.to_move, guide, False
                        )
                        if sole is None:
                            given_up += len(full.found) == 1
                            continue
                        answered += 1
                        assert len(full.found) == 1, token
                        (fit,) = full.found.values()
                        read = (sole.path, sole.board, sole.gain, sole.pickups)
                        assert read == (fit.path, fit.board, fit.gain, fit.pickups), token
            position = variant.play(position, variant.parse_move(node.token, position))
    assert answered and given_up  # the bound was met, and most tokens still read alone


def test_a_free_stretch_the_board_narrows_to_one_route_is_read_without_the_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """4a-6b: 4a and 6b are not in line, so the stretch is free (N3), and the one stone
    of 4a may go four ways (T4). To 3a, 4b or 5b it ends the move in an empty pit (T6)
    short of 6b; only 5a, holding a White stone, relays (T6): its two stones go on
    south-west to 6a, turn at the corner (T5) and end in the empty 6b. The walk
    follows that one chain in place: no way is followed on a copy of the board."""
    from notation.games.tricala import rules
    from notation.games.tricala.notation import compile_token, find_fits

    variant = TricalaVariant(2)
    position = variant.parse_position("-/-,-/-,-,W1B1/W1,-,-,-/W1,-,-,-,-/-,-,W1,-,-,- 6-7 0-0 W")

    def no_walk(*args: object, **kwargs: object) -> None:
        raise AssertionError("a way was followed on a copy")

    monkeypatch.setattr(rules, "_on_copy", no_walk)
    move = variant.parse_move("4a-6b", position)
    assert [_PIT_NAMES[p] for p in move.path] == ["5a", "6a", "6b"]
    assert move.gain == 0
    after = variant.play(position, move)
    assert (
        variant.format_position(after).split()[0]
        == "-/-,-/-,-,W1B1/-,-,-,-/-,-,-,-,-/W1,W1,W1,-,-,-"
    )
    guide = compile_token("4a-6b", position, 2)
    assert guide is not None
    (fit,) = find_fits(position, guide, 12, capturer_stays=False).found.values()
    assert (move.path, move.board, move.pickups) == (fit.path, fit.board, fit.pickups)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(reading_lines()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
