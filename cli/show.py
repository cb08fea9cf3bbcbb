"""``pmn show``: the board at a point of a game, as a text diagram or an SVG picture."""

from __future__ import annotations

import click

from cli.common import replay_to
from cli.terminal import echo
from notation.collection import atomic_output
from notation.commands import clocks_after, format_duration
from notation.files import same_file

#: ``--game``: which game of a file, 1 the first (shared with ``pmn render``).
GAME_OPTION = click.option(
    "--game",
    "game_number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game in the file (1 is the first).",
)


def output_path(value: str | None, option: str, source: str | None = None) -> str | None:
    """Check a file to write given to ``option``: ``-`` or a path, not another option,
    and not the ``source`` file read (``./g.pmn`` and hard links count)."""
    if value is not None and (not value.strip() or (value.startswith("-") and value != "-")):
        raise click.UsageError(
            f"{option} needs a file to write (or - for standard output), not {value!r}"
        )
    if value is not None and source is not None and same_file(source, value):
        raise click.UsageError(f"{option} {value} is the input file: it would replace the record")
    return value


@click.command()
@click.argument("file", type=click.Path(allow_dash=True, exists=True, dir_okay=False))
@GAME_OPTION
@click.option(
    "--move",
    "move_count",
    type=click.IntRange(min=0),
    help="Show the board after this many moves of the main line (each player's move counts one; "
    "0 is the start). Default: the end of the main line.",
)
@click.option(
    "--svg",
    "svg_path",
    metavar="OUT.svg",
    help="Draw the board as an SVG picture into this file ('-' for standard output) instead of "
    "the text diagram: pits named, stones counted (Tricala: per colour), captures, whose turn "
    "it is or the result, and the last move marked.",
)
def show(file: str, game_number: int, move_count: int | None, svg_path: str | None) -> None:
    """Draw the board of a game in FILE at a point of its main line.

    The diagram names the pits, gives the stones in each, the captures and
    whose turn it is (or the result when the game is over); then each
    player's clock as last written in a [%clk] comment, and what the last
    move took ([%emt]), when the record has them.
    """
    svg_path = output_path(svg_path, "--svg", file)
    point = replay_to(file, game_number, move_count)
    variant, position, last = point.variant, point.position, point.last_token
    if svg_path is not None:
        from notation.svg import position_svg  # pictures are imported only when drawn

        picture = position_svg(
            variant, position, last_move=point.last_move, before=point.before, token=last
        )
        try:
            with atomic_output(svg_path) as out:
                out.write(picture)
        except OSError as exc:
            raise click.ClickException(f"cannot write {svg_path}: {exc.strerror or exc}") from exc
        return
    if last is not None:
        echo(f"After {last}:")
    echo(variant.diagram(position), lines=True)
    echo(f"Position: {variant.format_position(position)}")
    clocks, elapsed = clocks_after(
        (variant.seats[variant.to_move(step.before)], step.node.comments) for step in point.steps
    )
    if clocks:  # [%clk] comments (docs/pmn.md: comment commands)
        echo("Clocks: " + ", ".join(f"{s} {format_duration(clocks[s])}" for s in variant.seats
                                    if s in clocks))  # fmt: skip
    if elapsed is not None:
        echo(f"The last move took {format_duration(elapsed)}.")
