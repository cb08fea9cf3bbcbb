"""Kalah against the real thing: OpenSpiel's ``mancala``, position by position.

OpenSpiel (the ``open_spiel`` package, in the test extra) plays 1,000 games
of uniformly random legal actions from a fixed seed; our engine plays the
same actions (through ``move_of_action``) and must agree in every position
on the pits and stores, the player to move, the legal actions and whether
the game is over, and at the end on the winner. A companion test shows the
comparison has teeth: a common other Kalah rule (a last seed in an own empty
pit opposite an empty pit is captured alone) disagrees.

The golden game is OpenSpiel's own mancala playthrough (61 actions, a draw):
its actions, replayed through OpenSpiel, must end in the board the
playthrough file records, and the example record
``examples/kalah-openspiel-playthrough.pmn`` must be what reading them gives.
"""

from __future__ import annotations

import random
from pathlib import Path

from notation import find_variant, read_text, validate_record
from notation.formats.openspiel import actions_of, read_actions
from notation.games.kalah import PITS, STORES, KalahPosition, KalahVariant, sow
from tests.optional import require

pyspiel = require("pyspiel", "test")

KALAH = find_variant("Kalah")
GAME = pyspiel.load_game(KALAH.openspiel_name)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = 1000
SEED = 2026


def winner(points) -> int | None:
    return 0 if points[0] > points[1] else 1 if points[1] > points[0] else None


def compare_game(rng: random.Random, variant: KalahVariant = KALAH) -> tuple[int, list[str]]:
    """Play one random game in both engines; (positions compared, disagreements)."""
    state = GAME.new_initial_state()
    position = variant.initial_position()
    compared = 0
    while True:
        compared += 1
        where = f"action {position.actions}, {variant.format_position(position)}"
        outcome = variant.outcome(position)
        board = tuple(int(v) for v in state.observation_tensor(0)[:14])
        if board != position.pits:
            return compared, [f"{where}: OpenSpiel has {board}"]
        if state.is_terminal() != (outcome is not None):
            return compared, [f"{where}: OpenSpiel terminal {state.is_terminal()}, ours {outcome}"]
        if outcome is not None:
            if winner(outcome.points) != winner(state.returns()):
                return compared, [f"{where}: {outcome.result} v returns {state.returns()}"]
            return compared, []
        if state.current_player() != variant.to_move(position):
            return compared, [f"{where}: OpenSpiel's player {state.current_player()} moves"]
        legal = [variant.action_of_move(position, m) for m in variant.legal_moves(position)]
        if state.legal_actions() != legal:
            return compared, [f"{where}: legal {state.legal_actions()} v ours {legal}"]
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        position = variant.play(position, variant.move_of_action(position, action))


def test_kalah_agrees_with_openspiel_on_1000_random_games():
    rng = random.Random(SEED)
    positions, disagreements = 0, []
    for game in range(GAMES):
        compared, problems = compare_game(rng)
        positions += compared
        disagreements.extend(f"game {game}: {p}" for p in problems)
    assert disagreements == [], disagreements[:5]
    assert positions > 30 * GAMES  # every position of every game was compared


class LoneSeedCaptureKalah(KalahVariant):
    """Kalah as some rule books play it: a last seed in an own empty pit is captured even
    when the opposite pit is empty (OpenSpiel leaves it in the pit: K4)."""

    __slots__ = ()

    def play(self, position: KalahPosition, move: int) -> KalahPosition:
        after = KalahVariant.play(self, position, move)
        mover = position.to_move
        sowing = sow(position.pits, move, mover)
        last = sowing.last
        if sowing.captured or last not in PITS[mover] or sowing.pits[last] != 1:
            return after
        pits = list(after.pits)
        pits[last] = 0
        pits[STORES[mover]] += 1
        return KalahPosition(tuple(pits), after.to_move, after.turn, after.actions)


def test_the_differential_check_catches_another_capture_rule():
    rng = random.Random(SEED)
    found = sum(bool(compare_game(rng, LoneSeedCaptureKalah())[1]) for _ in range(50))
    assert found > 0


def playthrough_actions() -> str:
    text = (EXAMPLES / "kalah-openspiel-playthrough.actions").read_text()
    (line,) = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return line


def test_openspiel_playthrough_golden_game():
    actions = [int(a) for a in playthrough_actions().split()]
    state = GAME.new_initial_state()
    for action in actions:
        state.apply_action(action)
    # the last state of open_spiel/integration_tests/playthroughs/mancala.txt
    final = (24, 1, 1, 0, 1, 1, 1, 19, 0, 0, 0, 0, 0, 0)
    assert tuple(int(v) for v in state.observation_tensor(0)[:14]) == final
    assert state.is_terminal() and list(state.returns()) == [0, 0]
    (read,) = read_actions(playthrough_actions() + "\n", game="Kalah")
    (example,) = read_text((EXAMPLES / "kalah-openspiel-playthrough.pmn").read_text())
    assert [(m.number, m.token) for m in example.mainline] == [
        (m.number, m.token) for m in read.mainline
    ]
    report = validate_record(example)
    assert report.valid and report.declared == "1/2-1/2"
    assert report.scores == (24, 24)
    assert actions_of(example) == actions
