"""``pmn sort``: games ordered by tags."""

from __future__ import annotations

from typing import Any

import click

from notation.archive.games import ArchiveGame
from notation.archive.tools import tags_sort_key
from notation.core.record import Record
from notation.formats.collection import atomic_output
from notation.formats.pmn import read_text, write_record
from notation.formats.registry import RecordSink

from .archive_io import (
    Reading,
    finish,
    input_options,
    iter_games,
    output_format,
    shared,
)
from .common import FORMAT_CHOICE
from .inputs import output_file_option


def _kept(game: ArchiveGame) -> str | Record:
    """What sort holds of a game: its PMN text as it was read (a game the reader's quick
    path does not read is read first: a damaged one is reported, and kept as its
    record), or another format's record as PMN writes it."""
    text = game.text
    if text is not None:
        game.outline  # noqa: B018 (reads a game that is not plain)
        if not (game.read and game.record.damaged):
            return text
    record = game.record
    return record if record.damaged else write_record(record)


@click.command("sort")
@input_options
@click.option(
    "--by",
    "by",
    required=True,
    metavar="TAG[,TAG...]",
    help="Tags to order by, most significant first.",
)
@output_file_option("Output file; '-' is stdout.")
@click.option("--to", "to", type=FORMAT_CHOICE, help="Output format (default: by extension).")
@click.option(
    "--reverse",
    is_flag=True,
    help="Largest first (still stable; games without the tag then come first).",
)
@shared
def sort(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    by: str,
    output: str,
    to: str | None,
    reverse: bool,
) -> None:
    """Sort the games of FILES by tag values; games with equal values keep their order.

    Numbers inside values compare by value ("Round 2" before "Round 10");
    games without a tag come last. Sorting holds every game in memory, as
    its PMN text (about the size of the input) rather than as a record.
    Examples:

    \b
      pmn sort games.pmn --by Date,Round -o sorted.pmn
      pmn sort a.pmn b.pmn --by South --reverse
    """
    names = [name.strip() for name in by.split(",") if name.strip()]
    if not names:
        raise click.UsageError("--by needs at least one tag name")
    fmt = output_format(output, to)
    counts = Reading()
    # A record in memory takes some twenty times its text: keep the text of each game
    # (a PMN game's as it was read, which loses nothing; another format's as PMN writes
    # it) and read it again only to write another format. Damaged games, whose errors
    # belong to where they were read, are kept as they are.
    games: list[tuple[tuple[Any, ...], str | Record]] = []
    for game in iter_games(files, input_format, encoding, counts):
        games.append((tags_sort_key(game.tags, names), _kept(game)))
    # sorted() is stable with reverse=True too: equal games keep their order
    games.sort(key=lambda game: game[0], reverse=reverse)
    with atomic_output(output) as out:
        sink = RecordSink(out, fmt)
        for _, kept in games:
            if isinstance(kept, Record):
                sink.write(kept)
            elif fmt == "pmn":
                sink.write_game_text(kept)
            else:
                sink.write(read_text(kept)[0])
        sink.close()
    finish(counts)
