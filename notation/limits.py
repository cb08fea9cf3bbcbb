"""How big one game may be: a documented limit, so that one huge game cannot take
a run's memory (reading a game builds objects worth many times its text).

A game whose text is longer than :data:`MAX_GAME_CHARS` is not read: it is a
damaged record with a ``too-large`` error, its text kept as its raw text (so a
conversion carries it through unchanged), and the games after it are read as
usual. The longest real records are far smaller: a Trias game of 300 moves
with a comment on every move is about 30,000 characters.
"""

from __future__ import annotations

from notation.record import ReadError, Record

#: The most characters of text one game may have (PMN or OGN game, JSON Lines line).
MAX_GAME_CHARS = 1_000_000


def too_large(text: str, source: str, line: int) -> Record:
    """The damaged record of a game whose text is longer than :data:`MAX_GAME_CHARS`."""
    error = ReadError(
        "too-large",
        f"the game is {len(text):,} characters long; PMN reads games of up to "
        f"{MAX_GAME_CHARS:,} characters (the other games are read)",
        line,
        1,
    )
    return Record(raw=text, errors=(error,), source=source, line=line)


__all__ = ["MAX_GAME_CHARS", "too_large"]
