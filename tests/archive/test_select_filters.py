"""``pmn select``'s filter values: numeric tag comparisons (``--tag WhiteElo>=1800``),
``--time-control``, and values that cannot be understood refused as usage errors (exit 2)
with the form expected, never a silent 0."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.index import ArchiveIndex
from notation.archive.tools import FilterError, Selection, TagTest
from notation.formats.pmn import read_text

GAMES = """[Game "Wari"]
[White "a"]
[WhiteElo "1799"]
[TimeControl "600"]

1. C *

[Game "Wari"]
[White "b"]
[WhiteElo "1800"]
[TimeControl "300"]

1. D *

[Game "Wari"]
[White "c"]
[WhiteElo "2150"]
[TimeControl "600"]

1. E *

[Game "Wari"]
[White "d"]
[WhiteElo "?"]
[TimeControl "600"]

1. F *

[Game "Wari"]
[White "e"]

1. A *
"""


def whites(selection: Selection) -> list[str]:
    return [r.tag("White") for r in read_text(GAMES) if selection.matches(r)]


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (["WhiteElo>=1800"], ["b", "c"]),
        (["WhiteElo>1800"], ["c"]),
        (["WhiteElo<1800"], ["a"]),
        (["WhiteElo<=1800"], ["a", "b"]),
        (["WhiteElo=1800"], ["b"]),
        (["WhiteElo=1800.0"], ["b"]),  # numbers compare as numbers
        (["WhiteElo>=1800", "WhiteElo<2000"], ["b"]),  # a range
        (["WhiteElo!=1800"], ["a", "c", "d"]),  # '?' is not 1800; no tag never matches
        (["WhiteElo=?"], ["d"]),
        (["WhiteElo~^21"], ["c"]),
    ],
)
def test_numeric_and_text_comparisons(tags, expected):
    assert whites(Selection.build(tags=tags)) == expected


def test_a_number_is_never_compared_as_text():
    # as text, "950" > "1800"; as numbers it is not
    assert not TagTest.parse("WhiteElo>=1800").matches_value("950")
    assert TagTest.parse("WhiteElo>=1800").matches_value(" 1800 ")
    assert not TagTest.parse("WhiteElo>=1800").matches_value("?")


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--position", "banana", "not a position string of any game"),
        ("--position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0", "not a position string"),  # no side to move
        ("--date-from", "2025.13", "there is no month 13"),
        ("--date-to", "2025.02.30", "month 2 has no day 30"),
        ("--date-from", "yesterday", "expected a date like 2024.05.31"),
        ("--tag", "WhiteElo", "expected NAME=VALUE"),
        ("--tag", "WhiteElo>=", ">= needs a value"),
        ("--tag", "White>b", "> compares numbers"),  # never text ordered as text (issue 37)
        ("--result", "banana", "expected a result such as 1-0"),
    ],
)
def test_a_filter_value_that_cannot_be_understood_is_a_usage_error(
    tmp_path, option, value, expected
):
    games = tmp_path / "g.pmn"
    games.write_text(GAMES)
    result = CliRunner().invoke(pmn, ["select", str(games), option, value, "--count"])
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


def test_a_position_is_checked_against_the_game_named():
    with pytest.raises(FilterError, match="not a position string of Tricala"):
        Selection.build(game="Tricala", position="4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
    assert Selection.build(game="Wari", position="4-4-4-4-4-4-4-4-4-4-4-4-0-0-S").position
    assert Selection.build(position="*-0-0-S").position  # a pattern: not read


def test_select_by_elo_and_time_control_on_the_command_line(tmp_path):
    games = tmp_path / "g.pmn"
    games.write_text(GAMES)
    runner = CliRunner()
    result = runner.invoke(
        pmn, ["select", str(games), "--tag", "WhiteElo>=1700", "--time-control", "600", "--count"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "2"  # a (1799, 600) and c (2150, 600)


def test_an_index_answers_the_same(tmp_path):
    games = tmp_path / "g.pmn"
    games.write_text(GAMES)
    database = ArchiveIndex(str(tmp_path / "i.sqlite"), create=True)
    try:
        database.add_file(str(games))
        for tags in (["WhiteElo>=1800"], ["WhiteElo!=1800"], ["White~^[ab]$"], ["White=c"]):
            selection = Selection.build(tags=tags)
            assert database.count(selection) == len(whites(selection)), tags
    finally:
        database.close()
