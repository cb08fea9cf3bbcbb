"""What the commands share: formats, and how problems are printed."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import click

from cli.terminal import SafeClickException
from notation.collection import FORMATS, read_path
from notation.games import AnyVariant
from notation.games.base import MoveError, PositionError, RulesError
from notation.record import Record
from notation.replay import Problem, record_variant, start_position

FORMAT_CHOICE = click.Choice(list(FORMATS))


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
    record = (
        next(itertools.islice(read_path(file), game_number - 1, None), None)
        if game_number >= 1
        else None
    )
    if record is None:
        raise click.UsageError(f"{file} has no game {game_number}")
    if record.damaged:
        error = record.errors[0]
        raise SafeClickException(f"{file}:{error.line}:{error.column}: {error.message}")
    return record


@dataclass(frozen=True, slots=True)
class GamePoint:
    """A point of a game's main line: the position there, and the move that led to it."""

    variant: AnyVariant
    position: Any
    last_token: str | None = None  # the last move as written
    last_move: Any = None
    before: Any = None  # the position before the last move


def replay_to(file: str, game_number: int, move_count: int | None) -> GamePoint:
    """Game ``game_number`` of ``file`` after ``move_count`` main-line moves (default: all).

    Every failure is a message for the user, never a traceback.
    """
    record = load_game(file, game_number)
    try:
        variant = record_variant(record)
        point = GamePoint(variant, start_position(record, variant))
    except (RulesError, PositionError) as exc:
        raise SafeClickException(f"{file}:{record.line}: {exc}") from exc
    moves = record.mainline.moves
    if move_count is not None and move_count > len(moves):
        raise click.UsageError(f"game {game_number} has {len(moves)} moves, not {move_count}")
    for node in moves[: len(moves) if move_count is None else move_count]:
        try:
            move = variant.parse_move(node.token, point.position)
        except MoveError as exc:
            raise SafeClickException(
                f"{file}:{node.line}:{node.column}: {node.token}: {exc.reason}"
            ) from exc
        point = GamePoint(
            variant, variant.play(point.position, move), node.token, move, point.position
        )
    return point
