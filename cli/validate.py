"""``pmn validate``: replay every game through the rules and report."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import click
from click.core import ParameterSource

from notation.archive.parallel import default_jobs, validate_many
from notation.archive.report import unread_entry, validation_json
from notation.core.pits import CONVENTIONS
from notation.core.record import Record
from notation.core.replay import GameReport
from notation.desk.event import (
    CHECKS,
    Entry,
    Finding,
    LevelError,
    parse_levels,
    submission_findings,
)
from notation.desk.submissions import GameSource
from notation.formats.collection import atomic_output
from notation.render.sinks import json_text

from .common import (
    RegistryCommand,
    check_game_option,
    describe_problem,
    variant_option,
)
from .excerpt import SourceLines, kept
from .inputs import input_bytes, input_options, output_file_option
from .progress import Progress, clear, silence
from .report import WRITERS, counts, game_verdict, write_text
from .roster import players_option
from .terminal import echo, plural, terminal_text


@click.command(cls=RegistryCommand)
@input_options()
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
    help="text: a line per game on stdout, problems on stderr (with -o or --strict: every "
    "reason in the report); json: one report object (schemas/report.schema.json); csv: a row "
    "per game, per problem and per finding (needs -o or --strict, or goes to stdout).",
)
@variant_option
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="No progress on stderr, and no line for valid games: only problems and the summary.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    help="Processes to validate with (default: every core). Output is the same, in input order.",
)
@click.option(
    "--from-pits",
    "pits",
    type=click.Choice(sorted(CONVENTIONS)),
    help="{games:numbered}: the hole numbering of records that have no "
    "Pits tag "
    "(default: letters A-F, a-f).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Check an event's submissions (docs/desk.md): every seat named, Event, Date and Round, "
    "no tag twice, and across the set no game twice, no pairing twice in a round, no player "
    "in two games of a round, no name written two ways; unread files in folders listed.",
)
@click.option(
    "--level",
    "levels",
    multiple=True,
    metavar="CHECK=SEVERITY",
    help="Make an event check an error, a warning or off (repeatable), e.g. "
    "--level similar-names=error --level bad-round=off. Checks: " + ", ".join(CHECKS) + ".",
)
@players_option()
@output_file_option(
    "Write the whole report (every game, every reason, the summary) to this file in "
    "--format; '-' is standard output (given, even as '-': the whole report)."
)
def validate(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output_format: str,
    openspiel_game: str | None,
    quiet: bool,
    jobs: int | None,
    pits: str | None,
    strict: bool,
    levels: tuple[str, ...],
    roster: list[str] | None,
    output: str | None,
) -> None:
    """Replay every game in FILES through the rules and check its declared result.

    FILES are record files or folders (walked for {walked}
    regular files; links are followed only to files inside the folder, and
    what is skipped is reported); '-' reads standard input. A file that
    cannot be read is reported and the rest goes on. Every illegal move is reported as
    file:line:col with the game and move number, the reason and the legal
    moves. On a terminal, a count of games checked is shown on stderr.
    An input (a file or folder) with no game in it is an error (ruling N4).
    Exit code 0 when every game is valid, 1 otherwise.

    \b
    Examples:
      pmn validate games.pmn
      pmn validate --strict submissions/ -o report.txt
      pmn validate --strict submissions/ --format csv -o report.csv
      pmn validate --strict --level similar-names=error submissions/
    """
    check_game_option(openspiel_game, input_format, files)
    if click.get_current_context().get_parameter_source("output") is ParameterSource.DEFAULT:
        output = None  # no -o: a line per game, problems on stderr
    strict = strict or roster is not None  # a roster is an event check
    if strict or output is not None or output_format == "csv" or levels:
        code = validate_event(
            files,
            EventOptions(
                output_format,
                input_format,
                quiet,
                jobs,
                pits,
                strict,
                levels,
                output,
                encoding,
                openspiel_game,
                roster,
            ),
        )
        sys.exit(code)
    reports: list[dict[str, object]] = []
    games = valid = 0
    if quiet:
        silence()
    unread: list[dict[str, object]] = []  # files not read: skipped by the walk, or unreadable

    def not_read(path: str, reason: str, error: bool) -> None:
        unread.append(unread_entry(path, reason, error=error))
        if output_format == "text":
            echo(f"{path}: {'cannot read' if error else 'skipped'}: {reason}", err=True)

    source = GameSource(
        files, input_format, openspiel_game, encoding, pits, records=False, not_read=not_read
    )
    counted = source.counted

    lines = SourceLines(encoding)  # the records' lines shown under their problems
    games_read = kept(iter(source), lines) if output_format == "text" else iter(source)
    with Progress(lambda: input_bytes(files), noun="games checked") as progress:
        progress.note = lambda: f", {games - valid} invalid"
        for report in validate_many(games_read, jobs or default_jobs()):
            games += 1
            valid += report.valid
            progress.add()
            if output_format == "json":
                reports.append(report.to_json())
                continue
            if quiet and report.valid:
                continue
            clear()
            _print_game(report, lines)
    lines.close()
    invalid = games - valid
    unreadable = sum(1 for entry in unread if entry["error"])
    empty = [argument for argument in files if not counted.get(argument)]
    for argument in empty:
        echo(
            f"{argument}: no game in it: an input must hold at least one game (ruling N4)",
            err=True,
        )
    if output_format == "json":
        body = validation_json(reports, unread)  # the object notation.archive.distributed gives too
        sys.stdout.write(json_text(body, indent=1) + "\n")
    else:
        unreadable_note = f", {plural(unreadable, 'file')} unreadable" if unreadable else ""
        click.echo(f"{plural(games, 'game')}: {valid} valid, {invalid} invalid{unreadable_note}")
    sys.exit(0 if invalid == 0 and not unreadable and not empty else 1)


def _print_game(report: GameReport, lines: SourceLines) -> None:
    """A game's line on stdout, and its problems, each with the lines it is in, on stderr."""
    # buffered (a line per game; click.echo flushes each one), flushed before the
    # game's problems go to stderr so that the two streams stay in order
    sys.stdout.write(terminal_text(game_verdict(report)) + "\n")
    if report.problems:
        sys.stdout.flush()
    for problem in report.problems:
        echo(describe_problem(report.source, report.index, problem), err=True)
        for part in lines.excerpt_lines(report.source, problem):
            click.echo(part, err=True)  # made safe for a terminal by the excerpt
    lines.release(report.source, report.index)


@dataclass(frozen=True, slots=True)
class EventOptions:
    """The options of ``pmn validate`` that the full report and the event checks use."""

    output_format: str
    input_format: str | None
    quiet: bool
    jobs: int | None
    pits: str | None
    strict: bool
    levels: tuple[str, ...]
    output: str | None
    encoding: str | None = None
    #: the game of OpenSpiel action logs (--variant), as the line-per-game path reads them
    openspiel_game: str | None = None
    #: the registered players (--players), checked under --strict
    roster: list[str] | None = None


def validate_event(files: tuple[str, ...], options: EventOptions) -> int:
    """Validate FILES, run the event checks when ``strict``, and write the whole report.

    Returns the exit code: 1 when a game is invalid or a check set to ``error``
    found something, 0 otherwise.
    """
    try:
        levels = parse_levels(options.levels)
    except LevelError as exc:
        raise click.BadParameter(str(exc), param_hint="--level") from exc
    entries: list[Entry] = []
    if options.quiet:
        silence()

    unreadable: list[str] = []

    def not_read(path: str, reason: str, error: bool) -> None:
        if error:  # (a file a folder walk skips is an unread-file finding under --strict)
            echo(f"{path}: cannot read: {reason}", err=True)
            unreadable.append(path)

    source = GameSource(
        files,
        options.input_format,
        options.openspiel_game,
        options.encoding,
        options.pits,
        records=options.strict,
        not_read=not_read,
        list_unread=options.strict,  # the unread-file findings, from the one walk
    )

    def every_game() -> Iterator[tuple[Any, int]]:
        for game, index in source:
            if options.strict and isinstance(game, Record):  # (records, under --strict)
                entries.append(Entry.of(game, index))
            yield game, index

    reports: list[GameReport] = []
    invalid = 0
    with Progress(lambda: input_bytes(files), noun="games checked") as progress:
        progress.note = lambda: f", {invalid} invalid"
        for report in validate_many(every_game(), options.jobs or default_jobs()):
            reports.append(report)
            invalid += not report.valid
            progress.add()
    findings = submission_findings(
        files,
        source.counted,
        entries,
        strict=options.strict,
        roster=options.roster,
        not_read=source.left_unread,
    )
    if not options.strict:  # only the N4 empty-input check applies
        levels = {name: (level if name == "no-games" else "off") for name, level in levels.items()}
    _write_report(options, reports, findings, levels)
    failed = any(not r.valid for r in reports) or any(levels[f.check] == "error" for f in findings)
    return 1 if failed or unreadable else 0


def _write_report(
    options: EventOptions,
    reports: list[GameReport],
    findings: list[Finding],
    levels: dict[str, str],
) -> None:
    """The whole report in --format to -o (or stdout), and, for a file, its summary on stderr."""
    try:
        with atomic_output(options.output or "-") as out:
            if options.output_format == "text":
                lines = SourceLines(options.encoding)
                write_text(out, reports, findings, levels, quiet=options.quiet, lines=lines)
                lines.close()
            else:
                WRITERS[options.output_format](out, reports, findings, levels)
    except OSError as exc:
        raise click.FileError(options.output or "-", exc.strerror) from exc
    if options.output not in (None, "-"):
        summary = counts(reports, [f for f in findings if levels[f.check] != "off"], levels)
        click.echo(
            f"{plural(summary['games'], 'game')}: {summary['valid']} valid, "
            f"{summary['invalid']} invalid; {plural(summary['errors'], 'error')}, "
            f"{plural(summary['warnings'], 'warning')}; "
            f"report in {options.output}",
            err=True,
        )
