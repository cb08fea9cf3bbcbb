"""What pmn writes, pmn reads (issue 25, "What pmn writes, pmn must read").

A property over every format of the registry (:data:`notation.formats.collection.FORMATS`,
written by :func:`notation.formats.collection.write_path` and read by
:func:`notation.formats.collection.read_path`): a record written in a format and read back is
the same record, games at the size cap (:data:`notation.core.limits.MAX_GAME_CHARS`)
included. PMN, JSON and JSON Lines hold everything a record holds, and give an
identical record. OGN holds Oware/Wari/Trysse games in Aualé's layout (a roster of
tags, comments' words spaced): the record read back is the same game, and writes the
same OGN text again. OpenSpiel actions hold a main line of the standard start: the
record read back plays the same actions. A format that cannot hold a record refuses
it (a PMNError saying why) and writes nothing.

A format added to the registry is taken here with no new test code: it is written
and read back, and compared whole (the PMN case) unless it is named in
``PARTIAL`` with what it holds.
"""

from __future__ import annotations

import dataclasses
import os
import random
import tempfile
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import find_variant
from notation.core.generate import random_record
from notation.core.limits import MAX_GAME_CHARS
from notation.core.record import Line, MoveNode, Record
from notation.errors import PMNError
from notation.formats.collection import FORMATS, read_path, write_path
from notation.formats.ogn import write_ogn_record
from notation.formats.openspiel import actions_of
from notation.formats.pmn import read_text, write_record

#: Boards and rulesets, by the tags that select them (every game of the registry).
GAMES: list[tuple[tuple[str, str], ...]] = [
    (("Game", "Trysse"),),
    (("Game", "Wari"),),
    (("Game", "Wari"), ("Rules", "abapa")),
    (("Game", "Tricala"),),
    (("Game", "Tricala"), ("Players", "3")),
    (("Game", "Trias"),),
    (("Game", "Kalah"),),
]

#: Text a record may hold in a tag value: anything but a line break (a PMN tag value
#: cannot run over two lines; docs/pmn.md section 1) and lone surrogates (no UTF-8).
TAG_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=12
)
#: Text a comment may hold: anything but "}" (written as ")" by PMN and OGN) and "\r"
#: (written as a line end or a space), documented losses that
#: notation.formats.collection.comment_losses names and the tests below hold, and lone surrogates.
COMMENT_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="}\r"), max_size=16
)
#: Characters that grow when a format escapes them: JSON writes `"` and `\` as two
#: characters and a control as six (\u0001); the issue's game is made of `"\` pairs.
GROWING = ['"\\', "\x01", "\\", "é\u202e", "<&>", "a b\t"]

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CAP_SETTINGS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_FOLDER = tempfile.mkdtemp(prefix="pmn-roundtrip-")


def _openspiel_game(record: Record) -> str | None:
    from notation.core.replay import record_variant

    return type(record_variant(record)).openspiel_name


def _same_ogn_game(record: Record, back: Record) -> None:
    text = write_ogn_record(record)
    assert write_ogn_record(back) == text  # nothing of the file was lost in reading it
    assert [n.token for n in back.mainline.moves] == [
        n.token for n in read_text(text)[0].mainline.moves
    ]
    assert back.result == record.result


def _same_actions(record: Record, back: Record) -> None:
    assert actions_of(back) == actions_of(record)


def _same_playok_game(record: Record, back: Record) -> None:
    from notation.formats.playok import format_playok

    assert format_playok(back) == format_playok(record)  # nothing of the file was lost
    assert [n.token for n in back.mainline.moves] == [n.token for n in record.mainline.moves]
    assert back.result == record.result


#: Formats that hold part of a record: how a record read back is compared with the one
#: written (every other format must give an identical record).
PARTIAL: dict[str, Callable[[Record, Record], None]] = {
    "ogn": _same_ogn_game,
    "openspiel-actions": _same_actions,
    "playok": _same_playok_game,  # the main line, tags, the comments after the result
}


def _path(fmt: str) -> str:
    return os.path.join(_FOLDER, f"games-{fmt}")


def write_and_read(records: list[Record], fmt: str) -> list[Record] | None:
    """The records written in ``fmt`` and read back; None when the format refuses them."""
    path = _path(fmt)
    if os.path.exists(path):
        os.unlink(path)
    try:
        write_path(records, path, fmt)
    except PMNError as refused:  # the format cannot hold a record: said, nothing written
        assert str(refused)
        assert not os.path.exists(path)
        return None
    game = None
    if fmt == "openspiel-actions":
        game = _openspiel_game(records[0])
    return list(read_path(path, fmt, game=game))


def assert_reads_back(records: list[Record], fmt: str) -> None:
    back = write_and_read(records, fmt)
    if back is None:
        assert fmt in PARTIAL, f"{fmt} refused records it must hold"
        return
    assert len(back) == len(records), (fmt, [r.errors for r in back])
    for record, again in zip(records, back, strict=True):
        assert again.damaged == record.damaged, (fmt, again.errors[:1])
        if fmt in PARTIAL:
            PARTIAL[fmt](record, again)
        else:
            assert again == record, fmt


def test_every_format_of_the_registry_is_written_and_read():
    record = random_record(find_variant("Wari", "abapa"), random.Random(3), max_moves=12)
    for fmt in FORMATS:
        back = write_and_read([record], fmt)
        assert back is not None and len(back) == 1 and not back[0].damaged, fmt


def _decorated(record: Record, event: str, comments: list[str], glyph: bool) -> Record:
    """A record with an Event tag, and comments before, after and at the end of its moves."""
    tags = (*record.tags, ("Event", event))
    moves = list(record.mainline.moves)
    line_comments: tuple[str, ...] = ()
    if moves:
        first = moves[0]
        moves[0] = dataclasses.replace(
            first,
            comments_before=tuple(comments[:1]),
            comments=tuple(comments[1:2]),
            glyph="!?" if glyph else first.glyph,
            nags=(7,) if glyph else first.nags,
        )
        if len(moves) > 1 and len(comments) > 2:
            moves[1] = dataclasses.replace(
                moves[1], variations=(Line((MoveNode(moves[1].token, comments=(comments[2],)),)),)
            )
    else:
        line_comments = tuple(comments[:1])
    mainline = Line(tuple(moves), line_comments)
    return dataclasses.replace(record, tags=tags, mainline=mainline)


@st.composite
def records(draw: st.DrawFn) -> Record:
    tags = draw(st.sampled_from(GAMES))
    table = dict(tags)
    variant = find_variant(table["Game"], table.get("Rules"), table)
    seed = draw(st.integers(0, 2**32 - 1))
    base = random_record(
        variant,
        random.Random(seed),
        tags=list(tags),
        max_moves=draw(st.integers(0, 30)),
        long=draw(st.booleans()),
    )
    return _decorated(
        base,
        draw(TAG_TEXT),
        draw(st.lists(COMMENT_TEXT, max_size=3)),
        draw(st.booleans()),
    )


@pytest.mark.parametrize("fmt", list(FORMATS))
@SETTINGS
@given(games=st.lists(records(), min_size=1, max_size=3))
def test_what_is_written_reads_back(fmt, games):
    assert_reads_back(games, fmt)


def test_a_damaged_record_is_carried_through_every_format_that_holds_it():
    (damaged,) = read_text('[Game "Wari"]\n\n1. C b ) {kept\x01} 2. D e *\n')
    assert damaged.damaged and damaged.raw
    for fmt in FORMATS:
        back = write_and_read([damaged], fmt)
        if back is None:
            assert fmt in PARTIAL
            continue
        (again,) = back
        assert again.damaged and again.raw == damaged.raw, fmt


def game_at_the_cap(unit: str, slack: int) -> Record:
    """A valid Wari game (abapa: every format holds it) whose PMN text is MAX_GAME_CHARS
    less ``slack`` characters long, most of it a comment of ``unit`` repeated."""
    base = random_record(find_variant("Wari", "abapa"), random.Random(7), max_moves=20)
    first = base.mainline.moves[0]
    size = len(write_record(base)) + 3  # "{", "}" and a space
    count = MAX_GAME_CHARS - slack - size
    comment = (unit * (count // len(unit) + 1))[:count]
    moves = (dataclasses.replace(first, comments=(comment,)), *base.mainline.moves[1:])
    record = dataclasses.replace(base, mainline=Line(moves))
    text = write_record(record)
    assert MAX_GAME_CHARS - slack - 2 <= len(text.rstrip("\n")) <= MAX_GAME_CHARS, len(text)
    (read,) = read_text(text)
    assert not read.damaged and read == record  # a game pmn reads
    return record


@pytest.mark.parametrize("fmt", list(FORMATS))
@CAP_SETTINGS
@given(unit=st.sampled_from(GROWING), slack=st.integers(2, 64))
def test_a_game_at_the_size_cap_reads_back(fmt, unit, slack):
    assert_reads_back([game_at_the_cap(unit, slack)], fmt)


def test_a_game_of_600000_characters_of_quote_backslash_pairs_reads_back_as_json_lines():
    """The game of the issue: 600,064 characters of PMN, 1,200,168 of JSON Lines."""
    record = game_at_the_cap('"\\', MAX_GAME_CHARS - 600_064)
    assert len(write_record(record).rstrip("\n")) in range(600_062, 600_065)
    assert_reads_back([record], "jsonl")


def _with_comment(text: str) -> Record:
    return Record(
        (("Game", "Wari"), ("Result", "*")),
        Line((MoveNode("C", "1.", comments=(text,)), MoveNode("D"))),
        "*",
    )


@pytest.mark.parametrize("fmt", ["pmn", "json", "jsonl"])
@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("a\r\nb", "a\nb"),  # CRLF: a line end
        ("a\rb", "a b"),  # a lone CR: a space, as the PMN reader reads a file's
        ("x}\ny", "x)\ny"),  # "}" in a comment of two lines: ")"
        ("x}\ry", "x} y"),  # "}" in a comment of one line is kept (a ";" comment)
    ],
)
def test_a_comment_a_format_cannot_hold_reads_back_as_said(fmt, text, read):
    """A record made in code may hold a carriage return (and "}" with a line break)
    in a comment; what is written reads back (JSON refused it as bad-record), the
    same from every format, and comment_losses says what changed."""
    from notation.formats.collection import comment_losses

    (back,) = write_and_read([_with_comment(text)], fmt)
    assert not back.damaged, back.errors
    assert back.mainline.moves[0].comments == (read,)
    assert comment_losses(_with_comment(text), fmt)


def test_a_game_of_no_moves_is_refused_as_openspiel_actions():
    """A blank line of actions reads back as no game: the writer refuses such a game
    (it wrote a blank line, and the file read back held one game fewer)."""
    empty = Record((("Game", "Wari"), ("Rules", "abapa"), ("Result", "*")), Line(()), "*")
    assert write_and_read([empty], "openspiel-actions") is None


def test_an_ogn_text_longer_than_the_cap_is_refused():
    """A game within the cap whose OGN text (a number before every move) passes it is
    refused with the reason; the OGN reader would have read it as too-large."""
    moves = tuple(MoveNode(token) for token in ["C", "D"] * (MAX_GAME_CHARS // 4 - 100))
    record = Record((("Game", "Wari"), ("Result", "*")), Line(moves), "*")
    assert len(write_record(record)) <= MAX_GAME_CHARS
    with pytest.raises(PMNError, match="OGN text would be"):
        write_ogn_record(record)
