"""Aualé's OGN, OpenSpiel action sequences and hole numbering conventions, each way and back."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation import read_text, validate_record, write_record
from notation.core.pits import PitsError, translate_record, translate_token
from notation.formats.ogn import OGNWriteError, read_ogn, write_ogn_record
from notation.formats.openspiel import ActionsWriteError, actions_of, read_actions

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
OGN_FILES = sorted((EXAMPLES / "oware").glob("*.ogn"))
BOARD_PMN = [p for p in sorted(EXAMPLES.glob("*.pmn")) if p.name.startswith(("wari", "trysse"))]

AUALE = """[Variant "Oware Abapa"]
[Event "Club night"]
[Site "?"]
[Date "2026.11.07"]
[Round "?"]
[South "Ada"]
[North "Kofi"]
[Result "*"]
[FEN "10-10-10-3-3-1-1-2-2-2-2-2-0-0-N"]

1. b { a } C 2. c ( 2. a B ) D
"""


@pytest.mark.parametrize("path", OGN_FILES, ids=lambda p: p.name)
def test_ogn_file_to_pmn_and_back_is_the_same_file(path):
    text = path.read_text()
    records = read_ogn(text, str(path))
    assert all(validate_record(r).valid for r in records)
    pmn = "".join(write_record(r) for r in records)
    again = read_text(pmn)
    assert "".join(write_ogn_record(r) for r in again) == text


@pytest.mark.parametrize("path", BOARD_PMN, ids=lambda p: p.name)
def test_pmn_to_ogn_and_back_is_the_same_game(path):
    for record in read_text(path.read_text()):
        assert read_ogn(write_ogn_record(record))[0] == record


def test_ogn_tags_map_onto_pmn():
    (record,) = read_ogn(AUALE.replace('"*"', '"25-18"'))
    assert record.tags == (
        ("Game", "Wari"),
        ("Rules", "abapa"),
        ("Event", "Club night"),
        ("Date", "2026.11.07"),
        ("South", "Ada"),
        ("North", "Kofi"),
        ("Result", "1-0"),
        ("Score", "25-18"),
        ("Position", "10-10-10-3-3-1-1-2-2-2-2-2-0-0-N"),
    )
    assert record.result == "1-0"


def test_ogn_moves_get_pmn_numbers_when_north_starts():
    (record,) = read_ogn(AUALE)
    moves = record.mainline.moves
    assert [(m.number, m.token) for m in moves] == [
        ("1...", "b"),
        ("2.", "C"),
        (None, "c"),
        ("3.", "D"),
    ]
    assert moves[0].comments == (" a ",)
    (variation,) = moves[2].variations
    assert [(m.number, m.token) for m in variation] == [("2...", "a"), ("3.", "B")]
    assert validate_record(record).valid
    assert write_ogn_record(record) == AUALE  # Aualé numbers every other move from the first


def test_ogn_results_that_are_not_scores():
    (record,) = read_ogn('[Variant "Wari"]\n[Result "1-0"]\n[Termination "resignation"]\n\nC 1-0\n')
    assert (record.tag("Game"), record.tag("Rules"), record.result) == ("Wari", None, "1-0")
    assert record.tag("Score") is None
    assert write_ogn_record(record).startswith('[Variant "Wari"]\n[Event "?"]')


def test_ogn_refuses_other_games():
    tricala = read_text('[Game "Tricala"]\n\n*\n')[0]
    with pytest.raises(OGNWriteError, match='not "Tricala"'):
        write_ogn_record(tricala)


# hand-worked: hole name -> (numbers, own)
NAMES = [("A", "1", "1"), ("F", "6", "6"), ("a", "7", "1"), ("c", "9", "3"), ("f", "12", "6")]


@pytest.mark.parametrize(("letter", "number", "own"), NAMES)
def test_pit_names(letter, number, own):
    mover = 0 if letter.isupper() else 1
    assert translate_token(letter, "letters", "numbers", mover) == number
    assert translate_token(letter + "+3", "letters", "own", mover) == own + "+3"
    assert translate_token(own, "own", "letters", mover) == letter
    assert translate_token(number, "numbers", "own", mover) == own


def test_own_convention_keeps_a_hole_of_the_wrong_side_as_written():
    assert translate_token("a", "letters", "own", 0) is None
    assert translate_token("13", "numbers", "letters", 0) is None


@pytest.mark.parametrize("convention", ["numbers", "own"])
@pytest.mark.parametrize("path", BOARD_PMN, ids=lambda p: p.name)
def test_pits_there_and_back(path, convention):
    for record in read_text(path.read_text()):
        there = translate_record(record, convention).record
        assert there.tag("Pits") == convention
        reread = read_text(write_record(there))[0]
        back = translate_record(reread, "letters")
        assert (back.source, back.origin) == (convention, "tag")
        assert back.record == record


def test_own_convention_follows_who_moves_first():
    (record,) = read_text(
        '[Game "Wari"]\n[Pits "own"]\n[Position "10-10-10-3-3-1-1-2-2-2-2-2-0-0-N"]\n\n1... 2 2. 3 *\n'
    )
    letters = translate_record(record, "letters").record
    assert [m.token for m in letters.mainline] == ["b", "C"]
    assert validate_record(letters).valid


def test_unknown_pits_tag():
    (record,) = read_text('[Game "Wari"]\n[Pits "roman"]\n\n1. III *\n')
    with pytest.raises(PitsError, match='unknown hole numbering "roman"'):
        translate_record(record, "letters")


def test_actions_read_with_captures_and_result():
    (record,) = read_actions("# a log\n\n2 5 2 1\n")
    assert [m.token for m in record.mainline] == ["C", "f", "C", "b"]
    assert record.tags == (("Game", "Wari"), ("Rules", "abapa"), ("Result", "*"))
    assert actions_of(record) == [2, 5, 2, 1]


def test_actions_illegal_action_is_reported_with_its_place():
    first, second = read_actions("2 5\n0 0 0\n")
    assert not first.damaged
    (error,) = second.errors
    # South's A (4 stones) is empty after 1. A a: the third action names it again
    assert (error.code, error.line, error.column) == ("illegal-move", 2, 5)
    assert "hole A is empty" in error.message


def test_actions_refuse_other_rules_and_positions():
    with pytest.raises(ActionsWriteError, match="abapa"):
        actions_of(read_text('[Game "Wari"]\n\n1. C *\n')[0])
    with pytest.raises(ActionsWriteError, match="standard position"):
        actions_of(
            read_text(
                '[Game "Wari"]\n[Rules "abapa"]\n[Position "10-10-10-3-3-1-1-2-2-2-2-2-0-0-N"]\n\n*\n'
            )[0]
        )
