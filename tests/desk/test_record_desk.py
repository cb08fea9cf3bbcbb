"""Issue 28, "At the board": what the recorder asks, corrects, says and writes."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record

TAGS = "Wari\n\nClub night\nHain\n2026.11.22\n1\nAda\nKofi\n"


def run(path: Path, lines: str, *extra: str):
    return CliRunner().invoke(pmn, ["record", *extra, str(path)], input=lines)


def questions(output: str) -> list[str]:
    """The questions asked, in order: each prompt's name (the plain reader prints them)."""
    return re.findall(r"^([A-Z][a-z]+)(?: \(.*?\))?(?: \[.*?\])?:$", output, re.M)


def test_questions_come_in_one_order_for_every_game(tmp_path):
    wari = run(tmp_path / "w.pmn", TAGS + "save\n")
    tricala = run(tmp_path / "t.pmn", "Tricala\n3\n\n\n\n\n\nAnn\nBob\nCy\nsave\n")
    assert wari.exit_code == 0 and tricala.exit_code == 0, tricala.output
    common = ["Game", "Rules", "Event", "Site", "Date", "Round"]
    assert questions(wari.output) == [*common, "South", "North"]
    # Players comes right after Game (only where the game has a choice), then the same order
    assert questions(tricala.output) == ["Game", "Players", *common[1:], "White", "Black", "Red"]


def test_an_unknown_game_is_refused_at_once_with_did_you_mean(tmp_path):
    result = run(tmp_path / "w.pmn", "Warri\n" + TAGS + "save\n")
    assert result.exit_code == 0, result.output
    assert 'unknown game "Warri"; did you mean Wari' in result.output
    # asked again before any other question: Game twice, then Rules
    assert questions(result.output)[:3] == ["Game", "Game", "Rules"]
    assert read_text((tmp_path / "w.pmn").read_text())[0].tag("Game") == "Wari"


def test_rules_the_game_does_not_have_are_asked_again_alone(tmp_path):
    result = run(tmp_path / "w.pmn", "Wari\nblitz\n" + TAGS[len("Wari\n") :] + "save\n")
    assert result.exit_code == 0, result.output
    assert questions(result.output)[:3] == ["Game", "Rules", "Rules"]


def test_a_date_not_in_pgn_form_is_asked_again(tmp_path):
    typed = "Wari\n\nClub night\nHain\n24/11/2026\n2026.11.24\n1\nAda\nKofi\nsave\n"
    result = run(tmp_path / "w.pmn", typed)
    assert 'Date "24/11/2026" is not in YYYY.MM.DD form' in result.output
    assert read_text((tmp_path / "w.pmn").read_text())[0].tag("Date") == "2026.11.24"


def test_a_tag_can_be_corrected_after_it_was_entered(tmp_path):
    path = tmp_path / "w.pmn"
    typed = TAGS + "C\ntag Date 2026.11.24\ntag North Kofi Boateng\ntag Annotator Efua\nb\nsave\n"
    result = run(path, typed)
    assert result.exit_code == 0, result.output
    assert 'tag Date is now "2026.11.24" (was "2026.11.22")' in result.output
    record = read_text(path.read_text())[0]
    assert record.tag("Date") == "2026.11.24" and record.tag("North") == "Kofi Boateng"
    assert record.tag("Annotator") == "Efua"
    assert [m.token for m in record.mainline.moves] == ["C", "b"]


def test_a_tag_that_cannot_change_is_refused_with_the_reason(tmp_path):
    path = tmp_path / "w.pmn"
    typed = TAGS + "tag Game Kalah\ntag Date 24/11\ntag Result 1-0\ntag Date\nsave\n"
    result = run(path, typed)
    assert "not accepted: Game decides what the moves mean" in result.output
    assert 'not accepted: Date "24/11" is not in YYYY.MM.DD form' in result.output
    assert "not accepted: Result is set by the rules, or with end REASON RESULT" in result.output
    assert "not accepted: give the value: tag Date VALUE" in result.output
    record = read_text(path.read_text())[0]
    assert record.tag("Game") == "Wari" and record.tag("Date") == "2026.11.22"


def test_undo_says_when_it_drops_a_comment(tmp_path):
    path = tmp_path / "w.pmn"
    result = run(path, TAGS + "C\nb {a trap}\nundo\na\nundo\nsave\n")
    assert "took back b, and the comment after it, dropped: {a trap}" in result.output
    assert "  took back a\n" in result.output  # no comment: nothing more said


def test_a_finished_game_is_resumed_only_to_take_its_end_back(tmp_path):
    # it was refused outright ("nothing to record"), so a wrong ending could not be undone;
    # now it is shown as over, moves are refused, and undo takes back the ending
    path = tmp_path / "w.pmn"
    assert run(path, TAGS + "C\nend resignation 1-0\n").exit_code == 0
    ended = path.read_bytes()
    result = run(path, "b\n", "--resume")
    assert result.exit_code == 0
    assert "the game ended: 1-0 (resignation): type undo" in result.output
    assert "not accepted" in result.output and path.read_bytes() == ended
    result = run(path, "undo\nb\nsave\n", "--resume")
    assert "took back the end (resignation 1-0)" in result.output
    record = read_text(path.read_text())[0]
    assert [m.token for m in record.mainline.moves] == ["C", "b"] and record.result == "*"
    assert record.tag("Termination") is None


def test_what_record_writes_passes_fmt_check(tmp_path):
    path = tmp_path / "w.pmn"
    assert run(path, TAGS + "C\nb\nend resignation 0-1\n").exit_code == 0
    record = read_text(path.read_text())[0]
    names = [name for name, _ in record.tags]
    assert names.index("Result") < names.index("Termination")
    check = CliRunner().invoke(pmn, ["fmt", "--check", str(path)])
    assert check.exit_code == 0, check.output
    assert validate_record(record).valid


def test_the_wari_move_hint_is_written_for_people(tmp_path):
    result = run(tmp_path / "w.pmn", TAGS + "G\nsave\n")
    assert (
        '"G" is not a move in Wari: write the hole played, a letter A-F for South or a-f '
        "for North, and after it, when the move captures, a + and the number of stones "
        "taken (C, or C+2)"
    ) in result.output
    assert "1-9 digits" not in result.output
