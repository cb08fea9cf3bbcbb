"""The formats PMN reads and writes: one registry, as the games have one.

Each format is one module of :mod:`notation.formats` and one :class:`Format` here: its
name, the file extensions that select it, how its first bytes are told apart, its
reader and its writer. Reading a file (:func:`notation.formats.collection.read_path`),
writing one (:func:`~notation.formats.collection.write_path`), the archive commands'
streaming output (:class:`RecordSink`), ``pmn convert`` and every ``--help`` that
lists formats ask this registry; adding a format is adding its module and its entry.

A format's module is imported only when a file of it is read or written (the entry
names its reader and writer as ``"module:name"``): ``pmn validate games.pmn`` does not
load the JSON schema validator.

    >>> [f.name for f in formats()]
    ['pmn', 'json', 'jsonl', 'ogn', 'openspiel-actions', 'playok']
    >>> format_for_path("games.jsonl").name, format_for_path("-")
    ('jsonl', None)
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Protocol

from notation.core.record import Record
from notation.errors import Code, PMNError

#: The movetext width PMN writes (notation.formats.pmn.DEFAULT_WIDTH, without importing it).
DEFAULT_WIDTH = 79


class RecordWriter(Protocol):
    """Records written to a text stream one at a time: :meth:`write` each, then :meth:`close`
    (which finishes the format's text: a JSON array's closing bracket). A record the format
    cannot hold raises :class:`notation.errors.WriteError`. ``out`` may be set to another
    stream between records (``pmn split`` reopens its parts)."""

    out: IO[str]

    def write(self, record: Record) -> None: ...

    def close(self) -> None: ...


class UnknownFormatError(PMNError):
    """A format name the registry does not know."""

    code = Code.UNKNOWN_FORMAT


def _load(spec: str) -> Any:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True, slots=True)
class Format:
    """One format: what selects it, and where its reader and writer are.

    ``reader`` is ``"module:function"`` taking ``(stream, source, game)`` (a binary
    stream, the name to report, the game of logs that do not say theirs) and giving
    records; ``writer`` is ``"module:class"`` taking ``(out, width)``: a
    :class:`RecordWriter`. ``opens`` tells the format from a file's first bytes when
    neither a name nor an extension does (checked in registry order; PMN, the default,
    has none). ``names_holes``: the format names the 2x6 board's holes its own way
    (letters, OpenSpiel's 0-5), so records are translated to it, never from a choice.
    """

    name: str
    extensions: tuple[str, ...]
    summary: str
    reader: str
    writer: str
    opens: Callable[[bytes], bool] | None = None
    names_holes: bool = False

    def read(self, stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
        """The records of a binary stream in this format, one at a time."""
        read: Callable[[IO[bytes], str, str | None], Iterator[Record]] = _load(self.reader)
        return read(stream, source, game)

    def open_writer(self, out: IO[str], *, width: int = DEFAULT_WIDTH) -> RecordWriter:
        """A writer of records to ``out`` in this format."""
        writer: Callable[[IO[str], int], RecordWriter] = _load(self.writer)
        return writer(out, width)


def _bare(head: bytes) -> bytes:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n")


def _opens_ogn(head: bytes) -> bool:
    return _bare(head).startswith(b"[Variant")  # Aualé writes the Variant tag first


def _opens_json(head: bytes) -> bool:
    """An object, or an array of arrays or objects (a PMN file opens with ``[Game``)."""
    bare = _bare(head)
    return bare.startswith(b"{") or (
        bare.startswith(b"[") and bare[1:].lstrip()[:1] in (b"{", b"[", b"]")
    )


def _opens_playok(head: bytes) -> bool:
    """A PlayOK export: a first tag section with ``[Site "PlayOK"]`` and no ``Game`` tag
    (a PMN file made from one has both)."""
    section = re.split(rb"\r?\n[ \t]*\r?\n", _bare(head), maxsplit=1)[0]
    return (
        section.startswith(b"[")
        and _PLAYOK_SITE_RE.search(section) is not None
        and _GAME_TAG_RE.search(section) is None
    )


_PLAYOK_SITE_RE = re.compile(rb'^[ \t]*\[Site[ \t]+"PlayOK"\]', re.MULTILINE)
_GAME_TAG_RE = re.compile(rb"^[ \t]*\[Game[ \t]", re.MULTILINE)


_FORMATS: tuple[Format, ...] = (
    Format(
        name="pmn",
        extensions=(".pmn", ".txt"),
        summary="PMN text: tag pairs and movetext (docs/pmn.md)",
        reader="notation.formats.pmn:read_stream",
        writer="notation.formats.pmn:PMNWriter",
    ),
    Format(
        name="json",
        extensions=(".json",),
        summary="a JSON array of records (schemas/record.schema.json)",
        reader="notation.formats.jsonform:read_stream",
        writer="notation.formats.jsonform:JSONWriter",
        opens=_opens_json,
    ),
    Format(
        name="jsonl",
        extensions=(".jsonl", ".ndjson"),
        summary="JSON Lines: a record a line",
        reader="notation.formats.jsonform:read_stream",
        writer="notation.formats.jsonform:JSONLinesWriter",
    ),
    Format(
        name="ogn",
        extensions=(".ogn",),
        summary="Aualé's Oware Game Notation",
        reader="notation.formats.ogn:read_stream",
        writer="notation.formats.ogn:OGNWriter",
        opens=_opens_ogn,
        names_holes=True,
    ),
    Format(
        name="openspiel-actions",
        extensions=(),
        summary="OpenSpiel action sequences, a game a line (no extension of its own: name it)",
        reader="notation.formats.openspiel:read_stream",
        writer="notation.formats.openspiel:ActionsWriter",
        names_holes=True,
    ),
    Format(
        name="playok",
        extensions=(".txt",),
        summary="PlayOK's game exports, read as they are (docs/playok.md)",
        reader="notation.formats.playok:read_stream",
        writer="notation.formats.playok:PlayOKWriter",
        opens=_opens_playok,
    ),
)
_BY_NAME = {f.name: f for f in _FORMATS}


def formats() -> tuple[Format, ...]:
    """Every format, in the order help texts list them."""
    return _FORMATS


def find_format(name: str) -> Format:
    """The format of a name. Raises :class:`UnknownFormatError`."""
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise UnknownFormatError(f"unknown format {name!r}; the formats are {known}") from None


def format_for_path(path: str) -> Format | None:
    """The format a file name's extension selects; None for ``-``, other extensions, and
    an extension two formats share (``.txt``: PMN or a PlayOK export), which the file's
    first bytes decide (:func:`sniff`). Compression extensions are not stripped here."""
    lowered = path.lower()
    found = [entry for entry in _FORMATS if entry.extensions and lowered.endswith(entry.extensions)]
    return found[0] if len(found) == 1 else None


def sniff(head: bytes) -> Format:
    """The format a file's first bytes show (the first whose ``opens`` says so; PMN else)."""
    for entry in _FORMATS:
        if entry.opens is not None and entry.opens(head):
            return entry
    return _BY_NAME["pmn"]


def sniff_file(path: str) -> Format:
    """The format of a file as reading it chooses: by its extension, else (an extension
    two formats share, or none) by its first bytes, read through
    :func:`notation.files.sources.open_source` (compressed files too)."""
    from notation.files.sources import open_source, peek_head, strip_compression

    found = format_for_path(strip_compression(path))
    if found is not None:
        return found
    with open_source(path, None) as stream:
        return sniff(peek_head(stream)[1])


class RecordSink:
    """Records written to a text stream one at a time, in any format of the registry
    (the archive commands write their output through it as the records come)."""

    def __init__(self, out: IO[str], fmt: str, *, width: int = DEFAULT_WIDTH) -> None:
        self.fmt = fmt
        self.count = 0
        self._writer = find_format(fmt).open_writer(out, width=width)

    @property
    def out(self) -> IO[str]:
        """The stream written to (it may be set to another between records)."""
        return self._writer.out

    @out.setter
    def out(self, stream: IO[str]) -> None:
        self._writer.out = stream

    def write(self, record: Record) -> None:
        """Write one record after those already written."""
        self._writer.write(record)
        self.count += 1

    def write_game_text(self, text: str) -> None:
        """Write one game's PMN text as it is (ending with a line end) after those already
        written; only to PMN (:attr:`fmt` ``"pmn"``)."""
        if self.fmt != "pmn":
            raise ValueError(f"a game's PMN text cannot be written as {self.fmt}")
        self._writer.write_game_text(text)  # type: ignore[attr-defined]
        self.count += 1

    def close(self) -> None:
        """Finish the output (a JSON array's closing bracket)."""
        self._writer.close()


__all__ = [
    "DEFAULT_WIDTH",
    "Format",
    "RecordSink",
    "RecordWriter",
    "UnknownFormatError",
    "find_format",
    "format_for_path",
    "formats",
    "sniff",
    "sniff_file",
]
