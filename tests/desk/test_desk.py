"""The tournament desk's submission checks: ``pmn validate --strict``, ``-o``, CSV (ruling N4)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.desk.event import (
    Entry,
    LevelError,
    check_entry,
    check_event,
    date_problem,
    name_key,
    parse_levels,
)
from notation.formats.jsonform import load_schema
from notation.formats.pmn import read_text

EVENTS = Path(__file__).resolve().parents[2] / "examples" / "events"
BROKEN = EVENTS / "broken-submissions"

GAME = """[Game "Trysse"]
[Event "Club"]
[Date "2026.03.14"]
[Round "{round}"]
[South "{south}"]
[North "{north}"]
[Result "{result}"]
[Termination "resignation"]

1. {moves} {result}
"""


def sheet(south: str, north: str, round_: int = 1, moves: str = "A f", result: str = "1-0") -> str:
    return GAME.format(south=south, north=north, round=round_, moves=moves, result=result)


def entries(text: str, source: str = "t.pmn") -> list[Entry]:
    return [Entry.of(record, i) for i, record in enumerate(read_text(text, source), start=1)]


def checks(findings) -> list[str]:
    return [f.check for f in findings]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# -- one record (N4) ---------------------------------------------------------------


def test_a_good_event_record_has_no_findings():
    assert check_entry(entries(sheet("Ada", "Kofi"))[0]) == []


def test_a_seat_with_no_player_or_a_question_mark_is_unnamed():
    (entry,) = entries(sheet("Ada", "?"))
    assert checks(check_entry(entry)) == ["unnamed-seat"]
    text = sheet("Ada", "Kofi").replace('[North "Kofi"]\n', "")
    (found,) = check_entry(entries(text)[0])
    assert found.message == "no player named for seat North"


def test_a_tag_given_twice_is_an_error_saying_whether_the_values_disagree():
    text = sheet("Ada", "Kofi").replace('[Result "1-0"]', '[Result "1-0"]\n[Result "0-1"]')
    text = text.replace('[Game "Trysse"]', '[Game "Trysse"]\n[Game "Trysse"]')
    found = check_entry(entries(text)[0])
    assert [f.message for f in found] == [
        'tag Game given 2 times, the same value: "Trysse", "Trysse"',
        'tag Result given 2 times, values that disagree: "1-0", "0-1"',
    ]


def test_event_date_and_round_must_be_given():
    text = (
        sheet("Ada", "Kofi").replace('[Event "Club"]\n', "").replace('[Round "1"]', '[Round "?"]')
    )
    assert [f.message for f in check_entry(entries(text)[0])] == ["no Event tag", "no Round tag"]


@pytest.mark.parametrize(
    ("value", "fault"),
    [
        ("2026.03.14", None),
        ("2026.??.??", None),
        ("????.??.??", None),
        ("2024.02.29", None),
        ("Bob", "not in YYYY.MM.DD form"),
        ("03/10/2026", "not in YYYY.MM.DD form"),
        ("2026-03-10", "not in YYYY.MM.DD form"),
        ("2026.3.10", "not in YYYY.MM.DD form"),
        ("2026.13.01", "has no month 13"),
        ("2026.04.31", "month 04 has no day 31"),
        ("2025.02.29", "month 02 has no day 29"),
        ("2026.??.32", "has no day 32"),
    ],
)
def test_dates_are_pgn_dates(value, fault):
    problem = date_problem(value)
    assert problem is None if fault is None else fault in problem


def test_a_round_must_be_a_number():
    text = sheet("Ada", "Kofi").replace('[Round "1"]', '[Round "first"]')
    (found,) = check_entry(entries(text)[0])
    assert found.check == "bad-round" and '"first"' in found.message
    assert check_entry(entries(sheet("Ada", "Kofi").replace('"1"]', '"3.2"]'))[0]) == []


# -- across the set ----------------------------------------------------------------


def test_the_same_game_twice_is_found_and_says_which_headers_differ():
    first = sheet("Ada", "Kofi", moves="A f 2. B e")
    copy = first.replace("2026.03.14", "2026.03.15")
    (found,) = check_event(entries(first + "\n" + copy))
    assert found.check == "duplicate-game" and found.game == 2
    assert found.message == (
        "the same game as t.pmn:1 (4 moves), with headers that differ in Date; "
        't.pmn:1 is kept: as full a record, its headers come first (Date "2026.03.14" '
        'before "2026.03.15"): this is the copy'
    )
    (same,) = check_event(entries(first + "\n" + first))
    assert "with the same headers; later in the same file: this is the copy" in same.message


def test_games_with_other_moves_or_no_moves_are_not_duplicates():
    one = sheet("Ada", "Kofi", moves="A f")
    other = sheet("Yaw", "Ama", moves="B f")
    assert check_event(entries(one + "\n" + other)) == []
    bye = sheet("Ada", "BYE", moves="", result="1-0").replace("1.  ", "")
    assert checks(check_event(entries(bye + "\n" + bye.replace('"1"]', '"2"]')))) == []


def test_a_pairing_twice_in_a_round_is_one_finding_not_also_player_twice():
    text = sheet("Ada", "Kofi", moves="A f") + "\n" + sheet("Kofi", "Ada", moves="B f")
    (found,) = check_event(entries(text))
    assert found.check == "pairing-twice" and found.others == ("t.pmn:1",)
    # in different rounds it is no fault
    text = sheet("Ada", "Kofi", moves="A f") + "\n" + sheet("Kofi", "Ada", 2, moves="B f")
    assert check_event(entries(text)) == []


def test_a_player_in_two_games_of_a_round():
    text = sheet("Ada", "Kofi", moves="A f") + "\n" + sheet("Yaw", "Ada", moves="B f")
    (found,) = check_event(entries(text))
    assert found.check == "player-twice"
    assert found.message == "Ada plays two games in round 1 of Club (also t.pmn:1)"


def test_names_written_differently_are_one_key():
    keys = {name_key(n) for n in ("Ada Mensah", "Mensah, Ada", "ada  mensah", "Adá Mensah")}
    assert keys == {"ada mensah"}
    assert name_key("Ada Mensah") != name_key("Ama Mensah")


def test_similar_names_are_warned_with_the_most_used_spelling():
    text = "\n".join(
        [
            sheet("Ada Mensah", "Kofi", 1, "A f"),
            sheet("Ada Mensah", "Yaw", 2, "B f"),
            sheet("Mensah, Ada", "Ama", 3, "C f"),
            sheet("Kofi", "ada  mensah", 4, "D f"),
        ]
    )
    found = check_event(entries(text))
    assert checks(found) == ["similar-names", "similar-names"]
    assert found[0].message == (
        '"Mensah, Ada" (1 game) is probably "Ada Mensah" (2 games), '
        "words in another order: write it one way"
    )
    assert '"ada  mensah"' in found[1].message


def test_an_accented_spelling_is_preferred_when_use_is_even():
    text = sheet("Éfua Darko", "Kofi", 1, "A f") + "\n" + sheet("Efua Darko", "Yaw", 2, "B f")
    (found,) = check_event(entries(text))
    assert found.message.startswith('"Efua Darko" (1 game) is probably "Éfua Darko"')


def test_levels_override_defaults_and_bad_levels_are_refused():
    levels = parse_levels(["similar-names=error", "bad-round=off"])
    assert levels["similar-names"] == "error" and levels["bad-round"] == "off"
    assert levels["duplicate-game"] == "error"
    for spec in ("similar-names", "no-such-check=error", "bad-date=fatal"):
        with pytest.raises(LevelError):
            parse_levels([spec])


# -- the command -------------------------------------------------------------------


def test_strict_finds_every_fault_of_the_broken_submissions(runner):
    result = runner.invoke(pmn, ["validate", "--strict", "-q", str(BROKEN)])
    assert result.exit_code == 1
    found = Counter(
        line.split("[")[1].split("]")[0] for line in result.stdout.splitlines() if "]: " in line
    )
    assert found == {
        "no-games": 1,
        "unread-file": 1,
        "bad-date": 2,
        "duplicate-tag": 2,
        "unnamed-seat": 1,
        "missing-tag": 2,
        "duplicate-game": 1,
        "pairing-twice": 1,
        "player-twice": 1,
        "similar-names": 3,
    }
    assert "notes.txt: warning [unread-file]" in result.stdout
    assert result.stdout.rstrip().endswith("event checks: 11 errors, 4 warnings")


def test_strict_passes_the_worked_examples(runner):
    args = ["validate", "--strict", str(EVENTS / "round-robin"), str(EVENTS / "swiss")]
    result = runner.invoke(pmn, args)
    assert result.exit_code == 0, result.output
    assert "35 games: 35 valid, 0 invalid; event checks: 0 errors, 0 warnings" in result.stdout


def test_warnings_alone_exit_0_and_a_level_can_make_them_errors(runner, tmp_path):
    (tmp_path / "r.pmn").write_text(
        sheet("Ada Mensah", "Kofi", 1, "A f") + "\n" + sheet("Mensah, Ada", "Yaw", 2, "B f")
    )
    result = runner.invoke(pmn, ["validate", "--strict", str(tmp_path)])
    assert result.exit_code == 0 and "warning [similar-names]" in result.stdout
    result = runner.invoke(
        pmn, ["validate", "--strict", "--level", "similar-names=error", str(tmp_path)]
    )
    assert result.exit_code == 1 and "error [similar-names]" in result.stdout
    result = runner.invoke(
        pmn, ["validate", "--strict", "--level", "similar-names=off", str(tmp_path)]
    )
    assert result.exit_code == 0 and "similar-names" not in result.stdout
    result = runner.invoke(pmn, ["validate", "--strict", "--level", "nonsense", str(tmp_path)])
    assert result.exit_code == 2 and "CHECK=SEVERITY" in result.stderr


@pytest.mark.parametrize("content", ["", "\n\n", " \t\r\n"])
def test_plain_validate_of_an_input_with_no_game_is_an_error(runner, tmp_path, content):
    empty = tmp_path / "empty.pmn"
    empty.write_text(content)
    result = runner.invoke(pmn, ["validate", str(empty)])
    assert result.exit_code == 1
    assert (
        f"{empty}: no game in it: an input must hold at least one game (ruling N4)" in result.stderr
    )


def test_plain_validate_of_a_folder_with_only_txt_files_is_an_error(runner, tmp_path):
    (tmp_path / "a.txt").write_text(sheet("Ada", "Kofi"))
    result = runner.invoke(pmn, ["validate", str(tmp_path)])
    assert result.exit_code == 1 and "no game in it" in result.stderr
    result = runner.invoke(pmn, ["validate", "--strict", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path / 'a.txt'}: warning [unread-file]" in result.stdout


def test_the_text_report_in_a_file_holds_every_reason(runner, tmp_path):
    source = EVENTS.parent / "broken" / "wari-empty-hole.pmn"
    out = tmp_path / "report.txt"
    result = runner.invoke(pmn, ["validate", str(source), "-o", str(out)])
    assert result.exit_code == 1
    text = out.read_text()
    assert "INVALID" in text and "hole C is empty" in text
    assert text.rstrip().endswith("1 game: 0 valid, 1 invalid; event checks: 0 errors, 0 warnings")
    assert f"report in {out}" in result.stderr


def test_json_report_with_findings_conforms_to_the_schema(runner, tmp_path):
    out = tmp_path / "report.json"
    result = runner.invoke(
        pmn, ["validate", "--strict", str(BROKEN), "--format", "json", "-o", str(out)]
    )
    assert result.exit_code == 1
    report = json.loads(out.read_text())
    jsonschema.Draft202012Validator(load_schema("report.schema.json")).validate(report)
    assert report["summary"] == {
        "games": 14,
        "valid": 14,
        "invalid": 0,
        "errors": 11,
        "warnings": 4,
    }
    dup = next(f for f in report["findings"] if f["check"] == "duplicate-game")
    assert dup["severity"] == "error" and dup["others"] == [str(BROKEN / "round-1.pmn") + ":1"]


def test_csv_report_has_a_row_per_game_problem_and_finding(runner, tmp_path):
    shutil.copy(EVENTS.parent / "broken" / "wari-empty-hole.pmn", tmp_path / "bad.pmn")
    (tmp_path / "good.pmn").write_text(
        sheet("Ada", "BYE", moves="", result="1-0").replace("1.  ", "")
    )
    out = tmp_path / "report.csv"
    result = runner.invoke(
        pmn, ["validate", "--strict", str(tmp_path), "--format", "csv", "-o", str(out)]
    )
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    kinds = Counter(row["kind"] for row in rows)
    assert kinds["game"] == 2 and kinds["problem"] == 1
    problem = next(row for row in rows if row["kind"] == "problem")
    assert problem["code"] == "empty-hole" and problem["line"] == "5" and problem["column"] == "11"
    findings = {row["code"] for row in rows if row["kind"] == "finding"}
    assert "missing-tag" in findings  # the Wari example has no Event/Round


def test_validate_help_shows_examples_and_checks(runner):
    result = runner.invoke(pmn, ["validate", "--help"])
    assert result.exit_code == 0
    assert "pmn validate --strict submissions/ -o report.txt" in result.output
    assert "similar-names" in result.output


def test_the_transcripts_in_docs_desk_are_what_the_commands_print(runner, monkeypatch, tmp_path):
    import re
    import shlex

    root = EVENTS.parent.parent
    # the examples as copied (their file times decide nothing)
    shutil.copytree(EVENTS, tmp_path / "examples" / "events")
    monkeypatch.chdir(tmp_path)
    text = (root / "docs" / "desk.md").read_text(encoding="utf-8")
    transcripts = re.findall(r"```\n\$ (pmn [^\n]*)\n(.*?)```", text, re.S)
    assert len(transcripts) == 4
    for command, expected in transcripts:
        result = runner.invoke(pmn, shlex.split(command)[1:])
        assert result.stdout == expected, command


def test_unread_files_are_listed_but_hidden_ones_and_record_files_are_not(tmp_path):
    from notation.desk.submissions import GameSource

    def unread_files(folder: str) -> list[str]:  # what the one walk that reads lists
        source = GameSource(
            [folder], None, None, None, None, records=True, not_read=print, list_unread=True
        )
        list(source)
        return source.left_unread

    (tmp_path / "a.pmn").write_text(sheet("Ada", "Kofi"))
    (tmp_path / "b.json").write_text("[]")
    (tmp_path / "scan.jpg").write_bytes(b"\xff\xd8")
    (tmp_path / ".DS_Store").write_bytes(b"")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "notes.txt").write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("x")
    assert unread_files(str(tmp_path)) == [
        str(tmp_path / "scan.jpg"),
        str(tmp_path / "sub" / "notes.txt"),
    ]


def test_every_seat_of_a_three_player_game_must_be_named():
    text = (
        '[Game "Tricala"]\n[Event "Trio"]\n[Date "2026.03.14"]\n[Round "1"]\n'
        '[White "Ann"]\n[Black "Bob"]\n[Red "?"]\n[Result "1/2-1/2-0"]\n[Termination "agreement"]\n\n1/2-1/2-0\n'
    )
    (found,) = check_entry(entries(text)[0])
    assert found.message == "no player named for seat Red"
