"""``pmn convert`` and ``pmn validate`` with OGN, OpenSpiel actions and hole numberings (CliRunner)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
OWARE = EXAMPLES / "oware"


def test_ogn_to_pmn_and_back_through_the_command(tmp_path):
    runner = CliRunner()
    source = OWARE / "auale-annotated.ogn"
    there, back = tmp_path / "game.pmn", tmp_path / "back.ogn"
    assert runner.invoke(pmn, ["convert", str(source), "-o", str(there)]).exit_code == 0
    assert '[Rules "abapa"]' in there.read_text()
    assert runner.invoke(pmn, ["convert", str(there), "-o", str(back)]).exit_code == 0
    assert back.read_text() == source.read_text()


def test_validate_ogn_files_under_their_rules():
    result = CliRunner().invoke(pmn, ["validate", str(OWARE)])
    assert result.exit_code == 0, result.output
    # the game by the name people know it (issue 28: the summary said "Wari (abapa)")
    assert "Oware (abapa)" in result.stdout and "(A7)" in result.stdout
    assert "Wari (abapa)" not in result.stdout


def test_openspiel_actions_to_pmn_and_back(tmp_path):
    runner = CliRunner()
    source = OWARE / "openspiel-playthrough.actions"
    there, back = tmp_path / "games.pmn", tmp_path / "back.txt"
    result = runner.invoke(
        pmn, ["convert", "--from", "openspiel-actions", str(source), "-o", str(there)]
    )
    assert result.exit_code == 0, result.output
    assert "0-1" in there.read_text()
    result = runner.invoke(
        pmn, ["convert", str(there), "--to", "openspiel-actions", "-o", str(back)]
    )
    assert result.exit_code == 0, result.output
    (line,) = [x for x in source.read_text().splitlines() if not x.startswith("#")]
    assert back.read_text() == ", ".join(line.split()) + "\n"  # OpenSpiel's history_str() form


def test_pits_out_and_in_again(tmp_path):
    runner = CliRunner()
    source = EXAMPLES / "wari-annotated.pmn"
    numbered = tmp_path / "numbered.pmn"
    result = runner.invoke(
        pmn, ["convert", str(source), "--to-pits", "numbers", "-o", str(numbered)]
    )
    assert result.exit_code == 0
    assert '[Pits "numbers"]' in numbered.read_text() and "1. 4 " in numbered.read_text()
    result = runner.invoke(pmn, ["convert", str(numbered), "--to-pits", "letters"])
    assert result.exit_code == 0
    assert result.stdout == source.read_text()
    assert (
        f'{numbered}:1: game 1: holes named by the "numbers" convention (Pits tag)' in result.stderr
    )


def test_from_pits_reads_untagged_numbers():
    text = '[Game "Wari"]\n\n1. 3 12 *\n'
    result = CliRunner().invoke(pmn, ["convert", "-", "--from-pits", "numbers"], input=text)
    assert result.exit_code == 0
    assert result.stdout == '[Game "Wari"]\n\n1. C f *\n'


def test_cannot_write_other_games_as_ogn_clear_message(tmp_path):
    source = EXAMPLES / "tricala-two-players.pmn"
    out = tmp_path / "x.ogn"
    result = CliRunner().invoke(pmn, ["convert", str(source), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{source}:1: game 1: cannot write as ogn: OGN holds")
    assert "Traceback" not in result.output and not out.exists()


def test_usage_errors():
    runner = CliRunner()
    result = runner.invoke(
        pmn, ["convert", str(OWARE / "auale-annotated.ogn"), "--to", "ogn", "--to-pits", "own"]
    )
    assert result.exit_code == 2 and "names the holes its own way" in result.stderr
    result = runner.invoke(
        pmn, ["convert", str(OWARE / "auale-annotated.ogn"), "--to-pits", "roman"]
    )
    assert result.exit_code == 2
