"""The identity guard: no output of a command may be one of its inputs, nor another output.

Files are known by identity (device and inode), not by name: a link, a hard link,
``/dev/stdin``, ``/dev/fd/N``, ``/proc/self/fd/N`` and standard output redirected onto
an input all resolve to the file they name. The input layer (:mod:`notation.files.sources`)
records every file it opens (:func:`note_input`); the output layer
(:mod:`notation.files.outputs`) claims every path it writes (:func:`claim_output`); the
command line declares what its parameters name (``cli/paths.py``: every path parameter
says by its type whether it is read or written) and runs each command inside
:func:`guarded_command`.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO

from notation.errors import PMNError

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


def file_identity(status: os.stat_result) -> Identity | None:
    """The identity of a regular file or a pipe; None for what cannot be an input's copy
    (a terminal is both standard input and output of an interactive command)."""
    if stat.S_ISREG(status.st_mode) or stat.S_ISFIFO(status.st_mode):
        return (status.st_dev, status.st_ino)
    return None


def _stdout_identity() -> Identity | None:
    try:
        return file_identity(os.fstat(sys.stdout.fileno()))
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
        identity = file_identity(status)
        if identity is None:
            continue
        _refuse_stdout_onto(identity, "standard input" if path == "-" else path)
        _INPUTS.setdefault(identity, path)


def allow_rewrite(path: str) -> None:
    """Let ``path``, one of the inputs, be written: a command that rewrites its input by
    design (``fmt -i``, ``convert --in-place``, ``record``) says so here, and only so."""
    try:
        identity = file_identity(os.stat(path))
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
        identity = file_identity(os.stat(path))
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


def note_input(stream: IO[bytes], path: str) -> None:
    """Record an opened input; refuse one that is an output of this process."""
    if not _GUARDED[0]:
        return
    try:
        identity = file_identity(os.fstat(stream.fileno()))
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


def guards_input(identity: Identity | None) -> bool:
    """Whether a command is running and ``identity`` is one of its inputs that it does not
    rewrite by design: a file with that identity must not be written."""
    return _GUARDED[0] and identity in _INPUTS and identity not in _REWRITTEN


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words (``a FIFO``, ``a folder``...)."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


__all__ = [
    "Identity",
    "OutputCollisionError",
    "OutputIsInputError",
    "allow_rewrite",
    "claim_output",
    "declare_inputs",
    "file_identity",
    "file_kind",
    "guarded_command",
    "guards_input",
    "note_input",
    "same_file",
]
