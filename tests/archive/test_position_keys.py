"""Position keys (issue 29): what duplicate keys, position searches and the index compare
instead of position strings, cheaper to build. Two positions have equal keys exactly when
they have equal position strings; a variant's keys are one length or NUL-ended; and the
main line's positions walked without a Step a move are those the one replay visits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation.archive.tools import GameView, game_key
from notation.core.generate import random_record
from notation.core.record import Line, MoveNode
from notation.core.replay import LineVisitor, mainline_positions, open_game, replay
from notation.formats.collection import read_path
from notation.games import find_variant
from tests.registered import CASES

ROOT = Path(__file__).resolve().parents[2]
#: Every registered game, each name and seat count (from the registry).
GAMES = [(case.name, dict(case.tags[1:])) for case in CASES]


@pytest.mark.parametrize(("game", "tags"), GAMES)
def test_keys_are_equal_exactly_when_position_strings_are(game, tags):
    variant = find_variant(game, None, tags)
    rng = random.Random(game)
    by_text: dict[str, bytes] = {}
    by_key: dict[bytes, str] = {}
    lengths = set()
    for _ in range(20):
        record = random_record(variant, rng, tags=(("Game", game), *tags.items()), max_moves=80)
        started = open_game(record)
        walked = mainline_positions(variant, record.mainline, started.start)
        assert variant.position_keys(walked) == [variant.position_key(p) for p in walked]
        for position in walked:
            text, key = variant.format_position(position), variant.position_key(position)
            assert by_text.setdefault(text, key) == key
            assert by_key.setdefault(key, text) == text
            lengths.add(len(key))
            assert len(lengths) == 1 or key.endswith(b"\0")
    assert len(by_text) > 100


def test_wari_key_by_hand():
    wari = find_variant("Wari")
    after_c = wari.parse_position("4-4-0-5-5-5-5-4-4-4-4-4-0-0-N")
    assert wari.position_key(after_c) == bytes([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 0, 0, 1])


def test_the_default_key_is_the_string_nul_ended():
    trias = find_variant("Trias")
    start = trias.initial_position()
    assert trias.position_key(start) == trias.format_position(start).encode() + b"\0"


def steps(variant, line, start, limit=None):
    seen = [start]
    replay(
        variant,
        line,
        start,
        LineVisitor(lambda step: seen.append(step.after)),
        variations=False,
        limit=limit,
    )
    return seen


@pytest.mark.parametrize(("game", "tags"), GAMES)
def test_the_walk_without_steps_visits_what_the_replay_visits(game, tags):
    variant = find_variant(game, None, tags)
    rng = random.Random(f"walk {game}")
    for _ in range(15):
        record = random_record(variant, rng, tags=(("Game", game), *tags.items()), max_moves=60)
        start = open_game(record).start
        moves = list(record.mainline.moves)
        if moves and rng.random() < 0.5:  # a wrong number, or a move the rules refuse
            at = rng.randrange(len(moves))
            bad = (
                MoveNode("999z", None)
                if rng.random() < 0.5
                else MoveNode(moves[at].token, "777." if moves[at].number is None else "777...")
            )
            moves[at] = bad
        line = Line(tuple(moves))
        for limit in (None, 0, 3, 10):
            assert mainline_positions(variant, line, start, limit=limit) == steps(
                variant, line, start, limit
            )


def test_duplicate_keys_of_the_examples_are_the_same_from_either_walk():
    """game_key from the keys walk equals game_key from a view replayed with strings."""
    for path in sorted(ROOT.glob("examples/*.pmn")):
        for record in read_path(str(path)):
            quick = game_key(GameView(record))
            full = GameView(record)
            full.positions  # noqa: B018 (the replay that notes strings and moves too)
            assert game_key(full) == quick, path


def test_the_index_notes_what_a_replay_with_steps_notes():
    """The index's quick path (the replay's trail of positions) and its path by steps
    (records with numbered holes, boards with symmetries) give the same view, start and
    verdict, and the view's keys are a fresh GameView's."""
    from notation.archive import index

    rng = random.Random("index paths")
    records = [
        record for path in sorted(ROOT.glob("examples/**/*.pmn")) for record in read_path(str(path))
    ]
    for game, tags in GAMES:
        variant = find_variant(game, None, tags)
        records += [
            random_record(variant, rng, tags=(("Game", game), *tags.items()), max_moves=50)
            for _ in range(5)
        ]
    checked = 0
    for record in records:
        quick = index.index_game(record)
        view = quick.view
        if view.variant is None or record.damaged:
            continue
        steps = index._validated_by_steps(record, 1, view.variant)
        assert (quick.valid, quick.start) == (steps.valid, steps.start), record.source
        assert view.keys == steps.view.keys == GameView(record).keys, record.source
        assert view.moves == steps.view.moves, record.source
        assert game_key(view) == game_key(GameView(record)), record.source
        checked += 1
    assert checked > 60


def test_short_hashes_are_each_short_hash_joined():
    from notation.archive import index

    rng = random.Random("hashes")
    keys = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 20))) for _ in range(500)]
    assert index.short_hashes(keys) == b"".join(map(index.short_hash, keys))
    assert index.short_hashes([]) == b""
    assert len(index.short_hash(b"x")) == index.SHORT_HASH_BYTES
