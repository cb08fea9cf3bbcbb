"""Games as cut from a PMN file (:class:`~notation.formats.pmn.Chunk`), validated.

A game written plainly is read by the reader's quick path (its moves without their
places: ``RecordBuilder(places=False)``) and checked; a game with anything to report is
read again with places, so every report carries exact places.
"""

from __future__ import annotations

from notation.core.record import Record
from notation.core.replay import GameReport, validate_record
from notation.formats.pmn import Chunk, read_chunk
from notation.formats.reader import read_game
from notation.formats.visitor import RecordBuilder


def declared_record(chunk: Chunk) -> Record:
    """A game's record for what it declares (tags, result, main line): the reader's
    record, read by the quick path when the game is written plainly (then its moves
    carry no line and column)."""
    return read_game(chunk, RecordBuilder(places=False))


def validate_game(game: Chunk | Record, index: int = 1, *, pits: str | None = None) -> GameReport:
    """Validate a game given as an unread chunk (quick path first) or as a record."""
    if isinstance(game, Chunk):
        return validate_chunk(game, index, pits=pits)
    return validate_record(game, index, pits=pits)


def validate_chunk(chunk: Chunk, index: int = 1, *, pits: str | None = None) -> GameReport:
    """Validate one game's text: the same report as ``validate_record(read_chunk(chunk))``.

    A game written plainly is read by the quick path and checked by the same
    :func:`validate_record`; a game with a problem to report is read again with
    places, so every report carries exact places.
    """
    builder = RecordBuilder(places=False)
    record = read_game(chunk, builder)
    if not builder.quickly_read:
        return validate_record(record, index, pits=pits)
    report = validate_record(record, index, pits=pits)
    if report.valid:
        return report
    return validate_record(read_chunk(chunk), index, pits=pits)


__all__ = ["declared_record", "validate_chunk", "validate_game"]
