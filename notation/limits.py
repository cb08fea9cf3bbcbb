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


def too_large(text: str, source: str, line: int, limit: int = MAX_GAME_CHARS) -> Record:
    """The damaged record of a game whose text is longer than ``limit`` characters
    (:data:`MAX_GAME_CHARS`; a JSON Lines line: :data:`MAX_JSON_LINE_CHARS`)."""
    error = ReadError(
        "too-large",
        f"the game is {len(text):,} characters long; PMN reads games of up to "
        f"{limit:,} characters (the other games are read)",
        line,
        1,
    )
    return Record(raw=text, errors=(error,), source=source, line=line)


__all__ = ["JSON_EXPANSION", "MAX_GAME_CHARS", "MAX_JSON_LINE_CHARS", "too_large"]
