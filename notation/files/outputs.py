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
- a name ending ``.gz``, ``.bz2`` or ``.xz`` is written compressed (with the
  standard library; gzip with no timestamp, so the same records give the same
  bytes).

Reading (:func:`open_input`, :func:`walk_inputs`): a file named by the
user may be a regular file or a pipe (``<(cmd)``); a device other than
standard input is refused (``/dev/zero`` never ends). Folders are walked
for regular files only; symbolic links are followed only to regular files
inside the folder walked; everything else is skipped and reported.
"""

from __future__ import annotations

import bz2
import codecs
import errno
import gzip
import io
import lzma
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from types import FrameType
from typing import IO

from notation.errors import PMNError

#: Paths that name a process's open files (``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/1``):
#: appended to, never replaced nor truncated (``pmn ... -o /dev/stdout >> log`` keeps the log).
_OPEN_FILE_NAMES = ("/dev/stdout", "/dev/stderr", "/dev/stdin")
_OPEN_FILE_ROOTS = ("/dev/fd/", "/proc/")
#: Signals that end a program politely; a write in progress cleans up before the exit.
_ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


# -- inputs and outputs of this process, by identity -------------------------------

#: A file's identity: the device and inode its path resolves to (links, hard links,
#: ``/dev/stdin``, ``/dev/fd/N`` and ``/proc/self/fd/N`` all resolve to one).
Identity = tuple[int, int]
#: Files this process reads (named on the command line, or opened), and writes.
_INPUTS: dict[Identity, str] = {}
_OUTPUTS: dict[Identity, str] = {}
#: Inputs that a command rewrites by design (``fmt -i``, ``convert --in-place``, ``record``).
_REWRITTEN: set[Identity] = set()
#: Whether a command is running (:func:`guarded_command`): only then are identities kept,
#: so that a program using the library may read a file and write it back.
_GUARDED = [False]


@contextmanager
def guarded_command() -> Iterator[None]:
    """While the block runs, no output of the process may be one of its inputs.

    The command line runs every command inside it (one command, one set of inputs
    and outputs); a program may use it around its own work the same way.
    """
    _INPUTS.clear()
    _OUTPUTS.clear()
    _REWRITTEN.clear()
    _GUARDED[0] = True
    try:
        yield
    finally:
        _GUARDED[0] = False
        _INPUTS.clear()
        _OUTPUTS.clear()
        _REWRITTEN.clear()


class OutputIsInputError(PMNError):
    """An output that is one of the command's inputs: writing would destroy the input, or
    feed the output back into it for ever (``pmn select r.pmn >> r.pmn``).

    Caught by identity, not by name: a link or hard link to the input, ``/dev/stdin``,
    ``/dev/fd/N``, ``/proc/self/fd/N``, and standard output redirected onto an input.
    The command line reports it as a usage error (exit 2); nothing is written.
    """

    code = "output-is-input"


class OutputCollisionError(OutputIsInputError):
    """Two outputs of one command name the same file: the second would replace the first
    (``pmn repair x.pmn -o f.pmn --report f.pmn``). A usage error (exit 2) as well."""

    code = "output-is-output"


def _identity(status: os.stat_result) -> Identity | None:
    """The identity of a regular file or a pipe; None for what cannot be an input's copy
    (a terminal is both standard input and output of an interactive command)."""
    if stat.S_ISREG(status.st_mode) or stat.S_ISFIFO(status.st_mode):
        return (status.st_dev, status.st_ino)
    return None


def _stdout_identity() -> Identity | None:
    try:
        return _identity(os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return None  # no file descriptor (a test's captured output)


def _refuse_stdout_onto(identity: Identity | None, name: str) -> None:
    if identity is not None and identity == _stdout_identity():
        raise OutputIsInputError(
            f"standard output is {name}, one of the inputs: the output would be written "
            "into the file being read (input file is output file); write it elsewhere"
        )


def declare_inputs(paths: Iterable[str]) -> None:
    """Record the files a command was given to read (``-``: standard input).

    Raises :class:`OutputIsInputError` at once when standard output is one of them
    (``pmn select r.pmn >> r.pmn``), as ``cat`` refuses. Paths that do not exist or are
    folders are left to the reader to report.
    """
    if not _GUARDED[0]:
        return
    for path in paths:
        try:
            status = os.fstat(0) if path == "-" else os.stat(path)
        except OSError:
            continue
        identity = _identity(status)
        if identity is None:
            continue
        _refuse_stdout_onto(identity, "standard input" if path == "-" else path)
        _INPUTS.setdefault(identity, path)


def allow_rewrite(path: str) -> None:
    """Let ``path``, one of the inputs, be written: a command that rewrites its input by
    design (``fmt -i``, ``convert --in-place``, ``record``) says so here, and only so."""
    try:
        identity = _identity(os.stat(path))
    except OSError:
        return
    if identity is not None:
        _REWRITTEN.add(identity)


def claim_output(path: str) -> None:
    """Check that ``path`` is not one of this process's inputs, and record it as an output.

    Raises :class:`OutputIsInputError` when it is (by identity: see the class). Every
    write to a named path goes through here (:func:`safe_output`, :func:`write_bytes`,
    the index's database).
    """
    if not _GUARDED[0]:
        return
    try:
        identity = _identity(os.stat(path))
    except OSError:
        return  # a new file: no input can be it
    if identity is None or identity in _REWRITTEN:
        return
    source = _INPUTS.get(identity)
    if source is not None:
        what = "standard input" if source == "-" else source
        named = "" if os.path.abspath(source) == os.path.abspath(path) else f" ({what})"
        raise OutputIsInputError(
            f"the output {path} is one of the inputs{named}: writing it would replace "
            "or feed on what is being read; write it elsewhere"
        )
    _OUTPUTS.setdefault(identity, path)


def _note_input(stream: IO[bytes], path: str) -> None:
    """Record an opened input; refuse one that is an output of this process."""
    if not _GUARDED[0]:
        return
    try:
        identity = _identity(os.fstat(stream.fileno()))
    except (OSError, ValueError, io.UnsupportedOperation):
        return
    if identity is None:
        return
    name = "standard input" if path == "-" else path
    if identity in _OUTPUTS and identity not in _REWRITTEN:
        raise OutputIsInputError(
            f"{name} is {_OUTPUTS[identity]}, an output of this command: it would read "
            "what it writes; write the output elsewhere"
        )
    if identity not in _REWRITTEN:
        _refuse_stdout_onto(identity, name)
    _INPUTS.setdefault(identity, path)


def same_file(first: str, second: str) -> bool:
    """Whether two paths name one existing file (``./g.pmn`` and ``g.pmn``, hard links, links).

    ``-`` (standard input or output) is never the same file as anything.
    """
    if first == "-" or second == "-":
        return False
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


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


def _check_writable(path: str, status: os.stat_result) -> None:
    if not status.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise PermissionError(
            errno.EACCES, "the file is read-only: not rewritten (make it writable first)", path
        )


@contextmanager
def _binary_target(path: str) -> Iterator[IO[bytes]]:
    """A binary stream whose bytes become the file ``path`` when the block ends without error."""
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
    if status is None:
        if not os.path.isdir(folder):
            raise FileNotFoundError(errno.ENOENT, "no such folder", folder)
        mode = 0o666 & ~_umask()
    else:
        _check_writable(real, status)
        mode = stat.S_IMODE(status.st_mode)
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
    if lowered.endswith(".gz"):
        return gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
    if lowered.endswith(".bz2"):
        return bz2.BZ2File(raw, "wb")
    if lowered.endswith(".xz"):
        return lzma.LZMAFile(raw, "wb")
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

    def close(self) -> None:
        """Close the folder's descriptor."""
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
            raise OSError(errno.EEXIST, f"{_kind(status.st_mode)}: not replaced (remove it)", shown)
        identity = _identity(status)
        if _GUARDED[0] and identity in _INPUTS and identity not in _REWRITTEN:
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
                try:
                    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                    os.close(os.open(temp, flags, 0o600, dir_fd=parent))
                except FileExistsError:
                    continue
                return os.path.join(os.path.dirname(name), temp)
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
            os.fsync(parent)
        finally:
            os.close(parent)

    def discard(self, temporary: str) -> None:
        """Remove a temporary file made by :meth:`create_temporary`, if it is still there."""
        with suppress(OSError):
            parent, base = self._parent(temporary)
            try:
                os.unlink(base, dir_fd=parent)
            finally:
                os.close(parent)

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


def open_input(path: str) -> IO[bytes]:
    """Open a file of records to read (``-``: standard input).

    Regular files and pipes are read; a folder or a device (``/dev/zero``
    would never end) is refused with an ``OSError``.
    """
    if path == "-":
        _note_input(sys.stdin.buffer, path)
        return sys.stdin.buffer
    stream = open(path, "rb")  # noqa: SIM115
    mode = os.fstat(stream.fileno()).st_mode
    if stat.S_ISDIR(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        stream.close()
        what = "a folder" if stat.S_ISDIR(mode) else "a device"
        raise OSError(errno.EINVAL, f"{what}, not a file of records", path)
    try:
        _note_input(stream, path)
    except OutputIsInputError:
        stream.close()
        raise
    return stream


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
    """A path a folder walk did not read, and why (a link out of the folder, a FIFO...)."""

    path: str
    reason: str


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _walk_folder(top: str, extensions: tuple[str, ...]) -> Iterator[str | SkippedPath]:
    root = os.path.realpath(top)
    for folder, dirs, files in os.walk(top):  # os.walk does not descend into linked folders
        dirs.sort()
        for name in dirs:
            if os.path.islink(os.path.join(folder, name)):
                yield SkippedPath(os.path.join(folder, name), "a link to a folder: not walked")
        for name in sorted(files):
            if not name.lower().endswith(extensions):
                continue
            path = os.path.join(folder, name)
            try:
                own = os.lstat(path)
            except OSError as exc:
                yield SkippedPath(path, exc.strerror or str(exc))
                continue
            if stat.S_ISLNK(own.st_mode):
                target = os.path.realpath(path)
                try:
                    status = os.stat(path)
                except OSError:
                    yield SkippedPath(path, "a link to nothing")
                    continue
                if not _inside(target, root):
                    yield SkippedPath(path, "a link out of the folder")
                elif not stat.S_ISREG(status.st_mode):
                    yield SkippedPath(path, f"a link to {_kind(status.st_mode)}")
                else:
                    yield path
            elif stat.S_ISREG(own.st_mode):
                yield path
            elif not stat.S_ISDIR(own.st_mode):
                yield SkippedPath(path, _kind(own.st_mode))


def walk_inputs(paths: Iterable[str], extensions: tuple[str, ...]) -> Iterator[str | SkippedPath]:
    """The files to read: paths as given, folders walked (sorted) for files with ``extensions``.

    A folder walk yields regular files, and links to regular files inside
    the folder; every other entry whose name has one of the extensions (a
    link out of the folder or to nothing, a FIFO, a device) comes as a
    :class:`SkippedPath`. Paths named directly are yielded as they are
    (:func:`open_input` decides whether they can be read).
    """
    for path in paths:
        if path != "-" and os.path.isdir(path):
            yield from _walk_folder(path, extensions)
        else:
            yield path


__all__ = [
    "Identity",
    "OutputCollisionError",
    "OutputFolder",
    "OutputIsInputError",
    "SkippedPath",
    "allow_rewrite",
    "claim_output",
    "declare_inputs",
    "first_non_utf8",
    "guarded_command",
    "open_input",
    "safe_output",
    "same_file",
    "update_record_file",
    "walk_inputs",
    "write_bytes",
]
