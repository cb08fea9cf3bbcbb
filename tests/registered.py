"""Every registered variant, as the contract tests and the golden playthroughs see them.

A *case* is one ``Game`` tag value of a registered game class (each name of
each class), and, for a class that declares several ``seat_counts``, one
case per count (a ``Players`` tag). Everything comes from the registry
(``notation.games.games()``), so a newly registered game is tested with no
change here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from notation.core.generate import random_record
from notation.core.record import Record
from notation.games import games, variant_from_tags

#: Seeds of the random games every case is tested with (fixed: the same games every run).
SEEDS = (1, 2)
#: Moves after which a random game used by the tests is stopped unfinished.
MAX_MOVES = 400


@dataclass(frozen=True)
class VariantCase:
    """One registered variant: the game class, the tags that select it, and a test id."""

    id: str
    cls: type
    tags: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        """The ``Game`` tag value."""
        return self.tags[0][1]

    @property
    def variant(self) -> Any:
        """The variant the tags select (through the registry, as a record's tags would)."""
        return variant_from_tags(self.tags)

    def record(self, seed: int, max_moves: int = MAX_MOVES) -> Record:
        """A random legal game of this variant (the same for the same seed)."""
        return random_record(self.variant, random.Random(seed), tags=self.tags, max_moves=max_moves)

    def from_position(self, seed: int, after: int) -> Record:
        """A random game from a ``Position`` tag: the position ``after`` random moves from
        the start (the first that is not over), as a record set up mid-game would begin."""
        variant = self.variant
        rng = random.Random(seed)
        position = variant.initial_position()
        for _ in range(after):
            moves = sorted(variant.legal_moves(position), key=repr)
            following = variant.play(position, rng.choice(moves)) if moves else None
            if following is None or variant.outcome(following) is not None:
                break
            position = following
        # the position as a Position tag gives it (its turn count is not in the string)
        start = variant.parse_position(variant.format_position(position))
        return random_record(variant, rng, tags=self.tags, max_moves=MAX_MOVES, position=start)

    def records(self) -> list[Record]:
        """Two random games played out (or stopped at MAX_MOVES), one stopped early, and
        one from a set-up position (odd turn: the second seat moves first)."""
        return [
            *(self.record(seed) for seed in SEEDS),
            self.record(3, max_moves=7),
            self.from_position(4, 11),
        ]


def registered_cases() -> Iterator[VariantCase]:
    """A case for each name of each registered game class, and each of its seat counts."""
    for cls in games():
        for name in cls.names:
            for seats in cls.seat_counts:
                tags: tuple[tuple[str, str], ...] = (("Game", name),)
                ident = name.lower()
                if len(cls.seat_counts) > 1:
                    tags += (("Players", str(seats)),)
                    ident += f"-{seats}p"
                yield VariantCase(ident, cls, tags)


CASES = tuple(registered_cases())
