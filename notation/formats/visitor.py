"""PMN movetext read once, by one token loop, for visitors that keep what they need.

:func:`read_game` reads one game's text (a :class:`~notation.formats.pmn.Chunk`) token
by token, as ``chess.pgn.read_game(handle, Visitor=...)`` does for PGN: it knows PMN's
rules (tag pairs first, move numbers before their moves, annotations after a move,
variations after the move they replace, one result at the end, and every error with
its code and place) and reports what it reads to a visitor (:class:`BaseVisitor`),
which builds what its caller needs:

- :class:`RecordBuilder`: the :class:`~notation.core.record.Record` (what
  :func:`notation.formats.pmn.read_chunk` returns);
- :class:`TagsBuilder`: the tag pairs alone (the movetext is not read: its
  :meth:`~BaseVisitor.end_tags` answers :data:`SKIP`);
- :class:`OutlineBuilder`: the result and the number of main-line moves;
- :class:`FirstMovesBuilder`: the first moves of the main line.
"""

from __future__ import annotations

import abc
import enum
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast

from notation.core.limits import too_large_chunk
from notation.core.record import Line, MoveNode, ReadError, Record
from notation.core.tokens import LONG_NUMBER_RE, MAX_DIGITS, TOKEN_RE, unescape_tag_value

_T = TypeVar("_T")


class SkipType(enum.Enum):
    """The answer of a visitor that wants no more of a game (:data:`SKIP`)."""

    SKIP = "skip"


#: Returned by :meth:`BaseVisitor.end_tags`: the movetext is not read.
SKIP = SkipType.SKIP


class GameText(Protocol):
    """What the reader reads of a cut game (a :class:`~notation.formats.pmn.Chunk`)."""

    @property
    def text(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def source(self) -> str: ...
    @property
    def errors(self) -> tuple[ReadError, ...]: ...
    @property
    def original(self) -> str | None: ...
    @property
    def too_large(self) -> bool: ...


class BaseVisitor(abc.ABC, Generic[_T]):
    """What :func:`read_game` reports, in the order of the text; each method does
    nothing here. A subclass keeps what it needs and gives it by :meth:`result`."""

    def begin_game(self, chunk: GameText) -> None:
        """A game begins: ``chunk`` is its text (a visitor may be used for many games)."""

    def visit_tag(self, name: str, value: str) -> None:
        """A tag pair, its value unescaped."""

    def end_tags(self) -> SkipType | None:
        """The tag pairs are over (the movetext begins, or the game ends); :data:`SKIP`
        stops the reading here."""
        return None

    def visit_move(
        self, token: str, number: str | None, glyph: str, line: int, column: int
    ) -> None:
        """A move: its token, its move number (``"12."``; None when it has none), its
        suffix annotation (``"!?"`` or ``""``) and its place."""

    def visit_comment(self, text: str) -> None:
        """A ``{}`` or ``;`` comment's text."""

    def visit_nag(self, nag: int) -> None:
        """A numeric annotation (``$n``) of the move just visited."""

    def begin_variation(self, line: int, column: int) -> None:
        """A variation of the move just visited opens, at this place."""

    def end_variation(self) -> None:
        """The variation opened last closes."""

    def visit_result(self, result: str) -> None:
        """The game's result token."""

    def visit_error(self, error: ReadError) -> None:
        """An error found in the text (decoding errors first, as the chunk holds them)."""

    def end_game(self, line: int) -> None:
        """The game is read (or its reading stopped): ``line`` is the line of its first
        token (the chunk's first line when it has none)."""

    @abc.abstractmethod
    def result(self) -> _T:
        """What the visitor built (each visitor says what that is)."""


def read_game(chunk: GameText, visitor: BaseVisitor[_T]) -> _T:
    """Read one game's text, reporting what it holds to ``visitor``; its result.

    A game over the cap (:attr:`~notation.formats.pmn.Chunk.too_large`) is not read:
    the error of :func:`notation.core.limits.too_large_chunk` is reported instead.
    """
    visitor.begin_game(chunk)
    for error in chunk.errors:
        visitor.visit_error(error)
    if chunk.too_large:  # one huge game must not take the run's memory
        for error in too_large_chunk(cast(Any, chunk)).errors:
            visitor.visit_error(error)
        visitor.end_game(chunk.line)
    else:
        visitor.end_game(_read_tokens(chunk, visitor))
    return visitor.result()


#: The tokens that end the tag pairs: movetext begins with them.
_MOVETEXT_KINDS = frozenset(("move", "glyph", "number", "comment", "line_comment", "open"))


def _read_tokens(chunk: GameText, visitor: BaseVisitor[Any]) -> int:
    """The token loop of :func:`read_game`: the one place that knows PMN's movetext
    rules. Gives the line of the game's first token (0 when it has none)."""
    text, first_line = chunk.text, chunk.line
    visit_move, visit_comment = visitor.visit_move, visitor.visit_comment
    number: str | None = None
    result: str | None = None
    in_tags = True  # no move, number, comment or variation yet: tag pairs may come
    moved = False  # the line being read has a move (annotations and variations follow it)
    opened: list[tuple[int, int]] = []  # the places of the variations open
    line = first_line
    line_start = 0  # offset of the current line's first character
    record_line = 0
    for match in TOKEN_RE.finditer(text):
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


# -- visitors ------------------------------------------------------------------


class _OpenMove:
    """A move being read: annotations, comments and variations still attach to it."""

    __slots__ = (
        "after",
        "before",
        "column",
        "glyph",
        "line",
        "nags",
        "number",
        "token",
        "variations",
    )

    def __init__(
        self,
        token: str,
        number: str | None,
        glyph: str,
        before: tuple[str, ...],
        line: int,
        column: int,
    ) -> None:
        self.token = token
        self.number = number
        self.glyph = glyph
        self.before = before
        self.line = line
        self.column = column
        # lists while reading (appending to a tuple copies it: quadratic on a
        # move with a million comments), tuples in the node
        self.nags: list[int] = []
        self.after: list[str] = []
        self.variations: list[Line] = []

    def node(self) -> MoveNode:
        return MoveNode(
            self.token,
            self.number,
            self.glyph,
            tuple(self.nags) if self.nags else (),
            self.before,
            tuple(self.after) if self.after else (),
            tuple(self.variations) if self.variations else (),
            self.line,
            self.column,
        )


@dataclass(slots=True)
class _Frame:
    """A line being read: its finished nodes and the move still open."""

    nodes: list[MoveNode] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # before the next move
    open_move: _OpenMove | None = None

    def close_move(self) -> None:
        if self.open_move is not None:
            self.nodes.append(self.open_move.node())
            self.open_move = None

    def finish(self) -> Line:
        self.close_move()
        return Line(tuple(self.nodes), tuple(self.comments))


class RecordBuilder(BaseVisitor[Record]):
    """The game's :class:`~notation.core.record.Record`: every move with its place,
    comments, annotations and variations; a damaged record (its errors, and its text
    as read) when the text has errors. A variation left open by an error is dropped."""

    chunk: GameText
    tags: list[tuple[str, str]]
    errors: list[ReadError]
    stack: list[_Frame]
    frame: _Frame
    result_token: str | None
    line: int

    def begin_game(self, chunk: GameText) -> None:
        self.chunk = chunk
        self.tags = []
        self.errors = []
        self.frame = _Frame()
        self.stack = [self.frame]
        self.result_token = None
        self.line = chunk.line

    def visit_tag(self, name: str, value: str) -> None:
        self.tags.append((name, value))

    def visit_move(
        self, token: str, number: str | None, glyph: str, line: int, column: int
    ) -> None:
        frame = self.frame
        if frame.open_move is not None:
            frame.nodes.append(frame.open_move.node())
        comments = frame.comments
        if comments:
            frame.open_move = _OpenMove(token, number, glyph, tuple(comments), line, column)
            comments.clear()
        else:
            frame.open_move = _OpenMove(token, number, glyph, (), line, column)

    def visit_comment(self, text: str) -> None:
        frame = self.frame
        move = frame.open_move
        if move is not None and not move.variations:
            move.after.append(text)
        else:
            frame.comments.append(text)

    def visit_nag(self, nag: int) -> None:
        assert self.frame.open_move is not None  # (the reader checks it)
        self.frame.open_move.nags.append(nag)

    def begin_variation(self, line: int, column: int) -> None:
        self.frame = _Frame()
        self.stack.append(self.frame)

    def end_variation(self) -> None:
        finished = self.stack.pop().finish()
        self.frame = self.stack[-1]
        assert self.frame.open_move is not None  # (a variation follows a move)
        self.frame.open_move.variations.append(finished)

    def visit_result(self, result: str) -> None:
        self.result_token = result

    def visit_error(self, error: ReadError) -> None:
        self.errors.append(error)

    def end_game(self, line: int) -> None:
        self.line = line or self.chunk.line

    def result(self) -> Record:
        chunk = self.chunk
        if chunk.too_large:
            return too_large_chunk(cast(Any, chunk))
        errors = self.errors
        return Record(
            tuple(self.tags),
            self.stack[0].finish(),
            self.result_token or "*",
            tuple(errors),
            _as_read(chunk) if errors else None,
            chunk.source,
            self.line,
        )


def _as_read(chunk: GameText) -> str:
    """A damaged record's raw text: the game's text exactly as in the file (its line
    ends included, lone carriage returns too), ending with a line end."""
    if chunk.original is None:
        return chunk.text.rstrip("\n") + "\n"
    body = chunk.original.rstrip("\r\n")
    after = chunk.original[len(body) :]  # the line ends after it: the first one is kept
    return body + ("\r\n" if after.startswith("\r\n") else after[:1] or "\n")


class TagsBuilder(BaseVisitor[tuple[tuple[str, str], ...]]):
    """The game's tag pairs, as its record has them; the movetext is not read."""

    tags: list[tuple[str, str]]

    def begin_game(self, chunk: GameText) -> None:
        self.tags = []

    def visit_tag(self, name: str, value: str) -> None:
        self.tags.append((name, value))

    def end_tags(self) -> SkipType | None:
        return SKIP

    def result(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.tags)


class OutlineBuilder(BaseVisitor[tuple[str, int]]):
    """The game's result (``"*"`` when it has none) and its number of main-line moves:
    its record's ``result`` and ``len(mainline.moves)``, without building it."""

    depth: int
    plies: int
    token: str | None

    def begin_game(self, chunk: GameText) -> None:
        self.depth = self.plies = 0
        self.token = None

    def visit_move(
        self, token: str, number: str | None, glyph: str, line: int, column: int
    ) -> None:
        if not self.depth:
            self.plies += 1

    def begin_variation(self, line: int, column: int) -> None:
        self.depth += 1

    def end_variation(self) -> None:
        self.depth -= 1

    def visit_result(self, result: str) -> None:
        self.token = result

    def result(self) -> tuple[str, int]:
        return (self.token or "*", self.plies)


class FirstMovesBuilder(RecordBuilder):
    """The first ``plies`` move nodes of the game's main line, as its record has them
    (with their comments, annotations and variations)."""

    def __init__(self, plies: int) -> None:
        self.plies = plies

    def result(self) -> tuple[MoveNode, ...]:  # type: ignore[override]
        return super().result().mainline.moves[: self.plies]


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


__all__ = [
    "SKIP",
    "BaseVisitor",
    "FirstMovesBuilder",
    "GameText",
    "OutlineBuilder",
    "RecordBuilder",
    "SkipType",
    "TagsBuilder",
    "read_game",
]
