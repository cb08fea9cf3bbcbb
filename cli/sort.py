"""``pmn sort``: games ordered by tags."""

from __future__ import annotations

import click

from cli.archive_io import (
    Reading,
    RecordSink,
    finish,
    input_options,
    iter_records,
    output_format,
    shared,
)
from cli.common import FORMAT_CHOICE
from notation.archive import sort_key
from notation.collection import atomic_output


@click.command("sort")
@input_options
@click.option(
    "--by",
    "by",
    required=True,
    metavar="TAG[,TAG...]",
    help="Tags to order by, most significant first.",
)
@click.option("-o", "--output", default="-", show_default=True, help="Output file; '-' is stdout.")
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
    games without a tag come last. Sorting holds every game in memory.
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
    records = list(iter_records(files, input_format, encoding, counts))
    # sorted() is stable with reverse=True too: equal games keep their order
    ordered = sorted(records, key=lambda r: sort_key(r, names), reverse=reverse)
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        for record in ordered:
            sink.write(record)
        sink.close()
    finish(counts)
