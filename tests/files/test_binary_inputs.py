"""A file that is not text at all (a picture, an archive, a database) named like a record
is said once not to be a text record, with what it looks like (issue 37). Before: a PNG
named ``.pmn`` gave 15 blocks of "name the file's encoding" advice."""

from __future__ import annotations

import gzip
import struct
import zlib

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files.sources import SourceError, open_source


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + bytes(range(256)) * 3 for _ in range(64))
    header = struct.pack(">IIBBBBB", 768, 64, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 0))
        + chunk(b"IEND", b"")
    )


BINARIES = {
    "PNG": _png(),
    "ZIP": b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(256)) * 4,
    "PDF": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + bytes(range(128, 256)) * 4,
    "JPEG": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 4,
    "SQLite": b"SQLite format 3\x00" + bytes(range(256)) * 4,
}


@pytest.mark.parametrize("kind", sorted(BINARIES))
def test_a_binary_file_named_pmn_is_said_once_not_to_be_text(tmp_path, kind):
    path = tmp_path / "board.pmn"
    path.write_bytes(BINARIES[kind])
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.output.count("not a text record") == 1, result.output
    assert kind in result.output
    assert "--encoding" not in result.output
    assert len(result.output.splitlines()) <= 3, result.output


def test_a_gzipped_picture_is_found_inside_the_compression(tmp_path):
    path = tmp_path / "board.pmn.gz"
    path.write_bytes(gzip.compress(BINARIES["PNG"]))
    with pytest.raises(SourceError, match="not a text record: it looks like a PNG"):
        open_source(str(path))


@pytest.mark.parametrize("command", ["convert", "stats", "select", "fmt", "show"])
def test_every_command_says_it(tmp_path, command):
    path = tmp_path / "board.pmn"
    path.write_bytes(BINARIES["PNG"])
    result = CliRunner().invoke(pmn, [command, str(path)])
    assert result.exit_code == 1
    assert "not a text record" in result.output and "PNG" in result.output
    assert "--encoding" not in result.output


def test_text_that_starts_like_nothing_binary_is_still_read(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text('[Game "Wari"]\n[Result "*"]\n\n1. C *\n')
    with open_source(str(path)) as stream:
        assert stream.read().startswith(b"[Game")
