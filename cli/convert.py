"""``pmn convert``: PMN text, JSON and JSON Lines, each to each, losing nothing."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import click

from cli.common import FORMAT_CHOICE, location
from notation.collection import detect_format, read_path, write_path
from notation.pmn import DEFAULT_WIDTH
from notation.record import Record


@click.command()
@click.argument("source", type=click.Path(allow_dash=True, exists=True, dir_okay=False))
@click.option("-o", "--output", default="-", show_default=True, help="Output file; '-' is stdout.")
@click.option(
    "--from", "input_format", type=FORMAT_CHOICE, help="Input format (default: by extension)."
)
@click.option(
    "--to",
    "output_format",
    type=FORMAT_CHOICE,
    help="Output format (default: by extension, else pmn).",
)
@click.option(
    "--width", default=DEFAULT_WIDTH, show_default=True, help="Line width of PMN movetext."
)
@click.option("--in-place", is_flag=True, help="Allow OUTPUT to be the SOURCE file itself.")
def convert(
    source: str,
    output: str,
    input_format: str | None,
    output_format: str | None,
    width: int,
    in_place: bool,
) -> None:
    """Convert the records in SOURCE to another format, losing nothing.

    Converting a file to another format and back gives the same records:
    tags in their order, moves as written, comments, annotations and
    variations. A record that cannot be read is carried through as its raw
    text with its errors, reported on stderr, and the exit code is 1.
    """
    same_file = (
        output != "-"
        and source != "-"
        and os.path.exists(output)
        and os.path.samefile(source, output)
    )
    if same_file and not in_place:
        raise click.UsageError(f"{output} is the input file; pass --in-place to overwrite it")
    fmt = output_format or (detect_format(output) if output != "-" else "pmn")
    damaged = 0

    def records() -> Iterator[Record]:
        nonlocal damaged
        for index, record in enumerate(read_path(source, input_format), start=1):
            if record.damaged:
                damaged += 1
                for error in record.errors:
                    where = location(record.source, error.line, error.column)
                    path = f" at {error.path}" if error.path else ""
                    click.echo(f"{where}: game {index}{path}: {error.message}", err=True)
            yield record

    # Reading the whole source first keeps an in-place conversion from reading what it writes.
    collected = list(records()) if in_place else records()
    try:
        write_path(collected, output, fmt, width=width)
    except OSError as exc:
        raise click.FileError(output, exc.strerror) from exc
    if damaged:
        click.echo(f"{damaged} record(s) could not be read; carried through as raw text", err=True)
    sys.exit(1 if damaged else 0)
