"""The one replay loop (``notation.core.replay.replay``) and its step visitors: what a
visitor is told, and that a hook it leaves alone is never called."""

from __future__ import annotations

import pytest

from notation import read_text
from notation.core.replay import (
    MainlinePositions,
    Refusal,
    Replayed,
    Step,
    StepVisitor,
    mainline_positions,
    next_step,
    open_game,
    replay,
    token_line,
    validate_record,
)
from notation.games import MoveError

GAME = """[Game "Wari"]
[Result "*"]

1. C c 2. D (2. A) d 3. Z *
"""


class Seen(StepVisitor):
    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.refusals: list[Refusal] = []
        self.ends: list[Replayed] = []

    def visit_step(self, step: Step) -> None:
        self.steps.append(step)

    def visit_refusal(self, refusal: Refusal) -> None:
        self.refusals.append(refusal)

    def visit_end(self, replayed: Replayed) -> None:
        self.ends.append(replayed)


def test_a_visitor_sees_each_move_played_each_refusal_and_the_end():
    game = open_game(read_text(GAME)[0])
    seen = Seen()
    replayed = replay(game.variant, game.record.mainline, game.start, seen)
    tokens = [(step.node.token, step.on_mainline) for step in seen.steps]
    assert tokens == [("C", True), ("c", True), ("D", True), ("A", False), ("d", True)]
    first = seen.steps[0]
    assert first.before == game.start and first.number == "1."
    assert first.after == game.variant.play(game.start, first.move)
    assert seen.steps[1].before == first.after
    (refusal,) = seen.refusals
    assert refusal.node.token == "Z" and refusal.index == 4
    assert isinstance(refusal.error, MoveError)
    assert refusal.problem.code == refusal.error.code and refusal.problem.move_number == "3."
    assert seen.ends == [replayed]
    assert replayed.plies == 4 and not replayed.completed and replayed.outcome is None


def test_a_hook_not_overridden_is_never_called(monkeypatch):
    def called(*_args):
        raise AssertionError("a hook the visitor did not override was called")

    monkeypatch.setattr(StepVisitor, "visit_step", called)
    monkeypatch.setattr(StepVisitor, "visit_played", called)
    game = open_game(read_text(GAME)[0])
    # the base class's hooks (here: ones that fail when called) are skipped by the loop
    replayed = replay(game.variant, game.record.mainline, game.start, StepVisitor())
    assert replayed.plies == 4


def test_validation_reports_what_the_loop_reports():
    record = read_text(GAME)[0]
    game = open_game(record)
    seen = Seen()
    replay(game.variant, record.mainline, game.start, seen)
    report = validate_record(record)
    assert list(report.problems) == [r.problem for r in seen.refusals]
    assert report.plies == 4


def test_validation_shares_its_replay_with_another_visitor():
    record = read_text(GAME)[0]
    game = open_game(record)
    walked = MainlinePositions(game.start)
    validate_record(record, also=walked)
    assert walked.positions == mainline_positions(game.variant, record.mainline, game.start)
    assert len(walked.positions) == 5


def test_mainline_positions_stop_where_asked():
    game = open_game(read_text(GAME)[0])
    every = mainline_positions(game.variant, game.record.mainline, game.start)
    third = every[2]
    until = mainline_positions(
        game.variant, game.record.mainline, game.start, until=lambda p: p == third
    )
    assert until == every[:3]


def test_the_next_step_plays_one_token_or_raises_the_rules_error():
    game = open_game(read_text(GAME)[0])
    step = next_step(game.variant, game.start, "C")
    assert step.after == game.variant.play(game.start, game.variant.parse_move("C", game.start))
    with pytest.raises(MoveError):
        next_step(game.variant, game.start, "Z")
    assert len(token_line(["C", "c"]).moves) == 2
