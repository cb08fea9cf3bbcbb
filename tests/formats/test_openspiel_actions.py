"""OpenSpiel action logs for any game that has them (Kalah's ``mancala``, Oware's ``oware``),
and a damaged line carried through a conversion as a game of its own (issue 12.22)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record, write_record
from notation.formats.openspiel import (
    ActionsWriteError,
    actions_of,
    openspiel_variant,
    read_actions,
)

# Kalah: South's C (action 3) ends in its store, so South moves again with F (6);
# then North's d (11), and South's A (1), whose last seed falls in the F it emptied,
# opposite a's 5 seeds: it captures 6.
KALAH_LOG = "3, 6, 11, 1\n"  # as OpenSpiel's state.history_str() prints it
# Oware: three games, the middle one with action 9 (no such hole) after one move.
OWARE_LOG = "2 5 2 1\n2 9 1\n3 3 1 2\n"


def test_kalah_actions_read_as_pit_letters_with_extra_turns_numbered():
    (record,) = read_actions(KALAH_LOG, game="Kalah")
    assert record.tags[:2] == (("Game", "Kalah"), ("Rules", "kalah"))
    assert [(m.number, m.token) for m in record.mainline] == [
        ("1.", "C"),
        ("2.", "F"),
        (None, "d"),
        ("3.", "A+6"),
    ]
    assert validate_record(record).valid
    assert actions_of(record) == [3, 6, 11, 1]


def test_north_moving_again_is_written_as_the_canonical_form_writes_it():
    # South's A (1), then North's c (10): 4 seeds to d, e, f and North's store: North
    # moves again with a (8); South's next move is 3. (its turn of round 2 was passed)
    (record,) = read_actions("1 10 8 2\n", game="mancala")
    assert [(m.number, m.token) for m in record.mainline] == [
        ("1.", "A"),
        (None, "c"),
        (None, "a"),
        ("3.", "B"),
    ]
    assert validate_record(record).valid
    assert write_record(record).endswith("\n1. A c a 3. B *\n")


@pytest.mark.parametrize(
    ("line", "code", "column", "words"),
    [
        ("3 7", "bad-move-syntax", 3, "1-6 (South's A-F) or 8-13"),  # 7 is South's store
        ("3 0", "bad-move-syntax", 3, "1-6"),  # 0 is North's store
        ("3 x", "bad-move-syntax", 3, "whole number"),
        ("3 3", "empty-hole", 3, "pit C is empty"),
        ("3 8", "not-your-hole", 3, "pit a is North's"),
    ],
)
def test_kalah_bad_actions_are_reported_with_their_place(line, code, column, words):
    (record,) = read_actions(line + "\n", game="Kalah")
    (error,) = record.errors
    assert (error.code, error.line, error.column) == (code, 1, column)
    assert words in error.message


def test_kalah_records_are_written_as_actions_and_others_refused():
    (record,) = read_text('[Game "Kalah"]\n\n1. C 2. F d 3. A *\n')
    assert actions_of(record) == [3, 6, 11, 1]
    (trias,) = read_text('[Game "Trias"]\n\n*\n')
    with pytest.raises(ActionsWriteError, match="OpenSpiel actions hold"):
        actions_of(trias)
    (illegal,) = read_text('[Game "Kalah"]\n\n1. C 2. C *\n')
    with pytest.raises(ActionsWriteError, match="pit C is empty") as caught:
        actions_of(illegal)
    assert (caught.value.line, caught.value.column) == (3, 9)


def test_openspiel_variant_by_game_or_openspiel_name():
    assert openspiel_variant("Kalah") == openspiel_variant("mancala")
    assert openspiel_variant("Oware") == openspiel_variant("oware") == openspiel_variant()
    assert openspiel_variant("Wari").rules == "abapa"  # OpenSpiel's oware is Oware Abapa
    with pytest.raises(Exception, match="has no OpenSpiel actions"):
        openspiel_variant("Trias")


def test_cli_converts_and_validates_kalah_logs(tmp_path):
    runner = CliRunner()
    log = tmp_path / "kalah.actions"
    log.write_text(KALAH_LOG)
    there, back = tmp_path / "kalah.pmn", tmp_path / "back.actions"
    args = [
        "convert",
        "--from",
        "openspiel-actions",
        "--variant",
        "Kalah",
        str(log),
        "-o",
        str(there),
    ]
    result = runner.invoke(pmn, args)
    assert result.exit_code == 0, result.output
    assert "1. C 2. F d 3. A+6 *" in there.read_text()
    result = runner.invoke(
        pmn, ["convert", str(there), "--to", "openspiel-actions", "-o", str(back)]
    )
    assert result.exit_code == 0, result.output
    assert back.read_text() == KALAH_LOG
    result = runner.invoke(
        pmn, ["validate", "--from", "openspiel-actions", "--variant", "mancala", str(log)]
    )
    assert result.exit_code == 0, result.output
    assert "valid: Kalah (kalah)" in result.output


def test_cli_game_option_errors(tmp_path):
    runner = CliRunner()
    log = tmp_path / "x.actions"
    log.write_text(KALAH_LOG)
    result = runner.invoke(
        pmn, ["convert", "--from", "openspiel-actions", "--variant", "Trias", str(log)]
    )
    assert result.exit_code == 2
    assert "Trias has no OpenSpiel actions" in result.output
    result = runner.invoke(pmn, ["validate", "--variant", "Kalah", str(log)])
    assert result.exit_code == 2
    assert "--variant applies to --from openspiel-actions input only" in result.output
    assert "Traceback" not in result.output


# -- issue 12.22: a bad line is a damaged record of its own -------------------


@pytest.mark.parametrize("fmt", ["pmn", "json", "jsonl"])
def test_a_bad_line_converts_to_a_game_of_its_own(tmp_path, fmt):
    runner = CliRunner()
    log = tmp_path / "oware.actions"
    log.write_text(OWARE_LOG)
    out = tmp_path / f"out.{fmt}"
    args = ["convert", "--from", "openspiel-actions", str(log), "-o", str(out)]
    result = runner.invoke(pmn, args)
    assert result.exit_code == 1  # the damaged line is reported
    assert "action 9" in result.stderr
    result = runner.invoke(pmn, ["validate", str(out)])
    assert "3 games: 2 valid, 1 invalid" in result.stdout, result.output
    lines = result.stdout.splitlines()
    assert "game 1: valid" in lines[0] and "4 moves" in lines[0]
    assert "game 2: INVALID" in lines[1]
    assert "game 3: valid" in lines[2] and "4 moves" in lines[2]


def test_a_bad_line_written_as_pmn_fails_at_the_same_action():
    (_, damaged, _) = read_actions(OWARE_LOG)
    assert damaged.damaged and damaged.raw is not None
    (record,) = read_text(damaged.raw)
    report = validate_record(record)
    (problem,) = report.problems
    assert (problem.token, problem.move_number) == ("9", "1...")
    assert [m.token for m in record.mainline] == ["C", "9", "1"]  # nothing of the line lost


def test_actions_read_as_openspiel_prints_them_commas_spaces_or_a_list():
    """``state.history_str()`` separates actions by ", " (issue 28); docs/oware.md promises
    that form reads. Spaces alone and ``str(state.history())`` read the same."""
    forms = ["2, 5, 2, 1\n", "2 5 2 1\n", "[2, 5, 2, 1]\n", "2,5,2,1\n"]
    tokens = [[m.token for m in read_actions(form)[0].mainline] for form in forms]
    assert tokens == [["C", "f", "C", "b"]] * 4
    (bad,) = read_actions("2, 5, 9, 1\n")
    assert (bad.errors[0].code, bad.errors[0].column) == ("bad-move-syntax", 7)


def test_written_actions_are_what_openspiel_prints():
    pyspiel = pytest.importorskip("pyspiel")
    state = pyspiel.load_game("oware").new_initial_state()
    for action in (2, 5, 2, 1, 1, 2):
        state.apply_action(action)
    (record,) = read_actions(state.history_str() + "\n")
    assert not record.damaged
    from io import StringIO

    from notation.formats.openspiel import write_actions

    out = StringIO()
    write_actions([record], out)
    assert out.getvalue() == state.history_str() + "\n"
