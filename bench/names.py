"""How ``pmn validate --strict`` grows with the players: similar names and the roster.

Each case writes a folder of Oware games (two-move games, each its own pairing) and
runs ``pmn validate --strict`` on it under ``/usr/bin/time -v``, printing the wall time
and the peak memory (maximum resident set size):

- ``numbered``: 10,000 players named ``clubplayer00001``... (5,000 games); target
  under 2 s and 100 MB;
- ``long-name``: one game with a 2 KB name and one with it a letter apart: a long name
  costs what its length costs;
- ``two-words``: 4,000 games of distinct two-word names, beside plain ``pmn validate``
  of the same folder: the strict checks' memory close to plain validate's;
- ``roster``: a 20,000-name roster and 1,000 players not on it.

Usage: ``python bench/names.py [CASE ...]`` (all by default). A benchmark, not a test:
run it by hand when the desk's checks change.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

GAME = """[Game "Oware"]
[Event "Bench Open"]
[Date "2026.11.28"]
[Round "{round}"]
[South "{south}"]
[North "{north}"]
[Result "1-0"]
[Termination "resignation"]

1. C b 2. A a 1-0
"""

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def write_games(folder: Path, pairs: Iterable[tuple[str, str]], per_file: int = 500) -> None:
    """The games of ``pairs``, each its own round, ``per_file`` games a file."""
    folder.mkdir(parents=True, exist_ok=True)
    texts: list[str] = []
    number = 0
    for number, (south, north) in enumerate(pairs, start=1):
        texts.append(GAME.format(round=number, south=south, north=north))
        if len(texts) == per_file:
            (folder / f"games-{number:06d}.pmn").write_text("\n".join(texts), encoding="utf-8")
            texts = []
    if texts:
        (folder / f"games-{number:06d}.pmn").write_text("\n".join(texts), encoding="utf-8")


def word(rng: random.Random) -> str:
    return rng.choice(LETTERS).upper() + "".join(
        rng.choice(LETTERS) for _ in range(rng.randint(4, 8))
    )


def numbered(folder: Path) -> list[list[str]]:
    names = [f"clubplayer{n:05d}" for n in range(1, 10_001)]
    write_games(folder, zip(names[::2], names[1::2], strict=True))
    return [["validate", "--strict", "-q", str(folder)]]


def long_name(folder: Path) -> list[list[str]]:
    name = "Ama " + "Serwaa" * 340  # 2 KB
    write_games(folder, [(name, "Kofi Boateng"), (name[:-1] + "h", "Yaw Owusu")])
    return [["validate", "--strict", "-q", str(folder)]]


def two_words(folder: Path) -> list[list[str]]:
    rng = random.Random(38)
    names = list(dict.fromkeys(f"{word(rng)} {word(rng)}" for _ in range(8_200)))[:8_000]
    write_games(folder, zip(names[::2], names[1::2], strict=True))
    return [["validate", "-q", str(folder)], ["validate", "--strict", "-q", str(folder)]]


def roster(folder: Path) -> list[list[str]]:
    rng = random.Random(39)
    listed = list(dict.fromkeys(f"{word(rng)} {word(rng)}" for _ in range(20_500)))[:20_000]
    unknown = [f"{word(rng)} {word(rng)}" for _ in range(1_000)]
    write_games(folder / "games", zip(unknown[::2], unknown[1::2], strict=True))
    path = folder / "roster.csv"
    path.write_text("name,club\n" + "".join(f"{n},Club\n" for n in listed), encoding="utf-8")
    return [["validate", "--strict", "-q", "--players", str(path), str(folder / "games")]]


CASES: dict[str, Callable[[Path], list[list[str]]]] = {
    "numbered": numbered,
    "long-name": long_name,
    "two-words": two_words,
    "roster": roster,
}


def measure(arguments: list[str]) -> tuple[float, int, int]:
    """Wall seconds, peak memory (KB) and exit code of ``pmn ARGUMENTS``."""
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "notation.cli", *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", done.stderr)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    assert wall is not None and peak is not None, done.stderr
    seconds = sum(float(part) * 60**i for i, part in enumerate(reversed(wall[1].split(":"))))
    return seconds, int(peak[1]), done.returncode


def main(names: list[str]) -> None:
    for name in names or list(CASES):
        with tempfile.TemporaryDirectory() as temp:
            for arguments in CASES[name](Path(temp)):
                seconds, peak, code = measure(arguments)
                shown = " ".join(a if not a.startswith(temp) else "..." for a in arguments)
                print(f"{name:10} {seconds:6.2f} s {peak / 1024:7.1f} MB  exit {code}  pmn {shown}")


if __name__ == "__main__":
    main(sys.argv[1:])
