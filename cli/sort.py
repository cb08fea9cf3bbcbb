"""``pmn sort``: games ordered by tags."""

from __future__ import annotations

from typing import Any

import click

from notation.archive.tools import sort_key
from notation.core.record import Record
from notation.formats.collection import atomic_output
from notation.formats.pmn import read_text, write_record
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    finish,
    input_options,
    iter_records,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE
from .inputs import output_file_option


@click.command("sort")
@input_options
@click.option(
    "--by",
    "by",
    required=True,
    metavar="TAG[,TAG...]",
    help="Tags to order by, most significant first.",
)
@output_file_option("Output file; '-' is stdout.")
@click.option("--to", "to", type=FORMAT_CHOICE, help="Output format (default: by extension).")
@click.option(
    "--reverse",
    is_flag=True,
    help="Largest first (still stable; games without the tag then come first).",
)
@shared
def sort(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    by: str,
    output: str,
    to: str | None,
    reverse: bool,
) -> None:
    """Sort the games of FILES by tag values; games with equal values keep their order.

    Numbers inside values compare by value ("Round 2" before "Round 10");
    games without a tag come last. Sorting holds every game in memory, as
    its PMN text (about the size of the input) rather than as a record.
    Examples:

    \b
      pmn sort games.pmn --by Date,Round -o sorted.pmn
      pmn sort a.pmn b.pmn --by South --reverse
    """
    names = [name.strip() for name in by.split(",") if name.strip()]
    if not names:
        raise click.UsageError("--by needs at least one tag name")
    fmt = output_format(output, to)
    counts = Reading()
    # A record in memory takes some twenty times its text: keep the text of each
    # game (PMN loses nothing) and read it again when writing. Damaged games,
    # whose errors belong to where they were read, are kept as they are.
    games: list[tuple[tuple[Any, ...], str | Record]] = [
        (sort_key(record, names), record if record.damaged else write_record(record))
        for record in iter_records(files, input_format, encoding, counts)
    ]
    # sorted() is stable with reverse=True too: equal games keep their order
    games.sort(key=lambda game: game[0], reverse=reverse)
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        for _, game in games:
            sink.write(game if isinstance(game, Record) else read_text(game)[0])
        sink.close()
    finish(counts)
