"""How every command that reads games takes its inputs, and writes its one output.

Inputs: FILES are files, folders (walked by :func:`notation.files.sources.walk_inputs`
for the extensions :data:`notation.formats.collection.WALKED_EXTENSIONS`; what a walk
skips is reported on stderr) and ``-`` (standard input), with ``--from`` for
the input format and ``--encoding`` for the text encoding. Output: ``-o/--output``
(``-`` is standard output), written safely by :mod:`notation.files.outputs`.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import click

from notation.core.pits import PitsError
from notation.core.record import Record
from notation.core.replay import (
    GamePoint,
    NoSuchMoveError,
    Problem,
    ReplayStoppedError,
    replay_to_move,
)
from notation.files.sources import SkippedPath, UnreadPath, shown_path, walk_inputs
from notation.formats.collection import (
    WALKED_EXTENSIONS,
    MisnamedFileWarning,
    SkippedFileWarning,
    atomic_output,
    read_path,
    walked_extensions,
)
from notation.games.base import PositionError, RulesError

from .common import FORMAT_CHOICE, encoding_option
from .excerpt import ProblemException
from .paths import ReadPath, WritePath
from .progress import Progress
from .terminal import SafeClickException, echo

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def _apply(function: F, decorators: Iterable[Callable[[F], F]]) -> F:
    for decorator in reversed(list(decorators)):
        function = decorator(function)
    return function


#: The library's warnings about the inputs that a command shows as one line on stderr.
READING_WARNINGS = (MisnamedFileWarning, SkippedFileWarning)


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    echo(f"pmn: warning: {message}", err=True)


@contextlib.contextmanager
def reading_warnings() -> Iterator[None]:
    """While a command runs, each of the library's warnings about its inputs
    (:data:`READING_WARNINGS`: a file read in another format than its name says) is
    one line on stderr, ``pmn: warning: ...``, every time it is given."""
    with warnings.catch_warnings():
        for category in READING_WARNINGS:
            warnings.simplefilter("always", category)
        shown = warnings.showwarning

        def show(
            message: Warning | str,
            category: type[Warning],
            filename: str,
            lineno: int,
            file: Any = None,
            line: str | None = None,
        ) -> None:
            if issubclass(category, READING_WARNINGS):
                _show_warning(message, category, filename, lineno)
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        yield


def input_options(
    *, required: bool = True, formats: bool = True, name: str = "files"
) -> Callable[[F], F]:
    """FILES (files, folders, ``-``), ``--from FORMAT`` and ``--encoding ENC``.

    The one declaration of how a command reads games. ``formats=False``
    leaves out ``--from`` (``pmn fmt`` reads PMN text only).
    """

    def decorator(function: F) -> F:
        decorators: list[Callable[[F], F]] = [
            click.argument(
                name,
                nargs=-1,
                required=required,
                type=ReadPath(allow_dash=True, exists=True),
            )
        ]
        if formats:
            decorators.append(
                click.option(
                    "--from",
                    "input_format",
                    type=FORMAT_CHOICE,
                    help="Input format (default: by the file's extension, or by its first bytes).",
                )
            )
        decorators.append(encoding_option)
        return _apply(function, decorators)

    return decorator


#: Where a command's unread files and folders are kept (its root context's ``meta``).
_UNREAD = "pmn.unread"


def unread_paths() -> list[UnreadPath]:
    """The files and folders this command could not read so far (reported as they came)."""
    context = click.get_current_context(silent=True)
    if context is None:
        return []
    found: list[UnreadPath] = context.find_root().meta.setdefault(_UNREAD, [])
    return found


def report_unread(item: UnreadPath) -> None:
    """Say on stderr that a file or folder could not be read (``path: cannot read: why``),
    and keep it: the command then exits 1 (:func:`unread_entries` lists them for JSON)."""
    unread_paths().append(item)
    echo(f"{shown_path(item.path)}: cannot read: {item.reason}", err=True)


def report_skipped(item: SkippedPath) -> None:
    """Say on stderr that a folder walk skipped an entry (``path: skipped: why``): said,
    not a problem of the inputs."""
    echo(f"{shown_path(item.path)}: skipped: {item.reason}", err=True)


def unread_entries() -> list[dict[str, object]]:
    """The command's unread files and folders as ``--format json``'s ``unread_files``."""
    return [
        {"path": shown_path(item.path), "reason": item.reason, "error": True}
        for item in unread_paths()
    ]


def with_unread(body: dict[str, Any]) -> dict[str, Any]:
    """A command's ``--format json`` object, with ``unread_files`` when any file or folder
    could not be read (as ``validate``'s has it): the one way every report lists them."""
    unread = unread_entries()
    return {**body, "unread_files": unread} if unread else body


#: What a walk gives: a file to read, an entry it skipped, or a path it could not read.
Walk = str | SkippedPath | UnreadPath


@dataclass(frozen=True, slots=True)
class WalkedInputs:
    """The inputs as given, each with what its one walk found (a file or ``-`` is itself;
    a folder, its files, the entries skipped and the folders that could not be listed):
    for a command that reads its inputs more than once (``dedupe``'s first look at the
    moves, ``--keep most-complete``), so that each folder is walked once. Nothing is said
    when walking: what the walk met is said by the reading that takes it
    (:func:`input_paths`, :class:`GameCounts`), in order, as a walk as it goes would."""

    arguments: tuple[tuple[str, tuple[Walk, ...]], ...]

    @classmethod
    def walk(
        cls, files: Iterable[str], extensions: tuple[str, ...] = WALKED_EXTENSIONS
    ) -> WalkedInputs:
        """Walk each input once."""
        return cls(tuple((name, tuple(walk_inputs([name], extensions))) for name in files))

    @property
    def names(self) -> tuple[str, ...]:
        """The inputs as given."""
        return tuple(name for name, _ in self.arguments)

    def paths(self) -> list[str]:
        """The files to read, in order."""
        return [item for _, found in self.arguments for item in found if isinstance(item, str)]


Inputs = Iterable[str] | WalkedInputs


def _walks(files: Inputs, extensions: tuple[str, ...]) -> Iterator[tuple[str, Iterable[Walk]]]:
    """Each input and what its walk finds: walked now, or as walked already."""
    if isinstance(files, WalkedInputs):
        yield from files.arguments
        return
    for name in files:
        yield name, walk_inputs([name], extensions)


def input_paths(
    files: Inputs,
    *,
    skipped: Callable[[SkippedPath], None] | None = None,
    unread: Callable[[UnreadPath], None] | None = None,
    extensions: tuple[str, ...] = WALKED_EXTENSIONS,
) -> Iterator[str]:
    """The files to read: files and ``-`` as given, folders walked (sorted) for ``extensions``
    (or as :class:`WalkedInputs` walked them already).

    What a walk skips (a link out of the folder, a FIFO...) is reported on
    stderr as ``path: skipped: reason``, or handed to ``skipped``; a folder that cannot
    be listed is a problem, given to ``unread`` (by default :func:`report_unread`).
    """
    found: Iterable[Walk] = (
        (item for _, walked in files.arguments for item in walked)
        if isinstance(files, WalkedInputs)
        else walk_inputs(files, extensions)
    )
    return _paths(found, skipped, unread)


def _paths(
    found: Iterable[Walk],
    skipped: Callable[[SkippedPath], None] | None,
    unread: Callable[[UnreadPath], None] | None,
) -> Iterator[str]:
    """The files of a walk; what it skipped and what it could not read said as it comes."""
    for item in found:
        if isinstance(item, UnreadPath):
            (unread or report_unread)(item)
        elif isinstance(item, SkippedPath):
            (skipped or report_skipped)(item)
        else:
            yield item


def input_bytes(files: Inputs, extensions: tuple[str, ...] = WALKED_EXTENSIONS) -> int | None:
    """The bytes of the files the inputs name, as stored (folders walked again, quietly:
    what the walk skips is said by the reading, not here); None when one is standard
    input, whose size is not known. For the progress line's share of the bytes."""
    total = 0
    for _, found in _walks(files, extensions):
        for item in found:
            if item == "-":
                return None
            if isinstance(item, str):
                with contextlib.suppress(OSError):
                    total += os.stat(item).st_size
    return total or None


def read_each(
    paths: Iterable[str],
    reader: Callable[[str], Iterable[T]],
    unread: Callable[[UnreadPath], None] | None = None,
) -> Iterator[T]:
    """What ``reader`` gives for each path in turn; a file that cannot be opened or stops
    being readable part way (compressed data cut short) is handed to ``unread`` (by
    default :func:`report_unread`) and the next file is read."""
    for path in paths:
        try:
            yield from reader(path)
        except OSError as exc:
            (unread or report_unread)(UnreadPath.of(path, exc))


def no_game_message(argument: str) -> str:
    """What every command says of an input (a file, a folder, ``-``) with no game in it."""
    return f"{argument}: no game in it: an input must hold at least one game (ruling N4)"


class NoGameError(SafeClickException):
    """Inputs with no game in them (ruling N4): an error, exit 1, never a silent success."""

    def __init__(self, arguments: Sequence[str]) -> None:
        super().__init__("; ".join(no_game_message(argument) for argument in arguments))
        self.arguments = tuple(arguments)


class GameCounts:
    """The games read from each input as given (a file, a folder, ``-``): an input with
    none is an error (ruling N4), in every command that reads games. :meth:`paths` gives
    the files to read, argument by argument; :meth:`add` counts a game of the current one;
    an argument done with no game is handed to ``empty`` (by default remembered in
    :attr:`empty`, for the command to report; :func:`report_empty` says it)."""

    def __init__(self, empty: Callable[[str], None] | None = None) -> None:
        self.progress = Progress(None)  # (a progress line while :meth:`paths` reads)
        self.games: dict[str, int] = {}
        self.empty: list[str] = []
        self._on_empty = empty if empty is not None else self.empty.append
        self._current = ""
        self._unread: set[str] = set()

    def paths(
        self,
        files: Inputs,
        *,
        skipped: Callable[[SkippedPath], None] | None = None,
        extensions: tuple[str, ...] = WALKED_EXTENSIONS,
    ) -> Iterator[str]:
        """:func:`input_paths`, argument by argument; each argument done with no game
        counted is empty. On a terminal, a line on stderr shows the progress
        (:mod:`notation.cli.progress`): the games counted, and the bytes of the files read."""
        if not isinstance(files, WalkedInputs):
            files = list(files)  # (named twice: walked here, summed by the progress line)
        walked = files
        self.progress = Progress(lambda: input_bytes(walked, extensions))
        with self.progress:
            for argument, found in _walks(files, extensions):
                self._current = argument
                self.games.setdefault(argument, 0)
                yield from _paths(found, skipped, self.unreadable)
                if not self.games[argument] and argument not in self._unread:
                    self._on_empty(argument)

    def unreadable(self, item: UnreadPath) -> None:
        """Report a file or folder that could not be read (:func:`report_unread`); an
        argument that could not be read is not also said to hold no game."""
        self._unread.add(item.path)
        report_unread(item)

    def read(
        self,
        files: Inputs,
        reader: Callable[[str], Iterable[T]],
        *,
        extensions: tuple[str, ...] = WALKED_EXTENSIONS,
    ) -> Iterator[T]:
        """What ``reader`` gives for each file of :meth:`paths` (the caller counts with
        :meth:`add`); a file that cannot be read is reported and the rest is read."""
        return read_each(self.paths(files, extensions=extensions), reader, self.unreadable)

    def add(self, count: int = 1, *, shown: bool = False) -> None:
        """Count games of the argument being read (``shown``: counted already by
        :attr:`progress`, game by game)."""
        self.games[self._current] = self.games.get(self._current, 0) + count
        if not shown:
            self.progress.add(count)


def report_empty(counts: GameCounts) -> bool:
    """Say on stderr which inputs held no game (ruling N4); whether any did not."""
    for argument in counts.empty:
        echo(no_game_message(argument), err=True)
    return bool(counts.empty)


def read_inputs(
    files: Iterable[str],
    input_format: str | None = None,
    encoding: str | None = None,
    *,
    game: str | None = None,
    empty: Callable[[str], None] | None = None,
) -> Iterator[tuple[int, Record]]:
    """Every record of the inputs, one at a time, with its number in its file (1-based).

    An input (a file, a folder, ``-``) with no game in it is an error (ruling N4): it is
    handed to ``empty`` when it is done, or, by default, once every input has been read,
    :class:`NoGameError` is raised naming every such input.
    """
    counts = GameCounts(empty)

    def numbered(path: str) -> Iterator[tuple[int, Record]]:
        return enumerate(read_path(path, input_format, game=game, encoding=encoding), start=1)

    walked = walked_extensions(input_format)  # every .txt where PlayOK's format is named
    for index, record in counts.read(files, numbered, extensions=walked):
        counts.add()
        yield index, record
    if counts.empty:
        raise NoGameError(counts.empty)


def output_file_option(
    help: str,
    *,
    dest: str = "output",
    required: bool = False,
    metavar: str = "FILE",
    rewritten_when: str | None = None,
) -> Callable[[F], F]:
    """``-o/--output FILE``, declared once for every command: a file (not a folder),
    ``-`` for standard output (the default unless ``required``). What the command
    writes there goes through the output layer, which refuses an output that is one
    of its inputs (:mod:`notation.files.outputs`), unless the flag ``rewritten_when`` names
    is given (``convert --in-place``). ``help`` says what is written."""
    # (no default at all when required: click 8.5 takes an explicit default=None as a
    # value given, and lets a required option go missing)
    defaults: dict[str, Any] = {} if required else {"default": "-"}
    return click.option(
        "-o",
        "--output",
        dest,
        **defaults,
        required=required,
        show_default=not required,
        metavar=metavar,
        type=WritePath(dir_okay=False, allow_dash=not required, rewritten_when=rewritten_when),
        help=help,
    )


def output_option(function: F) -> F:
    """``-o/--output FILE`` for a command that prints its output: what it prints goes to FILE.

    ``-`` (the default) is standard output. The file is written safely (a
    temporary file renamed over it when the command ends, whatever its exit code).
    """

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        output = kwargs.pop("output")
        if output == "-":
            return function(*args, **kwargs)
        code: Any = 0
        try:
            with atomic_output(output) as out, contextlib.redirect_stdout(out):
                try:
                    function(*args, **kwargs)
                except SystemExit as exc:  # the output is written whatever the exit code
                    code = exc.code
        except OSError as exc:
            raise click.FileError(output, exc.strerror or str(exc)) from exc
        sys.exit(code)

    option = output_file_option("Write the output to this file; '-' is standard output.")
    return option(cast(F, wrapper))


def load_game(
    files: str | Sequence[str],
    game_number: int,
    *,
    input_format: str | None = None,
    encoding: str | None = None,
) -> Record:
    """Game ``game_number`` (1-based, counted across the inputs) of files, folders or ``-``,
    undamaged; usage/click errors otherwise."""
    from notation.files.sources import SourceError

    paths = [files] if isinstance(files, str) else list(files)
    try:
        record = (
            next(
                itertools.islice(
                    (record for _, record in read_inputs(paths, input_format, encoding)),
                    game_number - 1,
                    None,
                ),
                None,
            )
            if game_number >= 1
            else None
        )
    except SourceError as exc:  # a byte that does not decode, a compression PMN does not read
        raise SafeClickException(str(exc)) from exc
    except OSError as exc:  # a device, a file that cannot be read
        raise click.FileError(exc.filename or ", ".join(paths), exc.strerror) from exc
    if record is None and unread_paths():  # (said as it was met: the file, and why)
        raise SystemExit(1)
    if record is None:
        raise click.UsageError(f"{', '.join(paths)} has no game {game_number}")
    if record.damaged:
        error = record.errors[0]
        raise ProblemException(
            f"{record.source}:{error.line}:{error.column}: {error.message}",
            record.source,
            Problem(error.code, error.message, error.line, error.column),
            record,
        )
    return record


def replay_to(
    files: str | Sequence[str],
    game_number: int,
    move_count: int | None,
    *,
    input_format: str | None = None,
    encoding: str | None = None,
) -> GamePoint:
    """Game ``game_number`` of ``files`` after ``move_count`` main-line moves (default: all).

    The record is replayed by the one replay (:func:`notation.core.replay.replay`),
    its hole numbering honoured like every command's. Every failure is a
    message for the user, never a traceback.
    """
    record = load_game(files, game_number, input_format=input_format, encoding=encoding)
    try:
        return replay_to_move(record, move_count)
    except (PitsError, RulesError, PositionError) as exc:
        raise SafeClickException(f"{record.source}:{record.line}: {exc}") from exc
    except NoSuchMoveError as exc:
        raise click.UsageError(f"game {game_number} {exc}") from exc
    except ReplayStoppedError as exc:
        raise ProblemException(str(exc), record.source, exc.problem) from exc
