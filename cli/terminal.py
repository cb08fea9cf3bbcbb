"""Text for a terminal: what a record's author wrote, shown, never obeyed.

The escaping is :func:`notation.render.sinks.terminal_text` (the text layer's
terminal sink; its docstring says what is escaped and why). This module adds
what click needs: :func:`echo`, and exceptions whose message, which may quote
a record, is shown escaped; and :func:`plural`, a count that agrees with its noun.
"""

from __future__ import annotations

import click

from notation.render.sinks import plural, terminal_text

from . import progress

__all__ = ["SafeClickException", "SafeUsageError", "echo", "plural", "terminal_text"]


def echo(text: str = "", *, err: bool = False, lines: bool = False) -> None:
    """``click.echo`` of :func:`terminal_text` (a progress line shown is erased first)."""
    progress.clear()
    click.echo(terminal_text(text, lines=lines), err=err)


class SafeClickException(click.ClickException):
    """A ClickException whose message, which may quote a record, is shown escaped."""

    def format_message(self) -> str:
        return terminal_text(self.message)


class SafeUsageError(click.UsageError):
    """A UsageError whose message, which may quote a record, is shown escaped."""

    def format_message(self) -> str:
        return terminal_text(self.message)
