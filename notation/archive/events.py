"""Reading an event's games, validated: from files and folders, or from an archive index.

:func:`read_event` gives every game of an event with its validation report, in input
order, as ``pmn standings`` and ``pmn publish`` count them. It says nothing itself: a
file or folder that cannot be read goes to a callback and the rest is read; an event
with no game at all is a :class:`NoGamesError` (ruling N4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from notation.archive.index import ArchiveIndex, read_back
from notation.archive.parallel import default_jobs, validate_many
from notation.core.record import Record
from notation.core.replay import GameReport
from notation.errors import Code, PMNError
from notation.files.sources import SkippedPath, UnreadPath, walk_inputs
from notation.formats.collection import WALKED_EXTENSIONS, read_path


class NoGamesError(PMNError):
    """Inputs with no game in them at all (ruling N4: an input must hold at least one
    game): an event with no game has no standings. ``inputs`` names them."""

    code = Code.NO_GAMES

    def __init__(self, inputs: Sequence[str]) -> None:
        super().__init__(
            f"no game in {', '.join(inputs)}: an input must hold at least one game (ruling N4)"
        )
        self.inputs = tuple(inputs)


def _indexed(index_path: str) -> Iterator[tuple[Record, int]]:
    """The games of an archive index, read back from their files as indexed, each with
    its number in its file."""
    database = ArchiveIndex(index_path)
    try:
        numbers: dict[str, int] = {}
        for record in read_back(database.all_games()):
            numbers[record.source] = numbers.get(record.source, 0) + 1
            yield record, numbers[record.source]
    finally:
        database.close()


def _from_files(
    files: Sequence[str],
    input_format: str | None,
    encoding: str | None,
    unread: Callable[[UnreadPath], None],
    skipped: Callable[[SkippedPath], None] | None,
) -> Iterator[tuple[Record, int]]:
    """The games of files and folders (each folder walked once), each with its number in
    its file; what cannot be read goes to ``unread`` and the next file is read."""
    for item in walk_inputs(files, WALKED_EXTENSIONS):
        if isinstance(item, UnreadPath):
            unread(item)
        elif isinstance(item, SkippedPath):
            if skipped is not None:
                skipped(item)
        else:
            try:
                records = read_path(item, input_format, encoding=encoding)
                for number, record in enumerate(records, start=1):
                    yield record, number
            except OSError as exc:  # cannot be opened, or stops being readable part way
                unread(UnreadPath.of(item, exc))


def read_event(
    files: Sequence[str],
    input_format: str | None,
    jobs: int | None,
    index_path: str | None = None,
    encoding: str | None = None,
    *,
    unread: Callable[[UnreadPath], None],
    skipped: Callable[[SkippedPath], None] | None = None,
    on_game: Callable[[], None] | None = None,
) -> list[tuple[Record, GameReport]]:
    """Every game of ``files`` (files or folders), or of the archive index at
    ``index_path``, with its validation report, in input order (an index gives its games
    back from their files, as indexed), validated on ``jobs`` processes (default: every
    core).

    A file or folder that cannot be read is handed to ``unread`` and the rest is read;
    an entry a folder walk skips (a FIFO, a link out of the folder) to ``skipped``;
    ``on_game`` is called as each game is read (a progress line).
    Raises :class:`NoGamesError` when no game at all was read (ruling N4), and
    :class:`notation.archive.index.ArchiveIndexError` for an index that cannot be used.
    """
    records: list[Record] = []
    games = (
        _indexed(index_path)
        if index_path is not None
        else _from_files(files, input_format, encoding, unread, skipped)
    )

    def every_record() -> Iterator[tuple[Record, int]]:
        for record, number in games:
            records.append(record)
            if on_game is not None:
                on_game()
            yield record, number

    reports = list(validate_many(every_record(), jobs or default_jobs()))
    if not reports:
        raise NoGamesError(files or (index_path or "",))
    return list(zip(records, reports, strict=True))


__all__ = ["NoGamesError", "read_event"]
