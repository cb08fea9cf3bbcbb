"""``repair_record``: only the changes the rules prove, each reported; never a guessed move."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from notation.archive.repair import repair_record, write_report
from notation.core.generate import random_record
from notation.core.record import Line, MoveNode
from notation.core.replay import validate_record
from notation.formats.pmn import read_text, write_record
from notation.games import find_variant
from tests.registered import CASES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def only(text: str):
    (record,) = read_text(text)
    return record


def codes(repair):
    return [change.code for change in repair.changes]


def finished(variant_name: str, seed: int = 0, **tags: str):
    """A random game of the variant the rules ended (the first seed from ``seed`` that ends)."""
    variant = find_variant(variant_name)
    while True:
        record = random_record(variant, random.Random(seed), tags=list(tags.items()))
        if record.result != "*":
            return record
        seed += 1


# -- moves after the end (N2), and the result the rules decided (N1) ---------------------


def test_an_oware_engine_log_that_runs_past_the_end_is_cut_and_given_its_result():
    game = finished("Oware")  # Wari under abapa rules
    ended = len(game.mainline.moves)
    # an engine log: the moves of the game, three more after its end, no result
    extra = (MoveNode("A"), MoveNode("a"), MoveNode("B"))
    log = replace(
        game,
        tags=tuple(t for t in game.tags if t[0] not in ("Result", "Score")),
        mainline=Line(game.mainline.moves + extra),
        result="*",
    )
    assert not validate_record(log).valid
    repair = repair_record(log)
    assert codes(repair) == ["cut-moves", "set-result"]
    assert repair.changes[0].before == "A a B"
    assert "3 moves after the game ended" in repair.changes[0].message
    assert repair.changes[1].after == game.result
    assert repair.record.mainline.moves == game.mainline.moves[:ended]
    assert repair.record.result == game.result
    assert repair.valid and validate_record(repair.record).valid


def test_comments_after_the_last_move_stay_when_moves_are_cut():
    record = only(
        '[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n\n1. F+2 b {zero} 1-0\n'
    )
    repair = repair_record(record)
    assert codes(repair) == ["cut-moves"]
    assert [(n.token, n.comments) for n in repair.record.mainline.moves] == [("F+2", ("zero",))]
    assert repair.valid


def test_a_result_token_missing_is_set_from_the_rules():
    record = only('[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n\n1. F+2\n')
    assert [e.code for e in record.errors] == ["missing-result"]
    repair = repair_record(record)
    assert codes(repair) == ["set-result"]
    assert repair.changes[0].before == "no result"
    assert repair.record.result == "1-0" and repair.valid


def test_a_result_the_rules_contradict_is_corrected_in_the_tag_too():
    (record,) = read_text((EXAMPLES / "broken" / "kalah-wrong-result.pmn").read_text())
    repair = repair_record(record)
    assert codes(repair) == ["set-result"]
    assert (repair.changes[0].before, repair.changes[0].after) == ("1-0", "0-1")
    assert repair.record.result == "0-1" and repair.record.tag("Result") == "0-1"
    assert repair.valid


def test_an_early_termination_is_dropped_when_the_rules_ended_the_game():
    game = finished("Wari", 5)
    claimed = game.with_tag("Termination", "resignation")
    assert not validate_record(claimed).valid
    repair = repair_record(claimed)
    assert codes(repair) == ["drop-termination"]
    assert repair.record.tag("Termination") is None and repair.valid


def test_n5_unknown_termination_is_dropped_where_the_rules_ended_the_game():
    game = finished("Wari", 7)
    read = game.with_tag("Termination", "unknown")  # as a PlayOK export is read (N5)
    assert validate_record(read).valid
    repair = repair_record(read)
    assert codes(repair) == ["drop-termination"] and repair.record.tag("Termination") is None


# -- claims the replay contradicts ------------------------------------------------------


def test_a_wrong_capture_count_is_corrected():
    # examples/broken/kalah-wrong-capture-count.pmn: the replay says b captures 2, not 3
    (record,) = read_text((EXAMPLES / "broken" / "kalah-wrong-capture-count.pmn").read_text())
    repair = repair_record(record)
    assert codes(repair) == ["fix-claim"]
    change = repair.changes[0]
    assert (change.before, change.after, change.move_number) == ("b+3", "b+2", "5...")
    assert (change.line, change.column) == (3, 32)
    assert [n.token for n in repair.record.mainline.moves][-1] == "b+2"
    assert repair.valid


def test_a_capture_claimed_for_a_move_that_captures_nothing():
    # Wari from the start: after 1. C b, E holds 5 stones: they fall in F, a, b, c, d;
    # d (4, one from b, one now) then holds 6: nothing is captured, so "E+2" claims too much
    record = only('[Game "Wari"]\n\n1. C b 2. E+2 f 3. A a *\n')
    repair = repair_record(record)
    assert [(c.before, c.after) for c in repair.changes] == [("E+2", "E")]
    assert repair.valid


def test_a_score_tag_the_replay_contradicts_is_corrected():
    (record,) = read_text((EXAMPLES / "broken" / "trysse-score-mismatch.pmn").read_text())
    repair = repair_record(record)
    assert codes(repair) == ["fix-score"]
    assert repair.record.tag("Score") == repair.changes[0].after
    assert repair.valid


# -- what is never changed ------------------------------------------------------------------


def test_an_illegal_move_is_never_guessed():
    (record,) = read_text((EXAMPLES / "broken" / "wari-empty-hole.pmn").read_text())
    repair = repair_record(record)
    assert repair.record is record and not repair.changes
    assert [p.code for p in repair.problems] == ["empty-hole"]


def test_a_game_with_an_illegal_move_keeps_its_earlier_faults_too():
    # the claim in move 1 is wrong, but move 2 cannot be played: nothing is changed
    record = only('[Game "Wari"]\n\n1. C+1 b 2. C a *\n')
    repair = repair_record(record)
    assert repair.record is record and not repair.changes and not repair.valid


def test_an_unfinished_game_with_a_result_and_no_reason_is_left_as_it_is():
    record = only('[Game "Wari"]\n[Result "1-0"]\n\n1. C b 1-0\n')
    repair = repair_record(record)
    assert repair.record is record and not repair.changes
    assert [p.code for p in repair.problems] == ["unfinished"]  # repair never invents a reason


def test_an_unreadable_record_is_given_back_as_read():
    (record,) = read_text((EXAMPLES / "broken" / "wari-unclosed-variation.pmn").read_text())
    repair = repair_record(record)
    assert repair.record is record and repair.problems and not repair.changes


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_registered_game_valid_records_are_unchanged_and_runs_past_the_end_are_cut(case):
    for record in case.records():
        repair = repair_record(record)
        assert repair.record is record and not repair.changes, repair.changes
        if record.result == "*":
            continue
        # the same game with its last move written again after the end
        longer = replace(record, mainline=Line(record.mainline.moves + record.mainline.moves[-1:]))
        repair = repair_record(longer)
        assert codes(repair) == ["cut-moves"]
        assert write_record(repair.record) == write_record(record)


# -- the report -----------------------------------------------------------------------------


def test_the_report_in_every_format():
    repairs = [
        repair_record(only('[Game "Wari"]\n\n1. C b 2. E+2 f 3. A a *\n')),
        repair_record(only('[Game "Wari"]\n\n1. C b 2. C a *\n')),
    ]
    out = io.StringIO()
    write_report(repairs, out, "text")
    text = out.getvalue()
    assert "game 1: repaired" in text and "fix-claim: E+2: the move played is E" in text
    assert "game 1: unchanged, still INVALID" in text and "left: C: hole C is empty" in text
    assert text.endswith("2 games: 1 repaired (1 change), 1 still invalid\n")
    out = io.StringIO()
    write_report(repairs, out, "json")
    body = json.loads(out.getvalue())
    assert (body["games"], body["repaired"], body["changes"], body["invalid"]) == (2, 1, 1, 1)
    assert body["reports"][0]["changes"][0]["before"] == "E+2"
    assert body["reports"][1]["problems"][0]["code"] == "empty-hole"
    out = io.StringIO()
    write_report(repairs, out, "csv")
    rows = out.getvalue().splitlines()
    assert rows[0].startswith("source,game,line,column,move,kind,code,before,after,message")
    assert (
        len(rows) == 3
        and ",change,fix-claim,E+2,E," in rows[1]
        and ",problem,empty-hole," in rows[2]
    )
