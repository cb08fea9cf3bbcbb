"""Reading and writing files without ever destroying one: the one file layer every command uses.

Writing (:func:`safe_output`, :func:`write_bytes`):

- a regular file is replaced atomically: the new text goes to a temporary
  file in the same folder, is flushed to disk (``fsync``), takes the old
  file's mode and owner, and is renamed over it; the folder is flushed
  too. A write that fails or is interrupted (an exception,
  ``KeyboardInterrupt``, SIGTERM, SIGHUP) removes the temporary file and
  leaves the old file as it was;
- a symbolic link is written through: its target is replaced, the link stays;
- a file with several hard links is rewritten in place, so that every name
  still sees the same file: the new text is first written to a temporary
  file, the space for it is reserved in the target (``posix_fallocate``, so
  a full disk fails before a byte changes), then it is copied over;
- anything that is not a regular file (``/dev/null``, a FIFO, a terminal)
  is opened and written directly, never replaced; a name of an open file of
  the process (``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``, or a link
  to one) is appended to, so ``-o /dev/stdout >> log`` keeps the log;
- a read-only file (no write permission bit) is refused, even for root;
- a new file gets mode ``0666 & ~umask``, like any program's;
- a name ending ``.gz``/``.gzip``, ``.bz2``, ``.xz`` or ``.lzma`` is written
  compressed (with the standard library; gzip with no timestamp, so the same records
  give the same bytes); a name ending in a compression or archive the standard library
  cannot write (``.zst``, ``.zip``, ``.7z``...) is refused before anything is written
  (:class:`UnwritableOutputError`: :func:`check_output_name`), never written as plain
  text under that name.

A folder is written whole by :func:`write_folder_whole` (``pmn publish``'s site): built
beside the old one and swapped in, or not at all.

Reading is not done here: :mod:`notation.files.sources` opens and walks inputs, and
:mod:`notation.files.guard` keeps every output off the command's inputs (each write
claims its path there first).
"""

from __future__ import annotations

import bz2
import errno
import glob
import gzip
import hashlib
import io
import lzma
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from types import FrameType
from typing import IO

from notation.errors import Code, PMNError
from notation.files.guard import (
    OutputIsInputError,
    allow_rewrite,
    claim_output,
    file_identity,
    file_kind,
    guards_input,
)

#: Paths that name a process's open files (``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/1``):
#: appended to, never replaced nor truncated (``pmn ... -o /dev/stdout >> log`` keeps the log).
_OPEN_FILE_NAMES = ("/dev/stdout", "/dev/stderr", "/dev/stdin")
_OPEN_FILE_ROOTS = ("/dev/fd/", "/proc/")
#: Signals that end a program politely; a write in progress cleans up before the exit.
_ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


#: Compressions and archives PMN cannot write, by the name's ending (case-insensitive,
#: but for compress's ``.Z``), and what each is called.
_UNWRITTEN = (
    ((".zst", ".zstd"), "Zstandard"),
    ((".zip",), "a ZIP archive"),
    ((".7z",), "a 7-Zip archive"),
    ((".rar",), "a RAR archive"),
    ((".lz4",), "LZ4"),
    ((".lz",), "lzip"),
    ((".br",), "Brotli"),
    ((".sz", ".snappy"), "Snappy"),
    ((".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".tzst"), "a tar archive"),
)
_COMPRESS_SUFFIX = ".Z"


class UnwritableOutputError(PMNError):
    """An output named for a compression or an archive that PMN cannot write
    (``games.pmn.zst``): refused before anything is written, a usage error (exit 2)."""

    code = Code.UNWRITABLE_OUTPUT


def check_output_name(path: str) -> None:
    """Refuse (:class:`UnwritableOutputError`) an output name ending in a compression or
    archive PMN does not write; gzip, bzip2, xz and lzma are written as named."""
    lowered = path.lower()
    named = next((what for endings, what in _UNWRITTEN if lowered.endswith(endings)), None)
    if named is None and path.endswith(_COMPRESS_SUFFIX):
        named = "compress (.Z)"
    if named is not None:
        raise UnwritableOutputError(
            f"{path}: the name says {named}, which PMN does not write: name it .gz, .bz2 or "
            ".xz to have it compressed (gzip, bzip2, xz), or write '-o -' and pipe it"
        )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def _cleanup_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into ``SystemExit`` while a write is in progress.

    So that ``finally`` blocks run and remove the temporary file. Only the
    main thread can set signal handlers; elsewhere this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def leave(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    previous = {}
    for number in _ENDING_SIGNALS:
        handler = signal.getsignal(number)
        if handler in (signal.SIG_DFL, None):  # leave a program's own handler alone
            previous[number] = signal.signal(number, leave)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _fsync_folder(folder: str) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _copy_in_place(source: str, target: str) -> None:
    """Overwrite ``target``'s bytes with ``source``'s, keeping its inode (and so its hard links)."""
    size = os.path.getsize(source)
    with open(source, "rb") as src, open(target, "r+b") as dst:
        try:
            os.posix_fallocate(dst.fileno(), 0, max(size, 1))
        except OSError as exc:  # a file system without it: copy anyway
            if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                raise
        shutil.copyfileobj(src, dst)
        dst.truncate()
        dst.flush()
        os.fsync(dst.fileno())


def _names_an_open_file(path: str) -> bool:
    """Whether ``path``, or a link on the way to its target, names a process's open file."""
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        if current in _OPEN_FILE_NAMES or current.startswith(_OPEN_FILE_ROOTS):
            return True
        if not os.path.islink(current):
            return False
        target = os.readlink(current)
        current = os.path.normpath(os.path.join(os.path.dirname(current), target))
    return False


def _replacement_mode(real: str, status: os.stat_result | None) -> int:
    """The permissions of the file that will replace ``real`` (``status`` its own, None
    when there is none): a new file's by the umask, else the file's own, which must be
    writable. Raises when its folder is missing or the file may not be written."""
    if status is None:
        folder = os.path.dirname(real)
        if not os.path.isdir(folder):
            raise FileNotFoundError(errno.ENOENT, "no such folder", folder)
        return 0o666 & ~_umask()
    _check_writable(real, status)
    return stat.S_IMODE(status.st_mode)


def _check_writable(path: str, status: os.stat_result) -> None:
    if not status.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise PermissionError(
            errno.EACCES, "the file is read-only: not rewritten (make it writable first)", path
        )


@contextmanager
def _binary_target(path: str) -> Iterator[IO[bytes]]:
    """A binary stream whose bytes become the file ``path`` when the block ends without error."""
    check_output_name(path)
    claim_output(path)
    try:
        status: os.stat_result | None = os.stat(path)  # follows links, /dev/stdout included
    except FileNotFoundError:
        status = None
    real = os.path.realpath(path)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", path)
    if status is not None and _names_an_open_file(path):
        with open(path, "ab") as appended:  # the shell's > or >> decided where it starts
            yield appended
        return
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(path, "wb") as direct:  # a device, a FIFO, a terminal: never replaced
            yield direct
        return
    folder = os.path.dirname(real)
    mode = _replacement_mode(real, status)
    with _cleanup_on_signals():
        descriptor, temp = tempfile.mkstemp(prefix=".pmn-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(descriptor, "wb") as out:
                yield out
                out.flush()
                os.fchmod(out.fileno(), mode)
                if status is not None:
                    with suppress(PermissionError):  # only root may give a file away
                        os.fchown(out.fileno(), status.st_uid, status.st_gid)
                os.fsync(out.fileno())
            claim_output(path)  # an input opened since (a folder walk) may be this file
            if status is not None and status.st_nlink > 1:
                _copy_in_place(temp, real)
                os.unlink(temp)
            else:
                os.replace(temp, real)
            _fsync_folder(folder)
        except BaseException:
            with suppress(FileNotFoundError):
                os.unlink(temp)
            raise


class FileBusyError(BlockingIOError):
    """Another writer holds the file :func:`replacing_file` was asked to replace."""


@contextmanager
def _held(path: str) -> Iterator[None]:
    """A lock (``flock``, not waited for) on the file at ``path``, for the block: a second
    writer of the same file is refused with :class:`FileBusyError` instead of one of the
    two losing its work. The file's inode is locked, so a writer that replaced it in the
    meantime (the lock taken on a name that names another file now) counts as busy too."""
    try:
        import fcntl
    except ImportError:  # (no flock: Windows) nothing is locked
        yield
        return
    descriptor = os.open(path, os.O_RDONLY)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FileBusyError(errno.EWOULDBLOCK, "another program is writing it", path) from None
        if file_identity(os.stat(path)) != file_identity(os.fstat(descriptor)):
            raise FileBusyError(errno.EWOULDBLOCK, "another program has just written it", path)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


@contextmanager
def replacing_file(path: str) -> Iterator[str]:
    """The name of a new, empty temporary file in the folder of ``path``, which becomes
    ``path`` when the block ends without error (flushed to disk, given the old file's mode,
    and renamed over it: a reader sees the old file or the new one, never a part of one).

    When the block fails or is interrupted (an exception, ``KeyboardInterrupt``, SIGTERM,
    SIGHUP), the temporary file and every file named after it (a database's journal) are
    removed and the old file is left as it was. While the block runs, the old file is
    locked: a second writer is refused with :class:`FileBusyError`. For a program that
    writes a file by name (an SQLite database) rather than through a stream.
    """
    claim_output(path)
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    try:
        status: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, "not a regular file", path)
    mode = _replacement_mode(real, status)
    with _cleanup_on_signals(), _held(real) if status is not None else nullcontext():
        descriptor, temp = tempfile.mkstemp(prefix=".pmn-", suffix=".tmp", dir=folder)
        os.close(descriptor)
        try:
            yield temp
            os.chmod(temp, mode)
            with open(temp, "rb") as written:
                os.fsync(written.fileno())
            claim_output(path)  # an input opened since may be this file
            os.replace(temp, real)
            _fsync_folder(folder)
        finally:
            for name in [temp, *glob.glob(glob.escape(temp) + "-*")]:
                with suppress(FileNotFoundError):
                    os.unlink(name)


@contextmanager
def safe_output(path: str, folder: OutputFolder | None = None) -> Iterator[IO[str]]:
    """A UTF-8 text stream for ``path`` (``-``: standard output), written safely.

    With ``folder``, ``path`` is a name inside it, written as :class:`OutputFolder`
    writes (never through a link). See the module's description for what happens to
    each kind of target. Errors are ``OSError`` with a ``strerror`` fit to show.
    """
    if path == "-" and folder is None:
        yield sys.stdout
        sys.stdout.flush()
        return
    check_output_name(path)
    binary = folder.binary(path) if folder is not None else _binary_target(path)
    with binary as raw:
        packed = _compressed(path, raw)
        target: IO[bytes] = raw if packed is None else packed  # type: ignore[assignment]
        text = io.TextIOWrapper(target, encoding="utf-8", newline="\n")
        try:
            yield text
            text.flush()
        finally:
            text.detach()
            if packed is not None:
                packed.close()  # writes the compressed stream's end; the file is not closed


def _compressed(path: str, raw: IO[bytes]) -> io.BufferedIOBase | None:
    """A compressing stream over ``raw`` when ``path`` names a compressed file, else None."""
    lowered = path.lower()
    if lowered.endswith((".gz", ".gzip")):
        return gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
    if lowered.endswith(".bz2"):
        return bz2.BZ2File(raw, "wb")
    if lowered.endswith(".xz"):
        return lzma.LZMAFile(raw, "wb")
    if lowered.endswith(".lzma"):  # the old .lzma container, as the reader reads it
        return lzma.LZMAFile(raw, "wb", format=lzma.FORMAT_ALONE)
    return None


class OutputFolder:
    """A folder a command writes files into (``-d``: publish's site, split's parts,
    ``convert -d``), that nothing written can leave.

    The folder named is opened once (made when missing); every file is then written
    relative to its descriptor, each step opened with ``O_NOFOLLOW``:

    - a subfolder that is a link, and a target name that is a link, a FIFO, a device or
      a socket, are refused with an ``OSError`` naming them: never opened, so nothing is
      written through a link and a FIFO cannot block the command;
    - a file is written to a temporary file in its folder (``O_EXCL``), given its mode
      by descriptor (a replaced file keeps its mode; a new one gets ``0666 & ~umask``),
      flushed, and renamed over the name: a file with other hard links is replaced by a
      new one, so the other names keep what they held;
    - a target that is one of the command's inputs is refused (:class:`OutputIsInputError`).
    """

    def __init__(self, path: str) -> None:
        os.makedirs(path, exist_ok=True)  # the folder the user named, links and all
        self.path = path
        self.descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        #: the temporary files made and not yet committed or discarded
        self.temporaries: set[str] = set()

    def close(self) -> None:
        """Remove the temporary files neither committed nor discarded (a signal may end
        the command before their maker holds their names), and close the folder's
        descriptor."""
        try:
            for temporary in sorted(self.temporaries):
                self.discard(temporary)
        finally:
            os.close(self.descriptor)

    def __enter__(self) -> OutputFolder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _shown(self, name: str) -> str:
        return os.path.join(self.path, name)

    def _parent(self, name: str) -> tuple[int, str]:
        """The descriptor of ``name``'s folder (made as needed, never through a link), and
        its last part; the caller closes the descriptor."""
        parts = [part for part in name.split(os.sep) if part not in ("", ".")]
        if not parts or ".." in parts:
            raise OSError(errno.EINVAL, "not a name inside the output folder", self._shown(name))
        current = os.dup(self.descriptor)
        try:
            for index, part in enumerate(parts[:-1]):
                shown = self._shown(os.path.join(*parts[: index + 1]))
                with suppress(FileExistsError):
                    os.mkdir(part, dir_fd=current)
                try:
                    inner = os.open(
                        part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=current
                    )
                except OSError as exc:
                    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                        raise OSError(
                            exc.errno,
                            "a link or a file, not a folder: nothing is written through it",
                            shown,
                        ) from None
                    raise
                os.close(current)
                current = inner
        except BaseException:
            os.close(current)
            raise
        return current, parts[-1]

    def _target(self, parent: int, base: str, shown: str) -> os.stat_result | None:
        """The status of an existing target (None: a new file); refused when it is not a
        regular file, or is an input of the command."""
        try:
            status = os.stat(base, dir_fd=parent, follow_symlinks=False)
        except FileNotFoundError:
            return None
        if stat.S_ISLNK(status.st_mode):
            raise OSError(
                errno.EEXIST, "a link: pmn writes no file through a link (remove it)", shown
            )
        if not stat.S_ISREG(status.st_mode):
            raise OSError(
                errno.EEXIST, f"{file_kind(status.st_mode)}: not replaced (remove it)", shown
            )
        if guards_input(file_identity(status)):
            raise OutputIsInputError(f"the output {shown} is one of the inputs; write it elsewhere")
        return status

    def exists(self, name: str) -> bool:
        """Whether something (a file, a link, anything) has the name ``name`` in the folder."""
        try:
            parent, base = self._parent(name)
        except OSError:
            return True  # a link on the way: writing will refuse it
        try:
            os.stat(base, dir_fd=parent, follow_symlinks=False)
            return True
        except FileNotFoundError:
            return False
        finally:
            os.close(parent)

    def create_temporary(self, name: str) -> str:
        """Make an empty temporary file beside ``name`` (for a file written in many
        pieces, then :meth:`commit`-ted); its name relative to the folder."""
        parent, _ = self._parent(name)
        try:
            for _attempt in range(100):
                temp = f".pmn-{os.urandom(6).hex()}.tmp"
                made = os.path.join(os.path.dirname(name), temp)
                try:
                    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                    os.close(os.open(temp, flags, 0o600, dir_fd=parent))
                    self.temporaries.add(made)  # (removed by close, if its maker cannot)
                except FileExistsError:
                    continue
                except BaseException:  # a signal as it was made: nothing left behind
                    with suppress(OSError):
                        os.unlink(temp, dir_fd=parent)
                    raise
                return made
            raise OSError(errno.EEXIST, "no temporary name free", self._shown(name))
        finally:
            os.close(parent)

    def _append_binary(self, temporary: str) -> IO[bytes]:
        parent, base = self._parent(temporary)
        try:
            descriptor = os.open(base, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW, dir_fd=parent)
        finally:
            os.close(parent)
        return open(descriptor, "ab")

    def append(self, temporary: str) -> IO[str]:
        """A text stream appending to a temporary file made by :meth:`create_temporary`."""
        return io.TextIOWrapper(self._append_binary(temporary), encoding="utf-8", newline="\n")

    def commit(self, temporary: str, name: str) -> None:
        """Move a finished temporary file to ``name`` (its mode set first, by descriptor)."""
        parent, base = self._parent(name)
        try:
            status = self._target(parent, base, self._shown(name))
            temp = os.path.basename(temporary)
            descriptor = os.open(temp, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=parent)
            try:
                os.fchmod(descriptor, stat.S_IMODE(status.st_mode) if status else 0o666 & ~_umask())
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
            os.rename(temp, base, src_dir_fd=parent, dst_dir_fd=parent)
            self.temporaries.discard(temporary)
            os.fsync(parent)
        finally:
            os.close(parent)

    def discard(self, temporary: str) -> None:
        """Remove a temporary file made by :meth:`create_temporary`, if it is still there."""
        try:
            with suppress(OSError):
                parent, base = self._parent(temporary)
                try:
                    os.unlink(base, dir_fd=parent)
                finally:
                    os.close(parent)
        finally:
            self.temporaries.discard(temporary)

    @contextmanager
    def binary(self, name: str) -> Iterator[IO[bytes]]:
        """A binary stream whose bytes become the file ``name`` in the folder when the
        block ends without error (nothing is changed otherwise)."""
        parent, base = self._parent(name)
        try:
            self._target(parent, base, self._shown(name))  # refuse early, before the work
        finally:
            os.close(parent)
        temporary = self.create_temporary(name)
        with _cleanup_on_signals():
            try:
                with self._append_binary(temporary) as raw:
                    yield raw
                    raw.flush()
                self.commit(temporary, name)
            except BaseException:
                self.discard(temporary)
                raise

    def write_file(self, name: str, text: str) -> None:
        """Make ``text`` (UTF-8) the contents of the file ``name`` in the folder."""
        with self.binary(name) as out:
            out.write(text.encode("utf-8"))


#: The file in a folder written whole (:func:`write_folder_whole`) that names the files
#: the writer wrote there, one a line: a later write removes those it no longer writes,
#: and tells every other file from them (not its own: kept, and never replaced unasked).
FOLDER_MANIFEST = ".pmn-site"


class ForeignFilesError(FileExistsError):
    """Files in a folder written whole that its writer did not write and would replace:
    nothing is written (``names``: each with what it is, such as ``index.html (a file)``)."""

    def __init__(self, folder: str, names: list[str]) -> None:
        shown = ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
        super().__init__(
            errno.EEXIST,
            f"{len(names)} {'file' if len(names) == 1 else 'files'} not written by pmn "
            f"would be replaced: {shown}",
            folder,
        )
        self.names = names


def _manifest_names(folder: str) -> dict[str, str | None]:
    """The files the folder's manifest lists, each with the SHA-256 of what was written
    (None for a line that gives no digest); none when it has none, or it is not a file."""
    try:
        descriptor = os.open(
            os.path.join(folder, FOLDER_MANIFEST), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
        )
    except OSError:
        return {}
    with open(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            return {}
        text = stream.read(16 * 1024 * 1024).decode("utf-8", "replace")
    listed: dict[str, str | None] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, digest = line.partition("\t")
            listed[name] = digest or None
    return listed


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _as_written(path: str, status: os.stat_result, digest: str | None) -> bool:
    """Whether the file at ``path`` still holds what the manifest says was written there
    (a regular file whose digest is the one listed; any regular file, for a line with
    none): one that someone changed since is theirs now."""
    if not stat.S_ISREG(status.st_mode):
        return False
    if digest is None:
        return True
    try:
        with open(os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK), "rb") as stream:
            return _digest(stream.read()) == digest
    except OSError:
        return False


def _kind(mode: int) -> str:
    """What a file is, in words: ``a file``, ``a link``, ``a FIFO``, ``a folder``..."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISLNK(mode):
        return "a link"
    return file_kind(mode)


def _entries(folder: str) -> Iterator[tuple[str, os.stat_result]]:
    """Everything under ``folder`` (never through a link), as a name relative to it and its
    status, each folder before what it holds."""
    for top, folders, files in os.walk(folder, followlinks=False):
        for name in [*folders, *files]:
            full = os.path.join(top, name)
            yield os.path.relpath(full, folder), os.lstat(full)


def _carry(source: str, target: str, status: os.stat_result) -> None:
    """Put a file of the old folder into the new one as it is: a folder made with its mode,
    a file hard-linked (copied where it cannot be), a link remade, a FIFO remade."""
    kind = status.st_mode
    if stat.S_ISDIR(kind):
        os.mkdir(target)
        os.chmod(target, stat.S_IMODE(kind))
    elif stat.S_ISLNK(kind):
        os.symlink(os.readlink(source), target)
    elif stat.S_ISREG(kind):
        try:
            os.link(source, target, follow_symlinks=False)
        except OSError:
            shutil.copy2(source, target, follow_symlinks=False)
    elif stat.S_ISFIFO(kind):
        os.mkfifo(target, stat.S_IMODE(kind))
    else:
        raise OSError(errno.EEXIST, f"{file_kind(kind)}: cannot be kept (remove it)", source)


def write_folder_whole(
    path: str, files: dict[str, str], *, replace_foreign: bool = False
) -> list[str]:
    """Make the folder ``path`` hold ``files`` (name inside it -> UTF-8 text), whole or not
    at all; the names of the files of the last write that were removed.

    The new folder is built beside the old one (a temporary folder in the same parent):
    every file of the old folder that the last write did not write, or that was changed
    since (its manifest, :data:`FOLDER_MANIFEST`, names those it wrote with the SHA-256 of
    each) is kept (hard-linked; links and
    subfolders as they are), each of ``files`` is written as :class:`OutputFolder` writes
    (a file replaced keeps its mode; a new one gets ``0666 & ~umask``), and the manifest
    of this write. Then the old folder is renamed aside, the new one renamed into its
    place, and the old one removed: a reader sees the old folder or the new one. A
    failure or an interruption (``KeyboardInterrupt``, SIGTERM, SIGHUP) before the swap
    removes the new folder and leaves the old one as it was.

    The files of the last write that are not in ``files``, as it wrote them, are gone. A
    file of ``files`` that is in the folder and was not written by the last write, or was
    changed since (a page of the
    organiser's own, a link, a FIFO) is refused (:class:`ForeignFilesError`, nothing
    written) unless ``replace_foreign``; an input of the command, always
    (:class:`OutputIsInputError`). The folder named may be a link to a folder: the
    folder it leads to is replaced.
    """
    real = os.path.realpath(path)
    parent = os.path.dirname(real)
    os.makedirs(parent, exist_ok=True)
    try:
        old: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISDIR(old.st_mode):
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", path)
    listed = _manifest_names(real) if old is not None else {}
    kept: list[tuple[str, os.stat_result]] = []
    modes: dict[str, int] = {}
    foreign: list[str] = []
    removed: list[str] = []
    for name, status in _entries(real) if old is not None else ():
        ours = name in listed and _as_written(os.path.join(real, name), status, listed[name])
        if name in files:
            if guards_input(file_identity(status)):
                raise OutputIsInputError(
                    f"the output {os.path.join(path, name)} is one of the inputs; write it elsewhere"
                )
            if not ours:
                changed = " changed since pmn wrote it" if name in listed else ""
                foreign.append(f"{os.path.join(path, name)} ({_kind(status.st_mode)}{changed})")
            else:
                modes[name] = stat.S_IMODE(status.st_mode)
        elif ours:
            removed.append(name)
        elif name != FOLDER_MANIFEST:
            kept.append((name, status))
    if foreign and not replace_foreign:
        raise ForeignFilesError(path, foreign)
    with _cleanup_on_signals():
        temp = tempfile.mkdtemp(prefix=f".{os.path.basename(real)}.pmn-", dir=parent)
        try:
            os.chmod(temp, stat.S_IMODE(old.st_mode) if old is not None else 0o777 & ~_umask())
            for name, status in kept:
                if not os.path.dirname(name) or os.path.isdir(
                    os.path.join(temp, os.path.dirname(name))
                ):  # (not inside a folder that is itself replaced by a file)
                    _carry(os.path.join(real, name), os.path.join(temp, name), status)
            with OutputFolder(temp) as folder:
                for name, text in files.items():
                    folder.write_file(name, text)
                    if name in modes:
                        os.chmod(os.path.join(temp, name), modes[name])
                folder.write_file(
                    FOLDER_MANIFEST,
                    "# the files pmn wrote here, each with the SHA-256 of what it wrote: the\n"
                    "# next pmn publish removes those it no longer writes, and replaces no\n"
                    "# other file, nor one changed since, unless forced\n"
                    + "".join(
                        f"{name}\t{_digest(files[name].encode('utf-8'))}\n"
                        for name in sorted(files)
                    ),
                )
            _fsync_folder(temp)
            _swap_folder(temp, real, old is not None)
        except BaseException:
            shutil.rmtree(temp, ignore_errors=True)
            raise
    _fsync_folder(parent)
    return sorted(removed)


def _exchange(first: str, second: str) -> bool:
    """Swap two folders' names in one step (Linux's ``renameat2`` with ``RENAME_EXCHANGE``);
    False where the system or the file system cannot, and nothing was changed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # (a C library without it)
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    at_cwd, exchange = -100, 2  # AT_FDCWD, RENAME_EXCHANGE
    if renameat2(at_cwd, os.fsencode(first), at_cwd, os.fsencode(second), exchange) == 0:
        return True
    number = ctypes.get_errno()
    if number in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(number, os.strerror(number), second)


def _swap_folder(new: str, real: str, exists: bool) -> None:
    """Put the folder ``new`` in the place of ``real``, and remove the old ``real``.

    The two are swapped in one step where the system can (:func:`_exchange`: a reader
    never finds the folder missing); elsewhere the old folder is renamed aside, the new
    one renamed into its place (the old one put back when that fails), and the old one
    removed."""
    if not exists:
        os.rename(new, real)
        return
    if _exchange(new, real):
        shutil.rmtree(new, ignore_errors=True)  # (the old folder, under the new one's name)
        return
    aside = tempfile.mkdtemp(
        prefix=f".{os.path.basename(real)}.pmn-old-", dir=os.path.dirname(real)
    )
    os.rmdir(aside)  # (a free name beside it)
    os.rename(real, aside)
    try:
        os.rename(new, real)
    except BaseException:
        os.rename(aside, real)
        raise
    shutil.rmtree(aside, ignore_errors=True)


@contextmanager
def _folder_lock(path: str) -> Iterator[None]:
    """An exclusive lock (``flock``) on the folder holding ``path``, for the block.

    The folder, not the file: a save replaces the file by a new one (a new inode), so a
    lock on the file would not be seen by the next writer. Every ``pmn`` that saves a
    record file takes it; other programs are not stopped by it.
    """
    import fcntl

    descriptor = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def update_record_file(path: str, make: Callable[[bytes | None], bytes]) -> bytes:
    """Save a record file that others may be saving too (the recorder): under a lock on
    its folder, read what the file holds now (None: it does not exist), write what
    ``make`` builds from that, and return it.

    ``make`` compares the file with what its caller last read or wrote, and merges its
    change into what another writer saved meanwhile, or raises to write nothing. A new
    file is created exclusively (``O_EXCL``), so a file another program made in the
    meantime is never written over; an existing one is replaced as :func:`write_bytes`
    replaces it.
    """
    with _folder_lock(path):
        try:
            with open(path, "rb") as stream:
                current: bytes | None = stream.read()
        except FileNotFoundError:
            current = None
        data = make(current)
        if current is None:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            try:
                with os.fdopen(descriptor, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
            except BaseException:
                with suppress(FileNotFoundError):
                    os.unlink(path)
                raise
        else:
            allow_rewrite(path)
            write_bytes(path, data)
        return data


def write_bytes(path: str, data: bytes) -> None:
    """Make ``data`` the contents of ``path`` (``-``: standard output), safely."""
    if path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    with _binary_target(path) as out:
        out.write(data)


__all__ = [
    "FOLDER_MANIFEST",
    "FileBusyError",
    "ForeignFilesError",
    "OutputFolder",
    "UnwritableOutputError",
    "check_output_name",
    "replacing_file",
    "safe_output",
    "update_record_file",
    "write_bytes",
    "write_folder_whole",
]


# The live hall's own files (notation.hall): its folder, its tokens (readable by their
# owner only) and its log, appended to line by line.


def make_folder(path: str, *, private: bool = False) -> None:
    """Make the folder ``path`` and its parents when missing (mode 0700 when ``private``)."""
    os.makedirs(path, mode=0o700 if private else 0o777, exist_ok=True)


def write_private(path: str, data: bytes) -> None:
    """Make ``data`` the contents of ``path``, a file readable and writable by its owner only
    (mode 0600 from its creation: a temporary file, flushed to disk and renamed over it)."""
    claim_output(path)
    folder = os.path.dirname(os.path.abspath(path))
    with _cleanup_on_signals():
        descriptor, temp = tempfile.mkstemp(prefix=".pmn-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(descriptor, "wb") as out:
                out.write(data)
                out.flush()
                os.fchmod(out.fileno(), 0o600)
                os.fsync(out.fileno())
            os.replace(temp, path)
            _fsync_folder(folder)
        except BaseException:
            with suppress(FileNotFoundError):
                os.unlink(temp)
            raise


def append_line(path: str, line: str) -> None:
    """Add ``line`` (and a newline) at the end of the log ``path``, made with mode 0600."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(descriptor, "ab") as out:
        out.write(line.encode("utf-8") + b"\n")


def remove_leftovers(folder: str) -> list[str]:
    """Remove the temporary files this layer left in ``folder`` when its process was killed
    mid-write (``.pmn-*.tmp``: never a file anyone else reads); the names removed. For a
    program that owns the folder's files (the hall, started again after a crash)."""
    removed = []
    for name in sorted(glob.glob(os.path.join(glob.escape(folder), ".pmn-*.tmp"))):
        with suppress(FileNotFoundError):
            os.unlink(name)
            removed.append(name)
    return removed


__all__ += ["append_line", "make_folder", "remove_leftovers", "write_private"]
