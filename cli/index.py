"""``pmn index``: an SQLite index of collections, for select, dedupe and openings."""

from __future__ import annotations

import click

from cli.archive_io import shared
from cli.common import FORMAT_CHOICE
from notation.collection import expand_paths
from notation.index import ArchiveIndex


@click.command("index")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("-o", "--output", required=True, help="The index database (made if missing).")
@click.option(
    "--from", "input_format", type=FORMAT_CHOICE, help="Input format (default: by extension)."
)
@click.option("--encoding", help="The input's text encoding when it is not UTF-8.")
@shared
def index(
    files: tuple[str, ...], output: str, input_format: str | None, encoding: str | None
) -> None:
    """Index the games of FILES in an SQLite database for fast questions.

    Stores each game's header, result, verdict, plies, duplicate keys,
    moves and a hash of every position it reaches, with where its text is.
    pmn select, dedupe and openings then take --index DB instead of files,
    give the same output, and read back only the games they write. Running
    it again adds new files and re-indexes changed ones; unchanged files are
    skipped. The schema is in docs/archive.md. Examples:

    \b
      pmn index archive/ -o archive.sqlite
      pmn index new-games.pmn -o archive.sqlite
      pmn select --index archive.sqlite --player "Ada Mensah" --count
    """
    if "-" in files:
        raise click.UsageError("the index reads files again later: give files, not '-'")
    database = ArchiveIndex(output, create=True)
    try:
        for path in expand_paths(files):
            added = database.add_file(path, input_format, encoding)
            if added < 0:
                click.echo(f"{path}: unchanged, skipped", err=True)
            else:
                click.echo(f"{path}: {added} game(s) indexed", err=True)
    finally:
        database.close()
