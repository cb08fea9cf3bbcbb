"""``pmn index``: an SQLite index of collections, for select, dedupe and openings."""

from __future__ import annotations

import os

import click

from notation.archive.index import ArchiveIndex
from notation.files.sources import UnreadPath, shown_path

from .archive_io import input_options, shared
from .inputs import GameCounts, output_file_option, report_empty
from .terminal import echo, plural


@click.command("index")
@input_options
@output_file_option("The index database (made if missing).", required=True)
@shared
def index(
    files: tuple[str, ...], input_format: str | None, encoding: str | None, output: str
) -> None:
    """Index the games of FILES in an SQLite database for fast questions.

    Stores each game's header, result, verdict, plies, duplicate keys,
    moves and a hash of every position it reaches, with where its text is.
    pmn select, dedupe and openings then take --index DB instead of files,
    give the same output, and read back only the games they write. Running
    it again adds new files and re-indexes changed ones; unchanged files are
    skipped. An input with no game in it is an error (exit 1). The schema is
    in docs/archive.md. Examples:

    \b
      pmn index archive/ -o archive.sqlite
      pmn index new-games.pmn -o archive.sqlite
      pmn select --index archive.sqlite --player "Ada Mensah" --count
    """
    if "-" in files:
        raise click.UsageError("the index reads files again later: give files, not '-'")
    counts = GameCounts()
    seen: set[tuple[int, int]] = set()  # (a file named twice, or by a link, is read once)
    with ArchiveIndex.building(output) as database:  # (whole, or the old index left whole)
        for path in counts.paths(files):
            try:  # (a file is added in one transaction: one not read whole adds nothing)
                status = os.stat(path)
                if (status.st_dev, status.st_ino) in seen:
                    counts.add(database.games_of_file(path))
                    continue
                seen.add((status.st_dev, status.st_ino))
                added = database.add_file(path, input_format, encoding, counts.progress.add)
            except OSError as exc:  # the other files are indexed
                counts.unreadable(UnreadPath.of(path, exc))
                continue
            if added < 0:
                counts.add(database.games_of_file(path))
                echo(f"{shown_path(path)}: unchanged, skipped", err=True)
            else:
                counts.add(added, shown=True)
                echo(f"{shown_path(path)}: {plural(added, 'game')} indexed", err=True)
    if report_empty(counts):  # an input with no game (ruling N4)
        raise SystemExit(1)
