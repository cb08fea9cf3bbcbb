"""Collections of records in files: formats by extension, ``-`` for stdin/stdout, safe writes."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO

from notation.jsonform import iter_json_records, write_json
from notation.ogn import iter_ogn_records, write_ogn
from notation.openspiel import iter_action_records, write_actions
from notation.pmn import DEFAULT_WIDTH, Chunk, iter_chunks, iter_records, write_records
from notation.record import Record
from notation.sources import open_source, strip_compression

#: Format names and the file extensions that select them. ``ogn`` is Aualé's
#: Oware Game Notation; ``openspiel-actions`` (OpenSpiel oware action
#: sequences, one game per line) has no extension of its own: name it.
FORMATS: dict[str, tuple[str, ...]] = {
    "pmn": (".pmn", ".txt"),
    "json": (".json",),
    "jsonl": (".jsonl", ".ndjson"),
    "ogn": (".ogn",),
    "openspiel-actions": (),
}


def detect_format(path: str, default: str = "pmn") -> str:
    """The format a file name's extension selects (``-`` and unknown extensions give ``default``)."""
    lowered = path.lower()
    for name, extensions in FORMATS.items():
        if lowered.endswith(extensions):
            return name
    return default


def _sniff(head: bytes) -> str:
    """JSON when the data opens with an object or an array of arrays/objects; PMN otherwise
    (a PMN file opens with a tag pair like ``[Game``)."""
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped.startswith(b"[Variant"):  # Aualé writes the Variant tag first
        return "ogn"
    if stripped.startswith(b"{"):
        return "json"
    if stripped.startswith(b"[") and stripped[1:].lstrip()[:1] in (b"{", b"[", b"]"):
        return "json"
    return "pmn"


def read_games(
    path: str, fmt: str | None = None, *, encoding: str | None = None
) -> Iterator[Chunk | Record]:
    """Like :func:`read_path`, but PMN games come as unread :class:`Chunk` values.

    For validation, which has a fast path for plain games, and for sending
    games to other processes: a chunk is cheaper to cut than a record to read.
    """
    if (fmt or detect_format(strip_compression(path), default="")) == "pmn":
        stream: IO[bytes] = open_source(path, encoding)
        try:
            yield from iter_chunks(stream, "<stdin>" if path == "-" else path)
        finally:
            if path != "-":
                stream.close()
        return
    yield from read_path(path, fmt, encoding=encoding)


def read_path(
    path: str, fmt: str | None = None, *, encoding: str | None = None
) -> Iterator[Record]:
    """Yield the records of a file (``-``: standard input), one at a time.

    ``fmt`` is a name in :data:`FORMATS`; when None it comes from the
    extension, and for standard input or an unknown extension from the
    first bytes (``{`` or ``[`` means JSON, ``[Variant`` OGN). Compressed
    files and other encodings are read through :func:`notation.sources.open_source`.
    """
    source = "<stdin>" if path == "-" else path
    stream: IO[bytes] = open_source(path, encoding)
    try:
        if fmt is None:
            fmt = detect_format(strip_compression(path), default="")
            if not fmt:
                if not isinstance(stream, io.BufferedReader):
                    stream = io.BufferedReader(io.BytesIO(stream.read()))
                fmt = _sniff(stream.peek(64))
        if fmt == "pmn":
            yield from iter_records(stream, source)
        elif fmt == "ogn":
            yield from iter_ogn_records(stream, source)
        elif fmt == "openspiel-actions":
            yield from iter_action_records(stream, source)
        else:
            data = stream.read().decode("utf-8-sig", errors="replace")
            yield from iter_json_records(data, source)
    finally:
        if path != "-":
            stream.close()


@contextmanager
def atomic_output(path: str) -> Iterator[IO[str]]:
    """A text stream for ``path`` that replaces the file only when writing succeeds.

    It writes a temporary file in the same folder and renames it over
    ``path`` at the end, so a crash never leaves half a file. ``-`` is
    standard output.
    """
    if path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    folder = os.path.dirname(os.path.abspath(path))
    handle, temp = tempfile.mkstemp(prefix=".pmn-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def write_path(
    records: Iterable[Record], path: str, fmt: str | None = None, *, width: int = DEFAULT_WIDTH
) -> None:
    """Write records to a file (``-``: standard output) in a format, atomically."""
    fmt = fmt or detect_format(path)
    with atomic_output(path) as out:
        if fmt == "pmn":
            write_records(records, out, width=width)
        elif fmt == "ogn":
            write_ogn(records, out)
        elif fmt == "openspiel-actions":
            write_actions(records, out)
        else:
            write_json(records, out, lines=fmt == "jsonl")


def expand_paths(paths: Iterable[str]) -> Iterator[str]:
    """Files as given; folders walked (sorted) for .pmn, .json, .jsonl and .ogn files."""
    extensions = tuple(ext for exts in FORMATS.values() for ext in exts if ext != ".txt")
    for path in paths:
        if path != "-" and os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(extensions):
                        yield os.path.join(folder, name)
        else:
            yield path
