"""How big one game may be: a documented limit, so that one huge game cannot take
a run's memory (reading a game builds objects worth many times its text).

A game whose text is longer than :data:`MAX_GAME_CHARS` is not read: it is a
damaged record with a ``too-large`` error, its text kept as its raw text (so a
conversion carries it through unchanged), and the games after it are read as
usual. The longest real records are far smaller: a Trias game of 300 moves
with a comment on every move is about 30,000 characters.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Protocol

from notation.core.record import ReadError, Record
from notation.errors import Code

#: The most characters of text one game may have (a PMN or OGN game).
MAX_GAME_CHARS = 1_000_000
#: How many times longer than its PMN text a game's JSON may be. What pmn writes, pmn
#: reads: the JSON writer turns a game within :data:`MAX_GAME_CHARS` into a line at most
#: this many times as long. The densest case is movetext of nested one-move variations,
#: ``(D `` (4 characters of PMN) becoming ``{"moves": [{"move": "D", "variations": [``
#: and its closing brackets (about 45: 11x measured on 2,000 levels); a control
#: character in a comment becomes a 6-character ``\u`` escape.
JSON_EXPANSION = 16
#: The most characters one JSON Lines line may have.
MAX_JSON_LINE_CHARS = MAX_GAME_CHARS * JSON_EXPANSION
#: How many bytes of one game (or one line) a reader holds. A too-large game up to
#: this long is kept whole as its damaged record's raw text (twice the longest JSON
#: Lines line read, :data:`MAX_JSON_LINE_CHARS`; every PMN game within
#: :data:`MAX_GAME_CHARS` fits many times), so that a conversion carries it through
#: unchanged. A longer one is cut off as it streams (a
#: file of one endless line, a decompression bomb): its record holds no text, says
#: how long the game was, and no writer writes it (:func:`is_cut_off`).
MAX_KEPT_BYTES = 2 * MAX_JSON_LINE_CHARS


def too_large(text: str, source: str, line: int, limit: int = MAX_GAME_CHARS) -> Record:
    """The damaged record of a game whose text is longer than ``limit`` characters
    (:data:`MAX_GAME_CHARS`; a JSON Lines line: :data:`MAX_JSON_LINE_CHARS`)."""
    error = ReadError(
        Code.TOO_LARGE,
        f"the game is {len(text):,} characters long; PMN reads games of up to "
        f"{limit:,} characters (the other games are read)",
        line,
        1,
    )
    return Record(raw=text, errors=(error,), source=source, line=line)


def cut_off(
    size: int, source: str, line: int, limit: int = MAX_GAME_CHARS, unit: str = "bytes"
) -> Record:
    """The damaged record of a game (or a line) cut off as it streamed: it was ``size``
    bytes (or characters: ``unit``) long, over :data:`MAX_KEPT_BYTES`, and its text
    was not kept."""
    error = ReadError(
        Code.TOO_LARGE,
        f"the game is {size:,} {unit} long; PMN reads games of up to {limit:,} characters, "
        f"and keeps none over {MAX_KEPT_BYTES:,} {unit}: it is left out of what is written "
        "(the other games are read)",
        line,
        1,
    )
    return Record(raw=None, errors=(error,), source=source, line=line)


def bounded_lines(stream: IO[bytes]) -> Iterator[bytes | int]:
    """A binary stream's lines, none held longer than :data:`MAX_KEPT_BYTES`: a longer
    line is read to its end without being held, and given as its length (an int)."""
    while True:
        line = stream.readline(MAX_KEPT_BYTES + 1)
        if not line:
            return
        if len(line) <= MAX_KEPT_BYTES or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while True:
            more = stream.readline(1 << 20)
            size += len(more)
            if not more or more.endswith(b"\n"):
                break
        yield size


def is_cut_off(record: Record) -> bool:
    """Whether a record is a game cut off as it streamed (:func:`cut_off`): damaged,
    and with no text of its own to write."""
    return record.raw is None and bool(record.errors)


class CutText(Protocol):
    """A game's text as a reader cut it from its source (a PMN reader's chunk): the
    core names no type of the formats above it."""

    @property
    def text(self) -> str:
        """The game's text (only its beginning when ``cut``)."""
        ...

    @property
    def line(self) -> int:
        """The number of its first line in its source."""
        ...

    @property
    def source(self) -> str:
        """The file (or ``-``) it was cut from."""
        ...

    @property
    def cut(self) -> int:
        """Its length in bytes when it was cut off as it streamed, else 0."""
        ...


def too_large_chunk(chunk: CutText) -> Record:
    """The damaged record of a cut game over the cap: :func:`too_large` with its text,
    or :func:`cut_off` when the text was not kept (``chunk.cut``)."""
    if chunk.cut:
        return cut_off(chunk.cut, chunk.source, chunk.line)
    return too_large(chunk.text, chunk.source, chunk.line)


__all__ = [
    "JSON_EXPANSION",
    "MAX_GAME_CHARS",
    "MAX_JSON_LINE_CHARS",
    "MAX_KEPT_BYTES",
    "CutText",
    "bounded_lines",
    "cut_off",
    "is_cut_off",
    "too_large",
    "too_large_chunk",
]
