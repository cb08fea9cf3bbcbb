"""Recording a Togyz Kumalak game at the board: holes typed alone, saved in full (Q10)."""

from __future__ import annotations

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record

# Game, Rules, Event, Site, Date, Round, White, Black
TAGS = "Togyz Kumalak\n\nClub evening\nAlmaty\n2026.11.20\n1\nAigerim\nNurlan\n"


def test_holes_typed_alone_are_saved_as_full_tokens(tmp_path):
    path = tmp_path / "game.pmn"
    # White's 8 captures 10 in Black's 7; Black's 2 sows B2..B9, W1, W2 (9 + 1): captures 10
    result = CliRunner().invoke(pmn, ["record", str(path)], input=TAGS + "8\n2\nsave\n")
    assert result.exit_code == 0, result.output
    assert "87(10): last stone in Black's 7, captures 10, White has 10" in result.output
    (record,) = read_text(path.read_text(encoding="utf-8"))
    assert [node.token for node in record.mainline.moves] == ["87(10)", "22(10)"]
    assert record.tag("Game") == "Togyz Kumalak"
    assert validate_record(record).valid


def test_a_wrong_claim_is_refused_with_the_token_the_move_earns(tmp_path):
    path = tmp_path / "game.pmn"
    result = CliRunner().invoke(pmn, ["record", str(path)], input=TAGS + "87(12)\n87(10)\nsave\n")
    assert result.exit_code == 0, result.output
    assert "(12) claims White has 12, but White has 10; the move is 87(10)" in result.output
    (record,) = read_text(path.read_text(encoding="utf-8"))
    assert [node.token for node in record.mainline.moves] == ["87(10)"]


def test_the_board_is_shown_with_kazans_and_tuzdyks(tmp_path):
    path = tmp_path / "game.pmn"
    moves = "8 8 2 9 2 1 6\nshow\nsave\n"  # 4. 68X: White's tuzdyk on Black's 8
    result = CliRunner().invoke(pmn, ["record", str(path)], input=TAGS + moves)
    assert result.exit_code == 0, result.output
    assert "Tuzdyks (X): White's on Black's 8, Black has none" in result.output
    (record,) = read_text(path.read_text(encoding="utf-8"))
    assert record.mainline.moves[-1].token == "68X"
