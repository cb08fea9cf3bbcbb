"""Hole numbering conventions for the 2x6 board (Trysse, Wari, Oware), and records translated between them.

PMN writes Trysse/Wari/Oware moves with hole letters (ruling W1); other
programs and score sheets number the holes. A record says which convention
its moves use with a ``Pits`` tag (``[Pits "numbers"]``); without one it
uses letters. Diagrams of each convention are in ``docs/oware.md``::

    letters (default)          numbers                    own
     f  e  d  c  b  a          12 11 10  9  8  7           6  5  4  3  2  1   North
     A  B  C  D  E  F           1  2  3  4  5  6           1  2  3  4  5  6   South

- ``letters``: South's ``A``-``F``, North's ``a``-``f``, each from its owner's left;
- ``numbers``: ``1``-``12`` counterclockwise from South's left (the sowing order);
- ``own``: ``1``-``6`` from the mover's own left: which side is meant
  follows from who moves (South in ``1.``, North in ``1...``).

A capture suffix ``+n`` is kept as it is in every convention. This module
is a notation layer over the record model: which boards have numberings,
and their hole names, it asks the game registry (a game declares
``numberings`` and ``hole_names``); it knows no rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from notation.core.record import Line, MoveNode, Record, TreePath, iter_lines, path_text, walk
from notation.errors import Code, PMNError
from notation.games import RulesError, find_game, games

#: Convention name -> what it is, for messages and ``--help``.
CONVENTIONS = {
    "letters": "A-F for South, a-f for North, each from its owner's left (the default)",
    "numbers": "1-12 counterclockwise from South's left: A-F are 1-6, a-f are 7-12",
    "own": "1-6 from the mover's own left: South's A-F or North's a-f by whose turn it is",
}
DEFAULT = "letters"
#: The tag that names a record's convention.
PITS_TAG = "Pits"
SOUTH, NORTH = 0, 1

_TOKEN_RE = {
    "letters": re.compile(r"([A-Fa-f])((?:\+[0-9]+)?)"),
    "numbers": re.compile(r"(1[0-2]|[1-9])((?:\+[0-9]+)?)"),
    "own": re.compile(r"([1-6])((?:\+[0-9]+)?)"),
}
_TURN_RE = re.compile(r"-([SN])\s*$")


class PitsError(PMNError):
    """A ``Pits`` tag or option names no known convention."""

    code = Code.UNKNOWN_PITS


def check_convention(name: str) -> str:
    """The convention called ``name`` (any case); raises PitsError for an unknown one."""
    lowered = name.strip().lower()
    if lowered not in CONVENTIONS:
        raise PitsError(f'unknown hole numbering "{name}" (known: {", ".join(CONVENTIONS)})')
    return lowered


def _standard_holes() -> tuple[str, ...]:
    """The hole names of the first registered board with numberings (the 2x6 board)."""
    return next(cls.hole_names for cls in games(plugins=False) if cls.numberings)


def hole_of(
    token: str, convention: str, mover: int, holes: Sequence[str] | None = None
) -> tuple[int, str] | None:
    """The hole index (0-11, sowing order) a token names, and its ``+n`` suffix; None if it names none.

    Under ``own`` the side is the mover's. Under ``letters`` and ``numbers``
    the token names a hole whoever moves.
    """
    match = _TOKEN_RE[convention].fullmatch(token)
    if match is None:
        return None
    name, suffix = match.group(1), match.group(2)
    holes = holes or _standard_holes()
    if convention == "letters":
        return (holes.index(name), suffix) if name in holes else None
    if convention == "numbers":
        return int(name) - 1, suffix
    return len(holes) // 2 * mover + int(name) - 1, suffix


def hole_name(hole: int, convention: str, holes: Sequence[str] | None = None) -> str:
    """A hole's name in a convention (``own`` names it from its owner's left)."""
    holes = holes or _standard_holes()
    if convention == "letters":
        return holes[hole]
    if convention == "numbers":
        return str(hole + 1)
    return str(hole % (len(holes) // 2) + 1)


def translate_token(
    token: str, source: str, target: str, mover: int, holes: Sequence[str] | None = None
) -> str | None:
    """A move token rewritten from one convention to another; None when it cannot be.

    A token that names no hole in ``source``, or (for ``own``) a hole of the
    side that does not move, is not translated: the rules then report it as
    written.
    """
    if source == target:
        return token
    holes = holes or _standard_holes()
    found = hole_of(token, source, mover, holes)
    if found is None:
        return None
    hole, suffix = found
    if target == "own" and hole // (len(holes) // 2) != mover:
        return None
    return hole_name(hole, target, holes) + suffix


def board_holes(record: Record) -> tuple[str, ...] | None:
    """The hole names (sowing order) of a record's board when the board has numberings."""
    game = record.tag("Game")
    if game is None:
        return None
    try:
        cls = find_game(game)
    except RulesError:
        return None
    return cls.hole_names if cls.numberings else None


def is_board_record(record: Record) -> bool:
    """Whether a record's game declares hole numberings (the 2x6 board: Trysse, Wari, Oware)."""
    return board_holes(record) is not None


def first_mover(record: Record) -> int:
    """Who makes the record's first move: from its ``Position`` tag (``...-N``), else South."""
    position = record.tag("Position")
    match = _TURN_RE.search(position) if position is not None else None
    return NORTH if match is not None and match.group(1) == "N" else SOUTH


@dataclass(frozen=True, slots=True)
class Translation:
    """A record rewritten into another convention.

    ``source`` is the convention the record was written in and ``origin``
    how that was known: ``"tag"`` (its ``Pits`` tag), ``"option"`` (the
    reader was told) or ``"default"`` (letters). ``tokens`` maps each move's
    path (``moves[3]``, ``moves[3].variations[0][1]``, as in validation
    problems) to the token as originally written and the seat that played it.
    """

    record: Record
    source: str
    origin: str
    tokens: dict[str, tuple[str, int]]


def source_convention(record: Record, option: str | None = None) -> tuple[str, str]:
    """The convention a record's moves are written in, and how that is known.

    The ``Pits`` tag wins; then ``option`` (what the reader was told, e.g.
    ``--from-pits``); then letters.
    """
    tag = record.tag(PITS_TAG)
    if tag is not None:
        return check_convention(tag), "tag"
    if option is not None:
        return check_convention(option), "option"
    return DEFAULT, "default"


def translate_record(record: Record, target: str, option: str | None = None) -> Translation:
    """Rewrite a 2x6-board record's moves into convention ``target``.

    The ``Pits`` tag is set to ``target`` (and removed for letters). Records
    of other games and damaged records come back unchanged. Raises PitsError
    for an unknown convention.
    """
    target = check_convention(target)
    holes = board_holes(record)
    if record.damaged or holes is None:
        return Translation(record, DEFAULT, "default", {})
    source, origin = source_convention(record, option)
    tokens: dict[str, tuple[str, int]] = {}
    start = first_mover(record)
    mainline = _translate_line(record.mainline, start, source, target, tokens, holes)
    tags = [(name, value) for name, value in record.tags if name != PITS_TAG]
    if target != DEFAULT:
        # after Rules, else after Game: where a reader looks for how to read the moves
        names = [name for name, _ in tags]
        anchor = "Rules" if "Rules" in names else "Game"
        tags.insert(names.index(anchor) + 1 if anchor in names else 0, (PITS_TAG, target))
    if tuple(tags) == record.tags and mainline == record.mainline:
        return Translation(record, source, origin, tokens)
    translated = Record(
        tuple(tags), mainline, record.result, record.errors, record.raw, record.source, record.line
    )
    return Translation(translated, source, origin, tokens)


def _translate_line(
    line: Line,
    mover: int,
    source: str,
    target: str,
    tokens: dict[str, tuple[str, int]],
    holes: Sequence[str],
) -> Line:
    """Translate a line and its variations (the one walk over a record's tree).

    Moves alternate strictly on this board, and a variation replaces the move
    it follows, so its first move is played by that move's seat: the state the
    walk carries is the seat to move.
    """

    def translate(
        node: MoveNode, seat: int, line_path: TreePath, index: int
    ) -> tuple[MoveNode, int]:
        tokens[path_text(line_path, index)] = (node.token, seat)
        token = translate_token(node.token, source, target, seat, holes)
        kept = node if token is None or token == node.token else replace(node, token=token)
        return kept, 1 - seat

    return walk(line, mover, translate).line


__all__ = [
    "CONVENTIONS",
    "DEFAULT",
    "PITS_TAG",
    "PitsError",
    "Translation",
    "board_holes",
    "check_convention",
    "first_mover",
    "hole_name",
    "hole_of",
    "is_board_record",
    "iter_lines",
    "source_convention",
    "translate_record",
    "translate_token",
]
