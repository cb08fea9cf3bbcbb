"""A game record as PMN holds it, independent of any game's rules.

A :class:`Record` is the tag pairs, the movetext and the result. Movetext is a
:class:`Line` of :class:`MoveNode` values; a node's ``variations`` are other
lines that could have been played *instead of* that node's move, from the
position before it (as in PGN). Everything is immutable; the readers build
records and the writers write them, and ``notation.core.replay`` checks them
against the rules.

Where in the source a value came from (line, column) is kept for error
messages but is not part of a value's identity: two records are equal when
they say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import zip_longest
from typing import Any, Generic, TypeVar

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

    # Pickling (records sent to worker processes) would recurse once per level too:
    # a node with variations is sent as a flat sequence, rebuilt with an explicit stack.
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if not self.variations:
            return MoveNode, (*_node_fields(self)[:6], (), self.line, self.column)
        return _node_of_flat, (_flat(Line((self,))),)


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

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if not any(node.variations for node in self.moves):
            return Line, (self.moves, self.comments)
        return _line_of_flat, (_flat(self),)


def _node_fields(node: MoveNode) -> tuple[Any, ...]:
    return (
        node.token,
        node.number,
        node.glyph,
        node.nags,
        node.comments_before,
        node.comments,
        node.line,
        node.column,
        len(node.variations),
    )


def _flat(line: Line) -> tuple[tuple[Any, ...], ...]:
    """A line as a flat sequence, in text order and without recursion: each line as
    (its number of moves, its comments), each move as its fields and its number of
    variations, followed by its variations."""
    out: list[tuple[Any, ...]] = []
    stack: list[Line | MoveNode] = [line]
    while stack:
        item = stack.pop()
        if isinstance(item, Line):
            out.append((len(item.moves), item.comments))
            stack.extend(reversed(item.moves))
        else:
            out.append(_node_fields(item))
            stack.extend(reversed(item.variations))
    return tuple(out)


def _line_of_flat(items: tuple[tuple[Any, ...], ...]) -> Line:
    """The line :func:`_flat` flattened, rebuilt with an explicit stack."""
    # each frame: a line's number of moves, its comments, its nodes so far, the fields
    # of the node being built (None between nodes), and that node's variations so far
    Frame = tuple[int, tuple[str, ...], list[MoveNode], list[Any], list[Line]]
    count, comments = items[0]
    stack: list[Frame] = [(count, comments, [], [None], [])]
    at = 1
    while True:
        count, comments, nodes, building, variations = stack[-1]
        fields = building[0]
        if fields is not None and len(variations) == fields[8]:  # a node is complete
            token, number, glyph, nags, before, after, line, column, _ = fields
            nodes.append(
                MoveNode(token, number, glyph, nags, before, after, tuple(variations), line, column)
            )
            building[0] = None
            variations.clear()
        elif fields is not None:  # a variation of the node comes next
            count, comments = items[at]
            at += 1
            stack.append((count, comments, [], [None], []))
        elif len(nodes) == count:  # a line is complete
            stack.pop()
            done = Line(tuple(nodes), comments)
            if not stack:
                return done
            stack[-1][4].append(done)
        else:
            building[0] = items[at]
            at += 1


def _node_of_flat(items: tuple[tuple[Any, ...], ...]) -> MoveNode:
    return _line_of_flat(items).moves[0]


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
    """A problem found while reading a record: where, a stable code, and words.

    ``code`` is a member of the one table of codes, :class:`notation.errors.Code` (a
    ``str`` enum, so a reader may still give its text)."""

    code: str
    message: str
    line: int = 0
    column: int = 0
    path: str = ""  # JSON path for records read from JSON ("$[3].moves[5]")


def first_tag(tags: Sequence[tuple[str, str]], name: str) -> str | None:
    """The value of the first tag called ``name`` among tag pairs, or None (what
    :meth:`Record.tag` reads, for tags read without their record)."""
    for key, value in tags:
        if key == name:
            return value
    return None


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
        # first_tag's loop, inline: the validator asks a record's tags a dozen times a game
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


def canonical_tags(tags: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Standard tags first in :data:`STANDARD_TAG_ORDER`, then the others as they came
    (the order the canonical form writes them in)."""
    rank = {name: index for index, name in enumerate(STANDARD_TAG_ORDER)}
    ordered = sorted(enumerate(tags), key=lambda item: (rank.get(item[1][0], len(rank)), item[0]))
    return tuple(tag for _, tag in ordered)


def comment_as_written(text: str) -> str:
    """A comment as every writer of PMN and JSON writes it, and so as it reads back.

    A comment holds no carriage return: a file's ``\\r\\n`` is read as ``\\n`` and a
    lone ``\\r`` as a space (:func:`notation.formats.pmn.read_text`), and a record made in code
    is written the same way. A comment that holds a line break cannot hold ``}``
    (a braced comment would end there, and a ``;`` comment ends at the line break):
    it is written as ``)``. :func:`notation.formats.collection.comment_losses` names both.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", " ")
    if "}" in text and "\n" in text:
        text = text.replace("}", ")")
    return text


def count_moves(line: Line) -> int:
    """The number of moves in a line, not counting its variations."""
    return len(line.moves)


# -- the one walk over a record's tree ----------------------------------------------

#: Where a line stands in the record tree, as numbers: ``(parent, move, variation)``,
#: the line holding it and which variation of which of that line's moves it is
#: (``moves[3].variations[0]`` is ``(MAINLINE, 3, 0)``). Built as a chain, so deep
#: nesting costs no long values; :func:`path_text` writes it out for display only,
#: and :func:`path_steps` gives its steps, so no one reads the text back.
TreePath = tuple["TreePath | None", int, int]
#: The main line's place (the root of every path: no parent).
MAINLINE: TreePath = (None, -1, -1)

S = TypeVar("S")
#: What :func:`walk` calls for each move: ``visit(node, state, line_path, index)``
#: returns the node to keep (the same object, or a changed copy) and the state
#: after the move, or None to stop the line there (the rest is kept as written).
Visitor = Callable[[MoveNode, S, TreePath, int], "tuple[MoveNode, S] | None"]


def variation_path(parent: TreePath, move: int, variation: int) -> TreePath:
    """The place of variation ``variation`` of move ``move`` of the line at ``parent``."""
    return (parent, move, variation)


def path_steps(path: TreePath) -> tuple[tuple[int, int], ...]:
    """A path's steps from the main line: each ``(move, variation)`` (the main line: ``()``)."""
    steps: list[tuple[int, int]] = []
    current: TreePath | None = path
    while current is not None and current[0] is not None:
        current, move, variation = current
        steps.append((move, variation))
    return tuple(reversed(steps))


def path_text(path: TreePath, index: int | None = None) -> str:
    """A tree path written out, for display: ``moves[3].variations[0][1]``."""
    parts: list[str] = [] if index is None else [f"[{index}]"]
    current: TreePath | None = path
    while current is not None and current[0] is not None:
        current, move, variation = current
        parts.append(f"[{move}].variations[{variation}]")
    parts.append("moves")
    return "".join(reversed(parts))


#: What :func:`walk_runs` calls for a run of moves:
#: ``visit_run(moves, start, state, line_path, variations)`` visits ``moves[start]``
#: and those after it, in order, and returns ``(reached, state, kept, stopped)``:
#: the index of the first move it did not visit, the state after the last one it
#: did, the nodes to keep for ``moves[start:reached]`` (None when none changed),
#: and whether it stopped the line at ``moves[reached]``. With ``variations``
#: it visits a move that has variations only as the first of a run, and ends
#: the run after it (the walk then walks those variations from before it).
RunVisitor = Callable[
    [tuple[MoveNode, ...], int, S, TreePath, bool],
    "tuple[int, S, list[MoveNode] | None, bool]",
]


class _Frame:
    """A line being walked: its next node, the state there, and what has been kept."""

    __slots__ = ("index", "kept", "line", "path", "pending", "played", "state", "variations")

    def __init__(self, line: Line, state: object, path: TreePath) -> None:
        self.line = line
        self.state = state
        self.path = path
        self.index = 0  # the next node
        self.played = 0  # nodes visited before the end or a stop
        self.kept: list[MoveNode] | None = None  # nodes kept, once one has changed
        # a node with variations, visited: (node to keep, state before, state after or None)
        self.pending: tuple[MoveNode, object, object] | None = None
        self.variations: list[Line] = []  # its variations walked so far

    def keep(self, start: int, reached: int, kept: list[MoveNode] | None) -> None:
        """Record the nodes kept for ``moves[start:reached]`` (None: as they were)."""
        if kept is not None:
            if self.kept is None:
                self.kept = list(self.line.moves[:start])
            self.kept.extend(kept)
        elif self.kept is not None:
            self.kept.extend(self.line.moves[start:reached])


_STOPPED = object()


@dataclass(frozen=True, slots=True)
class Walked(Generic[S]):
    """What :func:`walk` gives back: the line as visited, and where the walked line ended."""

    line: Line
    state: S  # the state after the last move of the line that was visited
    played: int  # moves of the line visited before the end or a stop

    @property
    def completed(self) -> bool:
        """Whether every move of the line was visited (nothing stopped it)."""
        return self.played == len(self.line.moves)


def walk_runs(
    line: Line,
    state: S,
    visit_run: RunVisitor[S],
    path: TreePath = MAINLINE,
    *,
    variations: bool = True,
) -> Walked[S]:
    """Walk a line and every variation in it, in text order, carrying a state along each line.

    The one walk over a record's tree. ``visit_run`` visits runs of moves
    (see :data:`RunVisitor`), so that a visitor that replays many moves
    needs one call per run, not per move; :func:`walk` takes a visitor of one
    move at a time. A variation starts from the state before the move it
    replaces, as in PGN. A stopped move and the rest of its line are kept as
    written, and the stopped move's own variations are still walked (they
    start before it). The result holds the line with the nodes the visitor
    kept (a line in which nothing changed comes back as the same object, so a
    walk that only looks costs no copies) and where the walked line ended.
    Variations nest to any depth: lines wait on an explicit stack, not the
    call stack. ``variations=False`` walks the line alone.
    """
    stack = [_Frame(line, state, path)]
    while True:
        frame = stack[-1]
        moves = frame.line.moves
        end = len(moves)
        if frame.pending is None and frame.index < end:
            start = frame.index
            before: S = frame.state  # type: ignore[assignment]  # frames hold the walk's states
            reached, after, kept, stopped = visit_run(moves, start, before, frame.path, variations)
            head = moves[start]
            if variations and head.variations and (reached > start or stopped):
                # a move with variations, visited (or stopped) alone: its variations next
                frame.pending = (kept[0] if kept else head, before, _STOPPED if stopped else after)
            else:
                frame.keep(start, reached, kept)
                frame.state, frame.index, frame.played = after, reached, reached
                if stopped:
                    frame.index = end + 1
                continue
        if frame.pending is not None:
            node = moves[frame.index]
            done = len(frame.variations)
            if done < len(node.variations):
                child_path: TreePath = (frame.path, frame.index, done)
                stack.append(_Frame(node.variations[done], frame.pending[1], child_path))
                continue
            kept_node, _, resumed = frame.pending
            if any(
                new is not old for new, old in zip(frame.variations, node.variations, strict=True)
            ):
                kept_node = replace(kept_node, variations=tuple(frame.variations))
            frame.keep(frame.index, frame.index + 1, None if kept_node is node else [kept_node])
            frame.pending, frame.variations = None, []
            if resumed is _STOPPED:
                frame.played, frame.index = frame.index, end + 1
            else:
                frame.state = resumed
                frame.index += 1
                frame.played = frame.index
                continue
        # the line is done
        if frame.kept is None:
            finished = frame.line
        else:
            frame.kept.extend(moves[len(frame.kept) :])
            finished = Line(tuple(frame.kept), frame.line.comments)
        stack.pop()
        if not stack:
            return Walked(finished, frame.state, frame.played)  # type: ignore[arg-type]
        stack[-1].variations.append(finished)


def walk(
    line: Line,
    state: S,
    visit: Visitor[S],
    path: TreePath = MAINLINE,
    *,
    variations: bool = True,
) -> Walked[S]:
    """:func:`walk_runs` with a visitor of one move at a time (see :data:`Visitor`).

    ``visit(node, state, line_path, index)`` returns the node to keep (the
    same object, or a changed copy) and the state after the move, or None to
    stop the line there.
    """

    def visit_run(
        moves: tuple[MoveNode, ...], start: int, state: S, line_path: TreePath, deep: bool
    ) -> tuple[int, S, list[MoveNode] | None, bool]:
        kept: list[MoveNode] | None = None
        index, end = start, len(moves)
        while index < end:
            node = moves[index]
            if deep and node.variations and index > start:
                break  # a move with variations starts a run of its own
            visited = visit(node, state, line_path, index)
            if visited is None:
                return index, state, kept, True
            new, state = visited
            if kept is not None:
                kept.append(new)
            elif new is not node:
                kept = [*moves[start:index], new]
            index += 1
            if deep and node.variations:
                break
        return index, state, kept, False

    return walk_runs(line, state, visit_run, path, variations=variations)


def iter_lines(line: Line) -> Iterator[Line]:
    """A line and every variation in it, at any depth (no recursion)."""
    stack = [line]
    while stack:
        current = stack.pop()
        yield current
        for node in current.moves:
            stack.extend(node.variations)


__all__ = [
    "GLYPHS",
    "MAINLINE",
    "STANDARD_TAG_ORDER",
    "Line",
    "MoveNode",
    "ReadError",
    "Record",
    "RunVisitor",
    "S",
    "TreePath",
    "Visitor",
    "Walked",
    "canonical_tags",
    "comment_as_written",
    "count_moves",
    "first_tag",
    "iter_lines",
    "path_steps",
    "path_text",
    "variation_path",
    "walk",
    "walk_runs",
]
