"""Ruleset ``abapa`` against the real thing: OpenSpiel's ``oware``, move by move.

OpenSpiel (the ``open_spiel`` package, in the test extra) plays 1,000 games
of uniformly random legal moves from fixed seeds; our engine plays the same
moves and must agree in every position on the holes, the captures, the
player to move, the legal moves and whether the game is over, and at the end
on the winner and the final counts.

OpenSpiel's known quirk: when a game is won by capturing more than 24
(A8), it also sweeps the stones still on the board into each side's score,
as it does after a repetition or a player who cannot feed (A6, A7). Under
Oware Abapa those stones belong to nobody, so our engine leaves them on the
board. At the end we therefore compare the winner, and OpenSpiel's final
counts with our captures *plus* the stones left on each side: a wrong
capture count before the sweep would show there, since captured stones come
from the opponent's side and uncaptured ones are swept to the opponent.

The golden game is OpenSpiel's own oware playthrough (110 moves; OpenSpiel
scores it 21-27): its actions are replayed through OpenSpiel here, and the
example record ``examples/oware/openspiel-playthrough.pmn`` must be exactly
what that replay gives.
"""

from __future__ import annotations

import random
from pathlib import Path

from notation import find_variant, read_text, validate_record, write_record
from notation.core.record import Line, MoveNode, Record
from notation.formats.openspiel import actions_of, read_actions
from tests.optional import require

pyspiel = require("pyspiel", "test")

ABAPA = find_variant("Wari", "abapa")
GAME = pyspiel.load_game("oware")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "oware"
GAMES = 1000
SEED = 2026


def openspiel_board(state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Holes (sowing order, as ours) and scores, from OpenSpiel's observation (fractions of 48)."""
    values = state.observation_tensor(0)
    return tuple(round(v * 48) for v in values[:12]), tuple(round(v * 48) for v in values[12:])


def swept(position) -> tuple[int, int]:
    """Our captures plus the stones on each side: what OpenSpiel scores at the end."""
    return (
        position.captured[0] + sum(position.pits[0:6]),
        position.captured[1] + sum(position.pits[6:12]),
    )


def winner(points) -> int | None:
    return 0 if points[0] > points[1] else 1 if points[1] > points[0] else None


def compare_game(
    rng: random.Random, actions: list[int] | None = None, variant=ABAPA
) -> tuple[int, list[str], str]:
    """Play one game in both engines; returns (positions compared, disagreements, how it ended)."""
    state = GAME.new_initial_state()
    position = variant.initial_position()
    compared = 0
    while True:
        compared += 1
        ply = variant.turn(position)
        where = f"ply {ply}, {variant.format_position(position)}"
        outcome = variant.outcome(position)
        if state.is_terminal():
            if outcome is None:
                return compared, [f"{where}: OpenSpiel ended the game, we did not"], ""
            problems = []
            if swept(position) != openspiel_board(state)[1]:
                problems.append(
                    f"{where}: final counts {swept(position)} v {openspiel_board(state)[1]}"
                )
            if winner(outcome.points) != winner(state.returns()):
                problems.append(f"{where}: winner {outcome.result} v returns {state.returns()}")
            return compared, problems, outcome.reason
        if outcome is not None:
            return (
                compared,
                [f"{where}: we ended the game ({outcome.reason}), OpenSpiel did not"],
                "",
            )
        pits, scores = openspiel_board(state)
        if (pits, scores, state.current_player()) != (
            position.pits,
            position.captured,
            position.to_move,
        ):
            return (
                compared,
                [f"{where}: OpenSpiel has {pits} {scores} {state.current_player()}"],
                "",
            )
        legal = [6 * state.current_player() + a for a in state.legal_actions()]
        if legal != sorted(variant.legal_moves(position)):
            return (
                compared,
                [f"{where}: legal {legal} v ours {sorted(variant.legal_moves(position))}"],
                "",
            )
        action = rng.choice(state.legal_actions()) if actions is None else actions[ply]
        state.apply_action(action)
        position = variant.play(position, 6 * position.to_move + action)


def test_abapa_agrees_with_openspiel_on_1000_random_games():
    rng = random.Random(SEED)
    positions, disagreements, endings = 0, [], set()
    for game in range(GAMES):
        compared, problems, ending = compare_game(rng)
        positions += compared
        disagreements.extend(f"game {game}: {p}" for p in problems)
        endings.add(ending.split(";")[0].replace("North", "X").replace("South", "X").split(" ")[-1])
    assert disagreements == [], disagreements[:5]
    assert positions > 50 * GAMES  # every position of every game was compared
    # the games reach each way of ending: 25+ captured (A8), cannot feed (A6), repetition (A7)
    assert {"stones", "cannot", "repeats"} <= endings, endings


def test_the_differential_check_catches_other_rules():
    """The comparison has teeth: Wari (no grand slam rule, no repetition, origin sown) disagrees."""
    rng = random.Random(SEED)
    found = sum(bool(compare_game(rng, variant=find_variant("Wari"))[1]) for _ in range(50))
    assert found > 0


def playthrough_actions() -> list[int]:
    (line,) = [
        line
        for line in (EXAMPLES / "openspiel-playthrough.actions").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return [int(a) for a in line.split()]


def playthrough_record() -> Record:
    """The golden game as OpenSpiel plays it: its move names, our capture counts checked against its scores."""
    actions = playthrough_actions()
    state = GAME.new_initial_state()
    position = ABAPA.initial_position()
    nodes = []
    for action in actions:
        player = state.current_player()
        number = f"{ABAPA.turn(position) // 2 + 1}." if player == 0 else None
        before = openspiel_board(state)[1]
        name = state.action_to_string(player, action)
        move = 6 * player + action
        token = ABAPA.format_move(move, position)
        state.apply_action(action)
        position = ABAPA.play(position, move)
        if not state.is_terminal():  # the capture OpenSpiel scored is the +n we write
            gained = openspiel_board(state)[1][player] - before[player]
            assert token == name + (f"+{gained}" if gained else "")
        nodes.append(MoveNode(token, number))
    assert state.is_terminal() and len(actions) == 110
    assert openspiel_board(state)[1] == (21, 27) == swept(position)
    outcome = ABAPA.outcome(position)
    assert outcome is not None
    score = "-".join(map(str, ABAPA.scores(position)))
    tags = (
        ("Game", "Wari"),
        ("Rules", "abapa"),
        ("Event", "OpenSpiel oware playthrough"),
        ("South", "uniform random (OpenSpiel player 0)"),
        ("North", "uniform random (OpenSpiel player 1)"),
        ("Result", outcome.result),
        ("Score", score),
    )
    comment = (
        f"North captured 25. OpenSpiel scores the game "
        f"{'-'.join(map(str, openspiel_board(state)[1]))}: it also sweeps the stones left "
        "on the board to their side's owner."
    )
    return Record(tags, Line(tuple(nodes), (comment,)), outcome.result)


def test_golden_playthrough_is_recreated_from_openspiel():
    expected = write_record(playthrough_record())
    path = EXAMPLES / "openspiel-playthrough.pmn"
    assert path.read_text() == expected
    (record,) = read_text(expected)
    report = validate_record(record)
    assert report.valid, report.problems
    assert (report.computed, report.scores, report.plies) == ("0-1", (19, 25), 110)
    # and every position of it agrees with OpenSpiel
    compared, problems, _ = compare_game(random.Random(0), playthrough_actions())
    assert (compared, problems) == (111, [])


def test_golden_playthrough_actions_round_trip():
    text = (EXAMPLES / "openspiel-playthrough.actions").read_text()
    (record,) = read_actions(text)
    assert actions_of(record) == playthrough_actions()
    assert [n.token for n in record.mainline] == [n.token for n in playthrough_record().mainline]
