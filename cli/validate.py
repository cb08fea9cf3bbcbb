"""``pmn validate``: replay every game through the rules and report."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from typing import Any

import click

from cli.common import FORMAT_CHOICE, describe_problem, location
from cli.terminal import echo
from notation.collection import expand_paths, read_games, read_path
from notation.parallel import default_jobs, validate_many
from notation.pits import CONVENTIONS, DEFAULT, translate_record
from notation.replay import GameReport


def summary_line(report: GameReport) -> str:
    """One line per game for standard output."""
    players = " v ".join(report.players) if report.players else "?"
    head = f"{location(report.source, report.line, 0)}: game {report.index}"
    what = f"{report.game or '?'} ({report.rules or '?'}), {players}"
    if report.valid:
        outcome = f", {report.outcome.reason}" if report.outcome is not None else ""
        return f"{head}: valid: {what}: {report.plies} moves, {report.declared}{outcome}"
    return f"{head}: INVALID: {what}: {len(report.problems)} problem(s)"


class Progress:
    """A one-line count of games checked on stderr, redrawn at most ten times a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.last = 0.0
        self.shown = False

    def update(self, games: int, invalid: int) -> None:
        """Redraw the count, unless it was drawn less than a tenth of a second ago."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1:
            return
        self.last = now
        click.echo(f"\r{games} games checked, {invalid} invalid", nl=False, err=True)
        self.shown = True

    def clear(self) -> None:
        """Erase the count line before other output."""
        if self.shown:
            click.echo("\r\033[K", nl=False, err=True)
            self.shown = False


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True, exists=True))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a line per game on stdout, problems on stderr; json: one report object on stdout "
    "(schemas/report.schema.json).",
)
@click.option(
    "--from", "input_format", type=FORMAT_CHOICE, help="Input format (default: by extension)."
)
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
    "--pits",
    type=click.Choice(sorted(CONVENTIONS)),
    help="Trysse/Wari/Oware: the hole numbering of records that have no Pits tag "
    "(default: letters A-F, a-f).",
)
def validate(
    files: tuple[str, ...],
    output_format: str,
    input_format: str | None,
    quiet: bool,
    jobs: int | None,
    pits: str | None,
) -> None:
    """Replay every game in FILES through the rules and check its declared result.

    FILES are record files or folders (walked for .pmn, .json, .jsonl and .ogn);
    '-' reads standard input. Every illegal move is reported as
    file:line:col with the game and move number, the reason and the legal
    moves. On a terminal, a count of games checked is shown on stderr.
    Exit code 0 when every game is valid, 1 otherwise.
    """
    reports: list[dict[str, object]] = []
    games = valid = 0
    progress = Progress(enabled=not quiet and sys.stderr.isatty())

    def every_game() -> Iterator[tuple[Any, int]]:
        for path in expand_paths(files):
            try:
                if pits is None:
                    for index, game in enumerate(read_games(path, input_format), start=1):
                        yield game, index
                    continue
                for index, record in enumerate(read_path(path, input_format), start=1):
                    yield translate_record(record, DEFAULT, pits).record, index
            except OSError as exc:
                raise click.FileError(path, exc.strerror) from exc

    for report in validate_many(every_game(), jobs or default_jobs()):
        games += 1
        valid += report.valid
        progress.update(games, games - valid)
        if output_format == "json":
            reports.append(report.to_json())
            continue
        if quiet and report.valid:
            continue
        progress.clear()
        echo(summary_line(report))
        for problem in report.problems:
            echo(describe_problem(report.source, report.index, problem), err=True)
    progress.clear()
    invalid = games - valid
    if output_format == "json":
        json.dump(
            {"games": reports, "summary": {"games": games, "valid": valid, "invalid": invalid}},
            sys.stdout,
            ensure_ascii=False,
            indent=1,
        )
        sys.stdout.write("\n")
    else:
        click.echo(f"{games} game(s): {valid} valid, {invalid} invalid")
    sys.exit(0 if invalid == 0 else 1)
