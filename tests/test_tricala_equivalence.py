"""Tricala's move reading against a frozen copy of the engine it replaced.

``tricala_reference`` is notation.games.tricala as it was before the
lap-table matcher (commit c963ddd), kept under tests/ only as the reference.
For random games (notation.generate.random_record, 2 and 3 players, short and
long move forms, with and without capturer-stays) and for tokens made by
spoiling their moves (parts dropped, the final pit moved, ``x`` and ``-``
swapped, orders dropped or changed, tokens of other positions), both engines
must agree on everything a reader sees: legal or not, the move found (path,
board, capture, stone orders), the position after it, the error's class,
code, reason, the legal moves listed and the candidates of an ambiguity.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import tricala_reference as reference

from notation.games.base import MoveError
from notation.games.tricala import TricalaVariant
from notation.games.tricala.rules import _may_win, achievers
from notation.generate import random_record

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


CASES = [
    (players, capturer_stays, long, seed)
    for players in (2, 3)
    for capturer_stays in (False, True)
    for long in (False, True)
    for seed in range(3)
]


@pytest.mark.parametrize(("players", "capturer_stays", "long", "seed"), CASES)
def test_new_engine_reads_as_the_reference(
    players: int, capturer_stays: bool, long: bool, seed: int
) -> None:
    rng = random.Random(f"{players}-{capturer_stays}-{long}-{seed}")
    new = TricalaVariant(players, capturer_stays=capturer_stays)
    old = reference.TricalaVariant(players, capturer_stays=capturer_stays)
    tokens_seen: list[str] = []
    spoiled_checked = 0
    for _ in range(4):
        record = random_record(new, rng, max_moves=120, long=long)
        position = new.initial_position()
        old_position = old.initial_position()
        for node in record.mainline.moves:
            token = node.token
            assert _answer(new, token, position) == _answer(old, token, old_position), token
            # a spoiled token now and then (errors list legal moves: slower)
            if rng.random() < 0.15 and spoiled_checked < 40:
                for bad in _spoiled(token, rng, tokens_seen[-30:]):
                    spoiled_checked += 1
                    assert _answer(new, bad, position) == _answer(old, bad, old_position), (
                        bad,
                        new.format_position(position),
                    )
            tokens_seen.append(token)
            move = new.parse_move(token, position)
            position = new.play(position, move)
            old_position = old.play(old_position, old.parse_move(token, old_position))
            assert new.format_position(position) == old.format_position(old_position)
            # ruling T8: the quick test says exactly whether anybody meets a winning condition
            assert _may_win(position.board, position.captured) == bool(
                achievers(position.board, position.captured, players)
            )
        for token in tokens_seen[-3:]:  # after the last move: game over (N2), or any answer
            assert _answer(new, token, position) == _answer(old, token, old_position)
    assert spoiled_checked


def test_the_legal_moves_of_random_positions_read_alike() -> None:
    """Every legal move of positions met in random games, short and long, reads alike."""
    rng = random.Random(15)
    for players in (2, 3):
        new = TricalaVariant(players)
        old = reference.TricalaVariant(players)
        record = random_record(new, rng, max_moves=60)
        position = new.initial_position()
        for number, node in enumerate(record.mainline.moves):
            if number >= 6 * players and number % 3 == 0:
                text = new.format_position(position)
                old_position = old.parse_position(text)
                for move in list(new.legal_moves(position))[:25]:
                    for long in (False, True):
                        token = new.format_move(move, position, long=long)
                        assert token == old.format_move(
                            old.parse_move(token, old_position), old_position, long=long
                        )
                        assert _answer(new, token, position) == _answer(old, token, old_position)
            position = new.play(position, new.parse_move(node.token, position))


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
