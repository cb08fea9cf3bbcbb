"""``pmn stats``: what a collection holds, counted by result, length, ruleset and termination."""

from __future__ import annotations

import sys

import click

from notation.archive.stats import CollectionStats
from notation.files.sources import UnreadPath
from notation.formats.collection import read_declared, read_tags
from notation.render.sinks import json_text

from .common import location
from .csvout import write_csv
from .inputs import GameCounts, input_options, output_option, report_empty, with_unread
from .terminal import echo, plural


@click.command()
@input_options()
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "csv", "json"]),
    default="text",
    show_default=True,
)
@click.option(
    "--tags-only",
    is_flag=True,
    help="Count by the tag pairs alone (Game, Rules, Result and Termination tags), not "
    "reading the moves: a header scan, several times faster on a big collection. No "
    "length table, the result is the Result tag's, and a damaged movetext goes unseen.",
)
@output_option
def stats(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output_format: str,
    tags_only: bool,
) -> None:
    """Count the games in FILES by result, length, ruleset and termination.

    Counts are of the records as declared (no replay: use `pmn validate` to
    check them). Length is the number of moves in the main line. Unreadable
    records are counted apart and reported on stderr (exit code 1).
    """
    counts = CollectionStats(lengths=not tags_only)
    unreadable_files = 0
    found = GameCounts()  # an input with no game in it is an error (ruling N4)
    for path in found.paths(files):
        try:
            if tags_only:
                for tags in read_tags(path, input_format, encoding=encoding):
                    found.add()
                    counts.add_tags(tags)
                continue
            games = read_declared(path, input_format, encoding=encoding)
            for index, record in enumerate(games, start=1):
                found.add()
                if record.damaged:  # counted apart, and said where (exit 1, like every command)
                    counts.add_damaged()
                    error = record.errors[0]
                    where = location(record.source, error.line, error.column)
                    echo(f"{where}: game {index}: cannot read: {error.message}", err=True)
                    continue
                counts.add_record(record)
        except OSError as exc:  # reported as every command reports it; the others counted
            found.unreadable(UnreadPath.of(path, exc))
            unreadable_files += 1
    summary = counts.summary()
    failed = report_empty(found) or bool(unreadable_files or counts.damaged)
    if output_format == "json":
        tables = {name: dict(counts.ordered(name)) for name in counts.tables}
        click.echo(json_text(with_unread({"summary": summary, **tables}), indent=1))
        sys.exit(1 if failed else 0)
    if output_format == "csv":
        write_csv(
            [
                ["table", "value", "games"],
                *(["summary", key, value] for key, value in summary.items()),
                *([name, key, n] for name in counts.tables for key, n in counts.ordered(name)),
            ],
            sys.stdout,
        )
        sys.exit(1 if failed else 0)
    if tags_only:
        echo(f"{plural(counts.games, 'game')}, counted by their tags")
    else:
        echo(
            f"{plural(counts.games, 'game')}, {counts.damaged} unreadable; moves per game: min "
            f"{summary['moves_min']}, median {summary['moves_median']}, max {summary['moves_max']}"
        )
    for name in counts.tables:
        echo(f"\nby {name}:", lines=True)
        for key, count in counts.ordered(name):
            echo(f"  {key:<32} {count:>7}")
    sys.exit(1 if failed else 0)
