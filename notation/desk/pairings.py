"""An event told from its pairings: a round robin or a Swiss event, and a round robin's
pairings with no game, with the round each one belongs to.

One reading for every command: :func:`notation.desk.standings.recognise_system` (the
standings' system and their ``?`` cells) and ``pmn validate --strict``'s
``missing-pairing`` check (:func:`notation.desk.event.check_round_robins`) both tally
the games here (:func:`tally`) and decide with :func:`system_reason`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from notation.render.sinks import plural

#: The value a seat tag holds in a bye record (docs/desk.md, "Byes and forfeits").
BYE = "BYE"


class System(StrEnum):
    """The kind of event: how its standings are ordered and its crosstable laid out
    (written in reports as its value)."""

    #: every player meets every other the same number of times (cycles)
    ROUND_ROBIN = "round-robin"
    #: players are paired round by round; any event not a round robin
    SWISS = "swiss"


def is_bye(name: str) -> bool:
    """Whether a seat's name marks the bye (``BYE``, any case)."""
    return name.strip().upper() == BYE


def pairs_of(players: Sequence[str]) -> list[tuple[str, str]]:
    """The pairings of one game: every two of its players (byes left out), each in
    alphabetical order."""
    named = [p for p in players if not is_bye(p)]
    return [(min(a, b), max(a, b)) for i, a in enumerate(named) for b in named[i + 1 :] if a != b]


@dataclass(frozen=True, slots=True)
class Tally:
    """The pairings of an event's games: how often each two players met, the rounds, the
    players, whether a bye was given, and who played in each round."""

    pairings: Counter[tuple[str, str]]
    rounds: frozenset[str]
    players: frozenset[str]
    bye: bool
    seated: dict[str, frozenset[str]]

    @property
    def cycles(self) -> int:
        """The most times any two players met."""
        return max(self.pairings.values(), default=0)


def tally(games: Iterable[tuple[str, Sequence[str]]]) -> Tally:
    """The pairings of ``games``: (round, players in seat order), the round ``?`` when it
    is not known."""
    pairings: Counter[tuple[str, str]] = Counter()
    rounds: set[str] = set()
    players: set[str] = set()
    seated: dict[str, set[str]] = defaultdict(set)
    bye = False
    for round_, names in games:
        pairings.update(pairs_of(names))
        rounds.add(round_)
        named = {p for p in names if not is_bye(p) and p not in ("", "?", "-")}
        players.update(named)
        seated[round_].update(named)
        bye = bye or any(is_bye(p) for p in names)
    return Tally(
        pairings,
        frozenset(rounds),
        frozenset(players),
        bye,
        {r: frozenset(names) for r, names in seated.items()},
    )


def system_reason(
    n: int, cycles: int, rounds: set[str], pairings: Counter[tuple[str, str]], bye: bool
) -> tuple[System, str]:
    """Whether the pairings are a round robin, and why (in words, for display).

    With n players, an event is a round robin of c cycles when no two players met more
    than c times (c the most any two met) and its rounds are the rounds c cycles take:
    c(n-1) for an even n, cn for an odd n (each player sits out one round a cycle, so
    byes are allowed only then). Without round numbers, when every two players met c
    times. Otherwise it is a Swiss event; the reason says which condition failed."""
    swiss, robin = System.SWISS, System.ROUND_ROBIN
    if n < 2 or cycles == 0:
        return swiss, f"Swiss: {plural(n, 'player')} and no pairing, no round robin to see"
    per_cycle = n - 1 + n % 2
    times = "once" if cycles == 1 else f"{cycles} times"
    if bye and n % 2 == 0:
        return swiss, f"Swiss: a bye among {n} players (a round robin of an even number has none)"
    known = {r for r in rounds if r != "?"}
    if known and len(known) == len(rounds):
        if len(known) != cycles * per_cycle:
            return swiss, (
                f"Swiss: {n} players in {plural(len(known), 'round')}, {len(pairings)} of "
                f"{n * (n - 1) // 2} pairings met; a round robin of {n} players takes "
                f"{cycles * per_cycle} rounds"
            )
        return robin, (
            f"round robin: {n} players, {len(known)} rounds, no two players met more than {times}"
        )
    every = n * (n - 1) // 2
    if len(pairings) == every and len(set(pairings.values())) == 1:
        return robin, f"round robin: every two of the {n} players met {times} (no round numbers)"
    return swiss, (
        f"Swiss: {len(pairings)} of {every} pairings met, not all equally often, and no round "
        "numbers to tell a round robin with games missing"
    )


def missing(seen: Tally, counted: Counter[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """A round robin's pairings that met fewer times than its cycles: every two players
    ``counted`` (default: :attr:`Tally.pairings`) fewer times than the most any two met."""
    counted = seen.pairings if counted is None else counted
    names = sorted(seen.players)
    return [
        (a, b) for i, a in enumerate(names) for b in names[i + 1 :] if counted[a, b] < seen.cycles
    ]


def free_rounds(seen: Tally, pair: tuple[str, str]) -> list[str]:
    """The known rounds in which neither player of ``pair`` played: the rounds a missing
    game of theirs belongs to (one, when every other game of those rounds was
    submitted), in round order."""
    rounds = [r for r in seen.rounds if r != "?" and not set(pair) & seen.seated.get(r, set())]
    return sorted(rounds, key=round_key)


def round_key(round_: str) -> tuple[int, ...]:
    """Rounds in playing order: ``2`` before ``10``, ``3.1`` after ``3``; ``?`` last."""
    if re.fullmatch(r"[0-9]+(?:\.[0-9]+)*", round_):
        return tuple(int(part) for part in round_.split("."))
    return (1 << 30,)


__all__ = [
    "BYE",
    "System",
    "Tally",
    "free_rounds",
    "is_bye",
    "missing",
    "pairs_of",
    "round_key",
    "system_reason",
    "tally",
]
