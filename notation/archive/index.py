"""An SQLite index of game collections: select, dedupe and openings without replaying.

``pmn index FILES -o archive.sqlite`` reads each game once, replays it, and
stores what the archive commands ask: its header, result, validation verdict,
plies, duplicate keys, canonical moves, a hash of every main-line position,
and where its text is (file, game number, byte offset and length). The
commands then answer from the database and read back only the games they
write. Adding files is incremental: a file is known by the hash of its
content (BLAKE2b of its bytes), so a file indexed with the same content is
skipped and a changed one is indexed again, whatever its size and
modification time say. Reading a game back checks it against the hash of
its text (PMN) or of its file (other formats): a game changed since it was
indexed is never given as the game indexed.

Every failure is a :class:`ArchiveIndexError` (a :class:`PMNError` with a
code): a database that is not a PMN index or is damaged (``bad-index``), and
an indexed file that is gone, unreadable or changed (:class:`StaleIndexError`,
``stale-index``).

The schema (``PRAGMA user_version`` = :data:`SCHEMA_VERSION`) is documented
in ``docs/archive.md``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sqlite3
import sys
import urllib.parse
import zlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from notation.archive.games import ArchiveGame, declared_result
from notation.archive.tools import (
    GameView,
    PositionPattern,
    Selection,
    game_key,
    player_matches,
    player_name,
)
from notation.core.pits import PITS_TAG
from notation.core.record import MAINLINE, Record
from notation.core.replay import (
    LineVisitor,
    MainlinePositions,
    Step,
    mainline_steps,
    record_variant,
    start_position,
    token_line,
    validate_record,
)
from notation.errors import Code, PMNError
from notation.files.guard import claim_output
from notation.files.outputs import FileBusyError, replacing_file
from notation.files.sources import (
    loaded_path,
    open_input,
    open_source,
    shown_path,
    source_name,
    stored_path,
)
from notation.formats.collection import read_path
from notation.formats.pmn import (
    Chunk,
    TaggedChunk,
    iter_chunks,
    iter_tagged,
    last_word,
    read_chunk,
)
from notation.formats.reader import read_game
from notation.formats.registry import sniff_file
from notation.formats.visitor import RecordBuilder
from notation.games import AnyVariant, MoveError, PositionError, RulesError, Variant, find_variant

SCHEMA_VERSION = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,              -- as given when indexed (the games' source)
    abspath TEXT NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    format TEXT NOT NULL,            -- pmn, json, jsonl, ogn, openspiel-actions
    encoding TEXT,                   -- --encoding when indexed, or NULL
    digest BLOB NOT NULL             -- BLAKE2b (32 bytes) of the file's bytes as stored
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL REFERENCES files(id),
    ordinal INTEGER NOT NULL,        -- the game's number in its file, from 1
    line INTEGER NOT NULL,
    offset INTEGER,                  -- PMN: byte offset of the game's text (UTF-8, decompressed)
    length INTEGER,                  -- PMN: its length in bytes
    digest BLOB,                     -- PMN: BLAKE2b (16 bytes) of those bytes
    game TEXT,                       -- the variant's game and rules (NULL: none)
    rules TEXT,
    seats TEXT,                      -- the variant's seat tags, space-separated
    result TEXT NOT NULL,            -- the result it declares (Result tag and last token)
    plies INTEGER NOT NULL,          -- main-line moves as written
    valid INTEGER NOT NULL,          -- 1 when the validator finds nothing wrong
    damaged INTEGER NOT NULL,        -- 1 when the reader could not read it
    date TEXT,                       -- the Date tag
    header TEXT NOT NULL,            -- the tag pairs in order, as JSON [[name, value], ...]
    start TEXT,                      -- the start position string
    moves BLOB,                      -- the legal main-line moves as replayed (in the game's
                                     -- own hole names), space-separated, zlib-compressed
    positions BLOB,                  -- every main-line position, start first: its short hash
                                     -- (SHORT_HASH_BYTES of the CRC-32 of its position_key),
                                     -- a candidate to confirm
    key BLOB NOT NULL,               -- game_key(): equal for duplicates
    symmetric_key BLOB               -- game_key(symmetric=True); NULL when it is key
);
CREATE INDEX IF NOT EXISTS games_by_file ON games(file_id, ordinal);
CREATE INDEX IF NOT EXISTS games_by_key ON games(key);
CREATE TABLE IF NOT EXISTS players ( -- seat tag values, case-folded
    name TEXT NOT NULL, game_id INTEGER NOT NULL, PRIMARY KEY (name, game_id)
) WITHOUT ROWID;
"""

#: Bytes of a position's short hash in ``games.positions``. Two keep the index small (a
#: game of 100 moves stores 202 bytes of positions); a short hash that matches is only a
#: candidate, confirmed by replaying the game's stored moves to that ply, so a hash that two
#: positions share costs a replay, never a wrong answer (about one game in 600 of 100 moves
#: is a false candidate for a given position).
SHORT_HASH_BYTES = 2
_SHORT_MASK = (1 << (8 * SHORT_HASH_BYTES)) - 1


class ArchiveIndexError(PMNError):
    """An index that cannot be used: not a PMN index, another schema version, a damaged
    database, or a question it cannot answer (a wildcard position)."""

    code = Code.BAD_INDEX


class StaleIndexError(ArchiveIndexError):
    """A file the index read is gone, cannot be read, or is not as it was indexed: the
    index must be made again (``pmn index``) before its games are read back."""

    code = Code.STALE_INDEX


#: The tables a PMN index has (another program's database with our user_version has not).
_TABLES = frozenset({"files", "games", "players"})
#: Schemas an older pmn made, and what they lack.
_OLDER = {
    1: "without content hashes",
    2: "five times the size of its games",
    3: "hashing position strings, not position keys",
    4: "keeping the result a damaged game's record reads, not the one it declares",
}
#: Bytes read at a time when hashing a file.
_BLOCK = 1 << 20


def file_digest(path: str) -> bytes:
    """The BLAKE2b hash (32 bytes) of a file's bytes as stored (compressed ones too): what
    the index knows a file by. Raises OSError when it cannot be read."""
    digest = hashlib.blake2b(digest_size=32)
    with open_input(path) as stream:
        buffer = bytearray(_BLOCK)
        view = memoryview(buffer)
        while size := stream.readinto(buffer):  # type: ignore[attr-defined]
            digest.update(view[:size])
    return digest.digest()


def _game_digest(data: bytes | memoryview) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _brief(exc: BaseException) -> str:
    """An SQLite error's text, cut short (a damaged page can put a long run of its bytes in
    the message)."""
    text = str(exc)
    return text if len(text) <= 100 else text[:100] + "..."


def position_hash(position: str) -> int:
    """A 63-bit hash of a position string (BLAKE2b); the index stores its top bits
    (:func:`short_hash`)."""
    digest = hashlib.blake2b(position.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def short_hash(key: bytes) -> bytes:
    """The bytes ``games.positions`` stores for a position: the low
    :data:`SHORT_HASH_BYTES` of the CRC-32 of its
    :meth:`~notation.games.base.Variant.position_key` (a fast hash is enough: a match is
    a candidate that :func:`first_ply` confirms)."""
    return (zlib.crc32(key) & _SHORT_MASK).to_bytes(SHORT_HASH_BYTES, "big")


def short_hashes(keys: Iterable[bytes]) -> bytes:
    """:func:`short_hash` of each key, joined (a position's at a time: the column's bytes),
    built as one array of 16-bit numbers, big-endian whatever the machine."""
    crc32, mask = zlib.crc32, _SHORT_MASK
    hashes = array("H", [crc32(key) & mask for key in keys])  # "H": SHORT_HASH_BYTES, 2
    if sys.byteorder == "little":
        hashes.byteswap()
    return hashes.tobytes()


@dataclass(frozen=True, slots=True)
class IndexedRecord:
    """One game read and validated for the index: its record, the validator's verdict,
    and a view whose positions and moves were noted on the validator's replay."""

    record: Record
    view: GameView
    valid: bool
    #: the main line's start as a position string (None when it was not replayed)
    start: str | None = None


def index_game(game: Chunk | Record, ordinal: int = 1) -> IndexedRecord:
    """Read and validate one game once, noting its main line on the way.

    The verdict is :func:`~notation.formats.validate.validate_game`'s (a game
    written plainly is read by the reader's quick path; one it finds a fault in is
    read again with places); the view's positions and moves are ``GameView``'s,
    taken from the validator's replay instead of a second one.
    """
    if isinstance(game, Chunk):
        builder = RecordBuilder(places=False)
        indexed = _validated(read_game(game, builder), ordinal)
        if indexed.valid or not builder.quickly_read:
            return indexed
        return _validated(read_chunk(game), ordinal)
    return _validated(game, ordinal)


def _validated(record: Record, ordinal: int) -> IndexedRecord:
    variant = GameView(record).variant
    if variant is None:
        report = validate_record(record, ordinal)
        return IndexedRecord(record, GameView.replayed(record, (), ()), report.valid)
    if record.tag(PITS_TAG) is not None or type(variant).symmetries is not Variant.symmetries:
        return _validated_by_steps(record, ordinal, variant)
    walked = MainlinePositions(None)  # the main line's positions, from the validator's replay
    report = validate_record(record, ordinal, also=walked)
    if report.final_position is None:  # not replayed: a start position it could not read
        return IndexedRecord(record, GameView.replayed(record, (), ()), report.valid)
    start = start_position(record, variant)
    trail = walked.positions
    trail[0] = start
    keys = variant.position_keys(trail)
    moves = [node.token for node in record.mainline.moves[: len(trail) - 1]]
    view = GameView.replayed(record, keys, moves)
    return IndexedRecord(record, view, report.valid, variant.format_position(start))


def _validated_by_steps(record: Record, ordinal: int, variant: AnyVariant) -> IndexedRecord:
    """:func:`_validated` noting each move of the replay: a record whose holes are
    numbered another way (its tokens replayed are not those written), or a board with
    symmetries (the symmetric key maps position strings)."""
    keys: list[bytes] = []
    moves: list[str] = []
    # the position strings too where the board has symmetries (the symmetric key maps them)
    texts: list[str] | None = None if type(variant).symmetries is Variant.symmetries else []
    position_key, format_position = variant.position_key, variant.format_position
    start: list[str] = []

    def note(step: Step) -> None:
        if step.path is MAINLINE:
            if not keys:
                start.append(format_position(step.before))
                keys.append(position_key(step.before))
                if texts is not None:
                    texts.append(start[0])
            moves.append(step.node.token)  # as replayed (in the game's own hole names)
            keys.append(position_key(step.after))
            if texts is not None:
                texts.append(format_position(step.after))

    report = validate_record(record, ordinal, also=LineVisitor(note))
    if not keys and report.final_position is not None:  # no move played: the start
        start.append(report.final_position)
        keys.append(position_key(variant.parse_position(report.final_position)))
        if texts is not None:
            texts.append(report.final_position)
    view = GameView.replayed(record, keys, moves, texts)
    return IndexedRecord(record, view, report.valid, start[0] if start else None)


def first_ply(
    variant: AnyVariant,
    start: str,
    moves: Sequence[str],
    positions: bytes,
    target: bytes,
) -> int | None:
    """The first ply at which a game is at the position whose
    :meth:`~notation.games.base.Variant.position_key` is ``target``.

    ``positions`` are the game's short hashes (:func:`short_hash`, start first);
    each ply whose hash is the target's is confirmed by replaying ``moves``
    from ``start`` to it, so a short hash shared by two positions never gives
    a wrong answer.
    """
    needle, width = short_hash(target), SHORT_HASH_BYTES
    position: Any = None
    played = 0
    at = positions.find(needle)
    while at >= 0:
        ply, misaligned = divmod(at, width)
        if not misaligned and ply <= len(moves):
            if position is None:
                position = variant.parse_position(start)
            if played < ply:
                steps = mainline_steps(variant, token_line(moves[played:ply]), position)
                position, played = steps[-1].after, ply
            if variant.position_key(position) == target:
                return ply
        at = positions.find(needle, at + 1)
    return None


@dataclass(frozen=True, slots=True)
class IndexedGame:
    """A game as the index knows it: where its text is, and the keys the commands use."""

    id: int
    source: str
    abspath: str
    format: str
    encoding: str | None
    ordinal: int
    line: int
    offset: int | None
    length: int | None
    header: tuple[tuple[str, str], ...]
    result: str
    valid: bool
    key: bytes
    symmetric_key: bytes
    #: PMN: the hash of the game's bytes; other formats: None
    digest: bytes | None = None
    #: the hash of the file's bytes when it was indexed
    file_digest: bytes | None = None


@cache
def _variant(game: str, rules: str) -> AnyVariant | None:
    try:
        return find_variant(game, rules)
    except RulesError:
        return None


class _Offsets:
    """Byte offsets of line starts in a stream, found walking forward, and the hash of
    the bytes walked over since the last :meth:`cut`."""

    def __init__(self, stream: io.BufferedReader) -> None:
        self.stream = stream
        self.block = b""
        self.at = 0  # position in block
        self.base = 0  # offset of block[0]
        self.line = 1
        self.hashed = 0  # block[:hashed] is in the digest
        self.digest = hashlib.blake2b(digest_size=16)

    def of_line(self, line: int) -> int:
        while self.line < line:
            found = self.block.find(b"\n", self.at)
            if found < 0:
                self.digest.update(memoryview(self.block)[self.hashed :])
                self.base += len(self.block)
                self.block, self.at, self.hashed = self.stream.read(_BLOCK), 0, 0
                if not self.block:
                    break
                continue
            self.at = found + 1
            self.line += 1
        return self.base + self.at

    def cut(self) -> bytes:
        """The hash of the bytes from the previous cut to the current offset."""
        self.digest.update(memoryview(self.block)[self.hashed : self.at])
        self.hashed = self.at
        done, self.digest = self.digest, hashlib.blake2b(digest_size=16)
        return done.digest()


class ArchiveIndex:
    """An open index database.

    ``create=True`` (``pmn index``) opens it to write, making it if missing; the path
    must not be one of the command's inputs (:func:`notation.files.guard.claim_output`).
    Otherwise it is opened read-only, and counts as an input of the command (no output
    may be written over it). Raises :class:`ArchiveIndexError` for a database that is
    not a PMN index of this schema, or is damaged; every question asked later raises it
    too if the damage shows then.
    """

    def __init__(self, path: str, *, create: bool = False, shown: str | None = None) -> None:
        self.path = shown or path  # (shown: the index a temporary file is being built for)
        self._files_checked = create  # (a reader checks the indexed files once, when asked)
        if create:
            claim_output(path)  # never an input of the command (its records)
            self.db = self._connect(path, path)
        else:
            if not os.path.exists(path):
                raise ArchiveIndexError(f"{path}: no such index (make one with pmn index)")
            with open_input(path):  # an input: no output of the command may be it
                pass
            uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
            self.db = self._connect(path, uri, uri=True)
        with self._answering():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master")}
            if tables and version in _OLDER and tables >= _TABLES:
                raise ArchiveIndexError(
                    f"{path}: an index made by an older pmn (schema {version}, "
                    f"{_OLDER[version]}): delete it and make it again with pmn index"
                )
            if tables and (version != SCHEMA_VERSION or not tables >= _TABLES):
                raise ArchiveIndexError(
                    f"{path}: not a PMN index (schema {SCHEMA_VERSION}): another program's database"
                )
            if not tables:
                if not create:
                    raise ArchiveIndexError(f"{path}: an empty database, not a PMN index")
                self.db.executescript(SCHEMA)
                self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.db.create_function("regexp", 2, _regexp, deterministic=True)

    def _connect(self, path: str, target: str, *, uri: bool = False) -> sqlite3.Connection:
        try:
            return sqlite3.connect(target, uri=uri)
        except sqlite3.Error as exc:
            raise ArchiveIndexError(f"{path}: cannot open the index ({_brief(exc)})") from None

    @contextmanager
    def _answering(self, *, rows: bool = True) -> Iterator[None]:
        """SQLite's errors, and (``rows``) rows that are not what this schema writes, as
        one error."""
        try:
            yield
        except sqlite3.Error as exc:
            raise _database_error(self.path, exc) from None
        except (ValueError, TypeError, AttributeError) as exc:
            if isinstance(exc, PMNError) or not rows:
                raise
            raise ArchiveIndexError(
                f"{self.path}: a damaged PMN index (a row not as pmn index writes it)"
            ) from None

    @classmethod
    @contextmanager
    def building(cls, path: str) -> Iterator[ArchiveIndex]:
        """The index at ``path`` opened to write (``pmn index``), whole or not at all.

        The index is built in a temporary file next to it (a copy of the index there is
        to update), which replaces it only when the block ends without error: a build or
        an update interrupted (an exception, Ctrl-C, SIGTERM, SIGHUP) leaves the old index
        as it was, or none, never a part of one (:func:`notation.files.outputs.replacing_file`).
        A second ``pmn index`` of the same database while one is writing it is refused
        (busy, :class:`ArchiveIndexError`). The temporary file keeps no journal and is not
        flushed to disk game by game: it is flushed once, before it replaces the index.
        """
        try:
            with replacing_file(path) as temp:
                if os.path.exists(path):
                    _copy_database(path, temp)
                index = cls(temp, create=True, shown=path)
                try:
                    index.db.execute("PRAGMA journal_mode = MEMORY")
                    index.db.execute("PRAGMA synchronous = OFF")
                    yield index
                except BaseException:
                    index.db.close()  # (uncommitted: rolled back, and the file removed)
                    raise
                index.close()
        except FileBusyError:
            raise ArchiveIndexError(
                f"{path}: busy: another pmn index is writing it; try again when it is done"
            ) from None

    def close(self) -> None:
        """Commit and close the database."""
        try:
            self.db.commit()
        except sqlite3.Error as exc:
            raise ArchiveIndexError(
                f"{self.path}: cannot write the index ({_brief(exc)})"
            ) from None
        finally:
            self.db.close()

    # -- building ---------------------------------------------------------------

    def add_file(
        self,
        path: str,
        fmt: str | None = None,
        encoding: str | None = None,
        on_game: Callable[[], None] | None = None,
    ) -> int:
        """Index one file (again if it changed); returns the games added, -1 if unchanged.
        ``on_game`` is called as each game is added (a progress line).

        A file is unchanged when the hash of its bytes, its format and its encoding are
        those indexed: its size and modification time are stored, but never decide it
        (an edit of the same size with the time set back is seen).
        """
        fmt = fmt or sniff_file(path).name  # (.txt: PMN or a PlayOK export, by its first lines)
        digest = file_digest(path)  # before reading: a change made meanwhile shows next time
        stat = os.stat(path)
        abspath = stored_path(os.path.realpath(path))  # (a name that is not UTF-8: its bytes)
        shown = shown_path(path)
        with self._answering(rows=False):
            row = self.db.execute(
                "SELECT id, digest, format, encoding FROM files WHERE abspath = ?", (abspath,)
            ).fetchone()
            if row is not None and tuple(row[1:]) == (digest, fmt, encoding):
                return -1
            with self.db:
                if row is not None:
                    file_id = row[0]
                    self._forget(file_id)
                    self.db.execute(
                        "UPDATE files SET path=?, size=?, mtime_ns=?, format=?, encoding=?, "
                        "digest=? WHERE id=?",
                        (shown, stat.st_size, stat.st_mtime_ns, fmt, encoding, digest, file_id),
                    )
                else:
                    file_id = self.db.execute(
                        "INSERT INTO files (path, abspath, size, mtime_ns, format, encoding, "
                        "digest) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (shown, abspath, stat.st_size, stat.st_mtime_ns, fmt, encoding, digest),
                    ).lastrowid
                count = 0
                for ordinal, (game, offset, length, game_digest) in enumerate(
                    _located(path, fmt, encoding), start=1
                ):
                    self._add_game(file_id, ordinal, game, offset, length, game_digest)
                    count += 1
                    if on_game is not None:
                        on_game()
        return count

    def games_of_file(self, path: str) -> int:
        """How many games of the file at ``path`` the index holds (0 for a file not in it)."""
        with self._answering(rows=False):
            row = self.db.execute(
                "SELECT count(*) FROM games JOIN files ON games.file_id = files.id "
                "WHERE files.abspath = ?",
                (stored_path(os.path.realpath(path)),),
            ).fetchone()
        return int(row[0])

    def _forget(self, file_id: int) -> None:
        ids = "SELECT id FROM games WHERE file_id = ?"
        self.db.execute(f"DELETE FROM players WHERE game_id IN ({ids})", (file_id,))
        self.db.execute("DELETE FROM games WHERE file_id = ?", (file_id,))

    def _add_game(
        self,
        file_id: int,
        ordinal: int,
        game: Chunk | Record,
        offset: int | None,
        length: int | None,
        digest: bytes | None,
    ) -> None:
        indexed = index_game(game, ordinal)
        record, view = indexed.record, indexed.view
        variant = view.variant
        key = game_key(view)
        symmetric_key = (
            key  # (a board with no symmetries: the same key, not hashed twice)
            if variant is None or type(variant).symmetries is Variant.symmetries
            else game_key(view, symmetric=True)
        )
        cursor = self.db.execute(
            "INSERT INTO games (file_id, ordinal, line, offset, length, digest, game, rules, "
            "seats, result, plies, valid, damaged, date, header, start, moves, positions, key, "
            "symmetric_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                file_id,
                ordinal,
                record.line,
                offset,
                length,
                digest,
                variant.game if variant else None,
                variant.rules if variant else None,
                " ".join(variant.seats) if variant else None,
                declared_result(  # (select --result's, streaming)
                    record.tags,
                    last_word(game.text) if isinstance(game, Chunk) else None,
                    lambda: record.result,
                ),
                len(record.mainline.moves),
                int(indexed.valid),
                int(record.damaged),
                record.tag("Date"),
                json.dumps(record.tags, ensure_ascii=False),
                indexed.start,
                zlib.compress(" ".join(view.moves).encode("utf-8")),
                short_hashes(view.keys),
                key,
                None if symmetric_key == key else symmetric_key,
            ),
        )
        game_id = cursor.lastrowid
        if variant is not None:
            seated = {(record.tag(seat) or "").strip().lower() for seat in variant.seats}
            self.db.executemany(
                "INSERT INTO players (name, game_id) VALUES (?, ?)",
                [(name, game_id) for name in seated],
            )

    # -- asking -------------------------------------------------------------------

    def _damaged_head(self, game_id: int, depth: int) -> OpeningRow | None:
        """A game indexed as damaged, read back from its file to the tree's depth (such
        games are few): what streaming's tree counts of it (:func:`_head_row`)."""
        for indexed, game in read_back_games(self._games("g.id = ?", [game_id])):
            text = game.text
            if text is not None:  # cut from its bytes, as streaming cuts it
                tagged = iter_tagged(io.BytesIO(text.encode("utf-8")), indexed.source)
                game = ArchiveGame(next(tagged), indexed.ordinal)
            return _head_row(game, depth)
        return None

    def select(self, selection: Selection) -> Iterator[IndexedGame]:
        """The games that pass every filter, in the order streaming gives them."""
        where, parameters = self._where(selection)
        yield from self._games(where, parameters)

    def check_files(self) -> None:
        """Raise :class:`StaleIndexError` naming every indexed file that is gone or whose size
        or modification time is not what was indexed (a reader's questions ask it first:
        an index never answers for files that changed since)."""
        self._files_checked = True
        with self._answering():
            files = self.db.execute("SELECT path, abspath, size, mtime_ns FROM files").fetchall()
        stale = [said for said in map(_stale_file, files) if said is not None]
        if stale:
            raise StaleIndexError(
                f"{self.path}: " + "; ".join(stale) + ": run pmn index again on them"
            )

    def _checked(self) -> None:
        if not self._files_checked:
            self.check_files()

    def count(self, selection: Selection) -> int:
        """How many games pass every filter."""
        self._checked()
        where, parameters = self._where(selection)
        with self._answering():
            row = self.db.execute(
                f"SELECT count(*) FROM games g WHERE {where}", parameters
            ).fetchone()
            return int(row[0])

    def all_games(self) -> Iterator[IndexedGame]:
        """Every game, in the order streaming gives them."""
        yield from self._games("1", [])

    def _games(self, where: str, parameters: Sequence[Any]) -> Iterator[IndexedGame]:
        self._checked()
        query = (
            "SELECT g.id, f.path, f.abspath, f.format, f.encoding, g.ordinal, g.line, g.offset, "
            "g.length, g.header, g.result, g.valid, g.key, coalesce(g.symmetric_key, g.key), g.digest, "
            "f.digest FROM games g "
            f"JOIN files f ON f.id = g.file_id WHERE {where} ORDER BY f.id, g.ordinal"
        )
        with self._answering():
            rows = self.db.execute(query, parameters)
            while True:
                with self._answering():
                    row = rows.fetchone()
                    if row is None:
                        return
                    header = tuple((str(name), str(value)) for name, value in json.loads(row[9]))
                    game_id, source, abspath, fmt, encoding, ordinal, line, offset, length = row[:9]
                    game = IndexedGame(
                        game_id,
                        source,
                        loaded_path(abspath),
                        fmt,
                        encoding,
                        ordinal,
                        line,
                        offset,
                        length,
                        header,
                        row[10],
                        bool(row[11]),
                        row[12],
                        row[13],
                        row[14],
                        row[15],
                    )
                yield game

    def _targets(self, pattern: PositionPattern) -> dict[tuple[str, str, str], _Target]:
        """For each variant in the index: the pattern as it writes the position."""
        if pattern.wildcard:
            raise ArchiveIndexError(
                "the index keeps position hashes: --position with '?' or '*' needs the files"
            )
        targets: dict[tuple[str, str, str], _Target] = {}
        with self._answering():
            for game, rules, seats, header in self.db.execute(
                "SELECT game, rules, seats, min(header) FROM games WHERE game IS NOT NULL "
                "GROUP BY game, rules, seats"
            ).fetchall():
                variant = _header_variant(header)
                target = pattern.target(variant) if variant is not None else None
                if variant is not None and target is not None:
                    targets[(game, rules, seats)] = _Target(variant, target)
        return targets

    def _where(self, selection: Selection) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        parameters: list[Any] = []
        for number, test in enumerate(selection.tags):  # the tag's first value, from the header
            value = (
                "(SELECT json_extract(value, '$[1]') FROM json_each(g.header) "
                "WHERE json_extract(value, '$[0]') = ? ORDER BY key LIMIT 1)"
            )
            if test.plain:
                clauses.append(f"{value} = ?")
                parameters += [test.name, test.value]
            else:  # a search or a comparison: the test's own function
                self.db.create_function(f"pmn_tag{number}", 1, test.matches_value)
                clauses.append(f"pmn_tag{number}({value})")
                parameters.append(test.name)
        for number, player in enumerate(selection.players):  # as streaming compares them
            self.db.create_function(
                f"pmn_player{number}", 1, partial(_player_is, player), deterministic=True
            )
            clauses.append(f"g.id IN (SELECT game_id FROM players WHERE pmn_player{number}(name))")
        if selection.result is not None:
            clauses.append("g.result = ? AND g.damaged = 0")  # (as streaming: unread)
            parameters.append(selection.result)
        if selection.plies is not None:
            low, high = selection.plies
            clauses.append("g.plies >= ? AND g.damaged = 0")  # (as streaming: unread)
            parameters.append(low)
            if high is not None:
                clauses.append("g.plies <= ?")
                parameters.append(high)
        if selection.valid is not None:
            clauses.append("g.valid = ?")
            parameters.append(int(selection.valid))
        if selection.game_target is not None:
            name, implied = selection.game_target
            clauses.append("g.game = ?")
            parameters.append(name)
            if implied:
                clauses.append("(g.rules = ? OR g.rules LIKE ?)")
                parameters += [implied, implied + " %"]
        if selection.rules is not None:
            self.db.create_function(
                "pmn_rules", 2, lambda game, rules: _rules_ok(selection, game, rules)
            )
            clauses.append("g.game IS NOT NULL AND pmn_rules(g.game, g.rules)")
        if selection.date_from or selection.date_to:
            self.db.create_function("pmn_date", 1, selection.date_matches)
            clauses.append("pmn_date(g.date)")
        if selection.position is not None:
            targets = self._targets(selection.position)
            self.db.create_function("pmn_at", 6, _at_target(targets))
            near = " OR ".join(
                "(g.game = ? AND g.rules = ? AND g.seats = ? AND instr(g.positions, ?) > 0)"
                for _ in targets
            )
            clauses.append(
                f"CASE WHEN {near or '0'} THEN "
                "pmn_at(g.game, g.rules, g.seats, g.start, g.moves, g.positions) ELSE 0 END"
            )
            for (game, rules, seats), target in targets.items():
                parameters += [game, rules, seats, target.needle]
        return " AND ".join(clauses) or "1", parameters

    def opening_rows(
        self, pattern: PositionPattern | None, depth: int | None = None
    ) -> Iterator[OpeningRow | None]:
        """Each game as the opening tree counts it, in file order, with its first ``depth``
        moves (all with None) as the variant writes them; None when it is not counted (no
        variant, or never at the position). A game that could not be read is read back
        to the tree's depth, as streaming reads it (:meth:`_damaged_head`)."""
        self._checked()
        targets = self._targets(pattern) if pattern is not None else {}
        variants: dict[tuple[str, str, str], AnyVariant | None] = {}
        query = (
            "SELECT g.game, g.rules, g.seats, g.start, g.moves, g.positions, g.result, g.header, "
            "g.damaged, g.id FROM games g JOIN files f ON f.id = g.file_id "
            "ORDER BY f.id, g.ordinal"
        )
        with self._answering():
            rows = self.db.execute(query)
            while True:
                with self._answering():
                    found = rows.fetchone()
                    if found is None:
                        return
                    game, rules, seats, start, moves, positions, result, header = found[:8]
                    row: OpeningRow | None = None
                    if found[8] and pattern is None and depth is not None:
                        row = self._damaged_head(found[9], depth)
                    elif game is not None and start is not None:
                        tokens = _moves(moves)
                        variant = variants.get((game, rules, seats), False)
                        if variant is False:
                            variant = variants[(game, rules, seats)] = _header_variant(header)
                        if pattern is not None:
                            target = targets.get((game, rules, seats))
                            ply = target.ply(start, tokens, positions) if target else None
                            if target is not None and ply is not None:
                                row = OpeningRow(
                                    game,
                                    rules,
                                    tuple(seats.split()),
                                    target.text,
                                    _canonical(target.variant, target.text, tokens[ply:], depth),
                                    result,
                                )
                        elif variant is not None:
                            row = OpeningRow(
                                game,
                                rules,
                                tuple(seats.split()),
                                start,
                                _canonical(variant, start, tokens, depth),  # type: ignore[arg-type]
                                result,
                            )
                yield row


def _head_row(game: ArchiveGame, depth: int) -> OpeningRow | None:
    """A game's first ``depth`` moves as streaming's opening tree reads them
    (:meth:`ArchiveGame.head`: a fault further on is not met), or None when it does not
    count them (it is damaged before, or its tags name no game)."""
    head = game.head(depth)
    view = GameView(head, plies=depth)
    variant = view.variant
    if variant is None or view.start is None:
        return None
    return OpeningRow(
        variant.game, variant.rules, tuple(variant.seats), view.start, view.moves, head.result
    )


def _player_is(player: str, name: str) -> bool:
    """Whether a stored seat name is the ``--player`` value, as streaming compares them
    (:func:`~notation.archive.tools.player_matches`)."""
    return player_matches(player, player_name(name))


def _database_error(path: str, exc: sqlite3.Error) -> ArchiveIndexError:
    """SQLite's error, said as what it means for the index: busy (another program holds
    it: try again), or not a PMN index or a damaged one."""
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return ArchiveIndexError(
            f"{path}: busy: another program is writing the index; try again when it is done"
        )
    return ArchiveIndexError(f"{path}: not a PMN index, or a damaged one ({_brief(exc)})")


def _copy_database(path: str, target: str) -> None:
    """Copy the database at ``path`` into the new file ``target`` (SQLite's backup: a
    consistent copy, its journal honoured)."""
    try:
        source = sqlite3.connect(path, timeout=1)
    except sqlite3.Error as exc:
        raise ArchiveIndexError(f"{path}: cannot open the index ({_brief(exc)})") from None
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    except sqlite3.Error as exc:
        raise _database_error(path, exc) from None
    finally:
        source.close()


def _stale_file(row: Sequence[Any]) -> str | None:
    """What is wrong with an indexed file now (gone, changed), or None."""
    shown, abspath, size, mtime_ns = row
    try:
        status = os.stat(loaded_path(abspath))
    except OSError as exc:
        return f"{shown} is gone or cannot be read ({exc.strerror or exc})"
    if (status.st_size, status.st_mtime_ns) != (size, mtime_ns):
        return f"{shown} changed since it was indexed"
    return None


def _canonical(
    variant: AnyVariant, start: str, tokens: Sequence[str], depth: int | None
) -> tuple[str, ...]:
    """The first ``depth`` stored moves (all with None) from ``start`` as the variant writes
    them (the index stores them as they were replayed)."""
    try:
        line = token_line(tokens if depth is None else tokens[:depth])
        steps = mainline_steps(variant, line, variant.parse_position(start))
    except (MoveError, PositionError):
        raise ArchiveIndexError("a damaged PMN index (stored moves that do not replay)") from None
    format_played = variant.format_played
    return tuple(format_played(step.move, step.before, step.after) for step in steps)


@dataclass(frozen=True, slots=True)
class OpeningRow:
    """A game as an opening tree counts it."""

    game: str
    rules: str
    seats: tuple[str, ...]
    start: str
    moves: tuple[str, ...]
    result: str


class _Target:
    """A position asked for, in one variant of the index: its text and short hash."""

    def __init__(self, variant: AnyVariant, text: str) -> None:
        self.variant, self.text = variant, text
        self.key = variant.position_key(variant.parse_position(text))
        self.needle = short_hash(self.key)

    def ply(self, start: str, moves: Sequence[str], positions: bytes) -> int | None:
        """The first ply at which a game of this variant is at the position."""
        try:
            return first_ply(self.variant, start, moves, positions, self.key)
        except (MoveError, PositionError):
            raise ArchiveIndexError(
                "a damaged PMN index (stored moves that do not replay)"
            ) from None


def _at_target(
    targets: dict[tuple[str, str, str], _Target],
) -> Callable[[str, str, str, str, bytes, bytes], bool]:
    """The SQL function that confirms a candidate game reaches the position asked for."""

    def at_target(
        game: str, rules: str, seats: str, start: str, moves: bytes, positions: bytes
    ) -> bool:
        target = targets.get((game, rules, seats))
        return target is not None and target.ply(start, _moves(moves), positions) is not None

    return at_target


def _moves(stored: bytes | None) -> list[str]:
    """The moves column's tokens (zlib-compressed text)."""
    return zlib.decompress(stored).decode("utf-8").split() if stored else []


@cache
def _header_variant(header: str) -> AnyVariant | None:
    try:
        return record_variant(Record(tags=tuple((n, v) for n, v in json.loads(header))))
    except RulesError:
        return None


def _rules_ok(selection: Selection, game: str, rules: str) -> bool:
    variant = _variant(game, rules)
    return variant is not None and selection.rules_match(variant)


def _regexp(pattern: str, value: str | None) -> bool:
    return value is not None and re.search(pattern, value) is not None


def _located(
    path: str, fmt: str, encoding: str | None
) -> Iterator[tuple[Chunk | Record, int | None, int | None, bytes | None]]:
    """The games of a file (PMN ones unread) with the byte offset, length and hash of each
    PMN game's text in the decompressed UTF-8 stream."""
    if fmt != "pmn":
        for record in read_path(path, fmt, encoding=encoding):
            yield record, None, None, None
        return
    source = source_name(path)
    with open_source(path, encoding) as games, open_source(path, encoding) as lines:
        offsets = _Offsets(lines)
        previous: tuple[Chunk, int] | None = None
        for chunk in iter_chunks(games, source):
            start = offsets.of_line(chunk.line)
            if previous is not None:
                yield previous[0], previous[1], start - previous[1], offsets.cut()
            else:
                offsets.cut()  # what comes before the first game is no game's
            previous = (chunk, start)
        if previous is not None:
            end = offsets.of_line(1 << 62)
            yield previous[0], previous[1], end - previous[1], offsets.cut()


def read_back(games: Iterable[IndexedGame]) -> Iterator[Record]:
    """The records of indexed games, read from their files (in the order given).

    PMN games are read at their byte offsets, and each is checked against the
    hash of its text; games of other formats by their number in the file, once
    the file is checked against its hash. Raises :class:`StaleIndexError` when
    a file is gone, cannot be read, or changed since it was indexed: no game
    is given that is not the game indexed.
    """
    for indexed, game in read_back_games(games):
        yield replace(game.record, line=indexed.line)


def read_back_games(
    games: Iterable[IndexedGame],
) -> Iterator[tuple[IndexedGame, ArchiveGame]]:
    """:func:`read_back`'s games as :class:`~notation.archive.games.ArchiveGame` values
    (a PMN game's text checked against its hash, read only if asked for: written to PMN
    as it is), each with the indexed game it is."""
    readers: dict[str, _Reader] = {}
    for game in games:
        reader = readers.get(game.abspath)
        if reader is None:
            reader = readers[game.abspath] = _Reader(game)
        yield game, reader.game(game)
    for reader in readers.values():
        reader.close()


class _Reader:
    """Games read forward from one file."""

    def __init__(self, game: IndexedGame) -> None:
        self.path, self.source = game.abspath, game.source
        self.format, self.encoding = game.format, game.encoding
        self.stream: io.BufferedReader | None = None
        self.position = 0
        self.records: Iterator[Record] | None = None
        self.ordinal = 0

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()

    def _changed(self) -> StaleIndexError:
        return StaleIndexError(f"{self.source} changed since it was indexed: run pmn index again")

    def game(self, game: IndexedGame) -> ArchiveGame:
        try:
            if self.format != "pmn" or game.offset is None or game.length is None:
                return ArchiveGame(self._by_ordinal(game), game.ordinal)
            return self._at_offset(game, game.offset, game.length)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise StaleIndexError(
                f"{self.source}: an indexed file that cannot be read now ({reason}): "
                "index the files again (pmn index), or make the index anew"
            ) from None

    def _at_offset(self, game: IndexedGame, offset: int, length: int) -> ArchiveGame:
        if self.stream is None or offset < self.position:
            self.close()
            self.stream, self.position = open_source(self.path, self.encoding), 0
        if self.position < offset:
            if self.stream.seekable():
                self.stream.seek(offset)
            else:
                _skip(self.stream, offset - self.position)
        data = self.stream.read(length)
        self.position = offset + len(data)
        if game.digest is None or _game_digest(data) != game.digest:
            raise self._changed()
        found = list(iter_chunks(io.BytesIO(data), self.source))
        if len(found) != 1:
            raise self._changed()
        chunk = replace(found[0], line=game.line)
        return ArchiveGame(TaggedChunk.of(chunk), game.ordinal)

    def _by_ordinal(self, game: IndexedGame) -> Record:
        if self.records is None or game.ordinal <= self.ordinal:
            if game.file_digest is None or file_digest(self.path) != game.file_digest:
                raise self._changed()
            self.records, self.ordinal = (
                iter(read_path(self.path, self.format, encoding=self.encoding)),
                0,
            )
        for record in self.records:
            self.ordinal += 1
            if self.ordinal == game.ordinal:
                return replace(record, source=self.source)
        raise self._changed()


def _skip(stream: io.BufferedReader, size: int) -> None:
    while size > 0:
        block = stream.read(min(size, 1 << 20))
        if not block:
            return
        size -= len(block)


__all__ = [
    "SCHEMA",
    "SCHEMA_VERSION",
    "SHORT_HASH_BYTES",
    "ArchiveIndex",
    "ArchiveIndexError",
    "IndexedGame",
    "IndexedRecord",
    "OpeningRow",
    "StaleIndexError",
    "file_digest",
    "first_ply",
    "index_game",
    "position_hash",
    "read_back",
    "read_back_games",
]
