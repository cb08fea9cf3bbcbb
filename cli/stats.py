"""``pmn stats``: what a collection holds, counted by result, length, ruleset and termination."""

from __future__ import annotations

import statistics
import sys
from collections import Counter

import click

from cli.common import location
from cli.csvout import write_csv
from cli.inputs import input_options, input_paths, output_option
from cli.terminal import echo
from notation.formats.collection import read_declared, read_tags
from notation.render.sinks import json_text

LENGTH_BUCKETS = (0, 20, 40, 60, 80, 100, 150, 200, 300)


def length_bucket(plies: int) -> str:
    """``"40-59"`` style bucket of a game's length in moves."""
    lower = max(b for b in LENGTH_BUCKETS if b <= plies)
    following = [b for b in LENGTH_BUCKETS if b > plies]
    return f"{lower}-{following[0] - 1}" if following else f"{lower}+"


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
    tables: dict[str, Counter[str]] = {
        "game": Counter(),
        "ruleset": Counter(),
        "result": Counter(),
        "termination": Counter(),
        "length": Counter(),
    }
    lengths: list[int] = []
    counted = 0  # games counted by --tags-only
    damaged = 0
    unreadable_files = 0
    for path in input_paths(files):
        if tags_only:
            try:
                for tags in read_tags(path, input_format, encoding=encoding):
                    values = dict(tags)
                    game = values.get("Game") or "?"
                    tables["game"][game] += 1
                    tables["ruleset"][f"{game} {values.get('Rules') or '(default)'}"] += 1
                    tables["result"][values.get("Result") or "(none)"] += 1
                    tables["termination"][values.get("Termination") or "(none)"] += 1
                    counted += 1
            except OSError as exc:  # reported; the other files are still counted
                echo(f"{path}: cannot read: {exc.strerror or exc}", err=True)
                unreadable_files += 1
            continue
        try:
            for index, record in enumerate(
                read_declared(path, input_format, encoding=encoding), start=1
            ):
                if record.damaged:  # counted apart, and said where (exit 1, like every command)
                    damaged += 1
                    error = record.errors[0]
                    where = location(record.source, error.line, error.column)
                    echo(f"{where}: game {index}: cannot read: {error.message}", err=True)
                    continue
                game = record.tag("Game") or "?"
                tables["game"][game] += 1
                tables["ruleset"][f"{game} {record.tag('Rules') or '(default)'}"] += 1
                tables["result"][record.result] += 1
                tables["termination"][record.tag("Termination") or "(none)"] += 1
                plies = len(record.mainline.moves)
                lengths.append(plies)
                tables["length"][length_bucket(plies)] += 1
        except OSError as exc:  # reported; the other files are still counted
            echo(f"{path}: cannot read: {exc.strerror or exc}", err=True)
            unreadable_files += 1
    games = counted if tags_only else len(lengths)
    summary: dict[str, int | float] = {"games": games, "unreadable": damaged}
    if tags_only:
        del tables["length"]
    else:
        summary["moves_min"] = min(lengths, default=0)
        summary["moves_median"] = statistics.median(lengths) if lengths else 0
        summary["moves_max"] = max(lengths, default=0)

    def ordered(name: str) -> list[tuple[str, int]]:
        if name == "length":
            return sorted(tables[name].items(), key=lambda kv: int(kv[0].split("-")[0].rstrip("+")))
        return sorted(tables[name].items(), key=lambda kv: (-kv[1], kv[0]))

    if output_format == "json":
        body = {"summary": summary, **{name: dict(ordered(name)) for name in tables}}
        click.echo(json_text(body, indent=1))
        sys.exit(1 if unreadable_files or damaged else 0)
    if output_format == "csv":
        write_csv(
            [
                ["table", "value", "games"],
                *(["summary", key, value] for key, value in summary.items()),
                *([name, key, count] for name in tables for key, count in ordered(name)),
            ],
            sys.stdout,
        )
        sys.exit(1 if unreadable_files or damaged else 0)
    if tags_only:
        echo(f"{games} game(s), counted by their tags")
    else:
        echo(
            f"{games} game(s), {damaged} unreadable; moves per game: min {summary['moves_min']}, "
            f"median {summary['moves_median']}, max {summary['moves_max']}"
        )
    for name in tables:
        echo(f"\nby {name}:", lines=True)
        for key, count in ordered(name):
            echo(f"  {key:<32} {count:>7}")
    sys.exit(1 if unreadable_files or damaged else 0)
