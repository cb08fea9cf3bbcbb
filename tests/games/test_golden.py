"""Golden playthroughs: every registered variant's seeded random game, state by state, as checked in.

``tests/golden/make_golden.py`` writes one file per registered variant (every
state's diagram, position string, scores and legal moves, OpenSpiel style).
These tests play each game again and compare: a change to a game's rules or
notation shows as a diff; a registered variant without a file, or a file of
no registered variant, fails too.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from tests.registered import CASES

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
_spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
assert _spec is not None and _spec.loader is not None
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

REGENERATE = "PYTHONPATH=. python3 tests/golden/make_golden.py"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_playthrough_matches_its_golden_file(case):
    path = make_golden.golden_path(case)
    if not path.exists():
        pytest.fail(f"{case.id} is registered but has no golden file {path.name}: run {REGENERATE}")
    expected = path.read_text(encoding="utf-8")
    actual = make_golden.playthrough(case)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{path.name} (checked in)",
            f"{path.name} (played now)",
            lineterm="",
            n=2,
        )
        shown = list(diff)
        more = f"\n... {len(shown) - 80} more diff lines" if len(shown) > 80 else ""
        pytest.fail(
            f"the {case.id} playthrough differs from its golden file; if the change is meant, "
            f"check it against the rules and run {REGENERATE} {case.id}\n"
            + "\n".join(shown[:80])
            + more
        )


def test_every_golden_file_is_of_a_registered_variant():
    files = {path.stem for path in GOLDEN.glob("*.txt")}
    stale = files - {case.id for case in CASES}
    assert not stale, f"golden files of no registered variant: {sorted(stale)}"


def test_a_playthrough_shows_every_state_up_to_the_cut_and_the_final_one():
    case = CASES[0]
    text = make_golden.playthrough(case)
    record_text = text.split("\nRecord:\n", 1)[1]
    plies = int(text.splitlines()[2].split()[1])
    heads = [line for line in text.splitlines() if line.startswith("== ply ")]
    cut = make_golden.PLIES_WRITTEN
    assert len(heads) == min(plies, cut) + (plies > cut)  # the final state is always there
    assert heads[-1].startswith(f"== ply {plies}:")
    assert text.count("Position: ") == len(heads) + 1  # and the start
    assert f'[Game "{case.name}"]' in record_text
