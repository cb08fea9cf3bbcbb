"""``pmn repair FILES -o OUT``: the records to OUT, the report on stdout in --format, what
is left wrong on stderr; exit 0 only when every game written is valid."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation.formats.pmn import read_text
from tests.playok_exports import SITE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: Three games: a claim off by a typo, moves after the end with no result, an illegal move.
GAMES = """[Game "Wari"]
[South "Ada"]
[North "Kofi"]

1. C b 2. E+2 f 3. A a *

[Game "Trysse"]
[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]

1. F+2 b a *

[Game "Wari"]

1. C b 2. C a *
"""


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(pmn, ["repair", *args], input=stdin)


def test_records_are_repaired_into_the_output_and_each_change_reported(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    out = tmp_path / "fixed.pmn"
    result = run(str(source), "-o", str(out))
    assert result.exit_code == 1  # the third game has an illegal move: left as it was
    first, second, third = read_text(out.read_text())
    assert [n.token for n in first.mainline.moves] == ["C", "b", "E", "f", "A", "a"]
    assert [n.token for n in second.mainline.moves] == ["F+2"] and second.result == "1-0"
    assert third == read_text(GAMES)[2]
    report = result.stdout
    assert "game 1: repaired" in report and "fix-claim: E+2: the move played is E" in report
    assert "game 2: repaired" in report and "cut-moves: 2 moves after the game ended" in report
    assert "set-result" in report
    assert "game 3: unchanged, still INVALID" in report
    assert report.rstrip().endswith("3 games: 2 repaired (3 changes), 1 still invalid")
    assert "game 3, move 2.: C: hole C is empty" in result.stderr  # as validate says it
    assert "Traceback" not in result.output


def test_a_repaired_file_validates(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES.split('\n\n[Game "Wari"]\n\n1. C b 2. C a *')[0])
    out = tmp_path / "fixed.pmn"
    assert run(str(source), "-o", str(out)).exit_code == 0
    assert CliRunner().invoke(pmn, ["validate", str(source)]).exit_code == 1
    assert CliRunner().invoke(pmn, ["validate", str(out)]).exit_code == 0


def test_the_report_as_json_and_csv(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    result = run(str(source), "-o", str(tmp_path / "f.jsonl"), "--format", "json")
    body = json.loads(result.stdout)
    assert (body["games"], body["repaired"], body["changes"], body["invalid"]) == (3, 2, 3, 1)
    assert [c["code"] for c in body["reports"][1]["changes"]] == ["cut-moves", "set-result"]
    assert len((tmp_path / "f.jsonl").read_text().splitlines()) == 3  # the format of -o
    report = tmp_path / "changes.csv"
    result = run(
        str(source), "-o", str(tmp_path / "f.pmn"), "--format", "csv", "--report", str(report)
    )
    assert result.stdout == ""
    rows = list(csv.reader(io.StringIO(report.read_text())))
    assert rows[0][:7] == ["source", "game", "line", "column", "move", "kind", "code"]
    assert [(r[1], r[5], r[6]) for r in rows[1:]] == [
        ("1", "change", "fix-claim"),
        ("2", "change", "cut-moves"),
        ("2", "change", "set-result"),
        ("3", "problem", "empty-hole"),
    ]


def test_output_is_required_and_stdin_reads(tmp_path):
    result = run("-", stdin=GAMES)
    assert result.exit_code == 2 and "-o" in result.output
    result = run("-", "-o", str(tmp_path / "f.pmn"), stdin=GAMES)
    assert result.exit_code == 1 and "3 games" in result.stdout


def test_an_empty_input_is_an_error(tmp_path):
    empty = tmp_path / "empty.pmn"
    empty.write_text("")
    result = run(str(empty), "-o", str(tmp_path / "f.pmn"))
    assert result.exit_code == 1 and "no game in it" in result.stderr


def test_an_export_from_playok_is_repaired_with_its_variant(tmp_path):
    export = tmp_path / "playok.txt"
    export.write_text(f'[Site "{SITE}"]\n[Result "*"]\n\n1. C b 2. E+2 f *\n')
    result = run("--variant", "wari", str(export), "-o", str(tmp_path / "f.pmn"))
    assert result.exit_code == 0, result.output
    assert "fix-claim: E+2" in result.stdout
    (record,) = read_text((tmp_path / "f.pmn").read_text())
    assert record.tag("Game") == "Wari" and record.tag("Site") == SITE
