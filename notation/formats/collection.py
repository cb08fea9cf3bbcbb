"""Collections of records in files: formats by extension, ``-`` for stdin/stdout, safe writes."""

from __future__ import annotations

import codecs
import io
import re
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO

from notation.core.record import Record, comment_as_written, iter_lines
from notation.errors import Code
from notation.files.guard import OutputIsInputError
from notation.files.outputs import OutputFolder, safe_output
from notation.files.sources import (
    PEEK_LIMIT,
    Extensions,
    SkippedPath,
    SourceDecodeError,
    SourceError,
    UnreadPath,
    open_source,
    peek_head,
    shown_path,
    source_name,
    strip_compression,
    walk_inputs,
)
from notation.formats.pmn import (
    DEFAULT_WIDTH,
    Chunk,
    TaggedChunk,
    iter_chunks,
    iter_headers,
    iter_tagged,
)
from notation.formats.reader import read_game
from notation.formats.registry import find_format, format_for_path, formats, sniff
from notation.formats.visitor import RecordBuilder

#: Format names and the file extensions that select them, from the format registry
#: (:mod:`notation.formats.registry`, where each format's reader and writer are named).
FORMATS: dict[str, tuple[str, ...]] = {entry.name: entry.extensions for entry in formats()}


def detect_format(path: str, default: str = "pmn") -> str:
    """The format a file name's extension selects (``-`` and unknown extensions give ``default``)."""
    found = format_for_path(path)
    return found.name if found is not None else default


def read_games(
    path: str,
    fmt: str | None = None,
    *,
    game: str | None = None,
    encoding: str | None = None,
) -> Iterator[Chunk | Record]:
    """Like :func:`read_path`, but PMN games come as unread :class:`Chunk` values.

    For validation, which has a fast path for plain games, and for sending
    games to other processes: a chunk is cheaper to cut than a record to read.
    (Standard input found to be PMN by its first bytes comes as chunks too:
    a chunk keeps the game's text, which cannot be read from stdin again.)
    """
    return _read(path, fmt, game, encoding, chunks=True)  # type: ignore[return-value]


def read_path(
    path: str,
    fmt: str | None = None,
    *,
    game: str | None = None,
    encoding: str | None = None,
) -> Iterator[Record]:
    """Yield the records of a file (``-``: standard input), one at a time.

    ``fmt`` is a name in :data:`FORMATS`; when None it comes from the
    extension, and for standard input or an unknown extension from the
    first bytes (``{`` or ``[`` means JSON, ``[Variant`` OGN). ``game`` names
    the game of ``openspiel-actions`` logs (``notation.formats.openspiel.openspiel_variant``).
    Compressed files and other encodings are read through
    :func:`notation.files.sources.open_source`.
    """
    return _read(path, fmt, game, encoding, chunks=False)  # type: ignore[return-value]


def read_tags(
    path: str, fmt: str | None = None, *, encoding: str | None = None
) -> Iterator[tuple[tuple[str, str], ...]]:
    """Each game's tag pairs, without reading its moves where the format allows.

    PMN is scanned by :func:`notation.formats.pmn.iter_headers` (only the tag sections
    are decoded, and movetext is never read: a damaged movetext goes unseen);
    the other formats are read whole and their records' tags given.
    """
    return _read(path, fmt, None, encoding, chunks=False, tags=True)  # type: ignore[return-value]


def read_tagged(
    path: str,
    fmt: str | None = None,
    *,
    game: str | None = None,
    encoding: str | None = None,
) -> Iterator[TaggedChunk | Record]:
    """Like :func:`read_path`, but PMN games (PlayOK's too) come as
    :class:`~notation.formats.pmn.TaggedChunk` values: their tags read, the rest
    decoded only when asked. For the archive commands, whose filters on tags read only
    the tag sections."""
    return _read(path, fmt, game, encoding, chunks=True, tagged=True)  # type: ignore[return-value]


def _read(
    path: str,
    fmt: str | None,
    game: str | None,
    encoding: str | None,
    *,
    chunks: bool,
    tags: bool = False,
    tagged: bool = False,
) -> Iterator[Chunk | Record | TaggedChunk | tuple[tuple[str, str], ...]]:
    """:func:`read_path`, with PMN games as :class:`Chunk` values when ``chunks`` (as
    :class:`TaggedChunk` values when ``tagged`` too), or every game's tag pairs when
    ``tags``."""
    source = source_name(path)
    stream: io.BufferedReader = open_source(path, encoding)
    try:
        fmt, stream = _choose_format(stream, source, path, fmt)
        # PMN's own fast paths: tag sections scanned, games cut and not yet read
        if fmt == "pmn" and tags:
            yield from iter_headers(stream, source)
            return
        if fmt == "pmn" and tagged:
            yield from iter_tagged(stream, source)
            return
        games: Iterator[Chunk | Record]
        if fmt == "pmn" and chunks:
            games = iter_chunks(stream, source)
        elif fmt == "playok" and chunks:  # PMN text once its missing tags are put in
            from notation.formats.playok import iter_chunks as playok_chunks

            games = playok_chunks(stream, source, game)
            if tagged:
                # (PMN text made from the export's: written out as records, not as it)
                yield from (TaggedChunk.of(chunk, as_read=False) for chunk in games)
                return
        else:  # the format's module is imported when a file of it is read
            games = find_format(fmt).read(stream, source, game)
        if tags:  # the other formats hold no header section to scan: their records' tags
            yield from (record.tags for record in games)  # type: ignore[union-attr]
        else:
            yield from games
    finally:
        if path != "-":
            stream.close()


class MisnamedFileWarning(UserWarning):
    """A file read in another format than its name's extension selects, because its
    content showed it (JSON named ``.pmn``): the name misled, the records were read."""


class FormatMismatchError(SourceError):
    """A file whose content is plainly not in the format that reads it (its extension's,
    or ``--from``'s), and which cannot be read without being told more: the message
    says what it looks like and which ``--from`` reads it."""

    code = Code.WRONG_FORMAT


#: The most of a file's start looked at to tell its format from its content (its first
#: section, up to this: :func:`notation.files.sources.peek_head`).
HEAD_BYTES = PEEK_LIMIT

#: The two families of formats whose readers cannot read each other's first byte:
#: tag pairs and movetext (PMN, and OGN, which is PMN text with its own tags), JSON
#: (an array or JSON Lines: one reader), OpenSpiel action lines.
_FAMILY = {"pmn": "text", "ogn": "text", "json": "json", "jsonl": "json"}
_FAMILY_NAMES = {"text": "PMN", "json": "JSON", "openspiel-actions": "an OpenSpiel action log"}

_JSON_OPENING = re.compile(rb'\{\s*(?:"[^"\n]{0,200}"\s*:\s*["{\[0-9tfn-]|\})|\[\s*[\[{\]]')
_TAG_OPENING = re.compile(rb'\[[A-Za-z][A-Za-z0-9_]*\s+"')
_ACTIONS_LINE = re.compile(rb"\[?\s*[0-9]{1,9}(?:\s*,\s*[0-9]{1,9}|\s+[0-9]{1,9})*\s*,?\s*\]?\s*")


def content_family(head: bytes) -> str | None:
    """What a file's first bytes look like: ``"text"`` (a PMN or OGN tag pair), ``"json"``
    (an object opening with a key, or an array of arrays or objects), ``"openspiel-actions"``
    (a line of numbers, after blank and ``#`` lines), or None (anything else: movetext,
    a comment, nothing)."""
    bare = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if _JSON_OPENING.match(bare):
        return "json"
    if _TAG_OPENING.match(bare):
        return "text"
    for line in bare.splitlines(keepends=True):
        stripped = line.strip()
        if not stripped or stripped.startswith(b"#"):
            continue
        complete = line.endswith(b"\n") or len(head) < HEAD_BYTES
        match = _ACTIONS_LINE.fullmatch(stripped)
        if match is None and not complete:  # a long line cut by the head: its start
            match = _ACTIONS_LINE.match(stripped)
            match = match if match is not None and match.end() == len(stripped) else None
        return (
            "openspiel-actions"
            if match is not None and any(c in b"0123456789" for c in stripped)
            else None
        )
    return None


def _choose_format(
    stream: io.BufferedReader, source: str, path: str, fmt: str | None
) -> tuple[str, io.BufferedReader]:
    """The format to read ``stream`` in: ``fmt`` if given, else the extension's, else the
    content's. Where the content plainly belongs to another family of formats than the
    one chosen (JSON named ``.pmn``), whose reader would fail at the first byte: read it
    in the content's format with a :class:`MisnamedFileWarning` when the name chose, and
    raise :class:`FormatMismatchError` (what it looks like, which ``--from``) when
    ``--from`` chose or the content's format needs more than the file says. The content
    is its head as :func:`notation.files.sources.peek_head` reads it (the same however a
    pipe delivers it); the stream returned reads from the start."""
    if fmt is not None:  # --from: refused where the content plainly says another format
        stream = _check_named(stream, source, fmt)
    named = fmt or detect_format(strip_compression(path), default="")
    if named and named not in _FAMILY:  # action logs, and formats PMN does not know
        return named, stream
    stream, head = peek_head(stream)
    if not named:  # no name to go by (standard input, .txt that PMN and PlayOK share...)
        if content_family(head) == "openspiel-actions":  # its game must be named
            raise FormatMismatchError(
                f"{source} looks like an OpenSpiel action log: "
                "read it with --from openspiel-actions"
            )
        return sniff(head).name, stream
    found = content_family(head)
    if found is None or found == _FAMILY[named]:
        return named, stream
    looks = _FAMILY_NAMES[found]
    reads = "openspiel-actions" if found == "openspiel-actions" else sniff(head).name
    if fmt is None and found != "openspiel-actions":
        warnings.warn(
            f"{source}: read as {looks}: the name says {named.upper()}, the content is "
            f"{looks} (rename the file, or say so with --from {reads})",
            MisnamedFileWarning,
            stacklevel=2,
        )
        return reads, stream
    said = f"--from {named} says" if fmt is not None else "its name says"
    raise FormatMismatchError(
        f"{source} looks like {looks}, not {named.upper()} as {said}: read it with --from {reads}"
    )


_FIRST_SECTION = re.compile(rb"\r?\n[ \t]*\r?\n")
_GAME_TAG = re.compile(rb'^[ \t]*\[Game[ \t]+"', re.MULTILINE)
_VARIANT_TAG = re.compile(rb'^[ \t]*\[Variant[ \t]+"', re.MULTILINE)
_PLAYOK_SITE = re.compile(rb'^[ \t]*\[Site[ \t]+"PlayOK"\]', re.MULTILINE)
#: What each format told apart by :func:`content_format` is called in a message.
_FORMAT_NAMES = {
    "pmn": "PMN",
    "ogn": "OGN",
    "playok": "a PlayOK export",
    "json": "JSON",
    "openspiel-actions": "an OpenSpiel action log",
}
#: The formats a named one may be given without a refusal: its own, and those its reader
#: reads as well (PlayOK's reader takes PMN text, whose Game tag it keeps; JSON's reader
#: reads JSON Lines and JSON Lines' reader an array).
_READ_BY = {
    "pmn": ("pmn",),
    "ogn": ("ogn",),
    "playok": ("playok", "pmn"),
    "json": ("json",),
    "jsonl": ("json",),
    "openspiel-actions": ("openspiel-actions",),
}


def content_format(head: bytes) -> str | None:
    """The format a file's first bytes plainly show, finer than :func:`content_family`:
    ``"json"``, ``"openspiel-actions"``, or for tag pairs by its first tag section:
    ``"pmn"`` (a ``Game`` tag), ``"ogn"`` (Aualé's ``Variant`` tag and no ``Game`` tag),
    ``"playok"`` (``[Site "PlayOK"]`` and no ``Game`` tag). None: nothing plain (movetext,
    a comment, tags that name no game, nothing)."""
    family = content_family(head)
    if family != "text":
        return family
    section = _FIRST_SECTION.split(head.lstrip(b"\xef\xbb\xbf \t\r\n"), maxsplit=1)[0]
    if _GAME_TAG.search(section):
        return "pmn"
    if _VARIANT_TAG.search(section):
        return "ogn"
    if _PLAYOK_SITE.search(section):
        return "playok"
    return None


def _check_named(stream: io.BufferedReader, source: str, named: str) -> io.BufferedReader:
    """``stream`` (reading from its start) when the format ``--from`` named can read what
    its head shows; :class:`FormatMismatchError` naming what it looks like and which
    ``--from`` reads it when the content is plainly another format's (PMN given to OGN's
    reader, PMN or JSON to the action logs' reader...). Formats PMN does not know are
    left to their readers."""
    if named not in _READ_BY:
        return stream
    stream, head = peek_head(stream)
    found = content_format(head)
    if found is None or found in _READ_BY[named]:
        return stream
    raise FormatMismatchError(
        f"{source} looks like {_FORMAT_NAMES[found]}, not "
        f"{_FORMAT_NAMES.get(named, named.upper())} as --from {named} says: "
        f"read it with --from {found}"
    )


def read_declared(
    path: str, fmt: str | None = None, *, encoding: str | None = None
) -> Iterator[Record]:
    """:func:`read_path`'s records, for what they declare (tags, result, main line):
    a plainly written PMN game is read by the reader's quick path, whose record differs
    from the full one only in carrying no line and column on its moves."""
    for game in read_games(path, fmt, encoding=encoding):
        if isinstance(game, Record):
            yield game
        else:
            yield read_game(game, RecordBuilder(places=False))


#: How much of a JSON file is read at a time.
JSON_BLOCK_SIZE = 1 << 16


def decoded_blocks(
    stream: IO[bytes], source: str, block_size: int = JSON_BLOCK_SIZE
) -> Iterator[str]:
    """The UTF-8 text of a binary stream, a block at a time (a byte-order mark skipped).

    A byte that is not UTF-8 raises :class:`SourceDecodeError` naming its line and
    column (never U+FFFD in its place, silently), once the text before it is given.
    """
    carry = b""  # the bytes of a character cut by the end of a block
    line, line_start = 1, 0  # the line of the block's first byte; where that line starts
    offset = 0  # the offset of ``data`` in the stream
    first = True
    while True:
        block = stream.read(block_size)
        data = carry + block
        if first:
            first = False
            while block and len(data) < len(codecs.BOM_UTF8):  # a mark cut by a tiny block
                block = stream.read(block_size)
                data += block
            if data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8) :]
                offset = line_start = len(codecs.BOM_UTF8)
        try:
            text = data.decode("utf-8")
            carry = b""
        except UnicodeDecodeError as exc:
            cut = block and exc.reason == "unexpected end of data" and len(data) - exc.start < 4
            if not cut:  # never U+FFFD in place of a byte, silently
                at = offset + exc.start
                before = data.count(b"\n", 0, exc.start)
                last = data.rfind(b"\n", 0, exc.start)
                bad_line = line + before
                bad_start = offset + last + 1 if last >= 0 else line_start
                raise SourceDecodeError(
                    source, "UTF-8", bad_line, at - bad_start + 1, data[exc.start]
                ) from None
            text, carry = data[: exc.start].decode("utf-8"), data[exc.start :]
        used = len(data) - len(carry)
        newlines = data.count(b"\n", 0, used)
        if newlines:
            line += newlines
            line_start = offset + data.rfind(b"\n", 0, used) + 1
        offset += used
        if text:
            yield text
        if not block:
            return


@contextmanager
def atomic_output(path: str, folder: OutputFolder | None = None) -> Iterator[IO[str]]:
    """A text stream for ``path`` that replaces the file only when writing succeeds.

    ``-`` is standard output; with ``folder``, ``path`` is a name inside it. What
    happens to links, special files, modes and owners is
    :func:`notation.files.outputs.safe_output`'s.
    """
    with safe_output(path, folder) as out:
        yield out


def write_path(
    records: Iterable[Record],
    path: str,
    fmt: str | None = None,
    *,
    width: int = DEFAULT_WIDTH,
    folder: OutputFolder | None = None,
) -> None:
    """Write records to a file (``-``: standard output) in a format, atomically.

    A name ending ``.gz``, ``.bz2`` or ``.xz`` is written compressed, its format
    taken from the name before that (``games.pmn.gz``). With ``folder``, ``path`` is a
    name inside that output folder (:class:`notation.files.outputs.OutputFolder`).
    """
    fmt = fmt or detect_format(strip_compression(path))
    entry = find_format(fmt)
    with atomic_output(path, folder) as out:
        writer = entry.open_writer(out, width=width)
        for record in records:
            writer.write(record)
        writer.close()


def opens_as_playok(path: str) -> bool:
    """Whether a file's first tag section is a PlayOK export's (the sniff of
    :func:`notation.formats.registry.sniff`); False for a file that cannot be read, and
    for an output of this command (a walk does not read what the command writes)."""
    try:
        with open_source(path, None) as stream:
            return sniff(peek_head(stream)[1]).name == "playok"
    except (OSError, ValueError, OutputIsInputError):
        return False


#: The extensions a folder walk reads: ``.txt`` (notes share it) only for a file that
#: opens as a PlayOK export, or where the format is named (:func:`walked_extensions`).
WALKED_EXTENSIONS: tuple[str, ...] = Extensions(
    (ext for exts in FORMATS.values() for ext in exts if ext != ".txt"),
    by_content=((".txt", opens_as_playok),),
)


def walked_extensions(fmt: str | None) -> tuple[str, ...]:
    """The extensions a folder walk reads for inputs in ``fmt`` (``--from``): every
    ``.txt`` too when it names PlayOK's exports, else :data:`WALKED_EXTENSIONS`."""
    if fmt == "playok":
        return (*WALKED_EXTENSIONS, ".txt")
    return WALKED_EXTENSIONS


class SkippedFileWarning(UserWarning):
    """A file in a folder that :func:`expand_paths` did not read (a link out of it, a FIFO...)."""


def expand_paths(paths: Iterable[str]) -> Iterator[str]:
    """Files as given; folders walked (sorted) for .pmn, .json, .jsonl and .ogn regular files.

    What a walk skips (see :func:`notation.files.sources.walk_inputs`) is reported
    as a :class:`SkippedFileWarning`; use ``walk_inputs`` to have it as data.
    """
    for item in walk_inputs(paths, WALKED_EXTENSIONS):
        if isinstance(item, UnreadPath):
            warnings.warn(
                f"{shown_path(item.path)}: cannot read: {item.reason}",
                SkippedFileWarning,
                stacklevel=2,
            )
        elif isinstance(item, SkippedPath):
            warnings.warn(
                f"{shown_path(item.path)}: skipped: {item.reason}", SkippedFileWarning, stacklevel=2
            )
        else:
            yield item


def comment_losses(record: Record, fmt: str) -> list[str]:
    """What writing ``record`` in ``fmt`` would change: one line per comment the format cannot hold.

    OGN comments are braced and cannot hold ``}`` (:func:`notation.formats.ogn.write_ogn`
    writes ``)``); a PMN comment holding ``}`` is written as a ``;`` comment
    unless it also holds a line break, and then ``}`` becomes ``)`` too
    (:func:`notation.formats.pmn.write_records`). PMN and JSON write a comment's carriage
    returns as the PMN reader reads a file's (``\\r\\n`` a line end, a lone ``\\r`` a
    space), and JSON's ``}`` as PMN's: :func:`notation.core.record.comment_as_written`.
    """
    losses: list[str] = []
    if fmt not in ("ogn", "pmn", "json", "jsonl"):
        return losses
    for line in iter_lines(record.mainline):  # any depth: no recursion
        comments = list(line.comments)
        for node in line.moves:
            comments.extend(node.comments_before)
            comments.extend(node.comments)
        for text in comments:
            shown = text.strip()[:40]
            if "\r" in text and fmt != "ogn":  # OGN spaces a comment's words anyway
                losses.append(
                    f'comment "{shown}": a carriage return written as a line end or a space'
                )
            if "}" in text and (fmt == "ogn" or "\n" in comment_as_written(text)):
                losses.append(f'comment "{shown}": "}}" written as ")"')
    return losses


__all__ = [
    "FORMATS",
    "HEAD_BYTES",
    "JSON_BLOCK_SIZE",
    "WALKED_EXTENSIONS",
    "FormatMismatchError",
    "MisnamedFileWarning",
    "SkippedFileWarning",
    "atomic_output",
    "comment_losses",
    "content_family",
    "content_format",
    "decoded_blocks",
    "detect_format",
    "expand_paths",
    "opens_as_playok",
    "read_declared",
    "read_games",
    "read_path",
    "read_tagged",
    "read_tags",
    "walked_extensions",
    "write_path",
]
