"""``pmn reconcile``: two scoresheets of one game, and the sheets of an event paired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.pits import translate_record
from notation.core.record import Line
from notation.core.replay import final_position, record_variant
from notation.desk.reconcile import Sheet, pair_sheets, reconcile
from notation.formats.collection import write_path
from notation.formats.pmn import read_text

SWISS = Path(__file__).resolve().parents[2] / "examples" / "events" / "swiss"
ROUND_1 = (SWISS / "round-1.pmn").read_text()
# the first game of round 1: Ada Mensah v Kofi Boateng, 50 moves, 1-0
SHEET = ROUND_1.split("\n\n[Game")[0] + "\n"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def record(text: str):
    (one,) = read_text(text, "sheet.pmn")
    return one


def test_two_identical_sheets_agree(runner, tmp_path):
    (tmp_path / "a.pmn").write_text(SHEET)
    (tmp_path / "b.pmn").write_text(SHEET)
    result = runner.invoke(pmn, ["reconcile", str(tmp_path / "a.pmn"), str(tmp_path / "b.pmn")])
    assert result.exit_code == 0
    assert "the same game: 50 moves, 1-0" in result.stdout


def test_sheets_in_other_formats_and_numberings_agree(runner, tmp_path):
    original = record(SHEET)
    write_path([original], str(tmp_path / "a.json"))
    numbered = translate_record(original, "numbers").record
    assert numbered.mainline != original.mainline  # the moves are written another way
    write_path([numbered], str(tmp_path / "b.pmn"))
    result = runner.invoke(pmn, ["reconcile", str(tmp_path / "a.json"), str(tmp_path / "b.pmn")])
    assert result.exit_code == 0, result.output


def test_a_tag_that_disagrees_is_the_same_game_but_exit_1(runner, tmp_path):
    (tmp_path / "a.pmn").write_text(SHEET)
    (tmp_path / "b.pmn").write_text(SHEET.replace('[Date "2026.03.14"]', '[Date "2026.03.15"]'))
    result = runner.invoke(pmn, ["reconcile", str(tmp_path / "a.pmn"), str(tmp_path / "b.pmn")])
    assert result.exit_code == 1
    assert "  the same game\n" in result.stdout
    assert 'tag Date: "2026.03.14" in the first, "2026.03.15" in the second' in result.stdout


def test_the_first_difference_says_which_version_is_legal_and_the_position():
    # ply 9 (move 5, South) is E; D is empty there (by the diagram: South D holds 0)
    assert "5. E c" in SHEET
    other = record(SHEET.replace("5. E c", "5. D c"))
    result = reconcile(record(SHEET), other)
    assert not result.same_game
    d = result.divergence
    assert (d.ply, d.number, d.first, d.second) == (8, "5.", "E", "D")
    assert result.first.error is None and result.first.legal_plies == 50
    assert result.second.legal_plies == 8 and "hole D is empty" in result.second.error
    truncated = record(SHEET)
    truncated = type(truncated)(truncated.tags, Line(truncated.mainline.moves[:8]), "*")
    variant = record_variant(truncated)
    assert d.position == variant.format_position(final_position(truncated))
    assert d.position == "7-6-1-0-1-3-0-3-2-10-8-7-0-0-S"  # read off the diagram by hand


def test_a_legal_alternative_replays_until_its_own_illegal_move():
    other = record(SHEET.replace("5. E c", "5. A c"))
    result = reconcile(record(SHEET), other)
    assert result.divergence.second == "A"
    assert result.second.legal_plies == 12 and result.second.error.startswith("7. A:")


def test_a_sheet_that_stops_early_and_a_different_result():
    short = SHEET.replace("25. C e+4 1-0", "25. C e+4 *").replace('[Result "1-0"]', '[Result "*"]')
    shorter = short.replace(" 24. A+2 b+4 25. C e+4", "")
    result = reconcile(record(SHEET), record(shorter))
    assert result.divergence.ply == 46 and result.divergence.second is None
    assert (result.first.result, result.second.result) == ("1-0", "*")
    result = reconcile(record(SHEET), record(short))
    assert result.divergence is None and not result.same_game  # the moves agree, the result not


def test_sheets_of_different_games_cannot_be_compared():
    tricala = (
        Path(__file__).resolve().parents[2] / "examples" / "tricala-two-players.pmn"
    ).read_text()
    (first, *_) = read_text(tricala)
    result = reconcile(record(SHEET), first)
    assert result.problem is not None and "different games" in result.problem
    assert not result.agree


def test_folders_pair_sheets_by_event_round_and_players(runner, tmp_path):
    south, north = tmp_path / "south", tmp_path / "north"
    south.mkdir()
    north.mkdir()
    games = ROUND_1.split("\n\n[Game")
    texts = [games[0] + "\n"] + [
        "[Game" + g + ("\n" if not g.endswith("\n") else "") for g in games[1:]
    ]
    for i, text in enumerate(texts):
        (south / f"g{i}.pmn").write_text(text)
    # the North sheets: in another order, one name written another way, one move miswritten
    (north / "x.pmn").write_text(texts[2].replace('"Kwame Asante"', '"Asante, Kwame"'))
    (north / "y.pmn").write_text(texts[0].replace("5. E c", "5. D c"))
    (north / "z.pmn").write_text(texts[1])
    result = runner.invoke(pmn, ["reconcile", "--format", "json", str(south), str(north)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    verdicts = {
        (Path(p["first"].split(":")[0]).name, Path(p["second"].split(":")[0]).name): p
        for p in report["pairs"]
    }
    assert set(verdicts) == {("g0.pmn", "y.pmn"), ("g1.pmn", "z.pmn"), ("g2.pmn", "x.pmn")}
    assert verdicts[("g1.pmn", "z.pmn")]["agree"]
    assert verdicts[("g0.pmn", "y.pmn")]["divergence"]["ply"] == 9
    assert verdicts[("g2.pmn", "x.pmn")]["same_game"] and not verdicts[("g2.pmn", "x.pmn")]["agree"]
    assert report["unpaired"] == [f"{south / 'g3.pmn'}:1"]


def test_pairing_leaves_out_lone_and_crowded_sheets():
    one = record(SHEET)
    sheets = [Sheet(one, "a"), Sheet(one, "b"), Sheet(one, "c")]
    pairs, alone, crowded = pair_sheets(sheets)
    assert (
        pairs == [] and alone == [] and [[s.where for s in g] for g in crowded] == [["a", "b", "c"]]
    )


def test_no_game_is_an_error_and_help_has_examples(runner, tmp_path):
    (tmp_path / "empty.pmn").write_text("")
    result = runner.invoke(
        pmn, ["reconcile", str(tmp_path / "empty.pmn"), str(tmp_path / "empty.pmn")]
    )
    assert result.exit_code == 1 and "no game in" in result.stderr
    result = runner.invoke(pmn, ["reconcile", "--help"])
    assert result.exit_code == 0 and "pmn reconcile ada-sheet.pmn kofi-sheet.json" in result.output


def test_many_lone_sheets_are_summed_up_and_quiet_leaves_only_what_needs_a_look(runner, tmp_path):
    # an event where most games have one sheet: a line each buries the pair that disagrees
    games = ROUND_1.split("\n\n[Game")
    texts = [games[0] + "\n"] + [
        "[Game" + g + ("\n" if not g.endswith("\n") else "") for g in games[1:]
    ]
    for i, text in enumerate(texts):
        (tmp_path / f"g{i}.pmn").write_text(text)
    (tmp_path / "y.pmn").write_text(texts[0].replace("5. E c", "5. D c"))
    (tmp_path / "z.pmn").write_text(texts[1])
    lone = len(texts) - 2
    result = runner.invoke(pmn, ["reconcile", str(tmp_path)])
    assert result.exit_code == 1
    summary = result.stdout.splitlines()[-1]
    assert summary == (
        f"{len(texts) + 2} sheets: 2 pairs (1 agrees, 1 disagrees), "
        f"{lone} sheets with no partner, 0 games with more than two sheets"
    )
    assert result.stdout.count("no other sheet of this game") == lone
    result = runner.invoke(pmn, ["reconcile", "--quiet", str(tmp_path)])
    assert result.exit_code == 1
    assert "no other sheet of this game" not in result.stdout
    assert "g1.pmn" not in result.stdout  # the pair that agrees: counted, not told
    assert "g0.pmn" in result.stdout and "y.pmn" in result.stdout  # the pair that disagrees
    assert result.stdout.splitlines()[-1] == summary
    report = json.loads(runner.invoke(pmn, ["reconcile", "--format", "json", str(tmp_path)]).stdout)
    assert report["summary"] == {
        "sheets": len(texts) + 2,
        "pairs": 2,
        "agree": 1,
        "disagree": 1,
        "unpaired": lone,
        "more_than_two": 0,
    }
