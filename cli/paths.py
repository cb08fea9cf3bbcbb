"""What each path on the command line is for, declared by its parameter's type, and the one
guard derived from those declarations.

Every parameter that names a file or folder is a :class:`RolePath`: ``read`` (the games
read, a roster, an index asked), ``write`` (an output file, a report, the file of invalid
games), ``write-dir`` (a folder written into) or ``rewrite`` (a file read and written back by
design: the recorder's game). Before a command's own code runs, :func:`guard_paths` takes
every such value from the parsed parameters and refuses, as a usage error (exit 2), an
output that is one of the inputs or another output of the same command, whatever option
named it: an option added next year is covered by declaring its type, not by a line of
command code. The identities themselves (a link, a hard link, ``/dev/stdin``, standard
output redirected onto an input) are the output layer's (:mod:`notation.files.guard`).
"""

from __future__ import annotations

import enum
import functools
import os
from collections.abc import Callable
from typing import Any

import click

from notation.files.guard import (
    OutputCollisionError,
    OutputIsInputError,
    allow_rewrite,
    claim_output,
    declare_inputs,
)
from notation.files.outputs import check_output_name


class Role(enum.Enum):
    """What a command does with a path it is given."""

    READ = "read"
    WRITE = "write"
    WRITE_DIR = "write-dir"
    REWRITE = "rewrite"


class RolePath(click.Path):
    """A :class:`click.Path` that says what the command does with it (:class:`Role`)."""

    def __init__(self, role: Role, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.role = role

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The path, checked as :class:`click.Path` checks it, and kept as given for
        :func:`guard_paths` (a parameter's callback may turn it into what the file holds)."""
        path = super().convert(value, param, ctx)
        if ctx is not None and param is not None:
            ctx.meta.setdefault(_GIVEN, []).append((param, self.role, os.fspath(path)))
        return path


class ReadPath(RolePath):
    """A path the command reads (``click.Path``'s options)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Role.READ, **kwargs)


class WritePath(RolePath):
    """A file the command writes; an input too when the flag ``rewritten_when`` names is
    given (``convert --in-place -o game.pmn game.pmn``)."""

    def __init__(self, *, rewritten_when: str | None = None, **kwargs: Any) -> None:
        super().__init__(Role.WRITE, **kwargs)
        self.rewritten_when = rewritten_when


class WriteDir(RolePath):
    """A folder the command writes files into."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Role.WRITE_DIR, **kwargs)


class RewritePath(RolePath):
    """A file the command reads and writes back by design."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Role.REWRITE, **kwargs)


#: Where :meth:`RolePath.convert` keeps the paths a command was given, in its context.
_GIVEN = "pmn.paths"


def path_values(ctx: click.Context) -> list[tuple[click.Parameter, Role, str]]:
    """Each path the parameters of ``ctx`` were given, with its parameter and role, as
    given (before any parameter callback made it into something else)."""
    given: list[tuple[click.Parameter, Role, str]] = ctx.meta.get(_GIVEN, [])
    return [value for value in given if ctx.params.get(str(value[0].name)) is not None]


def _where(path: str) -> str:
    """The file ``path`` names, for telling two outputs apart: its real path (a link and
    its target are one file; a file not yet made, by its folder's real path)."""
    return os.path.realpath(path)


def _option(ctx: click.Context, name: str) -> str:
    """The longest spelling of the option of ``ctx``'s command named ``name``."""
    for param in ctx.command.params:
        if param.name == name and param.opts:
            return max(param.opts, key=len)
    return name


def guard_paths(ctx: click.Context) -> None:
    """Declare the command's inputs and check every output against them and each other.

    Raises :class:`OutputIsInputError` (a usage error: exit 2) before anything is read or
    written, and :class:`notation.files.outputs.UnwritableOutputError` (exit 2 too) for an
    output named for a compression PMN does not write. Standard output (``-``) is checked by the output layer when it is an input's
    copy; several options may each default to it.
    """
    values = path_values(ctx)
    declare_inputs(path for _, role, path in values if role in (Role.READ, Role.REWRITE))
    for param, role, path in values:
        flag = getattr(param.type, "rewritten_when", None)
        if role is Role.REWRITE or (flag is not None and ctx.params.get(flag)):
            allow_rewrite(path)
    outputs: dict[str, str] = {}
    for param, role, path in values:
        if role is not Role.WRITE or path == "-":
            continue
        check_output_name(path)  # a compression PMN cannot write: refused before the work
        try:
            claim_output(path)
        except OutputIsInputError as exc:
            flag = getattr(param.type, "rewritten_when", None)
            if flag is None:
                raise
            raise OutputIsInputError(f"{exc}, or pass {_option(ctx, flag)} to rewrite it") from None
        option = _option(ctx, str(param.name))
        first = outputs.setdefault(_where(path), option)
        if first != option:
            raise OutputCollisionError(
                f"{first} and {option} both name {path}: the second output would replace "
                "the first; name two files"
            )


def guarded(command: click.Command) -> click.Command:
    """``command`` with :func:`guard_paths` run before its own code (once per command)."""
    callback: Callable[..., Any] | None = command.callback
    if callback is None or getattr(callback, "__pmn_guarded__", False):
        return command

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        guard_paths(click.get_current_context())
        return callback(*args, **kwargs)

    run.__pmn_guarded__ = True  # type: ignore[attr-defined]
    command.callback = run
    return command
