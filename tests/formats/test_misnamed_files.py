"""A file whose name says one format and whose content is another (issue 28): JSON named
``.pmn`` or ``.txt`` is read as JSON with a warning that the name misled; what cannot be
read without being told more says what it looks like and which ``--from`` reads it.
Before: ``cannot read tag pair [`` and ``INVALID: ? (?), ?``."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text
from notation.formats.collection import (
    FormatMismatchError,
    MisnamedFileWarning,
    content_family,
    read_path,
    read_tags,
    write_path,
)

GAME = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f 3. A a *\n'


@pytest.fixture
def json_text(tmp_path):
    path = tmp_path / "made.json"
    write_path(read_text(GAME), str(path))
    return path.read_text()


def test_json_in_a_txt_file_is_read_as_json(tmp_path, json_text):
    """.txt names no one format (PMN and PlayOK exports share it): its content decides."""
    path = tmp_path / "games.txt"
    path.write_text(json_text)
    (record,) = read_path(str(path))
    assert record.tag("South") == "Ada" and not record.damaged


@pytest.mark.parametrize("name", ["games.pmn", "games.pmn.gz"])
def test_json_named_as_pmn_is_read_as_json_with_a_warning(tmp_path, json_text, name):
    path = tmp_path / name
    if name.endswith(".gz"):
        import gzip

        path.write_bytes(gzip.compress(json_text.encode()))
    else:
        path.write_text(json_text)
    with pytest.warns(MisnamedFileWarning, match=r"read as JSON: the name says PMN"):
        (record,) = read_path(str(path))
    assert not record.damaged
    assert record.tag("South") == "Ada"
    assert [m.token for m in record.mainline] == ["C", "b", "E", "f", "A", "a"]


def test_json_lines_named_as_pmn_are_read(tmp_path, json_text):
    (value,) = json.loads(json_text)
    path = tmp_path / "games.pmn"
    path.write_text(json.dumps(value) + "\n" + json.dumps(value) + "\n")
    with pytest.warns(MisnamedFileWarning):
        records = list(read_path(str(path)))
    assert [r.tag("North") for r in records] == ["Kofi", "Kofi"]


def test_pmn_named_as_json_is_read_as_pmn_and_tags_too(tmp_path):
    path = tmp_path / "games.json"
    path.write_text(GAME)
    with pytest.warns(MisnamedFileWarning, match=r"read as PMN: the name says JSON"):
        (record,) = read_path(str(path))
    assert not record.damaged and record.tag("North") == "Kofi"
    with pytest.warns(MisnamedFileWarning):
        (tags,) = read_tags(str(path))
    assert ("South", "Ada") in tags


def test_a_pmn_file_that_opens_with_a_comment_is_pmn(tmp_path):
    """A brace opens a PMN comment as well as a JSON object: only an object's key counts."""
    path = tmp_path / "games.pmn"
    text = '{"Club evening": round 2}\n' + GAME
    path.write_text(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        records = list(read_path(str(path)))
    assert records[-1].tag("South") == "Ada"
    assert [r.errors for r in records] == [r.errors for r in read_text(text)]


def test_from_that_contradicts_the_content_says_which_from_reads_it(tmp_path, json_text):
    path = tmp_path / "games.txt"
    path.write_text(json_text)
    with pytest.raises(FormatMismatchError) as caught:
        list(read_path(str(path), "pmn"))
    assert str(caught.value) == (
        f"{path} looks like JSON, not PMN as --from pmn says: read it with --from json"
    )


def test_an_action_log_named_txt_says_to_read_it_as_actions(tmp_path):
    path = tmp_path / "selfplay.txt"
    path.write_text("# OpenSpiel self-play\n2, 5, 2, 1\n")
    with pytest.raises(FormatMismatchError, match="--from openspiel-actions"):
        list(read_path(str(path)))


@pytest.mark.parametrize(
    ("head", "family"),
    [
        (b'[{"tags": {}}]', "json"),
        (b'\xef\xbb\xbf  {"tags": {"Game": "Wari"}}', "json"),
        (b"[]", "json"),
        (b'[Game "Wari"]\n', "text"),
        (b'[Variant "Oware Abapa"]', "text"),
        (b"# log\n\n2, 5, 2, 1\n", "openspiel-actions"),
        (b"[2, 5, 2, 1]\n", "openspiel-actions"),
        (b"2 5 2 1", "openspiel-actions"),
        (b"1. C b *\n", None),
        (b"{a comment} 1. C b", None),
        (b'{"Club evening": round 2}', None),
        (b'{"Club": "evening"}', "json"),
        (b"", None),
    ],
)
def test_content_family(head, family):
    assert content_family(head) == family


def test_cli_reads_a_misnamed_file_and_says_the_name_misled(tmp_path, json_text):
    path = tmp_path / "games.pmn"
    path.write_text(json_text)
    result = CliRunner().invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "INVALID" not in result.output and "valid: Wari" in result.stdout
    assert f"pmn: warning: {path}: read as JSON: the name says PMN" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "json"], ["stats"]])
def test_cli_says_what_an_unreadable_misnamed_file_looks_like(tmp_path, command):
    path = tmp_path / "selfplay.txt"
    path.write_text("2, 5, 2, 1\n")
    result = CliRunner().invoke(pmn, [*command, str(path)])
    assert result.exit_code == 1, result.output
    assert "looks like an OpenSpiel action log" in result.stderr
    assert "--from openspiel-actions" in result.stderr
    assert "Traceback" not in result.output
