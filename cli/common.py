"""What the commands share: formats, options, how problems are printed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from notation.core.replay import (
    Problem,
)
from notation.formats.collection import FORMATS
from notation.formats.openspiel import openspiel_variant
from notation.games import find_game
from notation.games.base import RulesError

FORMAT_CHOICE = click.Choice(list(FORMATS))


def _check_openspiel_game(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> str | None:
    if value is not None:
        try:
            find_game(value)
        except RulesError as exc:
            try:
                openspiel_variant(value)  # OpenSpiel's own name ("mancala")
            except RulesError:
                raise click.BadParameter(str(exc), ctx, param) from exc
    return value


F = TypeVar("F", bound=Callable[..., Any])


def games_help(fmt: str | None = None, *, numbered: bool = False, sep: str = ", ") -> str:
    """The registry's game names, for help texts: every game, those ``fmt`` can hold,
    or (``numbered``) those whose holes have numberings (``--from-pits``/``--to-pits``)."""
    from notation.games import game_names, games, games_with_format

    if numbered:
        return sep.join(name for cls in games() if cls.numberings for name in cls.names)
    return sep.join(games_with_format(fmt) if fmt else game_names())


def formats_help(*, extensions: bool = False) -> str:
    """The formats PMN reads and writes (notation.formats.collection.FORMATS), for help texts;
    with ``extensions``, each with the file extensions that select it."""
    if not extensions:
        return ", ".join(FORMATS)
    return ", ".join(
        f"{name} ({', '.join(exts)})" if exts else f"{name} (named with --from/--to)"
        for name, exts in FORMATS.items()
    )


def help_text(template: str) -> str:
    """A help text with the registry's lists put in: ``{games}``, ``{games:ogn}``,
    ``{games:openspiel-actions}``, ``{games:numbered}``, ``{formats}``, ``{formats:ext}``,
    ``{walked}`` (the extensions a folder walk reads). Nothing else is touched."""
    from notation.formats.collection import WALKED_EXTENSIONS

    text = template
    if "{" not in text:
        return text
    for fmt in FORMATS:
        text = text.replace("{games:" + fmt + "}", games_help(fmt))
    return (
        text.replace("{games:numbered}", games_help(numbered=True, sep="/"))
        .replace("{games}", games_help())
        .replace("{formats:ext}", formats_help(extensions=True))
        .replace("{formats}", formats_help())
        .replace("{walked}", ", ".join(WALKED_EXTENSIONS) + " (and .txt: PlayOK's exports)")
    )


class RegistryCommand(click.Command):
    """A command whose help and options' helps name the registry's games and formats
    (see :func:`help_text`), filled in only when the help is shown: a game or format
    added is named everywhere, and a command that runs loads no game it does not play."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        templates = [(self, self.help)] + [
            (param, param.help) for param in self.params if isinstance(param, click.Option)
        ]
        for holder, template in templates:
            if template:
                holder.help = help_text(template)
        try:
            super().format_help(ctx, formatter)
        finally:
            for holder, template in templates:
                holder.help = template


def variant_option(function: F) -> F:
    """``--variant NAME``: the game of an OpenSpiel action log (the log does not say)."""
    return click.option(
        "--variant",
        "openspiel_game",
        callback=_check_openspiel_game,
        metavar="NAME",
        help="The game of inputs that do not name theirs: --from openspiel-actions input (a "
        "Game tag value or OpenSpiel's name for it: {games:openspiel-actions}; default: the "
        "first of them) and PlayOK exports (any game's name; default: {games:playok}).",
    )(function)


#: ``--encoding``: the input's text encoding when it is not UTF-8 (one definition for every command).
def _check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--encoding`` names a text encoding Python knows, or it is a usage error (exit 2)."""
    if value is None:
        return None
    from notation.files.sources import SourceError, text_encoding

    try:
        text_encoding(value)
    except SourceError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    return value


encoding_option = click.option(
    "--encoding",
    metavar="ENC",
    callback=_check_encoding,
    help="The input's text encoding when it is not UTF-8 (latin-1, cp1252, utf-16...). "
    "UTF-8 and UTF-16 byte order marks are recognised without it.",
)


def check_game_option(
    openspiel_game: str | None, input_format: str | None, files: tuple[str, ...] = ()
) -> None:
    """``--variant`` names the game of inputs that do not name theirs: OpenSpiel action
    logs (a game OpenSpiel plays) and PlayOK exports (``--from playok``, or files found
    to be PlayOK exports by their first lines); other inputs name their game themselves."""
    if openspiel_game is None:
        return
    if input_format == "openspiel-actions":
        try:
            openspiel_variant(openspiel_game)
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--variant'") from exc
        return
    if input_format == "playok" or (input_format is None and any(map(_playok_input, files))):
        return
    raise click.UsageError(
        "--variant applies to --from openspiel-actions input only, or to PlayOK exports "
        "(--from playok, or a file whose first lines are one)"
    )


def _playok_input(path: str) -> bool:
    """Whether an input may be a PlayOK export (standard input is not read ahead)."""
    from notation.formats.registry import sniff_file

    if path == "-":
        return True
    try:
        return sniff_file(path).name == "playok"
    except OSError:  # a folder, or a file reading will report
        return False


def location(source: str, line: int, column: int) -> str:
    """``file:line:col`` (parts that are unknown left out)."""
    if not line:
        return source
    return f"{source}:{line}:{column}" if column else f"{source}:{line}"


def describe_problem(source: str, game: int, problem: Problem, *, legal_limit: int = 20) -> str:
    """One line for stderr: ``file:line:col: game N, move M: message (legal: ...)``."""
    where = location(source, problem.line, problem.column)
    context = f"game {game}"
    if problem.move_number is not None:
        context += f", move {problem.move_number}"
    if problem.path and not problem.line:
        context += f" at {problem.path}"
    text = f"{where}: {context}: {problem.message}"
    if problem.legal:
        shown = ", ".join(problem.legal[:legal_limit])
        more = (
            f" and {len(problem.legal) - legal_limit} more"
            if len(problem.legal) > legal_limit
            else ""
        )
        text += f" (legal: {shown}{more})"
    return text
