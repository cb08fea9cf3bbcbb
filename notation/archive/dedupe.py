"""Duplicate games: which copy of each game is kept, and what the others repeat.

Two games are copies of one game when they have the same players, the same result and
the same moves from the same start (:func:`copy_key`, by default: SCID's twins); with
``by="moves"``, when they have the same moves from the same start (pgn-extract's ``-D``).
Moves are compared by the positions they reach
(:func:`notation.archive.tools.game_key`: long and short forms, or numbered holes,
are the same moves); players by :func:`notation.core.identity.name_key`, as the desk
compares them (the desk's ``duplicate-game`` check calls the same
:func:`~notation.core.identity.game_identity`).
``pmn dedupe`` and ``pmn merge --dedupe`` stream a collection through
:func:`drop_duplicates`; ``--keep most-complete`` first finds the copy to keep
with :func:`choose_most_complete`; an index answers with
:func:`choose_from_keys`. Each keeps a key and a header per distinct game,
never the games. A collection read from files is first read for its games' words
(:func:`games_to_compare`): a game whose moves' words no other game shares is kept
without being replayed.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from notation.archive.games import ArchiveGame, read_archive
from notation.archive.tools import GameView, game_key, header_completeness, variant_of_tags
from notation.core.identity import game_identity
from notation.core.pits import PITS_TAG
from notation.core.record import Record, first_tag
from notation.core.replay import start_position
from notation.files.sources import SourceError
from notation.games.base import PositionError, RulesError, Variant

_Game = TypeVar("_Game", Record, ArchiveGame)

#: Told of each game dropped: the game, its number in the stream, and the copy kept.
OnDropped = Callable[[Record, int, "Kept"], None]

#: What makes two games copies: ``game`` (the same players, result and moves from the
#: same start; the default) or ``moves`` (the same moves from the same start).
BY = ("game", "moves")
#: The seats of a game whose tags select no game PMN plays: every seat tag PMN knows.
_ANY_SEATS = ("South", "North", "White", "Black", "Red")


def copy_key(
    moves: bytes, tags: Sequence[tuple[str, str]], result: str, *, by: str = "game"
) -> bytes:
    """The key equal for two games that are copies of one game, the one definition that
    ``dedupe``, ``merge --dedupe`` and ``dedupe --index`` use: ``moves`` (a key equal for
    the same moves from the same start: :func:`~notation.archive.tools.game_key`, or
    :func:`words_key`) alone with ``by="moves"``; by default with the players, seat by
    seat, and the result (:func:`~notation.core.identity.game_identity`, which the desk's
    checks call too)."""
    if by == "moves":
        return moves
    variant = variant_of_tags(tags)
    seats = variant.seats if variant is not None else _ANY_SEATS
    return game_identity(moves, [first_tag(tags, seat) or "" for seat in seats], result)


class InputChangedError(SourceError):
    """An input that changed between two readings of one command (``dedupe --keep
    most-complete`` reads its files twice or more): what it found the first time no
    longer holds, so nothing is written."""


#: What is noted of a file at its first reading: its size and time of change.
Stamp = tuple[int, int]


def stamps(paths: Iterable[str]) -> dict[str, Stamp]:
    """Each file's size and time of change (nanoseconds), noted before it is first read:
    :func:`check_unchanged` compares them later."""
    noted: dict[str, Stamp] = {}
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            continue  # (a file that cannot be read is said by the reading)
        noted[path] = (status.st_size, status.st_mtime_ns)
    return noted


def check_unchanged(noted: dict[str, Stamp]) -> None:
    """Raise :class:`InputChangedError` when a file's size or time of change is no longer
    what :func:`stamps` noted."""
    for path, (size, changed) in noted.items():
        try:
            status = os.stat(path)
        except OSError:
            now = None
        else:
            now = (status.st_size, status.st_mtime_ns)
        if now != (size, changed):
            raise InputChangedError(
                f"{path}: changed while it was read (it is read more than once): nothing "
                "written; run again when it no longer changes"
            )


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


def words_key(record: Record) -> bytes | None:
    """A key equal for two games whose :func:`~notation.archive.tools.game_key` is equal,
    read without replaying them: the variant, the start and the words of the main line's
    moves (:meth:`~notation.games.base.Variant.move_word`). None when the game's variant
    gives no words (or the record is damaged, has no move, numbers its holes by a ``Pits``
    tag, or a token is no move): such a game is always compared by its replay.

    Why equal duplicate keys give equal word keys: games with the same moves from the same
    start pass through the same positions, and where the variant gives words, the same
    positions mean the same moves, which read as the same words; games keyed on their
    tokens as written (those that cannot be replayed) have the same tokens, hence the same
    words."""
    if record.damaged or not record.mainline.moves or record.tag(PITS_TAG) is not None:
        return None
    variant = variant_of_tags(record.tags)
    if variant is None or type(variant).move_word is Variant.move_word:
        return None
    try:
        start = start_position(record, variant)
    except (PositionError, RulesError):
        return None
    word = variant.move_word
    words: list[str] = []
    for node in record.mainline.moves:
        spelled = word(node.token)
        if spelled is None:
            return None
        words.append(spelled)
    head = f"{variant.game}\0{variant.rules}\0".encode()
    body = "\0".join(words).encode()
    return hashlib.blake2b(head + variant.position_key(start) + body, digest_size=16).digest()


def games_to_compare(records: Iterable[Record], *, by: str = "game") -> set[int]:
    """The numbers (from 1, in the order given) of the games that may be copies of
    another: those whose :func:`words_key` (with their players and result, as
    :func:`copy_key` takes them ``by``) is None or is another game's too. Any other game
    is no copy of any game of the collection, and needs no replay to be kept."""
    first: dict[bytes, int] = {}
    compared: set[int] = set()
    for ordinal, record in enumerate(records, start=1):
        key = words_key(record)
        if key is None:
            compared.add(ordinal)
            continue
        key = copy_key(key, record.tags, record.result, by=by)
        earlier = first.setdefault(key, ordinal)
        if earlier != ordinal:
            compared.update((earlier, ordinal))
    return compared


def games_worth_comparing(
    paths: Iterable[str],
    input_format: str | None = None,
    encoding: str | None = None,
    *,
    by: str = "game",
) -> set[int]:
    """A first look at the games of files that can be read twice (regular files, folders
    walked already), for their moves' words: the numbers of the games that need a replay
    to be compared (:func:`games_to_compare`). Games are numbered across the files in
    order; a file that cannot be read, or stops part way, gives the games read before
    (as the reading that follows gives them, and reports the file)."""

    def games() -> Iterator[Record]:
        for path in paths:
            try:
                for game in read_archive(path, input_format, encoding=encoding):
                    yield game.record
            except OSError:
                continue

    return games_to_compare(games(), by=by)


def drop_duplicates(
    records: Iterable[_Game],
    on_dropped: OnDropped,
    *,
    symmetric: bool = False,
    chosen: dict[bytes, Kept] | None = None,
    compared: Container[int] | None = None,
    by: str = "game",
    dropped: Callable[[_Game], None] | None = None,
) -> Iterator[_Game]:
    """The records (or games of a collection, :class:`~notation.archive.games.ArchiveGame`)
    that are no copy of an earlier one (:func:`copy_key`, ``by``); ``on_dropped`` is told
    of each other one, and ``dropped`` given it (to write it elsewhere).

    Keeps the first of each set of copies, or the one ``chosen`` names for
    its key (what :func:`choose_most_complete` found: a key it did not find means the
    input is not what it read, :class:`InputChangedError`). With ``compared`` (what
    :func:`games_to_compare` found, without ``symmetric``), a game whose number is not
    in it is kept without being replayed.
    """
    seen: dict[bytes, Kept] = {}
    for ordinal, game in enumerate(records, start=1):
        if compared is not None and ordinal not in compared:
            yield game  # no other game writes its words: no copy of any
            continue
        record = game.record if isinstance(game, ArchiveGame) else game
        key = record_key(record, symmetric=symmetric, by=by)
        if chosen is not None:
            copy = chosen.get(key)
            if copy is None:
                raise InputChangedError(
                    f"{record.source}: changed while it was read (game {ordinal} is not one "
                    "of the games first read): nothing written"
                )
            first = None if copy.ordinal == ordinal else copy
        else:
            first = seen.get(key)
            if first is None:
                seen[key] = kept(record, ordinal)
        if first is None:
            yield game
        else:
            on_dropped(record, ordinal, first)
            if dropped is not None:
                dropped(game)


def record_key(record: Record, *, symmetric: bool = False, by: str = "game") -> bytes:
    """A record's :func:`copy_key`: its duplicate key (moves from its start, replayed),
    with its players and result."""
    return copy_key(
        game_key(GameView(record), symmetric=symmetric), record.tags, record.result, by=by
    )


def choose_most_complete(
    records: Iterable[Record],
    *,
    symmetric: bool,
    compared: Container[int] | None = None,
    by: str = "game",
) -> dict[bytes, Kept]:
    """For each distinct game, the copy with the most tags filled in (the first on a tie).
    With ``compared`` (:func:`games_to_compare`), only those games are keyed: any other is
    the one copy of its game, which :func:`drop_duplicates` keeps without asking."""
    best: dict[bytes, tuple[int, Kept]] = {}
    for ordinal, record in enumerate(records, start=1):
        if compared is not None and ordinal not in compared:
            continue
        key = record_key(record, symmetric=symmetric, by=by)
        score = header_completeness(record)
        if key not in best or score > best[key][0]:
            best[key] = (score, kept(record, ordinal))
    return {key: copy for key, (_, copy) in best.items()}


def choose_from_keys(
    keys: Sequence[bytes], headers: Sequence[Record], *, most_complete: bool, by: str = "game"
) -> list[Kept]:
    """For each game given by its duplicate key and header (an index's: its tags and the
    result it declares), the copy kept of it (:func:`copy_key`, ``by``): the first, or
    (``most_complete``) the one with the most tags filled in."""
    chosen: dict[bytes, Kept] = {}
    keys = [
        copy_key(key, header.tags, header.result, by=by)
        for key, header in zip(keys, headers, strict=True)
    ]
    for ordinal, (key, header) in enumerate(zip(keys, headers, strict=True), start=1):
        copy = kept(header, ordinal)
        if key not in chosen or (
            most_complete and header_completeness(header) > header_completeness(chosen[key].header)
        ):
            chosen[key] = copy
    return [chosen[key] for key in keys]


__all__ = [
    "BY",
    "InputChangedError",
    "Kept",
    "OnDropped",
    "Stamp",
    "check_unchanged",
    "choose_from_keys",
    "choose_most_complete",
    "copy_key",
    "drop_duplicates",
    "games_to_compare",
    "games_worth_comparing",
    "kept",
    "record_key",
    "stamps",
    "where_read",
    "words_key",
]
