"""Opening inputs: compressed archives and text in any encoding, as UTF-8 bytes.

:func:`open_source` gives the readers in :mod:`notation.formats.collection` a binary
stream of UTF-8 text, whatever the file holds:

- compression by extension (``.gz``, ``.bz2``, ``.xz``/``.lzma``) or, on
  standard input and for other names, by the first bytes (the magic numbers);
- a UTF-8 byte order mark is left for the readers to skip; a UTF-16 or UTF-32
  byte order mark selects that encoding;
- ``encoding`` names any other encoding Python knows (``latin-1``,
  ``cp1252``, ``utf-16``...). Text in a named or BOM-selected encoding must
  decode as a whole: the first byte that does not stops reading with one
  :class:`SourceDecodeError` naming its line and column, never a U+FFFD.

Without an encoding and without a byte order mark the bytes go to the readers
as they are; PMN's reader then marks a game holding a byte that is not UTF-8
as damaged, with the byte's place (the rest of the file still reads).
"""

from __future__ import annotations

import bz2
import codecs
import errno
import gzip
import io
import lzma
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, cast

from notation.files.guard import OutputIsInputError, file_kind, note_input

#: Compression formats: name, file extensions, magic bytes, and how to open a stream.
_Opener = Callable[[IO[bytes]], io.BufferedIOBase]
COMPRESSIONS: tuple[tuple[str, tuple[str, ...], bytes, _Opener], ...] = (
    ("gzip", (".gz", ".gzip"), b"\x1f\x8b", lambda f: gzip.GzipFile(fileobj=f, mode="rb")),
    ("bzip2", (".bz2",), b"BZh", lambda f: bz2.BZ2File(f, mode="rb")),
    ("xz", (".xz", ".lzma"), b"\xfd7zXZ\x00", lambda f: lzma.LZMAFile(f, mode="rb")),  # noqa: SIM115
)
#: Zstandard's magic number: recognised, to say how to read such a file.
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

#: What a file that is not text at all opens with (its magic number), and what it is
#: called: a picture, an archive, a document or a database named like a record is said
#: once not to be a text record, never taken byte by byte for text in a wrong encoding.
BINARY_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (an .xlsx, .docx or .odt too: unzip it first)"),
    (b"PK\x05\x06", "an empty ZIP archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\x04\x22\x4d\x18", "LZ4-compressed data"),
    (b"LZIP", "lzip-compressed data"),
    (b"\x1f\x9d", "compress (.Z) data"),
    (b"SQLite format 3\x00", "an SQLite database (a PMN index? ask it with --index)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document"),
    (b"\x7fELF", "an ELF program"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
)
_MAGIC_BYTES = max(len(magic) for magic, _ in BINARY_MAGIC)
#: The bytes a magic number starts with: a record's first byte (``[``, a letter, a
#: digit, ``{``, a byte order mark) is none of them, so the check costs one lookup.
_MAGIC_STARTS = frozenset(magic[0] for magic, _ in BINARY_MAGIC) | {ord("R")}


def binary_kind(head: bytes) -> str | None:
    """What a file opening with ``head`` is when its magic number says it is not text
    (``"a PNG image"``), else None. WebP pictures are ``RIFF....WEBP``."""
    if not head or head[0] not in _MAGIC_STARTS:
        return None
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "a WebP image"
    return next((what for magic, what in BINARY_MAGIC if head.startswith(magic)), None)


def _refuse_binary(stream: io.BufferedReader, source: str) -> None:
    """Raise :class:`SourceError` when ``stream``'s first bytes say it is not text."""
    kind = binary_kind(stream.peek(_MAGIC_BYTES)[:_MAGIC_BYTES])
    if kind is not None:
        raise SourceError(f"{source} is not a text record: it looks like {kind}")


#: Byte order marks that select an encoding (UTF-32 first: its LE mark starts like UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_BLOCK = 1 << 16
_BAD = "pmn-mark-bad-byte"
#: Lone surrogates U+DC00..U+DCFF stand for a bad byte (its value in the low 8 bits):
#: decoded text never holds a lone surrogate otherwise.
_BAD_RE = re.compile("[\udc00-\udcff]")


def _mark_bad_byte(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return chr(0xDC00 + error.object[error.start]), error.start + 1


codecs.register_error(_BAD, _mark_bad_byte)


class SourceError(OSError):
    """An input that cannot be read as text: damaged compressed data, a compression PMN
    does not read, an unknown encoding, a byte that does not decode.

    An :class:`OSError` (``errno`` EILSEQ or EINVAL, ``strerror`` the whole
    message), like a file that cannot be opened, so that every command that
    reports unreadable files reports these too, with the message alone.
    """

    code = "unreadable-input"

    def __init__(self, message: str, number: int = errno.EINVAL) -> None:
        super().__init__(number, message)

    def __str__(self) -> str:
        return str(self.strerror)


class SourceDecodeError(SourceError):
    """A byte that does not decode in the input's encoding, with its place (1-based)."""

    def __init__(self, source: str, encoding: str, line: int, column: int, byte: int) -> None:
        self.source, self.encoding = source, encoding
        self.line, self.column, self.byte = line, column, byte
        super().__init__(
            f"{source}:{line}:{column}: byte {byte:#04x} is not valid {encoding}; "
            "name the file's encoding with --encoding (e.g. --encoding latin-1)",
            errno.EILSEQ,
        )


def strip_compression(path: str) -> str:
    """The name without a compression extension (``games.pmn.gz`` -> ``games.pmn``)."""
    lowered = path.lower()
    for _, extensions, _, _ in COMPRESSIONS:
        for extension in extensions:
            if lowered.endswith(extension):
                return path[: -len(extension)]
    return path


def _compression(path: str, head: bytes) -> _Opener | None:
    lowered = path.lower()
    for _, extensions, magic, opener in COMPRESSIONS:
        if lowered.endswith(extensions) or head.startswith(magic):
            return opener
    return None


def _buffered(stream: IO[bytes] | io.BufferedIOBase) -> io.BufferedReader:
    if isinstance(stream, io.BufferedReader):
        return stream
    return io.BufferedReader(stream)  # type: ignore[arg-type]


#: Codecs Python calls text encodings that do not read arbitrary text as characters:
#: host names (idna, punycode), escapes that decode to lone surrogates (raw/unicode_escape).
_NOT_FOR_RECORDS = frozenset({"idna", "punycode", "raw-unicode-escape", "unicode-escape"})


def text_encoding(name: str) -> str:
    """The canonical name of the text encoding ``name``; :class:`SourceError` when Python
    knows no such codec, or knows it as something else than a text encoding (``base64``,
    ``hex``, ``rot13``, ``zlib_codec``, ``uu`` turn bytes into bytes or text into text;
    ``idna`` and ``punycode`` are for host names; ``unicode_escape`` reads escapes)."""
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):
        raise SourceError(f"unknown encoding {name!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_FOR_RECORDS:
        raise SourceError(
            f"{name!r} is not a text encoding for records (give one such as utf-8, "
            "latin-1, cp1252 or utf-16)"
        )
    return info.name


def open_source(path: str, encoding: str | None = None) -> io.BufferedReader:
    """A binary stream of the UTF-8 text in a file (``-``: standard input).

    Decompresses and re-encodes as the module describes; raises
    :class:`SourceError` for an unknown encoding, a Zstandard file or a file whose
    magic number says it is not text (:func:`binary_kind`: a picture, an archive), and
    (while reading) :class:`SourceDecodeError` for a byte that does not decode.
    """
    source = source_name(path)
    if encoding is not None:
        encoding = text_encoding(encoding)
    raw: IO[bytes] = open_input(path)  # a device or a folder is refused
    stream: io.BufferedReader = _buffered(raw)
    head = stream.peek(8)[:8]
    if head.startswith(ZSTD_MAGIC) or path.lower().endswith(".zst"):
        raise SourceError(
            f"{source} is Zstandard-compressed, which PMN does not read; "
            "decompress it first (zstd -d) or recompress it with gzip, bzip2 or xz"
        )
    opener = _compression(path, head)
    if opener is None:
        _refuse_binary(stream, source)
    else:
        stream = io.BufferedReader(_Guarded(opener(stream), source), buffer_size=_BLOCK)
        _refuse_binary(stream, source)  # a picture gzipped is a picture
    if encoding is None:
        start = stream.peek(4)[:4]
        encoding = next((name for bom, name in _BOMS if start.startswith(bom)), None)
    if encoding is None:
        return stream
    return io.BufferedReader(_Transcoder(stream, encoding, source), buffer_size=_BLOCK)


#: Who is told of each input opened (its path and its stream of bytes as stored): the
#: command line's progress, which follows how far the file being read is.
_WATCHERS: list[Callable[[str, IO[bytes]], None]] = []


@contextmanager
def watching_inputs(watcher: Callable[[str, IO[bytes]], None]) -> Iterator[None]:
    """Tell ``watcher`` of every input :func:`open_input` opens while the block runs."""
    _WATCHERS.append(watcher)
    try:
        yield
    finally:
        _WATCHERS.remove(watcher)


def _opened(path: str, stream: IO[bytes]) -> IO[bytes]:
    for watcher in _WATCHERS:
        watcher(path, stream)
    return stream


def open_input(path: str) -> IO[bytes]:
    """Open a file of records to read (``-``: standard input).

    Regular files and pipes are read; a folder or a device (``/dev/zero``
    would never end) is refused with an ``OSError``.
    """
    if path == "-":
        note_input(sys.stdin.buffer, path)
        return _opened(path, sys.stdin.buffer)
    stream = open(path, "rb")  # noqa: SIM115
    mode = os.fstat(stream.fileno()).st_mode
    if stat.S_ISDIR(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        stream.close()
        what = "a folder" if stat.S_ISDIR(mode) else "a device"
        raise OSError(errno.EINVAL, f"{what}, not a file of records", path)
    try:
        note_input(stream, path)
    except OutputIsInputError:
        stream.close()
        raise
    return _opened(path, stream)


def first_non_utf8(path: str, block_size: int = 1 << 20) -> int | None:
    """The offset of the first byte of ``path`` that is not UTF-8, or None when all are.

    Rewriting such a file from the text read (with U+FFFD for those bytes)
    would destroy them: callers refuse instead.
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    with open(path, "rb") as stream:
        while True:
            block = stream.read(block_size)
            pending = len(decoder.getstate()[0])  # the unfinished character of the last block
            try:
                decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:
                return offset - pending + exc.start
            if not block:
                return None
            offset += len(block)


@dataclass(frozen=True, slots=True)
class SkippedPath:
    """A path a folder walk did not read by design, and why (a link out of the folder, a
    FIFO...): said, but not a problem of the inputs."""

    path: str
    reason: str
    #: a link to a folder (not walked), rather than a file
    folder: bool = False


@dataclass(frozen=True, slots=True)
class OtherFile:
    """A file a folder walk passed over because its name has none of the extensions
    walked for (a scan, notes): given only when asked (``walk_inputs(..., others=True)``),
    so that one walk can both read a folder and list what it holds besides records."""

    path: str


@dataclass(frozen=True, slots=True)
class UnreadPath:
    """A file or folder that could not be read (a folder that cannot be listed, a file that
    cannot be opened, compressed data cut short), and why: a problem of the inputs, that
    every command reports where it reports problems (and exits 1), reading the rest."""

    path: str
    reason: str

    @classmethod
    def of(cls, path: str, error: OSError) -> UnreadPath:
        """The unread path and the system's reason (``error``'s message alone)."""
        reason = str(error) if isinstance(error, SourceError) else error.strerror or str(error)
        return cls(path, reason.removeprefix(f"{path}: "))


def shown_path(path: str) -> str:
    """A path as text to show or write into JSON: valid UTF-8 whatever the file system
    holds. A byte of a name that is not UTF-8 (read by Python as a lone surrogate) is
    written ``\\xNN``; every other name is itself."""
    if not _SURROGATE_RE.search(path):
        return path
    return _SURROGATE_RE.sub(lambda found: f"\\x{ord(found.group()) - 0xDC00:02x}", path)


_SURROGATE_RE = re.compile("[\udc80-\udcff]")


def source_name(path: str) -> str:
    """How records and messages name the input ``path``: ``<stdin>`` for ``-``, else the
    path as :func:`shown_path` writes it."""
    return "<stdin>" if path == "-" else shown_path(path)


def stored_path(path: str) -> str | bytes:
    """A path as a database keeps it to open it again: its text, or the bytes of a name
    that is not UTF-8 (which no text column can hold); :func:`loaded_path` reads it back."""
    if not _SURROGATE_RE.search(path):
        return path
    return os.fsencode(path)


def loaded_path(value: str | bytes) -> str:
    """A path kept by :func:`stored_path`, as Python opens it."""
    return os.fsdecode(value) if isinstance(value, bytes) else value


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _linked(path: str, root: str) -> str | SkippedPath:
    """A link met by a walk: the path when it leads to a regular file inside ``root``."""
    try:
        status = os.stat(path)
    except OSError:
        return SkippedPath(path, "a link to nothing")
    if not _inside(os.path.realpath(path), root):
        return SkippedPath(path, "a link out of the folder")
    if not stat.S_ISREG(status.st_mode):
        return SkippedPath(path, f"a link to {file_kind(status.st_mode)}")
    return path


def _entry(entry: os.DirEntry[str], root: str) -> str | SkippedPath | UnreadPath:
    """What a walk makes of a folder's entry named with a walked extension."""
    try:
        own = entry.stat(follow_symlinks=False)
    except OSError as exc:
        return UnreadPath.of(entry.path, exc)
    if stat.S_ISLNK(own.st_mode):
        return _linked(entry.path, root)
    if stat.S_ISREG(own.st_mode):
        return entry.path
    return SkippedPath(entry.path, file_kind(own.st_mode))


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


#: What a folder walk gives: a file to read, an entry skipped, a path that cannot be read,
#: or (when asked) a file of another extension.
Walked = str | SkippedPath | UnreadPath | OtherFile


class Extensions(tuple[str, ...]):
    """The extensions a folder walk reads, and those it reads only for the files whose
    content says so: ``by_content`` pairs an extension (``.txt``, which notes share with
    PlayOK's exports) with a test of a file's path (does it open as an export?). A tuple
    of the names, so that it goes wherever a tuple of extensions does."""

    by_content: tuple[tuple[str, Callable[[str], bool]], ...]

    def __new__(
        cls, names: Iterable[str], by_content: Iterable[tuple[str, Callable[[str], bool]]] = ()
    ) -> Extensions:
        made = super().__new__(cls, names)
        made.by_content = tuple(by_content)
        return made


def _by_content(name: str, extensions: tuple[str, ...]) -> Callable[[str], bool] | None:
    """The content test a walk applies to a file of this name, if its extension has one."""
    for extension, test in getattr(extensions, "by_content", ()):
        if name.endswith(extension):
            return cast("Callable[[str], bool]", test)
    return None


#: Folders a walk never enters: the live hall's own files (``pmn serve``: its tokens, its log).
UNWALKED_FOLDERS = frozenset({".hall"})


def _walk_folder(top: str, extensions: tuple[str, ...], others: bool) -> Iterator[Walked]:
    """A folder's files, depth first and sorted (a folder's files, then its subfolders), by a
    loop over a stack of folders: no depth is too deep. A folder that cannot be listed is
    an :class:`UnreadPath`; the rest of the walk goes on. With ``others``, every other
    entry that is not a folder comes as an :class:`OtherFile`. A folder named in
    :data:`UNWALKED_FOLDERS` is not entered."""
    root = os.path.realpath(top)
    pending = [top]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError as exc:
            yield UnreadPath.of(folder, exc)
            continue
        subfolders = []
        for entry in entries:
            if _is_folder(entry):
                if entry.name in UNWALKED_FOLDERS:
                    continue
                if entry.is_symlink():
                    yield SkippedPath(entry.path, "a link to a folder: not walked", folder=True)
                else:
                    subfolders.append(entry.path)
            elif entry.name.lower().endswith(extensions):
                yield _entry(entry, root)
            elif (test := _by_content(entry.name.lower(), extensions)) is not None and isinstance(
                found := _entry(entry, root), str
            ):  # a regular file (never a FIFO: its test opens it) that its content says to read
                if test(found):
                    yield found
                elif others:
                    yield OtherFile(entry.path)
            elif others:
                yield OtherFile(entry.path)
        pending.extend(reversed(subfolders))


def walk_inputs(
    paths: Iterable[str], extensions: tuple[str, ...]
) -> Iterator[str | SkippedPath | UnreadPath]:
    """The files to read, what a walk skips and what cannot be read: :func:`walk_entries`
    without the files of other extensions."""
    return cast(Iterator[str | SkippedPath | UnreadPath], walk_entries(paths, extensions))


def walk_entries(
    paths: Iterable[str], extensions: tuple[str, ...], *, others: bool = False
) -> Iterator[Walked]:
    """The files to read: paths as given, folders walked (sorted) for files with ``extensions``.

    A folder walk yields regular files, and links to regular files inside the folder;
    every other entry whose name has one of the extensions (a link out of the folder or
    to nothing, a FIFO, a device) comes as a :class:`SkippedPath`, and a folder that
    cannot be listed as an :class:`UnreadPath`; with ``others``, each file of another
    extension as an :class:`OtherFile`. A regular file whose extension ``extensions``
    reads by content (:class:`Extensions`) is read when its content passes the test. The walk is a loop, not a recursion, and
    each folder is listed once. Paths named directly are yielded as they are
    (:func:`open_input` decides whether they can be read).
    """
    for path in paths:
        if path != "-" and os.path.isdir(path):
            yield from _walk_folder(path, extensions, others)
        else:
            yield path


#: The most of an input's start that telling its format reads: its first tag section
#: (PlayOK's ``Site`` may follow a long first tag) up to this many bytes.
PEEK_LIMIT = 1 << 16
_SECTION_END = re.compile(rb"\n[ \t]*\r?\n")


def peek_head(
    stream: io.BufferedReader, limit: int = PEEK_LIMIT
) -> tuple[io.BufferedReader, bytes]:
    """The start of ``stream`` a format is told by, and a stream that still reads from
    the start.

    The start is the text up to the end of its first section (the first blank line
    after a line of text), or ``limit`` bytes, or all of it when shorter: the same
    bytes however a pipe delivers them (a pipe's first read may bring 20 bytes). A
    file that can seek is read again from where it was; any other stream is given back
    with the bytes read put in front of the rest.
    """
    start = stream.tell() if stream.seekable() else None
    head = b""
    while len(head) < limit:
        found = _SECTION_END.search(head.lstrip(b"\xef\xbb\xbf \t\r\n"))
        if found is not None:
            break
        block = stream.read1(limit - len(head))
        if not block:
            break
        head += block
    cut = len(head_of(head, limit))
    if start is not None:
        stream.seek(start)
        return stream, head[:cut]
    return io.BufferedReader(_Prefixed(head, stream), buffer_size=_BLOCK), head[:cut]


def head_of(data: bytes, limit: int = PEEK_LIMIT) -> bytes:
    """The part of an input's start that its format is told by (see :func:`peek_head`):
    up to the end of its first section, at most ``limit`` bytes."""
    bare = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    found = _SECTION_END.search(bare, 0, limit)
    if found is None:
        return data[:limit]
    return data[: min(len(data) - len(bare) + found.end(), limit)]


class _Wrapped(io.RawIOBase):
    """A raw stream read through another, which it closes with itself."""

    def __init__(self, inner: io.BufferedIOBase) -> None:
        super().__init__()
        self._inner = inner

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self._inner.close()
        super().close()


class _Prefixed(_Wrapped):
    """Bytes already read from a stream, then the rest of the stream."""

    def __init__(self, head: bytes, inner: io.BufferedReader) -> None:
        super().__init__(inner)
        self._head = memoryview(head)

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        return self._inner.readinto(buffer)


class _Guarded(_Wrapped):
    """A decompressing stream whose failures are :class:`SourceError` with the file's name."""

    def __init__(self, inner: io.BufferedIOBase, source: str) -> None:
        super().__init__(inner)
        self._source = source

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        try:
            return self._inner.readinto(buffer)
        except (EOFError, OSError, lzma.LZMAError, zlib.error) as exc:
            raise SourceError(
                f"{self._source}: the compressed data is damaged or cut short ({exc})", errno.EIO
            ) from exc


class _Transcoder(io.RawIOBase):
    """Bytes in one encoding read as UTF-8 bytes, decoded strictly a block at a time."""

    def __init__(self, inner: IO[bytes], encoding: str, source: str) -> None:
        super().__init__()
        self._inner = inner
        self._encoding = encoding
        self._source = source
        self._decoder = codecs.getincrementaldecoder(encoding)(errors=_BAD)
        self._pending = b""
        self._line = 1  # where the text decoded so far ends
        self._column = 1
        self._done = False
        if encoding == "utf-8":
            # a UTF-8 byte order mark is skipped by the readers; keep it out of the count
            self._decoder = codecs.getincrementaldecoder("utf-8-sig")(errors=_BAD)

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self._inner.close()
        super().close()

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._pending and not self._done:
            block = self._inner.read(_BLOCK)
            self._done = not block
            text = self._decoder.decode(block, final=self._done)
            bad = _BAD_RE.search(text)
            if bad is not None:
                self._advance(text[: bad.start()])
                raise SourceDecodeError(
                    self._source,
                    self._encoding,
                    self._line,
                    self._column,
                    ord(bad.group()) - 0xDC00,
                )
            self._advance(text)
            self._pending = text.encode("utf-8")
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size

    def _advance(self, text: str) -> None:
        newlines = text.count("\n")
        if newlines:
            self._line += newlines
            self._column = len(text) - text.rindex("\n")
        else:
            self._column += len(text)


__all__ = [
    "BINARY_MAGIC",
    "COMPRESSIONS",
    "PEEK_LIMIT",
    "ZSTD_MAGIC",
    "Extensions",
    "OtherFile",
    "SkippedPath",
    "SourceDecodeError",
    "SourceError",
    "UnreadPath",
    "Walked",
    "binary_kind",
    "first_non_utf8",
    "head_of",
    "loaded_path",
    "open_input",
    "open_source",
    "peek_head",
    "shown_path",
    "source_name",
    "stored_path",
    "strip_compression",
    "text_encoding",
    "walk_entries",
    "walk_inputs",
    "watching_inputs",
]
