"""A game record as PMN holds it, independent of any game's rules.

A :class:`Record` is the tag pairs, the movetext and the result. Movetext is a
:class:`Line` of :class:`MoveNode` values; a node's ``variations`` are other
lines that could have been played *instead of* that node's move, from the
position before it (as in PGN). Everything is immutable; the readers build
records and the writers write them, and ``notation.replay`` checks them
against the rules.

Where in the source a value came from (line, column) is kept for error
messages but is not part of a value's identity: two records are equal when
they say the same thing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import zip_longest

#: Suffix annotations, as PGN writes them after a move.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")

#: The tag order the canonical writer uses; other tags follow in their own order.
STANDARD_TAG_ORDER = (
    "Game",
    "Rules",
    "Event",
    "Site",
    "Date",
    "Round",
    "South",
    "North",
    "White",
    "Black",
    "Red",
    "Players",
    "Result",
    "Score",
    "Termination",
    "Position",
)


@dataclass(frozen=True, slots=True)
class MoveNode:
    """One move as written in a record, with what a recorder attached to it.

    ``token`` is the move exactly as written, without annotations (``C``,
    ``4b-4d-3c``, ``1e``). ``number`` is the move number written before it
    (``"12."`` or ``"12..."``), or None when the record gave none.
    ``comments_before`` stand between the previous move (or its variations)
    and this one; ``comments`` follow the move and its annotations;
    ``variations`` are alternatives to this move.
    """

    token: str
    number: str | None = None
    glyph: str = ""
    nags: tuple[int, ...] = ()
    comments_before: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    variations: tuple[Line, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    # Variations nest to any depth: equality and hashing walk the tree with an
    # explicit stack, as the generated methods would recurse once per level.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveNode):
            return NotImplemented
        return _same(_walk(self), _walk(other))

    def __hash__(self) -> int:
        return hash(tuple(_walk(self)))


@dataclass(frozen=True, slots=True)
class Line:
    """A sequence of moves (the main line or a variation) and comments at its end."""

    moves: tuple[MoveNode, ...] = ()
    comments: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self) -> Iterator[MoveNode]:
        return iter(self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return _same(_walk(self), _walk(other))

    def __hash__(self) -> int:
        return hash(tuple(_walk(self)))


_END = object()


def _walk(item: MoveNode | Line) -> Iterator[object]:
    """What a node or line says, as a flat sequence (preorder, with counts), without recursion.

    Two values are equal exactly when their sequences are: the counts make the
    flattening unambiguous, and positions in the source are left out.
    """
    stack: list[MoveNode | Line] = [item]
    while stack:
        current = stack.pop()
        if isinstance(current, Line):
            yield len(current.moves)
            yield current.comments
            stack.extend(reversed(current.moves))
        else:
            yield current.token
            yield current.number
            yield current.glyph
            yield current.nags
            yield current.comments_before
            yield current.comments
            yield len(current.variations)
            stack.extend(reversed(current.variations))


def _same(left: Iterator[object], right: Iterator[object]) -> bool:
    return all(a == b for a, b in zip_longest(left, right, fillvalue=_END))


@dataclass(frozen=True, slots=True)
class ReadError:
    """A problem found while reading a record: where, a stable code, and words."""

    code: str
    message: str
    line: int = 0
    column: int = 0
    path: str = ""  # JSON path for records read from JSON ("$[3].moves[5]")


@dataclass(frozen=True, slots=True)
class Record:
    """One game: tag pairs in their order, the main line, and the result token.

    ``errors`` lists what the reader could not make sense of; a record with
    errors is *damaged*: ``raw`` then holds its source text so that nothing
    is lost when it is carried through a conversion.
    """

    tags: tuple[tuple[str, str], ...] = ()
    mainline: Line = Line()
    result: str = "*"
    errors: tuple[ReadError, ...] = field(default=(), compare=False)
    raw: str | None = None
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name``, or ``default``."""
        for key, value in self.tags:
            if key == name:
                return value
        return default

    @property
    def damaged(self) -> bool:
        """Whether the reader found errors in this record."""
        return bool(self.errors)

    def with_tag(self, name: str, value: str) -> Record:
        """A copy with tag ``name`` set to ``value`` (replaced in place, or appended)."""
        if any(key == name for key, _ in self.tags):
            tags = tuple((key, value if key == name else old) for key, old in self.tags)
        else:
            tags = (*self.tags, (name, value))
        return Record(
            tags, self.mainline, self.result, self.errors, self.raw, self.source, self.line
        )


def count_moves(line: Line) -> int:
    """The number of moves in a line, not counting its variations."""
    return len(line.moves)
