"""Aualé's OGN (Oware Game Notation), read into PMN records and written from them.

OGN is the file format of the Aualé oware program: PGN-like tag pairs, then
moves ``A``-``F`` (South) and ``a``-``f`` (North) with ``+n`` for the stones
captured, ``{}`` comments, ``()`` variations, and the result written as the
final scores (``25-18``). Its tags come in a fixed roster and order::

    [Variant "Oware Abapa"]  [Event "?"]  [Site "?"]  [Date "?"]  [Round "?"]
    [South "?"]  [North "?"]  [Result "25-18"]

then any other tags; a ``FEN`` tag holds a start position in the same form as
PMN's ``Position`` (``4-4-4-4-4-4-4-4-4-4-4-4-0-0-S``). ``?`` means unknown.

How OGN maps onto a PMN record (``docs/oware.md`` has the table):

- ``Variant "Oware Abapa"`` is ``[Game "Wari"] [Rules "abapa"]``; a Variant
  of the form ``"<Game> <rules>"`` (``"Wari wari skip-origin"``) names a PMN
  game and ruleset; any other Variant is kept as it is;
- roster tags whose value is ``?`` are left out (and written back as ``?``);
- a ``Result`` of scores becomes the PMN result (higher total wins) plus a
  ``Score`` tag; ``*`` and PMN results (``1-0``, ``0-1``, ``1/2-1/2``, which
  can never be final OGN scores) are kept;
- ``FEN`` is ``Position``; every other tag is kept in its place;
- moves, ``+n``, comments (their text as written between the braces),
  annotations and variations are kept; move numbers are rewritten in PMN's
  way (Aualé numbers every other move from the first, whoever makes it);
- Aualé's ``+n`` is the change in the mover's store, and when a move ends
  the game and each player takes the stones on its side (abapa A6, A7), the
  store of the last move holds the stones its mover took home too: Aualé
  writes ``F+1`` for an ``F`` that captures nothing and ends the game with
  one stone on South's side. Such a count on the last move of the main line
  is read as the move's own count (``F``), and written back as Aualé writes
  it (see :func:`auale_count`).

Writing follows Aualé's layout (the roster first, a blank line, tokens joined
by spaces in lines under 80 columns, a comment's words spaced as ``{ a b }``),
so an OGN file read and written back is the same file, and a PMN record
written as OGN and read back is the same game. The reader is PMN's reader
(the two grammars agree on every token OGN uses), so a damaged game is
reported with its line and column and the next game is still read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import IO

from notation.core.limits import MAX_GAME_CHARS
from notation.core.pits import DEFAULT, PITS_TAG, first_mover, is_board_record, translate_record
from notation.core.record import Line, MoveNode, Record
from notation.core.replay import mainline_steps, next_step, token_line
from notation.core.tokens import RESULT
from notation.errors import Code, PMNError, WriteError
from notation.formats.pmn import iter_records
from notation.games import RulesError, find_variant, games, games_with_format, variant_from_tags

#: The tags Aualé always writes, in its order.
TAG_ROSTER = ("Variant", "Event", "Site", "Date", "Round", "South", "North", "Result")
#: Aualé's name for the tournament rules (PMN ruleset ``abapa``).
ABAPA_VARIANT = "Oware Abapa"
UNKNOWN = "?"
WIDTH = 80  # Aualé keeps lines shorter than this

_SPACES_RE = re.compile(r"\s+")
_SCORE_RE = re.compile(r"([0-9]{1,9})-([0-9]{1,9})")  # ASCII digits, short enough for int()
_POINTS = ("1-0", "0-1", "1/2-1/2")


class OGNWriteError(WriteError):
    """A record OGN cannot hold (another game, or a record that could not be read)."""


# -- reading ----------------------------------------------------------------


def read_ogn(text: str, source: str = "<string>") -> list[Record]:
    """Every game in an OGN text, as PMN records."""
    return list(iter_ogn_records(text.splitlines(keepends=True), source))


def iter_ogn_records(lines: Iterable[str | bytes], source: str = "<string>") -> Iterator[Record]:
    """Yield the games in a stream of OGN lines, one at a time, as PMN records."""
    for record in iter_records(lines, source):
        if record.errors and all(e.code == Code.MISSING_RESULT for e in record.errors):
            # Aualé writes no result token for an unfinished game: OGN's movetext may
            # end without one (PMN's may not); the Result tag then holds the result
            declared = record.tag("Result", "*") or "*"
            result = declared if RESULT.re.fullmatch(declared) else "*"
            record = replace(record, result=result, errors=(), raw=None)
        yield record if record.damaged else record_from_ogn(record)


def _points_of(scores: str) -> str:
    match = _SCORE_RE.fullmatch(scores)
    assert match is not None
    south, north = int(match.group(1)), int(match.group(2))
    return "1-0" if south > north else "0-1" if north > south else "1/2-1/2"


def _is_scores(value: str) -> bool:
    return value not in _POINTS and _SCORE_RE.fullmatch(value) is not None


def record_from_ogn(ogn: Record) -> Record:
    """A record read with OGN's tags and result, turned into a PMN record."""
    tags: list[tuple[str, str]] = []
    has_variant = False
    for name, value in ogn.tags:
        if name == "Variant":
            has_variant = True
            tags.extend(_game_tags(value))
        elif name in TAG_ROSTER and name != "Result" and value == UNKNOWN:
            continue  # Aualé's "unknown": PMN leaves the tag out
        elif name == "Result" and _is_scores(value):
            tags.extend([("Result", _points_of(value)), ("Score", value)])
        elif name == "FEN":
            tags.append(("Position", value))
        else:
            tags.append((name, value))
    if not has_variant:  # Aualé reads a game without a Variant as Oware Abapa
        tags[:0] = _game_tags(ABAPA_VARIANT)
    result = _points_of(ogn.result) if _is_scores(ogn.result) else ogn.result
    record = Record(tuple(tags), ogn.mainline, result, ogn.errors, ogn.raw, ogn.source, ogn.line)
    record = _with_last_token(record, reading=True)
    return replace(record, mainline=_renumber(record.mainline, first_mover(record)))


_CLAIM_RE = re.compile(r"(.+)\+([0-9]{1,9})")


def auale_count(record: Record) -> tuple[str, str] | None:
    """The last main-line move's token as PMN writes it and as Aualé writes it, or None.

    None unless the record can be replayed and its last move ends the game with
    the stones on the board going home (the mover's score then grows by more
    than its capture). Aualé writes the growth of the mover's store, so a move
    ``F`` that captures nothing and sends one stone home is ``F+1`` in Aualé's
    files; PMN's ``+n`` is the capture alone (``F``).
    """
    moves = record.mainline.moves
    if not moves:
        return None
    try:
        variant = variant_from_tags(record.tags)
        text = record.tag("Position")
        position = variant.initial_position() if text is None else variant.parse_position(text)
        steps = mainline_steps(variant, token_line(node.token for node in moves[:-1]), position)
        position = steps[-1].after if steps else position
        token = moves[-1].token
        claim = _CLAIM_RE.fullmatch(token)
        last = next_step(variant, position, claim.group(1) if claim else token)
        move, after = last.move, last.after
    except PMNError:
        return None
    mover = variant.to_move(position)
    gained = variant.scores(after)[mover] - variant.scores(position)[mover]
    pmn = variant.format_move(move, position)
    auale = f"{pmn.split('+')[0]}+{gained}"
    if variant.outcome(after) is None or gained <= 0 or auale == pmn:
        return None
    return pmn, auale


def _with_last_token(record: Record, *, reading: bool) -> Record:
    """The record with its last main-line token read from (or written as) Aualé's count."""
    last = record.mainline.moves[-1] if record.mainline.moves else None
    if last is None or (reading and "+" not in last.token):
        return record
    counts = auale_count(record)
    if counts is None:
        return record
    pmn, auale = counts
    if reading and last.token == auale:
        token = pmn
    elif not reading and last.token == pmn:
        token = auale
    else:
        return record
    moves = (*record.mainline.moves[:-1], replace(last, token=token))
    return replace(record, mainline=replace(record.mainline, moves=moves))


def _game_tags(variant: str) -> list[tuple[str, str]]:
    for cls in games():  # a name a game declares for a variant of it ("Oware Abapa")
        for name, game, rules in cls.foreign_names:
            if variant.strip().lower() == name.lower():
                return [("Game", game), ("Rules", rules)]
    game, _, rules = variant.strip().partition(" ")
    names = {name.lower(): name for name in games_with_format("ogn")}
    if game.lower() not in names:
        return [("Variant", variant)]
    return [("Game", names[game.lower()])] + ([("Rules", rules.strip())] if rules.strip() else [])


def _renumber(line: Line, first_turn: int) -> Line:
    """Move numbers as PMN writes them, and comments spaced as OGN keeps them.

    South's moves are numbered ``n.``; a North move is numbered ``n...``
    when it opens a line or follows a comment or a variation (turn 0 is
    South's first move; a game that starts with North starts at turn 1).
    OGN separates a comment's words by single spaces (Aualé rewrites line
    breaks in comments), so runs of white space become one space.
    """
    # Frames: the line, the turn of its first move, its finished nodes, and the
    # finished variations of its next node (an explicit stack: nesting may be deep).
    stack: list[tuple[Line, int, list[MoveNode], list[Line]]] = [(line, first_turn, [], [])]
    while True:
        current, turn0, done, variations = stack[-1]
        index = len(done)
        if index == len(current.moves):
            finished = Line(tuple(done), _spaced(current.comments))
            stack.pop()
            if not stack:
                return finished
            stack[-1][3].append(finished)
            continue
        node = current.moves[index]
        turn = turn0 + index
        if len(variations) < len(node.variations):
            stack.append((node.variations[len(variations)], turn, [], []))
            continue
        previous = current.moves[index - 1] if index else None
        interrupted = (
            previous is None
            or bool(previous.comments or previous.variations)
            or bool(node.comments_before)
        )
        number = None
        if turn % 2 == 0:
            number = f"{turn // 2 + 1}."
        elif interrupted:
            number = f"{turn // 2 + 1}..."
        done.append(
            replace(
                node,
                number=number,
                comments_before=_spaced(node.comments_before),
                comments=_spaced(node.comments),
                variations=tuple(variations),
            )
        )
        variations.clear()


def _spaced(comments: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_SPACES_RE.sub(" ", comment) for comment in comments)


# -- writing ----------------------------------------------------------------


def write_ogn(records: Iterable[Record], out: IO[str]) -> None:
    """Write records as OGN, a blank line between games. Raises OGNWriteError."""
    writer = OGNWriter(out)
    for record in records:
        writer.write(record)
    writer.close()


class OGNWriter:
    """OGN records written to a text stream one at a time, a blank line between games
    (the format registry's writer). Raises OGNWriteError for a record OGN cannot hold."""

    def __init__(self, out: IO[str], width: int = 0) -> None:
        self.out = out  # (OGN wraps its movetext its own way: no width)
        self.first = True

    def write(self, record: Record) -> None:
        text = write_ogn_record(record)
        self.out.write(text if self.first else "\n" + text)
        self.first = False

    def close(self) -> None:
        """Nothing to finish: OGN has no closing text."""


def read_stream(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    """The records of a binary stream of OGN (the format registry's reader)."""
    return iter_ogn_records(stream, source)


def write_ogn_record(record: Record) -> str:
    """The OGN text of one Trysse/Wari/Oware record. Raises OGNWriteError (also when
    the text would be longer than :data:`notation.core.limits.MAX_GAME_CHARS`)."""
    if record.damaged:
        raise OGNWriteError("a game that could not be read cannot be written as OGN", record)
    if not is_board_record(record) and record.tag("Variant") is None:
        raise OGNWriteError(
            f'OGN holds Oware, Wari and Trysse games only, not "{record.tag("Game") or "?"}"',
            record,
        )
    if record.tag(PITS_TAG, DEFAULT) != DEFAULT:
        record = translate_record(record, DEFAULT).record  # OGN names holes with letters
    record = _with_last_token(record, reading=False)  # Aualé's count on the last move
    values = _ogn_tags(record)
    lines = [f'[{name} "{_escape(value)}"]\n' for name, value in values]
    moves = record.mainline.moves
    if moves or record.mainline.comments:
        tokens = _movetext_tokens(record.mainline, first_mover(record))
        result = dict(values)["Result"]
        if result != "*":
            tokens.append(result)
        lines.append("\n")
        lines.extend(_wrap(tokens))
    text = "".join(lines)
    if len(text) > MAX_GAME_CHARS:  # what pmn writes, pmn reads: never a too-large game
        raise OGNWriteError(
            f"the game's OGN text would be {len(text):,} characters long; PMN reads games "
            f"of up to {MAX_GAME_CHARS:,} characters (OGN numbers every move and lists "
            "its roster of tags: write it as PMN or JSON)",
            record,
        )
    return text


def _ogn_tags(record: Record) -> list[tuple[str, str]]:
    """OGN's tags: the roster in its order (``?`` when unknown), then the others in theirs."""
    table = dict(record.tags)
    rules = table.get("Rules")
    if "Variant" in table:
        variant = table["Variant"]
    elif _plays_abapa(record):
        variant = ABAPA_VARIANT
    else:
        variant = table.get("Game", "?") + (f" {rules}" if rules else "")
    score = table.get("Score")
    result = record.result
    score_in_result = score is not None and result != "*" and _is_scores(score)
    roster = {
        "Variant": variant,
        "Result": score if score_in_result and score is not None else result,
    }
    consumed = {"Game", "Rules", "Variant", "Result", PITS_TAG}
    if score_in_result:
        consumed.add("Score")
    tags = [(name, roster.get(name, table.get(name, UNKNOWN))) for name in TAG_ROSTER]
    for name, value in record.tags:
        if name in consumed or name in TAG_ROSTER:
            continue
        tags.append(("FEN" if name == "Position" else name, value))
    return tags


def _plays_abapa(record: Record) -> bool:
    """Whether a record's game is played under the abapa rules (Aualé's "Oware Abapa")."""
    try:
        return find_variant(record.tag("Game") or "", record.tag("Rules"), {}).rules == "abapa"
    except RulesError:
        return False


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment_tokens(text: str) -> list[str]:
    """A comment as words, so that lines can break between them (as Aualé writes it).

    A space inside a brace is kept when the comment had white space there:
    ``{ a b }`` and ``{a b}`` both come back as they were.
    """
    words = text.replace("}", ")").split()
    if not words:
        return ["{ }" if text else "{}"]
    if text[0].isspace():
        words.insert(0, "{")
    else:
        words[0] = "{" + words[0]
    if text[-1].isspace():
        words.append("}")
    else:
        words[-1] += "}"
    return words


def _movetext_tokens(mainline: Line, first: int) -> list[str]:
    """Movetext tokens with Aualé's numbering (``n.`` before every other move from the first).

    An explicit stack of piece iterators, as the PMN writer keeps, so deep
    variations are safe. ``first`` (who moves first) does not change
    Aualé's numbering, which counts moves, not seats.
    """
    del first
    tokens: list[str] = []
    stack: list[Iterator[str | tuple[Line, int]]] = [_line_pieces(mainline, 0)]
    while stack:
        piece = next(stack[-1], None)
        if piece is None:
            stack.pop()
            if stack:
                tokens.append(")")
        elif isinstance(piece, tuple):
            tokens.append("(")
            stack.append(_line_pieces(*piece))
        else:
            tokens.append(piece)
    return tokens


def _line_pieces(line: Line, ply0: int) -> Iterator[str | tuple[Line, int]]:
    for index, node in enumerate(line.moves):
        ply = ply0 + index
        for comment in node.comments_before:
            yield from _comment_tokens(comment)
        if ply % 2 == 0:
            yield f"{ply // 2 + 1}."
        elif index == 0 or node.comments_before:
            yield f"{ply // 2 + 1}..."
        yield node.token + node.glyph
        for nag in node.nags:
            yield f"${nag}"
        for comment in node.comments:
            yield from _comment_tokens(comment)
        for variation in node.variations:  # each replaces this move: same ply
            yield variation, ply
    for comment in line.comments:
        yield from _comment_tokens(comment)


def _wrap(tokens: list[str]) -> list[str]:
    """Aualé's line filling: a token joins the line while the line stays under 80 columns."""
    lines: list[str] = []
    line = tokens[0] if tokens else ""
    for token in tokens[1:]:
        if 1 + len(line) + len(token) < WIDTH:
            line = f"{line} {token}"
        else:
            lines.append(line + "\n")
            line = token
    lines.append(line + "\n")
    return lines


__all__ = [
    "ABAPA_VARIANT",
    "TAG_ROSTER",
    "OGNWriteError",
    "OGNWriter",
    "iter_ogn_records",
    "read_ogn",
    "read_stream",
    "record_from_ogn",
    "write_ogn",
    "write_ogn_record",
]
