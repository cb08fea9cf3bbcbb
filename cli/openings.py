"""``pmn openings``: an opening tree of a collection."""

from __future__ import annotations

import json

import click

from notation.archive.index import ArchiveIndex
from notation.archive.stats import game_title
from notation.archive.tools import OpeningBook, OpeningNode, OpeningTree, PositionPattern, ordered

from .archive_io import (
    Reading,
    check_inputs,
    finish,
    indexed_input_options,
    iter_games,
    shared,
)
from .inputs import output_option, with_unread
from .terminal import echo, plural


def _tally_text(node: OpeningNode, seats: tuple[str, ...]) -> str:
    tally = node.tally
    wins = tally.wins + [0] * (len(seats) - len(tally.wins))
    parts = [f"{seat} {count}" for seat, count in zip(seats, wins, strict=True)]
    parts += [f"shared {tally.shared}", f"unfinished {tally.unfinished}"]
    return f"{plural(tally.games, 'game')}: " + ", ".join(parts)


def tree_lines(tree: OpeningTree, min_games: int) -> list[str]:
    """The tree as indented text: a line per move sequence, most played first."""
    title = game_title(tree.game, tree.rules)  # the name people know it by: "Oware"
    lines = [f"{title} ({tree.rules}) from {tree.start}: {_tally_text(tree.root, tree.seats)}"]
    stack: list[tuple[int, str, OpeningNode]] = [
        (1, move, child) for move, child in reversed(ordered(tree.root.children))
    ]
    while stack:
        depth, move, node = stack.pop()
        if node.tally.games < min_games:
            continue
        lines.append(f"{'  ' * depth}{move}: {_tally_text(node, tree.seats)}")
        stack.extend((depth + 1, m, c) for m, c in reversed(ordered(node.children)))
    return lines


@click.command("openings")
@indexed_input_options
@click.option(
    "--depth", type=click.IntRange(min=1), default=4, show_default=True, help="Moves deep."
)
@click.option(
    "--position",
    help="Start from this position (or pattern, as in pmn select): each game counts from the "
    "first time its main line meets it.",
)
@click.option(
    "--min-games",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Text: leave out sequences played fewer times.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="json: schemas/openings.schema.json.",
)
@output_option
@shared
def openings(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    index_path: str | None,
    depth: int,
    position: str | None,
    min_games: int,
    output_format: str,
) -> None:
    """The opening tree of FILES: for each sequence of first moves, the games and results.

    A tree per game, ruleset and start position. Moves are written as the
    game writes them (the short form), so spellings of one move count
    together; a game counts until its first illegal move. Results by seat
    are wins; "shared" is a draw or a shared result, "unfinished" a game
    with no result. Streams: the tree is kept, not the games. Examples:

    \b
      pmn openings club.pmn --depth 3
      pmn openings archive.pmn.gz --format json > tree.json
      pmn openings games.pmn --position "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
      pmn openings --index archive.sqlite --depth 6
    """
    check_inputs(files, index_path)
    pattern = PositionPattern(position) if position else None
    book = OpeningBook(depth, pattern)
    counts = Reading()
    if index_path is not None:
        database = ArchiveIndex(index_path)
        try:
            for row in database.opening_rows(pattern, depth):
                if row is None:
                    book.skipped += 1
                else:
                    book.add_moves(row.game, row.rules, row.seats, row.start, row.moves, row.result)
        finally:
            database.close()
    else:
        for game in iter_games(files, input_format, encoding, counts):
            book.add_game(game)
    if output_format == "json":
        trees = [tree.to_json() for tree in book]
        body = {"depth": depth, "skipped": book.skipped, "trees": trees}
        click.echo(json.dumps(with_unread(body), indent=1))
    else:
        for tree in book:
            for line in tree_lines(tree, min_games):
                echo(line)
        unplayable = book.skipped - book.damaged  # (a damaged game was reported as read)
        if unplayable:
            one = unplayable == 1
            what = (
                f"{'never reaches' if one else 'never reach'} the position or " if position else ""
            )
            name = "names" if one else "name"
            click.echo(
                f"{plural(unplayable, 'game')} {what}{name} no game PMN plays: not counted",
                err=True,
            )
    finish(counts)
