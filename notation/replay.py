"""Replaying records through the rules: the validator.

:func:`validate_record` replays a record's main line and every variation
(each from the position where it branches), finds the first illegal move in
each line, computes the outcome, and checks the declared result, ``Score``
and ``Termination`` against it (rulings N1, N2). It returns a
:class:`GameReport`; it never raises for a bad record.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from notation.games import AnyVariant, find_variant
from notation.games.base import MoveError, Outcome, PositionError, RulesError, parse_result
from notation.grammar import MOVE, MOVE_NUMBER, RESULT, TAG_PAIR, unescape_tag_value
from notation.pits import DEFAULT as DEFAULT_PITS
from notation.pits import PITS_TAG, PitsError, translate_record
from notation.pmn import Chunk, read_chunk
from notation.record import Line, MoveNode, Record

#: ``Termination`` values that explain a result given before the rules end the game (N1).
EARLY_TERMINATIONS = ("resignation", "agreement", "time", "adjudication")
#: ``Termination`` values for a game that ended by the rules, or that has not ended.
OTHER_TERMINATIONS = ("normal", "unterminated")

_SCORE_RE = re.compile(r"[0-9]+(?:-[0-9]+)+")
_NUMBER_RE = re.compile(r"([0-9]+)(\.(?:\.\.)?)")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a record: where it is, a stable code, and words.

    ``move_number`` is like ``"12..."``: the move number and whether it is the
    first seat's move (``.``) or another's (``...``). ``path`` locates the
    move in the record tree (``moves[11]``, ``moves[3].variations[0][1]``),
    which is how records read from JSON are located.
    """

    code: str
    message: str
    line: int = 0
    column: int = 0
    move_number: str | None = None
    token: str | None = None
    path: str = ""
    legal: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The problem as a JSON object (keys with no value left out)."""
        obj: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.line:
            obj["line"] = self.line
            obj["column"] = self.column
        if self.move_number is not None:
            obj["move_number"] = self.move_number
        if self.token is not None:
            obj["token"] = self.token
        if self.path:
            obj["path"] = self.path
        if self.legal:
            obj["legal"] = list(self.legal)
        return obj


@dataclass(frozen=True, slots=True)
class GameReport:
    """The verdict on one record."""

    source: str
    index: int  # 1-based game number in its source
    line: int
    game: str | None
    rules: str | None
    players: tuple[str, ...]
    declared: str  # the result the record declares
    outcome: Outcome | None  # the outcome by the rules after the main line, if over
    plies: int  # moves replayed on the main line
    problems: tuple[Problem, ...] = ()
    final_position: str | None = None
    scores: tuple[int, ...] = field(default=())

    @property
    def valid(self) -> bool:
        """A record is valid when nothing is wrong with it."""
        return not self.problems

    @property
    def computed(self) -> str:
        """The result by the rules: the outcome's result, or ``*`` if not over."""
        return self.outcome.result if self.outcome is not None else "*"

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON object (``schemas/report.schema.json``)."""
        obj: dict[str, Any] = {
            "source": self.source,
            "game": self.index,
            "line": self.line,
            "variant": self.game,
            "rules": self.rules,
            "players": list(self.players),
            "valid": self.valid,
            "declared_result": self.declared,
            "computed_result": self.computed,
            "plies": self.plies,
        }
        if self.outcome is not None:
            obj["outcome_reason"] = self.outcome.reason
        if self.scores:
            obj["scores"] = list(self.scores)
        if self.final_position is not None:
            obj["final_position"] = self.final_position
        obj["problems"] = [p.to_json() for p in self.problems]
        return obj


def record_variant(record: Record) -> AnyVariant:
    """The variant a record's tags select. Raises RulesError."""
    game = record.tag("Game")
    if game is None:
        raise RulesError('missing required tag "Game"')
    return find_variant(game, record.tag("Rules"), dict(record.tags))


def start_position(record: Record, variant: AnyVariant) -> Any:
    """The record's start position: its ``Position`` tag, or the standard one. Raises PositionError."""
    text = record.tag("Position")
    return variant.initial_position() if text is None else variant.parse_position(text)


def expected_number(variant: AnyVariant, position: Any) -> str:
    """The move number PMN writes before the move to be played in ``position``."""
    turn = variant.turn(position)
    seats = len(variant.seats)
    return f"{turn // seats + 1}{'.' if turn % seats == 0 else '...'}"


def iter_mainline(
    record: Record, variant: AnyVariant | None = None
) -> Iterator[tuple[MoveNode, Any, Any]]:
    """Yield ``(node, position_before, move)`` along the main line; raises MoveError on an illegal move."""
    variant = variant or record_variant(record)
    position = start_position(record, variant)
    for node in record.mainline.moves:
        move = variant.parse_move(node.token, position)
        yield node, position, move
        position = variant.play(position, move)


def final_position(record: Record, variant: AnyVariant | None = None) -> Any:
    """The position at the end of the main line (raises MoveError/RulesError/PositionError)."""
    variant = variant or record_variant(record)
    position = start_position(record, variant)
    for node in record.mainline.moves:
        position = variant.play(position, variant.parse_move(node.token, position))
    return position


def _replay_line(
    variant: AnyVariant, line: Line, position: Any, path: str, problems: list[Problem]
) -> tuple[Any, int, bool]:
    """Replay a line, then its variations (depth first, in the order they are written).

    Returns the line's final position, its plies and whether it was played to
    its end. Variations nest to any depth: they wait on an explicit stack.
    """
    result = _replay_moves(variant, line, position, (None, path), problems)
    stack = result[3][::-1]
    while stack:
        variation, start, var_path = stack.pop()
        stack.extend(_replay_moves(variant, variation, start, var_path, problems)[3][::-1])
    return result[:3]


#: Where a line is in the record tree: its parent's place and the last step
#: (``(None, "moves")``). Built as a chain, so deep nesting costs no long strings;
#: written out (:func:`_path_text`) only for a problem.
_Path = tuple["_Path | None", str]


def _path_text(path: _Path) -> str:
    parts: list[str] = []
    current: _Path | None = path
    while current is not None:
        current, step = current
        parts.append(step)
    return "".join(reversed(parts))


def _replay_moves(
    variant: AnyVariant, line: Line, position: Any, path: _Path, problems: list[Problem]
) -> tuple[Any, int, bool, list[tuple[Line, Any, _Path]]]:
    """Replay one line's moves; also returns its variations with the positions they start from."""
    pending: list[tuple[Line, Any, _Path]] = []
    plies = 0
    completed = True
    play, parse_move = variant.play, variant.parse_move
    for index, node in enumerate(line.moves):
        number = expected_number(variant, position) if node.number is not None else None
        if node.number is not None and node.number != number:
            problems.append(
                Problem(
                    "wrong-move-number",
                    f"move number {node.number} before {node.token}; this move is {number}",
                    node.line,
                    node.column,
                    number,
                    node.token,
                    f"{_path_text(path)}[{index}]",
                )
            )
            completed = False
            break
        for v_index, variation in enumerate(node.variations):
            pending.append((variation, position, (path, f"[{index}].variations[{v_index}]")))
        try:
            move = parse_move(node.token, position)
        except MoveError as exc:
            problems.append(
                Problem(
                    exc.code,
                    f"{node.token}: {exc.reason}",
                    node.line,
                    node.column,
                    number or expected_number(variant, position),
                    node.token,
                    f"{_path_text(path)}[{index}]",
                    exc.legal,
                )
            )
            completed = False
            break
        position = play(position, move)
        plies += 1
    return position, plies, completed, pending


def _unreplayed(record: Record, index: int, problems: list[Problem]) -> GameReport:
    """The report on a record that could not be replayed at all (unreadable, unknown game)."""
    return GameReport(
        source=record.source,
        index=index,
        line=record.line,
        game=record.tag("Game"),
        rules=record.tag("Rules"),
        players=(),
        declared=record.result,
        outcome=None,
        plies=0,
        problems=tuple(problems),
    )


def validate_record(record: Record, index: int = 1) -> GameReport:
    """Replay a record through its game's rules and check what it declares."""
    problems: list[Problem] = []
    players: tuple[str, ...] = ()
    base = {"source": record.source, "index": index, "line": record.line, "declared": record.result}
    if record.errors:
        problems.extend(
            Problem(e.code, e.message, e.line, e.column, path=e.path) for e in record.errors
        )
        return _unreplayed(record, index, problems)
    if record.tag(PITS_TAG) is not None:
        # a 2x6-board record with holes numbered another way: read its moves as letters
        try:
            record = translate_record(record, DEFAULT_PITS).record
        except PitsError as exc:
            problems.append(Problem("bad-pits", str(exc), record.line, 1))
            return _unreplayed(record, index, problems)
    try:
        variant = record_variant(record)
    except RulesError as exc:
        problems.append(Problem(exc.code, str(exc), record.line, 1))
        return _unreplayed(record, index, problems)
    players = tuple(record.tag(seat) or "?" for seat in variant.seats)
    try:
        position = start_position(record, variant)
    except PositionError as exc:
        problems.append(Problem(exc.code, str(exc), record.line, 1))
        return GameReport(
            game=variant.game,
            rules=variant.rules,
            players=players,
            outcome=None,
            plies=0,
            problems=tuple(problems),
            **base,  # type: ignore[arg-type]
        )
    result_readable = _check_result_token(record, variant, problems)
    position, plies, completed = _replay_line(variant, record.mainline, position, "moves", problems)
    outcome = variant.outcome(position) if completed else None
    scores = tuple(variant.scores(position))
    if completed and result_readable:
        _check_declarations(record, variant, outcome, scores, problems)
    problems.sort(key=lambda p: (p.line == 0, p.line, p.column))
    return GameReport(
        game=variant.game,
        rules=variant.rules,
        players=players,
        outcome=outcome,
        plies=plies,
        problems=tuple(problems),
        final_position=variant.format_position(position),
        scores=scores,
        **base,  # type: ignore[arg-type]
    )


def _check_result_token(record: Record, variant: AnyVariant, problems: list[Problem]) -> bool:
    """Check the result token fits the number of seats and the Result tag; False if unusable."""
    seats = len(variant.seats)
    tag = record.tag("Result")
    if tag is not None and tag != record.result:
        problems.append(
            Problem(
                "result-mismatch",
                f'the Result tag says "{tag}" but the movetext ends with {record.result}',
                record.line,
                1,
            )
        )
    if not _RESULT_RE.fullmatch(record.result):  # a record built in code, not read
        problems.append(
            Problem(
                "bad-result",
                f'"{record.result}" is not a result: points per seat like 1-0 or 1/2-1/2, or *',
                record.line,
                1,
            )
        )
        return False
    try:
        points = parse_result(record.result)
    except (ZeroDivisionError, ValueError):  # "1/0-0", or a number int() refuses to read
        points = (Fraction(-1),)  # no seat's points: reported just below
    if points is not None and (len(points) != seats or sum(points) != 1):
        problems.append(
            Problem(
                "bad-result",
                f'"{record.result}" is not a result for {seats} players: give each seat\'s points '
                f"in seat order ({', '.join(variant.seats)}), adding up to 1, or *",
                record.line,
                1,
            )
        )
        return False
    return True


def _check_declarations(
    record: Record,
    variant: AnyVariant,
    outcome: Outcome | None,
    scores: tuple[int, ...],
    problems: list[Problem],
) -> None:
    """Rulings N1/N2: the declared result, Score and Termination against the replay."""
    termination = record.tag("Termination")
    reason = termination.strip().lower() if termination is not None else None
    declared = record.result
    where = (record.line, 1)
    if reason is not None and reason not in EARLY_TERMINATIONS + OTHER_TERMINATIONS:
        problems.append(
            Problem(
                "bad-termination",
                f'unknown Termination "{termination}" (use one of: '
                f"{', '.join(EARLY_TERMINATIONS + OTHER_TERMINATIONS)})",
                *where,
            )
        )
        return
    if outcome is not None:
        # ruling N1: a game over by the rules must declare the rules' outcome
        if declared != outcome.result:
            problems.append(
                Problem(
                    "wrong-result",
                    f"the game is over by the rules: {outcome.result} ({outcome.reason}), "
                    f"but the record declares {declared}",
                    *where,
                )
            )
        if reason in EARLY_TERMINATIONS:
            problems.append(
                Problem(
                    "bad-termination",
                    f'Termination "{termination}", but the game ended by the rules ({outcome.reason})',
                    *where,
                )
            )
    elif declared != "*":
        # ruling N1: stopping early needs a stated reason
        if reason not in EARLY_TERMINATIONS:
            problems.append(
                Problem(
                    "unfinished",
                    f"the game is not over by the rules, so the result is * unless a Termination "
                    f"tag says why it stopped ({', '.join(EARLY_TERMINATIONS)}); "
                    f"the record declares {declared}",
                    *where,
                )
            )
        elif reason == "resignation" and 1 not in (parse_result(declared) or ()):
            problems.append(
                Problem(
                    "bad-termination",
                    f"a game ended by resignation has a winner; the record declares {declared}",
                    *where,
                )
            )
    score = record.tag("Score")
    if score is not None:
        expected = "-".join(map(str, scores))
        if not _SCORE_RE.fullmatch(score.strip()):
            problems.append(
                Problem(
                    "bad-score", f'Score "{score}" is not per-seat counts like {expected}', *where
                )
            )
        elif score.strip() != expected:
            problems.append(
                Problem(
                    "score-mismatch",
                    f"Score says {score} but the stones captured are {expected}",
                    *where,
                )
            )


# -- the fast path -------------------------------------------------------------

_TAG_LINE_RE = TAG_PAIR.re
_NUMBER_RE = MOVE_NUMBER.re
_RESULT_RE = RESULT.re
_MOVE_RE = MOVE.re
#: Characters that make movetext more than numbers, moves and a result.
#: Tokens already seen to be move tokens of the grammar (a bounded cache).
_MOVE_TOKENS: set[str] = set()
_NOT_PLAIN_RE = re.compile(r'[{};()$!?%\\"]')


def _plain_game(chunk: Chunk) -> tuple[list[tuple[str, str]], list[str], int] | None:
    """Tags, movetext tokens and first line of a game written plainly, or None.

    Plainly means: one tag pair per line, then only move numbers, moves and a
    result (no comments, annotations or variations), and no decoding errors.
    """
    if chunk.errors:
        return None
    lines = chunk.text.split("\n")
    tags: list[tuple[str, str]] = []
    first = -1
    body = len(lines)
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            continue
        if first < 0:
            first = index
        if not stripped.startswith("["):
            body = index
            break
        match = _TAG_LINE_RE.fullmatch(stripped)
        if match is None:
            return None
        tags.append((match.group("tag_name"), unescape_tag_value(match.group("tag_value"))))
    movetext = " ".join(lines[body:])
    if _NOT_PLAIN_RE.search(movetext):
        return None
    tokens = movetext.split()
    if not tokens or not _RESULT_RE.fullmatch(tokens[-1]):
        return None
    return tags, tokens, chunk.line + max(first, 0)


def validate_game(game: Chunk | Record, index: int = 1) -> GameReport:
    """Validate a game given as an unread chunk (fast path) or as a record."""
    if isinstance(game, Chunk):
        return validate_chunk(game, index)
    return validate_record(game, index)


def validate_chunk(chunk: Chunk, index: int = 1) -> GameReport:
    """Validate one game's text: the same report as ``validate_record(read_chunk(chunk))``.

    The common case (a game written plainly, and valid) is replayed straight
    from its tokens without building the record tree. Anything else, and any
    game with a problem, takes the full path, so error places are exact.
    """
    plain = _plain_game(chunk)
    if plain is None:
        return validate_record(read_chunk(chunk), index)
    tags, tokens, line = plain
    record = Record(tuple(tags), Line(), tokens[-1], source=chunk.source, line=line)
    problems: list[Problem] = []
    try:
        variant = record_variant(record)
        position = start_position(record, variant)
    except (RulesError, PositionError):
        return validate_record(read_chunk(chunk), index)
    if not _check_result_token(record, variant, problems) or problems:
        return validate_record(read_chunk(chunk), index)
    parse_move, play = variant.parse_move, variant.play
    number: str | None = None
    plies = 0
    for token in tokens[:-1]:
        if token[-1] == ".":
            if number is not None or not _NUMBER_RE.fullmatch(token):
                return validate_record(read_chunk(chunk), index)
            number = token
            continue
        if number is not None:
            if number != expected_number(variant, position):
                return validate_record(read_chunk(chunk), index)
            number = None
        if token not in _MOVE_TOKENS:
            if _RESULT_RE.fullmatch(token) or not _MOVE_RE.fullmatch(token):
                return validate_record(read_chunk(chunk), index)  # a result, or unreadable
            if len(_MOVE_TOKENS) < 65536:
                _MOVE_TOKENS.add(token)
        try:
            position = play(position, parse_move(token, position))
        except MoveError:
            return validate_record(read_chunk(chunk), index)
        plies += 1
    if number is not None:
        return validate_record(read_chunk(chunk), index)
    outcome = variant.outcome(position)
    scores = tuple(variant.scores(position))
    _check_declarations(record, variant, outcome, scores, problems)
    if problems:
        return validate_record(read_chunk(chunk), index)
    return GameReport(
        source=chunk.source,
        index=index,
        line=line,
        game=variant.game,
        rules=variant.rules,
        players=tuple(record.tag(seat) or "?" for seat in variant.seats),
        declared=record.result,
        outcome=outcome,
        plies=plies,
        problems=(),
        final_position=variant.format_position(position),
        scores=scores,
    )
