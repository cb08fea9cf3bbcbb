"""``pmn render``: a game as a self-contained web page to step through."""

from __future__ import annotations

import click

from cli.common import load_game
from cli.show import GAME_OPTION, output_path
from cli.terminal import SafeClickException
from notation.collection import atomic_output


@click.command()
@click.argument("file", type=click.Path(allow_dash=True, exists=True, dir_okay=False))
@GAME_OPTION
@click.option(
    "--html",
    "html_path",
    metavar="OUT.html",
    required=True,
    help="The HTML page to write ('-' for standard output).",
)
def render(file: str, game_number: int, html_path: str) -> None:
    """Write a game in FILE as one HTML page that steps through its main line.

    The page holds everything it needs (no network): the board at every
    position, the move just played, the move list (click a move to go to
    it), the players and the event, and at the end the result and why.
    Keys: left and right arrows, Home and End; or the buttons.
    """
    from notation.html import RenderError, record_html  # imported only when used

    path = output_path(html_path, "--html", file)
    assert path is not None  # required=True
    record = load_game(file, game_number)
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
