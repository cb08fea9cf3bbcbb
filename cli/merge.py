"""``pmn merge``: many files of any formats into one."""

from __future__ import annotations

import click

from notation.archive.dedupe import drop_duplicates
from notation.archive.games import write_game
from notation.formats.collection import atomic_output
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    finish,
    input_options,
    iter_games,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE, RegistryCommand
from .dedupe import by_option, dropped_reporter, games_worth_comparing, verbose_option
from .inputs import WalkedInputs, output_file_option
from .terminal import plural


@click.command("merge", cls=RegistryCommand)
@input_options
@output_file_option("Output file; '-' is stdout.")
@click.option("--to", "to", type=FORMAT_CHOICE, help="Output format (default: by extension).")
@click.option(
    "--dedupe",
    "dedupe",
    is_flag=True,
    help="Drop copies of a game as pmn dedupe does (the first is kept).",
)
@by_option
@click.option(
    "--symmetric", is_flag=True, help="With --dedupe: games equal under board symmetries too."
)
@verbose_option
@shared
def merge(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output: str,
    to: str | None,
    dedupe: bool,
    by: str,
    symmetric: bool,
    verbose: bool,
) -> None:
    """Merge the games of FILES, in order, into one file.

    Inputs may be of any format ({formats}; compressed too);
    the output's format is --to or its extension. Streams. Examples:

    \b
      pmn merge parts/*.pmn -o all.pmn
      pmn merge club.pmn online.jsonl.gz --dedupe -o everything.pmn
    """
    if symmetric and not dedupe:
        raise click.UsageError("--symmetric goes with --dedupe")
    if by != "game" and not dedupe:
        raise click.UsageError("--by goes with --dedupe")
    fmt = output_format(output, to)
    counts = Reading()
    if dedupe:  # the files are read twice (a first look at the moves); walked once
        walked = WalkedInputs.walk(files)
        compared = None if symmetric else games_worth_comparing(walked, input_format, encoding, by)
        games = drop_duplicates(
            iter_games(walked, input_format, encoding, counts),
            dropped_reporter(verbose),
            symmetric=symmetric,
            compared=compared,
            by=by,
        )
    else:
        games = iter_games(files, input_format, encoding, counts)
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        for game in games:
            write_game(sink, game)  # (a PMN game's text as it was read)
        sink.close()
    dropped = f", dropped {plural(counts.games - sink.count, 'duplicate')}" if dedupe else ""
    click.echo(f"wrote {plural(sink.count, 'game')} to {output}{dropped}", err=True)
    finish(counts)
