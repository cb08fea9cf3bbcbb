"""What the archive commands (select, dedupe, split, merge, sort, openings) share.

Input: files and folders of any format, compressed or not, in any encoding
(``--from``, ``--encoding``), read one game at a time, with unreadable games
reported on stderr. Output: records written as they come (:class:`notation.formats.registry.RecordSink`),
so that a command can write to several files at once.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

import click

from notation.archive.games import ArchiveGame, read_archive
from notation.archive.index import ArchiveIndexError
from notation.archive.tools import FilterError
from notation.core.record import Record
from notation.errors import WriteError
from notation.files.sources import SourceError, strip_compression
from notation.formats.collection import detect_format
from notation.games import RulesError

from . import inputs
from .common import location
from .paths import ReadPath
from .terminal import SafeClickException, echo, plural

F = TypeVar("F", bound=Callable[..., Any])


def input_options(command: F) -> F:
    """FILES, ``--from`` and ``--encoding``: how every command reads (:mod:`notation.cli.inputs`)."""
    return inputs.input_options()(command)


def indexed_input_options(command: F) -> F:
    """:func:`input_options`, with ``--index DB`` to answer from an index instead of FILES."""
    decorators = (
        inputs.input_options(required=False),
        click.option(
            "--index",
            "index_path",
            type=ReadPath(exists=True, dir_okay=False),
            help="Answer from this index (pmn index) instead of reading FILES.",
        ),
    )
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def check_inputs(files: tuple[str, ...], index_path: str | None) -> None:
    """FILES or --index, one of them."""
    if bool(files) == bool(index_path):
        raise click.UsageError("give FILES or --index DB (one of them)")


def output_format(output: str, to: str | None) -> str:
    """The format to write: ``--to``, else by the output's extension (``.pmn.gz``: PMN,
    compressed), else PMN."""
    return to or (detect_format(strip_compression(output)) if output != "-" else "pmn")


@dataclass
class Reading:
    """Counts kept while reading: games read, games that could not be read, and the
    inputs (files, folders, ``-``) with no game in them (an error: ruling N4)."""

    games: int = 0
    damaged: int = 0
    empty: list[str] = field(default_factory=list)


def iter_records(
    files: inputs.Inputs, input_format: str | None, encoding: str | None, counts: Reading
) -> Iterator[Record]:
    """Every record of the files (folders walked), one at a time; damaged ones reported,
    and the inputs with no game in them kept in ``counts.empty`` (:func:`finish` says them)."""
    for game in iter_games(files, input_format, encoding, counts):
        yield game.record


def iter_games(
    files: inputs.Inputs, input_format: str | None, encoding: str | None, counts: Reading
) -> Iterator[ArchiveGame]:
    """Every game of the files (folders walked) as an :class:`ArchiveGame`, one at a time:
    its tags read, the rest when asked (a damaged record is reported when it is read);
    the inputs with no game in them kept in ``counts.empty``."""
    games = inputs.GameCounts(counts.empty.append)
    report = functools.partial(_report_damaged, counts)
    for game in games.read(
        files, lambda path: read_archive(path, input_format, encoding=encoding, on_read=report)
    ):
        counts.games += 1
        games.add()
        yield game


def _report_damaged(counts: Reading, game: ArchiveGame, record: Record) -> None:
    """Count and say a damaged record, as it is read."""
    if not record.damaged:
        return
    counts.damaged += 1
    for error in record.errors:
        where = location(record.source, error.line, error.column)
        at = f" at {error.path}" if error.path else ""
        hint = (
            " (if the file is not UTF-8, name its encoding with --encoding)"
            if error.code == "encoding"
            else ""
        )
        echo(f"{where}: game {game.ordinal}{at}: {error.message}{hint}", err=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn library errors about the input or the options into messages, not tracebacks."""
    try:
        yield
    except (FilterError, RulesError) as exc:
        raise click.UsageError(str(exc)) from exc
    except (SourceError, ArchiveIndexError) as exc:
        raise SafeClickException(str(exc)) from exc
    except sqlite3.Error as exc:
        raise click.ClickException(f"the index database: {exc}") from exc
    except WriteError as exc:
        where = location(exc.record.source, exc.line, exc.column)
        raise SafeClickException(f"{where}: cannot write this game in that format: {exc}") from exc
    except BrokenPipeError:
        # the reader of standard output went away (| head): stop quietly
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
    except OSError as exc:
        raise click.FileError(exc.filename or "?", exc.strerror or str(exc)) from exc


def finish(counts: Reading) -> None:
    """Exit 1 when some game could not be read (it was reported) or an input held no game
    (said here: ruling N4), else 0."""
    for argument in counts.empty:
        echo(inputs.no_game_message(argument), err=True)
    if counts.damaged:
        click.echo(f"{plural(counts.damaged, 'game')} could not be read (reported above)", err=True)
    if counts.damaged or counts.empty:
        raise SystemExit(1)


def shared(func: F) -> F:
    """Run a command body with :func:`user_errors`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with user_errors():
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
