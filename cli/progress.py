"""Progress on long work: one line on standard error, shared by every command that reads games.

A command that reads for more than a second (:data:`DELAY`) shows, on a terminal, how
many games it has read and, when the sizes of its inputs are known (files; not standard
input), the share of their bytes read, redrawn in place by `tqdm
<https://tqdm.github.io/>`_ and erased when the reading ends. Nothing is shown when
standard error is not a terminal (a pipe, a file), under a command's ``--quiet``
(:func:`silence`), or with ``PMN_PROGRESS=0`` (or tqdm's own ``TQDM_DISABLE=1``) in the
environment.

The shared reading loops (:class:`notation.cli.inputs.GameCounts`, so
:func:`~notation.cli.inputs.read_inputs` and :func:`~notation.cli.archive_io.iter_games`,
and ``validate``'s) open a :class:`Progress` and count each game with
:meth:`Progress.add`; the bytes read are followed through
:func:`notation.files.sources.watching_inputs` (the position of the file being read),
so a loop that reads whole files (``index``, ``fmt``) shows them too. Counting a game
costs an addition and a comparison: the clock is looked at every :data:`EVERY` games,
and the line redrawn at most ten times a second.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from types import TracebackType
from typing import IO, Any, TypeVar

import click

from notation.files.guard import file_identity
from notation.files.sources import watching_inputs

T = TypeVar("T")

#: Seconds of reading before the progress line first shows (a short command shows none).
DELAY = 1.0
#: Seconds between two redraws of the line.
INTERVAL = 0.1
#: Games counted between two looks at the clock.
EVERY = 16
#: Where a command that was asked to be quiet says so (its root context's ``meta``).
_QUIET = "pmn.progress.quiet"
#: The progress lines shown now (erased before a line of other output).
_SHOWN: list[Progress] = []


def silence() -> None:
    """No progress for the rest of this command (its ``--quiet``)."""
    context = click.get_current_context(silent=True)
    if context is not None:
        context.find_root().meta[_QUIET] = True


def _terminal() -> bool:
    """Whether standard error is a terminal (the one test of "where a person watches")."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def wanted() -> bool:
    """Whether progress may be shown: standard error a terminal, and not turned off."""
    if os.environ.get("PMN_PROGRESS", "").strip().lower() in ("0", "no", "off", "false"):
        return False
    if os.environ.get("TQDM_DISABLE", "").strip().lower() in ("1", "yes", "on", "true"):
        return False
    context = click.get_current_context(silent=True)
    if context is not None and context.find_root().meta.get(_QUIET):
        return False
    return _terminal()


def _columns() -> int:
    """The width of the terminal standard error is (0 when it says none)."""
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 0


def clear() -> None:
    """Erase the progress lines shown, before a line of other output (redrawn later)."""
    for progress in _SHOWN:
        progress.erase()


class Progress:
    """The progress of one reading of a command's inputs.

    A context manager: while it is open, each game is counted with :meth:`add` (or
    :meth:`games` wraps an iterator) and every input opened is followed; when it closes,
    its line is erased. ``size`` gives the bytes of all the inputs (None: not known,
    standard input), asked only once the line is about to show
    (:func:`notation.cli.inputs.input_bytes`); ``noun`` says what the count is of.
    """

    def __init__(
        self,
        size: Callable[[], int | None] | None = None,
        *,
        noun: str = "games read",
    ) -> None:
        self.count = 0
        #: what the line adds after the games (``validate``: ", 3 invalid"), asked at a redraw
        self.note: Callable[[], str] | None = None
        self._size = size
        self._noun = noun
        self._enabled = False
        self._next = EVERY
        self._shown_at = 0.0
        self._start = 0.0
        self._bar: Any = None  # a tqdm, made when the line first shows
        self._total: int | bool | None = False  # (False: not summed yet)
        self._done = 0  # bytes of the files read to the end
        self._current: tuple[object, IO[bytes], int] | None = None
        self._seen: set[object] = set()
        self._reached = 0
        self._watch: Any = None

    def __enter__(self) -> Progress:
        self._enabled = wanted()
        if self._enabled:
            self._start = time.monotonic()
            self._watch = watching_inputs(self._opened)
            self._watch.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop following the inputs, and erase the line."""
        if self._watch is not None:
            self._watch.__exit__(None, None, None)
            self._watch = None
        if self._bar is not None:
            self._bar.close()
            self._bar = None
            _SHOWN.remove(self)
        self._enabled = False

    def add(self, count: int = 1) -> None:
        """Count ``count`` games; redraw the line when it is time."""
        self.count += count
        if self.count >= self._next:
            self._next = self.count + EVERY
            if self._enabled:
                self._tick()

    def games(self, items: Iterable[T]) -> Iterator[T]:
        """Each item of ``items``, each counted as a game once it is given."""
        for item in items:
            yield item
            self.add()

    def show(self) -> None:
        """Redraw the line now if it is time (for work between games: a file hashed)."""
        if self._enabled:
            self._tick()

    def erase(self) -> None:
        """Erase the line (it is drawn again at the next redraw)."""
        if self._bar is not None:
            self._bar.clear()
            self._shown_at = 0.0

    # -- following the inputs -------------------------------------------------------

    def _opened(self, path: str, stream: IO[bytes]) -> None:
        """An input opened: a new file is the one being read; a file opened again is
        followed only if it is the one being read (hashed, then read)."""
        try:
            status = os.fstat(stream.fileno())
        except (OSError, ValueError, AttributeError):
            return
        identity = file_identity(status) if path != "-" else ("-",)
        if identity is None:
            return
        current = self._current
        if current is not None and current[0] == identity:
            self._current = (identity, stream, current[2])
            return
        if identity in self._seen:
            return  # (a file read before, opened again to show its lines)
        if current is not None:
            self._done += current[2]
        self._seen.add(identity)
        self._reached = 0
        self._current = (identity, stream, status.st_size if path != "-" else 0)

    def _bytes(self) -> int:
        """Bytes of the inputs read so far: the files done, and where the current one is."""
        if self._current is None:
            return self._done
        _, stream, size = self._current
        with suppress(OSError, ValueError):  # (closed: where it was last seen)
            self._reached = min(stream.tell(), size)
        return self._done + self._reached

    # -- drawing ----------------------------------------------------------------------

    def _tick(self) -> None:
        now = time.monotonic()
        if now - self._start < DELAY or now - self._shown_at < INTERVAL:
            return
        self._shown_at = now
        if self._bar is None:
            self._bar = self._make()
            _SHOWN.append(self)
        note = self.note() if self.note is not None else ""
        if self._total:
            self._bar.n = min(self._bytes(), int(self._total))
            self._bar.set_description_str(f"{self.count:,} {self._noun}{note}", False)
        else:
            self._bar.n = self.count
            self._bar.set_description_str(note.lstrip(", "), False)
        self._bar.refresh()

    def _make(self) -> Any:
        # (imported only when a line shows: a short command never does; no type information)
        from tqdm import tqdm  # type: ignore[import-untyped]

        if self._total is False:
            self._total = self._size() if self._size is not None else None
        common: dict[str, Any] = {
            "file": sys.stderr,
            "leave": False,
            "mininterval": INTERVAL,
            "delay": DELAY,  # (drawn by the first refresh, with its games, not when made)
        }
        if _columns() > 0:
            common["dynamic_ncols"] = True  # (follows the terminal when it is resized)
        else:
            # (a terminal that says no size, a serial line or a new pty: tqdm draws nothing
            # on a terminal of no rows)
            common.update(ncols=80, nrows=24)
        if self._total:
            return tqdm(
                total=self._total,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                bar_format="{desc}: {percentage:3.0f}% |{bar}| {n_fmt}B/{total_fmt}B "
                "[{elapsed}<{remaining}]",
                **common,
            )
        return tqdm(
            total=None,
            unit=" games",
            bar_format="{n_fmt} " + self._noun + " [{elapsed}, {rate_fmt}] {desc}",
            **common,
        )


__all__ = ["DELAY", "Progress", "clear", "silence", "wanted"]
