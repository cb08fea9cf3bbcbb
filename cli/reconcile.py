"""``pmn reconcile``: two scoresheets of one game (or of every game of an event) compared."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click

from notation.desk.reconcile import Reconciliation, Sheet, describe, pair_sheets, reconcile
from notation.formats.collection import atomic_output, read_path
from notation.render.sinks import json_text

from .common import location
from .inputs import (
    input_bytes,
    input_options,
    input_paths,
    no_game_message,
    output_file_option,
    read_each,
    unread_paths,
    with_unread,
)
from .progress import Progress
from .terminal import SafeClickException, plural, terminal_text


def _sheets(
    files: tuple[str, ...], input_format: str | None, encoding: str | None = None
) -> list[list[Sheet]]:
    """The sheets of each argument, in order; a damaged record is a usage error."""
    found: list[list[Sheet]] = []
    with Progress(lambda: input_bytes(files)) as progress:
        for argument in files:
            sheets = _sheets_of(argument, input_format, encoding, progress)
            if sheets:
                found.append(sheets)
    return found


def _sheets_of(
    argument: str, input_format: str | None, encoding: str | None, progress: Progress
) -> list[Sheet]:
    """The sheets of one argument (none when it could not be read: reported)."""
    sheets: list[Sheet] = []
    unread = len(unread_paths())
    records = read_each(
        input_paths([argument]),
        lambda path: read_path(path, input_format, encoding=encoding),
    )
    for record in progress.games(records):
        where = location(record.source, record.line, 0)
        if record.damaged:
            error = record.errors[0]
            raise SafeClickException(
                f"{location(record.source, error.line, error.column)}: {error.message}"
            )
        sheets.append(Sheet(record, where))
    if not sheets and len(unread_paths()) > unread:
        return sheets  # could not be read: reported, and the other sheets are reconciled
    if not sheets:  # an input with no game in it is an error (ruling N4)
        raise SafeClickException(no_game_message(argument))
    return sheets


def _to_json(first: Sheet, second: Sheet, result: Reconciliation) -> dict[str, Any]:
    d = result.divergence
    return {
        "first": first.where,
        "second": second.where,
        "agree": result.agree,
        "same_game": result.same_game,
        "problem": result.problem,
        "tags": [{"tag": n, "first": a, "second": b} for n, a, b in result.tags],
        "results": [result.first.result, result.second.result],
        "replayed": [result.first.legal_plies, result.second.legal_plies],
        "moves": [len(result.first.written), len(result.second.written)],
        "errors": [result.first.error, result.second.error],
        "divergence": None
        if d is None
        else {
            "ply": d.ply + 1,
            "move_number": d.number,
            "first": d.first,
            "second": d.second,
            "position": d.position,
        },
    }


def summary(
    verdicts: list[tuple[Sheet, Sheet, Reconciliation]],
    alone: list[Sheet],
    crowded: list[Any],
) -> dict[str, int]:
    """How many sheets were read, how many pairs agree and disagree, how many sheets have no
    partner, and how many games have more than two sheets."""
    agreed = sum(r.agree for _, _, r in verdicts)
    return {
        "sheets": 2 * len(verdicts) + len(alone) + sum(len(group) for group in crowded),
        "pairs": len(verdicts),
        "agree": agreed,
        "disagree": len(verdicts) - agreed,
        "unpaired": len(alone),
        "more_than_two": len(crowded),
    }


def summary_line(counts: dict[str, int]) -> str:
    """The last line of the text report: the counts of :func:`summary`."""

    def verb(count: int, word: str) -> str:
        return f"{count} {word}s" if count == 1 else f"{count} {word}"

    return (
        f"{plural(counts['sheets'], 'sheet')}: {plural(counts['pairs'], 'pair')} "
        f"({verb(counts['agree'], 'agree')}, {verb(counts['disagree'], 'disagree')}), "
        f"{plural(counts['unpaired'], 'sheet')} with no partner, "
        f"{plural(counts['more_than_two'], 'game')} with more than two sheets"
    )


def text_report(
    verdicts: list[tuple[Sheet, Sheet, Reconciliation]],
    alone: list[Sheet],
    crowded: list[Any],
    quiet: bool = False,
) -> Iterator[str]:
    """The text report, a line at a time (each written as terminal text). ``quiet``: only
    the pairs that disagree and the games with more than two sheets, then the counts (a
    pair that agrees and a sheet with no partner are counted, not told)."""
    for a, b, result in verdicts:
        if quiet and result.agree:
            continue
        yield f"{a.where} and {b.where}:"
        yield from (f"  {line}" for line in describe(result, "the first", "the second"))
    if not quiet:
        for sheet in alone:
            yield f"{sheet.where}: no other sheet of this game (event, round, players)"
    for group in crowded:
        yield f"{', '.join(s.where for s in group)}: {len(group)} sheets of one game"
    yield summary_line(summary(verdicts, alone, crowded))


@click.command("reconcile")
@input_options()
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a verdict per pair; json: an object with a 'pairs' array.",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Text: tell only the pairs that disagree (and games with more than two sheets); "
    "pairs that agree and sheets with no partner are only counted in the last line.",
)
@output_file_option("Write the report to this file ('-': standard output).")
def reconcile_command(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    output_format: str,
    quiet: bool,
    output: str,
) -> None:
    """Compare two scoresheets of one game, or pair and compare the sheets of an event.

    With two files of one game each, those two sheets are compared (their
    formats may differ). Otherwise every game in FILES (files or folders) is
    paired with the other sheet of the same event, round and players. For
    each pair: whether it is the same game, the tags that disagree, and the
    first ply where the moves differ, with which version is legal from there,
    how far each replays, and the position there. Exit code 0 when every pair
    agrees, 1 otherwise (a sheet with no partner too). The last line counts
    the sheets, the pairs that agree and disagree, and the sheets with no
    partner; --quiet leaves out the lines of the pairs that agree and of
    the sheets with no partner.

    \b
    Examples:
      pmn reconcile ada-sheet.pmn kofi-sheet.json
      pmn reconcile sheets-south/ sheets-north/
      pmn reconcile --format json round-3/
      pmn reconcile --quiet submissions/
    """
    per_argument = _sheets(files, input_format, encoding)
    if len(files) == 2 and all(len(sheets) == 1 for sheets in per_argument):
        pairs = [(per_argument[0][0], per_argument[1][0])]
        alone: list[Sheet] = []
        crowded: list[Any] = []
    else:
        pairs, alone, crowded = pair_sheets(s for sheets in per_argument for s in sheets)
    if not pairs and not alone and not crowded:
        raise SafeClickException(
            f"no game in {', '.join(files)}: an input must hold at least one game (ruling N4)"
        )
    verdicts = [(a, b, reconcile(a.record, b.record)) for a, b in pairs]
    try:
        with atomic_output(output) as out:
            if output_format == "json":
                report = {
                    "pairs": [_to_json(a, b, r) for a, b, r in verdicts],
                    "unpaired": [s.where for s in alone],
                    "more_than_two": [[s.where for s in group] for group in crowded],
                    "summary": summary(verdicts, alone, crowded),
                }
                out.write(json_text(with_unread(report), indent=1) + "\n")
            else:
                out.writelines(
                    f"{terminal_text(line)}\n"
                    for line in text_report(verdicts, alone, crowded, quiet)
                )
    except OSError as exc:
        raise click.FileError(output, exc.strerror) from exc
    ok = all(r.agree for _, _, r in verdicts) and not alone and not crowded
    raise SystemExit(0 if ok else 1)
