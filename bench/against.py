"""PMN against another revision of itself: is a change faster, and by how much?

On a shared machine a benchmark's figures drift by 10-15% between runs, more
than most changes worth making; comparing two runs taken minutes apart tells
little. This script measures the working tree and a git revision side by
side::

    python bench/against.py HEAD~3                         # tricala-3 and tricala-2
    python bench/against.py main --corpora wari,trias --rounds 9
    python bench/against.py v0.4 --instructions            # also count instructions (valgrind)

For each corpus (the benchmark's, :data:`run.CORPORA`, 2,000 games, made by
``bench/run.py`` when missing) and each round, both trees validate the file
in fresh processes, one after the other, the order swapped every round: the
first pass of each process (memos empty, what ``pmn validate`` meets) and
the median of the passes after it (what the benchmark's in-process rows
time). The ratios reported are medians of the per-round ratios (the two
runs of a round meet the same load), with their lowest and highest.

``--instructions`` also runs each tree under valgrind's callgrind over the
corpus's first ``--games`` games and counts the instructions of the first
pass and of a second one, with string hashing fixed (``PYTHONHASHSEED=0``):
a measure that repeats to within a few thousand instructions of some
billions (random hashing alone moved 500 games' count by 0.02%), for
changes too small to time (it counts work, not cache misses).

The revision is checked out into a temporary git worktree, removed at the
end. Results go to ``bench/out/against.json``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from run import _PASSES, CORPORA, REPO, ROOT, corpus

#: Passes per process: a first one, then the passes whose median is kept.
PASSES = 4


def passes(tree: Path, path: Path) -> tuple[float, float]:
    """CPU seconds of a fresh process's first validation pass over ``path`` in ``tree``,
    and the median of the passes after it."""
    command = [sys.executable, "-c", _PASSES, str(path), str(PASSES)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"validating {path} in {tree} failed:\n{done.stderr[-2000:]}")
    times = [float(line) for line in done.stdout.split()]
    return times[0], statistics.median(times[1:])


def head_of(path: Path, games: int) -> Path:
    """The first ``games`` games of a corpus, as a file of their own (for valgrind)."""
    out = ROOT / "out" / "corpora" / f"{path.stem}-first-{games}.pmn"
    if not out.exists():
        text = path.read_text(encoding="utf-8")
        starts = [m.start() for m in re.finditer(r"^\[Game ", text, re.MULTILINE)]
        end = starts[games] if games < len(starts) else len(text)
        out.write_text(text[:end], encoding="utf-8")
    return out


def instructions(tree: Path, path: Path, passes: int) -> int:
    """Instructions (callgrind's count) of a process that validates ``path`` ``passes`` times
    (none: the start-up alone)."""
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, "-c", _PASSES, str(path), str(passes),
    ]  # fmt: skip
    # one string hashing for every run: dictionaries then lay out alike, and so count alike
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"valgrind in {tree} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def spread(values: list[float]) -> dict[str, float]:
    """The median of ``values``, with the lowest and the highest."""
    return {
        "median": round(statistics.median(values), 4),
        "low": round(min(values), 4),
        "high": round(max(values), 4),
    }


def compare_times(trees: dict[str, Path], path: Path, rounds: int) -> dict[str, object]:
    """Both trees' first and later passes over ``path``, ``rounds`` rounds interleaved."""
    seconds: dict[str, dict[str, list[float]]] = {
        name: {"first": [], "later": []} for name in trees
    }
    names = list(trees)
    for round_ in range(rounds):
        for name in names if round_ % 2 == 0 else names[::-1]:
            first, later = passes(trees[name], path)
            seconds[name]["first"].append(first)
            seconds[name]["later"].append(later)
    this, other = names
    result: dict[str, object] = {}
    for measure in ("first", "later"):
        ratios = [
            a / b for a, b in zip(seconds[this][measure], seconds[other][measure], strict=True)
        ]
        result[measure] = {
            other: spread(seconds[other][measure]),
            this: spread(seconds[this][measure]),
            "ratio": spread(ratios),
        }
    return result


def compare_instructions(trees: dict[str, Path], path: Path) -> dict[str, object]:
    """Instructions of a first and a second pass over ``path`` in both trees (start-up taken off)."""
    jobs = [(name, passes) for name in trees for passes in (0, 1, 2)]
    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        done = pool.map(lambda job: instructions(trees[job[0]], path, job[1]), jobs)
        counts = dict(zip(jobs, done, strict=True))
    per_tree = {
        name: {
            "first": counts[name, 1] - counts[name, 0],
            "later": counts[name, 2] - counts[name, 1],
        }
        for name in trees
    }
    this, other = trees
    result: dict[str, object] = dict(per_tree)
    for measure in ("first", "later"):
        result[f"ratio_{measure}"] = round(per_tree[this][measure] / per_tree[other][measure], 4)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revision", help="the git revision to measure the working tree against")
    parser.add_argument(
        "--corpora",
        default="tricala-3,tricala-2",
        help=f"comma-separated, of: {', '.join(CORPORA)}",
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds of timed runs (default 5)")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions with valgrind"
    )
    parser.add_argument(
        "--games", type=int, default=500, help="games counted by --instructions (default 500)"
    )
    parser.add_argument(
        "--out", default=str(ROOT / "out" / "against.json"), help="JSON results file"
    )
    args = parser.parse_args()
    names = [name.strip() for name in args.corpora.split(",") if name.strip()]
    unknown = [name for name in names if name not in CORPORA]
    if unknown:
        parser.error(f"unknown corpus {', '.join(unknown)}; choose from {', '.join(CORPORA)}")
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    found = subprocess.run(
        ["git", "rev-parse", "--verify", f"{args.revision}^{{commit}}"],
        cwd=REPO, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if found.returncode:
        parser.error(f"{args.revision} is not a revision of this repository")
    commit = found.stdout.strip()
    label = f"{args.revision} ({commit[:8]})"
    results: dict[str, object] = {"revision": args.revision, "commit": commit, "corpora": {}}
    with tempfile.TemporaryDirectory(prefix="pmn-against-") as scratch:
        other = Path(scratch) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(other), commit],
            cwd=REPO, check=True,
        )  # fmt: skip
        try:
            trees = {"this": REPO, "other": other}
            for tree in trees.values():  # as pip install does: start from bytecode
                for package in ("notation", "cli"):
                    compileall.compile_dir(str(tree / package), quiet=1)
            for name in names:
                path = corpus(name, 2000)
                print(f"measuring {name} ...", file=sys.stderr)
                entry: dict[str, object] = {"times": compare_times(trees, path, args.rounds)}
                if args.instructions:
                    entry["instructions"] = compare_instructions(trees, head_of(path, args.games))
                results["corpora"][name] = entry  # type: ignore[index]
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(other)], cwd=REPO, check=False
            )
    print_results(results, label, args.rounds, args.games)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"\nresults written to {out}", file=sys.stderr)


def print_results(results: dict[str, object], label: str, rounds: int, games: int) -> None:
    """The table: per corpus and measure, both trees' medians and the ratio this / other."""
    print(f"this working tree against {label}; ratio below 1: this tree is faster")
    print(f"{'corpus':<12} {'measure':<34} {'other':>9} {'this':>9} {'ratio':>7}  low-high")
    for name, entry in results["corpora"].items():  # type: ignore[attr-defined]
        for measure, title in (("first", "first pass (CPU s)"), ("later", "later passes (CPU s)")):
            row = entry["times"][measure]
            ratio = row["ratio"]
            print(
                f"{name:<12} {title:<34} {row['other']['median']:>9.3f} {row['this']['median']:>9.3f} "
                f"{ratio['median']:>7.3f}  {ratio['low']:.3f}-{ratio['high']:.3f}"
            )
        counted = entry.get("instructions")
        if counted:
            for measure in ("first", "later"):
                print(
                    f"{name:<12} {f'{measure} pass, {games} games (M instr.)':<34} "
                    f"{counted['other'][measure] / 1e6:>9.1f} {counted['this'][measure] / 1e6:>9.1f} "
                    f"{counted[f'ratio_{measure}']:>7.4f}"
                )
    print(f"(times: medians of {rounds} rounds, the ratio the median of the per-round ratios)")


if __name__ == "__main__":
    main()
