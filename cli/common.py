"""What the commands share: formats, and how problems are printed."""

from __future__ import annotations

import click

from notation.collection import FORMATS
from notation.replay import Problem

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
