"""Validation on several processes gives the same reports, in the same order."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli.main import pmn
from notation.collection import read_games
from notation.parallel import validate_many

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def every_game():
    for path in sorted(EXAMPLES.rglob("*.pmn")):
        for index, game in enumerate(read_games(str(path)), start=1):
            yield game, index


def test_two_processes_same_reports_same_order():
    one = list(validate_many(every_game(), jobs=1))
    # a batch of 5 forces several batches through the pool
    two = list(validate_many(every_game(), jobs=2, batch_size=5))
    assert len(one) > 10
    assert two == one


def test_cli_jobs_option_same_output():
    runner = CliRunner()
    files = [str(EXAMPLES), str(EXAMPLES / "wari-annotated.pmn")]
    one = runner.invoke(pmn, ["validate", "--format", "json", "-j", "1", *files])
    two = runner.invoke(pmn, ["validate", "--format", "json", "-j", "2", *files])
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
