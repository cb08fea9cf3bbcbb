"""What the commands share: formats, and how problems are printed."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import click

from cli.excerpt import ProblemException
from cli.terminal import SafeClickException
from notation.collection import FORMATS, read_path
from notation.games import AnyVariant
from notation.games.base import PositionError, RulesError
from notation.openspiel import openspiel_variant
from notation.pits import PitsError
from notation.record import MAINLINE, Record
from notation.replay import Problem, Step, open_game, replay

FORMAT_CHOICE = click.Choice(list(FORMATS))


def _check_openspiel_game(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> str | None:
    if value is not None:
        try:
            openspiel_variant(value)
        except RulesError as exc:
            raise click.BadParameter(str(exc), ctx, param) from exc
    return value


#: ``--game``: the game of an OpenSpiel action log (the log does not say).
openspiel_game_option = click.option(
    "--game",
    "openspiel_game",
    callback=_check_openspiel_game,
    help="The game of --from openspiel-actions input: a Game tag value or OpenSpiel's name "
    "for it (default: the first registered game that OpenSpiel actions hold).",
)


#: ``--encoding``: the input's text encoding when it is not UTF-8 (one definition for every command).
encoding_option = click.option(
    "--encoding",
    help="The input's text encoding when it is not UTF-8 (latin-1, cp1252, utf-16...). "
    "UTF-8 and UTF-16 byte order marks are recognised without it.",
)


def check_game_option(openspiel_game: str | None, input_format: str | None) -> None:
    """``--game`` says what an action log holds: other inputs name their game themselves."""
    if openspiel_game is not None and input_format != "openspiel-actions":
        raise click.UsageError("--game applies to --from openspiel-actions input only")


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


def load_game(file: str, game_number: int) -> Record:
    """Game ``game_number`` (1-based) of a file, undamaged; usage/click errors otherwise."""
    try:
        record = (
            next(itertools.islice(read_path(file), game_number - 1, None), None)
            if game_number >= 1
            else None
        )
    except OSError as exc:  # a device, a file that cannot be read
        raise click.FileError(file, exc.strerror) from exc
    if record is None:
        raise click.UsageError(f"{file} has no game {game_number}")
    if record.damaged:
        error = record.errors[0]
        raise ProblemException(
            f"{file}:{error.line}:{error.column}: {error.message}",
            file,
            Problem(error.code, error.message, error.line, error.column),
            record,
        )
    return record


@dataclass(frozen=True, slots=True)
class GamePoint:
    """A point of a game's main line: the position there, and the move that led to it."""

    variant: AnyVariant
    position: Any
    last_token: str | None = None  # the last move as written
    last_move: Any = None
    before: Any = None  # the position before the last move
    steps: tuple[Step, ...] = ()  # the main-line moves played to get here


def replay_to(file: str, game_number: int, move_count: int | None) -> GamePoint:
    """Game ``game_number`` of ``file`` after ``move_count`` main-line moves (default: all).

    The record is replayed by the one replay (:func:`notation.replay.replay`),
    its hole numbering honoured like every command's. Every failure is a
    message for the user, never a traceback.
    """
    record = load_game(file, game_number)
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError) as exc:
        raise SafeClickException(f"{file}:{record.line}: {exc}") from exc
    moves = game.record.mainline.moves
    if move_count is not None and move_count > len(moves):
        raise click.UsageError(f"game {game_number} has {len(moves)} moves, not {move_count}")
    last: list[Step] = []
    problems: list[Problem] = []
    replayed = replay(
        game.variant,
        game.record.mainline,
        game.start,
        problems=problems,
        on_step=lambda step: last.append(step) if step.on_mainline else None,
        variations=False,
        limit=move_count,
    )
    wanted = len(moves) if move_count is None else move_count
    if replayed.plies < wanted:
        problem = problems[0]
        token = game.written_token(MAINLINE, replayed.plies, problem.token or "")
        message = problem.message.split(": ", 1)[-1]
        raise ProblemException(
            f"{file}:{problem.line}:{problem.column}: {token}: {message}", file, problem
        )
    if not last:
        return GamePoint(game.variant, game.start)
    step = last[-1]
    token = game.written_token(step.path, step.index, step.node.token)
    return GamePoint(game.variant, step.after, token, step.move, step.before, tuple(last))
