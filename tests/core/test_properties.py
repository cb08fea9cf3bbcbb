"""Properties of every generated game, for every game, every ruleset, and
Tricala with 2 and 3 players (issue 7).

Games are random legal games: random moves from the engine's own legal moves
(:func:`notation.core.generate.random_record`), drawn by hypothesis from a seed.
"""

from __future__ import annotations

import io
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import find_variant
from notation.core.generate import random_record
from notation.core.record import Record
from notation.core.replay import iter_mainline, record_variant, validate_record
from notation.formats.jsonform import iter_json_records, write_json
from notation.formats.pmn import read_text, write_record
from notation.games import AnyVariant, MoveError
from notation.games.kalah import KalahPosition
from notation.games.trias import TriasPosition
from notation.games.tricala import PIT_NAMES as TRICALA_PITS
from notation.games.tricala import TricalaPosition, unpack
from notation.games.wari import HOLE_NAMES, WariPosition

#: Every board and ruleset, by the tags that select it.
GAMES: list[list[tuple[str, str]]] = [
    [("Game", "Trysse")],
    [("Game", "Trysse"), ("Rules", "trysse skip-origin")],
    [("Game", "Wari")],
    [("Game", "Wari"), ("Rules", "wari skip-origin")],
    [("Game", "Wari"), ("Rules", "abapa")],
    [("Game", "Tricala")],
    [("Game", "Tricala"), ("Rules", "tie=draw capturer-stays")],
    [("Game", "Tricala"), ("Rules", "tie=opponent"), ("Players", "3")],
    [("Game", "Tricala"), ("Players", "3")],
    [("Game", "Trias")],
    [("Game", "Kalah")],
]

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def variant_of(tags: list[tuple[str, str]]) -> AnyVariant:
    table = dict(tags)
    return find_variant(table["Game"], table.get("Rules"), table)


@st.composite
def games(draw: st.DrawFn, max_moves: int = 80) -> tuple[AnyVariant, Record]:
    tags = draw(st.sampled_from(GAMES))
    seed = draw(st.integers(0, 2**32 - 1))
    moves = draw(st.integers(0, max_moves))
    variant = variant_of(tags)
    long = draw(st.booleans())
    record = random_record(variant, random.Random(seed), tags=tags, max_moves=moves, long=long)
    return variant, record


def positions(variant: AnyVariant, record: Record) -> list[object]:
    found = [position for _, position, _ in iter_mainline(record, variant)]
    if record.mainline.moves:
        _, last, move = list(iter_mainline(record, variant))[-1]
        found.append(variant.play(last, move))
    else:
        found.append(variant.initial_position())
    return found


# -- round trips ---------------------------------------------------------------


@SETTINGS
@given(games())
def test_pmn_text_round_trips_exactly(game):
    _, record = game
    text = write_record(record)
    (again,) = read_text(text)
    assert again == record and not again.damaged
    assert write_record(again) == text


@SETTINGS
@given(games())
def test_json_round_trips_exactly(game):
    _, record = game
    for lines in (False, True):
        out = io.StringIO()
        write_json([record], out, lines=lines)
        (again,) = iter_json_records(out.getvalue())
        assert again == record and not again.damaged
        assert write_record(again) == write_record(record)


@SETTINGS
@given(st.sampled_from([g for g in GAMES if g[0][1] == "Tricala"]), st.integers(0, 2**32 - 1))
def test_tricala_short_and_long_forms_replay_to_the_same_positions(tags, seed):
    variant = variant_of(tags)
    short = random_record(variant, random.Random(seed), tags=tags, max_moves=60)
    long = random_record(variant, random.Random(seed), tags=tags, max_moves=60, long=True)
    (short_read,) = read_text(write_record(short))
    (long_read,) = read_text(write_record(long))
    assert positions(variant, short_read) == positions(variant, long_read)
    assert validate_record(short_read).valid and validate_record(long_read).valid


# -- conservation ----------------------------------------------------------------


def stones(variant: AnyVariant, position: object) -> tuple[list[int], int]:
    """Every pit's count (per colour for Tricala), and the stones off the board."""
    if isinstance(position, WariPosition):
        return list(position.pits), sum(position.captured)
    if isinstance(position, TriasPosition):
        return list(position.pits), sum(position.removed)
    if isinstance(position, KalahPosition):  # the stores are pits too: nothing leaves the board
        return list(position.pits), 0
    assert isinstance(position, TricalaPosition)
    counts = [count for pit in position.board for count in unpack(pit)]
    return counts, sum(position.captured) + sum(position.hand)


@SETTINGS
@given(games(max_moves=200))
def test_stones_are_conserved_and_no_pit_goes_negative(game):
    variant, record = game
    start = variant.initial_position()
    pits, off = stones(variant, start)
    total = sum(pits) + off
    for position in positions(variant, record):
        pits, off = stones(variant, position)
        assert min(pits) >= 0
        assert sum(pits) + off == total
        if isinstance(position, TricalaPosition):  # no colour has more than its 9 stones
            for colour in range(3):
                assert sum(unpack(pit)[colour] for pit in position.board) <= 9


# -- the legal-move list -----------------------------------------------------------


def candidate_tokens(variant: AnyVariant, position: object, rng: random.Random) -> list[str]:
    """Tokens a recorder might write: every single hole, and Tricala moves made of pit names."""
    if isinstance(position, WariPosition):
        return list(HOLE_NAMES)
    if isinstance(position, TriasPosition):
        return [f"{rank}{file}" for rank in "123" for file in "abcdefghijkl"]
    if isinstance(position, KalahPosition):
        return list("ABCDEFabcdef")
    assert isinstance(position, TricalaPosition)
    if position.in_setup:
        return ["+".join(sorted(rng.sample(TRICALA_PITS, 3))) for _ in range(20)]
    return [f"{rng.choice(TRICALA_PITS)}-{rng.choice(TRICALA_PITS)}" for _ in range(20)] + [
        f"{rng.choice(TRICALA_PITS)}x{rng.choice(TRICALA_PITS)}" for _ in range(10)
    ]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_moves=60), st.integers(0, 2**32 - 1))
def test_legal_moves_are_distinct_replay_and_nothing_else_is_accepted(game, seed):
    variant, record = game
    rng = random.Random(seed)
    for position in positions(variant, record)[::4]:
        legal = list(variant.legal_moves(position))
        assert len(legal) == len(set(legal))
        after = {}
        for move in legal:
            token = variant.format_move(move, position)
            played = variant.play(position, move)
            assert variant.play(position, variant.parse_move(token, position)) == played
            long = variant.format_move(move, position, long=True)
            assert variant.play(position, variant.parse_move(long, position)) == played
            after[token] = played
        reachable = set(after.values())
        for token in candidate_tokens(variant, position, rng):
            try:
                move = variant.parse_move(token, position)
            except MoveError:
                continue
            # a token the engine accepts is one of its legal moves
            assert move in legal or variant.play(position, move) in reachable, token
        if not legal:  # a player without a legal move has lost, or the game is over
            assert variant.outcome(position) is not None


@SETTINGS
@given(games())
def test_generated_games_validate(game):
    _, record = game
    (read,) = read_text(write_record(record))
    report = validate_record(read)
    assert report.valid, report.problems
    assert record_variant(read) == record_variant(record)
