"""``pmn render``: a game as a self-contained web page to step through."""

from __future__ import annotations

import click

from cli.common import deprecated_option, load_game
from cli.inputs import input_options
from cli.show import GAME_OPTION, output_path
from cli.terminal import SafeClickException
from notation.collection import atomic_output


@click.command()
@input_options()
@GAME_OPTION
@click.option(
    "-o",
    "--output",
    "html_path",
    default="-",
    show_default=True,
    metavar="OUT.html",
    help="The HTML page to write ('-' for standard output).",
)
@deprecated_option("--html", "-o/--output", "html_path", metavar="OUT.html")
def render(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    game_number: int,
    html_path: str,
) -> None:
    """Write a game in FILES as one HTML page that steps through its main line.

    The page holds everything it needs (no network): the board at every
    position, the move just played, the move list (click a move to go to
    it), the players and the event, and at the end the result and why.
    FILES are files, folders and '-' (standard input); --game counts the
    games across them.
    Keys: left and right arrows, Home and End; or the buttons.
    """
    from notation.html import RenderError, record_html  # imported only when used

    path = output_path(html_path, "-o/--output", files[0] if len(files) == 1 else None)
    assert path is not None  # it has a default
    record = load_game(files, game_number, input_format=input_format, encoding=encoding)
    file = record.source
    try:
        page = record_html(record)
    except RenderError as exc:
        where = f"{file}:{exc.line}:{exc.column}" if exc.column else f"{file}:{exc.line}"
        raise SafeClickException(
            f"{where}: {exc.message} (game {game_number} cannot be drawn)"
        ) from exc
    try:
        with atomic_output(path) as out:
            out.write(page)
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from exc
