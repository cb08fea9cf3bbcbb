"""Random legal games, for examples, tests and benchmarks.

:func:`random_record` plays uniformly random legal moves with a seeded
random generator, so the same seed always gives the same game, and returns
a record written the way the canonical writer writes it (move numbers
before the first seat's moves, canonical move tokens, the result by the
rules when the game ends).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from notation.core.record import Line, MoveNode, Record, canonical_tags
from notation.core.replay import expected_number
from notation.games import AnyVariant, find_variant


def random_record(
    variant: AnyVariant,
    rng: random.Random,
    *,
    tags: Sequence[tuple[str, str]] = (),
    max_moves: int = 1000,
    position: Any = None,
    long: bool = False,
) -> Record:
    """A random legal game of ``variant``, stopped after ``max_moves`` if the rules have not ended it.

    ``tags`` come first; the tags that select ``variant`` (``Game``, and
    ``Rules`` and ``Players`` where the game's name alone would select another
    variant) are added when missing; ``Result`` is set from the rules, or
    ``*`` when the game was stopped unfinished. A game from ``position`` is
    numbered as a reader numbers it from the record's ``Position`` tag.
    """
    start = variant.initial_position() if position is None else position
    if position is not None:  # what the Position tag will say, turn count included
        start = variant.parse_position(variant.format_position(position))
    current = start
    nodes: list[MoveNode] = []
    seats = len(variant.seats)
    while len(nodes) < max_moves and variant.outcome(current) is None:
        moves = list(variant.legal_moves(current))
        if not moves:
            break
        move = rng.choice(moves)
        number: str | None = expected_number(variant, current)
        if nodes and variant.turn(current) % seats != 0:
            number = None
        token = variant.format_move(move, current, long=long)
        nodes.append(MoveNode(token, number))
        # the one play outside core/replay.py's loop, by design: a generator chooses each
        # move from the legal ones, so it has no record to replay (tests/house/test_one_replay.py)
        current = variant.play(current, move)
    outcome = variant.outcome(current)
    result = outcome.result if outcome is not None else "*"
    all_tags = list(tags)
    given = {name for name, _ in all_tags}
    if "Game" not in given:
        all_tags.extend(_selecting_tags(variant))
    if position is not None and "Position" not in given:
        all_tags.append(("Position", variant.format_position(start)))
    all_tags = [(n, v) for n, v in all_tags if n != "Result"] + [("Result", result)]
    return Record(canonical_tags(tuple(all_tags)), Line(tuple(nodes)), result)


def _selecting_tags(variant: AnyVariant) -> list[tuple[str, str]]:
    """``Game``, and ``Players`` and ``Rules`` where needed, so that the tags select ``variant``."""
    selecting = [("Game", variant.game)]
    if len(type(variant).seat_counts) > 1:
        selecting.append(("Players", str(len(variant.seats))))
    if find_variant(variant.game, None, dict(selecting)) != variant:
        selecting.insert(1, ("Rules", variant.rules))
    return selecting


__all__ = [
    "random_record",
]
