"""An opening tree walks each beginning once (issue 29): ``OpeningBook`` remembers the walk
of a game's first moves by what decides it (the variant, the ``Position`` and ``Pits``
tags, the first moves' tokens and numbers). The trees are those of a book that walks
every game."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from notation.archive.games import read_archive
from notation.archive.tools import OpeningBook
from notation.core.generate import random_record
from notation.core.record import Line, MoveNode
from notation.formats.collection import read_path
from notation.formats.pmn import read_text
from notation.games import find_variant
from tests.registered import CASES

ROOT = Path(__file__).resolve().parents[2]

NUMBERED = """[Game "Wari"]
[Pits "numbers"]
[Result "1-0"]
[Termination "resignation"]

1. 3 8 2. 5 12 3. 1 7 1-0
"""


class Forgets(dict):
    """A memo that never remembers: every game walked."""

    def __setitem__(self, key, value):
        pass


def records():
    found = []
    for path in sorted(ROOT.glob("examples/**/*.pmn")):
        found.extend(read_path(str(path)))
    rng = random.Random("walks")
    for case in CASES:
        tags = dict(case.tags[1:])
        variant = find_variant(case.name, None, tags)
        for _ in range(12):
            record = random_record(variant, rng, tags=case.tags, max_moves=rng.randint(0, 12))
            found.append(record)
            moves = record.mainline.moves
            if len(moves) >= 2:  # the same beginning with a wrong move number
                wrong = MoveNode(moves[1].token, "9...")
                found.append(replace(record, mainline=Line((moves[0], wrong, *moves[2:]))))
    numbered = read_text(NUMBERED)[0]
    found += [numbered, numbered.with_tag("Pits", "letters"), numbered.with_tag("Pits", "")]
    return found


RECORDS = records()


def trees(book: OpeningBook) -> list[dict]:
    return [tree.to_json() for tree in book]


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_a_book_that_remembers_walks_counts_as_one_that_walks_every_game(depth):
    remembering, walking = OpeningBook(depth), OpeningBook(depth)
    walking._heads = Forgets()
    for record in RECORDS:
        remembering.add(record)
        walking.add(record)
    assert trees(remembering) == trees(walking)
    assert remembering.skipped == walking.skipped
    assert len(remembering._heads) < len(RECORDS)  # beginnings were shared, and remembered


def test_the_same_moves_under_another_start_or_numbering_are_walked_again():
    book = OpeningBook(2)
    numbered = read_text(NUMBERED)[0]
    for record in (numbered, numbered.with_tag("Pits", "letters")):
        book.add(record)
    assert len(book._heads) == 2


def test_openings_of_a_collection_counts_as_the_book_of_its_records(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text("\n".join(p.read_text() for p in sorted(ROOT.glob("examples/*.pmn"))))
    from_games, from_records = OpeningBook(3), OpeningBook(3)
    from_records._heads = Forgets()
    for game in read_archive(str(source)):
        from_games.add_game(game)
    for record in read_path(str(source)):
        from_records.add(record)
    assert trees(from_games) == trees(from_records)
