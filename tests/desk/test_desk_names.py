"""Issue 28, "Standings and submissions": names written two ways, the roster, the copy of
a game submitted twice, and the round robin told from its pairings.

Every event here is an 8-player round robin made by the circle method (Berger
tables): round r pairs the players so that every two meet once in 7 rounds.
Each game is a two-ply Trysse game ended by resignation, with moves of its own,
so no two games are the same game.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.desk.event import (
    Entry,
    check_names,
    check_roster,
    edit_distance,
    read_roster,
    similar_names,
)
from notation.formats.pmn import read_text

PLAYERS = (
    "Ada Mensah",
    "Ama Serwaa",
    "Kofi Boateng",
    "Yaw Owusu",
    "Kwame Asante",
    "Efua Darko",
    "Kojo Mensah",
    "Abena Adjei",
)

GAME = """[Game "Trysse"]
[Event "Tema Round Robin"]
[Date "2026.11.{day:02d}"]
[Round "{round}"]
[South "{south}"]
[North "{north}"]
[Result "{result}"]
[Termination "resignation"]

1. {first} {second} {result}
"""


def berger(players: Sequence[str]) -> list[list[tuple[str, str]]]:
    """The rounds of a single round robin (circle method), each a list of (South, North)."""
    ring = list(players)
    rounds = []
    for r in range(len(ring) - 1):
        pairs = [(ring[i], ring[-1 - i]) for i in range(len(ring) // 2)]
        rounds.append([(b, a) if (r + i) % 2 else (a, b) for i, (a, b) in enumerate(pairs)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def write_event(
    folder: Path,
    *,
    missing: Sequence[tuple[int, str]] = (),
    renamed: Mapping[tuple[int, str], str] | None = None,
    players: Sequence[str] = PLAYERS,
) -> Path:
    """An 8-player round robin in ``folder``, a file per round; ``missing``: (round, a
    player) games not submitted; ``renamed``: (round, name) -> the name written there."""
    folder.mkdir(parents=True, exist_ok=True)
    renamed = renamed or {}
    number = 0
    for r, pairs in enumerate(berger(players), start=1):
        texts = []
        for south, north in pairs:
            if (r, south) in missing or (r, north) in missing:
                continue
            first, second = "ABCDEF"[number % 6], "abcdef"[number // 6 % 6]
            number += 1
            texts.append(
                GAME.format(
                    day=r,
                    round=r,
                    south=renamed.get((r, south), south),
                    north=renamed.get((r, north), north),
                    result="1-0" if number % 3 else "0-1",
                    first=first,
                    second=second,
                )
            )
        (folder / f"round-{r}.pmn").write_text("\n".join(texts), encoding="utf-8")
    return folder


def entries_of(folder: Path) -> list[Entry]:
    found = []
    for path in sorted(folder.glob("*.pmn")):
        text = path.read_text(encoding="utf-8")
        found += [Entry.of(rec, i) for i, rec in enumerate(read_text(text, str(path)), start=1)]
    return found


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# -- names written two ways ------------------------------------------------------------


def test_edit_distance_counts_changes_and_neighbour_swaps():
    assert edit_distance("serwaa", "serwah") == 1
    assert edit_distance("mensah", "mesnah") == 1  # two letters swapped
    assert edit_distance("ada", "ama") == 1
    assert edit_distance("kofi", "kojo", 1) == 2  # past the limit: limit + 1
    assert edit_distance("abcdefgh", "a", 2) == 3


def test_a_one_letter_misspelling_is_found_and_the_rarer_spelling_is_the_suspect():
    (match,) = similar_names({"Ama Serwaa": 6, "Ama Serwah": 1})
    assert (match.suspect, match.likely) == ("Ama Serwah", "Ama Serwaa")
    assert match.message == (
        '"Ama Serwah" (1 game) is probably "Ama Serwaa" (6 games), a letter apart: write it one way'
    )
    (other_way,) = similar_names({"Ama Serwaa": 1, "Ama Serwah": 6})
    assert other_way.suspect == "Ama Serwaa"  # the rarer one, whichever it is


@pytest.mark.parametrize(
    ("written", "how"),
    [
        ("Éfua Darko", "accents differ"),
        ("Darko, Efua", "words in another order"),
        ("efua  DARKO", "case, spacing or punctuation differ"),
        ("Efua Darco", "a letter apart"),
        ("Efua Darkko", "a letter apart"),
    ],
)
def test_each_way_of_writing_a_name_is_found_and_said(written, how):
    (match,) = similar_names({"Efua Darko": 5, written: 1})
    assert match.suspect == written and match.likely == "Efua Darko"
    assert match.how == how


def test_a_transliteration_a_letter_apart_once_folded_is_found():
    # Kouassi and Kwasi: three edits as written, one once "ou" reads as "u"
    (match,) = similar_names({"Kofi Kwasi": 5, "Kofi Kouassi": 1})
    assert match.suspect == "Kofi Kouassi" and match.how == "spelt as another transliteration"


def test_two_common_names_a_letter_apart_are_two_people():
    # both used in every game of theirs: as likely two people as one written two ways
    assert similar_names({"Ada Mensah": 7, "Ama Mensah": 7}) == []
    # and two players of one round are two people, however rare one of them is
    rounds = {"Ada Mensah": frozenset({"1", "2"}), "Ama Mensah": frozenset({"2"})}
    assert similar_names({"Ada Mensah": 6, "Ama Mensah": 1}, rounds) == []
    # short names are not compared by letters: Ada and Ama differ in a third of the name
    assert similar_names({"Ada": 6, "Ama": 1}) == []


def test_a_misspelt_name_in_a_round_robin_is_found_and_real_neighbours_are_not(tmp_path):
    folder = write_event(tmp_path / "event", renamed={(3, "Ama Serwaa"): "Ama Serwah"})
    (found,) = check_names(entries_of(folder))
    assert found.check == "similar-names"
    assert found.source.endswith("round-3.pmn")
    assert found.message.startswith('"Ama Serwah" (1 game) is probably "Ama Serwaa" (6 games)')
    # Ada Mensah and Kojo Mensah share a surname and rounds: not reported


def test_name_comparison_is_over_distinct_names_not_games():
    import time

    first = [
        "Ada",
        "Ama",
        "Kofi",
        "Kojo",
        "Kwame",
        "Kwaku",
        "Yaw",
        "Yaa",
        "Efua",
        "Esi",
        "Abena",
        "Akua",
        "Kwesi",
        "Kobina",
        "Afia",
    ]
    last = [
        "Mensah",
        "Serwaa",
        "Boateng",
        "Owusu",
        "Asante",
        "Darko",
        "Adjei",
        "Appiah",
        "Osei",
        "Ofori",
        "Agyeman",
    ]
    names = {f"{a} {b}": 7 for a in first for b in last}  # 165 players, 7 games each
    names["Ama Serwah"] = 1
    started = time.perf_counter()
    (match,) = similar_names(names)
    assert time.perf_counter() - started < 1.0  # measured 0.04 s
    assert match.suspect == "Ama Serwah"
    # Kojo/Kofi, Yaw/Yaa, Ada/Ama... with one surname: many pairs near, none reported


def test_validate_strict_standings_and_publish_print_the_same_warning(runner, tmp_path):
    folder = str(write_event(tmp_path / "event", renamed={(3, "Ama Serwaa"): "Ama Serwah"}))
    line = 'warning [similar-names]: "Ama Serwah" (1 game) is probably "Ama Serwaa"'
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", folder])
    assert line in strict.stdout
    table = runner.invoke(pmn, ["standings", folder])
    assert table.exit_code == 0 and line in table.stderr
    site = runner.invoke(pmn, ["publish", folder, "-d", str(tmp_path / "site")])
    assert line in site.stderr


def test_publish_refuses_probable_duplicates_unless_forced(runner, tmp_path):
    folder = str(write_event(tmp_path / "event", renamed={(3, "Ama Serwaa"): "Ama Serwah"}))
    site = tmp_path / "site"
    refused = runner.invoke(pmn, ["publish", folder, "-d", str(site)])
    assert refused.exit_code == 1
    assert "not published" in refused.stderr and "--force" in refused.stderr
    assert not site.exists()
    forced = runner.invoke(pmn, ["publish", "--force", folder, "-d", str(site)])
    assert forced.exit_code == 0, forced.output
    assert (site / "index.html").exists()
    assert "similar-names" in forced.stderr  # still said


# -- the roster ------------------------------------------------------------------------


def test_a_roster_is_a_name_a_line_or_a_name_column():
    assert read_roster("Ada Mensah\nKofi Boateng\n\n# withdrawn: Yaw\n") == [
        "Ada Mensah",
        "Kofi Boateng",
    ]
    assert read_roster("club,Name,rating\nTema,Ada Mensah,1500\nAccra,Kofi Boateng,\n") == [
        "Ada Mensah",
        "Kofi Boateng",
    ]


def test_every_name_off_the_roster_is_an_error_with_the_nearest_names(tmp_path):
    folder = write_event(tmp_path / "event", renamed={(3, "Ama Serwaa"): "Ama Serwah"})
    roster = list(PLAYERS)
    (found,) = check_roster(entries_of(folder), roster)
    assert found.check == "unknown-player"
    assert found.message == (
        '"Ama Serwah" is not on the roster; nearest on the roster: "Ama Serwaa"'
    )
    assert check_roster(entries_of(folder), [*roster, "Ama Serwah"]) == []


def test_players_option_in_validate_standings_and_publish(runner, tmp_path):
    folder = str(write_event(tmp_path / "event", renamed={(5, "Kofi Boateng"): "Boateng, Kofi"}))
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club\n" + "".join(f"{p},Tema\n" for p in PLAYERS), encoding="utf-8")
    error = 'error [unknown-player]: "Boateng, Kofi" is not on the roster; nearest on the roster: "Kofi Boateng"'
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", "--players", str(roster), folder])
    assert strict.exit_code == 1 and error in strict.stdout
    table = runner.invoke(pmn, ["standings", "--players", str(roster), folder])
    assert table.exit_code == 1 and error in table.stderr
    site = runner.invoke(
        pmn, ["publish", "--players", str(roster), folder, "-d", str(tmp_path / "s")]
    )
    assert site.exit_code == 1 and error in site.stderr and "not published" in site.stderr


def test_an_empty_roster_is_a_usage_error(runner, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("name\n\n", encoding="utf-8")
    result = runner.invoke(pmn, ["standings", "--players", str(roster), str(tmp_path)])
    assert result.exit_code == 2
    assert "no player's name in it" in result.stderr
    assert "Traceback" not in result.output


# -- a game submitted twice ------------------------------------------------------------


def two_copies(tmp_path: Path, first_time: int, second_time: int) -> Path:
    folder = write_event(tmp_path / "event")
    text = (folder / "round-1.pmn").read_text(encoding="utf-8")
    (folder / "a-resent.pmn").write_text(text.split("\n\n[Game")[0] + "\n", encoding="utf-8")
    for path in folder.iterdir():
        os.utime(path, (first_time, first_time))
    os.utime(folder / "a-resent.pmn", (second_time, second_time))
    return folder


def test_of_two_identical_records_the_first_read_is_kept_whatever_the_file_times(runner, tmp_path):
    """File times no longer decide (a copy of the folder changes them): of two records
    with the same headers, the one read first (files by name) is kept."""
    for first, second in ((1_790_000_000, 1_790_000_600), (1_790_000_600, 1_790_000_000)):
        folder = two_copies(tmp_path / str(first), first, second)
        result = runner.invoke(pmn, ["validate", "--strict", "-q", str(folder)])
        (line,) = [x for x in result.stdout.splitlines() if "duplicate-game" in x]
        assert "round-1.pmn:1: game 1:" in line  # a-resent.pmn sorts first
        assert line.endswith(
            "with the same headers; the same record, read later (files by name): this is the copy"
        )
        table = json.loads(
            runner.invoke(pmn, ["standings", "--format", "json", str(folder)]).stdout
        )
        (copy,) = table["excluded"]
        assert copy["source"] == str(folder / "round-1.pmn")


# -- round robin or Swiss, from the pairings -------------------------------------------


def standings_json(runner: CliRunner, *args: str) -> dict:
    result = runner.invoke(pmn, ["standings", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_a_round_robin_with_games_missing_stays_a_round_robin(runner, tmp_path):
    folder = write_event(tmp_path / "event", missing=[(2, "Kofi Boateng"), (6, "Ada Mensah")])
    table = standings_json(runner, str(folder))
    assert table["system"] == "round-robin"
    assert table["tie_breaks"][0] == "head-to-head"  # not Buchholz
    assert table["system_reason"] == (
        "round robin: 8 players, 7 rounds, no two players met more than once; "
        "2 of 28 games missing (2 not played yet: Ada Mensah v Kofi Boateng (round 6); "
        "Kofi Boateng v Yaw Owusu (round 2))"
    )
    pairs = {tuple(item["players"]) for item in table["unplayed"]}
    # round 2 and round 6 pairings of Kofi and Ada (Berger tables, circle method)
    rounds = berger(PLAYERS)
    expected = {
        tuple(sorted(pair))
        for r, who in ((2, "Kofi Boateng"), (6, "Ada Mensah"))
        for pair in rounds[r - 1]
        if who in pair
    }
    assert pairs == expected
    assert {item["status"] for item in table["unplayed"]} == {"not played"}


def test_an_unfinished_game_is_shown_as_played_not_counted_and_a_missing_one_as_not_played(
    runner, tmp_path
):
    folder = write_event(tmp_path / "event", missing=[(1, "Ada Mensah")])
    text = (folder / "round-4.pmn").read_text(encoding="utf-8")
    first, rest = text.split("\n\n[Game", 1)
    south = next(line for line in first.splitlines() if line.startswith("[South"))[8:-2]
    north = next(line for line in first.splitlines() if line.startswith("[North"))[8:-2]
    unfinished = first.replace('[Result "1-0"]', '[Result "*"]').replace(
        '[Result "0-1"]', '[Result "*"]'
    )
    unfinished = re.sub(r" (1-0|0-1)$", " *", unfinished.rstrip())
    unfinished = unfinished.replace('[Termination "resignation"]\n', "")
    (folder / "round-4.pmn").write_text(unfinished + "\n\n[Game" + rest, encoding="utf-8")
    result = runner.invoke(pmn, ["standings", str(folder)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "System: round robin: 8 players, 7 rounds, no two players met more than once; "
        "2 of 28 games missing (1 not played yet: Abena Adjei v Ada Mensah (round 1), "
        "1 played and not counted)"
    )
    header = re.split(r"\s{2,}", lines[2].strip())
    rows = {parts[1]: parts for parts in (re.split(r"\s{2,}", x.strip()) for x in lines[3:11])}
    number = {name: row[0].rstrip("=") for name, row in rows.items()}
    assert rows[south][header.index(number[north])] == "*"
    assert rows[north][header.index(number[south])] == "*"
    assert sorted(row.count("?") for row in rows.values()) == [0] * 6 + [1, 1]
    assert "  *: played and not counted (see Not counted)" in lines
    assert "  ?: not played yet (no game submitted)" in lines


def test_too_few_rounds_is_a_swiss_event_and_the_reason_says_why(runner, tmp_path):
    folder = write_event(tmp_path / "event")
    for r in (4, 5, 6, 7):
        (folder / f"round-{r}.pmn").unlink()
    table = standings_json(runner, str(folder))
    assert table["system"] == "swiss"
    assert table["system_reason"] == (
        "Swiss: 8 players in 3 rounds, 12 of 28 pairings met; "
        "a round robin of 8 players takes 7 rounds"
    )
    forced = standings_json(runner, "--system", "round-robin", str(folder))
    assert forced["system"] == "round-robin"
    assert forced["system_reason"].startswith("given with --system (Swiss: 8 players in 3")
    assert len(forced["unplayed"]) == 28 - 12


def test_the_system_and_why_is_in_every_output(runner, tmp_path):
    folder = str(write_event(tmp_path / "event", missing=[(2, "Kofi Boateng")]))
    why = "round robin: 8 players, 7 rounds, no two players met more than once"
    for output_format in ("text", "csv", "json", "html"):
        result = runner.invoke(pmn, ["standings", "--format", output_format, folder])
        assert why in result.stdout, output_format
    table = runner.invoke(pmn, ["standings", "--format", "csv", folder]).stdout
    csv_rows = list(csv.reader(io.StringIO(table)))
    assert csv_rows[0][-2:] == ["system", "system reason"]
    assert all(row[-2] == "round-robin" and row[-1].startswith(why) for row in csv_rows[1:])
    site = tmp_path / "site"
    assert runner.invoke(pmn, ["publish", folder, "-d", str(site)]).exit_code == 0
    assert why in (site / "index.html").read_text(encoding="utf-8")


def test_three_players_of_an_odd_round_robin_and_a_bye_in_an_even_one():
    from fractions import Fraction

    from notation.desk.standings import Played, recognise_system

    def game(r, a, b):
        return Played(r, ("South", "North"), (a, b), (Fraction(1), Fraction(0)), (0, 0))

    odd = [game("1", "A", "B"), game("2", "A", "C"), game("3", "B", "C")]
    assert recognise_system(odd).system == "round-robin"  # 3 players: 3 rounds, one sits out
    assert recognise_system(odd[:2]).system == "swiss"
    assert recognise_system([*odd, game("3", "A", "BYE")]).system == "round-robin"
    even = [game("1", "A", "B"), game("1", "C", "D"), game("2", "A", "C"), game("2", "B", "D")]
    even += [game("3", "A", "D"), game("3", "B", "C")]
    assert recognise_system(even).system == "round-robin"
    assert "a bye among 4 players" in recognise_system([*even, game("4", "A", "BYE")]).reason


def test_a_misspelt_name_that_hides_a_round_robin_is_named_in_the_reason(runner, tmp_path):
    folder = write_event(tmp_path / "event", renamed={(3, "Ama Serwaa"): "Ama Serwah"})
    table = standings_json(runner, str(folder))
    assert table["system"] == "swiss"  # as written: nine players, so nothing is merged
    assert table["system_reason"].endswith(
        'with "Ama Serwah" as "Ama Serwaa" (similar-names) it is a round robin: '
        "write each name one way"
    )
    assert len(table["players"]) == 9
