"""``pmn repair``: set right what the rules prove wrong, and report every change."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from notation.archive.repair import Repair, repair_record, write_report
from notation.core.record import Record
from notation.formats.collection import atomic_output
from notation.formats.registry import RecordSink

from .archive_io import output_format, shared
from .common import (
    FORMAT_CHOICE,
    RegistryCommand,
    check_game_option,
    describe_problem,
    variant_option,
)
from .csvout import for_terminal
from .inputs import input_options, no_game_message, output_file_option, read_inputs
from .paths import WritePath
from .terminal import echo


@click.command("repair", cls=RegistryCommand)
@input_options()
@output_file_option(
    "Write the records, repaired or as they were, to this file (its extension or --to "
    "gives the format).",
    required=True,
)
@click.option(
    "--to", "to", type=FORMAT_CHOICE, help="Output format ({formats}; default: by extension)."
)
@click.option(
    "--format",
    "report_format",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
    help="The report: text (a block per game), json (one object) or csv (a row per change "
    "and per problem left).",
)
@click.option(
    "--report",
    "report_path",
    type=WritePath(dir_okay=False, allow_dash=True),
    help="Write the report to this file instead of standard output.",
)
@variant_option
@shared
def repair(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output: str,
    to: str | None,
    report_format: str,
    report_path: str | None,
    openspiel_game: str | None,
) -> None:
    """Set right what the rules prove wrong in the games of FILES, and report every change.

    Each game is replayed through its rules. Moves written after the rules ended the
    game are cut (ruling N2); a missing, '*' or contradicted result becomes the rules'
    result where the rules ended the game (ruling N1); a move whose claims the replay
    contradicts (Wari's '+n', Togyz Kumalak's landing hole, '(n)' and 'X') is written as
    the move played; a wrong Score tag is corrected. A move is never guessed: a game with
    a move the rules refuse is written unchanged and reported. Every game is written,
    in input order, to -o; the report (on standard output, or --report FILE) names each
    change with its place in the input.
    Exit code 0 when every game written is valid, 1 otherwise.

    \b
    Examples:
      pmn repair engine-logs.pmn -o fixed.pmn
      pmn repair --variant togyz playok.txt -o fixed.pmn --format json --report changes.json
      pmn repair games.pmn -o fixed.pmn --format csv > changes.csv
    """
    check_game_option(openspiel_game, input_format, files)
    fmt = output_format(output, to)
    repairs: list[Repair] = []
    empty: list[str] = []
    damaged = 0
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        for record in _records(files, input_format, encoding, openspiel_game, empty):
            damaged += record.damaged and any(e.code != "missing-result" for e in record.errors)
            result = repair_record(record, _number(repairs, record))
            sink.write(result.record)
            repairs.append(result)
            for problem in result.problems:  # what is still wrong, said where, as validate says it
                echo(describe_problem(result.source, result.index, problem), err=True)
        sink.close()
    with atomic_output(report_path or "-") as report:
        write_report(
            repairs, for_terminal(report) if report_format == "csv" else report, report_format
        )
    for argument in empty:  # an input with no game in it is an error (ruling N4)
        echo(no_game_message(argument), err=True)
    sys.exit(1 if empty or damaged or any(not r.valid for r in repairs) else 0)


def _records(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    game: str | None,
    empty: list[str],
) -> Iterator[Record]:
    """The records of the inputs; an input with no game is added to ``empty``."""
    for _, record in read_inputs(files, input_format, encoding, game=game, empty=empty.append):
        yield record


def _number(repairs: list[Repair], record: Record) -> int:
    """The record's number in its source (1-based)."""
    count = 1
    for earlier in reversed(repairs):
        if earlier.source != record.source:
            break
        count += 1
    return count
