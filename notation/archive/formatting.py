"""Formatting files: ``pmn fmt``'s library.

:func:`check_file` says whether a PMN file is in canonical form, reading it a game at a
time on every core (:func:`notation.archive.parallel.map_in_order`) with one game in
memory; :func:`read_whole_text` reads a file whole, as ``fmt`` compares and rewrites it,
but never past a game too long to hold (:class:`GameTooLongError`).
"""

from __future__ import annotations

import codecs
import io
import os
import re
from dataclasses import dataclass, field
from functools import partial
from typing import IO

from notation.core.limits import MAX_KEPT_BYTES
from notation.errors import Code, PMNError
from notation.files.sources import (
    SourceDecodeError,
    head_of,
    open_source,
    source_name,
    strip_compression,
)
from notation.formats.canonical import FormatIssue, canonical_record, format_chunk
from notation.formats.playok import iter_chunks as playok_chunks
from notation.formats.pmn import (
    DEFAULT_WIDTH,
    Chunk,
    iter_chunks,
    iter_records,
    open_text,
    read_chunk,
    write_record,
)
from notation.formats.registry import format_for_path, sniff

#: What could not be formatted: the game's number, and the issue.
Issue = tuple[int, FormatIssue]


@dataclass(slots=True)
class FileCheck:
    """What ``pmn fmt --check`` finds in a file: whether formatting would change its
    text, what could not be formatted (each with its game's number), and how many games
    it holds."""

    changed: bool = False
    issues: list[tuple[int, FormatIssue]] = field(default_factory=list)
    games: int = 0


def check_file(
    path: str, *, width: int = DEFAULT_WIDTH, long: bool = False, jobs: int = 1
) -> FileCheck | None:
    """Whether a PMN file is in canonical form, read a game at a time (see :class:`FileCheck`).

    The canonical text of the file (its games' canonical texts, a blank line
    between them) is compared with the file's text as it is read, a game at a
    time, so the file is read once with one game in memory. Anything but a regular
    file (a named pipe), a file that holds what
    the canonical form never has and the reader does not keep (a byte-order mark, a
    carriage return) or a byte that is not UTF-8 is answered None: compare the
    whole texts (which says why they differ). Games are formatted on ``jobs``
    processes (:func:`notation.archive.parallel.map_in_order`).
    """
    if (
        not os.path.isfile(path)  # a named pipe can be read only once
        or _holds(path, b"\r")
        or _starts_with(path, codecs.BOM_UTF8)
    ):
        return None
    from notation.archive.parallel import map_in_order  # (multiprocessing: imported when used)

    result = FileCheck()
    compare = _Comparison()
    index = 0
    format_slice = partial(_format_slice, width=width, long=long)
    with open_text(path) as stream:
        formatted = map_in_order(format_slice, iter_chunks(stream, path), jobs)
        for index, (written, text, issues, faithful) in enumerate(formatted, start=1):
            if not faithful:  # a byte that is not UTF-8: the whole text's to report
                return None
            result.issues.extend((index, issue) for issue in issues)
            compare.feed(text if index == 1 else "\n" + text, written)
    result.games = index
    if index == 0:  # no game: the text is white space (or nothing), which formats to nothing
        with open_text(path) as stream:
            result.changed = bool(stream.read())
    else:
        result.changed = not compare.same()
    return result


def _format_slice(
    chunks: list[Chunk], *, width: int, long: bool
) -> list[tuple[str, str, list[FormatIssue], bool]]:
    """Each game's text as cut, its canonical text, its issues, and whether it decoded."""
    results = []
    for chunk in chunks:
        text, issues = format_chunk(chunk, width=width, long=long)
        results.append((chunk.text, text, issues, not chunk.errors))
    return results


class _Comparison:
    """Two texts that arrive in pieces, compared as they come (only the part of one
    not yet matched by the other is held)."""

    def __init__(self) -> None:
        self.left = ""
        self.right = ""
        self.differ = False

    def feed(self, left: str, right: str) -> None:
        if self.differ:
            return
        self.left += left
        self.right += right
        common = min(len(self.left), len(self.right))
        if self.left[:common] != self.right[:common]:
            self.differ = True
            self.left = self.right = ""
            return
        self.left, self.right = self.left[common:], self.right[common:]

    def same(self) -> bool:
        return not self.differ and self.left == self.right


def _starts_with(path: str, head: bytes) -> bool:
    with open(path, "rb") as stream:
        return stream.read(len(head)) == head


def _holds(path: str, byte: bytes, block_size: int = 1 << 20) -> bool:
    """Whether a file holds a byte, read a block at a time."""
    with open(path, "rb") as stream:
        while block := stream.read(block_size):
            if byte in block:
                return True
    return False


#: Where a game may start: a line beginning with "[" (after spaces and tabs).
_GAME_START_RE = re.compile(rb"\n[ \t]*\[")


def read_bounded(stream: IO[bytes], source: str, block_size: int = 1 << 20) -> bytes:
    """The whole of a stream (for ``pmn fmt``, which compares a file with its canonical
    text), read a block at a time, but never past a game too long to hold: a stretch of :data:`notation.core.limits.MAX_KEPT_BYTES` with no line that could
    start a game is a game cut off as it streams (a decompression bomb, one endless
    line), which fmt could not write back: :class:`GameTooLongError`, the file untouched."""
    blocks: list[bytes] = []
    size = 0
    since = 0  # bytes since the last place a game could start
    tail = b""
    while block := stream.read(block_size):
        blocks.append(block)
        size += len(block)
        window = tail + block
        starts = [m.end() for m in _GAME_START_RE.finditer(window)]
        since = len(window) - starts[-1] if starts else since + len(block)
        if since > MAX_KEPT_BYTES:
            raise GameTooLongError(source, size - since, MAX_KEPT_BYTES)
        tail = window[-16:]
    return b"".join(blocks)


class GameTooLongError(PMNError):
    """A file holding a game longer than a reader holds: fmt leaves it as it is."""

    code = Code.TOO_LARGE

    def __init__(self, source: str, offset: int, limit: int) -> None:
        super().__init__(
            f"{source}: a game from byte {offset:,} on runs past {limit:,} bytes (PMN cuts "
            "such a game off as it reads it, and cannot write it back): not formatted, "
            "the file is left as it is"
        )


def read_whole_text(path: str, encoding: str | None = None) -> str:
    """The whole text of a file (``-``: standard input), as ``pmn fmt`` compares it with
    its canonical text: read once (a named pipe can be read only once), through
    :func:`notation.files.sources.open_source`, and never past a game too long to hold
    (:func:`read_bounded`).

    A byte that does not decode raises :class:`SourceDecodeError` (its line and
    column, and a hint to name the encoding), never a U+FFFD in its place.
    A UTF-8 byte order mark and CRLF line ends are kept: they are part of the text.
    """
    source = source_name(path)
    stream = open_source(path, encoding)
    try:
        raw = read_bounded(stream, source)
    finally:
        if path != "-":
            stream.close()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SourceDecodeError(source, "UTF-8", line, column, raw[exc.start]) from None


#: What the canonical form has no room for (reported by ``--check``, dropped when written).
BYTE_ORDER_MARK = "\ufeff"


def format_text(text: str, source: str, width: int, long: bool) -> tuple[str, list[Issue]]:
    """The canonical text of a PMN text, and what could not be formatted (each with its
    game's number)."""
    formatted, issues, _games = _format_games(text, source, width, long)
    return formatted, issues


def _format_games(
    text: str, source: str, width: int, long: bool, *, playok: bool = False
) -> tuple[str, list[Issue], int]:
    """:func:`format_text`, and how many games the text holds (``playok``: a PlayOK
    export, its games read with the tags PlayOK leaves out)."""
    formatted_parts: list[str] = []
    issues: list[Issue] = []
    lines = io.BytesIO(text.encode("utf-8"))
    records = (
        (read_chunk(chunk) for chunk in playok_chunks(lines, source))
        if playok
        else iter_records(lines, source)
    )
    for index, record in enumerate(records, start=1):
        canonical, found = canonical_record(record, long=long)
        formatted_parts.append(write_record(canonical, width=width))
        issues.extend((index, issue) for issue in found)
    return "\n".join(formatted_parts), issues, len(formatted_parts)


def differences(text: str) -> list[str]:
    """What in ``text`` canonical form never has, whatever the records: a byte order mark,
    CRLF line ends."""
    found = []
    if text.startswith(BYTE_ORDER_MARK):
        found.append("a byte order mark")
    if "\r\n" in text:
        found.append("CRLF line ends")
    return found


@dataclass(slots=True)
class FormattedFile:
    """One file through ``pmn fmt``: its canonical text and the text read (None when only
    checked, a game at a time), whether formatting changes it and why (a byte order
    mark, CRLF line ends), what could not be formatted, and how many games it holds."""

    source: str
    text: str | None
    original: str | None
    changed: bool
    why: list[str]
    issues: list[Issue]
    games: int = 0


def format_file(
    path: str,
    *,
    check: bool = False,
    width: int = DEFAULT_WIDTH,
    long: bool = False,
    encoding: str | None = None,
    jobs: int = 1,
) -> FormattedFile:
    """A PMN file (``-``: standard input) in canonical form. With ``check``, a plain file
    is compared a game at a time on ``jobs`` processes (:func:`check_file`), never held
    whole; otherwise it is read whole (:func:`read_whole_text`). Raises
    :class:`notation.files.sources.SourceError` (a byte that does not decode),
    :class:`GameTooLongError` and ``OSError``: the file is then left as it is."""
    source = source_name(path)
    named = format_for_path(strip_compression(path)) if path != "-" else None
    pmn_named = named is not None and named.name == "pmn" and not path.lower().endswith(".txt")
    if check and pmn_named and encoding is None and strip_compression(path) == path:
        checked = check_file(path, width=width, long=long, jobs=jobs)
        if checked is not None:
            return FormattedFile(
                source, None, None, checked.changed, [], checked.issues, checked.games
            )
    original = read_whole_text(path, encoding)
    # sniffed as every reading command sniffs: a PlayOK export (.txt, or standard input)
    # is read with the tags PlayOK leaves out put in
    playok = not pmn_named and sniff(head_of(original.encode("utf-8"))).name == "playok"
    formatted, issues, games = _format_games(original, source, width, long, playok=playok)
    changed = formatted != original
    return FormattedFile(source, formatted, original, changed, differences(original), issues, games)


__all__ = [
    "BYTE_ORDER_MARK",
    "FileCheck",
    "FormattedFile",
    "GameTooLongError",
    "check_file",
    "differences",
    "format_file",
    "format_text",
    "read_bounded",
    "read_whole_text",
]
