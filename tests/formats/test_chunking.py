"""Cutting a file into games: one cutter (:class:`notation.formats.pmn.GameCutter`), whose
cut does not depend on how the bytes are delivered (in lines, in blocks of any size, in
pieces of any length), and which every way of reading PMN text cuts with."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.formats import pmn
from notation.formats.pmn import _iter_chunks_by_line, _iter_chunks_in_blocks, iter_chunks

PIECES = [
    '[Game "Wari"]\n',
    '  [Event "x"]\n',
    "\n",
    " \t\n",
    "\r\n",
    "\r junk\n",
    "1. C b *\n",
    "1. A {a comment\n",
    'still in it [Game "no"]\n',
    "}\n",
    "} 2. B *\n",
    "; a { line comment\n",
    "\x0c\n",
    "{c} ( 1. D ) *\n",
    "[not a tag\n",
    "\xff\xfe bad bytes\n",
    "no newline at the end",
    '[Game "Wari"] 1. C *\n',
    '[Game "Wari"] {a comment\n',
    '[Game "Wari"] [Event "{"]\n',
]


def both(data: bytes, block_size: int):
    by_line = list(_iter_chunks_by_line(io.BytesIO(data).readlines(), "s"))
    in_blocks = list(_iter_chunks_in_blocks(io.BytesIO(data), "s", block_size))
    return by_line, in_blocks


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.integers(1, 64))
def test_block_and_line_cutters_agree(pieces, block_size):
    data = "".join(pieces).encode("latin-1")
    by_line, in_blocks = both(data, block_size)
    assert in_blocks == by_line


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.lists(st.integers(1, 40), min_size=1))
def test_the_cut_does_not_depend_on_where_the_bytes_are_split(pieces, sizes):
    """Fed in pieces of any lengths (a pipe delivers what it has), the cutter gives the
    games it gives when fed line by line."""
    data = "".join(pieces).encode("latin-1")
    cutter = pmn.GameCutter("s", pmn._piece_chunk, pmn._same_chunk)
    games, at, turn = [], 0, 0
    while at < len(data):
        size = sizes[turn % len(sizes)]
        games.extend(cutter.feed_block(data[at : at + size]))
        at, turn = at + size, turn + 1
    games.extend(cutter.finish())
    assert games == list(_iter_chunks_by_line(io.BytesIO(data).readlines(), "s"))


def test_every_way_of_reading_pmn_text_cuts_with_the_one_cutter(monkeypatch):
    made = []

    class Counted(pmn.GameCutter):  # type: ignore[type-arg]
        def __init__(self, *args, **kwargs):
            made.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pmn, "GameCutter", Counted)
    data = b'[Game "Wari"]\n\n1. C b *\n\n[Game "Wari"]\n\n1. D *\n'
    ways = {
        "chunks of a binary stream": lambda: list(pmn.iter_chunks(io.BytesIO(data))),
        "chunks of lines": lambda: list(pmn.iter_chunks(data.decode().splitlines(True))),
        "headers of a binary stream": lambda: list(pmn.iter_headers(io.BytesIO(data))),
        "headers of lines": lambda: list(pmn.iter_headers(data.decode().splitlines(True))),
        "tagged games": lambda: list(pmn.iter_tagged(io.BytesIO(data))),
        "records": lambda: pmn.read_text(data.decode()),
    }
    for way, read in ways.items():
        made.clear()
        assert len(read()) == 2, way
        assert made == [1], way


def test_blocks_on_a_real_file_with_a_bom():
    data = b'\xef\xbb\xbf[Game "Wari"]\n\n1. C b *\n\n[Game "Wari"]\n\n1. A *\n'
    by_line, in_blocks = both(data, 7)
    assert in_blocks == by_line
    assert [c.line for c in in_blocks] == [1, 5]
    assert in_blocks[0].text.startswith("[Game")


def test_iter_chunks_picks_blocks_for_binary_files(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_bytes(b'[Game "Wari"]\n\n1. C b *\n')
    with path.open("rb") as stream:
        assert [c.line for c in iter_chunks(stream)] == [1]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.integers(1, 64))
def test_header_scan_gives_the_tags_the_reader_reads(pieces, block_size):
    """iter_headers on a binary stream decodes only tag sections; it gives each game's
    tags as the full reader reads them, from lines and from blocks of any size."""
    from notation.formats import pmn

    data = "".join(pieces).encode("latin-1")
    expected = [
        pmn._chunk_tags(chunk) for chunk in _iter_chunks_by_line(io.BytesIO(data).readlines(), "s")
    ]
    from_lines = list(pmn.iter_headers(io.BytesIO(data).readlines(), "s"))
    in_blocks = list(
        pmn._iter_in_blocks(io.BytesIO(data), "s", block_size, pmn._piece_tags, pmn._chunk_tags)
    )
    assert from_lines == expected
    assert in_blocks == expected
    records = list(pmn.iter_records(io.BytesIO(data).readlines(), "s"))
    assert [r.tags for r in records if not r.damaged] == [
        tags for tags, r in zip(expected, records, strict=True) if not r.damaged
    ]


def test_header_scan_of_a_binary_file_with_windows_lines_and_escapes(tmp_path):
    from notation.formats.pmn import iter_headers, iter_records

    data = (
        b'\xef\xbb\xbf[Game "Wari"]\r\n[Event "a \\"b\\" \\\\ c"]\r\n\r\n1. C b *\r\n\r\n'
        b'[Game "Wari"]\n[Site "\xc3\xa9t\xc3\xa9"]\n1. A *\n[Game "Trysse"]\n\n[Event "cut"]\n\n1. A *\n'
    )
    path = tmp_path / "g.pmn"
    path.write_bytes(data)
    with path.open("rb") as stream:
        headers = list(iter_headers(stream, str(path)))
    with path.open("rb") as stream:
        assert headers == [r.tags for r in iter_records(stream, str(path))]
    assert headers[0] == (("Game", "Wari"), ("Event", 'a "b" \\ c'))
    assert headers[1] == (("Game", "Wari"), ("Site", "été"))
    assert len(headers) == 4


def test_header_scan_of_tags_not_written_the_plain_way():
    """A "[" inside a value, two spaces, an escape: the full tag-pair pattern reads them."""
    from notation.formats.pmn import iter_headers, iter_records

    data = (
        b'[Game "Wari"]\n[Event "a [b] c"]\n[Site  "x"]\n[Round "\\\\"]\n\n1. C *\n\n'
        b'[Game "Wari"]\n[Event "plain"]\n\n1. A *\n'
    )
    headers = list(iter_headers(io.BytesIO(data)))
    assert headers == [r.tags for r in iter_records(io.BytesIO(data))]
    assert headers[0] == (("Game", "Wari"), ("Event", "a [b] c"), ("Site", "x"), ("Round", "\\"))
