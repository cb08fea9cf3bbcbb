"""Text for a terminal: what a record's author wrote, shown, never obeyed.

Records come from strangers. A tag value, a comment or the message of a
damaged JSON record may hold terminal escapes (``ESC [ 2 J``), carriage
returns and line breaks (to forge a ``valid`` line), or bidirectional
controls (a right-to-left override that reverses the rest of the line, the
other player's name included). Every line the commands print for a person
goes through :func:`terminal_text`, which shows such characters escaped, as
Python writes them (``\\x1b``, ``\\n``, ``\\u202e``). Bidi controls are
escaped rather than isolated with FSI/PDI: most terminals ignore isolates,
and an escaped control cannot act on anything.

Output meant for programs (JSON, CSV, records) is not changed here: JSON
escapes control characters itself, and CSV cells go through
:func:`cli.csvout.safe_cell`.
"""

from __future__ import annotations

import re

import click

#: C0 and C1 controls and DEL; the bidi embeddings, overrides, isolates and
#: marks (U+061C, U+200E/F, U+202A-E, U+2066-9); line and paragraph separators.
_UNSAFE_RE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str, *, lines: bool = False) -> str:
    """``text`` with every control and bidi character shown escaped.

    With ``lines``, line breaks are kept (for a diagram of several lines);
    otherwise they are escaped too, so the text stays one line.

    >>> terminal_text("Ada\\x1b[2J\\nvalid")
    'Ada\\\\x1b[2J\\\\nvalid'
    """
    if lines:
        return "\n".join(_UNSAFE_RE.sub(_escape, line) for line in text.split("\n"))
    return _UNSAFE_RE.sub(_escape, text)


def echo(text: str = "", *, err: bool = False, lines: bool = False) -> None:
    """``click.echo`` of :func:`terminal_text`."""
    click.echo(terminal_text(text, lines=lines), err=err)


class SafeClickException(click.ClickException):
    """A ClickException whose message, which may quote a record, is shown escaped."""

    def format_message(self) -> str:
        return terminal_text(self.message)
