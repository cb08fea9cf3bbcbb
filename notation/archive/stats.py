"""What a collection holds: its games counted by game, ruleset, result, termination and
length (``pmn stats``), from the records as declared (no replay) or from their tags
alone (a header scan).

    >>> from notation import read_text
    >>> counts = CollectionStats()
    >>> counts.add_record(read_text('[Game "Wari"]\\n[Result "1-0"]\\n\\n1. C b 1-0\\n')[0])
    >>> counts.summary()["games"], counts.ordered("result")
    (1, [('1-0', 1)])
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from notation.core.record import Record
from notation.games import RulesError, find_variant

#: The lower bounds of the length table's rows, in moves.
LENGTH_BUCKETS = (0, 20, 40, 60, 80, 100, 150, 200, 300)


def length_bucket(plies: int) -> str:
    """``"40-59"`` style bucket of a game's length in moves."""
    lower = max(b for b in LENGTH_BUCKETS if b <= plies)
    following = [b for b in LENGTH_BUCKETS if b > plies]
    return f"{lower}-{following[0] - 1}" if following else f"{lower}+"


@lru_cache(maxsize=256)
def game_title(game: str, rules: str | None) -> str:
    """The name a game is counted under: the name people know its variant by
    (:attr:`notation.games.base.Variant.title`: ``[Game "Wari"] [Rules "abapa"]`` and
    ``[Game "Awale"]`` are "Oware"), or the ``Game`` value as written when PMN plays no
    such game or ruleset."""
    try:
        return find_variant(game, rules).title
    except RulesError:
        return game


class CollectionStats:
    """Counts of a collection's games, added a game at a time: by its tag pairs
    (:meth:`add_tags`, no length) or by its record (:meth:`add_record`, with the length of
    its main line); a damaged record is counted apart (:meth:`add_damaged`)."""

    def __init__(self, *, lengths: bool = True) -> None:
        self.tables: dict[str, Counter[str]] = {
            "game": Counter(),
            "ruleset": Counter(),
            "result": Counter(),
            "termination": Counter(),
        }
        if lengths:
            self.tables["length"] = Counter()
        self.lengths: list[int] = []
        self.games = 0
        self.damaged = 0

    def add_tags(self, tags: Iterable[tuple[str, str]], result: str | None = None) -> None:
        """Count a game by its tag pairs (``result``: the movetext's, when it was read). A
        tag given twice counts by its first value, as :meth:`Record.tag` reads it."""
        values: dict[str, str] = {}
        for name, value in tags:
            values.setdefault(name, value)
        rules = values.get("Rules")
        game = game_title(values.get("Game") or "?", rules)
        self.tables["game"][game] += 1
        self.tables["ruleset"][f"{game} {rules or '(default)'}"] += 1
        self.tables["result"][result or values.get("Result") or "(none)"] += 1
        self.tables["termination"][values.get("Termination") or "(none)"] += 1
        self.games += 1

    def add_record(self, record: Record) -> None:
        """Count an undamaged record, with the length of its main line."""
        self.add_tags(record.tags, record.result)
        plies = len(record.mainline.moves)
        self.lengths.append(plies)
        if "length" in self.tables:
            self.tables["length"][length_bucket(plies)] += 1

    def add_damaged(self) -> None:
        """Count a record that could not be read."""
        self.damaged += 1

    def summary(self) -> dict[str, int | float]:
        """The games counted, those that could not be read, and (with lengths) the
        shortest, median and longest main line."""
        summary: dict[str, int | float] = {"games": self.games, "unreadable": self.damaged}
        if "length" in self.tables:
            summary["moves_min"] = min(self.lengths, default=0)
            summary["moves_median"] = statistics.median(self.lengths) if self.lengths else 0
            summary["moves_max"] = max(self.lengths, default=0)
        return summary

    def ordered(self, name: str) -> list[tuple[str, int]]:
        """A table's rows: lengths in order of length, the others most games first."""
        rows = self.tables[name].items()
        if name == "length":
            return sorted(rows, key=lambda kv: int(kv[0].split("-")[0].rstrip("+")))
        return sorted(rows, key=lambda kv: (-kv[1], kv[0]))


__all__ = ["LENGTH_BUCKETS", "CollectionStats", "game_title", "length_bucket"]
