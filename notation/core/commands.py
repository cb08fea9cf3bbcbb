"""Comment commands: ``[%clk 1:05:00]`` and the like, inside a record's comments.

A comment may carry commands for programs, written as PGN writes them
(python-chess reads the same): ``[%name value]`` anywhere in the comment
text, several in one comment, the rest of the comment being ordinary words::

    {[%clk 0:04:51] [%emt 0:00:09] a quiet move}

::

    from notation.core.commands import parse_comment, format_clock

    parsed = parse_comment("[%clk 0:04:51] a quiet move")
    parsed.clock            # datetime.timedelta(seconds=291)
    parsed.text             # "a quiet move"
    format_clock(parsed.clock)   # "[%clk 0:04:51]"

The commands PMN understands (docs/pmn.md, "Clocks and other comment
commands"): ``%clk`` (the clock of the player who made the move, after the
move) and ``%emt`` (the time the move took). Both are durations written
``H:MM:SS`` with optional fractions of a second (``0:00:09.5``). Other
commands are kept as written, name and value, and never dropped.

This is the one reader and writer of comment commands: the commands that
show clocks (``pmn show``, ``pmn render``) and write them use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

__all__ = [
    "CLOCK",
    "ELAPSED",
    "Command",
    "ParsedComment",
    "clocks_after",
    "format_clock",
    "format_command",
    "format_duration",
    "parse_comment",
    "parse_duration",
]

#: The command giving the mover's clock after the move.
CLOCK = "clk"
#: The command giving the time the move took.
ELAPSED = "emt"
#: Commands whose value is a duration.
DURATIONS = (CLOCK, ELAPSED)

#: ``[%name value]``: a name of letters, digits and ``_``, then anything but ``]`` (PGN's form).
_COMMAND_RE = re.compile(r"\[%(?P<name>[A-Za-z0-9_]+)(?:\s+(?P<value>[^\]]*?))?\s*\]")
#: ``H:MM:SS`` with optional fractions; hours of any (short) length.
_DURATION_RE = re.compile(r"(?P<h>[0-9]{1,6}):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9](?:\.[0-9]{1,6})?)")


@dataclass(frozen=True, slots=True)
class Command:
    """One ``[%name value]`` as written; ``duration`` is set for ``%clk``/``%emt`` values that read."""

    name: str
    value: str
    duration: timedelta | None = None


@dataclass(frozen=True, slots=True)
class ParsedComment:
    """A comment split into its commands and its other text (white space tidied)."""

    text: str
    commands: tuple[Command, ...] = ()

    def get(self, name: str) -> Command | None:
        """The first command called ``name`` (without the ``%``), or None."""
        return next((c for c in self.commands if c.name == name), None)

    @property
    def clock(self) -> timedelta | None:
        """The ``%clk`` value as a duration (None when absent or unreadable)."""
        command = self.get(CLOCK)
        return command.duration if command is not None else None

    @property
    def elapsed(self) -> timedelta | None:
        """The ``%emt`` value as a duration (None when absent or unreadable)."""
        command = self.get(ELAPSED)
        return command.duration if command is not None else None


def parse_duration(text: str) -> timedelta | None:
    """``H:MM:SS`` or ``H:MM:SS.f`` as a duration; None when ``text`` is not one."""
    match = _DURATION_RE.fullmatch(text.strip())
    if match is None:
        return None
    return timedelta(
        hours=int(match.group("h")), minutes=int(match.group("m")), seconds=float(match.group("s"))
    )


def format_duration(duration: timedelta) -> str:
    """A duration as ``H:MM:SS`` (whole seconds, rounded down; fractions when there are any)."""
    total = max(duration, timedelta(0))
    micro = total.microseconds
    seconds = int(total.total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}"
    if micro:
        text += f".{micro:06d}".rstrip("0")
    return text


def format_command(name: str, value: str) -> str:
    """``[%name value]`` (the value must not hold ``]``)."""
    if "]" in value or not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise ValueError(f"cannot write [%{name} {value}] as a comment command")
    return f"[%{name} {value}]"


def format_clock(duration: timedelta, name: str = CLOCK) -> str:
    """``[%clk H:MM:SS]`` for a clock reading (``name="emt"`` for the time a move took)."""
    return format_command(name, format_duration(duration))


def parse_comment(comment: str) -> ParsedComment:
    """Split a comment into its ``[%name value]`` commands and the rest of its text.

    The rest is the comment with the commands taken out and runs of spaces
    around them closed up; line breaks in it are kept.
    """
    if "[%" not in comment:
        return ParsedComment(comment.strip())
    commands = []
    for match in _COMMAND_RE.finditer(comment):
        name, value = match.group("name"), (match.group("value") or "").strip()
        duration = parse_duration(value) if name in DURATIONS else None
        commands.append(Command(name, value, duration))
    rest = _COMMAND_RE.sub(" ", comment)
    rest = "\n".join(re.sub(r"[ \t]{2,}", " ", line).strip() for line in rest.split("\n"))
    return ParsedComment(rest.strip(), tuple(commands))


def clocks_after(
    moves: Iterable[tuple[str, Iterable[str]]],
) -> tuple[dict[str, timedelta], timedelta | None]:
    """Each seat's clock as last stamped, and what the last move took, after ``moves``.

    ``moves`` are ``(seat that moved, the move's comments)`` in the order
    played; a ``%clk`` stamps the mover's clock. The second value is the last
    move's ``%emt`` (None when it has none).
    """
    clocks: dict[str, timedelta] = {}
    elapsed: timedelta | None = None
    for seat, comments in moves:
        elapsed = None
        for comment in comments:
            parsed = parse_comment(comment)
            if parsed.clock is not None:
                clocks[seat] = parsed.clock
            if parsed.elapsed is not None and elapsed is None:
                elapsed = parsed.elapsed
    return clocks, elapsed
