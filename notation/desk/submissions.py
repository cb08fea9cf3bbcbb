"""Reading a set of submissions once: the games of files and folders as ``pmn validate``
checks them, what could not be read, and what the folders hold besides records.

:class:`GameSource` walks each folder once (:func:`notation.files.sources.walk_entries`)
and reads each file once; the games go to the validator, the files that could not be
read to a callback as they are met, and, for the event checks
(:func:`notation.desk.event.submission_findings`), the files a folder holds that are not
read (:attr:`GameSource.left_unread`), from the same walk.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence

from notation.core.pits import DEFAULT, translate_record
from notation.core.record import Record
from notation.files.sources import OtherFile, SkippedPath, UnreadPath, walk_entries
from notation.formats.collection import read_games, read_path, walked_extensions
from notation.formats.pmn import Chunk

#: Told of a file or folder not read: its path, why, and whether that is an error (it
#: could not be read) or not (a folder walk skipped it: a FIFO, a link out of the folder).
NotRead = Callable[[str, str, bool], None]


def hidden(path: str, folder: str) -> bool:
    """Whether ``path``, found in ``folder``, is hidden there: its name, or the name of a
    folder between, starts with ``.`` (``.DS_Store``, ``.git/HEAD``)."""
    return any(part.startswith(".") for part in os.path.relpath(path, folder).split(os.sep))


class GameSource:
    """The games of ``files`` as ``pmn validate`` reads them, for both its outputs (a line
    per game, and the whole report): one reading, so both see the same games.

    Iterating gives ``(game, number in its file)`` pairs. Files and folders are read in
    order, each folder walked once; ``openspiel_game`` names the game of OpenSpiel logs,
    ``pits`` translates records without a Pits tag. Games come as cut chunks (the
    validator reads them by the reader's quick path) unless records are needed (``records``: the event checks read
    every record's tags; or a pits translation). A file that cannot be read is handed to
    ``not_read`` (``error`` True) and the other files are still read; so is an entry the
    walk of a folder skips (``error`` False). :attr:`counted` holds the games read from
    each argument and from each file of a folder (ruling N4 needs both). With
    ``list_unread``, the same walk lists in :attr:`left_unread` the files a folder holds
    that are not read (other extensions, entries skipped), hidden ones left out.
    """

    def __init__(
        self,
        files: Sequence[str],
        input_format: str | None,
        openspiel_game: str | None,
        encoding: str | None,
        pits: str | None,
        *,
        records: bool,
        not_read: NotRead,
        list_unread: bool = False,
    ) -> None:
        self.files = tuple(files)
        self.input_format = input_format
        self.openspiel_game = openspiel_game
        self.encoding = encoding
        self.pits = pits
        self.records = records or pits is not None
        self.not_read = not_read
        self.list_unread = list_unread
        #: the games read from each argument, and from each file of a folder
        self.counted: dict[str, int] = {}
        #: the files the folders hold that are not read, in walk order (with ``list_unread``)
        self.left_unread: list[str] = []

    def __iter__(self) -> Iterator[tuple[Chunk | Record, int]]:
        for argument in self.files:
            self.counted.setdefault(argument, 0)
            walked = walked_extensions(self.input_format)
            for item in walk_entries([argument], walked, others=self.list_unread):
                if isinstance(item, str):
                    yield from self._read(argument, item)
                else:
                    self._passed(argument, item)

    def _passed(self, argument: str, item: SkippedPath | UnreadPath | OtherFile) -> None:
        """A walk's entry that is not read: said, and listed when it is a file."""
        if isinstance(item, UnreadPath):
            self.not_read(item.path, item.reason, True)
            return
        if isinstance(item, SkippedPath):
            self.not_read(item.path, item.reason, False)
            if item.folder:
                return  # a link to a folder is not a file left unread
        if self.list_unread and not hidden(item.path, argument):
            self.left_unread.append(item.path)

    def _read(self, argument: str, path: str) -> Iterator[tuple[Chunk | Record, int]]:
        """The games of one file, counted for it and for its argument."""
        self.counted.setdefault(path, 0)
        try:
            reader: Callable[..., Iterator[Chunk | Record]] = (
                read_path if self.records else read_games
            )
            games = reader(
                path, self.input_format, game=self.openspiel_game, encoding=self.encoding
            )
            for index, game in enumerate(games, start=1):
                self.counted[argument] += 1
                self.counted[path] += argument != path
                if self.pits is not None and isinstance(game, Record):  # (records, then)
                    game = translate_record(game, DEFAULT, self.pits).record
                yield game, index
        except OSError as exc:  # one problem; the other files are still read
            self.not_read(path, exc.strerror or str(exc), True)


__all__ = ["GameSource", "NotRead", "hidden"]
