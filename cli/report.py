"""The full validation report of ``pmn validate -o FILE`` / ``--strict``: text, JSON or CSV.

Every reason is in the report, whatever the format: each game's verdict, each
problem of each game, and each finding of the event checks with its severity.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import IO

from notation.archive.stats import game_title
from notation.core.replay import GameReport
from notation.desk.event import Finding
from notation.render.sinks import json_text
from notation.render.sinks import write_csv as write_csv_rows

from .common import describe_problem, location
from .csvout import for_terminal
from .excerpt import SourceLines
from .terminal import plural, terminal_text

#: The columns of the CSV report, one row per game, per problem and per finding.
CSV_COLUMNS = (
    "kind",
    "source",
    "game",
    "line",
    "column",
    "move",
    "severity",
    "code",
    "message",
)


def game_verdict(report: GameReport) -> str:
    """One line on a game: where, valid or INVALID, the game, players, moves and result."""
    players = " v ".join(report.players) if report.players else "?"
    head = f"{location(report.source, report.line, 0)}: game {report.index}"
    title = game_title(report.game, report.rules) if report.game else "?"  # Oware, as stats
    what = f"{title} ({report.rules or '?'}), {players}"
    if report.valid:
        outcome = f", {report.outcome.reason}" if report.outcome is not None else ""
        return f"{head}: valid: {what}: {plural(report.plies, 'move')}, {report.declared}{outcome}"
    return f"{head}: INVALID: {what}: {plural(len(report.problems), 'problem')}"


def describe_finding(finding: Finding, severity: str) -> str:
    """One line: ``file:line: game N: error [check]: message``."""
    head = location(finding.source, finding.line, 0) if finding.source else "(the set)"
    if finding.game:
        head += f": game {finding.game}"
    return f"{head}: {severity} [{finding.check}]: {finding.message}"


def counts(
    reports: Sequence[GameReport], findings: Sequence[Finding], levels: Mapping[str, str]
) -> dict[str, int]:
    """The summary: games, valid, invalid, and event-check errors and warnings."""
    valid = sum(report.valid for report in reports)
    severities = [levels[finding.check] for finding in findings]
    return {
        "games": len(reports),
        "valid": valid,
        "invalid": len(reports) - valid,
        "errors": severities.count("error"),
        "warnings": severities.count("warning"),
    }


def write_text(
    out: IO[str],
    reports: Sequence[GameReport],
    findings: Sequence[Finding],
    levels: Mapping[str, str],
    *,
    quiet: bool = False,
    lines: SourceLines | None = None,
) -> None:
    """Each game's verdict with its problems below it, then the event findings, then a summary.

    With ``lines``, each problem's source line is shown under it with a caret
    under the bad token (:mod:`notation.cli.excerpt`)."""
    for report in reports:
        if quiet and report.valid:
            continue
        out.write(terminal_text(game_verdict(report)) + "\n")
        for problem in report.problems:
            out.write(
                "  " + terminal_text(describe_problem(report.source, report.index, problem)) + "\n"
            )
            if lines is not None:
                for part in lines.excerpt_lines(report.source, problem):
                    out.write("  " + part + "\n")
    shown = [f for f in findings if levels[f.check] != "off"]
    if shown:
        out.write("event checks:\n")
        for finding in shown:
            out.write("  " + terminal_text(describe_finding(finding, levels[finding.check])) + "\n")
    total = counts(reports, shown, levels)
    line = f"{plural(total['games'], 'game')}: {total['valid']} valid, {total['invalid']} invalid"
    if findings or levels:
        errors, warnings = plural(total["errors"], "error"), plural(total["warnings"], "warning")
        line += f"; event checks: {errors}, {warnings}"
    out.write(line + "\n")


def write_json(
    out: IO[str],
    reports: Sequence[GameReport],
    findings: Sequence[Finding],
    levels: Mapping[str, str],
) -> None:
    """The report object of ``schemas/report.schema.json``, with ``findings``."""
    shown = [f for f in findings if levels[f.check] != "off"]
    body = {
        "games": [report.to_json() for report in reports],
        "findings": [finding.to_json(levels[finding.check]) for finding in shown],
        "summary": counts(reports, shown, levels),
    }
    out.write(json_text(body, indent=1) + "\n")


def write_csv(
    out: IO[str],
    reports: Sequence[GameReport],
    findings: Sequence[Finding],
    levels: Mapping[str, str],
) -> None:
    """A row per game (kind ``game``), per problem (``problem``) and per finding (``finding``),
    every text cell guarded against formulas (:func:`notation.render.sinks.csv_cell`)."""
    write_csv_rows(_csv_rows(reports, findings, levels), for_terminal(out))


def _csv_rows(
    reports: Sequence[GameReport], findings: Sequence[Finding], levels: Mapping[str, str]
) -> Iterator[list[object]]:
    yield list(CSV_COLUMNS)
    for report in reports:
        verdict = "valid" if report.valid else "invalid"
        yield ["game", report.source, report.index, report.line, "", "", "", verdict,
               game_verdict(report)]  # fmt: skip
        for problem in report.problems:
            yield [
                "problem",
                report.source,
                report.index,
                problem.line or "",
                problem.column if problem.line else "",
                problem.move_number or "",
                "error",
                problem.code,
                describe_problem(report.source, report.index, problem),
            ]
    for finding in findings:
        severity = levels[finding.check]
        if severity == "off":
            continue
        yield [
            "finding",
            finding.source,
            finding.game or "",
            finding.line or "",
            "",
            "",
            severity,
            finding.check,
            finding.message + (f" (see {', '.join(finding.others)})" if finding.others else ""),
        ]


WRITERS = {"text": write_text, "json": write_json, "csv": write_csv}
