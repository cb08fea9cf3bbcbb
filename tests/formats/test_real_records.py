"""Real records of other projects, read where they are: ``../shared/real-records`` beside
the checkout, or the folder ``PMN_REAL_RECORDS`` names (never copied into the project;
each source's SOURCE.txt says where it comes from). A test whose source is missing is
skipped with a line saying so, and fails in CI (tests/optional.py).

What is checked is what the project supports today, against what each source or an
independent engine says: PlayOK's 2,398 Togyz Kumalak games against a reference engine's
``expected.json``; Aualé's own OGN files, its ends and scores of the Aalina benchmark
lines and of the human games of its suite; OpenSpiel's playthrough state by state and its
action logs as ``history_str()`` writes them; the games quoted in PlayStrategy's tests;
board-game-rs's shortest game; wikimanqala's numbering. ``togyz-kz-2018``: the 742 games
of Kazakhstan's 2018 national events with their score sheets' tokens (``5. 48 36x``, no
capture total; ruling Q10 as amended), with the mark written in each of its forms;
``togyz-playok-nurkal``: 3,238 more PlayOK games, CRLF line ends and all.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.repair import repair_record
from notation.core.record import Line, Record
from notation.core.replay import GameReport, open_game, record_variant, validate_record
from notation.core.tokens import escape_tag_value
from notation.formats.canonical import rewrite_moves
from notation.formats.collection import read_path
from notation.formats.ogn import write_ogn_record
from notation.formats.openspiel import actions_of, read_actions, write_actions
from notation.formats.playok import format_playok, read_playok
from notation.formats.pmn import read_text
from tests.optional import require_real_records


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def read_one(path: Path) -> Record:
    (record,) = read_path(str(path))
    return record


def holes(record: Record) -> list[str]:
    """The main line's moves without their capture counts (``E+3`` -> ``E``)."""
    return [node.token.split("+")[0] for node in record.mainline.moves]


def as_far_as_the_rules_go(record: Record) -> GameReport:
    """The report on the record's main line up to the first move the rules refuse (a
    move after their end): its outcome is theirs, where they ended the game there."""
    plies = validate_record(record).plies
    cut = replace(record, mainline=Line(record.mainline.moves[:plies]))
    return validate_record(cut)


# -- togyz: 2,398 PlayOK games (playok.txt), a reference engine's verdicts (expected.json)


class PlayOK(NamedTuple):
    path: Path
    text: str
    expected: list[dict[str, Any]]
    summary: dict[str, int]
    records: list[Record]
    reports: list[GameReport]


@pytest.fixture(scope="module")
def playok() -> PlayOK:
    folder = require_real_records("togyz")
    path = folder / "playok.txt"
    text = path.read_text(encoding="utf-8")
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    records = read_playok(text, str(path), game="togyz")
    reports = [validate_record(record, index) for index, record in enumerate(records, 1)]
    return PlayOK(path, text, expected["games"], expected["summary"], records, reports)


def test_every_playok_game_reads_and_validates_as_the_reference_engine_has_it(playok):
    assert len(playok.records) == len(playok.expected) == sum(playok.summary.values())
    assert [r.index for r in playok.reports if not r.valid] == []
    classes: Counter[str] = Counter()
    for record, report, expected in zip(
        playok.records, playok.reports, playok.expected, strict=True
    ):
        where = (report.index, expected["index"])
        assert not record.damaged, where
        # the reader's games are the file's, in its order
        assert (
            record.tag("Event"),
            record.tag("Round"),
            record.tag("Date"),
            record.tag("Time"),
            record.tag("White"),
            record.tag("Black"),
            record.result,
        ) == (
            expected["event"],
            expected["round"],
            expected["date"],
            expected["time"],
            expected["white"],
            expected["black"],
            expected["declared"],
        ), where
        assert report.plies == expected["plies"], where
        moves = record.mainline.moves
        assert (bool(moves) and moves[-1].comments == ("zero",)) == expected["zero"], where
        if report.outcome is None:
            classes["early"] += 1
            assert record.tag("Termination") == "unknown", where  # ruling N5
            continue
        reason = report.outcome.reason
        classes["rules_82" if "(Q7)" in reason else "rules_empty" if "(Q8)" in reason else "?"] += 1
        assert expected["class"] != "early" and expected["end_ply"] == report.plies, where
        assert report.outcome.result == expected["result"] == record.result, where
        assert list(report.scores) == expected["final"], where
        empty_row = expected["class"] == "rules_empty"
        assert ("(Q8)" in reason) == empty_row == expected["zero"], where
    assert classes == Counter(playok.summary)


def test_every_playok_game_is_written_back_as_playok_wrote_it(playok):
    exported = [g.strip("\n") + "\n" for g in re.split(r"\n\s*\n(?=\[Event)", playok.text)]
    assert len(exported) == len(playok.records)
    assert [format_playok(record) for record in playok.records] == exported


def test_pmn_validate_reads_the_export_as_it_is(playok):
    # the command's path: the file sniffed, its games cut and read by the cheap reader in
    # worker processes
    result = run("validate", "-q", str(playok.path))
    assert result.exit_code == 0, result.output
    count = len(playok.expected)
    assert f"{count} games: {count} valid, 0 invalid" in result.output


def test_repair_drops_unknown_exactly_where_the_rules_ended_the_game(playok):
    repairs = [repair_record(record, i) for i, record in enumerate(playok.records, 1)]
    assert all(r.valid for r in repairs)
    changed = {r.index: [c.code for c in r.changes] for r in repairs if r.changes}
    ended = [e["index"] + 1 for e in playok.expected if e["class"] != "early"]
    assert sorted(changed) == ended
    assert all(codes == ["drop-termination"] for codes in changed.values())


def test_convert_writes_unknown_termination_only_where_the_rules_had_not_ended(playok, tmp_path):
    # ruling N5: 1,221 games stopped early keep PlayOK's result with the tag; the 1,177
    # the rules ended (Q7, Q8) have their own result and no tag
    out = tmp_path / "games.pmn"
    result = run("convert", str(playok.path), "-o", str(out))
    assert result.exit_code == 0, result.output
    converted = read_text(out.read_text(encoding="utf-8"))
    early = [e["class"] == "early" for e in playok.expected]
    assert [r.tag("Termination") == "unknown" for r in converted] == early
    assert sum(early) == 1221


def test_dedupe_drops_the_games_whose_moves_repeat_another(playok, tmp_path):
    # --by moves (pgn-extract's -D): a game with no move repeats only a game with the same
    # header and result
    keys = Counter(
        tuple(node.token for node in r.mainline.moves) or (r.tags, r.result) for r in playok.records
    )
    repeated = sum(count - 1 for count in keys.values())
    result = run("dedupe", str(playok.path), "-o", str(tmp_path / "unique.pmn"), "--by", "moves")
    assert result.exit_code == 0, result.output
    kept = len(playok.records) - repeated
    assert f"kept {kept} games, dropped {repeated} duplicate" in result.stderr
    # by default a copy has the same players and result too (issue 37): one summary line
    result = run("dedupe", str(playok.path), "-o", str(tmp_path / "unique.pmn"))
    assert result.exit_code == 0, result.output
    (line,) = result.stderr.splitlines()
    dropped = int(line.split("dropped ")[1].split()[0])
    assert dropped <= repeated


# -- togyz-kz-2018: the federation's score sheets, as written (ruling Q10 as amended) ------


def _sheet_records(folder: Path, mark: str = "x") -> str:
    """The 742 games as PMN text with each move as the sheet writes it (``5. 48 36x``),
    the tuzdyk mark written ``mark``; tags as the source's convert.py writes them."""
    rows = json.loads((folder / "source.json").read_text(encoding="utf-8"))
    games = []
    for row in rows:
        tags = [
            ("Game", "Togyz Kumalak"),
            ("Event", row["_Event"]),
            ("Site", row["_Site"]),
            ("Date", row["_Date"] + ".??.??"),
            ("Round", str(row["_Round"])),
            ("White", row["_WhiteName"]),
            ("Black", row["_BlackName"]),
            ("Result", row["_Result"]),
        ]
        if row["_Result"] != "*":
            tags.append(("Termination", "unknown"))
        head = "".join(f'[{name} "{escape_tag_value(value)}"]\n' for name, value in tags)
        moves = row["_Notation"].strip().replace("x", mark)
        games.append(f"{head}\n{moves}\n{row['_Result']}\n")
    return "\n".join(games)


@pytest.fixture(scope="module")
def kz_2018() -> Path:
    return require_real_records("togyz-kz-2018")


@pytest.mark.parametrize("mark", ["x", "X", "\u0425", "\u0445"])
def test_every_federation_sheet_validates_as_written(kz_2018, mark):
    # ruling Q10: landing holes and marks checked, no (n) needed; the 2018 sheets write
    # "x", the 2022 championship book the Cyrillic "х": every form is the same mark
    expected = json.loads((kz_2018 / "expected.json").read_text(encoding="utf-8"))
    sheets = json.loads((kz_2018 / "games.json").read_text(encoding="utf-8"))
    records = read_text(_sheet_records(kz_2018, mark))
    assert len(records) == len(expected["games"]) == len(sheets) == 742
    reports = [validate_record(record, i) for i, record in enumerate(records, 1)]
    assert [r.index for r in reports if not r.valid] == []
    marks = 0
    for record, report, game, sheet in zip(
        records, reports, expected["games"], sheets, strict=True
    ):
        assert not record.damaged, game["label"]
        tokens = [node.token for node in record.mainline.moves]
        assert tokens == [t.replace("x", mark) for t in sheet["moves"]], game["label"]
        marks += sum(token.endswith(mark) for token in tokens)
        assert (report.plies, report.final_position) == (
            game["plies"],
            game["final_position"],
        ), game["label"]
    assert marks == 1299


def test_pmn_validate_reads_the_sheets_and_fmt_writes_the_full_form(kz_2018, tmp_path):
    path = tmp_path / "sheets.pmn"
    path.write_text(_sheet_records(kz_2018, "\u0445"), encoding="utf-8")
    result = run("validate", "-q", str(path))
    assert result.exit_code == 0, result.output
    assert "742 games: 742 valid, 0 invalid" in result.output
    formatted = run("fmt", str(path))
    assert formatted.exit_code == 0, formatted.output
    movetext = [rec.mainline.moves for rec in read_text(formatted.output)]
    tokens = [node.token for moves in movetext for node in moves]
    assert len(tokens) == 50980
    assert sum(t.endswith("X") for t in tokens) == 1299
    assert not any(t[-1] in "x\u0425\u0445" for t in tokens)
    assert sum(t.endswith(")") for t in tokens) == 11988  # the totals, as SOURCE.txt counts


def test_the_federations_converted_games_validate(kz_2018):
    result = run("validate", "-q", str(kz_2018 / "games.pmn"))
    assert result.exit_code == 0, result.output
    assert "742 games: 742 valid, 0 invalid" in result.output


# -- togyz-playok-nurkal: 3,238 more PlayOK games, CRLF line ends -------------------------


@pytest.fixture(scope="module")
def nurkal() -> PlayOK:
    folder = require_real_records("togyz-playok-nurkal")
    path = folder / "playok.txt"
    text = path.read_bytes().decode("utf-8")
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    records = read_playok(text, str(path), game="togyz")
    reports = [validate_record(record, index) for index, record in enumerate(records, 1)]
    return PlayOK(path, text, expected["games"], expected["summary"], records, reports)


def test_every_nurkal_game_validates_as_the_reference_engine_has_it(nurkal):
    assert len(nurkal.records) == len(nurkal.expected) == nurkal.summary["games"] == 3238
    assert [r.index for r in nurkal.reports if not r.valid] == []
    how: Counter[str] = Counter()
    for record, report, expected in zip(
        nurkal.records, nurkal.reports, nurkal.expected, strict=True
    ):
        label = expected["label"]
        assert not record.damaged, label
        assert record.result == expected["declared"], label
        assert (report.plies, report.final_position) == (
            expected["plies"],
            expected["final_position"],
        ), label
        if report.outcome is None:
            how["early"] += 1
        else:
            how["kazan82" if "(Q7)" in report.outcome.reason else "empty"] += 1
            assert list(report.scores) == expected["score"], label
    assert how == Counter(nurkal.summary["how"])


def test_pmn_validate_reads_the_nurkal_export_as_it_is(nurkal):
    result = run("validate", "-q", str(nurkal.path))
    assert result.exit_code == 0, result.output
    assert "3238 games: 3238 valid, 0 invalid" in result.output


def test_the_nurkal_export_is_written_back_byte_for_byte(nurkal, tmp_path):
    # PlayOK's own layout: CRLF line ends, a blank line after every game, the last too
    back = tmp_path / "back.txt"
    result = run("convert", str(nurkal.path), "--to", "playok", "-o", str(back))
    assert result.exit_code == 0, result.output
    assert back.read_bytes() == nurkal.path.read_bytes()


# -- togyz-playstrategy: one PlayStrategy game, its test's asserted end -------------------


def test_the_playstrategy_togyz_game_ends_as_its_test_asserts():
    folder = require_real_records("togyz-playstrategy")
    ((expected,),) = [json.loads((folder / "expected.json").read_text())["games"]]
    record = read_one(folder / "games.pmn")
    report = validate_record(record)
    assert report.valid, report.problems
    # every landing hole PlayStrategy's squares give is the engine's (ruling Q10)
    ((quoted,),) = [json.loads((folder / "games.json").read_text())]
    full = rewrite_moves(record, long=True)[0]
    assert [node.token[:2] for node in full.mainline.moves] == quoted["moves"]
    assert report.outcome is not None and "(Q7)" in report.outcome.reason
    assert (report.plies, report.computed, list(report.scores), report.final_position) == (
        expected["plies"],
        expected["result"],
        expected["score"],
        expected["final_position"],
    )


# -- aalina-bench: Aalina's benchmark lines, Aualé's ends and OGN files --------------------


def _auale_scores(result: str) -> tuple[int, ...]:
    return tuple(int(n) for n in result.split("-"))


def test_auale_ogn_files_validate_and_are_written_back_byte_for_byte():
    files = [
        *sorted(require_real_records("aalina-bench").glob("bench*.ogn")),
        *sorted((require_real_records("aalina-bench-suite") / "auale-ogn").glob("*.ogn")),
        require_real_records("aalina-bench-suite") / "auale-fen-comments.ogn",
        *sorted((require_real_records("playstrategy-tests") / "auale-ogn").glob("*.ogn")),
    ]
    assert len(files) == 8 + 8 + 1 + 6
    for path in files:
        record = read_one(path)
        report = validate_record(record)
        assert report.valid, (path, report.problems)
        assert report.computed == record.result or report.outcome is None, path
        assert write_ogn_record(record) == path.read_text(encoding="utf-8"), path


def test_the_benchmark_lines_end_where_auale_ends_them():
    folder = require_real_records("aalina-bench")
    expected = json.loads((folder / "auale-expect.json").read_text())
    records = list(read_path(str(folder / "bench-full.pmn")))
    assert len(records) == len(expected)
    for record, auale in zip(records, expected, strict=True):
        report = validate_record(record)
        board = auale["board"]
        assert list(report.scores) == board[12:], auale["game"]
        pits, turn = report.final_position.rsplit("-", 1)[0], report.final_position[-1]
        assert turn == auale["turn"], auale["game"]
        if sum(board[:12]):  # Aualé leaves the stones on the board (at a capture's end)
            assert pits == "-".join(map(str, board)), auale["game"]
        if auale["auale_end"] is None:  # Aualé says the line never ends the game
            assert report.valid and report.outcome is None, auale["game"]
            assert report.plies == auale["plies"], auale["game"]
            continue
        # the rules end the game at Aualé's move: a line going on is refused after it
        assert report.plies == auale["auale_end"], auale["game"]
        assert as_far_as_the_rules_go(record).outcome is not None, auale["game"]
        assert report.scores == _auale_scores(auale["auale_result"]), auale["game"]
        codes = [p.code for p in report.problems]
        assert codes == (["game-over"] if auale["plies"] > auale["auale_end"] else ["wrong-result"])


def test_the_suites_human_games_end_where_auale_ends_them():
    # wikimanqala's 8 tournament games (recorded with "*", some going on past the end),
    # and each as Aualé saved it, up to the end it finds
    folder = require_real_records("aalina-bench-suite")
    games = list(read_path(str(folder / "wikimanqala-8-games.pmn")))
    assert len(games) == 8
    for index, game in enumerate(games, 1):
        saved = read_one(folder / "auale-ogn" / f"game{index}.ogn")
        report = validate_record(game)
        assert holes(game)[: len(saved.mainline.moves)] == holes(saved), index
        assert report.plies == len(saved.mainline.moves), index
        assert report.scores == validate_record(saved).scores, index
        ended = as_far_as_the_rules_go(game)
        if saved.result == "*":
            assert ended.outcome is None and report.valid, index
        else:
            assert ended.outcome is not None and ended.computed == saved.result, index


# -- OpenSpiel: its oware playthrough, its action logs -----------------------------------


def test_the_openspiel_playthrough_agrees_state_by_state():
    folder = require_real_records("openspiel-playthrough")
    (record,) = read_actions((folder / "history.actions").read_text(), "history", "oware")
    assert not record.damaged
    rows = [line.split("\t") for line in (folder / "states.tsv").read_text().splitlines()]
    assert len(rows) == len(record.mainline.moves) + 1
    variant = record_variant(record)
    position = variant.initial_position()
    for index, (ply, state, legal, returns, terminal) in enumerate(rows):
        player, scores, board = (part.strip() for part in state.split("|"))
        assert int(ply) == index
        assert " ".join(map(str, position.pits)) == board or terminal == "True", ply
        assert str(variant.to_move(position)) == player, ply
        moves = [
            variant.format_move(m, position).split("+")[0] for m in variant.legal_moves(position)
        ]
        assert moves == (json.loads(legal) if legal else []), ply
        outcome = variant.outcome(position)
        assert (outcome is not None) == (terminal == "True"), ply
        if outcome is None:
            assert " ".join(map(str, variant.scores(position))) == scores, ply
            position = variant.play(
                position, variant.parse_move(record.mainline.moves[index].token, position)
            )
            continue
        # the end: OpenSpiel gives each side's stones to its owner; its returns, our result
        sides = (sum(position.pits[:6]), sum(position.pits[6:]))
        kept = tuple(c + s for c, s in zip(variant.scores(position), sides, strict=True))
        assert " ".join(map(str, kept)) == scores
        points = [float(x) for x in json.loads(returns)]
        assert record.result == {(1.0, -1.0): "1-0", (-1.0, 1.0): "0-1"}.get(
            tuple(points), "1/2-1/2"
        )
    logged = (folder / "history.actions").read_text().splitlines()
    actions = [int(a) for line in logged if not line.startswith("#") for a in line.split()]
    assert actions_of(record) == actions
    assert write_ogn_record(record) == (folder / "auale-written.ogn").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "game"),
    [("history_str.txt", "oware"), ("history_str_kalah.txt", "kalah"), ("log.txt", "oware")],
)
def test_openspiel_history_str_reads_and_is_written_back_as_it_is(name, game):
    text = (require_real_records("openspiel-history-str") / name).read_text()
    records = read_actions(text, name, game)
    assert len(records) == 1 and not records[0].damaged
    assert len(records[0].mainline.moves) == len(text.split(","))
    out = io.StringIO()
    write_actions(records, out)
    assert out.getvalue() == text


# -- playstrategy-tests: games quoted in PlayStrategy's tests ------------------------------


def test_playstrategy_games_end_where_auale_ends_them():
    folder = require_real_records("playstrategy-tests")
    games = list(read_path(str(folder / "games.pmn")))
    logs = read_actions((folder / "games.actions").read_text(), "games.actions", "oware")
    assert len(games) == len(logs) == 6
    for index, (game, log) in enumerate(zip(games, logs, strict=True), 1):
        saved = read_one(folder / "auale-ogn" / f"game{index}.ogn")
        report = validate_record(game)
        assert holes(game)[: len(saved.mainline.moves)] == holes(saved), index
        assert report.plies == len(saved.mainline.moves), index
        assert report.scores == validate_record(saved).scores, index
        assert as_far_as_the_rules_go(game).computed == saved.result, index
        # the same game from its action list, as far as the rules let it go
        assert holes(log) == holes(game)[: len(log.mainline.moves)], index
        assert len(log.mainline.moves) == report.plies, index


def test_playstrategy_positions_are_read_and_played():
    folder = require_real_records("playstrategy-tests")
    records = list(read_path(str(folder / "ps-positions.pmn")))
    assert records
    for record in records:
        report = validate_record(record)
        assert report.valid, report.problems


# -- board-game-rs: a shortest game ---------------------------------------------------------


def test_board_game_rs_shortest_game_is_over_after_its_last_move_only():
    folder = require_real_records("board-game-rs")
    (record,) = read_actions((folder / "shortest.actions").read_text(), "shortest", "oware")
    assert actions_of(record) == [int(a) for a in (folder / "shortest.actions").read_text().split()]
    variant = record_variant(record)
    position = variant.initial_position()
    for node in record.mainline.moves:
        assert variant.outcome(position) is None
        position = variant.play(position, variant.parse_move(node.token, position))
    assert variant.outcome(position) is not None  # the test asserts the game is over
    report = validate_record(read_one(folder / "shortest.pmn"))
    assert report.valid and report.outcome is not None and report.plies == 12


# -- wikimanqala-nomenclature: holes numbered from each player's own left -----------------


@pytest.mark.parametrize("name", ["fragment.pmn", "fragment.wari.pmn"])
def test_wikimanqala_numbering_reads_to_the_pages_landing_holes(name):
    folder = require_real_records("wikimanqala-nomenclature")
    record = read_one(folder / name)
    assert validate_record(record).valid
    game = open_game(record)
    written = re.findall(r"\b([1-6])([1-6])\b", (folder / "fragment.txt").read_text())
    assert len(written) == len(game.record.mainline.moves) == 4
    variant, position = game.variant, game.start
    for (start, landing), node in zip(written, game.record.mainline.moves, strict=True):
        move = variant.parse_move(node.token, position)
        mover = variant.to_move(position)
        assert move == 6 * mover + int(start) - 1  # the hole, from the mover's own left
        stones = position.pits[move]
        assert stones < 12  # no lap: the last stone's hole is plain arithmetic
        assert (move + stones) % 12 % 6 + 1 == int(landing)  # from its owner's left
        position = variant.play(position, move)
