"""The one base class of every error PMN raises.

Each narrow error below :class:`PMNError` keeps a stable, machine-readable
``code`` (documented in ``docs/pmn.md``), so a program can catch everything
PMN raises with one ``except PMNError`` and still tell the cases apart::

    PMNError
    ├── RulesError            unknown-rules      (notation.games.base)
    ├── PositionError         bad-position
    ├── MoveError             illegal-move
    │   ├── MoveSyntaxError   bad-move-syntax
    │   ├── IllegalMoveError  illegal-move
    │   ├── AmbiguousMoveError ambiguous-move
    │   └── LapLimitError     lap-limit          (notation.games.tricala.rules)
    ├── PitsError             unknown-pits       (notation.core.pits)
    ├── NoSuchMoveError       no-such-move       (notation.core.replay)
    ├── ReplayStoppedError    illegal-move       (notation.core.replay)
    ├── JsonRecordError       bad-record         (notation.formats.jsonform)
    ├── UnknownFormatError    unknown-format     (notation.formats.registry)
    ├── WriteError            cannot-write       (a record a writer cannot write)
    │   ├── OGNWriteError     cannot-write       (notation.formats.ogn)
    │   ├── ActionsWriteError cannot-write       (notation.formats.openspiel)
    │   └── PlayOKWriteError  cannot-write       (notation.formats.playok)
    ├── OutputIsInputError    output-is-input    (notation.files.guard)
    │   └── OutputCollisionError output-is-output
    ├── GameTooLongError      too-large          (notation.archive.formatting)
    ├── RenderError           cannot-render      (notation.render.html)
    ├── FilterError           bad-filter         (notation.archive.tools)
    ├── ArchiveIndexError     bad-index          (notation.archive.index)
    │   └── StaleIndexError   stale-index
    ├── LevelError            bad-option         (notation.desk.event)
    ├── RosterError           bad-option         (notation.desk.event)
    ├── StandingsError        bad-option         (notation.desk.standings)
    └── ReconcileError        cannot-reconcile   (notation.desk.reconcile)

They also derive from ``ValueError`` (as they always have), so older code
that catches ``ValueError`` keeps working. An input that cannot be read at
all (``notation.files.sources.SourceError``: damaged compressed data, a byte that
does not decode in the given encoding) is an ``OSError`` instead, like a file
that cannot be opened, with the code ``unreadable-input``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from notation.core.record import Record


class PMNError(ValueError):
    """Something PMN cannot read, play, write or draw; ``code`` says which kind."""

    code = "error"


class WriteError(PMNError):
    """A record a format cannot hold: another game, a record that could not be read,
    or a game cut off as it was read (:func:`notation.core.limits.is_cut_off`, whose text
    was not kept). ``record`` is the record; ``line`` and ``column`` the place."""

    code = "cannot-write"

    def __init__(self, message: str, record: Record, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.record = record
        self.line = line or record.line
        self.column = column


__all__ = ["PMNError", "WriteError"]
