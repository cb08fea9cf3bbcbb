"""The grammar is the specification: the fast reader agrees with it on every text.

``notation.formats.grammar`` writes the BNF of docs/pmn.md as pyparsing productions
(:func:`parse_file_reference`); ``notation.formats.pmn`` is the fast reader. On
records written by the writer, and on texts damaged in the ways texts get
damaged (a token deleted, duplicated or swapped, the result dropped, stray
characters, unbalanced braces and parentheses, a missing move number, ...),
the reader must find no error exactly when the grammar accepts the text, and
then both must give the same records.
"""

from __future__ import annotations

import random
import re

import pyparsing as pp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import find_variant, read_text, write_record
from notation.core.generate import random_record
from notation.core.record import Line, MoveNode, Record
from notation.formats.grammar import parse_file_reference, parse_record_reference
from tests.optional import required
from tests.tokens import digits, language, optional_tail, squares, strings


def reader(text: str) -> list[Record] | None:
    """The fast reader's records, or None if it found an error in any."""
    records = read_text(text)
    return None if any(record.errors for record in records) else records


def grammar(text: str) -> list[Record] | None:
    """The grammar's records, or None if it rejects the text."""
    try:
        return parse_file_reference(text)
    except pp.ParseBaseException:
        return None


def assert_agree(text: str) -> None:
    by_reader, by_grammar = reader(text), grammar(text)
    if by_reader is None or by_grammar is None:
        errors = [e for r in read_text(text) for e in r.errors]
        assert by_reader is None and by_grammar is None, (
            f"reader errors {errors}, grammar {'rejects' if by_grammar is None else 'accepts'}"
        )
    else:
        assert by_reader == by_grammar


# -- records to write -----------------------------------------------------------

comment_text = st.text(
    alphabet=st.characters(blacklist_characters="\r", blacklist_categories=("Cs",)), max_size=12
).filter(lambda c: not ("}" in c and "\n" in c))  # text cannot hold both (docs/pmn.md 7)
#: The move tokens drawn (a house, a Trias or Tricala move, a move with a count...),
#: listed from their expression (tests/tokens.py: from_regex took most of the time).
TOKEN_RE = (
    r"[A-Fa-f](\+[0-9])?|[1-6][a-f](-[1-6][a-f])?|[1-3][a-l](/[0-9]{1,3})?|2a\[WB\]-6a|1[0-2]"
)
TOKENS = (
    optional_tail("ABCDEFabcdef", ["+" + d for d in digits(1, 1)]),
    optional_tail(squares("123456", "abcdef"), ["-" + s for s in squares("123456", "abcdef")]),
    optional_tail(squares("123", "abcdefghijkl"), ["/" + n for n in digits(1, 3)]),
    ["2a[WB]-6a"],
    ["10", "11", "12"],
)
tokens = language(*TOKENS)
NUMBER_RE = r"[1-9][0-9]{0,2}\.(\.\.)?"
NUMBERS = tuple(
    optional_tail([f"{n}." for n in range(low, 10 * low)], [".."]) for low in (1, 10, 100)
)


def test_the_tokens_and_numbers_drawn_are_their_expressions_languages() -> None:
    drawn = strings(*TOKENS)
    assert all(re.fullmatch(TOKEN_RE, token) for token in drawn)
    assert len(drawn) == 12 * 11 + 36 * 37 + 36 * (1 + 10 + 100 + 1000) + 1 + 3 - 18  # 1a-3f twice
    numbers = strings(*NUMBERS)
    assert all(re.fullmatch(NUMBER_RE, number) for number in numbers)
    assert len(numbers) == 999 * 2


#: The parts of a move, each strategy built once: built anew at every draw, hypothesis
#: validated each again, a good part of these properties' time (issue 28).
move_numbers = st.none() | language(*NUMBERS)
glyphs = st.sampled_from(["", "!", "?", "!!", "??", "!?", "?!"])
nag_lists = st.lists(st.integers(0, 255), max_size=2)
one_comment = st.lists(comment_text, max_size=1)
two_comments = st.lists(comment_text, max_size=2)
move_counts = st.integers(0, 4)


@st.composite
def lines(draw: st.DrawFn, depth: int = 0) -> Line:
    count = draw(move_counts)
    moves: list[MoveNode] = []
    for i in range(count):
        variations: tuple[Line, ...] = ()
        if depth < 2:
            variations = tuple(draw(VARIATIONS[depth + 1]))
        moves.append(
            MoveNode(
                draw(tokens),
                draw(move_numbers),
                draw(glyphs),
                tuple(draw(nag_lists)),
                tuple(draw(one_comment)) if i == 0 or moves[-1].variations else (),
                tuple(draw(two_comments)),
                variations,
            )
        )
    trailing = tuple(draw(one_comment)) if not moves or moves[-1].variations else ()
    return Line(tuple(moves), trailing)


#: The variations of a move at each depth (at most two), their strategies built once.
VARIATIONS = {depth: st.lists(lines(depth=depth), max_size=2) for depth in (1, 2)}


tag_values = st.text(
    alphabet=st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)),
    max_size=10,
)


tag_lists = st.lists(
    st.tuples(st.from_regex(r"[A-Za-z0-9_]{1,8}", fullmatch=True), tag_values), max_size=3
)
results = st.sampled_from(["*", "1-0", "0-1", "1/2-1/2", "1-0-0", "1/3-1/3-1/3"])
mainlines = lines()


@st.composite
def hand_built(draw: st.DrawFn) -> Record:
    """Records with comments ("}" in some), NAGs, glyphs, nested variations, escapes in tags."""
    tags = (("Game", "Wari"), *draw(tag_lists))
    result = draw(results)
    return Record(tags, draw(mainlines), result)


GAMES = ["Wari", "Trysse", "Trias", "Tricala", "Oware"]


@st.composite
def generated(draw: st.DrawFn) -> Record:
    """A random legal game of a real board (notation.core.generate), a few dozen moves long."""
    variant = find_variant(draw(st.sampled_from(GAMES)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return random_record(variant, rng, max_moves=draw(st.integers(0, 30)))


records = hand_built() | generated()


# -- damage ---------------------------------------------------------------------

#: A text cut into pieces: white space runs, brackets and braces, and runs of anything else.
PIECE_RE = re.compile(r"\s+|[(){}\[\];]|[^\s(){}\[\];]+")
STRAYS = [
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    "$",
    "$1",
    "$1234",
    '"',
    "\\",
    "1.",
    "12...",
    "*",
    "1-0",
    "1-0x",
    "0-1*",
    "C",
    "C!",
    "!",
    "?",
    "\n",
    "\n\n",
    "\t",
    "\xa0",
    "\u2003",
    "²",
    "٣",
    "1234567890.",
    "12345678901",
    '[Event "x"]',
    '\n[Event "y"]\n',
    '\n\n[Game "Wari"]\n',
    '[Site "C:\\games"]',
    "\x00",
    "%",
]


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    pieces = PIECE_RE.findall(text)
    for _ in range(draw(st.integers(1, 3))):
        if not pieces:
            pieces = [draw(st.sampled_from(STRAYS))]
            continue
        at = draw(st.integers(0, len(pieces) - 1))
        how = draw(
            st.sampled_from(["delete", "duplicate", "swap", "insert", "drop-result", "respace"])
        )
        if how == "delete":
            del pieces[at]
        elif how == "duplicate":
            pieces.insert(at, pieces[at])
        elif how == "swap" and at + 1 < len(pieces):
            pieces[at], pieces[at + 1] = pieces[at + 1], pieces[at]
        elif how == "insert":
            pieces.insert(at, draw(st.sampled_from(STRAYS)))
        elif how == "respace" and pieces[at].isspace():
            # lines joined, or broken, or a blank line put in or taken out
            pieces[at] = draw(st.sampled_from([" ", "", "\n", "\n\n", "\n \t\n"]))
        elif how == "drop-result":
            while pieces and pieces[-1].isspace():
                pieces.pop()
            if pieces:
                pieces.pop()
    return "".join(pieces)


# -- the properties -------------------------------------------------------------

#: Examples a property draws: 400 in CI (``CI`` or ``PMN_REQUIRE_OPTIONAL`` set, as for the
#: optional dependencies: tests/optional.py), 100 on a newcomer's machine, where the three
#: properties below took four minutes of the suite's time (issue 28). Every test still runs.
EXAMPLES = 400 if required() else 100
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(records)
def test_written_records_are_read_alike(record: Record) -> None:
    text = write_record(record)
    assert reader(text) == [record]
    assert parse_record_reference(text) == record
    assert_agree(text)


@SETTINGS
@given(st.data(), records)
def test_damaged_records_are_rejected_or_read_alike(data: st.DataObject, record: Record) -> None:
    assert_agree(data.draw(damaged(write_record(record))))


@SETTINGS
@given(st.data(), records, records, st.sampled_from(["", "\n", " "]))
def test_damaged_files_of_two_games_are_rejected_or_read_alike(
    data: st.DataObject, first: Record, second: Record, gap: str
) -> None:
    text = write_record(first) + gap + write_record(second)
    assert_agree(text)
    assert_agree(data.draw(damaged(text)))


# -- the disagreements found, settled (docs/pmn.md sections 4 and 5) -----------------


@pytest.mark.parametrize(
    ("text", "games"),
    [
        # a game written on its tag line ends there: the next line starts a game
        ('[Game "Wari"] *\n[Game "Wari"] 1. C *\n', 2),
        # a comment opened on a tag line is followed like any other
        ('[Game "Wari"] {a\n\n[Event "b"] x\n}\n*\n', 1),
        # comments after the result belong to the game
        ('[Game "Wari"]\n\n1. C *\n{after}\n[Game "Wari"]\n\n*\n', 2),
        # an empty variation is a variation
        ('[Game "Wari"]\n\n1. C ()*', 1),
    ],
)
def test_texts_both_read_alike(text: str, games: int) -> None:
    records = reader(text)
    assert records is not None and len(records) == games
    assert_agree(text)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # no result token: the grammar requires one (movetext ::= line result)
        ('[Game "Wari"]\n\n1. C b\n', "missing-result"),
        ('[Game "Wari"]\n', "missing-result"),
        # a backslash escapes only a quote or a backslash: "C:\games" would lose it
        ('[Game "Wari"]\n[Site "C:\\games"]\n\n*\n', "bad-tag"),
        # white space is spaces, tabs and line breaks only
        ('[Game "Wari"]\n\n1. C\xa0b *\n', "syntax"),
        # a move number stands right before its move
        ('[Game "Wari"]\n\n1. C (1... b 2.) A *\n', "syntax"),
        ('[Game "Wari"]\n\n1. C 2. $1 A *\n', "syntax"),
        # tag pairs come before any comment
        ('{a note} [Game "Wari"] 1. C *\n', "syntax"),
        ('{a note}\n[Game "Wari"]\n\n1. C *\n', "missing-result"),
        # a blank line ends the tag pairs: a tag pair after it starts another game
        ('[Game "Wari"]\n\n[Event "x"]\n\n1. C *\n', "missing-result"),
        # a comment cannot run over a blank line and a tag-pair line: a game starts there
        ('[Game "Wari"]\n\n1. C * {a\n\n[Game "Wari"]\n}\n', "unclosed-comment"),
        # the next game starts on a line of its own
        ('[Game "Wari"]\n\n1. C * [Game "Wari"] *\n', "text-after-result"),
        # digits are ASCII, and numbers are short
        ('[Game "Wari"]\n\n1. C $1234 *\n', "syntax"),
        ('[Game "Wari"]\n\n1. C+²\n', "syntax"),
        ('[Game "Wari"]\n\n' + "9" * 5000 + ". C *\n", "syntax"),
        ('[Game "Wari"]\n\n1. C 1-' + "0" * 5000 + "\n", "syntax"),
    ],
)
def test_texts_both_reject_with_a_clear_error(text: str, code: str) -> None:
    (record, *_) = read_text(text)
    assert record.errors[0].code == code
    assert grammar(text) is None
    assert_agree(text)


HUGE = "7" * 5000  # past Python's 4,300-digit limit for int()


@pytest.mark.parametrize(
    "movetext",
    [
        f"{HUGE}. C *",  # a move number
        f"1. C ${HUGE} *",  # a NAG
        f"1. C 1-{HUGE}",  # a result
        f"1. C+{HUGE} *",  # the numeric part of a move token
        f"1. C {HUGE}/2-1/2",
        "1. C+² *",  # a Unicode digit
        "1. C $² *",
        "1. C ¹-0",
    ],
    ids=["number", "nag", "result", "token", "points", "digit", "nag digit", "result digit"],
)
def test_numbers_too_long_or_not_ascii_are_a_damaged_record_not_an_exception(movetext: str) -> None:
    from notation import validate_record

    text = f'[Game "Wari"]\n\n{movetext}\n'
    (record,) = read_text(text)
    (error,) = record.errors
    assert error.code == "syntax" and "cannot read" in error.message
    assert "digits" in error.message  # what to write instead
    assert record.raw == text  # nothing is lost
    report = validate_record(record)
    assert [p.code for p in report.problems] == ["syntax"]
    assert grammar(text) is None
