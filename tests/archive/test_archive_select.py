"""pmn select and its filters (notation.archive.tools.Selection), issue 14.

The fixture is seven hand-written games; each filter test names the games
it must keep by their Event tag, so a filter that matched one game too many
or too few fails.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation.cli.main import pmn

from notation.archive.tools import FilterError, parse_date, parse_plies
from notation.formats.collection import read_path
from notation.formats.pmn import read_text, write_records

GAMES = """\
[Game "Wari"]
[Event "g1"]
[Date "2024.05.01"]
[South "Ada Mensah"]
[North "Kofi Boateng"]

1. C b 2. D e *

[Game "Oware"]
[Event "g2"]
[Date "2024.??.??"]
[South "Kofi Boateng"]
[North "Ada"]

1. D *

[Game "Trysse"]
[Event "g3"]
[Date "2023.12.31"]
[South "Ada"]
[North "ada mensah"]

1. A f 2. B *

[Game "Wari"]
[Event "g4 bad"]
[Date "2024.06.15"]
[South "Eli"]
[North "Cy"]

1. C C *

[Game "Trias"]
[Event "g5"]
[South "Ann"]
[North "Ben"]

*

[Game "Wari"]
[Event "g6"]
[Date "2025.01.02"]
[South "Cy"]
[North "Eli"]
[Termination "resignation"]

1. C b 0-1

[Game "Tricala"]
[Event "g7"]
[Position "B/-,-/-,-,-/-,W,B,-/-,-,-,-,-/W,-,-,-,-,- 6-8 0-0 W"]

*
"""

#: The Wari position after 1. C, worked by hand: C's four seeds go to D, E, F and a.
AFTER_C = "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"


@pytest.fixture
def games_file(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(GAMES, encoding="utf-8")
    return str(path)


def events(text: str) -> list[str]:
    return [record.tag("Event") or "" for record in read_text(text)]


def select(games_file: str, *args: str) -> list[str]:
    result = CliRunner().invoke(pmn, ["select", games_file, *args])
    assert result.exit_code == 0, result.output
    return events(result.stdout)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--tag", "South=Ada"], ["g3"]),  # exact: not "Ada Mensah"
        (["--tag", "South~^Ada"], ["g1", "g3"]),
        (["--tag", "Event~bad$"], ["g4 bad"]),
        (["--tag", "Termination=resignation"], ["g6"]),
        (["--tag", "South~^Ada", "--tag", "North~Kofi"], ["g1"]),  # every --tag holds
        (["--player", "Ada"], ["g2", "g3"]),  # any seat; a whole name, not a part
        (["--player", "ADA MENSAH"], ["g1", "g3"]),  # case-insensitive
        (["--player", "Eli", "--player", "Cy"], ["g4 bad", "g6"]),
        (["--result", "0-1"], ["g6"]),
        (["--result", "*"], ["g1", "g2", "g3", "g4 bad", "g5", "g7"]),
        (["--variant", "Wari"], ["g1", "g2", "g4 bad", "g6"]),  # Oware is Wari's abapa rules
        (["--variant", "oware"], ["g2"]),
        (["--variant", "Trysse"], ["g3"]),
        (["--variant", "Wari", "--rules", "wari"], ["g1", "g4 bad", "g6"]),
        (["--rules", "abapa"], ["g2"]),
        (["--date-from", "2024.05.01"], ["g1", "g2", "g4 bad", "g6"]),
        (["--date-from", "2024.05.02"], ["g2", "g4 bad", "g6"]),  # 2024.??.?? may be later
        (["--date-to", "2024.05.01"], ["g1", "g2", "g3"]),
        (["--date-from", "2024", "--date-to", "2024"], ["g1", "g2", "g4 bad"]),
        (["--date-to", "2023.12"], ["g3"]),
        (["--plies", "0"], ["g5", "g7"]),
        (["--plies", "1-2"], ["g2", "g4 bad", "g6"]),
        (["--plies", "3-"], ["g1", "g3"]),
        (["--plies", "-1"], ["g2", "g5", "g7"]),
        (["--valid"], ["g1", "g2", "g3", "g5", "g6", "g7"]),
        (["--invalid"], ["g4 bad"]),
        # met after the first move; g4's second move is illegal, its first is not
        (["--position", AFTER_C], ["g1", "g4 bad", "g6"]),
        (["--position", AFTER_C, "--valid"], ["g1", "g6"]),
        (["--position", "*-N"], ["g1", "g2", "g3", "g4 bad", "g6"]),
        (["--position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"], ["g1", "g2", "g3", "g4 bad", "g6"]),
        (["--position", "?-4-0-5-*"], ["g1", "g4 bad", "g6"]),
        # a position spelled another way (counts of 1 left out) is the same position
        (["--position", "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"], ["g7"]),
        (["--player", "Ada", "--variant", "Trysse", "--plies", "3"], ["g3"]),
    ],
)
def test_select_keeps_exactly_the_matching_games(games_file, args, expected):
    assert select(games_file, *args) == expected


def test_count_prints_only_the_number(games_file):
    result = CliRunner().invoke(pmn, ["select", games_file, "--variant", "Wari", "--count"])
    assert result.exit_code == 0 and result.stdout == "4\n"


def test_split_invalid_writes_both_at_once(games_file, tmp_path):
    good, bad = tmp_path / "good.pmn", tmp_path / "bad.jsonl"
    result = CliRunner().invoke(
        pmn,
        ["select", games_file, "--variant", "Wari", "--split-invalid", str(bad), "-o", str(good)],
    )
    assert result.exit_code == 0, result.output
    assert events(good.read_text(encoding="utf-8")) == ["g1", "g2", "g6"]
    assert [r.tag("Event") for r in read_path(str(bad))] == ["g4 bad"]


def test_output_format_by_extension_and_records_unchanged(games_file, tmp_path):
    out = tmp_path / "wari.json"
    result = CliRunner().invoke(pmn, ["select", games_file, "--variant", "Wari", "-o", str(out)])
    assert result.exit_code == 0
    assert isinstance(json.loads(out.read_text(encoding="utf-8")), list)
    wanted = [r for r in read_text(GAMES) if r.tag("Event") in ("g1", "g2", "g4 bad", "g6")]
    assert list(read_path(str(out))) == wanted


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tag", "South"], "NAME=VALUE"),
        (["--tag", "South~("], "bad regular expression"),
        (["--plies", "9-3"], "below the minimum"),
        (["--plies", "x"], "MIN-MAX"),
        (["--date-from", "May"], "expected a date"),
        (["--variant", "Chess"], "unknown game"),
        (["--valid", "--split-invalid", "bad.pmn"], "drop --valid"),
    ],
)
def test_bad_filters_are_usage_errors(games_file, args, message):
    result = CliRunner().invoke(pmn, ["select", games_file, *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz"])
def test_a_compressed_output_name_is_written_compressed(games_file, tmp_path, suffix):
    out = tmp_path / f"x.pmn{suffix}"
    result = CliRunner().invoke(pmn, ["select", games_file, "-o", str(out)])
    assert result.exit_code == 0, result.output
    opener = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}[suffix]
    with opener(out, "rt", encoding="utf-8") as packed:
        text = packed.read()
    with open(games_file, encoding="utf-8") as plain:
        assert read_text(text) == read_text(plain.read())
    back = CliRunner().invoke(pmn, ["select", str(out), "--count"])
    assert back.exit_code == 0 and back.output.strip() == str(len(read_text(text)))


def test_convert_writes_json_gz_by_its_name(games_file, tmp_path):
    out = tmp_path / "x.json.gz"
    result = CliRunner().invoke(pmn, ["convert", games_file, "-o", str(out)])
    assert result.exit_code == 0, result.output
    with gzip.open(out, "rt", encoding="utf-8") as packed:
        assert packed.read().lstrip().startswith("[")
    first = out.read_bytes()
    CliRunner().invoke(pmn, ["convert", games_file, "-o", str(out)])
    assert out.read_bytes() == first  # no timestamp: the same records give the same bytes


def test_date_and_plies_parsing():
    assert parse_date("2024.05.??") == (2024, 5)
    assert parse_date("2024-05-31") == (2024, 5, 31)
    assert parse_date("????.??.??") is None
    assert parse_plies("10-20") == (10, 20)
    assert parse_plies("10-") == (10, None)
    assert parse_plies("-7") == (0, 7)
    assert parse_plies("5") == (5, 5)
    with pytest.raises(FilterError):
        parse_plies("-")


# -- complementary filters partition the input ---------------------------------

NAMES = ("Ada", "Ben", "Cy")


@st.composite
def collections(draw):
    """Games of the fixture's kinds with drawn players, dates and move counts."""
    texts = []
    for index in range(draw(st.integers(min_value=1, max_value=8))):
        south, north = draw(st.sampled_from(NAMES)), draw(st.sampled_from(NAMES))
        year = draw(st.integers(min_value=2020, max_value=2024))
        month = draw(st.integers(min_value=1, max_value=12))
        moves = draw(st.sampled_from(["", "1. C", "1. C b", "1. C b 2. D e", "1. C C", "1. A"]))
        texts.append(
            f'[Game "Wari"]\n[Event "{index}"]\n[Date "{year}.{month:02d}.15"]\n'
            f'[South "{south}"]\n[North "{north}"]\n\n{moves} *\n'
        )
    return "\n".join(texts)


COMPLEMENTS = [
    (["--valid"], ["--invalid"]),
    (["--plies", "0-1"], ["--plies", "2-"]),
    (["--date-to", "2022.06.30"], ["--date-from", "2022.07.01"]),
    (["--tag", "South=Ada"], ["--tag", "South~^(?!Ada$)"]),
]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=collections(), pair=st.sampled_from(COMPLEMENTS))
def test_complementary_filters_partition_the_input(tmp_path, text, pair):
    path = tmp_path / "drawn.pmn"
    path.write_text(text, encoding="utf-8")
    first, second = (select(str(path), *args) for args in pair)
    assert not set(first) & set(second)
    assert sorted(first + second, key=int) == events(text)


def test_select_streams_from_standard_input():
    records = read_text(GAMES)
    buffer = io.StringIO()
    write_records(records, buffer)
    result = CliRunner().invoke(pmn, ["select", "-", "--invalid"], input=buffer.getvalue())
    assert result.exit_code == 0 and events(result.stdout) == ["g4 bad"]
