"""``--players ROSTER``: the registered players of an event, for the desk's commands.

``pmn validate --strict``, ``pmn standings`` and ``pmn publish`` take it; the roster's
form is :func:`notation.desk.event.read_roster`'s, read by
:func:`notation.desk.event.load_roster` (docs/desk.md, "The roster").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from notation.desk.event import RosterError, load_roster

from .paths import ReadPath

__all__ = ["players_option"]


def _roster(ctx: click.Context, param: click.Parameter, path: str | None) -> list[str] | None:
    """The names of the roster file given (:func:`notation.desk.event.load_roster`: read
    as every input is, within its size cap)."""
    if path is None:
        return None
    try:
        return load_roster(path)
    except OSError as exc:
        raise click.BadParameter(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except RosterError as exc:
        raise click.BadParameter(str(exc)) from exc


def players_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--players ROSTER``: the registered players (pmn validate --strict, standings, publish)."""
    return click.option(
        "--players",
        "roster",
        type=ReadPath(exists=True, dir_okay=False),
        callback=_roster,
        metavar="ROSTER",
        help="The registered players: a CSV file, a name a line (or a column headed 'name'; "
        "docs/desk.md). Every player not on it, exactly as written there, is an error "
        "that names the nearest roster names.",
    )
