"""``pmn render``: a game as a self-contained web page to step through."""

from __future__ import annotations

import sys

import click

from notation.core.replay import Problem
from notation.formats.collection import atomic_output
from notation.render.sinks import html_page

from .common import describe_problem
from .excerpt import SourceLines
from .inputs import input_options, load_game, output_file_option
from .show import GAME_OPTION, output_path
from .terminal import SafeClickException, echo, plural


@click.command()
@input_options()
@GAME_OPTION
@output_file_option(
    "The HTML page to write ('-' for standard output).", dest="html_path", metavar="OUT.html"
)
def render(
    files: tuple[str, ...],
    input_format: str | None,
    encoding: str | None,
    game_number: int,
    html_path: str,
) -> None:
    """Write a game in FILES as one HTML page that steps through it.

    The page holds everything it needs (no network): the board at every
    position, the move just played, the move list with the variations and
    comments (click a move to go to it), the clocks of [%clk] comments, the
    players and the event, and at the end the result and why.
    FILES are files, folders and '-' (standard input); --game counts the
    games across them.
    Keys: left and right arrows, Home and End; or the buttons.

    A record with a move the rules refuse is drawn up to that move, with
    the problem shown on the page and on stderr; the exit code is then 1.
    """
    from notation.render.html import RenderError, record_html  # imported only when used

    path = output_path(html_path, "-o/--output", files[0] if len(files) == 1 else None)
    assert path is not None  # it has a default
    record = load_game(files, game_number, input_format=input_format, encoding=encoding)
    file = record.source
    problems: list[Problem] = []
    try:
        # no control character reaches the page (HTML cannot carry one; a terminal obeys it)
        page = html_page(record_html(record, problems=problems))
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
    if problems:
        lines = SourceLines()
        source = file if file != "-" else ""  # standard input is not read twice
        for problem in problems:
            echo(describe_problem(file, game_number, problem), err=True)
            for part in lines.excerpt_lines(source, problem):
                click.echo(part, err=True)
        lines.close()
        echo(
            f"{file}: game {game_number} drawn with {plural(len(problems), 'problem')} marked on the "
            "page: a line is drawn up to its first move that cannot be played",
            err=True,
        )
        sys.exit(1)
