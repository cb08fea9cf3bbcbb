"""pmn fmt, pmn moves and pmn stats, driven through CliRunner."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record
from notation.core.replay import final_position, record_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MESSY = """[North "Kofi"]
[Annotator "me"]
[Game "Wari"]
[South "Ada"]

C b A {why?} a F (D) b *
"""


def test_fmt_rewrites_in_place_and_keeps_meaning(tmp_path):
    path = tmp_path / "game.pmn"
    path.write_text('[Game "Wari"]\n\n1. C b\n2. A {why?} a *\n')
    before = path.read_text()
    result = CliRunner().invoke(pmn, ["fmt", str(path)])  # like gofmt: to stdout
    assert result.exit_code == 0, result.output
    assert result.stdout == '[Game "Wari"]\n\n1. C b 2. A {why?} 2... a *\n'
    assert path.read_text() == before  # never overwritten without --in-place
    result = CliRunner().invoke(pmn, ["fmt", "--in-place", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == '[Game "Wari"]\n\n1. C b 2. A {why?} 2... a *\n'


def test_fmt_orders_tags_numbers_moves_and_is_idempotent(tmp_path):
    path = tmp_path / "game.pmn"
    text = MESSY
    assert validate_record(read_text(text)[0]).valid
    path.write_text(text)
    runner = CliRunner()
    assert runner.invoke(pmn, ["fmt", "-i", str(path)]).exit_code == 0
    formatted = path.read_text()
    assert formatted.startswith('[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Annotator "me"]\n')
    assert "1. C b 2. A {why?} 2... a 3. F (3. D) 3... b *" in formatted
    before, after = read_text(text)[0], read_text(formatted)[0]
    variant = record_variant(before)
    assert final_position(before, variant) == final_position(after, variant)
    assert validate_record(after).valid
    assert runner.invoke(pmn, ["fmt", "--check", str(path)]).exit_code == 0


def test_fmt_check_lists_files_and_changes_nothing(tmp_path):
    good = tmp_path / "good.pmn"
    good.write_text((EXAMPLES / "wari-annotated.pmn").read_text())
    bad = tmp_path / "bad.pmn"
    bad.write_text('[Game "Wari"]\n\nC b *\n')
    result = CliRunner().invoke(pmn, ["fmt", "--check", str(good), str(bad)])
    assert result.exit_code == 1
    assert f"would reformat {bad}" in result.stderr
    assert str(good) not in result.stderr
    assert bad.read_text() == '[Game "Wari"]\n\nC b *\n'


def test_fmt_adds_capture_counts_and_stops_at_an_illegal_move(tmp_path):
    path = tmp_path / "game.pmn"
    path.write_text('[Game "Wari"]\n[Position "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S"]\n\nE a C *\n')
    result = CliRunner().invoke(pmn, ["fmt", "--in-place", str(path)])
    assert result.exit_code == 1
    assert "a: hole a is empty; left as written" in result.stderr
    assert path.read_text().endswith("\n1. E+5 a C *\n")


def test_fmt_stdin_to_stdout():
    result = CliRunner().invoke(pmn, ["fmt", "-"], input='[Game "Wari"]\n\nC b *\n')
    assert result.exit_code == 0
    assert result.stdout == '[Game "Wari"]\n\n1. C b *\n'


def test_moves_in_a_file_and_in_a_position():
    runner = CliRunner()
    result = runner.invoke(pmn, ["moves", str(EXAMPLES / "wari-annotated.pmn"), "--move", "0"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "South to move; legal moves:"  # printed before any move is looked for
    assert lines[-1] == "6 legal moves." and len(lines) == 8
    result = runner.invoke(
        pmn,
        [
            "moves",
            "--position",
            "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S",
            "--variant",
            "Wari",
            "--format",
            "json",
        ],
    )
    report = json.loads(result.stdout)
    by_move = {row["move"]: row["effect"] for row in report["moves"]}
    assert by_move["E+5"] == "captures 5"  # worked by hand in test_wari_rules
    assert by_move["C"] == ""
    assert report["to_move"] == "South"


def test_moves_usage_errors():
    runner = CliRunner()
    assert runner.invoke(pmn, ["moves"]).exit_code == 2
    assert runner.invoke(pmn, ["moves", "--position", "4-4"]).exit_code == 2
    result = runner.invoke(pmn, ["moves", "--position", "4-4", "--variant", "Wari"])
    assert result.exit_code == 2 and "bad position" in result.stderr


def test_stats_counts(tmp_path):
    runner = CliRunner()
    source = EXAMPLES / "trysse-open.pmn"
    result = runner.invoke(pmn, ["stats", str(source), "--format", "json"])
    body = json.loads(result.stdout)
    assert body["summary"]["games"] == 3
    assert body["result"] == {"0-1": 2, "1-0": 1}
    assert body["summary"]["moves_max"] == 110
    result = runner.invoke(pmn, ["stats", str(source), "--format", "csv"])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["table", "value", "games"]
    assert ["game", "Trysse", "3"] in rows
    text = runner.invoke(pmn, ["stats", str(source)]).stdout
    assert text.startswith("3 games, 0 unreadable")


def test_every_example_is_in_canonical_form():
    good = sorted(str(p) for p in EXAMPLES.glob("*.pmn"))
    result = CliRunner().invoke(pmn, ["fmt", "--check", *good])
    assert result.exit_code == 0, result.stderr


def test_validate_reads_a_kalah_log_the_same_with_a_report_file(tmp_path):
    """--variant names the game of OpenSpiel action logs on both of validate's paths:
    with -o the report said "INVALID: Wari (abapa)" (the event path dropped it)."""
    log = str(EXAMPLES / "kalah-openspiel-playthrough.actions")
    args = ["validate", "--from", "openspiel-actions", "--variant", "kalah", log]
    printed = CliRunner().invoke(pmn, args)
    assert printed.exit_code == 0 and "valid: Kalah (kalah)" in printed.output
    report = tmp_path / "r.txt"
    written = CliRunner().invoke(pmn, [*args, "-o", str(report)])
    assert written.exit_code == 0, written.output
    text = report.read_text(encoding="utf-8")
    assert "valid: Kalah (kalah)" in text and "INVALID" not in text


def test_validate_reports_an_unreadable_file_the_same_with_a_report_file(tmp_path):
    """An unreadable file was a listed problem on one of validate's paths and stopped the
    other ("Error: Could not open file"): both now read the other files, say which one
    could not be read, and exit 1."""
    good = EXAMPLES / "wari-annotated.pmn"
    missing = tmp_path / "damaged.pmn.gz"  # not gzip data: it cannot be read
    missing.write_bytes(b"\x1f\x8b\x08\x00 these bytes are not deflate data")
    for extra in ([], ["-o", str(tmp_path / "r.txt")], ["--strict", "-o", str(tmp_path / "s.txt")]):
        result = CliRunner().invoke(pmn, ["validate", str(missing), str(good), *extra])
        assert result.exit_code == 1, (extra, result.output)
        assert f"{missing}: cannot read" in result.output, extra
        assert "Could not open" not in result.output
    assert "valid" in (tmp_path / "r.txt").read_text(encoding="utf-8")
