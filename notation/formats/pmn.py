"""PMN text: a file cut into games (:class:`GameCutter`), each read by the one reader
(:mod:`notation.formats.reader`), and records written back.

Reading is streaming: :func:`iter_records` takes lines (a file opened by
:func:`open_text`, or ``io.StringIO(text)``) and yields one :class:`Record` per
game, holding only one game in memory. A game that cannot be read is still
yielded, with its ``errors`` and its ``raw`` text, and the reader carries on
with the next game.

Each game is read by the one reader, :func:`notation.formats.reader.read_game`:
:func:`read_chunk` builds its record with :class:`~notation.formats.visitor.RecordBuilder`,
and the header scan (:func:`iter_headers`, :func:`iter_tagged`) reads each game's tag
section with :class:`~notation.formats.visitor.TagsBuilder`, which stops at the movetext.

Writing (:func:`write_record`) is the exact inverse on what the reader keeps:
``read(write(record)) == record`` for every record.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Generic, TypeVar, cast

from notation.core.limits import MAX_GAME_CHARS, MAX_KEPT_BYTES
from notation.core.record import Line, ReadError, Record, comment_as_written
from notation.core.tokens import TAG_PAIR, escape_tag_value
from notation.errors import WriteError
from notation.formats.reader import read_game
from notation.formats.visitor import RecordBuilder, TagsBuilder

DEFAULT_WIDTH = 79
TAG_LINE_RE = TAG_PAIR.re
_TAG_LINE_BYTES = re.compile(TAG_PAIR.re.pattern.encode("utf-8"))
#: A line of tag pairs with movetext after them (``[Game "Wari"] 1. C *``): movetext
#: starts on it. The match ends where the movetext begins.
_TAGS_THEN_MOVETEXT = (
    rb"(?>(?:" + TAG_PAIR.re.pattern.encode("utf-8") + rb"[ \t]*+)+)(?=[^ \t\r\n\[])"
)
_TAGS_THEN_MOVETEXT_RE = re.compile(_TAGS_THEN_MOVETEXT)
_BOMS = (codecs.BOM_UTF8,)
#: The lines of a game in text without "{": the rules of :class:`GameCutter` as regular
#: expressions (see :func:`_game_end`). Lines are matched possessively, each
#: character once.
_TTM = re.sub(rb"\(\?P<\w+>", b"(?:", _TAGS_THEN_MOVETEXT)  # (no named groups: used twice)
_BLANK = rb"[ \t]*+(?:\r[^\n]*+)?(?:\n|\Z)"
_MOVETEXT_LINE = rb"[ \t]*+[^ \t\r\n\[][^\n]*+(?:\n|\Z)"
_FIRST_MOVETEXT_LINE = rb"[ \t]*+(?:[^ \t\r\n\[]|" + _TTM + rb")[^\n]*+(?:\n|\Z)"
#: A line that begins with "[" and is not tag pairs then movetext. The first way is a
#: quicker match for the usual line, one plain tag pair alone (after it nothing but
#: spaces, so it cannot be tag pairs then movetext).
_TAG_LINE = (
    rb'[ \t]*+\[[A-Za-z0-9_]++ "[^"\\\r\n]*+"\][ \t]*+(?:\n|\Z)|[ \t]*+(?!'
    + _TTM
    + rb")\[[^\n]*+(?:\n|\Z)"
)
#: The game up to where its movetext lines go on (the rules of :class:`GameCutter`),
#: without the movetext after its first line. The empty group marks a game whose movetext
#: began; :func:`_game_end` takes its movetext on (lines that are blank or begin with
#: anything but "[", as ``(?>(?:_MOVETEXT_LINE|_BLANK)*)`` would, to the first line that
#: begins with "[", found by one search instead of a match a line).
_GAME_HEAD_RE = re.compile(
    rb"(?>(?:"
    + _BLANK
    + rb")*)(?:(?>(?:"
    + _TAG_LINE
    + rb")+)(?:"
    + _FIRST_MOVETEXT_LINE
    + rb"()|(?>(?:"
    + _BLANK
    + rb")+)(?:"
    + _MOVETEXT_LINE
    + rb"())?)|"
    + _FIRST_MOVETEXT_LINE
    + rb"())?"
)
#: The start of a line that begins with "[" (after spaces and tabs): the next game's.
_NEXT_GAME_LINE_RE = re.compile(rb"\n[ \t]*+\[")


def _game_end(data: bytes, start: int) -> int:
    """Where the game that starts at ``data[start]`` ends (``start`` when there is none):
    blank lines; tag-pair lines; then movetext (the first line of it may be tag
    pairs followed by movetext) and blank lines, up to the next line that begins
    with "[". After tag-pair lines and a blank line, a "[" line starts the next
    game (the game before was cut off after its tags)."""
    head = _GAME_HEAD_RE.match(data, start)
    end = head.end()  # type: ignore[union-attr]  # (always matches)
    if head.lastindex is None or end == len(data):  # type: ignore[union-attr]
        return end  # no movetext, or it ends with the data
    # the movetext's first line ends with "\n": from it, the lines up to a "[" line
    found = _NEXT_GAME_LINE_RE.search(data, end - 1)
    return len(data) if found is None else found.start() + 1


BLOCK_SIZE = 1 << 20
#: A game carried over more than this many bytes is followed line by line: the regular
#: expression scans an unfinished game again for each block, at most this / BLOCK_SIZE
#: times.
_LONG_GAME = 4 * BLOCK_SIZE
_T = TypeVar("_T")


# -- reading -------------------------------------------------------------------


def read_text(text: str, source: str = "<string>") -> list[Record]:
    """Every record in a PMN text."""
    return list(iter_records(io.StringIO(text, newline=None), source))


def open_text(path: str) -> IO[bytes]:
    """Open a file for :func:`iter_records` (binary: decoding is done per line)."""
    return open(path, "rb")


def _decode_chunk(lines: list[bytes], first_line: int) -> tuple[str, tuple[ReadError, ...]]:
    """Decode one game's lines as UTF-8, at once; a line that is not UTF-8 gets an
    ``encoding`` error (with its place) and U+FFFD for the bad bytes."""
    data = b"".join(lines)
    try:
        text = data.decode("utf-8")
        errors: tuple[ReadError, ...] = ()
    except UnicodeDecodeError:
        parts, found = [], []
        for offset, raw in enumerate(lines):
            try:
                parts.append(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:
                parts.append(raw.decode("utf-8", errors="replace"))
                message = (
                    f"byte {raw[exc.start]:#04x} is not valid UTF-8; name the file's encoding "
                    "with --encoding (e.g. --encoding latin-1), or save the file as UTF-8"
                )
                found.append(ReadError("encoding", message, first_line + offset, exc.start + 1))
        text, errors = "".join(parts), tuple(found)
    if "\r" in text:
        # Windows line ends. A lone carriage return is white space: not a line break
        # (games are cut at "\n" only, and a line break here would let a comment hide
        # a game), and not kept in a comment (the text it is written to would read
        # it back as a line break, and the JSON form forbids it)
        text = text.replace("\r\n", "\n").replace("\r", " ")
    return text, errors


def _chunk(lines: list[bytes], first_line: int, source: str) -> Chunk:
    """One game's lines as a :class:`Chunk`; its text as read is kept beside the text
    read when they differ (carriage returns), to be a damaged record's raw text."""
    text, errors = _decode_chunk(lines, first_line)
    original = None
    if not errors and b"\r" in b"".join(lines):
        original = b"".join(lines).decode("utf-8")
    return Chunk(text, first_line, source, errors, original)


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one game as cut from a file, not yet read.

    ``line`` is the number of its first line in the file; ``errors`` holds
    decoding errors found while cutting it. Chunks are small plain values,
    cheap to send to another process.
    """

    text: str
    line: int
    source: str
    errors: tuple[ReadError, ...] = ()
    #: the text exactly as in the file when ``text`` differs from it (its carriage
    #: returns read as line ends and spaces): a damaged record keeps this one
    original: str | None = None
    #: for a game longer than :data:`notation.core.limits.MAX_KEPT_BYTES`, cut off as it
    #: streamed: its length in bytes (``text`` is then only its beginning); else 0
    cut: int = 0

    def __reduce__(
        self,
    ) -> tuple[type[Chunk], tuple[str, int, str, tuple[ReadError, ...], str | None, int]]:
        # sent to worker processes by the thousand: a constructor call unpickles
        # faster than the field-by-field state of a slotted dataclass
        return Chunk, (self.text, self.line, self.source, self.errors, self.original, self.cut)

    @property
    def too_large(self) -> bool:
        """Whether the game is over the cap (:data:`notation.core.limits.MAX_GAME_CHARS`):
        it is not read, but given as :func:`notation.core.limits.too_large_chunk`."""
        return bool(self.cut) or len(self.text) > MAX_GAME_CHARS


def iter_records(lines: Iterable[str | bytes], source: str = "<string>") -> Iterator[Record]:
    """Yield the records in a stream of lines, one game at a time.

    Lines may be ``bytes`` (decoded as UTF-8 here; a line that is not valid
    UTF-8 makes its game damaged with an ``encoding`` error instead of
    stopping the reader) or ``str``. A byte-order mark at the start is
    skipped and Windows line endings are read as plain ones. A new game
    starts at a line beginning with ``[`` once the current game has movetext.
    """
    for chunk in iter_chunks(lines, source):
        yield read_chunk(chunk)


def iter_chunks(lines: Iterable[str | bytes], source: str = "<string>") -> Iterator[Chunk]:
    """Cut a stream of lines into games (see :func:`iter_records`), without reading them.

    Works on bytes and decodes each game once; ``str`` lines are encoded first.
    A binary file is cut a megabyte at a time (:func:`_iter_chunks_in_blocks`).
    """
    if isinstance(lines, io.BufferedIOBase | io.RawIOBase):
        yield from _iter_chunks_in_blocks(cast(IO[bytes], lines), source)
    else:
        yield from _iter_chunks_by_line(lines, source)


def _iter_chunks_in_blocks(
    stream: IO[bytes], source: str, block_size: int = BLOCK_SIZE
) -> Iterator[Chunk]:
    """Cut a binary stream into games a block at a time (:class:`GameCutter`)."""
    return _iter_in_blocks(stream, source, block_size, _piece_chunk, _same_chunk)


def _piece_chunk(data: bytes, start: int, end: int, line: int, source: str) -> Chunk:
    """The chunk of the game at ``data[start:end]``, which starts at line ``line``."""
    return _chunk(_lines(data[start:end]), line, source)


def _same_chunk(chunk: Chunk) -> Chunk:
    return chunk


def _iter_in_blocks(
    stream: IO[bytes],
    source: str,
    block_size: int,
    piece: Callable[[bytes, int, int, int, str], _T],
    from_chunk: Callable[[Chunk], _T],
) -> Iterator[_T]:
    """The games of a binary stream read a block at a time, cut by one
    :class:`GameCutter` (a byte-order mark at the start skipped), each given as the
    cutter gives it: ``piece(...)`` or ``from_chunk(chunk)``."""
    cutter = GameCutter(source, piece, from_chunk)
    block = stream.read(block_size)
    if block.startswith(codecs.BOM_UTF8):
        block = block[len(codecs.BOM_UTF8) :]
    while block:
        yield from cutter.feed_block(block)
        block = stream.read(block_size)
    yield from cutter.finish()


def _plain_game_ends(data: bytes) -> Iterator[int]:
    """Where each game of ``data`` (text with no "{") ends, found by the regular
    expression, one game at a time; the last game, which may go on in the next block,
    is left out."""
    start, size = 0, len(data)
    while True:
        end = _game_end(data, start)
        if end in (size, start):
            return
        yield end
        start = end


def _lines(data: bytes) -> list[bytes]:
    """Lines split at "\\n" only (``bytes.splitlines`` would also split at a lone "\\r")."""
    return io.BytesIO(data).readlines()


def _iter_chunks_by_line(lines: Iterable[str | bytes], source: str) -> Iterator[Chunk]:
    """Cut games line by line (:meth:`GameCutter.feed_line`), each game as soon as the
    line that ends it is read."""
    cutter: GameCutter[Chunk] = GameCutter(source, _piece_chunk, _same_chunk)
    for line in lines:
        yield from cutter.feed_line(line.encode("utf-8") if isinstance(line, str) else line)
    yield from cutter.finish()


#: A line longer than this is not held whole when the rules are followed line by line:
#: its first piece says whether it starts a game, and the pieces after it are only
#: followed for comments.
_LINE_PIECE = BLOCK_SIZE
#: How much of a game cut off as it streams is kept as its chunk's text (its tags).
_CUT_HEAD = 1 << 16


class GameCutter(Generic[_T]):
    """The one cutter of PMN text into games, fed a stream's bytes a block
    (:meth:`feed_block`) or a line (:meth:`feed_line`) at a time.

    The rules (``docs/pmn.md``, games in a file): a new game starts at a line
    beginning with "[" once the current game has movetext (a line not starting with
    "[", or tag pairs followed by movetext on their line), unless a "{" comment is open;
    inside a comment left open, a whole tag-pair line after a blank line starts one
    too, so that one unclosed comment cannot swallow the rest of a file. A "[" line
    after a blank line that ends a tag section starts one as well: the game before was
    cut off after its tags, and its tags are not the next game's.

    The cutter follows the rules line by line (each byte looked at once), except over
    the stretches of a block that hold no "{" (most of a collection): there one
    regular expression states the same rules for text without comments
    (:func:`_game_end`) and cuts the games found whole, each given as ``piece(data,
    start, end, line, source)``; each game cut line by line is given as
    ``from_chunk(chunk)``. How the bytes are delivered changes no cut
    (``tests/formats/test_chunking.py``).

    A game is held up to :data:`notation.core.limits.MAX_KEPT_BYTES`; past that it is
    cut off as it streams: counted, not held, and its chunk says how long it was
    (:attr:`Chunk.cut`). A game held from block to block is scanned again for each block
    while it is under :data:`_LONG_GAME`, and followed line by line past that, so the
    cut is linear in the stream's length.
    """

    def __init__(
        self,
        source: str,
        piece: Callable[[bytes, int, int, int, str], _T],
        from_chunk: Callable[[Chunk], _T],
    ) -> None:
        self.source = source
        self.piece = piece
        self.from_chunk = from_chunk
        # cut by the regular expression: the unfinished game, from its first line
        self.pending = b""
        self.pending_line = 1  # the line number where ``pending`` starts
        self.long_line: list[bytes] = []  # a line longer than a block, joined once it ends
        self.long_size = 0
        # followed line by line (while by_line): the state of the current game
        self.by_line = False
        self._start_game(1)
        self.number = 1  # the line being fed
        self.mid_line = False  # the pieces fed so far end inside a line
        self.follow = False  # the rest of the current line is followed for comments
        self.carry = b""  # the start of a line whose end is not fed yet

    # -- feeding -------------------------------------------------------------------

    def feed_block(self, block: bytes) -> Iterator[_T]:
        """Feed the stream's next bytes; the games that end in them."""
        if self.by_line:
            yield from self._lines_of_block(block)
            self._back_to_blocks()
            return
        cut = block.rfind(b"\n") + 1
        if not cut:  # no line end in a whole block: read on
            self.long_line.append(block)
            self.long_size += len(block)
            if len(self.pending) + self.long_size > _LONG_GAME:  # not scanned again and again
                yield from self._follow_lines([self.pending, *self._take_long_line()])
            return
        data = self.pending + b"".join(self._take_long_line()) + block[:cut]
        yield from self._cut_data(data)
        if self.by_line:
            yield from self._lines_of_block(block[cut:])
            self._back_to_blocks()
        else:
            self.pending += block[cut:]

    def feed_line(self, raw: bytes) -> Iterator[_T]:
        """Feed one whole line (the rules followed line by line); the game it ends by
        starting another, if it does."""
        self.by_line = True
        chunk = self._feed(raw, ends=True)
        if chunk is not None:
            yield self.from_chunk(chunk)

    def finish(self) -> Iterator[_T]:
        """The stream has ended: the games it still holds (white space is no game)."""
        if not self.by_line:
            data = self.pending + b"".join(self._take_long_line())
            yield from self._cut_data(data)
            if not self.by_line:
                if self.pending.strip():
                    yield self.piece(
                        self.pending, 0, len(self.pending), self.pending_line, self.source
                    )
                return
        if self.carry:
            carry, self.carry = self.carry, b""
            chunk = self._feed(carry, ends=True)
            if chunk is not None:
                yield self.from_chunk(chunk)
        if not self.blank:
            yield self.from_chunk(self._chunk())

    # -- by the regular expression ----------------------------------------------------

    def _take_long_line(self) -> list[bytes]:
        taken, self.long_line, self.long_size = self.long_line, [], 0
        return taken

    def _cut_data(self, data: bytes) -> Iterator[_T]:
        """Cut whole lines held from the unfinished game's first line: by the regular
        expression, or line by line when they hold a comment (which may hide "[" lines)
        or are too long to scan again for each block."""
        if len(data) > _LONG_GAME or b"{" in data:
            self.pending = b""
            yield from self._follow_lines([data])
            return
        start = 0
        line = self.pending_line
        for end in _plain_game_ends(data):
            yield self.piece(data, start, end, line, self.source)
            line += data.count(b"\n", start, end)
            start = end
        self.pending, self.pending_line = data[start:], line

    def _follow_lines(self, parts: list[bytes]) -> Iterator[_T]:
        """Follow the rules line by line from the unfinished game's first line, over ``parts``."""
        self.by_line = True
        self._start_game(self.pending_line)
        self.number = self.pending_line
        self.pending = b""
        for part in parts:
            yield from self._lines_of_block(part)

    def _back_to_blocks(self) -> None:
        """Back to the regular expression once the game followed line by line is held
        whole from its first line and short (:data:`_LONG_GAME`)."""
        if not self.cut and not self.mid_line and self.size + len(self.carry) <= _LONG_GAME:
            self.pending = b"".join(self.lines) + self.carry
            self.pending_line = self.start
            self.carry = b""
            self.by_line = False

    # -- line by line ----------------------------------------------------------------

    def _start_game(self, line: int) -> None:
        self.lines: list[bytes] = []  # the current game's lines, while held whole
        self.size = 0  # the current game's length in bytes, held or not
        self.cut = False  # the current game outgrew what is held
        self.blank = True  # the current game is white space only, so far
        self.start = line  # the current game's first line
        self.in_movetext = False
        self.in_tags = False  # a "[" line seen, no movetext yet
        self.in_comment = False
        self.previous_blank = False

    def _lines_of_block(self, block: bytes) -> Iterator[_T]:
        """Follow a block's lines; the games that end in them."""
        if self.carry:
            block, self.carry = self.carry + block, b""
        at, size = 0, len(block)
        while at < size:
            end = block.find(b"\n", at)
            if end < 0:
                tail = block[at:]
                if self.mid_line or len(tail) > _LINE_PIECE:  # a line too long to hold
                    chunk = self._feed(tail, ends=False)
                    if chunk is not None:
                        yield self.from_chunk(chunk)
                else:
                    self.carry = tail
                return
            chunk = self._feed(block[at : end + 1], ends=True)
            if chunk is not None:
                yield self.from_chunk(chunk)
            at = end + 1

    def _chunk(self) -> Chunk:
        if not self.cut:
            return _chunk(self.lines, self.start, self.source)
        head = b"".join(self.lines)[:_CUT_HEAD].decode("utf-8", errors="replace")
        head = head.replace("\r\n", "\n").replace("\r", " ")
        return Chunk(head, self.start, self.source, cut=self.size)

    def _feed(self, raw: bytes, *, ends: bool) -> Chunk | None:
        done = None
        if self.number == 1 and not self.mid_line and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        if self.mid_line:  # the rest of a long line: only its comments matter
            if self.follow:
                self.in_comment, rest_commented = _comment_scan(raw, self.in_comment)
                self.follow = not rest_commented
        else:
            done = self._line_start(raw, ends)
        self.size += len(raw)
        if not self.cut:
            if self.size > MAX_KEPT_BYTES:
                self.cut = True  # the lines held so far stay: the head of its chunk
            else:
                self.lines.append(raw)
        if self.blank and raw.strip():
            self.blank = False
        self.mid_line = not ends
        if ends:
            self.number += 1
        return done

    def _line_start(self, raw: bytes, ends: bool) -> Chunk | None:
        """A line begins with ``raw`` (the whole line when ``ends``): the game it ends."""
        done = None
        stripped = raw.lstrip(b" \t") if raw[:1] in b" \t" else raw
        head = stripped[:1]
        self.follow = False
        if head == b"[":
            if (
                self.in_movetext
                and (
                    not self.in_comment
                    or (
                        self.previous_blank
                        and ends
                        and _TAG_LINE_BYTES.fullmatch(stripped.rstrip()) is not None
                    )
                )
            ) or (self.in_tags and self.previous_blank):
                done = self._chunk()
                self.lines, self.size, self.cut, self.blank = [], 0, False, True
                self.start = self.number
                self.in_movetext = self.in_comment = False
            if self.in_comment:
                self.in_comment, commented = _comment_scan(stripped, True)
                self.follow = not commented
            elif not self.in_movetext:
                tags = _TAGS_THEN_MOVETEXT_RE.match(stripped)
                if tags is not None:  # movetext starts after the tag pairs on this line
                    self.in_movetext = True
                    self.in_comment, commented = _comment_scan(stripped[tags.end() :], False)
                    self.follow = not commented
            self.in_tags = not self.in_movetext
            self.previous_blank = False
        elif head in (b"\n", b"\r", b""):
            self.previous_blank = True
        else:
            self.in_movetext = True
            self.in_comment, commented = _comment_scan(raw, self.in_comment)
            self.follow = not commented
            self.previous_blank = False
        return done


def _comment_scan(line: bytes, in_comment: bool) -> tuple[bool, bool]:
    """Whether a ``{`` comment is still open at the end of ``line`` (a line or a piece of
    one), and whether a ``;`` comment takes the rest of the line."""
    at = 0
    semi = -2  # the next ";" at or after ``at`` (-1: none; -2: not looked for yet)
    while True:  # byte searches, each byte looked at once: a regex is ~50x slower here
        if in_comment:
            close = line.find(b"}", at)
            if close < 0:
                return True, False
            in_comment, at = False, close + 1
        else:
            if semi != -1 and semi < at:
                semi = line.find(b";", at)
            brace = line.find(b"{", at, semi if semi >= 0 else len(line))
            if brace < 0:  # no "{" before the ";", which comments out the rest, if any
                return False, semi >= 0
            in_comment, at = True, brace + 1


def read_chunk(chunk: Chunk) -> Record:
    """Read one game's text into a record, every move with its place (a damaged record if
    it cannot be read): :func:`~notation.formats.reader.read_game` with a
    :class:`~notation.formats.visitor.RecordBuilder`.

    A game over the cap (:attr:`Chunk.too_large`) is not read: it is the damaged
    record of :func:`notation.core.limits.too_large_chunk`. The reader is the one place the
    cap is applied, for every visitor.
    """
    return read_game(chunk, RecordBuilder())


# -- writing ------------------------------------------------------------------


def write_records(records: Iterable[Record], out: IO[str], *, width: int = DEFAULT_WIDTH) -> None:
    """Write records to a text stream, a blank line between games."""
    writer = PMNWriter(out, width)
    for record in records:
        writer.write(record)
    writer.close()


class PMNWriter:
    """PMN records written to a text stream one at a time, a blank line between games
    (the format registry's writer: :mod:`notation.formats.registry`)."""

    def __init__(self, out: IO[str], width: int = DEFAULT_WIDTH) -> None:
        self.out = out
        self.width = width
        self.first = True

    def write(self, record: Record) -> None:
        self.write_game_text(write_record(record, width=self.width))

    def write_game_text(self, text: str) -> None:
        """Write one game's PMN text (ending with a line end) after those already written."""
        self.out.write(text if self.first else "\n" + text)
        self.first = False

    def close(self) -> None:
        """Nothing to finish: PMN has no closing text."""


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The records of a binary stream of PMN text (the format registry's reader; a PMN
    record names its own game, so ``game`` is not used)."""
    return iter_records(stream, source)


def write_record(record: Record, *, width: int = DEFAULT_WIDTH) -> str:
    """The PMN text of one record: tag pairs, a blank line, movetext wrapped at ``width``.

    A damaged record (one the reader could not read) is written back as its
    raw text, so nothing is lost. Raises :class:`notation.errors.WriteError` for a
    game cut off as it was read (:func:`notation.core.limits.is_cut_off`): its text was
    not kept, and writing it would lose it silently.
    """
    if record.raw is not None:
        return record.raw if record.raw.endswith(("\n", "\r")) else record.raw + "\n"
    if record.errors:
        raise WriteError(f"{record.errors[0].message}", record)
    parts = [f'[{name} "{escape_tag_value(value)}"]\n' for name, value in record.tags]
    if parts:
        parts.append("\n")
    mainline = record.mainline
    if not mainline.comments and not any(
        node.comments_before or node.comments or node.variations or node.nags
        for node in mainline.moves
    ):  # numbers and moves only: no comment to break a line, no parentheses
        tokens = [
            node.token + node.glyph
            if node.number is None
            else f"{node.number} {node.token}{node.glyph}"
            for node in mainline.moves
        ]
        tokens.append(record.result)
        parts.append(_wrap_plain(tokens, width))
    else:
        tokens = _movetext_tokens(mainline)
        tokens.append(record.result)
        parts.append(_wrap(tokens, width))
    return "".join(parts)


def _wrap_plain(tokens: list[str], width: int) -> str:
    """:func:`_wrap` for tokens that hold no line break and no parenthesis (the same text).

    Greedy, as :func:`_wrap`: each line takes as many tokens as fit in ``width``,
    and a token longer than ``width`` has a line of its own. The tokens are
    joined once with line breaks, and each line ends at the last break that
    fits (``rfind``), rather than measuring token by token.
    """
    text = "\n".join(tokens)
    if text.count("\n") != len(tokens) - 1:  # a token with a line break: token by token
        return _wrap_tokens(tokens, width)
    lines: list[str] = []
    start, end = 0, len(text)
    while end - start > width:
        cut = text.rfind("\n", start, start + width + 1)
        if cut < 0:  # the first token is longer than a line: it has the line alone
            cut = text.find("\n", start)
            if cut < 0:
                break
        lines.append(text[start:cut].replace("\n", " "))
        start = cut + 1
    lines.append(text[start:].replace("\n", " "))
    return "\n".join(lines) + "\n"


def _wrap_tokens(tokens: list[str], width: int) -> str:
    """:func:`_wrap_plain` measured token by token."""
    lines: list[str] = []
    current: list[str] = []
    length = -1  # the length of the line so far, were a space put before the next token
    for token in tokens:
        if current and length + 1 + len(token) > width:
            lines.append(" ".join(current))
            current, length = [token], len(token)
        else:
            current.append(token)
            length += 1 + len(token)
    if current:
        lines.append(" ".join(current))
    return "\n".join(lines) + "\n"


def _movetext_tokens(mainline: Line) -> list[str]:
    """Movetext as tokens; an explicit stack instead of recursion for deep variations."""
    tokens: list[str] = []
    # stack of iterators over the "pieces" still to write
    stack: list[Iterator[str | Line]] = [_line_pieces(mainline)]
    while stack:
        piece = next(stack[-1], None)
        if piece is None:
            stack.pop()
            if stack:
                tokens.append(")")
            continue
        if isinstance(piece, Line):
            tokens.append("(")
            stack.append(_line_pieces(piece))
        else:
            tokens.append(piece)
    return tokens


def _line_pieces(line: Line) -> Iterator[str | Line]:
    for node in line.moves:
        for comment in node.comments_before:
            yield _comment(comment)
        # a move number and its move are never split across lines
        number = "" if node.number is None else node.number + " "
        yield number + node.token + node.glyph
        for nag in node.nags:
            yield f"${nag}"
        for comment in node.comments:
            yield _comment(comment)
        yield from node.variations
    for comment in line.comments:
        yield _comment(comment)


def _comment(text: str) -> str:
    text = comment_as_written(text)  # no carriage return; "}" with a line break is ")"
    # A comment that holds "}" cannot be braced; a ";" comment keeps it (to the end of line).
    if "}" in text:
        return ";" + text + "\n"
    return "{" + text + "}"


def _wrap(tokens: list[str], width: int) -> str:
    lines: list[str] = []
    current = ""
    for token in tokens:
        glue = "" if not current or current.endswith("(") or token == ")" else " "
        if current and len(current) + len(glue) + len(token) > width and token != ")":
            lines.append(current)
            current = token
        else:
            current += glue + token
        if token.endswith("\n"):  # a ";" comment ends its line
            lines.append(current.rstrip("\n"))
            current = ""
        elif "\n" in token:
            # a multi-line comment: what follows its last line break counts for the width
            lines.append(current[: current.rindex("\n")])
            current = current[current.rindex("\n") + 1 :]
    if current:
        lines.append(current)
    return "\n".join(lines) + "\n"


def iter_headers(
    lines: Iterable[str | bytes], source: str = "<string>"
) -> Iterator[tuple[tuple[str, str], ...]]:
    """Yield each game's tag pairs without reading its movetext (a fast scan of a collection).

    The games are cut as :func:`iter_chunks` cuts them, and each game's tags are
    the tag pairs of its tag section (its first lines that are blank or begin
    with "["), read as :func:`iter_records` reads them. From a binary stream only
    the tag sections are decoded.
    """
    if isinstance(lines, io.BufferedIOBase | io.RawIOBase):
        yield from _iter_in_blocks(
            cast(IO[bytes], lines), source, BLOCK_SIZE, _piece_tags, _chunk_tags
        )
    else:
        for chunk in _iter_chunks_by_line(lines, source):
            yield _chunk_tags(chunk)


class TaggedChunk:
    """A game cut from a PMN text with its tags read and the rest not yet decoded
    (:func:`iter_tagged`): a filter on tags reads only the tag section, and
    :attr:`chunk` cuts the game whole (the :class:`Chunk` :func:`iter_chunks` gives)
    when it is asked for."""

    __slots__ = ("_chunk", "_data", "as_read", "line", "source", "tags")

    def __init__(
        self,
        tags: tuple[tuple[str, str], ...],
        line: int,
        source: str,
        data: bytes = b"",
        chunk: Chunk | None = None,
        *,
        as_read: bool = True,
    ) -> None:
        self.tags = tags
        self.line = line
        self.source = source
        self._data = data
        self._chunk = chunk
        #: whether the chunk's text is the file's (False: made from another format's,
        #: a PlayOK export's with its missing tags put in)
        self.as_read = as_read

    @classmethod
    def of(cls, chunk: Chunk, *, as_read: bool = True) -> TaggedChunk:
        """A chunk cut already, with its tags read."""
        return cls(_chunk_tags(chunk), chunk.line, chunk.source, chunk=chunk, as_read=as_read)

    @property
    def damaged(self) -> bool:
        """Whether the game's text does not decode (known as it is cut: such a game is
        read, and reported, even when only its tags are asked for)."""
        return self._chunk is not None and bool(self._chunk.errors)

    @property
    def raw(self) -> bytes | None:
        """The game's bytes as cut from the file (line ends as written), while it has
        not been cut into its :attr:`chunk`; None after, or when it never had them."""
        return self._data or None

    @property
    def last_word(self) -> str:
        """What follows the last white space (a space, tab or line end) of the game's
        text: its result token when the text ends with one. Read from the end of the
        game's bytes without decoding the rest."""
        data = self._data
        if not data:
            return last_word(self.chunk.text)
        end = len(data)
        while end and data[end - 1] in b" \t\r\n":  # (not rstrip: no copy of the game)
            end -= 1
        start = max(data.rfind(b" ", 0, end), data.rfind(b"\t", 0, end), data.rfind(b"\n", 0, end))
        return data[start + 1 : end].decode("utf-8", "replace")

    # what the reader reads of it (notation.formats.visitor.GameText): the game is
    # decoded only when its text is asked for

    @property
    def text(self) -> str:
        """The game's text (its :attr:`chunk`'s)."""
        return self.chunk.text

    @property
    def errors(self) -> tuple[ReadError, ...]:
        """Its decoding errors (none while it is in bytes: they were checked as it was cut)."""
        return () if self._chunk is None else self._chunk.errors

    @property
    def original(self) -> str | None:
        """Its text as in the file, when that differs from :attr:`text`."""
        return self.chunk.original

    @property
    def cut(self) -> int:
        """Its length in bytes when it was cut off as it streamed (:attr:`Chunk.cut`)."""
        return 0 if self._chunk is None else self._chunk.cut

    @property
    def too_large(self) -> bool:
        """Whether it is over the cap (:attr:`Chunk.too_large`)."""
        if self._chunk is None and len(self._data) <= MAX_GAME_CHARS:
            return False  # (no more characters than bytes)
        return self.chunk.too_large

    @property
    def chunk(self) -> Chunk:
        """The game as :func:`iter_chunks` cuts it (decoded on first use)."""
        if self._chunk is None:
            self._chunk = _chunk(_lines(self._data), self.line, self.source)
            self._data = b""
        return self._chunk


def last_word(text: str) -> str:
    """What follows the last white space (a space, tab or line end) of a game's text."""
    text = text.rstrip(" \t\n")
    return text[max(text.rfind(" "), text.rfind("\t"), text.rfind("\n")) + 1 :]


def iter_tagged(stream: IO[bytes], source: str = "<string>") -> Iterator[TaggedChunk]:
    """Each game of a binary PMN stream with its tags read as :func:`iter_headers` reads
    them (only the tag section decoded), the rest kept to be cut when asked
    (:attr:`TaggedChunk.chunk`, the chunk :func:`iter_chunks` gives)."""
    return _iter_in_blocks(stream, source, BLOCK_SIZE, _piece_tagged, TaggedChunk.of)


def _piece_tagged(data: bytes, start: int, end: int, line: int, source: str) -> TaggedChunk:
    tags = _piece_tags(data, start, end, line, source)
    raw = data[start:end]
    if not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:  # cut now: the chunk carries where the text is damaged
            return TaggedChunk(tags, line, source, chunk=_chunk(_lines(raw), line, source))
    return TaggedChunk(tags, line, source, raw)


#: The tag section in bytes: the lines at the start of a game that are blank or begin
#: with "[" (in the decoded text "\r\n" is "\n" and any other "\r" a space).
_TAG_SECTION_BYTES_RE = re.compile(rb"(?>(?:[ \t\r]*+(?:\[[^\n]*+)?\n)*)")


def _piece_tags(
    data: bytes, start: int, end: int, line: int, source: str
) -> tuple[tuple[str, str], ...]:
    """The tags of the game at ``data[start:end]``: only its tag section is decoded and
    read (by :class:`~notation.formats.visitor.TagsBuilder`, which stops where the
    movetext begins); a section with a comment in it (which may hide text like a tag
    pair) is read with the whole game."""
    section_end = _TAG_SECTION_BYTES_RE.match(data, start, end).end()  # type: ignore[union-attr]
    section = data[start:section_end]
    if b"{" in section or b";" in section:
        return _chunk_tags(_piece_chunk(data, start, end, line, source))
    try:
        text = section.decode("utf-8")
    except UnicodeDecodeError:
        text = _decode_chunk(_lines(section), line)[0]
    else:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", " ")
    return read_game(Chunk(text, line, source), TagsBuilder())


def _chunk_tags(chunk: Chunk) -> tuple[tuple[str, str], ...]:
    """The tags of a cut game, as its record has them."""
    return read_game(chunk, TagsBuilder())


__all__ = [
    "BLOCK_SIZE",
    "DEFAULT_WIDTH",
    "TAG_LINE_RE",
    "Chunk",
    "PMNWriter",
    "TaggedChunk",
    "iter_chunks",
    "iter_headers",
    "iter_records",
    "iter_tagged",
    "last_word",
    "open_text",
    "read_chunk",
    "read_stream",
    "read_text",
    "write_record",
    "write_records",
]
