"""Compressed and foreign-encoded input (notation.files.sources), issue 14."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files.sources import SourceDecodeError, SourceError, open_source, strip_compression
from notation.formats.collection import read_path
from notation.formats.jsonform import write_json
from notation.formats.pmn import read_text

TEXT = """\
[Game "Wari"]
[Site "Hainé"]
[South "Zoë"]

1. C b *

[Game "Wari"]
[Site "Accra"]

1. D *
"""
RECORDS = read_text(TEXT)

COMPRESSORS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}


@pytest.mark.parametrize("extension", list(COMPRESSORS))
def test_compressed_files_read_by_extension(tmp_path, extension):
    path = tmp_path / f"games.pmn{extension}"
    path.write_bytes(COMPRESSORS[extension](TEXT.encode("utf-8")))
    assert list(read_path(str(path))) == RECORDS


@pytest.mark.parametrize("extension", list(COMPRESSORS))
def test_compressed_data_found_by_magic_bytes_on_stdin(extension):
    data = COMPRESSORS[extension](TEXT.encode("utf-8"))
    result = CliRunner().invoke(pmn, ["select", "-", "--tag", "Site=Hainé"], input=data)
    assert result.exit_code == 0, result.output
    assert read_text(result.stdout) == RECORDS[:1]


def test_a_gzip_file_without_its_extension_is_found_by_magic_bytes(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_bytes(gzip.compress(TEXT.encode("utf-8")))
    assert list(read_path(str(path))) == RECORDS


def test_compressed_json_lines_keep_their_format(tmp_path):
    buffer = io.StringIO()
    write_json(RECORDS, buffer, lines=True)
    path = tmp_path / "games.jsonl.gz"
    path.write_bytes(gzip.compress(buffer.getvalue().encode("utf-8")))
    assert strip_compression(str(path)).endswith(".jsonl")
    assert list(read_path(str(path))) == RECORDS


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_byte_order_marks_are_recognised(tmp_path, encoding):
    path = tmp_path / "games.pmn"
    data = TEXT.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data  # utf-16-be writes no mark of its own
    path.write_bytes(data)
    assert list(read_path(str(path))) == RECORDS


def test_utf8_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8"))
    assert list(read_path(str(path))) == RECORDS
    assert list(read_path(str(path), encoding="utf-8")) == RECORDS


def test_a_named_encoding_is_decoded(tmp_path):
    path = tmp_path / "latin1.pmn"
    path.write_bytes(TEXT.encode("latin-1"))
    assert list(read_path(str(path), encoding="latin-1")) == RECORDS
    result = CliRunner().invoke(pmn, ["select", str(path), "--encoding", "cp1252"])
    assert result.exit_code == 0 and read_text(result.stdout) == RECORDS


def test_a_byte_that_does_not_decode_stops_with_its_line_and_column(tmp_path):
    path = tmp_path / "latin1.pmn"
    path.write_bytes(TEXT.encode("latin-1"))
    # line 2 is [Site "Hainé"]: the é (byte 0xe9) is its 12th character
    with pytest.raises(SourceDecodeError) as caught:
        list(read_path(str(path), encoding="utf-8"))
    assert (caught.value.line, caught.value.column, caught.value.byte) == (2, 12, 0xE9)
    result = CliRunner().invoke(pmn, ["select", str(path), "--encoding", "utf-8"])
    assert result.exit_code == 1
    assert f"{path}:2:12: byte 0xe9 is not valid utf-8" in result.output
    assert "--encoding" in result.output and "\ufffd" not in result.output


def test_a_bad_utf16_unit_is_located(tmp_path):
    path = tmp_path / "games.pmn"
    # a low surrogate with no high one before it, on line 3 after "ab"
    body = '[Game "Wari"]\n\nab'.encode("utf-16-le") + b"\x00\xdc" + "c *\n".encode("utf-16-le")
    path.write_bytes(b"\xff\xfe" + body)
    with pytest.raises(SourceDecodeError) as caught:
        list(read_path(str(path)))
    assert (caught.value.line, caught.value.column) == (3, 3)


def test_without_encoding_a_non_utf8_game_is_damaged_and_reported_with_a_hint(tmp_path):
    path = tmp_path / "latin1.pmn"
    path.write_bytes(TEXT.encode("latin-1"))
    result = CliRunner().invoke(pmn, ["select", str(path), "--count"])
    assert result.exit_code == 1
    assert result.stdout == "2\n"  # the second game still reads
    assert f"{path}:2:12" in result.stderr and "--encoding" in result.stderr


def test_unknown_encodings_and_zstandard_are_clear_errors(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(TEXT, encoding="utf-8")
    with pytest.raises(SourceError, match="unknown encoding"):
        open_source(str(path), "klingon")
    result = CliRunner().invoke(pmn, ["select", str(path), "--encoding", "klingon"])
    # a usage error (exit 2) since issue 25: --encoding is checked when it is parsed
    assert result.exit_code == 2 and "unknown encoding 'klingon'" in result.output
    zst = tmp_path / "games.pmn.zst"
    zst.write_bytes(b"\x28\xb5\x2f\xfd" + b"\x00" * 8)
    result = CliRunner().invoke(pmn, ["select", str(zst)])
    assert result.exit_code == 1 and "Zstandard" in result.output
    assert "Traceback" not in result.output


def test_long_inputs_decode_across_blocks(tmp_path):
    # more than one 64 KiB block, with a two-byte character on a block boundary
    games = ['[Game "Wari"]\n[Site "é"]\n\n1. C *\n'] * 5000
    text = "\n".join(games)
    path = tmp_path / "big.pmn"
    path.write_bytes(text.encode("utf-16"))
    records = list(read_path(str(path)))
    assert len(records) == 5000 and all(r.tag("Site") == "é" for r in records)


@pytest.mark.parametrize("extension", list(COMPRESSORS))
def test_cut_short_compressed_data_is_a_clear_error_in_every_command(tmp_path, extension):
    path = tmp_path / f"games.pmn{extension}"
    path.write_bytes(COMPRESSORS[extension](TEXT.encode("utf-8") * 50)[:60])
    for command in (["select", "--count"], ["validate"], ["convert"]):
        result = CliRunner().invoke(pmn, [command[0], str(path), *command[1:]])
        assert result.exit_code == 1, (command, result.output)
        assert "damaged or cut short" in result.output, (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_bad_utf16_unit_is_a_clear_error_for_validate_too(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_bytes(b"\xff\xfe" + '[Game "Wari"]\n\n'.encode("utf-16-le") + b"\x00\xdc")
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 1 and f"{path}:3:1: byte 0x00 is not valid utf-16" in result.output
    assert isinstance(result.exception, SystemExit)


def test_validate_and_convert_read_a_latin1_file_with_encoding(tmp_path):
    """``--encoding`` means the same in validate and convert as in the archive commands."""
    from click.testing import CliRunner
    from notation.cli.main import pmn

    text = '[Game "Wari"]\n[South "Zoë Müller"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b *\n'
    path = tmp_path / "latin1.pmn"
    path.write_bytes(text.encode("latin-1"))
    runner = CliRunner()
    checked = runner.invoke(pmn, ["validate", "--encoding", "latin-1", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "Zoë Müller" in checked.output
    converted = runner.invoke(pmn, ["convert", "--encoding", "latin-1", str(path), "--to", "json"])
    assert converted.exit_code == 0, converted.output
    assert "Zoë Müller" in converted.stdout and "\ufffd" not in converted.stdout
    wrong = runner.invoke(pmn, ["validate", "--encoding", "utf-8", str(path)])
    assert wrong.exit_code == 1 and "--encoding" in wrong.output


def test_a_json_file_that_is_not_utf8_is_an_error_not_replacement_characters(tmp_path):
    from click.testing import CliRunner
    from notation.cli.main import pmn

    path = tmp_path / "latin1.json"
    path.write_bytes(
        '[{"tags": [["Game", "Wari"], ["South", "Zoë"]], "moves": [], "result": "*"}]'.encode(
            "latin-1"
        )
    )
    result = CliRunner().invoke(pmn, ["convert", str(path), "--to", "pmn"])
    assert result.exit_code == 1
    assert "\ufffd" not in result.output
    assert f"{path}:1:" in result.output and "--encoding" in result.output
    fixed = CliRunner().invoke(pmn, ["convert", "--encoding", "latin-1", str(path), "--to", "pmn"])
    assert fixed.exit_code == 0 and '[South "Zoë"]' in fixed.stdout
