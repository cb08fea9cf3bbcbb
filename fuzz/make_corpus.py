"""Seed corpora for the fuzzers: the example records, as PMN and as JSON.

    python fuzz/make_corpus.py      # writes fuzz/corpus/pmn and fuzz/corpus/json
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from notation import find_variant
from notation.generate import random_record
from notation.jsonform import write_json
from notation.pmn import read_text, write_record

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    pmn_dir, json_dir = ROOT / "fuzz/corpus/pmn", ROOT / "fuzz/corpus/json"
    pmn_dir.mkdir(parents=True, exist_ok=True)
    json_dir.mkdir(parents=True, exist_ok=True)
    texts = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples").rglob("*.pmn")}
    rng = random.Random(1)
    games = [
        [("Game", "Wari")],
        [("Game", "Trysse"), ("Rules", "trysse skip-origin")],
        [("Game", "Wari"), ("Rules", "abapa")],
        [("Game", "Tricala")],
        [("Game", "Tricala"), ("Players", "3")],
        [("Game", "Trias")],
    ]
    for number, tags in enumerate(games):
        variant = find_variant(tags[0][1], dict(tags).get("Rules"), dict(tags))
        record = random_record(variant, rng, tags=tags, max_moves=40)
        texts[f"gen-{number}.pmn"] = write_record(record)
    for name, text in texts.items():
        (pmn_dir / name).write_text(text, encoding="utf-8")
        out = io.StringIO()
        write_json(read_text(text), out, lines=name.startswith("gen"))
        (json_dir / (name + ".json")).write_text(out.getvalue(), encoding="utf-8")


if __name__ == "__main__":
    main()
