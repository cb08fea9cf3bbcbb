"""``pmn convert``: PMN text, JSON, JSON Lines, Aualé's OGN and OpenSpiel action sequences."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import click
from click.core import ParameterSource

from notation.core.pits import CONVENTIONS, DEFAULT, PITS_TAG, PitsError, translate_record
from notation.core.record import Record
from notation.errors import WriteError
from notation.files.guard import allow_rewrite, same_file
from notation.files.outputs import OutputFolder
from notation.files.sources import SourceError, first_non_utf8, strip_compression
from notation.formats.canonical import rewrite_moves
from notation.formats.collection import FORMATS, comment_losses, detect_format, write_path
from notation.formats.playok import from_playok, settle_termination
from notation.formats.pmn import DEFAULT_WIDTH
from notation.formats.registry import formats

from .common import (
    RegistryCommand,
    check_game_option,
    location,
    variant_option,
)
from .inputs import (
    input_options,
    input_paths,
    no_game_message,
    output_file_option,
    read_inputs,
    unread_paths,
)
from .paths import WriteDir
from .terminal import SafeClickException, echo, plural

ALL_FORMATS = click.Choice(list(FORMATS))
PITS_CHOICE = click.Choice(list(CONVENTIONS), case_sensitive=False)
#: Formats that name the 2x6 board's holes their own way (letters, or OpenSpiel's 0-5).
FIXED_NAMING = tuple(entry.name for entry in formats() if entry.names_holes)


@click.command(cls=RegistryCommand)
@input_options()
@output_file_option(
    "The output file, for every input's records; '-' is stdout.", rewritten_when="in_place"
)
@click.option(
    "-d",
    "--output-dir",
    type=WriteDir(file_okay=False),
    help="Write one file per input into this folder instead: the input's name (within a "
    "folder given: its path there) with the --to format's extension.",
)
@click.option("--force", is_flag=True, help="With --output-dir: replace files of the same names.")
@variant_option
@click.option(
    "--to",
    "output_format",
    type=ALL_FORMATS,
    help="Output format ({formats}; default: by extension, else pmn).",
)
@click.option(
    "--width", default=DEFAULT_WIDTH, show_default=True, help="Line width of PMN movetext."
)
@click.option("--in-place", is_flag=True, help="Allow OUTPUT to be the input file itself.")
@click.option(
    "--to-pits",
    "to_pits",
    type=PITS_CHOICE,
    help="Write {games:numbered} moves with this hole numbering "
    f"({', '.join(CONVENTIONS)}) "
    "and a Pits tag naming it. Default: as written.",
)
@click.option(
    "--from-pits",
    "from_pits",
    type=PITS_CHOICE,
    help="Read {games:numbered} moves of records without a Pits tag with "
    "this hole numbering "
    "(and write letters unless --to-pits says otherwise).",
)
@click.option(
    "--long/--short",
    "long",
    default=None,
    help="Rewrite every move as its canonical token: the full long form (Tricala: every "
    "waypoint and order) or the shortest. Default: moves as written.",
)
def convert(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output: str,
    output_dir: str | None,
    force: bool,
    openspiel_game: str | None,
    output_format: str | None,
    width: int,
    in_place: bool,
    to_pits: str | None,
    from_pits: str | None,
    long: bool | None,
) -> None:
    """Convert the records in FILES to another format, losing nothing.

    FILES are files, folders (walked for record files) and '-' (standard
    input). Their records go to one output (-o), or each input to its own
    file in a folder (--output-dir).

    Converting a file to another format and back gives the same records:
    tags in their order, moves as written, comments, annotations and
    variations. A record that cannot be read is carried through as its raw
    text with its errors, reported on stderr, and the exit code is 1.

    Formats: {formats:ext}. OGN (Aualé's Oware Game Notation) holds what
    PMN holds for {games:ogn}. openspiel-actions holds one game per line of
    OpenSpiel actions of {games:openspiel-actions} (--variant says which game;
    by default OpenSpiel's oware, replayed under the abapa rules); writing
    keeps only the main line's moves. Records whose holes are numbered (a Pits tag, or --from-pits) are
    reported on stderr.
    """
    check_game_option(openspiel_game, input_format, files)
    _check_outputs(files, output_dir, force=force, in_place=in_place)
    fmt = output_format or (detect_format(strip_compression(output)) if output != "-" else "pmn")
    if to_pits is not None and to_pits.lower() != DEFAULT and fmt in FIXED_NAMING:
        raise click.UsageError(f"--to-pits {to_pits}: {fmt} names the holes its own way")
    options = _Options(input_format, encoding, openspiel_game, width, to_pits, from_pits, long)
    empty: list[str] = []  # inputs with no game in them: an error (ruling N4)
    if output_dir is not None:
        damaged = _convert_into(
            files, output_dir, output_format or "pmn", options, force=force, empty=empty
        )
    else:
        sources = []
        for argument in files:  # a folder with no file to read holds no game
            found = list(input_paths([argument]))
            sources += found
            if not found:
                _no_game(argument, empty)
        overwriting = [source for source in sources if same_file(source, output)]
        if overwriting and not in_place:
            raise click.UsageError(f"{output} is the input file; pass --in-place to overwrite it")
        for source in overwriting:
            _allow_in_place(source, encoding)
        damaged = _convert(sources, output, fmt, options, collect=bool(overwriting), empty=empty)
    if damaged:
        click.echo(
            f"{plural(damaged, 'record')} could not be read; carried through as raw text", err=True
        )
    sys.exit(1 if damaged or empty else 0)


def _no_game(argument: str, empty: list[str]) -> None:
    """An input with no game in it: said on stderr, and remembered (exit 1; ruling N4)."""
    echo(no_game_message(argument), err=True)
    empty.append(argument)


@dataclass(frozen=True, slots=True)
class _Options:
    """How convert reads and rewrites records (its options, less the output)."""

    input_format: str | None
    encoding: str | None
    openspiel_game: str | None
    width: int
    to_pits: str | None
    from_pits: str | None
    long: bool | None


def _output_dir_jobs(
    files: tuple[str, ...], output_dir: str, fmt: str, force: bool, empty: list[str]
) -> list[tuple[str, str]]:
    """Each input file and the file it is converted to (checked before anything is written)."""
    extension = (FORMATS[fmt] or (".txt",))[0]
    jobs: list[tuple[str, str]] = []
    for argument in files:
        folder = os.path.isdir(argument)
        before = len(jobs)
        for source in input_paths([argument]):
            name = os.path.relpath(source, argument) if folder else os.path.basename(source)
            stem = strip_compression(name)
            stem = os.path.splitext(stem)[0] if os.path.splitext(stem)[1] else stem
            jobs.append((source, stem + extension))
        if len(jobs) == before:  # a folder with no file to read holds no game
            _no_game(argument, empty)
    targets = [target for _, target in jobs]
    twice = sorted({target for target in targets if targets.count(target) > 1})
    if twice:
        raise click.UsageError(
            f"two inputs would both be written to {os.path.join(output_dir, twice[0])}"
        )
    existing = [
        os.path.join(output_dir, target)
        for target in targets
        if os.path.lexists(os.path.join(output_dir, target))
    ]
    if existing and not force:
        raise click.UsageError(
            f"{existing[0]} exists ({plural(len(existing), 'file')} would be replaced); pass --force"
        )
    for source, target in jobs:
        if same_file(source, os.path.join(output_dir, target)):
            raise click.UsageError(f"{os.path.join(output_dir, target)} is the input file {source}")
    return jobs


def _check_outputs(
    files: tuple[str, ...], output_dir: str | None, *, force: bool, in_place: bool
) -> None:
    """Usage errors: -o with --output-dir, '-' or --in-place with it, --force without it."""
    if output_dir is None:
        if force:
            raise click.UsageError("--force goes with --output-dir")
        return
    source = click.get_current_context().get_parameter_source("output")
    if source is ParameterSource.COMMANDLINE:
        raise click.UsageError("give -o/--output or --output-dir, not both")
    if "-" in files:
        raise click.UsageError(
            "--output-dir names each output after its input: give files, not '-'"
        )
    if in_place:
        raise click.UsageError("--in-place goes with -o/--output, not --output-dir")


def _convert_into(
    files: tuple[str, ...],
    output_dir: str,
    fmt: str,
    options: _Options,
    *,
    force: bool,
    empty: list[str],
) -> int:
    """Each input to its own file in ``output_dir``, written inside the folder and never
    through a link (notation.files.outputs.OutputFolder); the records not read."""
    jobs = _output_dir_jobs(files, output_dir, fmt, force, empty)
    try:
        folder = OutputFolder(output_dir)
    except OSError as exc:
        raise click.FileError(output_dir, exc.strerror) from exc
    try:
        return sum(
            _convert([source], target, fmt, options, folder=folder, empty=empty)
            for source, target in jobs
        )
    except OSError as exc:
        raise click.FileError(exc.filename or output_dir, exc.strerror) from exc
    finally:
        folder.close()


class _NotRead(Exception):
    """An input of ``convert -d`` that could not be read whole: its file is not written."""


def _allow_in_place(source: str, encoding: str | None) -> None:
    """--in-place: this input is rewritten, by design; but not a file with bytes that are
    not UTF-8 (the records read hold U+FFFD for them: writing them back would destroy
    them; with --encoding the text is decoded whole, and rewriting it as UTF-8 loses nothing)."""
    allow_rewrite(source)
    bad = first_non_utf8(source) if encoding is None else None
    if bad is None:
        return
    with open(source, "rb") as stream:
        head = stream.read(bad + 1)
    line = head.count(b"\n", 0, bad) + 1
    column = bad - (head.rfind(b"\n", 0, bad) + 1) + 1
    raise click.ClickException(
        f"{source}:{line}:{column}: not rewritten: byte {head[bad]:#04x} is not "
        "valid UTF-8 and would be lost; name the file's encoding with --encoding (e.g. "
        "--encoding latin-1), or write the result to another file"
    )


def _convert(
    sources: list[str],
    output: str,
    fmt: str,
    options: _Options,
    *,
    collect: bool = False,
    folder: OutputFolder | None = None,
    empty: list[str],
) -> int:
    """Write the records of ``sources`` to ``output`` in ``fmt``; the number that could not be read.

    ``collect`` reads every record before writing (an in-place conversion
    must not read what it writes).
    """
    target = (
        options.to_pits.lower()
        if options.to_pits is not None
        else DEFAULT
        if options.from_pits is not None
        else None
    )
    damaged = 0
    current = [0, ""]  # the game being converted: its number and source, for write errors
    unread = len(unread_paths())

    def records() -> Iterator[Record]:
        nonlocal damaged
        for index, record in read_inputs(
            sources,
            options.input_format,
            options.encoding,
            game=options.openspiel_game,
            empty=lambda source: _no_game(source, empty),
        ):
            current[:] = [index, record.source]
            if record.damaged:
                damaged += 1
                for error in record.errors:
                    where = location(record.source, error.line, error.column)
                    path = f" at {error.path}" if error.path else ""
                    echo(f"{where}: game {index}{path}: {error.message}", err=True)
                yield record
                continue
            if options.input_format == "playok" or from_playok(record):
                record = settle_termination(
                    record
                )  # ruling N5: only where the rules had not ended it
            named = record.tag(PITS_TAG)
            if named is not None:
                echo(
                    f"{location(record.source, record.line, 0)}: game {index}: "
                    f'holes named by the "{named}" convention (Pits tag)',
                    err=True,
                )
            if target is not None:
                record = translate_record(record, target, options.from_pits).record
            if options.long is not None:
                record, issues = rewrite_moves(record, long=options.long)
                for issue in issues:
                    where = location(record.source, issue.line, issue.column)
                    echo(f"{where}: game {index}: {issue.message}", err=True)
            for loss in comment_losses(record, fmt):
                where = location(record.source, record.line, 0)
                echo(f"{where}: game {index}: changed for {fmt}: {loss}", err=True)
            yield record
        if folder is not None and len(unread_paths()) > unread:
            raise _NotRead  # (reported): no file in the folder for an input not read whole

    try:
        collected = list(records()) if collect else records()
        write_path(collected, output, fmt, width=options.width, folder=folder)
    except _NotRead:
        pass
    except SourceError as exc:  # the source cannot be read as text: the message names it
        raise SafeClickException(str(exc)) from exc
    except OSError as exc:  # reading the source, or writing the output
        raise click.FileError(exc.filename or output, exc.strerror) from exc
    except WriteError as exc:
        where = location(exc.record.source, exc.line, exc.column)
        echo(f"{where}: game {current[0]}: cannot write as {fmt}: {exc}", err=True)
        sys.exit(1)
    except PitsError as exc:
        echo(f"{current[1] or ', '.join(sources)}: game {current[0]}: {exc}", err=True)
        sys.exit(1)
    return damaged
