"""Caps applied while reading (issue 25, Unbounded reading): a game or a line over what a
reader holds (:data:`notation.core.limits.MAX_KEPT_BYTES`) is cut off as it streams, never
held whole, compressed input included; cutting a file into games is linear in its
size; a game cut off is never written as if it were nothing.

Each test failed before the caps: the gzip of one long line was held whole (1.5 GB
for 512 MiB), the unfinished game was scanned again for every block (16/32/64 MiB of
movetext: 0.5/1.4/4.4 s), JSON Lines copied its unfinished line for every block and
OpenSpiel actions read a line whole.
"""

from __future__ import annotations

import gzip
import io
import tracemalloc

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.core.limits import MAX_KEPT_BYTES, is_cut_off
from notation.formats import pmn as pmn_module
from notation.formats.collection import read_path

GOOD = '[Game "Wari"]\n\n1. C b *\n'
MIB = 1 << 20


#: A good game in each format, after the long line.
AFTER = {
    "pmn": GOOD,
    "ogn": GOOD,
    "jsonl": '{"tags": [["Game", "Wari"]], "moves": [{"move": "C"}], "result": "*"}\n',
    "openspiel-actions": "0 1 2\n",
}


def _gzip_of_one_line(path, mib: int, unit: bytes, after: str) -> None:
    with gzip.open(path, "wb", compresslevel=1) as out:
        block = unit * (MIB // len(unit))
        for _ in range(mib):
            out.write(block)
        out.write(b"\n" + after.encode())


def _peak_of(read) -> tuple[list, int]:
    tracemalloc.start()
    try:
        found = read()
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("fmt", ["pmn", "ogn", "jsonl", "openspiel-actions"])
def test_a_compressed_line_longer_than_is_held_is_cut_off_as_it_streams(fmt, tmp_path):
    """A gzip of one 48 MiB line, then a good game: the line is one damaged record, cut
    off (no text held), and memory stays a small part of the line; the game after it
    is read."""
    path = tmp_path / "bomb.gz"
    unit = b"0 1 2 " if fmt == "openspiel-actions" else b"1. C b "
    _gzip_of_one_line(path, 48, unit, AFTER[fmt])
    records, peak = _peak_of(lambda: list(read_path(str(path), fmt, game="oware")))
    assert is_cut_off(records[0]) and records[0].errors[0].code == "too-large"
    line = 48 * (MIB // len(unit)) * len(unit) + 1  # with its line break
    assert f"{line:,}" in records[0].errors[0].message
    assert peak < 2 * MAX_KEPT_BYTES + 8 * MIB, f"{peak:,} bytes held"
    assert len(records) == 2 and not records[1].damaged


def test_cutting_a_file_into_games_is_linear(monkeypatch):
    """64 MiB of movetext with no tag line: the block cutter scans each byte a bounded
    number of times (it scanned the unfinished game again for every block: about
    32 times the file for 64 blocks)."""
    scanned = []
    game_end = pmn_module._game_end

    def counting(data: bytes, start: int) -> int:
        scanned.append(len(data) - start)
        return game_end(data, start)

    monkeypatch.setattr(pmn_module, "_game_end", counting)
    line = b"1. C b 2. D c 3. E d " * 20 + b"\n"
    data = line * (64 * MIB // len(line))
    chunks = list(pmn_module.iter_chunks(io.BufferedReader(io.BytesIO(data)), "big.pmn"))
    assert len(chunks) == 1 and chunks[0].cut == len(data)
    assert sum(scanned) <= 4 * len(data), f"{sum(scanned) / len(data):.1f} times the file"


def test_a_game_held_whole_after_a_cut_one_is_read_as_usual():
    """After a game cut off, the cutter goes back to whole blocks: the games after it are
    the games a file of them alone gives (comments, tag lines and all)."""
    tail = (GOOD + "\n" + '[Game "Wari"]\n\n1. C {a [comment]\n[Not "a tag"]} b *\n') * 3
    data = b'[Game "Wari"]\n\n' + b"1. C b " * (MAX_KEPT_BYTES // 6) + b"\n\n" + tail.encode()
    found = list(pmn_module.iter_chunks(io.BufferedReader(io.BytesIO(data)), "f.pmn"))
    alone = list(pmn_module.iter_chunks(io.BufferedReader(io.BytesIO(tail.encode())), "f.pmn"))
    assert found[0].cut and len(found) == 1 + len(alone) == 7
    assert [c.text for c in found[1:]] == [c.text for c in alone]
    first_line = data.count(b"\n", 0, data.index(tail.encode())) + 1
    assert [c.line for c in found[1:]] == [c.line + first_line - 1 for c in alone]


def test_a_game_cut_off_is_not_converted_as_nothing(tmp_path):
    """convert refuses to write a game whose text was not kept, and says which: it wrote
    nothing, rather than a record of no moves in its place."""
    path = tmp_path / "big.pmn"
    path.write_bytes(
        b'[Game "Wari"]\n[Event "'
        + b"y" * (MAX_KEPT_BYTES + 10)
        + b'"]\n\n1. C *\n\n'
        + GOOD.encode()
    )
    out = tmp_path / "out.json"
    result = CliRunner().invoke(pmn, ["convert", str(path), "--to", "json", "-o", str(out)])
    assert result.exit_code == 1
    assert "bytes long" in result.output and "game 1" in result.output
    assert not out.exists()


def test_every_reader_of_a_cut_game_leaves_a_too_large_game_unread(monkeypatch):
    """The reader is the one place the cap is applied: the index, the recorder and the
    validator's cheap reader asked it for a too-large game and got the game read in full
    (pmn index on one 16 MiB game: 112 s and 2.3 GB; pmn record --resume: 723 MB)."""
    from notation.formats import reader as reader_module
    from notation.formats.pmn import Chunk, read_chunk
    from notation.formats.validate import validate_game
    from tests.quick import quick_record

    moves = "C b " * 300_000  # 1,200,000 characters of plain movetext
    chunk = Chunk(f'[Game "Wari"]\n\n{moves}*\n', 1, "big.pmn")
    monkeypatch.setattr(reader_module, "_read_tokens", None)  # reading the text would fail
    monkeypatch.setattr(reader_module, "_read_quickly", None)
    assert read_chunk(chunk).errors[0].code == "too-large"
    assert quick_record(chunk) is None
    (problem,) = validate_game(chunk).problems
    assert problem.code == "too-large"


def test_index_and_record_answer_at_once_on_a_too_large_game(tmp_path):
    path = tmp_path / "big.pmn"
    path.write_text('[Game "Wari"]\n\n' + "C b " * 300_000 + "*\n", encoding="utf-8")
    runner = CliRunner()
    indexed = runner.invoke(pmn, ["index", str(path), "-o", str(tmp_path / "ix.sqlite")])
    assert indexed.exit_code == 0, indexed.output
    resumed = runner.invoke(pmn, ["record", "--resume", str(path)], input="")
    assert resumed.exit_code == 1 and "cannot resume" in resumed.output
    assert "characters long" in resumed.output


def test_fmt_stops_at_a_game_too_long_to_hold(tmp_path):
    """fmt reads a file whole to compare it with its canonical text; a gzip of one 48 MiB
    line (no line that could start a game for MAX_KEPT_BYTES) is refused as soon as
    that is known, the file left as it is (it read all of it: 256 MiB took 593 MB)."""
    path = tmp_path / "bomb.pmn.gz"
    _gzip_of_one_line(path, 48, b"1. C b ", GOOD)
    before = path.read_bytes()
    for args in (["fmt", str(path)], ["fmt", "-i", str(path)]):
        result = CliRunner().invoke(pmn, args)
        assert result.exit_code == 1
        assert "runs past 32,000,000 bytes" in result.output
        assert "the file is left as it is" in result.output
    assert path.read_bytes() == before


def test_render_refuses_a_page_of_more_positions_than_it_draws(tmp_path):
    """100,000 nested variations made a page of 660 MB (695 MB and past 20 s); a record
    past notation.render.html.MAX_PAGE_POSITIONS is a RenderError that says how many."""
    from notation.render.html import MAX_PAGE_POSITIONS

    depth = MAX_PAGE_POSITIONS
    path = tmp_path / "deep.pmn"
    path.write_text('[Game "Wari"]\n\n1. C ' + "(1. D " * depth + ")" * depth + " *\n")
    result = CliRunner().invoke(pmn, ["render", str(path), "-o", str(tmp_path / "p.html")])
    assert result.exit_code == 1
    assert f"reaches {depth + 2:,} positions" in result.output
    assert not (tmp_path / "p.html").exists()
