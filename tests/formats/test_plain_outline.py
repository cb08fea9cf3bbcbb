"""The plain outline (issue 29): a plainly written game's result and number of moves read
from its text, for the archive filters on --result and --plies. Whenever it answers, the
answer is the cheap reader's record's (``record.result``, its main line's length), and the
cheap reader reads that game (so it is not damaged); on anything else it declines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation.core.generate import random_record
from notation.formats.collection import read_games
from notation.formats.pmn import Chunk, iter_chunks, read_chunk, write_record
from notation.games import find_variant
from tests.quick import quick_outline as plain_outline
from tests.quick import quick_record as plain_record
from tests.registered import CASES

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("examples/**/*.pmn"))


#: Games of every registered game, generated (their writer's plain text).
GENERATED = [(case.name, dict(case.tags[1:])) for case in CASES]


def generated() -> list[Chunk]:
    rng = random.Random("outline")
    texts = []
    for game, tags in GENERATED:
        variant = find_variant(game, None, tags)
        for _ in range(25):
            record = random_record(
                variant, rng, tags=(("Game", game), *tags.items()), max_moves=rng.randint(0, 120)
            )
            texts.append(write_record(record))
    return list(iter_chunks("\n".join(texts).splitlines(keepends=True)))


def chunks() -> list[Chunk]:
    found: list[Chunk] = generated()
    for path in FILES:
        try:
            games = list(read_games(str(path)))
        except Exception:
            continue
        found.extend(game for game in games if isinstance(game, Chunk))
    return found


CHUNKS = chunks()

#: What the random edits put in: characters that make or break plainness.
EDITS = ' \n\t.()[]{}!?*-/0123456789ABCabcX"\\;$%\r\x0c\xa0'


def edited(text: str, rng: random.Random) -> str:
    """``text`` with one to three random edits: a character of :data:`EDITS` put in, one
    taken out, or one put in place of another."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        edit = rng.random()
        if edit < 0.4:
            text = text[:at] + rng.choice(EDITS) + text[at:]
        elif edit < 0.8:
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + rng.choice(EDITS) + text[at + 1 :]
    return text


def agrees(chunk: Chunk) -> bool:
    """Whether the outline is None or the cheap reader's record's (which then exists)."""
    outline = plain_outline(chunk)
    if outline is None:
        return True
    record = plain_record(chunk)
    assert record is not None, chunk.text
    assert outline == (record.result, len(record.mainline.moves)), chunk.text
    full = read_chunk(chunk)
    assert not full.damaged and outline == (full.result, len(full.mainline.moves))
    return False


def test_every_game_of_the_examples_and_generated_outlined_as_its_record_says():
    declined = [chunk for chunk in CHUNKS if agrees(chunk)]
    assert len(CHUNKS) > 300
    # the plainly written ones are answered from their text (most games of the data)
    assert len(declined) < len(CHUNKS) // 4, len(declined)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Game "Wari"]\n\n1. C b 2. F a 3. A *\n', ("*", 5)),
        ('[Game "Wari"]\n\n1. C b\n2. F a 1-0\n\n', ("1-0", 4)),
        ('[Game "Wari"]\n\n1. C  b 2. F a 0-1\n', ("0-1", 4)),  # two spaces: counted
        ('[Game "Tricala"]\n[Players "3"]\n\n1. 1e 1... 2b 1... 3c 1-0-0\n', ("1-0-0", 3)),
        ('[Game "Togyz Kumalak"]\n\n1. 87 68X 1/2-1/2\n', ("1/2-1/2", 2)),
        ('[Game "Togyz Kumalak"]\n\n1. 87(10) 68X 1/2-1/2\n', ("1/2-1/2", 2)),
        ('[Game "Togyz Kumalak"]\n\n1. 87(1O) 68X 1/2-1/2\n', None),
        ('[Game "Togyz Kumalak"]\n\n1. 87 (10) 68X 1/2-1/2\n', None),  # a variation
        ('[Game "Tricala"]\n\n1. 3c[BW]-5c 5d-6d 2. 5cx2a *\n', ("*", 3)),
        ('[Game "Wari"]\n\n*\n', ("*", 0)),
        ('[Game "Wari"]\n\n1. C {a comment} b *\n', None),
        ('[Game "Wari"]\n\n1. C (1. D) b *\n', None),
        ('[Game "Wari"]\n\n1. C! b *\n', None),
        ('[Game "Wari"]\n\n1. C b 2. *\n', None),  # a number before the result
        ('[Game "Wari"]\n\n1. C b 2. F a\n', None),  # no result: damaged
        ('[Game "Wari"]\n[Event "a \\"b\\""]\n\n1. C *\n', ("*", 1)),  # an escape
        ('[Game "Wari"] [Event "x"]\n\n1. C *\n', ("*", 1)),  # two tag pairs on a line
    ],
)
def test_outline_by_hand(text, expected):
    chunk = next(iter_chunks([text]))
    assert plain_outline(chunk) == expected
    agrees(chunk)


def test_changed_texts_are_outlined_as_their_records_say_or_declined():
    """Random edits of real games (characters that make or break plainness): the outline
    never disagrees with the cheap and the full reader."""
    rng = random.Random(29)
    answered = 0
    for _ in range(4000):
        text = edited(rng.choice(CHUNKS).text, rng)
        answered += not agrees(Chunk(text, 1, "edited"))
    assert answered > 1000  # most edits keep a game plain; they were checked


@pytest.mark.parametrize("space", ["\xa0", "\u2003", "\x0c", "\x1f"])
def test_white_space_pmn_does_not_take_makes_a_game_not_plain(space):
    """A no-break space between moves: the full reader reports it, so the cheap reader
    must not read the game (before, validate's fast path called it valid while show and
    convert called it damaged)."""
    from notation.formats.validate import validate_chunk

    for text in (
        f'[Game "Wari"]\n\n1. C b{space}2. F a *\n',
        f'[Game "Wari"]{space}\n\n1. C b 2. F a *\n',
    ):
        chunk = next(iter_chunks([text]))
        assert plain_record(chunk) is None and plain_outline(chunk) is None
        assert read_chunk(chunk).damaged
        assert not validate_chunk(chunk).valid
