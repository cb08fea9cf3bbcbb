"""Games as cut from a PMN file (:class:`~notation.formats.pmn.Chunk`), read cheaply and
validated.

Most games in a collection are written plainly: one tag pair a line, then move numbers,
moves and a result. :func:`plain_record` reads such a game with a few string operations
(the record the full reader builds, but for the moves' line and column), and
:func:`validate_chunk` validates a game as cut, reading it in full only when it is not
plain or has something to report, so every report carries exact places.

These are fast paths, not readers of their own: whenever one answers, its answer is
what a visitor of the one token loop (:mod:`notation.formats.visitor`) gives for the
same game (:class:`~notation.formats.visitor.RecordBuilder`'s record but for the moves'
places, :class:`~notation.formats.visitor.OutlineBuilder`'s outline,
:class:`~notation.formats.visitor.FirstMovesBuilder`'s first moves;
``tests/formats/test_reader_visitors.py``), and a game they decline is read by it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from notation.core.record import Line, MoveNode, Record
from notation.core.replay import GameReport, validate_record
from notation.core.tokens import MOVE, MOVE_NUMBER, RESULT, TAG_PAIR, unescape_tag_value
from notation.formats.pmn import Chunk, TaggedChunk, read_chunk

_TAG_LINE_RE = TAG_PAIR.re
_NUMBER_RE = MOVE_NUMBER.re
_RESULT_RE = RESULT.re
_MOVE_RE = MOVE.re
#: White space to ``str.split`` that is not white space in PMN (the full reader reports it:
#: a no-break space is not a space): a game holding any is not plain.
_ODD_SPACE = "\r\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
#: Characters that make movetext more than numbers, moves and a result. A "(" against
#: a move is plain (Togyz Kumalak's ``87(10)``): each token is then read as a move or
#: the game is not plain, so "(" and ")" anywhere else still are not.
_NOT_PLAIN_RE = re.compile(r'[{};$!?%\\"\x00' + _ODD_SPACE + "]")
#: A "(" not against a move (looked for only in movetext that holds one).
_BRACKET_RE = re.compile(r"(?<![0-9A-Za-z])\(")
#: Comments after the last token, each on one line (they follow the result, or the game
#: is not plain: the token before them must be the result).
_TRAILING_COMMENTS_RE = re.compile(r"(?:[ \t\n]*\{[^{}\n]*\})+[ \t\n]*\Z")
_COMMENT_RE = re.compile(r"\{([^{}\n]*)\}")
#: Move nodes met before, by their text (``"C"``, or ``"12.\0C"`` with the number
#: before it): nodes are immutable values, so plainly written games share them (a
#: bounded cache; see :func:`plain_record`).
_NODES: dict[str, MoveNode] = {}


def _plain_node(text: str) -> MoveNode | None:
    """The move node of a token of :func:`plain_record` (``"C"``, ``"12.\0C"``),
    remembered; None when it is not a move, with or without a number."""
    number, joined, token = text.partition("\0")
    if not joined:
        number, token = "", text
    if (
        not token  # a number and nothing after it ("12.\0" when spaces follow the number)
        or token[-1] == "."  # a number with no move after it (or two numbers in a row)
        or "\0" in token
        or _RESULT_RE.fullmatch(token)
        or not _MOVE_RE.fullmatch(token)
        or (number and not _NUMBER_RE.fullmatch(number))
    ):
        return None
    node = MoveNode(token, number or None)
    if len(_NODES) < 65536:
        _NODES[text] = node
    return node


def _tag_pairs(line: str) -> list[tuple[str, str]] | None:
    """The tag pairs of a line that holds only tag pairs (one, or several apart: a
    PlayOK game's put-in tags, notation.formats.playok); None for any other line."""
    match = _TAG_LINE_RE.fullmatch(line)
    if match is not None:  # one pair, the usual line
        return [(match.group("tag_name"), unescape_tag_value(match.group("tag_value")))]
    pairs: list[tuple[str, str]] = []
    at = 0
    for match in _TAG_LINE_RE.finditer(line):
        if line[at : match.start()].strip(" \t"):
            return None
        at = match.end()
        pairs.append((match.group("tag_name"), unescape_tag_value(match.group("tag_value"))))
    return pairs if at and not line[at:].strip(" \t") else None


def plain_record(chunk: Chunk) -> Record | None:
    """A game written plainly, read cheaply; None when it is anything else.

    Plainly means: one tag pair per line, then only move numbers, moves and
    a result (no comments, annotations or variations), and no decoding
    errors. The record is the one the full reader builds, except that its
    moves carry no line and column (so :func:`validate_chunk` reads the
    game again in full when it has anything to report).
    """
    if chunk.errors or chunk.too_large:  # (read_chunk gives a too-large game's record)
        return None
    lines = chunk.text.split("\n")
    tags: list[tuple[str, str]] = []
    first = -1
    body = len(lines)
    for index, line in enumerate(lines):
        stripped = line.strip(" \t")
        if not stripped:
            continue
        if first < 0:
            first = index
        if not stripped.startswith("["):
            body = index
            break
        pairs = _tag_pairs(stripped)
        if pairs is None:
            return None
        tags.extend(pairs)
    movetext = " ".join(lines[body:])
    trailing: tuple[str, ...] = ()
    if "{" in movetext:  # comments after the result only (PlayOK's {zero}, ruling Q11)
        movetext = "\n".join(lines[body:])
        found = _TRAILING_COMMENTS_RE.search(movetext)
        if found is None:
            return None
        trailing = tuple(_COMMENT_RE.findall(found.group()))
        movetext = movetext[: found.start()].replace("\n", " ")
    if _NOT_PLAIN_RE.search(movetext) or ("(" in movetext and _BRACKET_RE.search(movetext)):
        return None
    # each move number joined to the move after it by a NUL ("12.\0C"), so that a
    # move and its number are one token, looked up whole
    tokens = movetext.replace(". ", ".\0").split()
    if not tokens or not _RESULT_RE.fullmatch(tokens[-1]):
        return None  # no result, or a number before it ("69.\01-0")
    result = tokens.pop()
    nodes: list[MoveNode | None] = list(map(_NODES.get, tokens))
    if not all(nodes):  # (a MoveNode is always true)
        for index, node in enumerate(nodes):
            if node is None:
                node = _plain_node(tokens[index])
                if node is None:
                    return None
                nodes[index] = node
    if trailing:
        if not nodes:
            return None
        nodes[-1] = replace(cast(MoveNode, nodes[-1]), comments=trailing)
    return Record(
        tuple(tags),
        Line(tuple(cast("list[MoveNode]", nodes))),
        result,
        source=chunk.source,
        line=chunk.line + max(first, 0),
    )


#: A game as plainly written as :func:`plain_outline` answers from its text: tag pairs
#: one a line (no escapes), then movetext with none of the characters that make it more
#: than move numbers, moves and a result, then the result (a stricter form than
#: :func:`plain_record` reads: anything else goes to it).
_OUTLINE_RE = re.compile(
    r'(?>(?:[ \t]*+(?:\[[A-Za-z0-9_]+ "[^"\\\r\n]*+"\][ \t]*+)?\n)*)'
    r'(?:([^{};$!?%\\"\x00' + _ODD_SPACE + r"]*)[ \n])?"
    r"(\*|[0-9]{1,9}(?:/[0-9]{1,9})?(?:-[0-9]{1,9}(?:/[0-9]{1,9})?)+)[ \t\n]*+"
)


def plain_outline(chunk: Chunk) -> tuple[str, int] | None:
    """A plainly written game's result and number of main-line moves, from its text
    without building its record: what :func:`plain_record`'s record says
    (``record.result``, ``len(record.mainline.moves)``); None when the game is not
    written plainly (read its record then).

    Cheaper than the record (about a third of :func:`plain_record`'s cost): one
    regular expression over the text, and each token looked up among those
    :func:`plain_record` has read as moves before (a token not met before: the game
    is read by it, once).
    """
    head = plain_head(chunk, 0)
    return None if head is None else (head[0], head[1])


def plain_head(chunk: Chunk, plies: int) -> tuple[str, int, tuple[MoveNode, ...]] | None:
    """:func:`plain_outline`, and the first ``plies`` move nodes of the main line (those
    :func:`plain_record`'s record has), for what needs only the beginning of a game (an
    opening tree); None when the game is not written plainly."""
    if chunk.errors or chunk.too_large:
        return None
    match = _OUTLINE_RE.fullmatch(chunk.text)
    if match is None:
        return None
    movetext = (match.group(1) or "").replace("\n", " ")
    if "(" in movetext and _BRACKET_RE.search(movetext):
        return None  # a "(" not against a move: a variation
    tokens = movetext.replace(". ", ".\0").split()  # as plain_record cuts them
    if not all(map(_NODES.__contains__, tokens)):
        record = plain_record(chunk)
        if record is None:
            return None
        moves = record.mainline.moves
        return record.result, len(moves), moves[:plies]
    return match.group(2), len(tokens), tuple(map(_NODES.__getitem__, tokens[:plies]))


#: A tag section as plainly written as :func:`plain_first_moves` reads past it, in bytes:
#: lines of tag pairs (no escapes) and blank lines, each ended by a line end.
_PLAIN_SECTION_RE = re.compile(
    rb'(?>(?:[ \t]*+(?>(?:\[[A-Za-z0-9_]+ "[^"\\\r\n]*+"\][ \t]*+)*)\n)*)'
)


def plain_first_moves(game: TaggedChunk, plies: int) -> tuple[MoveNode, ...] | None:
    """The first ``plies`` move nodes of a game's main line, read from the beginning of
    its movetext only (an opening tree's depth of a long game), when the game is written
    plainly up to there: tag pairs one a line, then move numbers and moves the cheap reader
    has read before (:func:`plain_record`'s). None when it is not, or when the main line
    is shorter: read the record then.

    What follows the ``plies``-th move is not read: a game damaged after it gives the
    moves its full record begins with (the reader keeps the moves before a fault).
    """
    data = game.raw
    if data is None or plies <= 0:
        return None
    body = _PLAIN_SECTION_RE.match(data).end()  # type: ignore[union-attr]
    if body == 0 or data[body - 1 : body] != b"\n":
        return None  # no tag section: not a game this reads
    words = data[body:].split(None, 2 * plies)  # enough for plies moves and their numbers
    if len(words) > 2 * plies:
        words.pop()  # the rest of the game, not read
    else:
        return None  # a game this short is read whole
    if b"\r" in data or b"\x0b" in data or b"\x0c" in data:
        return None  # bytes.split cuts at them, and the reader takes none for white space
    nodes: list[MoveNode] = []
    number = ""
    for word in words:
        try:
            token = word.decode("ascii")
        except UnicodeDecodeError:
            return None
        if token[-1] == "." and not number:
            number = token
            continue
        key = f"{number}\0{token}" if number else token
        node = _NODES.get(key)
        if node is None:  # (the cheap reader's tokens: none of what makes a game not plain)
            node = None if _NOT_PLAIN_RE.search(token) else _plain_node(key)
            if node is None:
                return None
        nodes.append(node)
        if len(nodes) == plies:
            return tuple(nodes)
        number = ""
    return None


def validate_game(game: Chunk | Record, index: int = 1, *, pits: str | None = None) -> GameReport:
    """Validate a game given as an unread chunk (cheap reader first) or as a record."""
    if isinstance(game, Chunk):
        return validate_chunk(game, index, pits=pits)
    return validate_record(game, index, pits=pits)


def validate_chunk(chunk: Chunk, index: int = 1, *, pits: str | None = None) -> GameReport:
    """Validate one game's text: the same report as ``validate_record(read_chunk(chunk))``.

    A game written plainly is read by the cheap reader (:func:`plain_record`)
    and checked by the same :func:`validate_record`; anything else, and any
    game with a problem to report, is read in full, so every report carries
    exact places.
    """
    record = plain_record(chunk)
    if record is not None:
        report = validate_record(record, index, pits=pits)
        if report.valid:
            return report
    return validate_record(read_chunk(chunk), index, pits=pits)


__all__ = [
    "plain_first_moves",
    "plain_head",
    "plain_outline",
    "plain_record",
    "validate_chunk",
    "validate_game",
]
