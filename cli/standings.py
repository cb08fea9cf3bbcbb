"""``pmn standings``: points, tie-breaks, ranks and a crosstable from an event's games."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import click

from notation.archive import events
from notation.archive.index import ArchiveIndexError
from notation.core.record import Record
from notation.core.replay import GameReport
from notation.desk.event import (
    CHECKS,
    Entry,
    Finding,
    check_names,
    check_roster,
    name_aliases,
)
from notation.desk.standings import (
    SYSTEMS,
    TIE_BREAKS,
    Excluded,
    Standings,
    StandingsError,
    collect,
    compute_standings,
    parse_scheme,
    parse_tie_breaks,
    standings_csv,
    standings_html,
    standings_json,
    standings_text,
)
from notation.formats.collection import atomic_output
from notation.render.sinks import json_text

from . import inputs
from .archive_io import check_inputs
from .csvout import for_terminal
from .inputs import input_bytes, output_file_option, report_skipped, report_unread, with_unread
from .paths import ReadPath
from .progress import Progress
from .report import describe_finding
from .roster import players_option
from .terminal import SafeClickException, SafeUsageError, echo


def read_event(
    files: tuple[str, ...],
    input_format: str | None,
    jobs: int | None,
    index_path: str | None = None,
    encoding: str | None = None,
) -> list[tuple[Record, GameReport]]:
    """Every game of FILES, or of an archive index, with its validation report
    (:func:`notation.archive.events.read_event`): what cannot be read said on stderr as it
    comes, an index that cannot be used or no game at all a message (exit 1)."""
    try:
        with Progress(lambda: input_bytes(files)) as progress:
            return events.read_event(
                files,
                input_format,
                jobs,
                index_path,
                encoding,
                unread=report_unread,
                skipped=report_skipped,
                on_game=progress.add,
            )
    except (ArchiveIndexError, events.NoGamesError) as exc:
        raise SafeClickException(str(exc)) from exc


def choose_event(
    games: list[tuple[Record, GameReport]], event: str | None
) -> tuple[str, list[tuple[Record, GameReport]]]:
    """The name and games of one event: the one named, or the only one there is (else a usage
    error, its names shown escaped)."""
    events = sorted({(record.tag("Event") or "").strip() for record, _ in games})
    if event is not None:
        games = [(r, rep) for r, rep in games if (r.tag("Event") or "").strip() == event]
        if not games:
            raise SafeUsageError(f'no game of event "{event}" (events: {", ".join(events)})')
    elif len(events) > 1:
        raise SafeUsageError(
            "the games belong to several events; choose one with --event: "
            + ", ".join(f'"{name}"' for name in events)
        )
    return (event if event is not None else events[0]), games


def report_invalid(excluded: Sequence[Excluded]) -> int:
    """Each invalid game left out, on stderr (exit code 1, like every command's invalid
    record); returns the exit code."""
    invalid = [item for item in excluded if item.invalid]
    for item in invalid:
        where = f"{item.source}:{item.line}" if item.line else item.source
        echo(f"{where}: game {item.game}: not counted: {item.reason}", err=True)
    return 1 if invalid else 0


def entries_of(games: list[tuple[Record, GameReport]]) -> list[tuple[Entry, GameReport]]:
    """Games as the standings count them."""
    return [(Entry.of(record, report.index), report) for record, report in games]


def event_standings(
    read: Callable[[], list[tuple[Record, GameReport]]],
    event: str | None,
    scheme: str,
    tie_breaks: str | None,
    system: str,
    roster: Sequence[str] | None = None,
) -> tuple[list[tuple[Record, GameReport]], Standings, list[Excluded], list[Finding]]:
    """One event's games, standings, games left out, and what the name checks found
    (``pmn standings`` and ``pmn publish``).

    The point scheme and tie-breaks are checked before ``read`` reads the games
    (a usage error); the event is the one named, or the only one there is. The
    findings are those of ``pmn validate --strict`` about names: ``similar-names``
    (:func:`notation.desk.event.check_names`) and, with a roster, ``unknown-player``.
    """
    try:
        point_scheme = parse_scheme(scheme)
        order = parse_tie_breaks(tie_breaks) if tie_breaks is not None else None
    except StandingsError as exc:
        raise click.BadParameter(str(exc)) from exc
    name, games = choose_event(read(), event)
    entries = entries_of(games)
    played, excluded = collect(entries)
    table = compute_standings(
        played,
        excluded,
        scheme=point_scheme,
        tie_breaks=order,
        system=system,
        event=name,
        aliases=name_aliases([entry for entry, _ in entries]),
    )
    found = check_names([entry for entry, _ in entries])
    if roster is not None:
        found += check_roster([entry for entry, _ in entries], roster)
    return games, table, excluded, found


def report_names(findings: Sequence[Finding]) -> int:
    """What the name checks found, on stderr as ``pmn validate --strict`` words it (a
    name not on the roster an error, a similar name a warning); the exit code (1 for
    an error)."""
    for finding in findings:
        severity = CHECKS[finding.check].severity
        echo(describe_finding(finding, severity), err=True)
    return 1 if any(CHECKS[f.check].severity == "error" for f in findings) else 0


@click.command()
@inputs.input_options(required=False)
@click.option(
    "--index",
    "index_path",
    type=ReadPath(exists=True, dir_okay=False),
    help="Read the games from an archive index (pmn index) instead of FILES.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "csv", "json", "html"]),
    default="text",
    show_default=True,
    help="text: a table; csv; json (schemas/standings.schema.json); html: a page.",
)
@click.option(
    "--points",
    "scheme",
    default="result",
    show_default=True,
    metavar="W-D-L",
    help="Points for a win, a draw (a shared result) and a loss, e.g. 3-1-0; 'result': "
    "what each result gives the seat (1, 1/2, 0).",
)
@click.option(
    "--tie-break",
    "tie_breaks",
    metavar="LIST",
    help="Tie-breaks in order, comma-separated, from: " + ", ".join(TIE_BREAKS) + ". "
    "Default: head-to-head,sonneborn-berger,wins,stones for a round robin; "
    "buchholz,median-buchholz,head-to-head,wins,stones for a Swiss event.",
)
@click.option(
    "--system",
    type=click.Choice(SYSTEMS),
    default="auto",
    show_default=True,
    help="The kind of event (auto: a round robin when every two players met equally often).",
)
@click.option(
    "--crosstable",
    "view",
    type=click.Choice(["auto", "rounds", "players"]),
    default="auto",
    show_default=True,
    help="rounds: a column per round; players: a column per opponent (auto: players for a "
    "round robin).",
)
@click.option("--event", help="Count only the games whose Event tag is this.")
@players_option()
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Processes to validate with.")
@output_file_option("Write to this file ('-': standard output).")
def standings(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    index_path: str | None,
    output_format: str,
    scheme: str,
    tie_breaks: str | None,
    system: str,
    view: str,
    event: str | None,
    roster: list[str] | None,
    jobs: int | None,
    output: str,
) -> None:
    """Standings and a crosstable from the games of an event in FILES (files or folders).

    Every game is validated first: unfinished (*) and invalid games are
    listed under "Not counted", with the reason, and not counted. Byes and
    forfeits follow the convention of docs/desk.md. Exit code 0, or 1 when a
    game is invalid.

    \b
    Examples:
      pmn standings examples/events/round-robin
      pmn standings --points 3-1-0 examples/events/swiss
      pmn standings --format html -o standings.html examples/events/swiss
      pmn standings --tie-break wins,buchholz --format csv examples/events/swiss
      pmn standings --index archive.sqlite --event "Club night"
    """
    check_inputs(files, index_path)
    _, table, excluded, found = event_standings(
        lambda: read_event(files, input_format, jobs, index_path, encoding),
        event,
        scheme,
        tie_breaks,
        system,
        roster,
    )
    crosstable = None if view == "auto" else view
    try:
        with atomic_output(output) as out:
            if output_format == "json":
                out.write(json_text(with_unread(standings_json(table)), indent=1) + "\n")
            elif output_format == "csv":
                for_terminal(out).write(standings_csv(table, crosstable))
            elif output_format == "html":
                out.write(standings_html(table, crosstable))
            else:
                out.write(standings_text(table, crosstable))
    except OSError as exc:
        raise click.FileError(output, exc.strerror) from exc
    names = report_names(found)
    raise SystemExit(max(report_invalid(excluded), names))
