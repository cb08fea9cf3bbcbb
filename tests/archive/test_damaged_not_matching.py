"""A damaged game is reported, and never counted as matching a filter on what it
declares (issue 37, third hostile round): ``select --result 1-0 --count`` counted games
damaged between their tags and their last token ``1-0``, said nothing and exited 0.
``openings`` reports an unreadable game once (it was also said to name no game)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from notation.cli.main import pmn

GOOD = '[Game "Wari"]\n[Round "1"]\n[Result "1-0"]\n\n1. C b 2. F a 1-0\n\n'
#: damaged between the tags and the last token (a stray ")", an unclosed "{"...), each
#: ending in the token 1-0 with a Result tag that agrees
DAMAGED = [
    '[Game "Wari"]\n[Round "2"]\n[Result "1-0"]\n\n1. C b ) 2. F a 1-0\n\n',
    '[Game "Wari"]\n[Round "3"]\n[Result "1-0"]\n\n1. C b 2. F a ] 1-0\n\n',
    '[Game "Wari"]\n[Round "4"]\n[Result "1-0"]\n\n1. C b 2. ) F a 1-0\n\n',
]


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def test_select_result_count_reports_damaged_games_and_does_not_count_them(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GOOD + "".join(DAMAGED))
    result = run("select", str(source), "--result", "1-0", "--count")
    assert result.stdout.strip() == "1", result.output
    assert result.exit_code == 1
    assert "3 games could not be read" in result.stderr


def test_select_result_from_the_index_does_not_count_damaged_games(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GOOD + "".join(DAMAGED))
    index = tmp_path / "games.sqlite"
    assert run("index", str(source), "-o", str(index)).exit_code in (0, 1)
    result = run("select", "--index", str(index), "--result", "1-0", "--count")
    assert result.stdout.strip() == "1", result.output


def test_openings_reports_an_unreadable_game_once(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GOOD + DAMAGED[0])
    result = run("openings", str(source), "--depth", "4")
    assert result.exit_code == 1
    assert "could not be read" in result.stderr
    assert "name no game PMN plays" not in result.stderr
    tree = run("openings", str(source), "--depth", "4", "--format", "json")
    assert json.loads(tree.stdout)["skipped"] == 1  # (games not counted: the damaged one)


def test_openings_streaming_and_from_the_index_agree_on_a_game_damaged_after_the_depth(
    tmp_path,
):
    """docs/archive.md: a plainly written game is read only to the tree's depth, so a fault
    further on is not met (streaming counts it); the index gives the same output."""
    source = tmp_path / "games.pmn"
    source.write_text(GOOD + DAMAGED[1])  # damaged after its fourth move
    index = tmp_path / "games.sqlite"
    run("index", str(source), "-o", str(index))
    for depth, counted in (("2", 2), ("4", 1)):
        streamed = run("openings", str(source), "--depth", depth, "--format", "json")
        indexed = run("openings", "--index", str(index), "--depth", depth, "--format", "json")
        assert json.loads(streamed.stdout) == json.loads(indexed.stdout), depth
        (tree,) = json.loads(indexed.stdout)["trees"]
        assert tree["games"] == counted
