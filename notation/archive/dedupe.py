"""Duplicate games: which copy of each game is kept, and what the others repeat.

Two games are duplicates when they have the same moves from the same start
(:func:`notation.archive.tools.game_key`: moves compared by the positions
they reach, so long and short forms, or numbered holes, are the same game).
``pmn dedupe`` and ``pmn merge --dedupe`` stream a collection through
:func:`drop_duplicates`; ``--keep most-complete`` first finds the copy to keep
with :func:`choose_most_complete`; an index answers with
:func:`choose_from_keys`. Each keeps a key and a header per distinct game,
never the games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from notation.archive.games import ArchiveGame
from notation.archive.tools import GameView, game_key, header_completeness
from notation.core.record import Record

_Game = TypeVar("_Game", Record, ArchiveGame)

#: Told of each game dropped: the game, its number in the stream, and the copy kept.
OnDropped = Callable[[Record, int, "Kept"], None]


@dataclass(frozen=True, slots=True)
class Kept:
    """What is remembered of a kept game: its number in the stream, where it was read
    (``file:line (game N)``), and its header (not its moves)."""

    ordinal: int
    where: str
    header: Record


def where_read(record: Record, ordinal: int) -> str:
    """``file:line (game N)``: where a game was read, as the reports name it."""
    place = f"{record.source}:{record.line}" if record.line else record.source
    return f"{place} (game {ordinal})"


def kept(record: Record, ordinal: int) -> Kept:
    """What is remembered of a game kept: where it was read, and its header."""
    return Kept(
        ordinal, where_read(record, ordinal), Record(tags=record.tags, result=record.result)
    )


def drop_duplicates(
    records: Iterable[_Game],
    on_dropped: OnDropped,
    *,
    symmetric: bool = False,
    chosen: dict[bytes, Kept] | None = None,
) -> Iterator[_Game]:
    """The records (or games of a collection, :class:`~notation.archive.games.ArchiveGame`)
    that are not duplicates; ``on_dropped`` is told of each other one.

    Keeps the first of each set of duplicates, or the one ``chosen`` names for
    its key (what :func:`choose_most_complete` found).
    """
    seen: dict[bytes, Kept] = {}
    for ordinal, game in enumerate(records, start=1):
        record = game.record if isinstance(game, ArchiveGame) else game
        key = game_key(GameView(record), symmetric=symmetric)
        if chosen is not None:
            if chosen[key].ordinal == ordinal:
                yield game
            else:
                on_dropped(record, ordinal, chosen[key])
            continue
        first = seen.get(key)
        if first is None:
            seen[key] = kept(record, ordinal)
            yield game
        else:
            on_dropped(record, ordinal, first)


def choose_most_complete(records: Iterable[Record], *, symmetric: bool) -> dict[bytes, Kept]:
    """For each distinct game, the copy with the most tags filled in (the first on a tie)."""
    best: dict[bytes, tuple[int, Kept]] = {}
    for ordinal, record in enumerate(records, start=1):
        key = game_key(GameView(record), symmetric=symmetric)
        score = header_completeness(record)
        if key not in best or score > best[key][0]:
            best[key] = (score, kept(record, ordinal))
    return {key: copy for key, (_, copy) in best.items()}


def choose_from_keys(
    keys: Sequence[bytes], headers: Sequence[Record], *, most_complete: bool
) -> list[Kept]:
    """For each game given by its key and header (an index's), the copy kept of it: the
    first, or (``most_complete``) the one with the most tags filled in."""
    chosen: dict[bytes, Kept] = {}
    for ordinal, (key, header) in enumerate(zip(keys, headers, strict=True), start=1):
        copy = kept(header, ordinal)
        if key not in chosen or (
            most_complete and header_completeness(header) > header_completeness(chosen[key].header)
        ):
            chosen[key] = copy
    return [chosen[key] for key in keys]


__all__ = [
    "Kept",
    "OnDropped",
    "choose_from_keys",
    "choose_most_complete",
    "drop_duplicates",
    "kept",
    "where_read",
]
