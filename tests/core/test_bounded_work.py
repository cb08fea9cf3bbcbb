"""Bounded work: the recorder's hints, ``pmn moves`` and ``pmn moves --count`` answer at once
in any position, never by writing (or counting) every legal move.

A crowded three-player Tricala position has hundreds of thousands of legal
moves (here 223,800), the 27-stone heap millions: the recorder's hint after a
typo wrote every one of them (never answering), ``pmn moves`` listed them all,
and ``--count`` counted them all (past 120 s, growing 5 MB/s). Each command
runs in a child process under a time limit and a memory limit, so that a
regression fails rather than hangs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import notation.games.tricala as tricala
from notation.core.movelist import COUNT_LIMIT, LIST_LIMIT, count_legal, describe_count
from notation.games.tricala import PIT_NAMES, TricalaVariant

ROOT = Path(__file__).resolve().parents[2]
THREE = TricalaVariant(3)

#: CPU seconds a whole command may take here (start-up included): "at once", generously
BUDGET = 4.0
#: What the commands may take in memory (bytes of address space)
MEMORY = 1_500_000_000


def position(cells: dict[str, str]) -> str:
    names = [cells.get(name, "-") for name in PIT_NAMES]
    rows = [",".join(names[r * (r - 1) // 2 : r * (r + 1) // 2]) for r in range(1, 7)]
    return f"{'/'.join(rows)} 0-0-0 0-0-0 W"


#: Every stone on three pits: 223,800 legal moves for White.
CROWDED = position({"4b": "W3B3R3", "4c": "W3B3R3", "5c": "W3B3R3"})
#: A pit of W4B4R4 (the recorder never answered a typo there).
FOURS = position({"4b": "W4B4R4", "4c": "W2B2R2", "5c": "W3B3R3"})
#: Every stone on one pit: millions of legal moves.
HEAP = position({"4b": "W9B9R9"})


#: Runs a command (argv[3:]) under an address-space limit (argv[1]) and writes its CPU
#: seconds and peak memory (KB) to a file (argv[2]). A small process of its own starts
#: it: a child forked straight from the test process would count the test process's
#: memory, copied by the fork before the exec, as its own peak.
MEASURE = """
import resource, subprocess, sys
limit, report, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def cap():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
code = subprocess.run(command, preexec_fn=cap).returncode
used = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(report, "w") as out:
    out.write(f"{used.ru_utime + used.ru_stime} {used.ru_maxrss}")
sys.exit(code)
"""


def run(*args: str, typed: str = "") -> tuple[subprocess.CompletedProcess[str], float, int]:
    """``pmn ARGS`` in a child process, limited; its result, CPU seconds and peak memory (KB)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "usage")
        command = [sys.executable, "-m", "notation.cli", *args]
        result = subprocess.run(
            [sys.executable, "-c", MEASURE, str(MEMORY), report, *command],
            input=typed,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
            env=env,
        )
        with open(report, encoding="utf-8") as stream:
            spent, peak = stream.read().split()
    return result, float(spent), int(peak)


def crowded_record(path: Path, text: str = CROWDED) -> Path:
    path.write_text(
        '[Game "Tricala"]\n[Players "3"]\n[White "a"]\n[Black "b"]\n[Red "c"]\n'
        f'[Position "{text}"]\n[Result "*"]\n\n*\n'
    )
    return path


@pytest.mark.parametrize("text", [CROWDED, FOURS], ids=["three-W3B3R3", "W4B4R4"])
def test_the_recorder_answers_a_typo_in_a_crowded_position_at_once(
    tmp_path: Path, text: str
) -> None:
    record = crowded_record(tmp_path / "crowded.pmn", text)
    result, spent, _ = run("record", "--resume", str(record), typed="5c-5q\n")
    assert result.returncode == 0, result.stderr
    assert spent < BUDGET, f"{spent:.1f} CPU s"
    out = result.stdout
    assert "not accepted" in out and "not played: 5c-5q" in out
    hint = next(line for line in out.splitlines() if "did you mean:" in line)
    near = hint.split(": ", 1)[1].split(", ")
    assert near and all(token.startswith("5c") for token in near)  # from the pit typed
    for token in near:  # each a legal move indeed
        THREE.parse_move(token, THREE.parse_position(text))
    assert f"more than {COUNT_LIMIT} legal moves" in out


def test_the_recorders_moves_command_answers_in_a_crowded_position(tmp_path: Path) -> None:
    record = crowded_record(tmp_path / "crowded.pmn")
    result, spent, _ = run("record", "--resume", str(record), typed="moves\nmore\nmoves 5c\n")
    assert result.returncode == 0, result.stderr
    assert spent < BUDGET, f"{spent:.1f} CPU s"
    out = result.stdout
    assert f"more than {COUNT_LIMIT} legal moves" in out
    assert f"more than {COUNT_LIMIT} legal move(s) from 5c:" in out
    assert out.count("... more: type more") == 3  # a page each time, no more
    assert len(out) < 20_000


def test_pmn_moves_lists_the_first_moves_and_says_how_many_more() -> None:
    result, spent, _ = run("moves", "--variant", "Tricala", "--players", "3", "--position", CROWDED)
    assert result.returncode == 0, result.stderr
    assert spent < BUDGET, f"{spent:.1f} CPU s"
    lines = result.stdout.splitlines()
    assert len(lines) == LIST_LIMIT + 2
    assert lines[-1] == (
        f"{LIST_LIMIT} legal moves listed, of more than {COUNT_LIMIT} "
        "(--limit N lists more, --count counts them)."
    )
    result, spent, _ = run(
        "moves", "--variant", "Tricala", "--players", "3", "--position", CROWDED,
        "--pit", "5c", "--format", "json",
    )  # fmt: skip
    assert spent < BUDGET, f"{spent:.1f} CPU s"
    body = json.loads(result.stdout)
    assert len(body["moves"]) == LIST_LIMIT
    assert all(row["move"].startswith("5c") for row in body["moves"])
    assert (body["count"], body["exact"]) == (COUNT_LIMIT, False)


@pytest.mark.parametrize("where", ["crowded", "heap"])
def test_pmn_moves_count_answers_within_two_seconds(where: str) -> None:
    text = CROWDED if where == "crowded" else HEAP
    base = ["moves", "--variant", "Tricala", "--players", "3", "--position", text, "--count"]
    result, spent, peak = run(*base)
    assert result.returncode == 0, result.stderr
    assert spent < 2.0, f"{spent:.1f} CPU s"
    assert peak < 300_000, f"{peak} KB"
    assert result.stdout == f"more than {COUNT_LIMIT}\n"
    result, spent, _ = run(*base, "--format", "json")
    assert spent < 2.0, f"{spent:.1f} CPU s"
    body = json.loads(result.stdout)
    assert (body["count"], body["exact"]) == (COUNT_LIMIT, False)


def test_a_count_is_exact_where_counting_is_cheap() -> None:
    few = THREE.parse_position(
        position({"4b": "W3B3R3", "4c": "W3B3R3", "5c": "W1B3R3", "3b": "W2"})
    )
    counted = count_legal(THREE, few, pit="3b")
    assert counted.exact and counted.count == sum(1 for _ in THREE.moves_from(few, "3b"))
    result, _, _ = run(
        "moves", "--variant", "Tricala", "--players", "3", "--position", THREE.format_position(few),
        "--pit", "3b", "--count", "--format", "json",
    )  # fmt: skip
    assert json.loads(result.stdout)["count"] == counted.count
    assert json.loads(result.stdout)["exact"] is True


def test_a_count_stopped_by_the_search_budget_says_at_least(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # past COUNT_BUDGET lap ends the count stops: at least so many, not "more than"
    monkeypatch.setattr(tricala, "COUNT_BUDGET", 3)
    start = THREE.parse_position(CROWDED)
    counted = THREE.count_moves(start, COUNT_LIMIT)
    assert not counted.exact and not counted.more and counted.count < COUNT_LIMIT
    assert describe_count(counted) == f"at least {counted.count}"


def test_tab_completion_in_a_crowded_position_offers_a_few_moves_of_the_pit_typed(
    tmp_path: Path,
) -> None:
    from notation.cli.record import COMMANDS, Session

    from notation import read_text
    from notation.desk.recorder import Recorder

    path = crowded_record(tmp_path / "crowded.pmn")
    session = Session(Recorder(str(path), read_text(path.read_text())[0]))
    began = time.process_time()
    words = session.words("5c")
    none = session.words("5c-9")  # no move fits: still bounded
    assert time.process_time() - began < BUDGET
    moves = [word for word in words if word not in COMMANDS]
    assert 0 < len(moves) <= 200 and all(word.startswith("5c") for word in moves)
    assert [word for word in none if word not in COMMANDS] == []


def test_the_help_of_pmn_moves_says_how_counts_and_lists_are_bounded() -> None:
    from click.testing import CliRunner
    from notation.cli.main import pmn

    text = " ".join(CliRunner().invoke(pmn, ["moves", "--help"]).stdout.split())
    assert f"after the first {LIST_LIMIT:,}" in text
    assert f"counting stops after {COUNT_LIMIT:,}" in text
    assert '"more than N"' in text and '{"count": N, "exact": false}' in text
