"""The validator: replay, first illegal move per line, declared results (N1, N2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation import read_text, validate_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def report(text: str):
    (record,) = read_text(text)
    return validate_record(record)


def codes(text: str) -> list[str]:
    return [p.code for p in report(text).problems]


@pytest.mark.parametrize(
    "path",
    sorted(p for p in EXAMPLES.glob("*.pmn") if p.name.startswith(("wari", "trysse", "kalah"))),
    ids=lambda p: p.name,
)
def test_good_examples_are_valid(path):
    for index, record in enumerate(read_text(path.read_text(), str(path)), start=1):
        result = validate_record(record, index)
        assert result.valid, result.problems


# each broken example, and the one problem it must be rejected for
BROKEN = {
    "missing-game-tag.pmn": ["unknown-rules"],
    "kalah-empty-pit.pmn": ["empty-hole"],
    "kalah-extra-turn-wrong-move-number.pmn": ["wrong-move-number"],
    "kalah-move-after-end.pmn": ["game-over"],
    "kalah-not-your-pit.pmn": ["not-your-hole"],
    "kalah-wrong-capture-count.pmn": ["wrong-capture-count"],
    "kalah-wrong-result.pmn": ["wrong-result"],
    "trysse-move-after-end.pmn": ["game-over"],
    "trysse-score-mismatch.pmn": ["score-mismatch"],
    "trysse-wrong-result.pmn": ["wrong-result"],
    "wari-empty-hole.pmn": ["empty-hole"],
    "wari-must-feed.pmn": ["must-feed"],
    "wari-not-your-hole.pmn": ["not-your-hole"],
    "wari-result-tag-disagrees.pmn": ["result-mismatch", "unfinished"],
    "wari-result-without-termination.pmn": ["unfinished"],
    "wari-unclosed-variation.pmn": ["unclosed-variation"],
    "wari-unknown-rules.pmn": ["unknown-rules"],
    "wari-wrong-capture-count.pmn": ["wrong-capture-count"],
    "wari-wrong-move-number.pmn": ["wrong-move-number"],
}


@pytest.mark.parametrize(("name", "expected"), sorted(BROKEN.items()))
def test_broken_examples_are_rejected_for_their_fault(name, expected):
    (record,) = read_text((EXAMPLES / "broken" / name).read_text())
    assert sorted(p.code for p in validate_record(record).problems) == sorted(expected)


def test_damaged_middle_game_does_not_stop_the_others():
    records = read_text((EXAMPLES / "broken" / "trysse-damaged-middle-game.pmn").read_text())
    assert [validate_record(r).valid for r in records] == [True, False, True]


def test_illegal_move_report_has_place_number_token_reason_and_legal_moves():
    result = report('[Game "Wari"]\n\n1. C b\n2. C a *\n')
    (problem,) = result.problems
    assert (problem.line, problem.column) == (4, 4)
    assert problem.move_number == "2."
    assert problem.token == "C"
    assert "hole C is empty" in problem.message
    assert problem.legal == ("A", "B", "D", "E", "F")
    assert result.plies == 2  # replay stops at the illegal move


def test_each_variation_is_replayed_from_its_branch_point():
    # (1... a) replaces b after 1. C; 2. C in the second variation is illegal (C is empty)
    result = report('[Game "Wari"]\n\n1. C b (1... a 2. A) (1... c 2. C) 2. A *\n')
    (problem,) = result.problems
    assert problem.token == "C"
    assert problem.path == "moves[1].variations[1][1]"
    assert result.valid is False and result.plies == 3


def test_move_numbers_are_optional_but_checked():
    assert codes('[Game "Wari"]\n\nC b A a *\n') == []
    assert codes('[Game "Wari"]\n\n1. C 1... b 2. A *\n') == []
    assert codes('[Game "Wari"]\n\n1. C 1. b *\n') == ["wrong-move-number"]
    # a position with North to move starts at 1...
    start = '[Game "Wari"]\n[Position "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"]\n\n'
    assert codes(start + "1... a 2. A *\n") == []
    assert codes(start + "1. a *\n") == ["wrong-move-number"]


# N1: declared result, Termination, Score
WON = '[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n'


@pytest.mark.parametrize(
    ("tags", "movetext", "expected"),
    [
        ("", "1. F+2 1-0", []),  # over by the rules (W5: 21 captured), declared correctly
        ("", "1. F+2 *", ["wrong-result"]),  # ruling N1: a finished game must declare its outcome
        ("", "1. F+2 0-1", ["wrong-result"]),
        ('[Termination "resignation"]\n', "1. F+2 1-0", ["bad-termination"]),
        ('[Score "21-0"]\n', "1. F+2 1-0", []),
        ('[Score "19-0"]\n', "1. F+2 1-0", ["score-mismatch"]),
        ('[Score "lots"]\n', "1. F+2 1-0", ["bad-score"]),
        ("", "1. E 1-0", ["unfinished"]),  # ruling N1: stopping early needs a reason
        ('[Termination "resignation"]\n', "1. E 0-1", []),
        ('[Termination "Agreement"]\n', "1. E 1/2-1/2", []),
        ('[Termination "resignation"]\n', "1. E 1/2-1/2", ["bad-termination"]),
        ('[Termination "time"]\n', "1. E 1-0", []),
        ('[Termination "adjudication"]\n', "1. E 0-1", []),
        ('[Termination "boredom"]\n', "1. E 0-1", ["bad-termination"]),
        ("", "1. E *", []),
        ("", "1. E 1-0-0", ["bad-result"]),
        ('[Result "1-0"]\n', "1. E *", ["result-mismatch"]),
    ],
)
def test_declared_result_against_the_rules(tags, movetext, expected):
    assert codes(WON + tags + "\n" + movetext + "\n") == expected


def test_outcome_is_computed():
    result = report(WON + "\n1. F+2 1-0\n")
    assert result.computed == "1-0"
    assert result.outcome is not None and "South captured 21" in result.outcome.reason
    assert result.scores == (21, 0)


def test_bad_position_tag():
    assert codes('[Game "Wari"]\n[Position "4-4-4"]\n\n*\n') == ["bad-position"]
