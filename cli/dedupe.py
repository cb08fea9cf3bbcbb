"""``pmn dedupe``: drop copies of a game (its players, result and moves; or its moves
alone), and say what was dropped."""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import ExitStack

import click

from notation.archive.dedupe import (
    BY,
    InputChangedError,
    Kept,
    check_unchanged,
    choose_from_keys,
    choose_most_complete,
    drop_duplicates,
    stamps,
    where_read,
)
from notation.archive.dedupe import games_worth_comparing as worth_comparing
from notation.archive.games import write_game
from notation.archive.index import ArchiveIndex, read_back_games
from notation.archive.tools import header_differences
from notation.core.record import Record
from notation.formats.collection import atomic_output
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    check_inputs,
    finish,
    indexed_input_options,
    iter_games,
    iter_records,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE
from .inputs import Inputs, WalkedInputs, output_file_option
from .paths import WritePath
from .terminal import SafeClickException, echo, plural


def report_duplicate(record: Record, ordinal: int, kept: Kept) -> None:
    """One line on stderr for a dropped game: what it repeats, and how its header differs."""
    differences = header_differences(kept.header, record)
    text = f"{where_read(record, ordinal)}: dropped, a duplicate of {kept.where}"
    if differences:
        text += "; headers differ: " + "; ".join(differences)
    echo(text, err=True)


def dropped_reporter(verbose: bool) -> Callable[[Record, int, Kept], None]:
    """What is said of each dropped game: a line (:func:`report_duplicate`) with
    ``--verbose``, else nothing (the summary line counts them)."""
    return report_duplicate if verbose else lambda record, ordinal, kept: None


#: ``--by``: what makes two games copies (:data:`notation.archive.dedupe.BY`).
by_option = click.option(
    "--by",
    "by",
    type=click.Choice(BY),
    default="game",
    show_default=True,
    help="What makes two games copies: game, the same players (names compared as the "
    "desk compares them: case, accents, spaces and 'Last, First' aside), the same result "
    "and the same moves from the same start; moves, the same moves from the same start "
    "alone (pgn-extract's -D).",
)
#: ``--verbose``: a line for each game dropped.
verbose_option = click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="A line on stderr for each game dropped: the copy kept and how their headers "
    "differ (by default, one summary line).",
)


@click.command("dedupe")
@indexed_input_options
@output_file_option("Output file; '-' is stdout.")
@click.option("--to", "to", type=FORMAT_CHOICE, help="Output format (default: by extension).")
@click.option(
    "--keep",
    type=click.Choice(["first", "most-complete"]),
    default="first",
    show_default=True,
    help="Which copy of a game to keep: the first, or the one with the most tags filled in "
    "(reads the files twice, so not from standard input; a file that changes between "
    "the readings is refused, exit 1).",
)
@by_option
@click.option(
    "--symmetric",
    is_flag=True,
    help="Also count as duplicates games equal under the board's symmetries (the Tricala "
    "triangle's rotations and reflections, colours kept).",
)
@click.option(
    "--duplicates",
    "duplicates",
    metavar="FILE",
    type=WritePath(dir_okay=False),
    help="Write the games dropped to FILE (its format by --to or its extension).",
)
@verbose_option
@shared
def dedupe(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    index_path: str | None,
    output: str,
    to: str | None,
    keep: str,
    by: str,
    symmetric: bool,
    duplicates: str | None,
    verbose: bool,
) -> None:
    """Drop copies of a game: the same players, result and moves.

    A copy is the same game: the same players, the same result and the same moves
    from the same start (--by moves: the same moves alone, pgn-extract's -D).

    Moves are compared by the positions they reach, so a game written with
    long move forms or numbered holes is a copy of the same game written the
    short way; players' names as the desk compares them ("Mensah, Ada" is
    "ada  mensah"). One summary line on stderr; with --verbose a line for each
    game dropped, with the game it repeats and the tags on which their headers
    differ. Files are read twice: first for the moves' words, so that a Wari,
    Trysse or Oware game whose moves no other game plays is kept without a
    replay. Examples:

    \b
      pmn dedupe archive.pmn -o clean.pmn --duplicates dropped.pmn
      pmn dedupe a.pmn b.jsonl --keep most-complete -o clean.pmn
      pmn dedupe games.pmn --by moves -o distinct-lines.pmn
      pmn dedupe tricala/ --symmetric -o distinct.pmn
      pmn dedupe --index archive.sqlite -o clean.pmn
    """
    check_inputs(files, index_path)
    if index_path is not None:
        _dedupe_indexed(index_path, output, to, keep, symmetric, by, duplicates, verbose)
        return
    walked = WalkedInputs.walk(files)  # each folder walked once, its files read up to 3 times
    twice = readable_twice(walked)
    if keep == "most-complete" and twice is None:
        raise click.UsageError(
            "--keep most-complete reads the input twice: give files, not '-' or a pipe"
        )
    noted = stamps(twice or [])  # (each file as first read: its later readings must agree)
    fmt = output_format(output, to)
    compared = None if symmetric else games_worth_comparing(walked, input_format, encoding, by)
    chosen = None
    if keep == "most-complete":
        chosen = choose_most_complete(
            iter_records(walked, input_format, encoding, Reading()),
            symmetric=symmetric,
            compared=compared,
            by=by,
        )
    counts = Reading()
    kept = 0
    try:
        with ExitStack() as stack:
            sink = RecordSink(stack.enter_context(atomic_output(output)), fmt)
            others = _dropped_sink(stack, duplicates, to)
            check_unchanged(noted)
            games = iter_games(walked, input_format, encoding, counts)
            for game in drop_duplicates(
                games,
                dropped_reporter(verbose),
                symmetric=symmetric,
                chosen=chosen,
                compared=compared,
                by=by,
                dropped=None if others is None else lambda game: write_game(others, game),
            ):
                write_game(sink, game)  # (a PMN game's text as it was read)
                kept += 1
            check_unchanged(noted)  # (before the output is put in place)
            sink.close()
            if others is not None:
                others.close()
    except InputChangedError as exc:
        raise SafeClickException(str(exc)) from None
    click.echo(
        f"kept {plural(kept, 'game')}, dropped {plural(counts.games - kept, 'duplicate')}",
        err=True,
    )
    finish(counts)


def _dropped_sink(stack: ExitStack, duplicates: str | None, to: str | None) -> RecordSink | None:
    """The sink of ``--duplicates FILE`` (None without it), written in place when the
    command ends well."""
    if duplicates is None:
        return None
    return RecordSink(stack.enter_context(atomic_output(duplicates)), output_format(duplicates, to))


def readable_twice(files: Inputs) -> list[str] | None:
    """The files to read (folders walked, unless :class:`WalkedInputs` walked them
    already), when every one is a regular file; None when one cannot be read twice:
    standard input, a pipe, a process's output (a second reading would find nothing, or
    wait for ever). Nothing is opened."""
    walked = files if isinstance(files, WalkedInputs) else WalkedInputs.walk(files)
    if "-" in walked.names:
        return None
    # (what cannot be read is said by the reading that follows)
    paths = walked.paths()
    return paths if all(os.path.isfile(path) for path in paths) else None


def games_worth_comparing(
    files: Inputs, input_format: str | None, encoding: str | None, by: str = "game"
) -> set[int] | None:
    """A first look at the games, for their moves' words (:func:`games_to_compare`): the
    numbers of the games that need a replay to be compared (dedupe's, merge --dedupe's),
    by :func:`notation.archive.dedupe.games_worth_comparing`. None (every game is
    replayed) when an input cannot be read twice (:func:`readable_twice`). Nothing is
    said or counted: the next reading does that."""
    paths = readable_twice(files)
    return None if paths is None else worth_comparing(paths, input_format, encoding, by=by)


def _dedupe_indexed(
    index_path: str,
    output: str,
    to: str | None,
    keep: str,
    symmetric: bool,
    by: str,
    duplicates: str | None,
    verbose: bool,
) -> None:
    """dedupe answered from an index's keys: the same games kept and the same reports."""
    fmt = output_format(output, to)
    database = ArchiveIndex(index_path)
    try:
        games = list(database.all_games())
        headers = [
            Record(tags=g.header, result=g.result, source=g.source, line=g.line) for g in games
        ]
        keys = [g.symmetric_key if symmetric else g.key for g in games]
        copies = choose_from_keys(keys, headers, most_complete=keep == "most-complete", by=by)
        wanted, unwanted = [], []
        report = dropped_reporter(verbose)
        for ordinal, (game, header, copy) in enumerate(zip(games, headers, copies, strict=True), 1):
            if copy.ordinal == ordinal:
                wanted.append(game)
            else:
                unwanted.append(game)
                report(header, ordinal, copy)
        with ExitStack() as stack:
            sink = RecordSink(stack.enter_context(atomic_output(output)), fmt)
            others = _dropped_sink(stack, duplicates, to)
            for _indexed, archived in read_back_games(wanted):
                write_game(sink, archived)  # (a PMN game's text as it was read)
            if others is not None:
                for _indexed, archived in read_back_games(unwanted):
                    write_game(others, archived)
                others.close()
            sink.close()
        click.echo(
            f"kept {plural(len(wanted), 'game')}, "
            f"dropped {plural(len(games) - len(wanted), 'duplicate')}",
            err=True,
        )
    finally:
        database.close()
