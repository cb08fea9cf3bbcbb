"""Counts agree with their nouns: "1 move", "2 moves" (issue 37). Before: a valid game of
one move was "1 moves", and every summary said "game(s)"."""

from __future__ import annotations

from click.testing import CliRunner
from notation.cli.main import pmn

ONE_MOVE = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C *\n'


def test_one_game_of_one_move(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(ONE_MOVE)
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert ": 1 move, *" in result.output and "1 moves" not in result.output
    assert result.output.rstrip().endswith("1 game: 1 valid, 0 invalid")
    stats = CliRunner().invoke(pmn, ["stats", str(path)])
    assert stats.output.startswith("1 game, 0 unreadable")


def test_two_games(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(ONE_MOVE + "\n" + ONE_MOVE)
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.output.rstrip().endswith("2 games: 2 valid, 0 invalid")


def test_one_unreadable_file(tmp_path):
    path = tmp_path / "packed.pmn.zst"
    path.write_bytes(b"\x28\xb5\x2f\xfd" + bytes(64))
    result = CliRunner().invoke(pmn, ["convert", str(path)])
    assert "pmn: 1 file or folder could not be read" in result.output
