"""An output named for a compression: written compressed where the standard library can
(gzip, bzip2, xz, lzma), refused (exit 2, nothing written) where it cannot, never plain
text under a compressed name (issue 37). Before: ``convert -o c.pmn.zst`` wrote plain
text, which ``pmn validate`` then called Zstandard."""

from __future__ import annotations

import bz2
import gzip
import lzma

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files.outputs import UnwritableOutputError, safe_output

GAME = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f 3. A a *\n'


@pytest.mark.parametrize(
    ("suffix", "named"),
    [
        (".zst", "Zstandard"),
        (".zip", "ZIP"),
        (".7z", "7-Zip"),
        (".rar", "RAR"),
        (".lz4", "LZ4"),
        (".br", "Brotli"),
        (".tgz", "tar"),
        (".tar", "tar"),
        (".Z", "compress"),
    ],
)
@pytest.mark.parametrize("command", ["convert", "fmt", "select", "repair"])
def test_an_output_named_for_a_compression_pmn_cannot_write_is_refused(
    tmp_path, suffix, named, command
):
    source = tmp_path / "wari.pmn"
    source.write_text(GAME)
    out = tmp_path / f"c.pmn{suffix}"
    args = [command, str(source), "-o", str(out)]
    result = CliRunner().invoke(pmn, args)
    assert result.exit_code == 2, result.output
    assert named in result.output and "gzip" in result.output
    assert not out.exists()
    assert not list(tmp_path.rglob(f"*{suffix}"))
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("suffix", "opener"),
    [
        (".gz", gzip.open),
        (".gzip", gzip.open),
        (".bz2", bz2.open),
        (".xz", lzma.open),
        (".lzma", lzma.open),
    ],
)
def test_an_output_named_for_a_compression_pmn_reads_is_written_compressed(
    tmp_path, suffix, opener
):
    source = tmp_path / "wari.pmn"
    source.write_text(GAME)
    out = tmp_path / f"c.pmn{suffix}"
    result = CliRunner().invoke(pmn, ["convert", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    with opener(out, "rt") as stream:
        assert '[South "Ada"]' in stream.read()
    assert CliRunner().invoke(pmn, ["validate", str(out)]).exit_code == 0


def test_the_library_refuses_it_too(tmp_path):
    with (
        pytest.raises(UnwritableOutputError, match="Zstandard"),
        safe_output(str(tmp_path / "c.pmn.zst")) as out,
    ):
        out.write(GAME)
    assert not list(tmp_path.iterdir())
