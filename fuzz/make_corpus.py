"""Seed corpora for the fuzzers: the example records, as PMN and as JSON.

python fuzz/make_corpus.py      # writes fuzz/corpus/{pmn,json,jsonl,ogn,actions,positions}
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from notation import find_variant
from notation.core.generate import random_record
from notation.formats.jsonform import write_json
from notation.formats.pmn import read_text, write_record
from notation.games import game_names

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
        out = io.StringIO()
        write_json(read_text(text), out, lines=True)
        _write(ROOT / "fuzz/corpus/jsonl" / (name + ".jsonl"), out.getvalue())
    for path in (ROOT / "examples/oware").iterdir():
        kind = "ogn" if path.suffix == ".ogn" else "actions" if path.suffix == ".actions" else None
        if kind:
            _write(ROOT / "fuzz/corpus" / kind / path.name, path.read_text(encoding="utf-8"))
    # a position string per game: the first byte picks the game (see checks.py)
    names = game_names(plugins=False)
    for number, name in enumerate(names):
        variant = find_variant(name)
        start = variant.format_position(variant.initial_position())
        _write(ROOT / "fuzz/corpus/positions" / f"{number}", chr(number) + start)
    for number, text in enumerate(texts.values()):
        for tag, value in re.findall(r'\[(\w+) "([^"]*)"\]', text):
            if tag == "Position":
                game = re.search(r'\[Game "([^"]*)"\]', text)
                if game and game.group(1) in names:
                    index = names.index(game.group(1))
                    _write(ROOT / f"fuzz/corpus/positions/ex-{number}", chr(index) + value)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
