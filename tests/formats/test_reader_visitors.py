"""One reader, many visitors: each visitor of :func:`notation.formats.reader.read_game`
gives what the reader it replaces gave, on generated games, on the examples (damaged
ones included) and on texts damaged by hand: the records agree with the grammar (the
specification), the tags with the record's, the outline and the first moves with the
record's main line; and a visitor that skips the movetext gets none of it reported."""

from __future__ import annotations

import random
from pathlib import Path

import pyparsing as pp
import pytest

from notation.core.generate import random_record
from notation.core.record import ReadError
from notation.formats.grammar import parse_record_reference
from notation.formats.pmn import Chunk, iter_chunks, read_chunk, write_record
from notation.formats.reader import read_game
from notation.formats.visitor import (
    SKIP,
    BaseVisitor,
    FirstMovesBuilder,
    OutlineBuilder,
    RecordBuilder,
    SkipType,
    TagsBuilder,
)
from notation.games import find_variant
from tests.registered import CASES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(ROOT.glob("examples/**/*.pmn"))

#: Texts damaged by hand, one fault each: every error the loop reports, and a comment,
#: an annotation and a variation in every place they may take.
DAMAGED = [
    '[Game "Wari"]\n\n1. C b 2. D *\n',
    '[Game "Wari"]\n{before} 1. C {after} $3 (1. D {inside} e) b! ; to the end\n2. D *\n',
    '[Game "Wari"]\n\n1. C b 2. *\n',  # a number with no move
    '[Game "Wari"]\n\n1. 2. C *\n',  # two numbers
    '[Game "Wari"]\n\n$1 C *\n',  # an annotation before any move
    '[Game "Wari"]\n\n(C) b *\n',  # a variation with no move
    '[Game "Wari"]\n\nC b) *\n',  # ")" that closes nothing
    '[Game "Wari"]\n\nC (b *\n',  # a result in a variation
    '[Game "Wari"]\n\nC (b\n',  # a variation never closed
    '[Game "Wari"]\n\nC b\n',  # no result
    '[Game "Wari"]\n\nC b * d\n',  # text after the result
    '[Game "Wari"]\n\nC b * {after}\n',  # a comment after the result
    '[Game "Wari"]\n\nC [Round "1"] b *\n',  # a tag pair inside the movetext
    '[Game "Wari]\n\nC b *\n',  # a tag pair that cannot be read
    '[Game "W\\ari"]\n\nC b *\n',  # a bad escape
    '[Game "Wari"]\n\nC {open b *\n',  # a comment never closed
    '[Game "Wari"]\n\nC b\u00a0d *\n',  # a no-break space
    '[Game "Wari"]\n\nC 1234567890 *\n',  # a number too long
    '[Game "Wari"] {a comment} [Round "2"]\n\nC *\n',  # a tag pair after a comment
    "\n\n",  # nothing
    '[Game "Wari"]\n[Round "3"]\n',  # tags only
]


def generated() -> list[Chunk]:
    rng = random.Random("visitors")
    texts = []
    for case in CASES:
        tags = dict(case.tags[1:])
        variant = find_variant(case.name, None, tags)
        for _ in range(8):
            record = random_record(
                variant,
                rng,
                tags=(("Game", case.name), *tags.items()),
                max_moves=rng.randint(0, 80),
            )
            texts.append(write_record(record))
    return list(iter_chunks("\n".join(texts).splitlines(keepends=True)))


def example_chunks() -> list[Chunk]:
    chunks = []
    for path in EXAMPLES:
        with path.open("rb") as stream:
            chunks.extend(iter_chunks(stream, str(path)))
    return chunks


def damaged_chunks() -> list[Chunk]:
    return [Chunk(text, 1, "damaged") for text in DAMAGED]


def all_chunks() -> list[Chunk]:
    return generated() + example_chunks() + damaged_chunks()


def test_the_corpora_hold_games_of_every_kind():
    chunks = all_chunks()
    records = [read_chunk(chunk) for chunk in chunks]
    assert len(records) > 100
    assert any(record.errors for record in records)
    assert any(not record.errors and record.mainline.moves for record in records)


def test_record_builder_gives_the_grammars_record_for_every_game_it_reads():
    compared = 0
    for chunk in generated() + example_chunks() + damaged_chunks():
        record = read_game(chunk, RecordBuilder())
        if record.errors:
            continue
        try:
            expected = parse_record_reference(chunk.text)
        except pp.ParseBaseException:  # the grammar reads no tag-less or empty text
            continue
        assert record == expected, chunk.text
        compared += 1
    assert compared > 100


@pytest.mark.parametrize("text", DAMAGED)
def test_record_builder_finds_an_error_exactly_where_the_grammar_rejects(text):
    record = read_game(Chunk(text, 1, "damaged"), RecordBuilder())
    try:
        parse_record_reference(text)
    except pp.ParseBaseException:
        accepted = False
    else:
        accepted = True
    if text.strip():
        assert accepted == (not record.errors), record.errors


def test_every_error_is_reported_with_its_code_and_place_in_the_order_of_the_text():
    class Errors(BaseVisitor[list[ReadError]]):
        def begin_game(self, chunk):
            self.errors: list[ReadError] = []

        def visit_error(self, error):
            self.errors.append(error)

        def result(self):
            return self.errors

    for chunk in all_chunks():
        assert read_game(chunk, Errors()) == list(read_chunk(chunk).errors)
    (error,) = read_game(Chunk('[Game "Wari"]\n\nC b) *\n', 4, "s"), Errors())
    assert (error.code, error.line, error.column) == ("syntax", 6, 4)


def test_tags_builder_gives_the_records_tags():
    for chunk in all_chunks():
        assert read_game(chunk, TagsBuilder()) == read_chunk(chunk).tags


def test_outline_builder_gives_the_records_result_and_main_line_length():
    for chunk in all_chunks():
        record = read_chunk(chunk)
        expected = (record.result, len(record.mainline.moves))
        assert read_game(chunk, OutlineBuilder()) == expected, chunk.text


@pytest.mark.parametrize("plies", [0, 1, 3, 10])
def test_first_moves_builder_gives_the_records_first_moves(plies):
    for chunk in all_chunks():
        expected = read_chunk(chunk).mainline.moves[:plies]
        assert read_game(chunk, FirstMovesBuilder(plies)) == expected


class Seen(BaseVisitor[list[str]]):
    """Everything reported, as words; skips the movetext when asked to."""

    def __init__(self, skip: bool) -> None:
        self.skip = skip

    def begin_game(self, chunk):
        self.seen: list[str] = ["begin"]

    def visit_tag(self, name, value):
        self.seen.append(f"tag {name}")

    def end_tags(self) -> SkipType | None:
        self.seen.append("end tags")
        return SKIP if self.skip else None

    def visit_move(self, token, number, glyph, line, column):
        self.seen.append(f"move {token}")

    def visit_comment(self, text):
        self.seen.append(f"comment {text}")

    def visit_nag(self, nag):
        self.seen.append(f"nag {nag}")

    def begin_variation(self, line, column):
        self.seen.append("(")

    def end_variation(self):
        self.seen.append(")")

    def visit_result(self, result):
        self.seen.append(f"result {result}")

    def visit_error(self, error):
        self.seen.append(f"error {error.code}")

    def end_game(self, line):
        self.seen.append(f"end {line}")

    def result(self):
        return self.seen


def test_the_loop_reports_every_element_in_the_order_of_the_text():
    text = '\n[Game "Wari"]\n\n{c} 1. C $2 (D) b * ;x\n'
    assert read_game(Chunk(text, 1, "s"), Seen(skip=False)) == [
        "begin",
        "tag Game",
        "end tags",
        "comment c",
        "move C",
        "nag 2",
        "(",
        "move D",
        ")",
        "move b",
        "result *",
        "comment x",
        "end 2",
    ]


def test_skip_after_the_tags_reads_no_movetext():
    text = '[Game "Wari"]\n[Round "1"]\n\n{c} 1. C $2 (D) b ) [bad * 1-0\n'
    assert read_game(Chunk(text, 1, "s"), Seen(skip=True)) == [
        "begin",
        "tag Game",
        "tag Round",
        "end tags",
        "end 1",
    ]
    # damaged after the tags: nothing of it is reported, not even its errors
    assert read_game(Chunk(text, 1, "s"), TagsBuilder()) == (("Game", "Wari"), ("Round", "1"))
    assert read_chunk(Chunk(text, 1, "s")).errors


def test_a_too_large_game_is_not_read_by_any_visitor():
    chunk = Chunk('[Game "Wari"]\n\n', 1, "big.pmn", cut=10**9)
    seen = read_game(chunk, Seen(skip=False))
    assert seen == ["begin", "error too-large", "end 1"]
    assert read_game(chunk, RecordBuilder()) == read_chunk(chunk)
    assert read_chunk(chunk).errors[0].code == "too-large"


def test_the_quick_paths_answer_as_the_token_loop_and_read_most_games():
    """The quick paths read plainly written games: whenever they read a game, every
    visitor's answer is the token loop's (moves without their places: equality of
    records leaves places out), and they read most games of the corpora."""
    from tests.quick import quick_first_moves, quick_outline, quick_record

    chunks = list(all_chunks())
    quick = 0
    for chunk in chunks:
        record = read_chunk(chunk)  # the token loop (places wanted: no quick movetext)
        found = quick_record(chunk)
        if found is None:
            continue
        quick += 1
        assert found == record, chunk.text
        assert all(node.line == 0 for node in found.mainline.moves)
        assert quick_outline(chunk) == (record.result, len(record.mainline.moves))
        assert read_game(chunk, OutlineBuilder()) == (record.result, len(record.mainline.moves))
        assert quick_first_moves(chunk, 5) == record.mainline.moves[:5]
        assert read_game(chunk, TagsBuilder()) == record.tags
    assert quick > len(chunks) // 2, (quick, len(chunks))


def test_a_plain_tag_section_is_read_at_once_and_the_loop_goes_on_after_it():
    """The quick tag section reports each pair as the loop would, then the loop reads the
    movetext with its places (a visitor that wants places gets them)."""
    text = '[Game "Wari"]\n[Round "1"]\n\n1. C {c} b *\n'
    seen = read_game(Chunk(text, 3, "s"), Seen(skip=False))
    assert seen[:4] == ["begin", "tag Game", "tag Round", "end tags"]
    record = read_game(Chunk(text, 3, "s"), RecordBuilder())
    assert [(m.line, m.column) for m in record.mainline.moves] == [(6, 4), (6, 10)]
    assert record.line == 3


@pytest.mark.parametrize(
    "text",
    [
        '[Game "Wari"] 1. C b *\n',  # tag pairs then movetext on one line
        '[Game "Wari"]\n[Round "1" junk\n\nC b *\n',  # a "[" line that is no tag pair
        '[Game "Wari"]\n\n1. C b 2. D\n',  # no result
        '[Game "Wari"]\n\n1. C (b) b *\n',  # a variation
        '[Game "Wari"]\n\n1. C\xa0b *\n',  # not a space in PMN
        '[Game "Wari"]\n\n1. C b * d\n',  # text after the result
    ],
)
def test_the_quick_path_hands_what_is_not_plain_to_the_token_loop(text):
    from tests.quick import quick_record

    assert quick_record(Chunk(text, 1, "s")) is None
    builder = RecordBuilder(places=False)
    assert read_game(Chunk(text, 1, "s"), builder) == read_chunk(Chunk(text, 1, "s"))
