"""examples/events/make_events.py --swiss makes an event of any size (it failed with an
IndexError below about 40 players, its faults being put at fixed game numbers), with the
faults an organiser meets, each of which the desk finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "events" / "make_events.py"


@pytest.mark.parametrize(("players", "rounds"), [(4, 5), (8, 5), (11, 4)])
def test_a_small_swiss_is_made_and_its_faults_are_found(tmp_path, players, rounds):
    folder = tmp_path / "event"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--swiss", str(players), str(rounds), str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = CliRunner().invoke(pmn, ["validate", "--strict", "-q", str(folder)])
    assert result.exit_code == 1
    out = result.stdout
    for fault in ("[duplicate-game]", "[bad-date]", "[similar-names]", "is not a move"):
        assert fault in out, (fault, out)


def test_too_few_games_is_said_not_a_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--swiss", "2", "2", str(tmp_path / "e")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0 and "too few games" in done.stderr
    assert "Traceback" not in done.stderr
