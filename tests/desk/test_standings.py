"""Standings, tie-breaks and crosstables (``pmn standings``), against hand-computed tables.

The two worked examples of docs/desk.md (examples/events/round-robin and
examples/events/swiss) were worked out by hand from the result tables in
examples/events/make_events.py; the figures below are those hand results.
"""

from __future__ import annotations

import csv
import io
import json
import os
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.replay import validate_record
from notation.desk.event import Entry
from notation.desk.standings import (
    Played,
    PointScheme,
    StandingsError,
    collect,
    compute_standings,
    crosstable_rows,
    detect_system,
    format_points,
    parse_scheme,
    parse_tie_breaks,
    standings_html,
)
from notation.formats.jsonform import load_schema
from notation.formats.pmn import read_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVENTS = EXAMPLES / "events"
HALF = Fraction(1, 2)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def game(round_: str, players: tuple[str, ...], result: str, stones=None, **kw) -> Played:
    shares = tuple(Fraction(part) for part in result.split("-"))
    seats = ("South", "North") if len(players) == 2 else ("White", "Black", "Red")
    return Played(round_, seats, players, shares, stones or tuple(0 for _ in players), **kw)


def run_json(runner, *args) -> dict:
    result = runner.invoke(pmn, ["standings", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


# -- the worked examples -------------------------------------------------------------


def test_round_robin_worked_example(runner):
    table = run_json(runner, str(EVENTS / "round-robin"))
    assert table["system"] == "round-robin"
    assert table["tie_breaks"] == ["head-to-head", "sonneborn-berger", "wins", "stones"]
    rows = [
        (p["rank"], p["name"], p["points"], p["tie_breaks"]["head-to-head"],
         p["tie_breaks"]["sonneborn-berger"], p["wins"], p["draws"], p["losses"])
        for p in table["players"]
    ]  # fmt: skip
    # by hand: Ada and Kofi tie on 3½; Kofi beat Ada in round 2, so Kofi is second
    assert rows == [
        (1, "Ama Serwaa", 4, 0, 8, 3, 2, 0),
        (2, "Kofi Boateng", 3.5, 1, 6.25, 3, 1, 1),
        (3, "Ada Mensah", 3.5, 0, 6, 3, 1, 1),
        (4, "Kwame Asante", 2.5, 0, 5, 1, 3, 1),
        (5, "Yaw Owusu", 1, 0, 0.5, 1, 0, 4),
        (6, "Efua Darko", 0.5, 0, 1.25, 0, 1, 4),
    ]
    assert all(p["games"] == 5 for p in table["players"])


def test_round_robin_crosstable_is_players_by_players(runner):
    result = runner.invoke(pmn, ["standings", "--format", "csv", str(EVENTS / "round-robin")])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][-8:] == ["1", "2", "3", "4", "5", "6", "system", "system reason"]
    ama = rows[1]
    # Ama (4 in the draw): beat Kofi as South (round 5), drew Ada as North (round 4), ...
    assert ama[1] == "Ama Serwaa" and ama[-8:-2] == ["x", "S1", "N½", "S½", "N1", "N1"]
    # every row says the system assumed and why
    assert {tuple(row[-2:]) for row in rows[1:]} == {(rows[1][-2], rows[1][-1])}
    assert rows[1][-2] == "round-robin" and rows[1][-1].startswith("round robin: 6 players")
    # one column numbers the lines (issue 28: "#" and "rank" are not both shown)
    assert rows[0][:3] == ["#", "name", "points"] and "rank" not in rows[0]


def test_swiss_worked_example_with_byes_and_a_forfeit(runner):
    table = run_json(runner, str(EVENTS / "swiss"))
    assert table["system"] == "swiss"
    rows = [
        (p["rank"], p["name"], p["points"], p["tie_breaks"]["buchholz"],
         p["tie_breaks"]["median-buchholz"], p["games"], p["byes"])
        for p in table["players"]
    ]  # fmt: skip
    # by hand: Ama, Kojo and Kofi tie on 3½; Buchholz 15½, 11, 10½ puts them in that order
    assert rows == [
        (1, "Ada Mensah", 4, 15, 9.5, 5, 0),
        (2, "Ama Serwaa", 3.5, 15.5, 9.5, 5, 0),
        (3, "Kojo Mensah", 3.5, 11, 6, 4, 1),
        (4, "Kofi Boateng", 3.5, 10.5, 5.5, 4, 1),
        (5, "Yaw Owusu", 2.5, 12, 7, 4, 1),
        (6, "Efua Darko", 2, 12, 7, 4, 1),
        (7, "Kwame Asante", 1, 11.5, 6, 4, 1),
    ]
    kofi = next(p for p in table["players"] if p["name"] == "Kofi Boateng")
    round4 = next(c for c in kofi["rounds"] if c["round"] == "4")
    assert round4 == {
        "round": "4", "opponents": ["Kwame Asante"], "seat": "South", "result": 1, "points": 1,
        "kind": "forfeit",
    }  # fmt: skip
    bye = next(c for c in kofi["rounds"] if c["round"] == "3")
    assert bye["kind"] == "bye" and bye["opponents"] == [] and bye["points"] == 1


def test_swiss_crosstable_is_players_by_rounds(runner):
    result = runner.invoke(pmn, ["standings", str(EVENTS / "swiss")])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    kofi = next(line for line in lines if "Kofi Boateng" in line)
    # round 1 lost to Ada (no. 1) as North, drew Ama (2) as North, bye, forfeit win, beat Efua (6)
    assert kofi.split()[-5:] == ["1N0", "2N½", "bye1", "7S+", "6S1"]
    kwame = next(line for line in lines if "Kwame Asante" in line)
    assert kwame.split()[-2] == "4N-"


def test_json_conforms_to_the_standings_schema(runner):
    validator = jsonschema.Draft202012Validator(load_schema("standings.schema.json"))
    for folder in ("round-robin", "swiss"):
        validator.validate(run_json(runner, str(EVENTS / folder)))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"players": [{"rank": 1, "name": "x", "points": 1}]})


# -- point schemes ------------------------------------------------------------------


def test_three_one_zero_scheme(runner):
    table = run_json(runner, "--points", "3-1-0", str(EVENTS / "round-robin"))
    points = {p["name"]: p["points"] for p in table["players"]}
    # Ama 3 wins 2 draws = 11; Kofi and Ada 3 wins 1 draw = 10; Kwame 1 win 3 draws = 6
    assert points == {
        "Ama Serwaa": 11, "Kofi Boateng": 10, "Ada Mensah": 10, "Kwame Asante": 6,
        "Yaw Owusu": 3, "Efua Darko": 1,
    }  # fmt: skip
    assert table["points"] == "3-1-0"


def test_three_player_results_count_per_seat():
    games = [
        game("1", ("Ann", "Bob", "Cy"), "1/2-1/2-0"),
        game("2", ("Cy", "Ann", "Bob"), "0-0-1"),
    ]
    table = compute_standings(games)
    points = {s.name: s.points for s in table.players}
    assert points == {"Ann": HALF, "Bob": Fraction(3, 2), "Cy": Fraction(0)}
    bob = next(s for s in table.players if s.name == "Bob")
    assert (bob.wins, bob.draws, bob.losses) == (1, 1, 0)
    # 3-1-0: a share of the result is a draw
    scheme = {
        s.name: s.points for s in compute_standings(games, scheme=parse_scheme("3-1-0")).players
    }
    assert scheme == {"Ann": 1, "Bob": 4, "Cy": 0}


def test_three_player_event_from_records(runner, tmp_path):
    text = "".join(
        f'[Game "Tricala"]\n[Event "Trio"]\n[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n'
        f'[Red "{red}"]\n[Result "{res}"]\n[Termination "agreement"]\n\n{res}\n\n'
        for r, w, b, red, res in (("1", "Ann", "Bob", "Cy", "1/2-1/2-0"), ("2", "Cy", "Ann", "Bob", "1/3-1/3-1/3"))
    )  # fmt: skip
    (tmp_path / "trio.pmn").write_text(text)
    table = run_json(runner, str(tmp_path))
    points = {p["name"]: p["points"] for p in table["players"]}
    assert points == {
        "Ann": pytest.approx(5 / 6),
        "Bob": pytest.approx(5 / 6),
        "Cy": pytest.approx(1 / 3),
    }
    ann = next(p for p in table["players"] if p["name"] == "Ann")
    assert ann["rounds"][0]["opponents"] == ["Bob", "Cy"] and ann["rounds"][1]["seat"] == "Black"


def test_bad_point_scheme_and_tie_break_are_usage_errors(runner):
    for args in (["--points", "3-1"], ["--points", "a-b-c"], ["--tie-break", "coin-toss"]):
        result = runner.invoke(pmn, ["standings", *args, str(EVENTS / "swiss")])
        assert result.exit_code == 2, args
    with pytest.raises(StandingsError):
        parse_tie_breaks("wins,luck")
    assert parse_scheme("result") == PointScheme()


# -- tie-breaks, by hand -------------------------------------------------------------


def test_median_buchholz_drops_the_best_and_worst_opponent():
    # A met B, C, D; by hand: B 2 points, C 1, D 0 -> Buchholz 3, median 1
    games = [
        game("1", ("A", "B"), "1-0"),
        game("2", ("A", "C"), "1-0"),
        game("3", ("A", "D"), "1-0"),
        game("1", ("C", "D"), "1-0"),
        game("2", ("B", "D"), "1-0"),
        game("3", ("B", "C"), "1-0"),
    ]
    table = compute_standings(games, system="swiss")
    a = table.players[0]
    assert a.name == "A" and dict(a.tie_breaks)["buchholz"] == 3
    assert dict(a.tie_breaks)["median-buchholz"] == 1


def test_stones_tie_break_is_captured_minus_conceded():
    games = [
        game("1", ("A", "B"), "1/2-1/2", stones=(20, 18)),
        game("2", ("A", "C"), "1/2-1/2", stones=(10, 14)),
        game("3", ("B", "C"), "1/2-1/2", stones=(24, 24)),
    ]
    table = compute_standings(games, tie_breaks=["stones"])
    # by hand: A (20-18) + (10-14) = -2; B (18-20) + (24-24) = -2; C (14-10) + (24-24) = 4
    assert [(s.name, s.rank, dict(s.tie_breaks)["stones"]) for s in table.players] == [
        ("C", 1, 4),
        ("A", 2, -2),
        ("B", 2, -2),
    ]


def test_stones_come_from_the_replayed_captures():
    records = list(read_text((EXAMPLES / "trysse-open.pmn").read_text(), "open.pmn"))
    pairs = [(Entry.of(r, i), validate_record(r, i)) for i, r in enumerate(records, start=1)]
    played, excluded = collect(pairs)
    assert excluded == []
    table = compute_standings(played, tie_breaks=["stones"])
    stones = {s.name: dict(s.tie_breaks)["stones"] for s in table.players}
    # the Score tags of the three games, by hand: Ann 15-23 Dee, Ben 22-19 Eve, Cy 16-22 Fay
    assert (stones["Ann"], stones["Dee"], stones["Ben"], stones["Eve"]) == (-8, 8, 3, -3)
    assert (stones["Cy"], stones["Fay"]) == (-6, 6)


def test_head_to_head_counts_only_games_among_players_level_on_points():
    games = [
        game("1", ("A", "B"), "0-1"),
        game("2", ("A", "C"), "1-0"),
        game("3", ("B", "C"), "0-1"),
    ]  # each scores 1
    table = compute_standings(games, tie_breaks=["head-to-head"])
    assert {s.name: s.rank for s in table.players} == {"A": 1, "B": 1, "C": 1}
    games.append(game("4", ("A", "D"), "1/2-1/2"))
    games.append(game("4", ("B", "D"), "1/2-1/2"))
    table = compute_standings(games, tie_breaks=["head-to-head", "wins"])
    # A and B 1½, C 1: between A and B only their game counts, B won it
    assert [s.name for s in table.players][:2] == ["B", "A"]
    assert dict(table.players[0].tie_breaks)["head-to-head"] == 1


def test_players_tied_on_everything_share_a_rank_in_name_order():
    table = compute_standings([game("1", ("Zoe", "Abe"), "1/2-1/2")])
    assert [(s.rank, s.name) for s in table.players] == [(1, "Abe"), (1, "Zoe")]


def test_system_detection():
    rr = [game("1", ("A", "B"), "1-0"), game("2", ("A", "C"), "1-0"), game("3", ("B", "C"), "1-0")]
    assert detect_system(rr) == "round-robin"
    assert detect_system(rr[:2]) == "swiss"
    assert detect_system([*rr, game("4", ("A", "BYE"), "1-0")]) == "swiss"


def test_points_are_written_as_people_write_them():
    assert [format_points(Fraction(n, d)) for n, d in ((7, 2), (1, 2), (3, 1), (7, 3), (-4, 1))] == [
        "3½", "½", "3", "2 1/3", "-4",
    ]  # fmt: skip


# -- games not counted, files, formats --------------------------------------------


def test_unfinished_and_invalid_games_are_listed_not_counted(runner, tmp_path):
    swiss = (EVENTS / "swiss" / "round-1.pmn").read_text()
    (tmp_path / "r1.pmn").write_text(swiss)
    unfinished = swiss.split("\n\n[Game")[0]
    first_result = "1-0"
    unfinished = unfinished.replace(f'[Result "{first_result}"]', '[Result "*"]')
    unfinished = unfinished.replace('[Termination "resignation"]\n', "")
    unfinished = unfinished.rstrip()[: -len(first_result)] + "*\n"
    unfinished = unfinished.replace('[Round "1"]', '[Round "2"]')
    (tmp_path / "r2.pmn").write_text(unfinished)
    result = runner.invoke(pmn, ["standings", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Not counted:" in result.stdout and "unfinished (*)" in result.stdout
    (tmp_path / "bad.pmn").write_text(
        (EXAMPLES / "broken" / "wari-empty-hole.pmn").read_text().replace("[Game", '[Event "Kumasi Spring Swiss"]\n[Game', 1)
    )  # fmt: skip
    result = runner.invoke(pmn, ["standings", str(tmp_path)])
    assert result.exit_code == 1
    assert "(Ada v Kofi): invalid: C: hole C is empty" in result.stdout
    table = run_json(runner, str(tmp_path))
    assert [e["invalid"] for e in table["excluded"]] == [True, False]
    assert sum(p["games"] for p in table["players"]) == 6  # round 1's three games, two players each


def test_several_events_need_event(runner):
    args = ["standings", str(EVENTS / "round-robin"), str(EVENTS / "swiss")]
    result = runner.invoke(pmn, args)
    assert result.exit_code == 2 and '"Accra Club Round Robin"' in result.stderr
    table = run_json(runner, "--event", "Kumasi Spring Swiss", *args[1:])
    assert len(table["players"]) == 7
    result = runner.invoke(pmn, [*args, "--event", "Nowhere"])
    assert result.exit_code == 2 and "no game of event" in result.stderr


def test_no_game_is_an_error(runner, tmp_path):
    (tmp_path / "empty.pmn").write_text("")
    result = runner.invoke(pmn, ["standings", str(tmp_path / "empty.pmn")])
    assert result.exit_code == 1 and "no game in" in result.stderr


def test_html_page_holds_the_table_escaped(runner, tmp_path):
    out = tmp_path / "s.html"
    result = runner.invoke(
        pmn, ["standings", "--format", "html", "-o", str(out), str(EVENTS / "swiss")]
    )
    assert result.exit_code == 0
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<td>7S+</td>" in page
    assert page.count("<tr>") == 8  # a header and seven players
    table = compute_standings([game("1", ("<b>x</b>", "Abe"), "1-0")])
    assert "&lt;b&gt;x&lt;/b&gt;" in standings_html(table) and "<b>x" not in standings_html(table)


def test_crosstable_view_can_be_chosen(runner):
    result = runner.invoke(
        pmn, ["standings", "--crosstable", "rounds", "--format", "csv", str(EVENTS / "round-robin")]
    )
    header = next(csv.reader(io.StringIO(result.stdout)))
    assert header[-7:] == ["R1", "R2", "R3", "R4", "R5", "system", "system reason"]
    table = compute_standings([game("1", ("A", "B"), "1-0")])
    header, rows = crosstable_rows(table, "players")
    # number, name, points, head-to-head, Sonneborn-Berger, wins, stones, then the cells
    assert rows == [
        ["1", "A", "1", "0", "0", "1", "0", "x", "S1"],
        ["2", "B", "0", "0", "0", "0", "0", "N0", "x"],
    ]
    tied = compute_standings([game("1", ("Zoe", "Abe"), "1/2-1/2")])
    _, rows = crosstable_rows(tied, "players")
    assert [row[:2] for row in rows] == [["1=", "Abe"], ["2=", "Zoe"]]  # one rank, two lines


def test_standings_help_has_examples(runner):
    result = runner.invoke(pmn, ["standings", "--help"])
    assert result.exit_code == 0
    assert "pmn standings --points 3-1-0 examples/events/swiss" in result.output


def test_a_game_submitted_twice_counts_once(runner, tmp_path):
    text = (EVENTS / "swiss" / "round-1.pmn").read_text()
    (tmp_path / "r1.pmn").write_text(text)
    first = text.split("\n\n[Game")[0] + "\n"
    (tmp_path / "r1-again.pmn").write_text(first.replace("2026.03.14", "2026.03.15"))
    os.utime(tmp_path / "r1.pmn", (1_700_000_000, 1_700_000_000))
    os.utime(tmp_path / "r1-again.pmn", (1_700_000_600, 1_700_000_600))  # submitted later
    table = run_json(runner, str(tmp_path))
    ada = next(p for p in table["players"] if p["name"] == "Ada Mensah")
    assert ada["points"] == 1 and ada["games"] == 1
    (copy,) = table["excluded"]  # the copy is the later submission, not the first by name
    assert copy["source"] == str(tmp_path / "r1-again.pmn")
    assert copy["reason"] == f"submitted twice: the same game as {tmp_path / 'r1.pmn'}:1"


@pytest.mark.parametrize("output_format", ["text", "json", "csv"])
def test_standings_from_an_index_are_the_standings_from_the_files(tmp_path, output_format):
    from click.testing import CliRunner
    from notation.cli.main import pmn

    event = str(Path(__file__).resolve().parents[2] / "examples" / "events" / "swiss")
    database = str(tmp_path / "archive.sqlite")
    runner = CliRunner()
    built = runner.invoke(pmn, ["index", event, "-o", database])
    assert built.exit_code == 0, built.output
    streamed = runner.invoke(pmn, ["standings", "--format", output_format, event])
    indexed = runner.invoke(pmn, ["standings", "--format", output_format, "--index", database])
    assert indexed.exit_code == streamed.exit_code
    assert indexed.stdout == streamed.stdout
    both = runner.invoke(pmn, ["standings", event, "--index", database])
    assert both.exit_code == 2  # FILES or --index, one of them


def test_the_event_system_is_a_value_decided_once_not_read_back_from_the_reason(monkeypatch):
    """The system travels as a ``System`` value from where the pairings decide it; the
    reason is words for display, and rewording it changes no standings."""
    from notation.desk import standings as module
    from notation.desk.standings import Played, System, recognise_system

    def game(r, a, b):
        return Played(r, ("South", "North"), (a, b), (Fraction(1), Fraction(0)), (0, 0))

    odd = [game("1", "A", "B"), game("2", "A", "C"), game("3", "B", "C")]
    assert recognise_system(odd).system is System.ROUND_ROBIN
    assert recognise_system(odd[:2]).system is System.SWISS
    assert recognise_system(odd[:2], system="round-robin").system is System.ROUND_ROBIN
    assert System.ROUND_ROBIN == "round-robin"  # as written in reports

    original = module._system_reason

    def reworded(*given):
        system, reason = original(*given)
        return system, f"the pairings say: {reason}"

    monkeypatch.setattr(module, "_system_reason", reworded)
    assert recognise_system(odd).system is System.ROUND_ROBIN
    assert recognise_system(odd).reason.startswith("the pairings say: round robin")


def test_games_of_other_pairings_with_the_same_moves_are_both_counted(runner, tmp_path):
    """Ada v Kofi and Esi v Yaw both played 1. C b 2. A a 1-0: two games, not one game
    submitted twice (standings listed Esi's as "not counted" and dropped Esi and Yaw)."""
    game = (
        '[Game "Wari"]\n[Event "Club"]\n[Round "1"]\n[South "{s}"]\n[North "{n}"]\n'
        '[Result "1-0"]\n[Termination "resignation"]\n\n1. C b 2. A a 1-0\n'
    )
    path = tmp_path / "round-1.pmn"
    path.write_text(
        game.format(s="Ada", n="Kofi") + "\n" + game.format(s="Esi", n="Yaw"), encoding="utf-8"
    )
    result = runner.invoke(pmn, ["standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert "submitted twice" not in result.output
    names = json.dumps(report)
    for player in ("Ada", "Kofi", "Esi", "Yaw"):
        assert f'"{player}"' in names, (player, report)


def test_csv_writes_points_and_tie_breaks_as_numbers(runner):
    """A spreadsheet can sum and sort 4.5 and 11.25, not 4½ or 11 1/4 (as CSV wrote them);
    the JSON form writes the same numbers."""
    result = runner.invoke(pmn, ["standings", "--format", "csv", str(EVENTS / "round-robin")])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    header = rows[0]
    numeric = header[2 : header.index("1")]  # points and the tie-breaks
    report = json.loads(
        runner.invoke(pmn, ["standings", "--format", "json", str(EVENTS / "round-robin")]).stdout
    )
    halves = 0
    for row, player in zip(rows[1:], report["players"], strict=True):
        cells = row[2 : 2 + len(numeric)]
        assert all("½" not in cell and " " not in cell for cell in cells), row
        assert float(cells[0]) == player["points"], (row, player)
        halves += cells[0].endswith(".5")
    assert halves  # the event has half points, written 2.5, not 2½


def test_the_html_standings_name_the_system_once(runner):
    """The page said "round-robin: round robin: 6 players": the system's id, then the
    reason, which names it in words already."""
    html = runner.invoke(pmn, ["standings", "--format", "html", str(EVENTS / "round-robin")]).stdout
    line = html[html.index('<p class="system">') :].split("</p>")[0]
    assert "round-robin:" not in line
    assert line.count("round robin") == 1, line
