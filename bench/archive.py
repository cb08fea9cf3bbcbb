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
the steadier figure.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--out", default=str(ROOT / "out" / "archive.json"))
    options = parser.parse_args()
    path = str(collection(options.size))
    work = Path(tempfile.mkdtemp(prefix="pmn-archive-bench-"))
    index = str(work / "archive.sqlite")
    null = str(work / "out.pmn")
    player = ["--player", PLAYERS[7]]
    cases = [
        ("select --player", "streaming", ["select", path, *player, "-o", null]),
        ("select --player --count", "streaming", ["select", path, *player, "--count"]),
        ("select --position", "streaming", ["select", path, "--position", AFTER_C, "--count"]),
        (
            "select --date-from --plies",
            "streaming",
            ["select", path, "--date-from", "2024", "--plies", "100-", "--count"],
        ),
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
        ("dedupe", "indexed", ["dedupe", "--index", index, "-o", null]),
        (
            "openings --depth 4",
            "indexed",
            ["openings", "--index", index, "--depth", "4", "--min-games", "50"],
        ),
    ]
    rows = []
    print(f"{options.size:,} games, {Path(path).stat().st_size / 2**20:.0f} MiB: {path}")
    print(f"{'command':34} {'mode':10} {'seconds':>9} {'CPU s':>9} {'peak MiB':>9}")
    for name, mode, args in cases:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds, rss = run_pmn(args)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        row = {"command": name, "mode": mode, "seconds": round(seconds, 3)}
        rows.append({**row, "cpu_seconds": round(cpu, 3), "peak_rss_kib": rss})
        print(f"{name:34} {mode:10} {seconds:9.2f} {cpu:9.2f} {rss / 1024:9.0f}", flush=True)
    Path(options.out).parent.mkdir(parents=True, exist_ok=True)
    Path(options.out).write_text(
        json.dumps(
            {"games": options.size, "index_bytes": Path(index).stat().st_size, "rows": rows},
            indent=1,
        ),
        encoding="utf-8",
    )
    print(f"index: {Path(index).stat().st_size / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
