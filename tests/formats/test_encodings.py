"""``--encoding`` names a text encoding (issue 25, Encodings): a codec that is not one
(bytes to bytes, text to text, host names, escapes) is a usage error, exit 2, in every
command that reads records; the library refuses it with ``SourceError``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files.sources import SourceError, open_source, text_encoding

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "wari-annotated.pmn"

NOT_TEXT = ["base64", "hex", "rot13", "zlib_codec", "uu", "idna", "punycode", "unicode_escape"]


@pytest.mark.parametrize("codec", [*NOT_TEXT, "no-such-codec"])
@pytest.mark.parametrize("command", [["validate"], ["select"], ["index", "-o", "x.sqlite"]])
def test_a_codec_that_is_not_a_text_encoding_is_a_usage_error(
    codec: str, command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(pmn, [command[0], str(GAME), "--encoding", codec, *command[1:]])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "not a text encoding" in result.output or "unknown encoding" in result.output
    assert not (tmp_path / "x.sqlite").exists()


def test_a_file_with_a_lone_surrogate_escape_is_never_decoded_by_unicode_escape(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.pmn"
    path.write_bytes(GAME.read_bytes().replace(b"[South", b'[Annotator "\\ud800"]\n[South', 1))
    result = CliRunner().invoke(pmn, ["validate", str(path), "--encoding", "unicode_escape"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize("codec", NOT_TEXT)
def test_the_library_refuses_them_too(codec: str) -> None:
    with pytest.raises(SourceError):
        text_encoding(codec)
    with pytest.raises(SourceError):
        open_source(str(GAME), codec)


@pytest.mark.parametrize("codec", ["utf-8", "latin-1", "cp1252", "utf-16", "utf-8-sig"])
def test_text_encodings_are_taken(codec: str) -> None:
    assert text_encoding(codec)
    result = CliRunner().invoke(pmn, ["validate", str(GAME), "--encoding", "latin-1"])
    assert result.exit_code == 0, result.output


# -- what pmn writes, pmn reads (issue 25): a game within the cap, in JSON Lines ----------


@pytest.mark.parametrize("to", ["jsonl", "json"])
def test_a_game_at_the_size_cap_comes_back_from_json(tmp_path: Path, to: str) -> None:
    """A 600,064-character game whose comment is ``"\\`` pairs: its JSON line is twice as
    long, and was refused as too-large when read back."""
    from notation.core.limits import MAX_GAME_CHARS

    head = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n1. C {'
    tail = "} *\n"
    comment = '"\\' * ((600_064 - len(head) - len(tail)) // 2)
    text = head + comment + tail
    assert len(text) <= MAX_GAME_CHARS
    source = tmp_path / "big.pmn"
    source.write_text(text)
    runner = CliRunner()
    converted = tmp_path / f"big.{to}"
    done = runner.invoke(pmn, ["convert", str(source), "-o", str(converted)])
    assert done.exit_code == 0, done.output
    assert len(converted.read_text()) > 2 * len(comment)
    back = tmp_path / "back.pmn"
    done = runner.invoke(pmn, ["convert", str(converted), "-o", str(back)])
    assert done.exit_code == 0, done.output
    direct = tmp_path / "direct.pmn"  # the same record written as PMN straight away
    assert runner.invoke(pmn, ["convert", str(source), "-o", str(direct)]).exit_code == 0
    assert back.read_text() == direct.read_text()
    assert comment in back.read_text()


# -- damaged text is kept as read (issue 25): carriage returns included --------------------

LONE_CR = b'[Game "Wari"]\r[South "Ada"]\r\r1. C b {oops *\r\r[Game "Wari"]\r\r1. C *\r'
CRLF = b'[Game "Wari"]\r\n\r\n1. C {never closed *\r\n'


@pytest.mark.parametrize("data", [LONE_CR, CRLF], ids=["lone-cr", "crlf"])
def test_fmt_in_place_leaves_a_damaged_record_exactly_as_read(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "g.pmn"
    path.write_bytes(data)
    result = CliRunner().invoke(pmn, ["fmt", "-i", str(path)])
    assert result.exit_code == 1 and "not formatted" in result.output
    assert path.read_bytes() == data


@pytest.mark.parametrize("data", [LONE_CR, CRLF], ids=["lone-cr", "crlf"])
@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_a_damaged_record_comes_back_from_json_as_read(
    tmp_path: Path, data: bytes, to: str
) -> None:
    path = tmp_path / "g.pmn"
    path.write_bytes(data)
    runner = CliRunner()
    assert (
        runner.invoke(pmn, ["convert", str(path), "-o", str(tmp_path / f"g.{to}")]).exit_code == 1
    )
    back = tmp_path / "back.pmn"
    assert (
        runner.invoke(pmn, ["convert", str(tmp_path / f"g.{to}"), "-o", str(back)]).exit_code == 1
    )
    assert back.read_bytes() == data
