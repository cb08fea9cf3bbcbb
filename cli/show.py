"""``pmn show``: the board at a point of a game, as a text diagram."""

from __future__ import annotations

import itertools

import click

from notation.collection import read_path
from notation.games.base import MoveError, PositionError, RulesError
from notation.replay import record_variant, start_position


@click.command()
@click.argument("file", type=click.Path(allow_dash=True, exists=True, dir_okay=False))
@click.option(
    "--game",
    "game_number",
    default=1,
    show_default=True,
    help="Which game in the file (1 is the first).",
)
@click.option(
    "--move",
    "move_count",
    type=click.IntRange(min=0),
    help="Show the board after this many moves of the main line (each player's move counts one; "
    "0 is the start). Default: the end of the main line.",
)
def show(file: str, game_number: int, move_count: int | None) -> None:
    """Draw the board of a game in FILE at a point of its main line.

    The diagram names the pits, gives the stones in each, the captures and
    whose turn it is (or the result when the game is over).
    """
    record = next(itertools.islice(read_path(file), game_number - 1, None), None)
    if record is None or game_number < 1:
        raise click.UsageError(f"{file} has no game {game_number}")
    if record.damaged:
        error = record.errors[0]
        raise click.ClickException(f"{file}:{error.line}:{error.column}: {error.message}")
    try:
        variant = record_variant(record)
        position = start_position(record, variant)
    except (RulesError, PositionError) as exc:
        raise click.ClickException(f"{file}:{record.line}: {exc}") from exc
    moves = record.mainline.moves
    if move_count is not None and move_count > len(moves):
        raise click.UsageError(f"game {game_number} has {len(moves)} moves, not {move_count}")
    last = None
    for node in moves[: len(moves) if move_count is None else move_count]:
        try:
            move = variant.parse_move(node.token, position)
        except MoveError as exc:
            raise click.ClickException(
                f"{file}:{node.line}:{node.column}: {node.token}: {exc.reason} "
                "(the board is shown up to the last legal move only)"
            ) from exc
        last = node.token
        position = variant.play(position, move)
    if last is not None:
        click.echo(f"After {last}:")
    click.echo(variant.diagram(position))
    click.echo(f"Position: {variant.format_position(position)}")
