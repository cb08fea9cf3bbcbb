"""Seed corpora for the archive and desk fuzzers (``fuzz_archive.py``, ``fuzz_desk.py``).

    python fuzz/make_archive_corpus.py    # writes fuzz/corpus/{archive,desk}

An archive seed is a line of filters (see ``archive_checks.py``) and a PMN file; a desk
seed is the games of an event (the example events, and one with poisoned names).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILTERS = [
    "",
    "player=Ada Mensah",
    "result=1-0|valid=1",
    "tag=South~^A|plies=2-40",
    "game=Wari|date-from=2024|date-to=2026.12",
    "rules=abapa",
    "position=4-4-*",
    "tag=Round=1|player=kofi boateng|valid=0",
]
POISON = """\
[Game "Wari"]
[Event "Club\x1b]0;owned\x07 night"]
[Round "1/a"]
[South "=cmd|' /C calc'!A1"]
[North "Ada \u202eMensah<script>alert(1)</script>"]
[Result "1-0"]
[Termination "resignation"]

1. C b {\x1b[2J <b>bold</b>} 2. D e 1-0

[Game "Wari"]
[Event "Club\x1b]0;owned\x07 night"]
[Round "1 a"]
[South "Ada \u202eMensah<script>alert(1)</script>"]
[North "@SUM(1+1)"]
[Result "1/2-1/2"]

1. C b 1/2-1/2
"""


def main() -> None:
    archive, desk = ROOT / "fuzz/corpus/archive", ROOT / "fuzz/corpus/desk"
    archive.mkdir(parents=True, exist_ok=True)
    desk.mkdir(parents=True, exist_ok=True)
    pmn = sorted((ROOT / "examples").rglob("*.pmn"))
    for number, path in enumerate(pmn):
        text = path.read_bytes()
        (archive / f"{number}-{path.name}").write_bytes(
            FILTERS[number % len(FILTERS)].encode("utf-8") + b"\n" + text
        )
    for folder in sorted((ROOT / "examples/events").iterdir()):
        if folder.is_dir():
            games = b"\n".join(p.read_bytes() for p in sorted(folder.glob("*.pmn")))
            (desk / folder.name).write_bytes(games)
    (desk / "poison").write_text(POISON, encoding="utf-8")
    (archive / "poison").write_text("player=ada \u202emensah\n" + POISON, encoding="utf-8")


if __name__ == "__main__":
    main()
