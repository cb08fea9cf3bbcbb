"""Replaying records through the rules: the validator.

:func:`validate_record` replays a record's main line and every variation
(each from the position where it branches), finds the first illegal move in
each line, computes the outcome, and checks the declared result, ``Score``
and ``Termination`` against it (rulings N1, N2). It returns a
:class:`GameReport`; it never raises for a bad record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from notation.core.pits import DEFAULT as DEFAULT_PITS
from notation.core.pits import PITS_TAG, PitsError, Translation, translate_record
from notation.core.record import MAINLINE, Line, MoveNode, Record, TreePath, path_text, walk_runs
from notation.core.tokens import RESULT
from notation.errors import PMNError
from notation.games import AnyVariant, variant_from_tags
from notation.games.base import MoveError, Outcome, PositionError, RulesError, parse_result

#: ``Termination`` values that explain a result given before the rules end the game (N1).
EARLY_TERMINATIONS = ("resignation", "agreement", "time", "adjudication")
#: ``Termination`` values for a game that ended by the rules, or that has not ended.
OTHER_TERMINATIONS = ("normal", "unterminated")
#: ruling N5: a result taken from a site or program that does not say why the game stopped.
UNKNOWN_TERMINATION = "unknown"
_RESULT_RE = RESULT.re

_SCORE_RE = re.compile(r"[0-9]+(?:-[0-9]+)+")


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

    def __reduce__(self) -> tuple[type[GameReport], tuple[Any, ...]]:
        # sent back from worker processes, one a game: a constructor call unpickles
        # faster than the field-by-field state of a slotted dataclass
        return GameReport, (
            self.source,
            self.index,
            self.line,
            self.game,
            self.rules,
            self.players,
            self.declared,
            self.outcome,
            self.plies,
            self.problems,
            self.final_position,
            self.scores,
        )

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
    """The variant a record's tags select (:func:`notation.games.variant_from_tags`).
    Raises RulesError."""
    return variant_from_tags(record.tags)


def start_position(record: Record, variant: AnyVariant) -> Any:
    """The record's start position: its ``Position`` tag, or the standard one. Raises PositionError."""
    text = record.tag("Position")
    return variant.initial_position() if text is None else variant.parse_position(text)


def expected_number(variant: AnyVariant, position: Any) -> str:
    """The move number PMN writes before the move to be played in ``position``.

    The one move-number rule: move ``turn // seats + 1``, with ``.`` before
    the first seat's move and ``...`` before the others'.
    """
    turn = variant.turn(position)
    seats = len(variant.seats)
    return f"{turn // seats + 1}{'.' if turn % seats == 0 else '...'}"


@cache
def _move_numbers(seats: int, turns: int = 4096) -> tuple[str, ...]:
    """The move numbers of the first ``turns`` turns for a game of ``seats`` (a look-up table)."""
    return tuple(
        f"{turn // seats + 1}{'.' if turn % seats == 0 else '...'}" for turn in range(turns)
    )


@dataclass(frozen=True, slots=True)
class Game:
    """A record made ready to replay: its variant, its start position, its moves in the game's own names.

    A record whose holes are numbered another way (a ``Pits`` tag, or the
    ``pits`` a reader was told) is translated into the game's own pit names
    here, once, for every command alike; ``translation`` says how (None when
    nothing was translated), so a writer can put the record's own names back.
    """

    record: Record
    variant: AnyVariant
    start: Any
    translation: Translation | None = None

    def written_token(self, path: TreePath, index: int, token: str) -> str:
        """A move's token as the record wrote it (before any hole numbering was translated)."""
        if self.translation is None or self.translation.source == DEFAULT_PITS:
            return token
        return self.translation.tokens.get(path_text(path, index), (token, 0))[0]


def open_game(record: Record, pits: str | None = None) -> Game:
    """Make a record ready to replay. Raises PitsError, RulesError or PositionError.

    ``pits`` is the hole numbering of a record that has no ``Pits`` tag
    (``pmn ... --pits numbers``); the tag wins over it.
    """
    translation = None
    if record.tag(PITS_TAG) is not None or pits is not None:
        translation = translate_record(record, DEFAULT_PITS, pits)
        record = translation.record
    variant = record_variant(record)
    return Game(record, variant, start_position(record, variant), translation)


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
    position: Any = None
    variant = variant or record_variant(record)
    position = start_position(record, variant)
    for _node, before, move in iter_mainline(record, variant):
        position = variant.play(before, move)
    return position


# -- the one replay ------------------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One move replayed: the node as written, where it is, the positions either side.

    Read it, do not change it. (Not frozen: a frozen dataclass is built through
    ``object.__setattr__``, five times slower, and the replay builds one a move.)
    """

    node: MoveNode
    path: TreePath  # the line's place in the record tree
    index: int  # the node's index in its line
    number: str  # the move number PMN writes before it
    before: Any
    move: Any
    after: Any

    @property
    def on_mainline(self) -> bool:
        """Whether the move is on the main line (not in a variation)."""
        return self.path is MAINLINE


@dataclass(frozen=True, slots=True)
class Replayed:
    """What a replay found: the line (as the step callback rewrote it), and the main line's end."""

    line: Line
    end: Any  # the position after the last main-line move played
    plies: int  # main-line moves played
    completed: bool  # the main line was played to its end


def replay(
    variant: AnyVariant,
    line: Line,
    position: Any,
    *,
    problems: list[Problem] | None = None,
    on_step: Callable[[Step], MoveNode | None] | None = None,
    variations: bool = True,
    limit: int | None = None,
    trail: list[Any] | None = None,
) -> Replayed:
    """Replay a line and its variations through the rules: the one replay every command uses.

    Each move's written number is checked against the position (a wrong
    number stops the line: it is often the only sign that a move was left
    out) and its token read by the rules; the first problem in each line is
    appended to ``problems`` and stops that line. ``on_step`` sees every move
    played and may return a changed node (the canonical writer rewrites
    tokens and numbers this way). ``variations=False`` replays the main line
    only; ``limit`` stops the main line after that many moves. ``trail`` gets the
    position after each main-line move played (what an index hashes: cheaper than a
    :class:`Step` a move).
    """
    parse_move, play, outcome, turn = (
        variant.parse_move,
        variant.play,
        variant.outcome,
        variant.turn,
    )
    labels = _move_numbers(len(variant.seats))  # turn -> move number, written once

    def number_at(position: Any) -> str:
        now = turn(position)
        return labels[now] if now < len(labels) else expected_number(variant, position)

    def refuse(node: MoveNode, before: Any, path: TreePath, index: int) -> None:
        """The first problem of a line: a wrong move number, or a move the rules refuse."""
        expected = number_at(before)
        if node.number is not None and node.number != expected and outcome(before) is None:
            # (after the end the rules say game-over (N2), whatever the number)
            problem = Problem(
                "wrong-move-number",
                f"move number {node.number} before {node.token}; this move is {expected}",
                node.line,
                node.column,
                expected,
                node.token,
                path_text(path, index),
            )
        else:
            try:
                parse_move(node.token, before)
                return  # pragma: no cover - only called for a move that was refused
            except MoveError as exc:
                problem = Problem(
                    exc.code,
                    f"{node.token}: {exc.reason}",
                    node.line,
                    node.column,
                    expected,
                    node.token,
                    path_text(path, index),
                    exc.legal,
                )
        if problems is not None:
            problems.append(problem)

    def visit_run(
        moves: tuple[MoveNode, ...], start: int, position: Any, path: TreePath, deep: bool
    ) -> tuple[int, Any, list[MoveNode] | None, bool]:
        end = len(moves)
        if limit is not None and path is MAINLINE and limit < end:
            end = limit
        kept: list[MoveNode] | None = None
        index = start
        while index < end:
            node = moves[index]
            alone = deep and node.variations  # a move with variations is a run of its own
            if alone and index > start:
                return index, position, kept, False
            number = node.number
            label = None
            if number is not None:
                now = turn(position)
                label = labels[now] if now < len(labels) else expected_number(variant, position)
                if number != label and outcome(position) is None:
                    refuse(node, position, path, index)
                    return index, position, kept, True
            try:
                move = parse_move(node.token, position)
            except MoveError:
                refuse(node, position, path, index)
                return index, position, kept, True
            after = play(position, move)
            if trail is not None and path is MAINLINE:
                trail.append(after)
            if on_step is not None:
                if label is None:  # (number_at, inlined: once a move)
                    now = turn(position)
                    label = labels[now] if now < len(labels) else expected_number(variant, position)
                new = on_step(Step(node, path, index, label, position, move, after))
                if kept is not None:
                    kept.append(node if new is None else new)
                elif new is not None and new is not node:
                    kept = [*moves[start:index], new]
            position = after
            index += 1
            if alone:
                break
        return index, position, kept, index < len(moves) and index == end and end == limit

    walked = walk_runs(line, position, visit_run, MAINLINE, variations=variations)
    return Replayed(walked.line, walked.state, walked.played, walked.completed)


def mainline_positions(
    variant: AnyVariant,
    line: Line,
    position: Any,
    *,
    limit: int | None = None,
    moves_played: list[Any] | None = None,
    until: Callable[[Any], bool] | None = None,
) -> list[Any]:
    """The positions along a main line, start first, up to the first move whose written
    number is wrong or that the rules refuse, or ``limit`` moves: the positions
    :func:`replay` visits with ``variations=False`` (the same checks, in a loop of its own
    that builds no :class:`Step`: what the archive tools' duplicate keys and position
    searches ask, a game at a time). ``moves_played`` gets each move played (the rules'
    value: an opening tree writes them). With ``until``, the walk stops at the first
    position (the start included) for which it is true: a search for one position need
    not walk the rest of a game that meets it."""
    if until is not None and until(position):
        return [position]
    parse_move, play, outcome, turn = (
        variant.parse_move,
        variant.play,
        variant.outcome,
        variant.turn,
    )
    labels = _move_numbers(len(variant.seats))
    positions = [position]
    moves = line.moves
    for node in moves if limit is None else moves[:limit]:
        number = node.number
        if number is not None:  # a wrong number stops the line, as in replay
            now = turn(position)
            label = labels[now] if now < len(labels) else expected_number(variant, position)
            if number != label and outcome(position) is None:
                break
        try:
            move = parse_move(node.token, position)
        except MoveError:
            break
        position = play(position, move)
        positions.append(position)
        if moves_played is not None:
            moves_played.append(move)
        if until is not None and until(position):
            break
    return positions


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


def validate_record(
    record: Record,
    index: int = 1,
    *,
    pits: str | None = None,
    on_step: Callable[[Step], MoveNode | None] | None = None,
    trail: list[Any] | None = None,
) -> GameReport:
    """Replay a record through its game's rules and check what it declares.

    ``pits`` is the hole numbering of a record without a ``Pits`` tag (see
    :func:`open_game`). ``on_step`` sees every move the replay plays, as in
    :func:`replay` (the index notes positions on the validator's one replay), and
    ``trail`` the positions after the main line's moves.
    Never raises for a bad record: every fault is a :class:`Problem` in the report.
    """
    problems: list[Problem] = []
    base = {"source": record.source, "index": index, "line": record.line, "declared": record.result}
    if record.errors:
        problems.extend(
            Problem(e.code, e.message, e.line, e.column, path=e.path) for e in record.errors
        )
        return _unreplayed(record, index, problems)
    try:
        game = open_game(record, pits)
    except PitsError as exc:
        problems.append(Problem("bad-pits", str(exc), record.line, 1))
        return _unreplayed(record, index, problems)
    except RulesError as exc:
        problems.append(Problem(exc.code, str(exc), record.line, 1))
        return _unreplayed(record, index, problems)
    except PositionError as exc:
        variant = record_variant(record)
        problems.append(Problem(exc.code, str(exc), record.line, 1))
        return GameReport(
            game=variant.game,
            rules=variant.rules,
            players=tuple(record.tag(seat) or "?" for seat in variant.seats),
            outcome=None,
            plies=0,
            problems=tuple(problems),
            **base,  # type: ignore[arg-type]
        )
    variant, record = game.variant, game.record
    players = tuple(record.tag(seat) or "?" for seat in variant.seats)
    result_readable = _check_result_token(record, variant, problems)
    replayed = replay(
        variant, record.mainline, game.start, problems=problems, on_step=on_step, trail=trail
    )
    position = replayed.end
    outcome = variant.outcome(position) if replayed.completed else None
    scores = tuple(variant.scores(position))
    if replayed.completed and result_readable:
        _check_declarations(record, variant, outcome, scores, problems)
    if game.translation is not None and problems:
        problems = [_as_written(game, problem) for problem in problems]
    problems.sort(key=lambda p: (p.line == 0, p.line, p.column))
    return GameReport(
        game=variant.game,
        rules=variant.rules,
        players=players,
        outcome=outcome,
        plies=replayed.plies,
        problems=tuple(problems),
        final_position=variant.format_position(position),
        scores=scores,
        **base,  # type: ignore[arg-type]
    )


def _as_written(game: Game, problem: Problem) -> Problem:
    """A problem found in a translated record, with the move's token as the record wrote it."""
    if game.translation is None or not problem.path or problem.token is None:
        return problem
    written = game.translation.tokens.get(problem.path, (problem.token, 0))[0]
    if written == problem.token:
        return problem
    message = problem.message
    if message.startswith(f"{problem.token}: "):
        message = message[len(problem.token) + 2 :]
    return replace(problem, token=written, message=f"{written} (hole {problem.token}): {message}")


@lru_cache(maxsize=256)
def _result_fits(result: str, seats: int) -> bool:
    """Whether a result token is ``*`` or gives ``seats`` points adding up to 1 (memoised:
    a file has few distinct results, and adding Fractions is slow)."""
    try:
        points = parse_result(result)
    except (ZeroDivisionError, ValueError):  # "1/0-0", or a number int() refuses to read
        return False
    return points is None or (len(points) == seats and sum(points) == 1)


def _check_result_token(record: Record, variant: AnyVariant, problems: list[Problem]) -> bool:
    """Check the result token fits the number of seats and the Result tag; False if unusable."""
    seats = len(variant.seats)
    tag = record.tag("Result")
    if tag is not None and not _RESULT_RE.fullmatch(tag):
        problems.append(
            Problem(
                "bad-result",
                f'the Result tag says "{tag}", which is not a result: write the points of each '
                f"seat ({', '.join(variant.seats)}) such as 1-0 or 1/2-1/2, or * for a game "
                "not finished",
                record.line,
                1,
            )
        )
    elif tag is not None and tag != record.result:
        problems.append(
            Problem(
                "result-mismatch",
                f'the Result tag says "{tag}" but the result after the moves is {record.result}; '
                "make the two the same",
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
    if not _result_fits(record.result, seats):
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
    stated = (*EARLY_TERMINATIONS, UNKNOWN_TERMINATION)  # ruling N5
    if reason is not None and reason not in stated + OTHER_TERMINATIONS:
        problems.append(
            Problem(
                "bad-termination",
                f'unknown Termination "{termination}" (use one of: '
                f"{', '.join(stated + OTHER_TERMINATIONS)})",
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
        if reason in EARLY_TERMINATIONS:  # (N5's "unknown" says nothing the rules contradict)
            problems.append(
                Problem(
                    "bad-termination",
                    f'Termination "{termination}", but the game ended by the rules ({outcome.reason})',
                    *where,
                )
            )
    elif declared != "*":
        # ruling N1: stopping early needs a stated reason (N5: "unknown" is one)
        if reason not in stated:
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


@dataclass(frozen=True, slots=True)
class GamePoint:
    """A point of a game's main line: the position there, and the move that led to it."""

    variant: AnyVariant
    position: Any
    last_token: str | None = None  # the last move as written
    last_move: Any = None
    before: Any = None  # the position before the last move
    steps: tuple[Step, ...] = ()  # the main-line moves played to get here


class NoSuchMoveError(PMNError):
    """A move number past the end of a game's main line."""

    code = "no-such-move"


class ReplayStoppedError(PMNError):
    """A main-line move the rules refuse, before the point asked for; ``problem`` says
    which and where."""

    code = "illegal-move"

    def __init__(self, message: str, problem: Problem) -> None:
        super().__init__(message)
        self.problem = problem


def replay_to_move(record: Record, move_count: int | None = None) -> GamePoint:
    """The game after ``move_count`` main-line moves (default: all of them).

    The record is replayed by the one replay (:func:`replay`), its hole numbering
    honoured (:func:`open_game`). Raises what :func:`open_game` raises (an unknown
    game, a bad ``Position``), :class:`NoSuchMoveError` past the main line's end and
    :class:`ReplayStoppedError` at a move the rules refuse before it.
    """
    game = open_game(record)
    moves = game.record.mainline.moves
    if move_count is not None and move_count > len(moves):
        raise NoSuchMoveError(f"has {len(moves)} moves, not {move_count}")
    last: list[Step] = []
    problems: list[Problem] = []
    replayed = replay(
        game.variant,
        game.record.mainline,
        game.start,
        problems=problems,
        on_step=lambda step: last.append(step) if step.on_mainline else None,
        variations=False,
        limit=move_count,
    )
    wanted = len(moves) if move_count is None else move_count
    if replayed.plies < wanted:
        problem = problems[0]
        token = game.written_token(MAINLINE, replayed.plies, problem.token or "")
        message = problem.message.split(": ", 1)[-1]
        raise ReplayStoppedError(
            f"{record.source}:{problem.line}:{problem.column}: {token}: {message}", problem
        )
    if not last:
        return GamePoint(game.variant, game.start)
    step = last[-1]
    token = game.written_token(step.path, step.index, step.node.token)
    return GamePoint(game.variant, step.after, token, step.move, step.before, tuple(last))


__all__ = [
    "EARLY_TERMINATIONS",
    "OTHER_TERMINATIONS",
    "Game",
    "GamePoint",
    "GameReport",
    "NoSuchMoveError",
    "Problem",
    "ReplayStoppedError",
    "Replayed",
    "Step",
    "expected_number",
    "final_position",
    "iter_mainline",
    "mainline_positions",
    "open_game",
    "record_variant",
    "replay",
    "replay_to_move",
    "start_position",
    "validate_record",
]
