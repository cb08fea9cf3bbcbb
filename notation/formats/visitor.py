"""What the PMN reader reports, and the visitors that keep what each command needs.

The reader (:func:`notation.formats.reader.read_game`) reads one game's text and reports
what it holds, in the order of the text, to a visitor (:class:`BaseVisitor`), as
``chess.pgn.read_game(handle, Visitor=...)`` does for PGN; the visitor builds what its
caller needs:

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from notation.core.limits import too_large_chunk
from notation.core.record import Line, MoveNode, ReadError, Record

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
    @property
    def cut(self) -> int: ...


class BaseVisitor(abc.ABC, Generic[_T]):
    """What :func:`~notation.formats.reader.read_game` reports, in the order of the text;
    each method does nothing here. A subclass keeps what it needs and gives it by
    :meth:`result`."""

    #: Whether the visitor takes moves without their places: then the reader reads a
    #: plainly written main line by its quick path and reports it at once
    #: (:meth:`visit_moves`, each move's line and column 0).
    quick: bool = False
    #: A visitor that wants only the first moves of the main line says how many: a
    #: quick reader reads no further when the game is still in its bytes.
    first_plies: int = 0

    def begin_game(self, chunk: GameText) -> None:
        """A game begins: ``chunk`` is its text (a visitor may be used for many games)."""

    def visit_tag(self, name: str, value: str) -> None:
        """A tag pair, its value unescaped."""

    def visit_tags(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Tag pairs read at once (a plainly written tag section): each is a
        :meth:`visit_tag`, unless a visitor takes them together."""
        for name, value in pairs:
            self.visit_tag(name, value)

    def end_tags(self) -> SkipType | None:
        """The tag pairs are over (the movetext begins, or the game ends); :data:`SKIP`
        stops the reading here."""
        return None

    def visit_move(
        self, token: str, number: str | None, glyph: str, line: int, column: int
    ) -> None:
        """A move: its token, its move number (``"12."``; None when it has none), its
        suffix annotation (``"!?"`` or ``""``) and its place."""

    def visit_moves(self, nodes: Sequence[MoveNode]) -> None:
        """The main line of plainly written movetext, read at once by the quick path
        (only for a :attr:`quick` visitor; after :meth:`end_tags`, before the result):
        each is a :meth:`visit_move` without its place, unless a visitor takes the nodes
        as they are."""
        for node in nodes:
            self.visit_move(node.token, node.number, node.glyph, 0, 0)

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
    as read) when the text has errors. A variation left open by an error is dropped.

    With ``places=False`` a plainly written game is read by the reader's quick path:
    the same record, but its moves carry no line and column (:attr:`quickly_read`);
    a caller that reports a problem reads such a game again with places."""

    chunk: GameText
    tags: list[tuple[str, str]]
    errors: list[ReadError]
    stack: list[_Frame]
    frame: _Frame
    result_token: str | None
    line: int
    #: whether the movetext was read by the quick path (its moves have no places)
    quickly_read: bool

    def __init__(self, *, places: bool = True) -> None:
        self.quick = not places

    def begin_game(self, chunk: GameText) -> None:
        self.chunk = chunk
        self.tags = []
        self.errors = []
        self.frame = _Frame()
        self.stack = [self.frame]
        self.result_token = None
        self.line = chunk.line
        self.quickly_read = False

    def visit_tag(self, name: str, value: str) -> None:
        self.tags.append((name, value))

    def visit_tags(self, pairs: Sequence[tuple[str, str]]) -> None:
        self.tags.extend(pairs)

    def visit_moves(self, nodes: Sequence[MoveNode]) -> None:
        # the main line of a plain game: the nodes as they are, the last one kept open
        # for the comments after the result
        # (the quick path reads the main line of a game with no move read before)
        self.quickly_read = True
        self.frame.nodes.extend(nodes)

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
        if move is None and self.quickly_read and frame.nodes and not frame.comments:
            # after a main line read at once (visit_moves): the last move's comment
            last = frame.nodes.pop()
            move = frame.open_move = _OpenMove(
                last.token, last.number, last.glyph, last.comments_before, 0, 0
            )
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
        return self.record()

    def record(self) -> Record:
        """The record read (what :meth:`result` gives)."""
        chunk = self.chunk
        if chunk.too_large:
            return too_large_chunk(chunk)
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

    def visit_tags(self, pairs: Sequence[tuple[str, str]]) -> None:
        self.tags.extend(pairs)

    def end_tags(self) -> SkipType | None:
        return SKIP

    def result(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.tags)


class OutlineBuilder(BaseVisitor[tuple[str, int]]):
    """The game's result (``"*"`` when it has none) and its number of main-line moves:
    its record's ``result`` and ``len(mainline.moves)``, without building it."""

    quick = True
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

    def visit_moves(self, nodes: Sequence[MoveNode]) -> None:
        self.plies += len(nodes)  # (the quick path reads the main line only)

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
    (with their comments, annotations and variations; without their places when read
    by the quick path, as with ``RecordBuilder(places=False)``).

    A game still in its bytes (:class:`~notation.formats.pmn.TaggedChunk`) and written
    plainly is read only that far: a fault after the ``plies``-th move is not met.
    :meth:`~RecordBuilder.record` is then the record of those moves alone; after any
    other reading it is the whole record."""

    def __init__(self, plies: int, *, places: bool = False) -> None:
        super().__init__(places=places)
        self.first_plies = plies

    def result(self) -> tuple[MoveNode, ...]:  # type: ignore[override]
        return self.record().mainline.moves[: self.first_plies]


__all__ = [
    "SKIP",
    "BaseVisitor",
    "FirstMovesBuilder",
    "GameText",
    "OutlineBuilder",
    "RecordBuilder",
    "SkipType",
    "TagsBuilder",
]
