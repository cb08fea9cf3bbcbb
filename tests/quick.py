"""What the reader's quick paths read, for the tests that hold them to the token loop.

Each helper answers only when the quick path read the game's main line (None when the
reader handed the game to its token loop), so a test can say both that the quick path
answers and that its answer is the token loop's.
"""

from __future__ import annotations

from notation.core.record import MoveNode, Record
from notation.formats.pmn import Chunk, TaggedChunk
from notation.formats.reader import read_game
from notation.formats.visitor import FirstMovesBuilder, RecordBuilder


def quick_record(chunk: Chunk) -> Record | None:
    """The record the quick path reads (moves without places), or None."""
    builder = RecordBuilder(places=False)
    record = read_game(chunk, builder)
    return record if builder.quickly_read else None


def quick_outline(chunk: Chunk) -> tuple[str, int] | None:
    """The result and main-line length the quick path reads, or None."""
    record = quick_record(chunk)
    return None if record is None else (record.result, len(record.mainline.moves))


def quick_first_moves(game: Chunk | TaggedChunk, plies: int) -> tuple[MoveNode, ...] | None:
    """The first ``plies`` moves the quick path reads from a game still in its bytes, only
    that far (its text is not decoded), or None."""
    builder = FirstMovesBuilder(plies)
    first = read_game(game, builder)
    if isinstance(game, TaggedChunk) and game.raw is None:
        return None  # decoded: read by another way
    return first if builder.quickly_read else None  # type: ignore[return-value]
