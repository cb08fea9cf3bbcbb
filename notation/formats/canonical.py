"""The canonical form of a record, as ``pmn fmt`` writes it.

Canonical means: the standard tags first in a fixed order (``Game``,
``Rules``, ``Event``, ``Site``, ``Date``, ``Round``, seats, ``Result``,
``Score``, ``Termination``, ``Position``), other tags after them in their
own order; every move written as its game's canonical token (Tricala's
shortest form, or the long form on request; Wari's ``+n`` on captures);
move numbers before the first seat's moves and before any move that follows
a comment or a variation, and nowhere else. Comments, annotations and
variations are kept. The canonical record replays to the same positions.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field, replace
from functools import partial
from typing import IO

from notation.core.limits import MAX_KEPT_BYTES
from notation.core.pits import DEFAULT as DEFAULT_PITS
from notation.core.pits import PitsError, translate_record
from notation.core.record import STANDARD_TAG_ORDER, MoveNode, Record, TreePath
from notation.core.replay import Problem, Step, open_game, replay
from notation.errors import PMNError
from notation.formats.plain import plain_record
from notation.formats.pmn import (
    DEFAULT_WIDTH,
    Chunk,
    iter_chunks,
    open_text,
    read_chunk,
    write_record,
)
from notation.games.base import PositionError, RulesError


@dataclass(frozen=True, slots=True)
class FormatIssue:
    """Why part of a record was left as written: where, and the reason."""

    line: int
    column: int
    message: str


def canonical_tags(tags: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Standard tags first in :data:`STANDARD_TAG_ORDER`, then the others as they came."""
    rank = {name: index for index, name in enumerate(STANDARD_TAG_ORDER)}
    ordered = sorted(enumerate(tags), key=lambda item: (rank.get(item[1][0], len(rank)), item[0]))
    return tuple(tag for _, tag in ordered)


def canonical_record(record: Record, *, long: bool = False) -> tuple[Record, list[FormatIssue]]:
    """The record in canonical form, and what could not be made canonical.

    A damaged record, or one whose tags name no known game, comes back
    unchanged. From an illegal move on, a line keeps its tokens and numbers
    as written (a formatter never guesses).
    """
    return _rewrite(record, long=long, layout=True)


def rewrite_moves(record: Record, *, long: bool) -> tuple[Record, list[FormatIssue]]:
    """The record with every move written as its game's canonical token, short or long.

    Tags, move numbers, comments and variations stay as they are; only the
    tokens change (``pmn convert --long`` / ``--short``).
    """
    return _rewrite(record, long=long, layout=False)


def _rewrite(record: Record, *, long: bool, layout: bool) -> tuple[Record, list[FormatIssue]]:
    if record.damaged:
        error = record.errors[0]
        return record, [FormatIssue(error.line, error.column, f"not formatted: {error.message}")]
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError) as exc:
        return record, [FormatIssue(record.line, 1, f"not formatted: {exc}")]
    variant = game.variant
    seats = len(variant.seats)
    # the canonical form numbers the first seat's moves, a line's first move, and a move
    # after a comment or a variation; a line's first move is the one at index 0
    problems: list[Problem] = []
    # each line's move before this one, as written, under the line's path. Keyed by the
    # path object's identity: a path is a chain as deep as the line's nesting, and
    # hashing it at every move would make deep nesting quadratic
    last_written: dict[int, tuple[TreePath, MoveNode]] = {}

    format_played, turn = variant.format_played, variant.turn
    mainline = game.record.mainline
    plain = not mainline.comments and not any(
        node.comments_before or node.comments or node.variations for node in mainline.moves
    )

    def plain_node(step: Step) -> MoveNode:
        """canonical_node for a record without comments or variations: a move is numbered
        when it is the first seat's or the line's first."""
        node, label = step.node, step.number
        # the first seat's move numbers end in "." and the others' in "..."
        number = label if not step.index or label[-2] != "." else None
        token = format_played(step.move, step.before, step.after, long=long)
        if token == node.token and number == node.number:
            return node
        return replace(node, token=token, number=number)

    def canonical_node(step: Step) -> MoveNode:
        node, path, before = step.node, step.path, step.before
        entry = last_written.get(id(path)) if step.index else None
        previous = entry[1] if entry is not None and entry[0] is path else None
        last_written[id(path)] = (path, node)
        number = node.number
        if layout:
            if (
                previous is None
                or turn(before) % seats == 0  # the first seat's move
                or previous.comments  # after a comment or a variation
                or previous.variations
                or node.comments_before
            ):
                number = step.number
            else:
                number = None
        token = format_played(step.move, before, step.after, long=long)
        if token == node.token and number == node.number:
            return node
        return replace(node, token=token, number=number)

    on_step = plain_node if plain and layout else canonical_node
    replayed = replay(variant, mainline, game.start, problems=problems, on_step=on_step)
    issues = [
        FormatIssue(p.line, p.column, f"{p.message}; left as written")
        for p in sorted(problems, key=lambda p: (p.line, p.column))
    ]
    tags = canonical_tags(game.record.tags) if layout else game.record.tags
    canonical = replace(game.record, tags=tags, mainline=replayed.line)
    if game.translation is not None and game.translation.source != DEFAULT_PITS:
        # the record's own hole numbering is part of what it says: written back in it
        canonical = translate_record(canonical, game.translation.source).record
        if layout:
            canonical = replace(canonical, tags=canonical_tags(canonical.tags))
    return canonical, issues


# -- checking a file -------------------------------------------------------------


def format_chunk(
    chunk: Chunk, *, width: int = DEFAULT_WIDTH, long: bool = False
) -> tuple[str, list[FormatIssue]]:
    """The canonical text of one game as cut from a file, and what could not be made canonical.

    The same text and issues as ``write_record(canonical_record(read_chunk(chunk)))``:
    a plainly written game is read by the cheap reader
    (:func:`notation.formats.plain.plain_record`), and read again in full only when
    there are issues to place.
    """
    plain = plain_record(chunk)
    if plain is not None:
        canonical, issues = canonical_record(plain, long=long)
        if not issues:
            return write_record(canonical, width=width), issues
    canonical, issues = canonical_record(read_chunk(chunk), long=long)
    return write_record(canonical, width=width), issues


@dataclass(slots=True)
class FileCheck:
    """What ``pmn fmt --check`` finds in a file: whether formatting would change its
    text, and what could not be formatted (each with its game's number)."""

    changed: bool = False
    issues: list[tuple[int, FormatIssue]] = field(default_factory=list)


def check_file(
    path: str, *, width: int = DEFAULT_WIDTH, long: bool = False, jobs: int = 1
) -> FileCheck | None:
    """Whether a PMN file is in canonical form, read a game at a time (see :class:`FileCheck`).

    The canonical text of the file (its games' canonical texts, a blank line
    between them) is compared with the file's text as it is read, a game at a
    time, so the file is read once with one game in memory. Anything but a regular
    file (a named pipe), a file that holds what
    the canonical form never has and the reader does not keep (a byte-order mark, a
    carriage return) or a byte that is not UTF-8 is answered None: compare the
    whole texts (which says why they differ). Games are formatted on ``jobs``
    processes (:func:`notation.archive.parallel.map_in_order`).
    """
    if (
        not os.path.isfile(path)  # a named pipe can be read only once
        or _holds(path, b"\r")
        or _starts_with(path, codecs.BOM_UTF8)
    ):
        return None
    from notation.archive.parallel import map_in_order  # (multiprocessing: imported when used)

    result = FileCheck()
    compare = _Comparison()
    index = 0
    format_slice = partial(_format_slice, width=width, long=long)
    with open_text(path) as stream:
        formatted = map_in_order(format_slice, iter_chunks(stream, path), jobs)
        for index, (written, text, issues, faithful) in enumerate(formatted, start=1):
            if not faithful:  # a byte that is not UTF-8: the whole text's to report
                return None
            result.issues.extend((index, issue) for issue in issues)
            compare.feed(text if index == 1 else "\n" + text, written)
    if index == 0:  # no game: the text is white space (or nothing), which formats to nothing
        with open_text(path) as stream:
            result.changed = bool(stream.read())
    else:
        result.changed = not compare.same()
    return result


def _format_slice(
    chunks: list[Chunk], *, width: int, long: bool
) -> list[tuple[str, str, list[FormatIssue], bool]]:
    """Each game's text as cut, its canonical text, its issues, and whether it decoded."""
    results = []
    for chunk in chunks:
        text, issues = format_chunk(chunk, width=width, long=long)
        results.append((chunk.text, text, issues, not chunk.errors))
    return results


class _Comparison:
    """Two texts that arrive in pieces, compared as they come (only the part of one
    not yet matched by the other is held)."""

    def __init__(self) -> None:
        self.left = ""
        self.right = ""
        self.differ = False

    def feed(self, left: str, right: str) -> None:
        if self.differ:
            return
        self.left += left
        self.right += right
        common = min(len(self.left), len(self.right))
        if self.left[:common] != self.right[:common]:
            self.differ = True
            self.left = self.right = ""
            return
        self.left, self.right = self.left[common:], self.right[common:]

    def same(self) -> bool:
        return not self.differ and self.left == self.right


def _starts_with(path: str, head: bytes) -> bool:
    with open(path, "rb") as stream:
        return stream.read(len(head)) == head


def _holds(path: str, byte: bytes, block_size: int = 1 << 20) -> bool:
    """Whether a file holds a byte, read a block at a time."""
    with open(path, "rb") as stream:
        while block := stream.read(block_size):
            if byte in block:
                return True
    return False


#: Where a game may start: a line beginning with "[" (after spaces and tabs).
_GAME_START_RE = re.compile(rb"\n[ \t]*\[")


def read_bounded(stream: IO[bytes], source: str, block_size: int = 1 << 20) -> bytes:
    """The whole of a stream (for ``pmn fmt``, which compares a file with its canonical
    text), read a block at a time, but never past a game too long to hold: a stretch of :data:`notation.core.limits.MAX_KEPT_BYTES` with no line that could
    start a game is a game cut off as it streams (a decompression bomb, one endless
    line), which fmt could not write back: :class:`GameTooLongError`, the file untouched."""
    blocks: list[bytes] = []
    size = 0
    since = 0  # bytes since the last place a game could start
    tail = b""
    while block := stream.read(block_size):
        blocks.append(block)
        size += len(block)
        window = tail + block
        starts = [m.end() for m in _GAME_START_RE.finditer(window)]
        since = len(window) - starts[-1] if starts else since + len(block)
        if since > MAX_KEPT_BYTES:
            raise GameTooLongError(source, size - since, MAX_KEPT_BYTES)
        tail = window[-16:]
    return b"".join(blocks)


class GameTooLongError(PMNError):
    """A file holding a game longer than a reader holds: fmt leaves it as it is."""

    code = "too-large"

    def __init__(self, source: str, offset: int, limit: int) -> None:
        super().__init__(
            f"{source}: a game from byte {offset:,} on runs past {limit:,} bytes (PMN cuts "
            "such a game off as it reads it, and cannot write it back): not formatted, "
            "the file is left as it is"
        )


__all__ = [
    "FileCheck",
    "FormatIssue",
    "GameTooLongError",
    "canonical_record",
    "canonical_tags",
    "check_file",
    "format_chunk",
    "read_bounded",
    "rewrite_moves",
]
