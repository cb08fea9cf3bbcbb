"""The record's line under a problem, with a caret under the bad token, as compilers show it::

    games.pmn:6:6: game 1, move 3: Z: not a hole of Wari
        3. C Z D
             ^

:func:`excerpt` draws the two lines; :class:`SourceLines` finds the line to
draw. A file's text is read back only when a problem is printed (a forward
cursor, so a file with many problems is read once); standard input cannot be
read twice, so the games read from it are kept (:meth:`SourceLines.keep`)
until their report is printed (:meth:`SourceLines.release`).

Only text meant for people gets an excerpt: JSON and CSV reports keep
``line`` and ``column`` fields instead.
"""

from __future__ import annotations

import codecs
import unicodedata
from collections import deque
from collections.abc import Iterator
from typing import IO, TypeVar

from notation.core.record import Record
from notation.core.replay import Problem
from notation.files.sources import open_source
from notation.formats.pmn import Chunk

from .terminal import SafeClickException, terminal_text

#: Tab stops every this many columns (as terminals and most editors set them).
TAB_SIZE = 8
#: The widest excerpt drawn; a longer line is cut around the caret, with "...".
MAX_WIDTH = 100
#: The characters either side of the bad token that are looked at, however long the
#: line: drawing a 16 MiB line whole took a minute.
WINDOW = 2 * MAX_WIDTH
#: The bytes of a line read back for an excerpt: enough for its column and the window
#: after it (UTF-8 takes at most 4 bytes a character); the rest of the line is skipped.
_PIECE = 1 << 16
#: How the excerpt is indented under the message.
INDENT = "    "
#: Whose source is standard input in every reader.
STDIN = "<stdin>"
#: Problems about the record as a whole (its tags, its result), placed at its first
#: line: an excerpt of that line would point at nothing in particular.
WHOLE_RECORD_CODES = frozenset(
    {
        "result-mismatch", "bad-result", "wrong-result", "unfinished", "bad-termination",
        "bad-score", "score-mismatch", "bad-pits", "unknown-pits", "unknown-rules",
        "bad-position",
    }
)  # fmt: skip


def _cells(char: str) -> tuple[str, int]:
    """How one character is drawn: its text and its width in terminal columns.

    A tab is handled by the caller; a control or bidi character is drawn escaped
    (as :func:`notation.cli.terminal.terminal_text` does); a wide character (CJK, most
    emoji) takes two columns, a combining mark none.
    """
    if 0xDC80 <= ord(char) <= 0xDCFF:  # a byte that is not UTF-8 (read with surrogateescape)
        shown = f"\\x{ord(char) - 0xDC00:02x}"
        return shown, len(shown)
    shown = terminal_text(char)
    if shown != char or char == "\ufffd":  # U+FFFD is shown as its code, never as a glyph
        shown = "\\ufffd" if char == "\ufffd" else shown
        return shown, len(shown)
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return char, 0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return char, 2
    return char, 1


def excerpt(text: str, column: int, token: str | None = None) -> list[str]:
    """The source line ``text`` and a line with ``^~~`` under the token at ``column`` (1-based).

    The underline is as wide as ``token`` when the line holds it at that
    column, else as wide as the run of non-space text there (at least one
    caret). Tabs are expanded and wide characters counted twice, in both
    lines alike, so the caret stands under the token in a terminal.
    Returns no lines when ``column`` lies beyond the line.
    """
    text = text.rstrip("\r\n")
    start = column - 1
    if column < 1 or start > len(text):
        return []
    if token and text.startswith(token, start):
        end = start + len(token)
    else:
        end = start
        while end < len(text) and end < start + WINDOW and not text[end].isspace():
            end += 1
        end = max(end, start + 1)
    if len(text) > end + WINDOW or start > WINDOW:  # a long line: only a window is drawn
        low = max(0, start - WINDOW)
        text, start, end = text[low : end + WINDOW], start - low, end - low
    drawn: list[str] = []
    width = 0
    caret_from = caret_to = -1
    for index, char in enumerate(text):
        if index == start:
            caret_from = width
        if char == "\t":
            piece = " " * (TAB_SIZE - width % TAB_SIZE)
            cells = len(piece)
        else:
            piece, cells = _cells(char)
        drawn.append(piece)
        width += cells
        if index == end - 1:
            caret_to = width
    if caret_from < 0:  # the column just after the line's end (a missing result)
        caret_from = width
    if caret_to <= caret_from:
        caret_to = caret_from + 1
    line = "".join(drawn).rstrip()
    marks = " " * caret_from + "^" + "~" * (caret_to - caret_from - 1)
    if caret_from > MAX_WIDTH * 2 // 3:  # a long line: a window around the caret
        cut = caret_from - MAX_WIDTH // 3
        line, marks = "..." + _cut_columns(line, cut), " " * 3 + marks[cut:]
    if _width(line) > MAX_WIDTH + 3:
        line = _cut_columns(line, 0, MAX_WIDTH + 3) + "..."
        marks = marks[: MAX_WIDTH + 3]
    return [line, marks.rstrip() or "^"]


def _width(text: str) -> int:
    return sum(_cells(char)[1] for char in text)


def _cut_columns(text: str, start: int, length: int | None = None) -> str:
    """The part of drawn text from terminal column ``start``, ``length`` columns long."""
    out, column = [], 0
    for char in text:
        cells = _cells(char)[1]
        if column >= start and (length is None or column + cells <= start + length):
            out.append(char)
        column += cells
    return "".join(out)


class _Cursor:
    """A file read forward a line at a time (read again from the start to go back)."""

    def __init__(self, path: str, encoding: str | None) -> None:
        self.path, self.encoding = path, encoding
        self.stream: IO[bytes] | None = None
        self.number = 0  # the number of the last line read
        self.last: str | None = None
        self.whole = False  # whether ``last`` is the whole line
        self.kept = 0  # else how many characters were asked for

    def line(self, number: int, upto: int | None = None) -> str | None:
        """Line ``number``; with ``upto``, only its first ``upto`` characters or so are
        kept (the rest is skipped a block at a time, never held)."""
        if number == self.number and (self.whole or (upto is not None and upto <= self.kept)):
            return self.last
        if self.stream is None or number <= self.number:
            self.close()
            self.stream = open_source(self.path, self.encoding)
            self.number = 0
        while self.number < number:
            limit = None if upto is None or self.number + 1 < number else 4 * upto + 4
            raw = self._read_line(self.stream, limit)
            if raw is None:
                self.close()
                return None
            self.number += 1
            if self.number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            if self.number == number:
                self.last = raw.decode("utf-8", errors="surrogateescape")
                self.whole = limit is None or len(raw) < limit
                self.kept = upto or 0
        return self.last

    @staticmethod
    def _read_line(stream: IO[bytes], limit: int | None) -> bytes | None:
        """The next line's first ``limit`` bytes (None: all of a line to be kept, or
        nothing for a skipped one); the rest of the line is read past in blocks."""
        kept = b""
        first = True
        while True:
            piece = stream.readline(_PIECE)
            if not piece:
                return None if first else kept
            first = False
            if limit is None or len(kept) < limit:
                kept += piece if limit is None else piece[: limit - len(kept)]
            if piece.endswith(b"\n"):
                return kept

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.stream, self.number, self.last, self.whole = None, 0, None, False


class SourceLines:
    """Where the text of a problem's line comes from: the file, read back lazily, or the
    games kept from standard input. Never raises: a line that cannot be had is None."""

    def __init__(self, encoding: str | None = None) -> None:
        self.encoding = encoding
        self._cursor: _Cursor | None = None
        self._kept: deque[tuple[int, Chunk]] = deque()

    def keep(self, game: object, index: int) -> None:
        """Keep the text of a game read from standard input (a :class:`Chunk`) until released."""
        if isinstance(game, Chunk) and game.source == STDIN:
            self._kept.append((index, game))

    def release(self, source: str, index: int) -> None:
        """Forget the standard-input games up to game ``index``: their reports are printed."""
        if source != STDIN:
            return
        while self._kept and self._kept[0][0] <= index:
            self._kept.popleft()

    def line(self, source: str, number: int, upto: int | None = None) -> str | None:
        """The text of line ``number`` of ``source`` (with ``upto``: at least its first
        ``upto`` characters), or None when it cannot be had."""
        if number < 1 or not source:
            return None
        if source == STDIN:
            return self._kept_line(number)
        try:
            if self._cursor is None or self._cursor.path != source:
                if self._cursor is not None:
                    self._cursor.close()
                self._cursor = _Cursor(source, self.encoding)
            return self._cursor.line(number, upto)
        except (OSError, ValueError):  # gone, unreadable: the message alone is shown
            if self._cursor is not None:
                self._cursor.close()
            return None

    def _kept_line(self, number: int) -> str | None:
        for _, chunk in self._kept:
            offset = number - chunk.line
            if offset < 0:
                return None
            lines = chunk.text.split("\n")
            if offset < len(lines) - 1 or (offset == len(lines) - 1 and lines[-1]):
                return lines[offset]
        return None

    def close(self) -> None:
        """Close the file being read back, if any."""
        if self._cursor is not None:
            self._cursor.close()
            self._cursor = None

    def excerpt_lines(self, source: str, problem: Problem) -> list[str]:
        """The excerpt under ``problem`` (indented), or no lines when its place is unknown."""
        if not problem.line or not problem.column or problem.code in WHOLE_RECORD_CODES:
            return []
        text = self.line(source, problem.line, problem.column + WINDOW + len(problem.token or ""))
        if text is None:
            return []
        return [INDENT + part for part in excerpt(text, problem.column, problem.token)]


G = TypeVar("G")


def kept(games: Iterator[tuple[G, int]], lines: SourceLines) -> Iterator[tuple[G, int]]:
    """The games of an iterator, each kept in ``lines`` (see :meth:`SourceLines.keep`)."""
    for game, index in games:
        lines.keep(game, index)
        yield game, index


class ProblemException(SafeClickException):
    """A record's problem for stderr: the message (escaped) and the excerpt under it.

    The line comes from the file ``source`` names; for standard input, which is
    never read again, from ``record.raw`` (the text of a damaged record) if given.
    """

    def __init__(
        self, message: str, source: str, problem: Problem, record: Record | None = None
    ) -> None:
        super().__init__(message)
        lines = SourceLines()
        if source in ("-", STDIN) and record is not None and record.raw:
            raw = record.raw
            first = record.line - raw[: len(raw) - len(raw.lstrip())].count("\n")
            lines.keep(Chunk(raw, first, STDIN), 0)
            source = STDIN
        elif source in ("-", STDIN):
            source = ""  # not kept, and not to be read twice: no excerpt
        try:
            self.excerpt = lines.excerpt_lines(source, problem)
        finally:
            lines.close()

    def format_message(self) -> str:
        return "\n".join([terminal_text(self.message), *self.excerpt])
