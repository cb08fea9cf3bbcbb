"""docs/pmn.md's list of ``Game`` tag values names every registered game and every name
it is accepted under, and nothing else (issue 28: Kalah was missing). A game added to
the registry (notation/games BUILTIN_GAMES) fails here until the docs name it."""

from __future__ import annotations

import re
from pathlib import Path

from notation.games import games

ROOT = Path(__file__).resolve().parents[2]


def game_row() -> str:
    (row,) = [
        line
        for line in (ROOT / "docs" / "pmn.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `Game` |")
    ]
    return row.split("|")[2]  # the meaning cell


def test_the_game_tag_row_names_every_registered_game():
    named = set(re.findall(r"`([^`]+)`", game_row())) - {"abapa"}  # a ruleset, not a game
    registered = {name for cls in games(plugins=False) for name in (*cls.names, *cls.aliases)}
    missing, stray = sorted(registered - named), sorted(named - registered)
    assert not missing and not stray, f"docs/pmn.md's Game row: name {missing}; not games: {stray}"


def test_the_ogn_table_gives_the_abapa_winning_total():
    """docs/oware.md: an OGN final score has the winner at 25 or more (A8), not 24."""
    from notation.games import find_variant

    text = (ROOT / "docs" / "oware.md").read_text(encoding="utf-8")
    (said,) = re.findall(r"the winner has at least (\d+)", text)
    assert int(said) == find_variant("Oware").target == 25


def test_k9_as_written_is_what_the_engine_and_openspiel_do():
    """OpenSpiel's mancala is terminal once ``move_number_ > MaxGameLength()`` (1,000):
    the 1,001st move is played, then the game ends. docs/kalah.md said "after 1,000"."""
    from notation.games import find_variant
    from notation.games.kalah import MAX_ACTIONS, KalahPosition

    kalah = find_variant("Kalah")
    start = kalah.initial_position()
    at_limit = KalahPosition(start.pits, 0, MAX_ACTIONS, MAX_ACTIONS)
    assert kalah.outcome(at_limit) is None and list(kalah.legal_moves(at_limit))
    after = kalah.play(at_limit, next(iter(kalah.legal_moves(at_limit))))
    outcome = kalah.outcome(after)
    assert outcome is not None and "more than 1000 moves" in outcome.reason
    (row,) = [
        line
        for line in (ROOT / "docs" / "kalah.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| K9 |")
    ]
    assert "1,001st move is still played" in row and "MaxGameLength()" in row
