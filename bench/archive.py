"""The archive tools' benchmark: each command on generated games, streaming and indexed.

Run from the repository root::

    python bench/archive.py                    # 100,000 games
    python bench/archive.py --size 10000 --out bench/out/archive.json

It writes (once, from a fixed seed) a collection of random Wari games with
players drawn from a pool of 200 names, dates over five years, and one game
in a hundred repeated with another header, then times each command through
``pmn`` in a fresh process and reads its peak memory (VmHWM): select by
player, by position and with --count; dedupe; openings; split, merge and
sort; the index build; and select, dedupe and openings from the index.
Wall time and CPU time are both shown: on a shared machine the CPU time is
the steadier figure, and each command runs ``--runs`` times (3 by default) keeping
the least (the run least disturbed by other work).

Issue 29's targets are ratios of CPU seconds measured in the same run: a tag
filter at most 1.5 times ``stats --tags-only``, ``openings --depth 4`` at most
3 times it; ``select --position``, ``dedupe`` and ``sort`` at most ``validate
-q``'s, the index build at most 1.5 times it, and the index at most 1.5 times
the size of the text. Each row shows its ratio and target. With Debian's
``pgn-extract`` installed (``apt-get install pgn-extract``), the same
operations on a chess archive of as many plies follow, so the distance to C
is on record each run (the chess archive needs ``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from notation import find_variant, write_records
from notation.core.generate import random_record

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import run_pmn

ROOT = Path(__file__).resolve().parent
PLAYERS = [f"Player {i:03d}" for i in range(200)]
#: The Wari position after 1. C (see tests/archive/test_archive_select.py).
AFTER_C = "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"


def collection(size: int) -> Path:
    """Write (once) ``size`` random Wari games with players, dates and 1% repeats."""
    path = ROOT / "out" / "corpora" / f"archive-{size}.pmn"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    variant = find_variant("Wari")
    rng = random.Random(f"archive-{size}")
    temp = path.with_suffix(".tmp")

    def records():  # type: ignore[no-untyped-def]
        previous = None
        for i in range(size):
            if previous is not None and rng.random() < 0.01:
                yield previous.with_tag("Round", str(i + 1))
                continue
            tags = (
                ("Game", "Wari"),
                ("Event", "PMN archive benchmark"),
                (
                    "Date",
                    f"{rng.randint(2021, 2025)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}",
                ),
                ("Round", str(i + 1)),
                ("South", rng.choice(PLAYERS)),
                ("North", rng.choice(PLAYERS)),
            )
            previous = random_record(variant, rng, tags=tags, max_moves=300)
            yield previous

    with temp.open("w", encoding="utf-8") as out:
        write_records(records(), out)
    temp.replace(path)
    return path


#: Issue 29's targets: a row's CPU seconds at most ``target`` times its baseline's, both
#: measured in the same run (``tags``: ``stats --tags-only``; ``validate``: ``validate -q``).
TARGETS = {
    ("select --player", "streaming"): ("tags", 1.5),
    ("select --player --count", "streaming"): ("tags", 1.5),
    ("select --result --count", "streaming"): ("tags", 1.5),
    ("select --date-from --count", "streaming"): ("tags", 1.5),
    ("openings --depth 4", "streaming"): ("tags", 3.0),
    ("select --position", "streaming"): ("validate", 1.0),
    ("dedupe", "streaming"): ("validate", 1.0),
    ("sort --by South,Date", "in memory"): ("validate", 1.0),
    ("index (build)", "indexed"): ("validate", 1.5),
}
#: The baseline rows, by the name TARGETS gives them.
BASELINES = {"stats --tags-only (baseline)": "tags", "validate -q (baseline)": "validate"}
#: The index's size at most this many times the PMN text's.
INDEX_SIZE_TARGET = 1.5


def cases(path: str, work: Path) -> list[tuple[str, str, list[str]]]:
    """The rows: (command, mode, pmn's arguments)."""
    index = str(work / "archive.sqlite")
    null = str(work / "out.pmn")
    player = ["--player", PLAYERS[7]]
    return [
        ("stats --tags-only (baseline)", "streaming", ["stats", path, "--tags-only"]),
        ("validate -q (baseline)", "streaming", ["validate", "-q", path]),
        ("select --player", "streaming", ["select", path, *player, "-o", null]),
        ("select --player --count", "streaming", ["select", path, *player, "--count"]),
        ("select --result --count", "streaming", ["select", path, "--result", "1-0", "--count"]),
        ("select --position", "streaming", ["select", path, "--position", AFTER_C, "--count"]),
        (
            "select --date-from --count",
            "streaming",
            ["select", path, "--date-from", "2024", "--count"],
        ),
        # a report: --plies counts each game's moves as written (not a tag filter)
        ("select --plies --count", "streaming", ["select", path, "--plies", "100-", "--count"]),
        ("dedupe", "streaming", ["dedupe", path, "-o", null]),
        (
            "openings --depth 4",
            "streaming",
            ["openings", path, "--depth", "4", "--min-games", "50"],
        ),
        (
            "split --every 10000",
            "streaming",
            ["split", path, "--every", "10000", "-d", str(work / "parts"), "--force"],
        ),
        (
            "split --by South",
            "streaming",
            ["split", path, "--by", "South", "-d", str(work / "by"), "--force"],
        ),
        ("merge (the split parts)", "streaming", ["merge", str(work / "parts"), "-o", null]),
        ("sort --by South,Date", "in memory", ["sort", path, "--by", "South,Date", "-o", null]),
        ("index (build)", "indexed", ["index", path, "-o", index]),
        ("index (unchanged: skipped)", "indexed", ["index", path, "-o", index]),
        ("select --player", "indexed", ["select", "--index", index, *player, "-o", null]),
        ("select --player --count", "indexed", ["select", "--index", index, *player, "--count"]),
        (
            "select --position",
            "indexed",
            ["select", "--index", index, "--position", AFTER_C, "--count"],
        ),
        (
            "select --date-from --plies",
            "indexed",
            ["select", "--index", index, "--date-from", "2024", "--plies", "100-", "--count"],
        ),
        (
            "select --result --count",
            "indexed",
            ["select", "--index", index, "--result", "1-0", "--count"],
        ),
        ("dedupe", "indexed", ["dedupe", "--index", index, "-o", null]),
        (
            "openings --depth 4",
            "indexed",
            ["openings", "--index", index, "--depth", "4", "--min-games", "50"],
        ),
    ]


def cpu_of(run: Callable[[], Any]) -> tuple[Any, float]:
    """What ``run`` returns, and the CPU seconds its child processes took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    answer = run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return answer, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def pgn_extract_rows(games: int, plies: int, work: Path) -> list[dict[str, Any]]:
    """pgn-extract (C, Debian's ``pgn-extract`` package) on a chess archive of as many
    games and plies, when it is installed: the ratio of PMN to C on record each run."""
    program = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
    if program is None:
        print("pgn-extract: not installed (apt-get install pgn-extract); its rows are left out")
        return []
    from run import chess_corpus

    pgn = str(chess_corpus(plies))
    operations = [
        ("read and check every move", ["-s", "-o", str(work / "all.pgn"), pgn]),
        ("select by tag (Result 1-0)", ["-s", "-Tr1-0", "-o", str(work / "won.pgn"), pgn]),
        ("dedupe", ["-s", "-D", "-o", str(work / "distinct.pgn"), pgn]),
        ("split every 10000", ["-s", "-#10000", pgn]),
    ]
    rows = []
    print(f"pgn-extract on {pgn} (chess, about {plies:,} plies; PMN's archive has {games:,} games)")
    for name, args in operations:
        done, cpu = cpu_of(
            lambda args=args: subprocess.run(
                [program, *args], cwd=work, capture_output=True, check=False
            )
        )
        if done.returncode not in (0, 1):
            print(f"  {name}: pgn-extract failed ({done.stderr.decode(errors='replace')[-200:]})")
            continue
        rows.append({"command": f"pgn-extract: {name}", "cpu_seconds": round(cpu, 3)})
        print(f"  {name:34} {cpu:9.2f} CPU s")
    return rows


def measure(args: list[str], runs: int, fresh: Path | None) -> tuple[float, int, float]:
    """A command's least wall and CPU seconds over ``runs`` runs, and its largest peak
    memory (KiB); ``fresh`` is deleted before each run (an index built anew each time)."""
    measured = []
    for _ in range(max(1, runs)):
        if fresh is not None:
            fresh.unlink(missing_ok=True)
        (seconds, rss), cpu = cpu_of(lambda: run_pmn(args))
        measured.append((seconds, rss, cpu))
    return (
        min(m[0] for m in measured),
        max(m[1] for m in measured),
        min(m[2] for m in measured),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--out", default=str(ROOT / "out" / "archive.json"))
    parser.add_argument(
        "--runs",
        type=int,
        default=3,
        help="runs of each command; the least CPU time is kept (the least disturbed)",
    )
    options = parser.parse_args()
    path = str(collection(options.size))
    text_bytes = Path(path).stat().st_size
    work = Path(tempfile.mkdtemp(prefix="pmn-archive-bench-"))
    rows = []
    cpu_by_name: dict[str, float] = {}
    print(f"{options.size:,} games, {text_bytes / 2**20:.0f} MiB: {path}")
    print(
        f"{'command':34} {'mode':10} {'seconds':>8} {'CPU s':>8} {'peak MiB':>8} "
        f"{'ratio':>6} {'target':>7}"
    )
    for name, mode, args in cases(path, work):
        seconds, rss, cpu = measure(
            args, options.runs, work / "archive.sqlite" if name == "index (build)" else None
        )
        if name in BASELINES:
            cpu_by_name[BASELINES[name]] = cpu
        baseline, target = TARGETS.get((name, mode), (None, None))
        base_cpu = cpu_by_name.get(baseline) if baseline else None
        ratio = cpu / base_cpu if base_cpu else None
        row = {"command": name, "mode": mode, "seconds": round(seconds, 3)}
        row |= {"cpu_seconds": round(cpu, 3), "peak_rss_kib": rss}
        if ratio is not None:
            row |= {"baseline": baseline, "ratio": round(ratio, 2), "target": target}
        rows.append(row)
        shown = f"{ratio:6.2f} {'<= ' + str(target):>7}" if ratio is not None else ""
        print(
            f"{name:34} {mode:10} {seconds:8.2f} {cpu:8.2f} {rss / 1024:8.0f} {shown}",
            flush=True,
        )
    index_bytes = (work / "archive.sqlite").stat().st_size
    size_ratio = index_bytes / text_bytes
    print(
        f"index: {index_bytes / 2**20:.1f} MiB, {size_ratio:.2f} times the text "
        f"(target <= {INDEX_SIZE_TARGET})"
    )
    chess_rows = pgn_extract_rows(options.size, _plies(path), work)
    Path(options.out).parent.mkdir(parents=True, exist_ok=True)
    Path(options.out).write_text(
        json.dumps(
            {
                "games": options.size,
                "text_bytes": text_bytes,
                "index_bytes": index_bytes,
                "index_size_ratio": round(size_ratio, 2),
                "rows": rows,
                "pgn_extract": chess_rows,
            },
            indent=1,
        ),
        encoding="utf-8",
    )


def _plies(path: str) -> int:
    """Main-line moves in a PMN file (the chess archive is made as long)."""
    from notation.formats.pmn import iter_records

    with open(path, "rb") as stream:
        return sum(len(record.mainline.moves) for record in iter_records(stream, path))


if __name__ == "__main__":
    main()
