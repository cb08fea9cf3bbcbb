"""How ``pmn record`` reads what the recorder types: one small interface, two readers.

The session's logic (:mod:`notation.cli.record`) asks a :class:`LineReader` for a line
and never knows where it came from. On a terminal (standard input and output
both terminals) :class:`TerminalReader` gives line editing, history (the up
arrow recalls earlier lines) and tab completion of the legal moves and the
session's commands, with prompt_toolkit, imported only then. Otherwise
(pipes, files, tests) :class:`PlainReader` reads plain lines and prints each
prompt on a line of its own, so a transcript of a piped session does not run
its prompts and answers together.

prompt_toolkit is the library chosen for the terminal: it works the same on
every terminal (Unix and Windows consoles alike, unlike the readline module,
which is missing on Windows and is libedit on macOS), it is well kept, and it
is what IPython and ptpython read their lines with.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import click

#: What a reader asks for the words it may complete the current word with, given that
#: word (the words need not all start with it: the reader keeps those that do). Given the
#: word, a recorder offers the moves from the pit it names, never every legal move.
Words = Callable[[str], Iterable[str]]


class LineReader(Protocol):
    """Reads one line after showing a prompt; raises EOFError when input ends."""

    def read(self, prompt: str, words: Words | None = None) -> str:
        """The line typed after ``prompt``, without its line end.

        ``words`` gives the words a terminal may complete the current word
        with (the legal moves and the commands), asked with that word; plain
        readers ignore it.
        Raises EOFError at the end of input (or Ctrl-D), KeyboardInterrupt on Ctrl-C.
        """
        ...


class PlainReader:
    """Plain lines from a stream: each prompt is printed on its own line."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream

    def read(self, prompt: str, words: Words | None = None) -> str:
        """Print the prompt and a line end, then read a line (EOFError at the end)."""
        click.echo(prompt.rstrip())
        stream = self.stream if self.stream is not None else sys.stdin
        line = stream.readline()
        if not line:
            raise EOFError
        return str(line).rstrip("\r\n")


class TerminalReader:
    """Lines read with prompt_toolkit: editing, history and tab completion."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.session: Any = PromptSession(history=InMemoryHistory())
        self.words: Words | None = None
        self.completer = _completer(lambda: self.words)

    def read(self, prompt: str, words: Words | None = None) -> str:
        """Read a line with editing; Tab completes the word before the cursor from ``words``."""
        self.words = words
        return str(
            self.session.prompt(
                prompt,
                completer=self.completer if words is not None else None,
                complete_while_typing=False,
            )
        )


def _completer(current: Callable[[], Words | None]) -> Any:
    """A prompt_toolkit completer of the word before the cursor from ``current()``'s words."""
    from prompt_toolkit.completion import Completer, Completion

    class WordsCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            words = current()
            if words is None:
                return
            text = document.text_before_cursor
            word = text.rsplit(" ", 1)[-1]  # the word before the cursor ("" after a space)
            seen: set[str] = set()
            for candidate in words(word):
                if candidate.startswith(word) and candidate not in seen:
                    seen.add(candidate)
                    yield Completion(candidate, start_position=-len(word))

    return WordsCompleter()


def on_terminal() -> bool:
    """Whether standard input and output are both terminals."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def make_reader() -> LineReader:
    """The reader for this session: a terminal's, or plain lines."""
    if on_terminal():
        return TerminalReader()
    return PlainReader()
