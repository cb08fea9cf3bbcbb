"""Real PlayOK exports of Togyz Kumalak (tests/data/playok: 253 games of 22 tournaments),
read as they are and taken down the archivist's and researcher's paths: validate,
convert and back, select by rating and time control, dedupe, one tournament's
standings, the index, JSON Lines, repair."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.repair import repair_record
from notation.core.replay import validate_record
from notation.formats.collection import read_path
from notation.formats.playok import format_playok, read_playok
from notation.formats.pmn import read_text

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "playok" / "playok-sample.txt"
TEXT = SAMPLE.read_text(encoding="utf-8")
#: The games as exported, each its own text.
EXPORTED = [g.strip("\n") + "\n" for g in re.split(r"\n\s*\n(?=\[Event)", TEXT)]


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


@pytest.fixture(scope="module")
def records():
    return read_playok(TEXT, str(SAMPLE), game="togyz")


@pytest.fixture(scope="module")
def reports(records):
    return [validate_record(record, index) for index, record in enumerate(records, 1)]


def test_every_game_is_valid_with_the_rules_result_where_they_ended_it(records, reports):
    assert len(records) == len(EXPORTED) == 253
    assert [r.index for r in reports if not r.valid] == []
    for record, report in zip(records, reports, strict=True):
        assert record.tags[0] == ("Game", "Togyz Kumalak")
        if report.outcome is not None:  # ended by the rules (Q7, Q8): PlayOK agrees
            assert record.result == report.outcome.result


def test_zero_marks_exactly_the_games_ended_by_an_empty_row(records, reports):
    # ruling Q11: {zero} after the result, where Q8 ended the game (a row left empty)
    for report in reports:
        zero = "{zero}" in EXPORTED[report.index - 1]
        by_q8 = report.outcome is not None and "(Q8)" in report.outcome.reason
        assert zero == by_q8, (report.index, report.outcome)


def test_how_the_games_ended(reports):
    ended = Counter(
        "early" if r.outcome is None else "82+" if "(Q7)" in r.outcome.reason else "empty row"
        for r in reports
    )
    assert ended["empty row"] == TEXT.count("{zero}") == 80
    assert sum(ended.values()) == 253 and ended["82+"] > 0 and ended["early"] > 0
    for report in reports:  # Q7: 82 or more stones, kazan and tuzdyk together
        if report.outcome is not None and "(Q7)" in report.outcome.reason:
            assert max(report.scores) >= 82


def test_the_playok_layout_is_written_back_byte_for_byte(records):
    assert [format_playok(record) for record in records] == EXPORTED


def test_validate_reads_the_file_as_it_is_with_any_name_of_the_game():
    for name in ("togyz", "Togyz Kumalak", "Тоғызқұмалақ", "Toguz Korgool"):
        result = run("validate", "-q", "--variant", name, str(SAMPLE))
        assert result.exit_code == 0, result.output
        assert "253 game(s): 253 valid, 0 invalid" in result.output
    result = run("validate", "-q", str(SAMPLE))  # the game PlayOK's format is declared for
    assert result.exit_code == 0, result.output


def test_converted_to_pmn_it_validates_and_comes_back_the_same(tmp_path):
    pmn_file = tmp_path / "games.pmn"
    assert run("convert", str(SAMPLE), "-o", str(pmn_file)).exit_code == 0
    assert run("validate", "-q", str(pmn_file)).exit_code == 0
    converted = read_text(pmn_file.read_text())
    assert len(converted) == 253 and all(r.tag("Termination") == "unknown" for r in converted)
    back = run("convert", str(pmn_file), "--to", "playok")
    assert back.exit_code == 0, back.output
    assert back.stdout == "\n".join(EXPORTED)


def test_json_lines_for_a_training_pipeline(tmp_path, records):
    out = tmp_path / "games.jsonl"
    assert run("convert", str(SAMPLE), "-o", str(out)).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 253
    first = json.loads(lines[0])
    assert dict(first["tags"])["WhiteElo"] == "1200"
    assert [m["move"] for m in first["moves"]] == [n.token for n in records[0].mainline.moves]


def test_select_by_rating_and_time_control(records):
    def elo(record, seat):
        value = record.tag(seat + "Elo") or ""
        return int(value) if value.isdigit() else None

    expected = sum(
        1
        for r in records
        if (elo(r, "White") or 0) >= 1300
        and elo(r, "Black") is not None
        and r.tag("TimeControl") == "300"
        and elo(r, "Black") < 1500
    )
    result = run(
        "select", str(SAMPLE), "--tag", "WhiteElo>=1300", "--tag", "BlackElo<1500",
        "--time-control", "300", "--count",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert int(result.output) == expected > 0


def test_dedupe_drops_the_games_the_file_repeats(tmp_path, records):
    # the same moves; a game with no move (a forfeit, a game never begun) repeats only a
    # game with the same header and result
    moves = Counter(tuple(n.token for n in r.mainline.moves) or (r.tags, r.result) for r in records)
    repeated = sum(count - 1 for count in moves.values())
    out = tmp_path / "unique.pmn"
    result = run("dedupe", str(SAMPLE), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(read_text(out.read_text())) == 253 - repeated
    assert result.stderr.count("dropped, a duplicate of") == repeated
    assert repeated < 47  # 47 when the games with no move were all one game


def test_standings_and_publish_of_one_tournament(tmp_path, records):
    event = tmp_path / "event.pmn"
    assert run("select", str(SAMPLE), "--tag", "Event=9245757", "-o", str(event)).exit_code == 0
    games = [r for r in records if r.tag("Event") == "9245757"]
    result = run("standings", str(event), "--format", "json")
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    players = {r.tag(seat) for r in games for seat in ("White", "Black")}
    text = json.dumps(table, ensure_ascii=False)
    assert all(player in text for player in players)
    site = tmp_path / "site"
    result = run("publish", str(event), "-d", str(site))
    assert result.exit_code == 0, result.output
    assert (site / "index.html").exists()
    assert len(list(site.rglob("*.html"))) > len(games)


def test_the_index_answers_as_the_file_does(tmp_path):
    database = tmp_path / "playok.sqlite"
    result = run("index", str(SAMPLE), "-o", str(database))
    assert result.exit_code == 0, result.output
    assert "253 game(s) indexed" in result.stderr
    for tags in (["WhiteElo>=1300"], ["Event=9247222"], ["TimeControl<300"]):
        args = [arg for tag in tags for arg in ("--tag", tag)]
        from_index = run("select", "--index", str(database), *args, "--count")
        from_file = run("select", str(SAMPLE), *args, "--count")
        assert from_index.output == from_file.output, tags


def test_openings_of_the_file():
    result = run("openings", str(SAMPLE), "--depth", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    assert "87(10)" in result.stdout or "87" in result.stdout


def test_repair_drops_unknown_only_where_the_rules_ended_the_game(records, reports):
    repairs = [repair_record(record, i) for i, record in enumerate(records, 1)]
    assert all(r.valid for r in repairs)
    dropped = [r.index for r in repairs if [c.code for c in r.changes] == ["drop-termination"]]
    assert dropped == [r.index for r in reports if r.outcome is not None]
    assert all(not r.changes for r in repairs if r.index not in dropped)


def test_a_typo_in_a_claim_is_repaired(tmp_path):
    first = EXPORTED[0].replace("1. 87(10) 87(10)", "1. 87(11) 87(10)")
    export = tmp_path / "typo.txt"
    export.write_text(first)
    assert run("validate", "-q", str(export)).exit_code == 1
    result = run("repair", str(export), "-o", str(tmp_path / "fixed.pmn"))
    assert "fix-claim: 87(11): the move played is 87(10)" in result.stdout
    assert run("validate", "-q", str(tmp_path / "fixed.pmn")).exit_code == 0


def test_a_file_of_another_name_is_read_by_what_it_holds(tmp_path):
    named = tmp_path / "export.dat"
    named.write_bytes(SAMPLE.read_bytes())
    assert len(list(read_path(str(named)))) == 253


def test_the_cheap_reader_reads_every_game_as_the_full_reader_does():
    # pmn validate reads PlayOK's games with the cheap reader in its worker processes:
    # 87(10) tokens, the put-in tags two on a line, {zero} after the result
    from notation.formats.plain import plain_record
    from notation.formats.playok import iter_chunks
    from notation.formats.pmn import read_chunk

    chunks = list(iter_chunks(TEXT.splitlines(keepends=True), str(SAMPLE)))
    cheap = [plain_record(chunk) for chunk in chunks]
    assert all(record is not None for record in cheap)
    assert cheap == [read_chunk(chunk) for chunk in chunks]
