"""PlayOK exports of Togyz Kumalak (made by tests/playok_exports.py: seeded random games of
20 invented tournaments, with the quirks real exports have), read as they are and taken
down the archivist's and researcher's paths: validate, convert and back, select by rating
and time control, dedupe, one tournament's standings, the index, JSON Lines, repair.
What is asserted is computed from what the generator made. Real exports are checked in
tests/formats/test_real_records.py, where they are present."""

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
from notation.formats.registry import sniff_file
from tests.playok_exports import SITE, WIDTH, Export, make_export, written_back

#: The export every test here reads: no line end after its last result, as PlayOK's
#: own files sometimes end.
EXPORT = make_export("playok-archive", last="none")
GAMES = EXPORT.games
TEXT = EXPORT.text


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> Path:
    return EXPORT.write(tmp_path_factory.mktemp("playok") / "playok.txt")


@pytest.fixture(scope="module")
def records(sample):
    return read_playok(TEXT, str(sample), game="togyz")


@pytest.fixture(scope="module")
def reports(records):
    return [validate_record(record, index) for index, record in enumerate(records, 1)]


def test_the_export_has_the_quirks_of_real_ones():
    # what the tests below lean on: if the generator stopped making it, they would prove less
    endings = Counter(game.ending for game in GAMES)
    assert set(endings) == {"82", "empty row", "early"}
    assert TEXT.count("{zero}") == endings["empty row"] > 0
    assert re.search(r"[0-9]+\.\n[0-9]", TEXT)  # a move number ending a line, its move next
    assert all(len(line) <= WIDTH for line in TEXT.splitlines() if not line.endswith("{zero}"))
    assert not any(line.startswith('[Game "') for line in TEXT.splitlines())
    assert any(not game.tokens for game in GAMES)  # games left before their first move
    assert sum(1 for game in GAMES if not game.tokens and game.repeats is None) >= 2
    assert any(game.exact for game in GAMES) and any(
        game.repeats is not None and not game.exact for game in GAMES
    )
    assert any(game.tag("WhiteElo") is None or game.tag("BlackElo") is None for game in GAMES)
    assert "\n\n\n[Event" in TEXT and not TEXT.endswith("\n")
    assert any(game.tag("Event") == "?" for game in GAMES)
    tokens = [token for game in GAMES for token in game.tokens]
    assert any("(" in token for token in tokens) and any(token.endswith("X") for token in tokens)


def test_every_game_is_valid_with_the_rules_result_where_they_ended_it(records, reports):
    assert len(records) == len(GAMES)
    assert [r.index for r in reports if not r.valid] == []
    for record, report, game in zip(records, reports, GAMES, strict=True):
        assert record.tags[0] == ("Game", "Togyz Kumalak")
        assert tuple(node.token for node in record.mainline.moves) == game.tokens
        assert record.result == game.result
        if game.outcome is None:  # stopped before the rules' end: the site's result, N5
            assert report.outcome is None and record.tag("Termination") == "unknown"
        else:  # ended by the rules (Q7, Q8): PlayOK agrees, and so does the validator
            assert report.outcome is not None
            assert record.result == report.outcome.result == game.outcome.result


def test_zero_marks_exactly_the_games_ended_by_an_empty_row(records, reports):
    # ruling Q11: {zero} after the result, where Q8 ended the game (a row left empty)
    for record, report, game in zip(records, reports, GAMES, strict=True):
        moves = record.mainline.moves
        zero = bool(moves) and moves[-1].comments == ("zero",)
        by_q8 = report.outcome is not None and "(Q8)" in report.outcome.reason
        assert zero == by_q8 == game.zero, (report.index, report.outcome)


def test_how_the_games_ended(reports):
    ended = Counter(
        "early" if r.outcome is None else "82" if "(Q7)" in r.outcome.reason else "empty row"
        for r in reports
    )
    assert ended == Counter(game.ending for game in GAMES)
    for report in reports:  # Q7: 82 or more stones, kazan and tuzdyk together
        if report.outcome is not None and "(Q7)" in report.outcome.reason:
            assert max(report.scores) >= 82


def test_the_playok_layout_is_written_back_byte_for_byte(records):
    assert [format_playok(record) for record in records] == [game.text for game in GAMES]


def test_validate_reads_the_file_as_it_is_with_any_name_of_the_game(sample):
    count = len(GAMES)
    for name in ("togyz", "Togyz Kumalak", "Тоғызқұмалақ", "Toguz Korgool"):
        result = run("validate", "-q", "--variant", name, str(sample))
        assert result.exit_code == 0, result.output
        assert f"{count} games: {count} valid, 0 invalid" in result.output
    result = run("validate", "-q", str(sample))  # the game PlayOK's format is declared for
    assert result.exit_code == 0, result.output


def test_crlf_line_ends_and_a_final_blank_line_read_the_same(tmp_path):
    export = make_export("playok-crlf", events=6, crlf=True, last="blank")
    path = export.write(tmp_path / "games.txt")
    assert b"\r\n" in path.read_bytes() and path.read_bytes().endswith(b"\r\n\r\n")
    assert sniff_file(str(path)).name == "playok"
    read = list(read_path(str(path)))
    assert [(r.tags[1:], r.result) for r in read] == [
        (_with_unknown(game.tags, game.result), game.result) for game in export.games
    ]
    assert [tuple(n.token for n in r.mainline.moves) for r in read] == [
        game.tokens for game in export.games
    ]
    result = run("validate", "-q", str(path))
    assert result.exit_code == 0, result.output
    count = len(export.games)
    assert f"{count} games: {count} valid, 0 invalid" in result.output
    back = run("convert", str(path), "--to", "playok")
    assert back.exit_code == 0, back.output
    # the export's own CRLF line ends and final blank line, kept (one blank line between
    # games, as PlayOK writes them)
    assert back.stdout_bytes == (written_back(export) + "\n").replace("\n", "\r\n").encode()


def _with_unknown(tags, result):
    """The tags as the reader gives them: ruling N5's Termination after the Result tag."""
    if result == "*":
        return tags
    at = [name for name, _ in tags].index("Result") + 1
    return (*tags[:at], ("Termination", "unknown"), *tags[at:])


def _as_converted(game):
    """The tags as ``convert`` writes them: ruling N5's Termination only on a game the
    rules had not ended."""
    return _with_unknown(game.tags, game.result) if game.ending == "early" else game.tags


def test_converted_to_pmn_it_validates_and_comes_back_the_same(sample, tmp_path):
    pmn_file = tmp_path / "games.pmn"
    assert run("convert", str(sample), "-o", str(pmn_file)).exit_code == 0
    assert run("validate", "-q", str(pmn_file)).exit_code == 0
    converted = read_text(pmn_file.read_text())
    assert len(converted) == len(GAMES)
    assert [r.tags[1:] for r in converted] == [_as_converted(game) for game in GAMES]
    back = run("convert", str(pmn_file), "--to", "playok")
    assert back.exit_code == 0, back.output
    assert back.stdout == written_back(EXPORT)


def test_json_lines_for_a_training_pipeline(sample, tmp_path):
    out = tmp_path / "games.jsonl"
    assert run("convert", str(sample), "-o", str(out)).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(GAMES)
    for line, game in zip(lines, GAMES, strict=True):
        obj = json.loads(line)
        tags = [("Game", "Togyz Kumalak"), *_as_converted(game)]
        assert [tuple(pair) for pair in obj["tags"]] == tags
        assert tuple(m["move"] for m in obj["moves"]) == game.tokens
        assert obj["result"] == game.result


def _elo(game, seat):
    value = game.tag(seat + "Elo")
    return int(value) if value is not None else None


def test_select_by_rating_and_time_control(sample):
    control = Counter(game.tag("TimeControl") for game in GAMES).most_common(1)[0][0]
    expected = sum(
        1
        for g in GAMES
        if (_elo(g, "White") or 0) >= 1300
        and _elo(g, "Black") is not None
        and g.tag("TimeControl") == control
        and _elo(g, "Black") < 1500
    )
    with_control = sum(1 for g in GAMES if g.tag("TimeControl") == control)
    result = run(
        "select", str(sample), "--tag", "WhiteElo>=1300", "--tag", "BlackElo<1500",
        "--time-control", control, "--count",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert 0 < int(result.output) == expected < with_control


def test_dedupe_drops_the_games_the_file_repeats(sample, tmp_path):
    # (--by moves, pgn-extract's -D) the same moves: the same game exported twice, or its
    # moves played again by other players; a game with
    # no move (a forfeit, a game never begun) repeats only a game with the same header and
    # result (the file has several, with their own headers: none is dropped)
    repeated = [game for game in GAMES if game.repeats is not None]
    out = tmp_path / "unique.pmn"
    result = run("dedupe", str(sample), "-o", str(out), "--by", "moves", "--verbose")
    assert result.exit_code == 0, result.output
    kept = read_text(out.read_text())
    assert [(r.tag("White"), r.tag("Black"), r.tag("Time")) for r in kept] == [
        (g.tag("White"), g.tag("Black"), g.tag("Time")) for g in GAMES if g.repeats is None
    ]
    assert result.stderr.count("dropped, a duplicate of") == len(repeated) > 0
    moves = Counter(g.tokens or (g.tags, g.result) for g in GAMES)
    assert sum(count - 1 for count in moves.values()) == len(repeated)


def test_standings_and_publish_of_one_tournament(sample, tmp_path):
    event_number = EXPORT.events[0]  # a tournament none of whose games is exported twice
    event = tmp_path / "event.pmn"
    assert (
        run("select", str(sample), "--tag", f"Event={event_number}", "-o", str(event)).exit_code
        == 0
    )
    games = [g for g in GAMES if g.tag("Event") == event_number]
    assert games and not any(g.repeats is not None for g in games)
    points: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for game in games:
        white, black = game.tag("White"), game.tag("Black")
        played.update((white, black))
        score = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}[game.result]
        points[white] += score[0]
        points[black] += score[1]
    result = run("standings", str(event), "--format", "json")
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert table["event"] == event_number and table["system"] == "round-robin"
    assert {p["name"]: (p["points"], p["games"]) for p in table["players"]} == {
        name: (points[name], played[name]) for name in played
    }
    site = tmp_path / "site"
    result = run("publish", str(event), "-d", str(site))
    assert result.exit_code == 0, result.output
    assert (site / "index.html").exists()
    assert len(list(site.rglob("*.html"))) > len(games)


def test_the_index_answers_as_the_file_does(sample, tmp_path):
    database = tmp_path / "playok.sqlite"
    result = run("index", str(sample), "-o", str(database))
    assert result.exit_code == 0, result.output
    assert f"{len(GAMES)} games indexed" in result.stderr
    for tags in (["WhiteElo>=1300"], [f"Event={EXPORT.events[1]}"], ["TimeControl<300"]):
        args = [arg for tag in tags for arg in ("--tag", tag)]
        from_index = run("select", "--index", str(database), *args, "--count")
        from_file = run("select", str(sample), *args, "--count")
        assert from_index.output == from_file.output, tags
        assert int(from_file.output) > 0, tags


def test_openings_of_the_file(sample):
    result = run("openings", str(sample), "--depth", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    (tree,) = json.loads(result.stdout)["trees"]
    assert tree["games"] == len(GAMES)
    first = Counter(game.tokens[0] for game in GAMES if game.tokens)
    assert {child["move"]: child["games"] for child in tree["children"]} == dict(first)


def test_repair_drops_unknown_only_where_the_rules_ended_the_game(records, reports):
    repairs = [repair_record(record, i) for i, record in enumerate(records, 1)]
    assert all(r.valid for r in repairs)
    dropped = [r.index for r in repairs if [c.code for c in r.changes] == ["drop-termination"]]
    assert dropped == [r.index for r in reports if r.outcome is not None]
    assert dropped == [i for i, game in enumerate(GAMES, 1) if game.outcome is not None]
    assert all(not r.changes for r in repairs if r.index not in dropped)


def test_a_typo_in_a_claim_is_repaired(tmp_path):
    game = next(g for g in GAMES if any("(" in token for token in g.tokens))
    right = next(token for token in game.tokens if "(" in token)
    hole, total = re.fullmatch(r"([0-9]+)\(([0-9]+)\)", right).groups()
    wrong = f"{hole}({int(total) + 1})"
    # the first token of the movetext that is the right one, claim and all
    text = re.sub(rf"(?<![0-9(]){re.escape(right)}", wrong, game.text, count=1)
    assert text != game.text
    export = tmp_path / "typo.txt"
    export.write_text(text)
    assert run("validate", "-q", str(export)).exit_code == 1
    result = run("repair", str(export), "-o", str(tmp_path / "fixed.pmn"))
    assert f"fix-claim: {wrong}: the move played is {right}" in result.stdout
    assert run("validate", "-q", str(tmp_path / "fixed.pmn")).exit_code == 0


def test_a_file_of_another_name_is_read_by_what_it_holds(sample, tmp_path):
    named = tmp_path / "export.dat"
    named.write_bytes(sample.read_bytes())
    assert len(list(read_path(str(named)))) == len(GAMES)


def test_the_cheap_reader_reads_every_game_as_the_full_reader_does(sample):
    # pmn validate reads PlayOK's games with the cheap reader in its worker processes:
    # 87(10) tokens, the put-in tags two on a line, {zero} after the result
    from notation.formats.playok import iter_chunks
    from notation.formats.pmn import read_chunk
    from tests.quick import quick_record as plain_record

    chunks = list(iter_chunks(TEXT.splitlines(keepends=True), str(sample)))
    cheap = [plain_record(chunk) for chunk in chunks]
    assert all(record is not None for record in cheap)
    assert cheap == [read_chunk(chunk) for chunk in chunks]


def test_the_site_tag_is_what_tells_an_export(tmp_path):
    # the generator's Site is the one the sniff looks for: without it, PMN text
    export = tmp_path / "export.txt"
    export.write_text(GAMES[0].text)
    assert sniff_file(str(export)).name == "playok"
    export.write_text(GAMES[0].text.replace(f'[Site "{SITE}"]', '[Site "Club"]'))
    assert sniff_file(str(export)).name == "pmn"


def test_an_export_is_made_the_same_from_the_same_seed():
    again: Export = make_export("playok-archive", last="none")
    assert again.text == TEXT
    assert (
        make_export("another seed", events=2).text != make_export("playok-archive", events=2).text
    )
