"""The format registry (issue 26): reading, writing, the archive sink and convert ask it,
so a format is one module and one entry (it was branched on by hand in four places)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import IO

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text
from notation.core.record import Record
from notation.formats import registry
from notation.formats.collection import FORMATS, detect_format, read_path, write_path
from notation.formats.registry import Format, RecordSink, find_format, formats, sniff

GAME = '[Game "Wari"]\n[Rules "abapa"]\n[Result "*"]\n\n1. C b *\n'


# a toy format for the test: PMN text upper-cased, read back lower-cased
def read_shouted(stream: IO[bytes], source: str, game: str | None = None) -> Iterator[Record]:
    return iter(read_text(stream.read().decode("utf-8").lower(), source))


class ShoutedWriter:
    def __init__(self, out: IO[str], width: int = 0) -> None:
        self.out = out

    def write(self, record: Record) -> None:
        from notation.formats.pmn import write_record

        self.out.write(write_record(record).upper())

    def close(self) -> None:
        self.out.write("; THE END\n")


def test_reading_and_writing_ask_the_registry(tmp_path, monkeypatch):
    toy = Format(
        "shouted",
        (".shout",),
        "PMN, upper-cased",
        f"{__name__}:read_shouted",
        f"{__name__}:ShoutedWriter",
    )
    monkeypatch.setitem(registry._BY_NAME, "shouted", toy)
    path = tmp_path / "games.shout"
    write_path(read_text(GAME.replace("Wari", "wari")), str(path), "shouted")
    assert path.read_text().startswith('[GAME "WARI"]') and path.read_text().endswith("END\n")
    (back,) = read_path(str(path), "shouted")
    assert back.tag("game") == "wari" and [n.token for n in back.mainline.moves] == ["c", "b"]


def test_every_format_has_a_reader_and_a_writer_that_load():
    for entry in formats():
        assert callable(registry._load(entry.reader)), entry.name
        assert callable(registry._load(entry.writer)), entry.name
    assert list(FORMATS) == [entry.name for entry in formats()]


def test_extensions_and_first_bytes_select_a_format():
    assert [detect_format(p) for p in ("a.pmn", "a.JSON", "a.ndjson", "a.ogn", "a.xyz")] == [
        "pmn",
        "json",
        "jsonl",
        "ogn",
        "pmn",
    ]
    assert sniff(b'\xef\xbb\xbf [Variant "Oware"]').name == "ogn"
    assert sniff(b'  [{"tags": []}]').name == "json"
    assert sniff(b'[Game "Wari"]').name == "pmn"
    with pytest.raises(registry.UnknownFormatError, match="the formats are pmn, json"):
        find_format("sgf")


@pytest.mark.parametrize("fmt", [entry.name for entry in formats()])
def test_the_sink_writes_what_write_path_writes(fmt, tmp_path):
    """The archive commands' streaming sink and write_path give the same bytes."""
    records = read_text(GAME + "\n" + GAME.replace("1. C b", "1. D c"))
    path = tmp_path / "out"
    write_path(records, str(path), fmt)
    buffer = io.StringIO()
    sink = RecordSink(buffer, fmt)
    for record in records:
        sink.write(record)
    sink.close()
    assert buffer.getvalue() == path.read_text(encoding="utf-8")


def test_convert_takes_its_hole_naming_rule_from_the_registry(tmp_path):
    source = tmp_path / "g.pmn"
    source.write_text(GAME)
    named = [entry.name for entry in formats() if entry.names_holes]
    assert named == ["ogn", "openspiel-actions"]
    for fmt in named:
        result = CliRunner().invoke(
            pmn, ["convert", str(source), "--to", fmt, "--to-pits", "numbers"]
        )
        assert result.exit_code == 2 and "names the holes its own way" in result.output
