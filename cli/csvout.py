"""CSV that spreadsheets open as data: the text layer's CSV sink, under its old names, and
CSV shown on a terminal with its controls escaped.

See :mod:`notation.render.sinks` (:func:`~notation.render.sinks.csv_cell`,
:func:`~notation.render.sinks.write_csv`). A CSV file or pipe gets the cells as they are
(data for a program); a terminal gets them through
:func:`~notation.render.sinks.terminal_text`, as file names are shown, so that a tag
value holding ``ESC [2J`` is seen, not obeyed (:func:`for_terminal`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from notation.render.sinks import FORMULA_STARTS, terminal_text
from notation.render.sinks import csv_cell as safe_cell
from notation.render.sinks import write_csv as write_csv_rows

__all__ = ["FORMULA_STARTS", "TerminalText", "for_terminal", "safe_cell", "write_csv"]


def _is_terminal(out: IO[str]) -> bool:
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class TerminalText:
    """A text stream whose writes reach ``inner`` (a terminal) with every control shown
    escaped, line ends kept (:func:`~notation.render.sinks.terminal_text`)."""

    def __init__(self, inner: IO[str]) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        """Write ``text``, escaped; returns the length of ``text`` as given."""
        self.inner.write(terminal_text(text, lines=True))
        return len(text)

    def flush(self) -> None:
        """Flush the terminal's stream."""
        self.inner.flush()


def for_terminal(out: IO[str]) -> IO[str]:
    """``out`` as it is when it is a file or a pipe; a :class:`TerminalText` over it when
    it is a terminal."""
    return TerminalText(out) if _is_terminal(out) else out  # type: ignore[return-value]


def write_csv(rows: Iterable[Iterable[object]], out: IO[str]) -> None:
    """:func:`notation.render.sinks.write_csv`, escaped for a terminal (:func:`for_terminal`)."""
    write_csv_rows(rows, for_terminal(out))
