"""``pmn show``: the board at a point of a game, as a text diagram or an SVG picture."""

from __future__ import annotations

import os

import click

from notation.core.commands import clocks_after, format_duration
from notation.files.guard import same_file
from notation.formats.collection import atomic_output

from .inputs import input_options, output_file_option, replay_to
from .terminal import terminal_text

#: ``--game``: which game of a file, 1 the first (shared with ``pmn render``).
GAME_OPTION = click.option(
    "--game",
    "game_number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Which game of FILES (1 is the first, counted across them).",
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


#: Names of files ``show`` does not draw (a picture or a page of another kind), and what
#: each is called: refused, never written as a text diagram under that name.
_NOT_DRAWN = {
    ".png": "a PNG picture",
    ".jpg": "a JPEG picture",
    ".jpeg": "a JPEG picture",
    ".gif": "a GIF picture",
    ".webp": "a WebP picture",
    ".bmp": "a BMP picture",
    ".tif": "a TIFF picture",
    ".tiff": "a TIFF picture",
    ".avif": "an AVIF picture",
    ".ico": "an icon",
    ".pdf": "a PDF document",
    ".eps": "a PostScript picture",
    ".ps": "a PostScript document",
    ".html": "an HTML page",
    ".htm": "an HTML page",
}


def drawn_name(value: str, option: str) -> None:
    """Refuse (a usage error) an output whose name says a kind of file ``show`` does not
    write: it writes a text diagram, or an SVG picture for a name ending ``.svg``."""
    kind = _NOT_DRAWN.get(os.path.splitext(value)[1].lower())
    if kind is None:
        return
    also = (
        "; pmn render writes a game as an HTML page that steps through it"
        if kind == "an HTML page"
        else ""
    )
    raise click.UsageError(
        f"{option} {value} names {kind}, which show does not draw: it writes a text "
        f"diagram, or an SVG picture for a name ending .svg{also}"
    )


@click.command()
@input_options()
@GAME_OPTION
@click.option(
    "--move",
    "move_count",
    type=click.IntRange(min=0),
    help="Show the board after this many moves of the main line (each player's move counts one; "
    "0 is the start). Default: the end of the main line.",
)
@output_file_option(
    "Write the board to this file ('-' for standard output); a name ending in .svg draws "
    "an SVG picture (a name of another picture, .png or .pdf, is refused)."
)
@click.option(
    "--to",
    "output_format",
    type=click.Choice(["text", "svg"]),
    help="text: the diagram; svg: an SVG picture (pits named, stones counted, Tricala: per "
    "colour; captures, whose turn it is or the result, and the last move marked). "
    "Default: by the output's extension, else text.",
)
def show(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    game_number: int,
    move_count: int | None,
    output: str,
    output_format: str | None,
) -> None:
    """Draw the board of a game in FILES at a point of its main line.

    The diagram names the pits, gives the stones in each, the captures and
    whose turn it is (or the result when the game is over); then each
    player's clock as last written in a [%clk] comment, and what the last
    move took ([%emt]), when the record has them. FILES are files, folders
    and '-' (standard input); --game counts the games across them.
    """
    output_path(output, "-o/--output", files[0] if len(files) == 1 else None)
    drawn_name(output, "-o/--output")
    if output_format is None:
        output_format = "svg" if output.lower().endswith(".svg") else "text"
    point = replay_to(files, game_number, move_count, input_format=input_format, encoding=encoding)
    variant, position, last = point.variant, point.position, point.last_token
    if output_format == "svg":
        from notation.render.svg import position_svg  # pictures are imported only when drawn

        picture = position_svg(
            variant, position, last_move=point.last_move, before=point.before, token=last
        )
    else:
        lines = [terminal_text(f"After {last}:")] if last is not None else []
        lines.append(terminal_text(variant.diagram(position), lines=True))
        lines.append(terminal_text(f"Position: {variant.format_position(position)}"))
        clocks, elapsed = clocks_after(
            (variant.seats[variant.to_move(step.before)], step.node.comments)
            for step in point.steps
        )
        if clocks:  # [%clk] comments (docs/pmn.md: comment commands)
            shown = (
                f"{seat} {format_duration(clocks[seat])}"
                for seat in variant.seats
                if seat in clocks
            )
            lines.append(terminal_text("Clocks: " + ", ".join(shown)))
        if elapsed is not None:
            lines.append(f"The last move took {format_duration(elapsed)}.")
        picture = "\n".join(lines) + "\n"
    try:
        with atomic_output(output) as out:
            out.write(picture)
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror or exc}") from exc
