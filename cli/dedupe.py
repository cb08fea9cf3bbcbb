"""``pmn dedupe``: drop games that repeat another's moves, and say what was dropped."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import click

from notation.archive.index import ArchiveIndex, read_back
from notation.archive.tools import GameView, game_key, header_completeness, header_differences
from notation.core.record import Record
from notation.formats.collection import atomic_output
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    check_inputs,
    finish,
    indexed_input_options,
    iter_records,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE, location
from .inputs import output_file_option
from .terminal import echo


@dataclass(frozen=True, slots=True)
class Kept:
    """What is remembered of a kept game: where it is, and its header (not its moves)."""

    ordinal: int
    where: str
    header: Record


def _where(record: Record, ordinal: int) -> str:
    return f"{location(record.source, record.line, 0)} (game {ordinal})"


def _header(record: Record) -> Record:
    return Record(tags=record.tags, result=record.result)


def report_duplicate(record: Record, ordinal: int, kept: Kept) -> None:
    """One line on stderr for a dropped game: what it repeats, and how its header differs."""
    differences = header_differences(kept.header, record)
    text = f"{_where(record, ordinal)}: dropped, a duplicate of {kept.where}"
    if differences:
        text += "; headers differ: " + "; ".join(differences)
    echo(text, err=True)


def drop_duplicates(
    records: Iterable[Record], *, symmetric: bool = False, chosen: dict[bytes, Kept] | None = None
) -> Iterator[Record]:
    """The records that are not duplicates, reported on stderr as they are dropped.

    Keeps the first of each set of duplicates, or the one ``chosen`` names
    for its key (the result of :func:`choose_most_complete`). Keeps a key and
    a header per distinct game, not the games.
    """
    seen: dict[bytes, Kept] = {}
    for ordinal, record in enumerate(records, start=1):
        key = game_key(GameView(record), symmetric=symmetric)
        if chosen is not None:
            kept = chosen[key]
            if kept.ordinal == ordinal:
                yield record
            else:
                report_duplicate(record, ordinal, kept)
            continue
        first = seen.get(key)
        if first is None:
            seen[key] = Kept(ordinal, _where(record, ordinal), _header(record))
            yield record
        else:
            report_duplicate(record, ordinal, first)


def choose_most_complete(records: Iterable[Record], *, symmetric: bool) -> dict[bytes, Kept]:
    """For each distinct game, the copy with the most tags filled in (the first on a tie)."""
    best: dict[bytes, tuple[int, Kept]] = {}
    for ordinal, record in enumerate(records, start=1):
        key = game_key(GameView(record), symmetric=symmetric)
        score = header_completeness(record)
        if key not in best or score > best[key][0]:
            best[key] = (score, Kept(ordinal, _where(record, ordinal), _header(record)))
    return {key: kept for key, (_, kept) in best.items()}


@click.command("dedupe")
@indexed_input_options
@output_file_option("Output file; '-' is stdout.")
@click.option("--to", "to", type=FORMAT_CHOICE, help="Output format (default: by extension).")
@click.option(
    "--keep",
    type=click.Choice(["first", "most-complete"]),
    default="first",
    show_default=True,
    help="Which copy of a game to keep: the first, or the one with the most tags filled in "
    "(reads the files twice, so not from standard input).",
)
@click.option(
    "--symmetric",
    is_flag=True,
    help="Also count as duplicates games equal under the board's symmetries (the Tricala "
    "triangle's rotations and reflections, colours kept).",
)
@shared
def dedupe(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    index_path: str | None,
    output: str,
    to: str | None,
    keep: str,
    symmetric: bool,
) -> None:
    """Drop duplicate games: the same moves from the same start.

    Moves are compared by the positions they reach, so a game written with
    long move forms or numbered holes is a duplicate of the same game
    written the short way. Each dropped game is reported on stderr with the
    game it repeats and the tags on which their headers differ. Examples:

    \b
      pmn dedupe archive.pmn -o clean.pmn
      pmn dedupe a.pmn b.jsonl --keep most-complete -o clean.pmn
      pmn dedupe tricala/ --symmetric -o distinct.pmn
      pmn dedupe --index archive.sqlite -o clean.pmn
    """
    check_inputs(files, index_path)
    if index_path is not None:
        _dedupe_indexed(index_path, output, to, keep, symmetric)
        return
    if keep == "most-complete" and "-" in files:
        raise click.UsageError("--keep most-complete reads the input twice: give files, not '-'")
    fmt = output_format(output, to)
    chosen = None
    if keep == "most-complete":
        chosen = choose_most_complete(
            iter_records(files, input_format, encoding, Reading()), symmetric=symmetric
        )
    counts = Reading()
    kept = 0
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        records = iter_records(files, input_format, encoding, counts)
        for record in drop_duplicates(records, symmetric=symmetric, chosen=chosen):
            sink.write(record)
            kept += 1
        sink.close()
    click.echo(f"kept {kept} game(s), dropped {counts.games - kept} duplicate(s)", err=True)
    finish(counts)


def _dedupe_indexed(
    index_path: str, output: str, to: str | None, keep: str, symmetric: bool
) -> None:
    """dedupe answered from an index's keys: the same games kept and the same reports."""
    fmt = output_format(output, to)
    database = ArchiveIndex(index_path)
    try:
        games = list(database.all_games())
        headers = [
            Record(tags=g.header, result=g.result, source=g.source, line=g.line) for g in games
        ]
        keys = [g.symmetric_key if symmetric else g.key for g in games]
        chosen: dict[bytes, Kept] = {}
        for ordinal, (key, header) in enumerate(zip(keys, headers, strict=True), start=1):
            kept = Kept(ordinal, _where(header, ordinal), header)
            if key not in chosen or (
                keep == "most-complete"
                and header_completeness(header) > header_completeness(chosen[key].header)
            ):
                chosen[key] = kept
        wanted = []
        for ordinal, (game, key, header) in enumerate(zip(games, keys, headers, strict=True), 1):
            if chosen[key].ordinal == ordinal:
                wanted.append(game)
            else:
                report_duplicate(header, ordinal, chosen[key])
        with atomic_output(output) as out:
            sink = RecordSink(out, fmt)
            for record in read_back(wanted):
                sink.write(record)
            sink.close()
        click.echo(
            f"kept {len(wanted)} game(s), dropped {len(games) - len(wanted)} duplicate(s)",
            err=True,
        )
    finally:
        database.close()
