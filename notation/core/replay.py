"""Replaying records through the rules: the one replay loop, and the validator on it.

:func:`replay` is the one loop that plays a record's moves through its
variant (outside the games, the only place a variant's ``play`` is called,
but for the random-game generator): it reports each move played, each line's
first refusal and the end to a :class:`StepVisitor`. The validator, the
positions of the main line, the index's keys, the writers, the renderer,
reconcile, repair and the recorder are its visitors.

:func:`validate_record` replays a record's main line and every variation
(each from the position where it branches), finds the first illegal move in
each line, computes the outcome, and checks the declared result, ``Score``
and ``Termination`` against it (rulings N1, N2). It returns a
:class:`GameReport`; it never raises for a bad record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
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
    (``pmn ... --from-pits numbers``); the tag wins over it.
    """
    translation = None
    if record.tag(PITS_TAG) is not None or pits is not None:
        translation = translate_record(record, DEFAULT_PITS, pits)
        record = translation.record
    variant = record_variant(record)
    return Game(record, variant, start_position(record, variant), translation)


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
class Refusal:
    """The move that stopped a line: a wrong move number, or a move the rules refuse.

    ``problem`` is how validation reports it; ``error`` is the rules' own
    :class:`MoveError` (None for a wrong move number); ``before`` the position
    the move was read in.
    """

    problem: Problem
    node: MoveNode
    path: TreePath
    index: int
    before: Any
    error: MoveError | None


@dataclass(frozen=True, slots=True)
class Replayed:
    """What a replay found: the line (as the step visitor rewrote it), and the main line's end."""

    line: Line
    end: Any  # the position after the last main-line move played
    plies: int  # main-line moves played
    completed: bool  # the main line was played to its end
    variant: AnyVariant

    @property
    def outcome(self) -> Outcome | None:
        """The outcome by the rules when the main line was played to its end and the game is over."""
        return self.variant.outcome(self.end) if self.completed else None


class StepVisitor:
    """What :func:`replay`, the one replay loop, reports to. Override the hooks you need.

    A hook left as this class's no-op is never called: the loop looks once,
    before the first move, so a visitor pays only for what it asks (the
    validation visitor asks for refusals and the end alone, and the loop then
    builds nothing a move). A hook may also be an instance attribute (a bound
    ``list.append``, say), which costs less than a method.
    """

    def visit_step(self, step: Step) -> MoveNode | None:
        """A move played, on any line: return a changed node to write it into the line
        :func:`replay` gives back (None keeps the node as written)."""
        return None  # pragma: no cover - never called: the loop skips a hook not overridden

    def visit_played(self, move: Any, after: Any) -> bool | None:
        """A main-line move played: the move as the rules read it and the position after
        (cheaper than a :class:`Step`). A true answer stops the replay there."""
        return None  # pragma: no cover - never called: the loop skips a hook not overridden

    def visit_refusal(self, refusal: Refusal) -> None:
        """The first move of a line that could not be played; the line stops there."""

    def visit_end(self, replayed: Replayed) -> None:
        """The replay is over: the main line's end, and its outcome when the game is over."""


def _hook(visitor: StepVisitor, name: str) -> Any:
    """A visitor's hook, or None when it is the base class's no-op (then it is not called)."""
    hook = getattr(visitor, name)
    return None if getattr(hook, "__func__", None) is getattr(StepVisitor, name) else hook


_LOOK = StepVisitor()


def replay(
    variant: AnyVariant,
    line: Line,
    position: Any,
    visitor: StepVisitor = _LOOK,
    *,
    variations: bool = True,
    limit: int | None = None,
    read: Callable[[str, Any], Any] | None = None,
) -> Replayed:
    """Replay a line and its variations through the rules: the one replay loop.

    Outside the games, this is the one place a variant's ``play`` is called
    (a generator of random games, :mod:`notation.core.generate`, keeps its own).
    Each move's written number is checked against the position (a wrong
    number stops the line: it is often the only sign that a move was left
    out) and its token read by the rules (``read``: the variant's ``parse_move``
    unless a caller reads tokens of another kind, such as OpenSpiel's actions);
    the first move of each line that cannot be played is reported to the
    visitor's ``visit_refusal`` and stops that line. Every move played is
    reported to ``visit_step`` (each main-line move to ``visit_played`` too),
    and the end to ``visit_end`` (see :class:`StepVisitor`). ``variations=False``
    replays the main line only; ``limit`` stops the main line after that many moves.
    """
    parse_move, play, outcome, turn = (
        read or variant.parse_move,
        variant.play,
        variant.outcome,
        variant.turn,
    )
    on_step = _hook(visitor, "visit_step")
    on_played = _hook(visitor, "visit_played")
    on_refusal = _hook(visitor, "visit_refusal")
    labels = _move_numbers(len(variant.seats))  # turn -> move number, written once

    def refuse(
        node: MoveNode, before: Any, path: TreePath, index: int, error: MoveError | None
    ) -> None:
        """Report the first problem of a line: a wrong move number, or a move the rules refuse."""
        if on_refusal is None:
            return
        now = turn(before)
        expected = labels[now] if now < len(labels) else expected_number(variant, before)
        if error is None:
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
            problem = Problem(
                error.code,
                f"{node.token}: {error.reason}",
                node.line,
                node.column,
                expected,
                node.token,
                path_text(path, index),
                error.legal,
            )
        on_refusal(Refusal(problem, node, path, index, before, error))

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
                    refuse(node, position, path, index, None)
                    return index, position, kept, True
            try:
                move = parse_move(node.token, position)
            except MoveError as error:
                refuse(node, position, path, index, error)
                return index, position, kept, True
            after = play(position, move)
            if on_step is not None:
                if label is None:  # (the move number, inlined: once a move)
                    now = turn(position)
                    label = labels[now] if now < len(labels) else expected_number(variant, position)
                new = on_step(Step(node, path, index, label, position, move, after))
                if kept is not None:
                    kept.append(node if new is None else new)
                elif new is not None and new is not node:
                    kept = [*moves[start:index], new]
            if on_played is not None and path is MAINLINE and on_played(move, after):
                return index + 1, after, kept, True
            position = after
            index += 1
            if alone:
                break
        return index, position, kept, index < len(moves) and index == end and end == limit

    walked = walk_runs(line, position, visit_run, MAINLINE, variations=variations)
    replayed = Replayed(walked.line, walked.state, walked.played, walked.completed, variant)
    visitor.visit_end(replayed)
    return replayed


class LineVisitor(StepVisitor):
    """A visitor made of callables: ``on_step`` sees every move played (its answer as
    :meth:`StepVisitor.visit_step`'s), ``problems`` gets each line's refusal as a
    :class:`Problem`."""

    def __init__(
        self,
        on_step: Callable[[Step], MoveNode | None] | None = None,
        problems: list[Problem] | None = None,
    ) -> None:
        if on_step is not None:
            self.visit_step = on_step  # type: ignore[method-assign,assignment]
        self.problems = problems

    def visit_refusal(self, refusal: Refusal) -> None:
        """Note the refusal's problem."""
        if self.problems is not None:
            self.problems.append(refusal.problem)


class MainlinePositions(StepVisitor):
    """The positions along a main line, start first (see :func:`mainline_positions`)."""

    def __init__(
        self,
        start: Any,
        moves_played: list[Any] | None = None,
        until: Callable[[Any], bool] | None = None,
    ) -> None:
        self.positions = [start]
        if moves_played is None and until is None:
            self.visit_played = self._append  # type: ignore[method-assign]
        self.moves_played = moves_played
        self.until = until

    def _append(self, move: Any, after: Any) -> None:
        self.positions.append(after)

    def visit_played(self, move: Any, after: Any) -> bool | None:
        """Note the position (and the move); stop at the first position ``until`` wants."""
        self.positions.append(after)
        if self.moves_played is not None:
            self.moves_played.append(move)
        return self.until is not None and self.until(after)


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
    number is wrong or that the rules refuse, or ``limit`` moves: :func:`replay` of the
    main line with a :class:`MainlinePositions` visitor (what the archive tools' duplicate
    keys and position searches ask, a game at a time). ``moves_played`` gets each move
    played (the rules' value: an opening tree writes them). With ``until``, the walk stops
    at the first position (the start included) for which it is true: a search for one
    position need not walk the rest of a game that meets it."""
    if until is not None and until(position):
        return [position]
    visitor = MainlinePositions(position, moves_played, until)
    replay(variant, line, position, visitor, variations=False, limit=limit)
    return visitor.positions


class _MainlineSteps(StepVisitor):
    """The main line's steps, and the rules' error at the move that stopped it."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.visit_step = self.steps.append  # type: ignore[assignment]
        self.error: MoveError | None = None

    def visit_refusal(self, refusal: Refusal) -> None:
        """Keep the rules' error (a wrong move number is not one: the rules never see it)."""
        self.error = refusal.error


def unnumbered(line: Line) -> Line:
    """The line's moves without their written numbers or variations: what :func:`replay`
    plays for a caller that reads the tokens alone."""
    return Line(
        tuple(
            replace(node, number=None, variations=()) if node.number or node.variations else node
            for node in line.moves
        )
    )


def token_line(tokens: Iterable[str]) -> Line:
    """A main line of bare tokens (no numbers): what :func:`replay` plays for a caller
    that holds moves as text (an index's stored moves)."""
    return Line(tuple(MoveNode(token) for token in tokens))


class _NextStep(StepVisitor):
    """The one move of a one-move replay, or the rules' error for it."""

    def __init__(self) -> None:
        self.step: Step | None = None
        self.error: MoveError | None = None

    def visit_step(self, step: Step) -> None:
        """Keep the step."""
        self.step = step

    def visit_refusal(self, refusal: Refusal) -> None:
        """Keep the rules' error."""
        self.error = refusal.error


def next_step(
    variant: AnyVariant,
    position: Any,
    token: str,
    read: Callable[[str, Any], Any] | None = None,
) -> Step:
    """One move read in ``position`` and played, on the one replay loop: the recorder's
    next move, a repair's trial of a token. ``read`` reads the token (the variant's
    ``parse_move`` unless given). Raises the rules' :class:`MoveError`."""
    visitor = _NextStep()
    replay(variant, token_line((token,)), position, visitor, variations=False, read=read)
    if visitor.step is None:
        assert visitor.error is not None  # (a bare token has no number to be wrong)
        raise visitor.error
    return visitor.step


def mainline_steps(variant: AnyVariant, line: Line, position: Any) -> list[Step]:
    """The steps of a main line played from ``position`` (its written numbers checked, if
    any); raises the rules' :class:`MoveError` at a move they refuse (a line of bare
    tokens, :func:`token_line`, has no number to be wrong)."""
    visitor = _MainlineSteps()
    replay(variant, line, position, visitor, variations=False)
    if visitor.error is not None:
        raise visitor.error
    return visitor.steps


def iter_mainline(
    record: Record, variant: AnyVariant | None = None
) -> Iterator[tuple[MoveNode, Any, Any]]:
    """Yield ``(node, position_before, move)`` along the main line (the written move
    numbers are not checked); raises MoveError at an illegal move."""
    variant = variant or record_variant(record)
    visitor = _MainlineSteps()
    replay(
        variant,
        unnumbered(record.mainline),
        start_position(record, variant),
        visitor,
        variations=False,
    )
    for step in visitor.steps:
        yield step.node, step.before, step.move
    if visitor.error is not None:
        raise visitor.error


def final_position(record: Record, variant: AnyVariant | None = None) -> Any:
    """The position at the end of the main line (raises MoveError/RulesError/PositionError)."""
    variant = variant or record_variant(record)
    visitor = _MainlineSteps()
    replayed = replay(
        variant,
        unnumbered(record.mainline),
        start_position(record, variant),
        visitor,
        variations=False,
    )
    if visitor.error is not None:
        raise visitor.error
    return replayed.end


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


class Validation(StepVisitor):
    """The validator as a step visitor: each line's refusal a :class:`Problem`, and at the
    main line's end its outcome, its scores and what the record declares checked against
    them (rulings N1, N2).

    ``also`` is another visitor that sees the same replay (the index notes positions on
    the validator's one replay): its step hooks become this visitor's own, so the loop
    calls them directly, and it sees the refusals and the end after this one.
    """

    def __init__(
        self,
        record: Record,
        variant: AnyVariant,
        problems: list[Problem],
        check: bool,
        also: StepVisitor | None = None,
    ) -> None:
        self.record, self.variant, self.problems, self.check = record, variant, problems, check
        self.outcome: Outcome | None = None
        self.scores: tuple[int, ...] = ()
        self.also = also
        if also is not None:
            for name in ("visit_step", "visit_played"):
                hook = _hook(also, name)
                if hook is not None:
                    setattr(self, name, hook)

    def visit_refusal(self, refusal: Refusal) -> None:
        """A line stopped: its problem is the record's."""
        self.problems.append(refusal.problem)
        if self.also is not None:
            self.also.visit_refusal(refusal)

    def visit_end(self, replayed: Replayed) -> None:
        """The outcome and scores at the main line's end, and the declarations checked."""
        self.outcome = replayed.outcome
        self.scores = tuple(self.variant.scores(replayed.end))
        if replayed.completed and self.check:
            _check_declarations(self.record, self.variant, self.outcome, self.scores, self.problems)
        if self.also is not None:
            self.also.visit_end(replayed)


def validate_record(
    record: Record,
    index: int = 1,
    *,
    pits: str | None = None,
    also: StepVisitor | None = None,
) -> GameReport:
    """Replay a record through its game's rules and check what it declares: :func:`replay`
    with a :class:`Validation` visitor.

    ``pits`` is the hole numbering of a record without a ``Pits`` tag (see
    :func:`open_game`). ``also`` sees the same replay (see :class:`Validation`).
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
    validation = Validation(record, variant, problems, result_readable, also)
    replayed = replay(variant, record.mainline, game.start, validation)
    if game.translation is not None and problems:
        problems = [_as_written(game, problem) for problem in problems]
    problems.sort(key=lambda p: (p.line == 0, p.line, p.column))
    return GameReport(
        game=variant.game,
        rules=variant.rules,
        players=players,
        outcome=validation.outcome,
        plies=replayed.plies,
        problems=tuple(problems),
        final_position=variant.format_position(replayed.end),
        scores=validation.scores,
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
        LineVisitor(last.append, problems),
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
    "LineVisitor",
    "MainlinePositions",
    "NoSuchMoveError",
    "Problem",
    "Refusal",
    "ReplayStoppedError",
    "Replayed",
    "Step",
    "StepVisitor",
    "Validation",
    "expected_number",
    "final_position",
    "iter_mainline",
    "mainline_positions",
    "mainline_steps",
    "next_step",
    "open_game",
    "record_variant",
    "replay",
    "replay_to_move",
    "start_position",
    "token_line",
    "unnumbered",
    "validate_record",
]
