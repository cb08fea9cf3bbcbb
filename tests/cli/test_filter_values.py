"""Filter values that name nothing are refused, and numbers compare as numbers (issue 37).

``select`` and ``sort`` on a small collection written here: each refused value is a usage
error (exit 2) that says what the option accepts, never a silent 0 or a traceback.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.formats.pmn import read_text

GAMES = """\
[Game "Wari"]
[Event "a"]
[Date "2024.05.01"]
[Round "2"]
[South "Ada  Mensah"]
[North "Kofi Boateng"]
[SouthElo "1800"]

1. C b 2. D e *

[Game "Wari"]
[Event "b"]
[Date "2025.01.02"]
[Round "10"]
[South "Kofi Boateng"]
[North " ada mensah "]
[SouthElo "1750"]

1. D *

[Game "Oware"]
[Event "c"]
[Date "2023.12.31"]
[Round "\u00b2"]
[South "Ama Serwaa"]
[North "Eli"]
[SouthElo "?"]

1. A f 0-1
"""

HUGE = "9" * 5000


@pytest.fixture
def games_file(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(GAMES, encoding="utf-8")
    return str(path)


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def events(text: str) -> list[str]:
    return [record.tag("Event") or "" for record in read_text(text)]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rules", "abapaa"], "abapa"),  # names no ruleset: say the rulesets
        (["--variant", "Wari", "--rules", "togyz"], "wari"),  # not one of Wari's
        (["--date-from", "2026", "--date-to", "2020"], "--date-to"),
        (["--plies", "9-3"], "--plies"),
        (["--tag", "SouthElo>=1,800"], "number"),
        (["--tag", "SouthElo<abc"], "number"),
    ],
)
def test_a_filter_value_that_names_nothing_is_a_usage_error(games_file, args, says):
    result = run("select", games_file, *args, "--count")
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    assert "Traceback" not in result.output


def test_a_huge_number_compares_as_a_number(games_file):
    result = run("select", games_file, "--tag", "SouthElo>1" + "0" * 30, "--count")
    assert (result.exit_code, result.stdout.strip()) == (0, "0")
    result = run("select", games_file, "--tag", f"SouthElo<{HUGE}", "--count")
    assert (result.exit_code, result.stdout.strip()) == (0, "2")  # '?' is no number


def test_a_plies_value_of_five_thousand_digits_is_a_number(games_file):
    result = run("select", games_file, "--plies", f"1-{HUGE}", "--count")
    assert (result.exit_code, result.stdout.strip()) == (0, "3"), result.output
    result = run("select", games_file, "--plies", f"{HUGE}-3", "--count")
    assert result.exit_code == 2


@pytest.mark.parametrize("plies", [HUGE, "16000001", "16000001-"])
def test_a_plies_minimum_past_any_game_names_nothing(games_file, plies):
    """No game is read from more than 16,000,000 characters (a JSON Lines line), so none
    has more moves: a minimum past that is a usage error, not a count of 0."""
    result = run("select", games_file, "--plies", plies, "--count")
    assert result.exit_code == 2, result.output
    assert "no game has that many moves" in result.output
    assert "16,000,000" in result.output


def test_a_plies_minimum_any_game_may_reach_is_a_filter(games_file):
    result = run("select", games_file, "--plies", "16000000-", "--count")
    assert (result.exit_code, result.stdout.strip()) == (0, "0"), result.output


def test_sort_by_round_orders_numbers_then_other_values_as_text(tmp_path, games_file):
    text = GAMES + f'\n[Game "Wari"]\n[Event "d"]\n[Round "{HUGE}"]\n\n1. C *\n'
    path = tmp_path / "more.pmn"
    path.write_text(text, encoding="utf-8")
    result = run("sort", str(path), "--by", "Round")
    assert result.exit_code == 0, result.output
    assert events(result.stdout) == ["a", "b", "d", "c"]


def test_player_ignores_white_space_and_a_star_matches_part_of_a_name(games_file):
    result = run("select", games_file, "--player", "ada mensah")
    assert events(result.stdout) == ["a", "b"]
    result = run("select", games_file, "--player", "  Ada   Mensah ")
    assert events(result.stdout) == ["a", "b"]
    result = run("select", games_file, "--player", "*mensah")
    assert events(result.stdout) == ["a", "b"]
    result = run("select", games_file, "--player", "ama*")
    assert events(result.stdout) == ["c"]
    result = run("select", games_file, "--player", "Ama")
    assert events(result.stdout) == []  # without a star, the whole name


def test_help_says_a_repeated_player_means_both():
    result = run("select", "--help")
    assert "both" in " ".join(result.output.split())
