"""Game names as people write them (issue 28): Oware's common names are accepted, an
unknown name gets the nearest names PMN accepts, and what is shown to people calls the
tournament ruleset "Oware" (it said "Wari abapa")."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text
from notation.archive.stats import CollectionStats, game_title
from notation.games import RulesError, find_game, find_variant, game_names


@pytest.mark.parametrize("name", ["Awale", "Awele", "Awari", "Owari", "owari", " AWALE "])
def test_oware_is_known_by_its_common_names(name):
    variant = find_variant(name)
    assert variant == find_variant("Oware")
    assert variant.rules == "abapa" and variant.title == "Oware"
    assert find_game(name) is find_game("Oware")


def test_the_common_names_are_not_listed_as_games():
    assert not {"Awale", "Awele", "Awari", "Owari"} & set(game_names())


@pytest.mark.parametrize(
    ("name", "guess"),
    [("Owere", '"Oware"'), ("Kalaha", '"Kalah"'), ("Trysee", '"Trysse"'), ("Awalé", '"Awale"')],
)
def test_an_unknown_game_gets_did_you_mean(name, guess):
    with pytest.raises(RulesError) as caught:
        find_game(name)
    message = str(caught.value)
    assert message.startswith(f'unknown game "{name}": did you mean {guess}')
    assert message.endswith(f"(the games: {', '.join(game_names())})")


def test_a_name_like_no_game_lists_the_games():
    with pytest.raises(RulesError) as caught:
        find_game("Chess")
    assert str(caught.value) == f'unknown game "Chess" (the games: {", ".join(game_names())})'


@pytest.mark.parametrize(
    ("game", "rules", "title"),
    [
        ("Wari", "abapa", "Oware"),
        ("Oware", None, "Oware"),
        ("Awale", None, "Oware"),
        ("Wari", None, "Wari"),
        ("Trysse", "trysse skip-origin", "Trysse"),
        ("Oware", "wari", "Wari"),  # the ruleset decides
        ("Kalah", None, "Kalah"),
        ("Chess", None, "Chess"),  # no such game: as written
        ("Wari", "no-such-rules", "Wari"),
    ],
)
def test_game_title(game, rules, title):
    assert game_title(game, rules) == title


def test_stats_counts_oware_as_oware():
    counts = CollectionStats()
    for text in (
        '[Game "Wari"]\n[Rules "abapa"]\n[Result "*"]\n\n1. C *\n',
        '[Game "Awale"]\n[Result "*"]\n\n1. C *\n',
        '[Game "Wari"]\n[Result "*"]\n\n1. C *\n',
    ):
        counts.add_record(read_text(text)[0])
    assert dict(counts.tables["game"]) == {"Oware": 2, "Wari": 1}
    assert dict(counts.tables["ruleset"]) == {
        "Oware abapa": 1,
        "Oware (default)": 1,
        "Wari (default)": 1,
    }


def test_openings_and_stats_commands_say_oware(tmp_path):
    path = tmp_path / "oware.pmn"
    path.write_text('[Game "Wari"]\n[Rules "abapa"]\n[Result "*"]\n\n1. C b *\n')
    stats = CliRunner().invoke(pmn, ["stats", str(path)])
    openings = CliRunner().invoke(pmn, ["openings", str(path)])
    assert stats.exit_code == 0 and openings.exit_code == 0
    assert "Oware abapa" in stats.stdout and "Wari" not in stats.stdout
    assert openings.stdout.startswith("Oware (abapa) from ")


def test_a_record_of_awale_validates(tmp_path):
    path = tmp_path / "awale.pmn"
    path.write_text('[Game "Awale"]\n[Result "*"]\n\n1. C b *\n')
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 0, result.output
