"""The PMN reader: one game's text read once, its tags, moves, comments, annotations,
variations, result and errors reported to a visitor (:mod:`notation.formats.visitor`).

:func:`read_game` is the one reader of PMN text, as ``chess.pgn.read_game(handle,
Visitor=...)`` is python-chess's: every command that reads a PMN game (a record, its
tags alone, its result and length, its first moves) calls it with the visitor that
keeps what it needs. It knows PMN's rules once, in one token loop (tag pairs first,
move numbers before their moves, annotations after a move, variations after the move
they replace, one result at the end, and every error with its code and place).

Most games of a collection are written plainly: one tag pair a line, then move numbers,
moves and a result. The reader reads such text by quick paths of its own, which report
the same things to the same visitor and hand anything else to the token loop:

- a tag section of tag-pair lines is read by one regular expression
  (:meth:`~notation.formats.visitor.BaseVisitor.visit_tags`), and the token loop
  starts after it;
- for a visitor that needs no move's place (:attr:`~notation.formats.visitor.BaseVisitor.quick`),
  plain movetext (numbers, moves, a result, comments after it) is read by a string
  split, and its main line reported at once
  (:meth:`~notation.formats.visitor.BaseVisitor.visit_moves`, moves without line and
  column); a visitor that wants only the first moves of a game still in its bytes
  (:class:`~notation.formats.pmn.TaggedChunk`) gets them without the rest being decoded.

A quick path either reads a part whole or reports nothing of it, so a visitor cannot
tell which way a game was read, but by the missing places of quickly read moves
(``tests/formats/test_reader_visitors.py`` holds every visitor's answer to the
grammar's, the specification, on every way of writing a game).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any, TypeVar, cast

from notation.core.limits import too_large_chunk
from notation.core.record import MoveNode, ReadError
from notation.core.tokens import (
    LONG_NUMBER_RE,
    MAX_DIGITS,
    MOVE,
    MOVE_NUMBER,
    RESULT,
    TAG_PAIR,
    TOKEN_RE,
    unescape_tag_value,
)
from notation.formats.visitor import SKIP, BaseVisitor, GameText

_T = TypeVar("_T")


def read_game(game: GameText, visitor: BaseVisitor[_T]) -> _T:
    """Read one game's text, reporting what it holds to ``visitor``; its result.

    A game over the cap (:attr:`~notation.formats.pmn.Chunk.too_large`) is not read:
    the error of :func:`notation.core.limits.too_large_chunk` is reported instead.
    """
    visitor.begin_game(game)
    errors = game.errors
    for error in errors:
        visitor.visit_error(error)
    if game.too_large:  # one huge game must not take the run's memory
        for error in too_large_chunk(game).errors:
            visitor.visit_error(error)
        visitor.end_game(game.line)
    elif errors or not _read_quickly(game, visitor):
        visitor.end_game(_read_tokens(game, visitor))
    return visitor.result()


# -- the quick paths -------------------------------------------------------------

#: A tag section written plainly: lines of tag pairs (any number, spaces between) and
#: blank lines, each ended by a line end. The match ends where the movetext begins.
_TAG_SECTION_RE = re.compile(
    r"(?>(?:[ \t]*+(?>(?:" + re.sub(r"\(\?P<\w+>", "(?:", TAG_PAIR.re.pattern) + r"[ \t]*+)*)\n)*)"
)
#: A tag pair written the common way (one space, no escapes), and a tag section of them.
_PLAIN_TAG_RE = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\r\n]*)"\]')
_COMMON_TAG_SECTION_RE = re.compile(
    r'(?>(?:[ \t]*+(?>(?:\[[A-Za-z0-9_]+ "[^"\\\r\n]*+"\][ \t]*+)*)\n)*)'
)
_NUMBER_RE = MOVE_NUMBER.re
_RESULT_RE = RESULT.re
_MOVE_RE = MOVE.re
#: White space to ``str.split`` that is not white space in PMN (the token loop reports
#: it: a no-break space is not a space): movetext holding any is not plain.
_ODD_SPACE = "\r\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
#: Characters that make movetext more than numbers, moves and a result. A "(" against
#: a move is plain (Togyz Kumalak's ``87(10)``): each token is then read as a move or
#: the movetext is not plain, so "(" and ")" anywhere else still are not.
_NOT_PLAIN_RE = re.compile(r'[{};$!?%\\"\x00' + _ODD_SPACE + "]")
#: A "(" not against a move (looked for only in movetext that holds one).
_BRACKET_RE = re.compile(r"(?<![0-9A-Za-z])\(")
#: Comments after the last token, each on one line (they follow the result, or the
#: movetext is not plain: the token before them must be the result).
_TRAILING_COMMENTS_RE = re.compile(r"(?:[ \t\n]*\{[^{}\n]*\})+[ \t\n]*\Z")
_COMMENT_RE = re.compile(r"\{([^{}\n]*)\}")
#: Move nodes met before, by their text (``"C"``, or ``"12.\0C"`` with the number
#: before it): nodes are immutable values, so plainly written games share them.
_NODES: dict[str, MoveNode] = {}
_NODES_KEPT = 65536


def _read_quickly(game: GameText, visitor: BaseVisitor[Any]) -> bool:
    """Read a game by the quick paths as far as they go, the token loop after them;
    False when no quick path reads its beginning (nothing was reported then)."""
    plies = visitor.first_plies
    if plies and visitor.quick:
        raw = getattr(game, "raw", None)  # a game still in its bytes (TaggedChunk)
        first = None if raw is None else _first_moves_in_bytes(raw, plies)
        if first is not None:
            visitor.visit_tags(game.tags)  # type: ignore[attr-defined]
            if visitor.end_tags() is not SKIP:
                visitor.visit_moves(first)
            visitor.end_game(game.line)
            return True
    text = game.text
    body = _COMMON_TAG_SECTION_RE.match(text).end()  # type: ignore[union-attr]  # (always matches)
    if _BRACKET_LINE_RE.match(text, body):  # tag pairs written another way, or no tag pairs
        body = _TAG_SECTION_RE.match(text).end()  # type: ignore[union-attr]
        if _BRACKET_LINE_RE.match(text, body):
            return False  # a "[" line that is not tag pairs alone: the token loop says why
    first_token = _SPACE_RE.match(text).end()  # type: ignore[union-attr]
    line = game.line
    record_line = 0  # the line of the game's first token (0: none yet)
    if first_token < body:
        record_line = line + text.count("\n", 0, first_token)
        if _listens_to_tags(type(visitor)):
            visitor.visit_tags(_section_pairs(text[:body]))
    if visitor.quick and _read_plain_movetext(game, visitor, body, record_line):
        return True
    visitor.end_game(
        _read_tokens(game, visitor, body, line + text.count("\n", 0, body), record_line)
    )
    return True


#: A line that begins with "[" (after spaces and tabs).
_BRACKET_LINE_RE = re.compile(r"[ \t]*\[")
_SPACE_RE = re.compile(r"[ \t\n]*")


@functools.cache
def _listens_to_tags(kind: type[BaseVisitor[Any]]) -> bool:
    """Whether visitors of a class keep tag pairs (one that does not is not given them
    by the quick path: the pairs are not even parsed)."""
    return (
        kind.visit_tags is not BaseVisitor.visit_tags or kind.visit_tag is not BaseVisitor.visit_tag
    )


def _section_pairs(section: str) -> tuple[tuple[str, str], ...]:
    """The tag pairs of a plainly written tag section, values unescaped."""
    pairs: list[tuple[str, str]] = _PLAIN_TAG_RE.findall(section)
    if len(pairs) == section.count("["):
        return tuple(pairs)
    found = TAG_PAIR.re.findall(section)
    if "\\" in section:
        return tuple((name, unescape_tag_value(value)) for name, value in found)
    return tuple(found)


def _read_plain_movetext(
    game: GameText, visitor: BaseVisitor[Any], body: int, record_line: int
) -> bool:
    """Read the movetext after ``body`` when it is written plainly: numbers, moves, a
    result and comments after it, each on one line; False (nothing reported) else."""
    text = game.text
    movetext = text[body:]
    trailing: list[str] = []
    if "{" in movetext:  # comments after the result only (PlayOK's {zero}, ruling Q11)
        found = _TRAILING_COMMENTS_RE.search(movetext)
        if found is None:
            return False
        trailing = _COMMENT_RE.findall(found.group())
        movetext = movetext[: found.start()]
    if _NOT_PLAIN_RE.search(movetext) or ("(" in movetext and _BRACKET_RE.search(movetext)):
        return False
    # each move number joined to the move after it by a NUL ("12.\0C"), so that a
    # move and its number are one token, looked up whole
    tokens = movetext.replace("\n", " ").replace(". ", ".\0").split()
    if not tokens or not _RESULT_RE.fullmatch(tokens[-1]) or (trailing and len(tokens) < 2):
        return False  # no result, a number before it ("69.\01-0"), or comments after none
    nodes = _plain_nodes(tokens[:-1])
    if nodes is None:
        return False
    if not record_line:
        first_token = _SPACE_RE.match(text, body).end()  # type: ignore[union-attr]
        record_line = game.line + text.count("\n", 0, first_token)
    if visitor.end_tags() is SKIP:
        visitor.end_game(record_line)
        return True
    visitor.visit_moves(nodes)
    visitor.visit_result(tokens[-1])
    for comment in trailing:
        visitor.visit_comment(comment)
    visitor.end_game(record_line)
    return True


def _plain_nodes(tokens: list[str]) -> tuple[MoveNode, ...] | None:
    """The move nodes of plain tokens (``"C"``, ``"12.\0C"``); None when one is not a
    move, with or without its number."""
    nodes: list[MoveNode | None] = list(map(_NODES.get, tokens))
    if not all(nodes):  # (a MoveNode is always true)
        for index, node in enumerate(nodes):
            if node is None:
                node = _plain_node(tokens[index])
                if node is None:
                    return None
                nodes[index] = node
    return cast("tuple[MoveNode, ...]", tuple(nodes))


def _plain_node(text: str) -> MoveNode | None:
    """The move node of a plain token (``"C"``, ``"12.\0C"``), remembered; None when it
    is not a move, with or without a number."""
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
    if len(_NODES) < _NODES_KEPT:
        _NODES[text] = node
    return node


#: A tag section as plainly written as :func:`_first_moves_in_bytes` reads past it, in
#: bytes: lines of tag pairs (no escapes) and blank lines, each ended by a line end.
_PLAIN_SECTION_BYTES_RE = re.compile(
    rb'(?>(?:[ \t]*+(?>(?:\[[A-Za-z0-9_]+ "[^"\\\r\n]*+"\][ \t]*+)*)\n)*)'
)


def _first_moves_in_bytes(data: bytes, plies: int) -> tuple[MoveNode, ...] | None:
    """The first ``plies`` move nodes of a game still in its bytes, read from the beginning
    of its movetext only (an opening tree's depth of a long game), when it is written
    plainly up to there; None when it is not, or when the main line is not longer.

    What follows the ``plies``-th move is not read: a game damaged after it gives the
    moves its full record begins with (the token loop keeps the moves before a fault).
    """
    body = _PLAIN_SECTION_BYTES_RE.match(data).end()  # type: ignore[union-attr]
    if body == 0 or data[body - 1 : body] != b"\n":
        return None  # no tag section: not a game this reads
    words = data[body:].split(None, 2 * plies)  # enough for plies moves and their numbers
    if len(words) <= 2 * plies:
        return None  # a game this short is read whole
    words.pop()  # the rest of the game, not read
    if b"\r" in data or b"\x0b" in data or b"\x0c" in data:
        return None  # bytes.split cuts at them, and the reader takes none for white space
    nodes: list[MoveNode] = []
    number = ""
    for word in words:
        if not word.isascii():
            return None
        token = word.decode("ascii")
        if token[-1] == "." and not number:
            number = token
            continue
        key = f"{number}\0{token}" if number else token
        node = _NODES.get(key)
        if node is None:  # (the quick path's tokens: none of what makes a game not plain)
            node = None if _NOT_PLAIN_RE.search(token) else _plain_node(key)
            if node is None:
                return None
        nodes.append(node)
        if len(nodes) == plies:
            return tuple(nodes)
        number = ""
    return None


# -- the token loop ----------------------------------------------------------------

#: The tokens that end the tag pairs: movetext begins with them.
_MOVETEXT_KINDS = frozenset(("move", "glyph", "number", "comment", "line_comment", "open"))


def _read_tokens(
    chunk: GameText, visitor: BaseVisitor[Any], offset: int = 0, line: int = 0, record_line: int = 0
) -> int:
    """The token loop of :func:`read_game`: the one place that knows PMN's movetext
    rules, from ``offset`` (the beginning of line ``line``: where a plain tag
    section read by the quick path ends; ``record_line`` the line of its first tag
    pair). Gives the line of the game's first token (0 when it has none)."""
    text = chunk.text
    visit_move, visit_comment = visitor.visit_move, visitor.visit_comment
    number: str | None = None
    result: str | None = None
    in_tags = True  # no move, number, comment or variation yet: tag pairs may come
    moved = False  # the line being read has a move (annotations and variations follow it)
    opened: list[tuple[int, int]] = []  # the places of the variations open
    line = line or chunk.line
    line_start = offset  # offset of the current line's first character
    for match in TOKEN_RE.finditer(text, offset):
        kind = match.lastgroup
        start = match.start()
        if kind == "space":
            newlines = text.count("\n", start, match.end())
            if newlines:
                line += newlines
                line_start = text.rindex("\n", start, match.end()) + 1
            continue
        if not record_line:
            record_line = line
        if result is not None and _after_result(kind, text, start):
            _error(visitor, "text-after-result", f'"{_shown(match.group())}" after the result {result}', line, start - line_start + 1)  # fmt: skip
            break
        if in_tags and kind in _MOVETEXT_KINDS:  # tag pairs come first (grammar: record)
            if _end_tags(visitor):
                return record_line
            in_tags = False
        if kind in ("move", "glyph"):
            visit_move(
                match.group("move"),
                number,
                match.group("glyph") or "",
                line,
                start - line_start + 1,
            )
            number = None
            moved = True
        elif kind == "number":
            if number is not None:
                _number_alone(visitor, number, line, start - line_start + 1)
            number = match.group("number")
        elif kind in ("comment", "line_comment"):
            comment = match.group(kind)
            if kind == "comment" and "\n" in comment:
                line += comment.count("\n")
                line_start = text.rindex("\n", start, match.end()) + 1
            visit_comment(comment)
        elif kind == "tag_value":
            if not in_tags:
                message = "tag pair inside the movetext: tag pairs come first, before any move or comment"  # fmt: skip
                _error(visitor, "syntax", message, line, start - line_start + 1)
                break
            visitor.visit_tag(match.group("tag_name"), unescape_tag_value(match.group("tag_value")))
        elif kind == "result":
            if opened:
                _unclosed_at_result(visitor, opened[-1], line, start - line_start + 1)
                break
            result = match.group("result")
            visitor.visit_result(result)
        elif kind == "nag":
            _nag(visitor, match, moved and number is None, line, start - line_start + 1)
        elif kind == "open":
            column = start - line_start + 1
            if not moved:
                _error(visitor, "syntax", "a variation must follow the move it replaces", line, column)  # fmt: skip
                break
            if number is not None:
                _number_alone(visitor, number, line, column)
                number = None
            opened.append((line, column))
            visitor.begin_variation(line, column)
            moved = False
        elif kind == "close":
            if not opened:
                _error(visitor, "syntax", '")" closes no variation', line, start - line_start + 1)
                break
            if number is not None:
                _number_alone(visitor, number, line, start - line_start + 1)
                number = None
            opened.pop()
            visitor.end_variation()
            moved = True  # the move the variation replaces
        else:  # a "[" that begins no tag pair, or text that is no token
            _unreadable(visitor, chunk, kind, match.group(), line, start, line_start)
            break
    else:
        if in_tags and _end_tags(visitor):
            return record_line
        _end_of_text(visitor, chunk, number, opened, result is not None, line, line_start)
    return record_line


def _after_result(kind: str | None, text: str, start: int) -> bool:
    """Whether a token after the result is an error: anything but a comment (an unclosed
    "{" is reported as such)."""
    return kind not in ("comment", "line_comment") and not (
        kind == "stray" and text.startswith("{", start)
    )


def _nag(
    visitor: BaseVisitor[Any], match: re.Match[str], after_move: bool, line: int, column: int
) -> None:
    """A numeric annotation: the move just read's, or an error when none was."""
    if after_move:
        visitor.visit_nag(int(match.group("nag")))
    else:
        message = f'annotation "{match.group()}" does not follow a move'
        _error(visitor, "syntax", message, line, column)


def _end_tags(visitor: BaseVisitor[Any]) -> bool:
    """Tell the visitor the tag pairs are over; whether it wants no movetext."""
    return visitor.end_tags() is SKIP


def _error(visitor: BaseVisitor[Any], code: str, message: str, line: int, column: int) -> None:
    visitor.visit_error(ReadError(code, message, line, column))


def _number_alone(visitor: BaseVisitor[Any], number: str, line: int, column: int) -> None:
    _error(visitor, "syntax", f'move number "{number}" is not followed by a move', line, column)


def _unclosed_at_result(
    visitor: BaseVisitor[Any], opened: tuple[int, int], line: int, column: int
) -> None:
    where = f"line {opened[0]} column {opened[1]}"
    message = f"result inside an unclosed variation (opened at {where})"
    _error(visitor, "unclosed-variation", message, line, column)


def _unreadable(
    visitor: BaseVisitor[Any],
    chunk: GameText,
    kind: str | None,
    bad: str,
    line: int,
    start: int,
    line_start: int,
) -> None:
    """Report a "[" that begins no readable tag pair, or text that is no token."""
    text = chunk.text
    column = start - line_start + 1
    if kind == "tag_start":
        end = text.find("\n", start)
        written = text[start : end if end >= 0 else len(text)].rstrip()
        escape = _BAD_ESCAPE_RE.match(written)
        if escape:
            message = (
                f"cannot read tag pair {_shown(written)}: in a value, a backslash is "
                'written \\\\ and a quote \\"'
            )
            _error(visitor, "bad-tag", message, line, column + escape.end() - 2)
        else:
            message = f'cannot read tag pair {_shown(written)}: expected [Name "value"]'
            _error(visitor, "bad-tag", message, line, column)
    elif bad.startswith("{"):
        _error(visitor, "unclosed-comment", "comment opened with { is never closed", line, column)
    elif not ("\ufffd" in bad and chunk.errors):  # a bad byte: its error is given
        _error(visitor, "syntax", f'cannot read "{_shown(bad)}"{_why_stray(bad)}', line, column)


def _end_of_text(
    visitor: BaseVisitor[Any],
    chunk: GameText,
    number: str | None,
    opened: list[tuple[int, int]],
    has_result: bool,
    line: int,
    line_start: int,
) -> None:
    """The errors of a text read to its end: a number with no move, a variation never
    closed, or no result."""
    text = chunk.text
    if number is not None:
        _number_alone(visitor, number, line, len(text) - line_start + 1)
    if opened:
        at_line, at_column = opened[-1]
        message = f"variation opened at line {at_line} column {at_column} is never closed"
        _error(visitor, "unclosed-variation", message, at_line, at_column)
    elif not has_result:
        # grammar: movetext ::= line result; the record is kept (as "*")
        end = len(text.rstrip())
        message = (
            "the game has no result: end its movetext with one, such as 1-0, 0-1, "
            "1/2-1/2 (a draw) or * (not finished)"
        )
        at_line = chunk.line + text.count("\n", 0, end)
        _error(visitor, "missing-result", message, at_line, end - text.rfind("\n", 0, end))


#: A tag pair whose value holds a backslash that escapes neither a quote nor a backslash;
#: the match ends just after that backslash and the character it escapes.
_BAD_ESCAPE_RE = re.compile(r'\[[ \t]*[A-Za-z0-9_]+[ \t]+"(?:[^"\\\n]|\\["\\])*\\[^"\\\n]')
_RESULT_LIKE_RE = re.compile(r"[0-9]+[-/]")


def _why_stray(bad: str) -> str:
    """What to change in text the grammar cannot read (after "cannot read ..."), or ""."""
    first = bad[0]
    if first == "\ufffd":
        return (
            ": U+FFFD stands for a character lost when the text was converted from "
            "another encoding; type the character again"
        )
    if first.isspace():
        name = unicodedata.name(first, "a space character")
        return f": {name} (U+{ord(first):04X}) is not white space in PMN; use a plain space"
    if first == "$":
        return ": an annotation is $ followed by one to three digits 0-9, such as $1"
    if _RESULT_LIKE_RE.match(bad):
        if LONG_NUMBER_RE.search(bad):
            return f": a number in a result has at most {MAX_DIGITS} digits"
        return ": a result is followed by a space"  # "1-0*", "1/2-1/2!"
    if LONG_NUMBER_RE.search(bad):
        return f": a number has at most {MAX_DIGITS} digits"
    digit = next((c for c in bad if c.isdigit() and not c.isascii()), None)
    if digit is not None:
        return f': "{digit}" is not a digit of PMN; digits are 0-9'
    return ""


def _shown(text: str, limit: int = 60) -> str:
    """Text for an error message: control characters escaped (a NUL byte shows as
    ``\\x00``, U+FFFD as ``\\ufffd``), and cut short with "..." after ``limit`` characters."""
    if len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable() and "\ufffd" not in text:
        return text
    return "".join(
        "\\ufffd" if c == "\ufffd" else c if c.isprintable() else repr(c)[1:-1] for c in text
    )


__all__ = ["read_game"]
