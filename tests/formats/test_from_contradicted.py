"""``--from FORMAT`` that a file's content contradicts is refused, naming what the file
looks like (issue 37). Before: ``convert --from ogn wari.pmn`` wrote two ``Game`` tags
(exit 0), ``--from openspiel-actions wari.pmn`` a junk record per line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.formats.collection import FormatMismatchError, read_path

PMN = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f 3. A a *\n'
OGN = (
    '[Variant "Oware Abapa"]\n[Event "?"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n'
    '[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b 2. E f *\n'
)
PLAYOK = (
    '[Event "?"]\n[Site "PlayOK"]\n[Date "2020.01.01"]\n[White "a"]\n[Black "b"]\n'
    '[Result "1-0"]\n\n1. 11 *\n'
)
ACTIONS = "# OpenSpiel self-play\n2, 5, 2, 1\n"
JSON = '[{"tags": {"Game": "Wari"}, "moves": []}]\n'


@pytest.mark.parametrize(
    ("text", "named", "looks", "reads"),
    [
        (PMN, "ogn", "PMN", "pmn"),
        (PMN, "openspiel-actions", "PMN", "pmn"),
        (OGN, "pmn", "OGN", "ogn"),
        (OGN, "openspiel-actions", "OGN", "ogn"),
        (PLAYOK, "pmn", "a PlayOK export", "playok"),
        (PLAYOK, "ogn", "a PlayOK export", "playok"),
        (ACTIONS, "pmn", "an OpenSpiel action log", "openspiel-actions"),
        (ACTIONS, "ogn", "an OpenSpiel action log", "openspiel-actions"),
        (ACTIONS, "playok", "an OpenSpiel action log", "openspiel-actions"),
        (JSON, "playok", "JSON", "json"),
        (JSON, "openspiel-actions", "JSON", "json"),
        (JSON, "ogn", "JSON", "json"),
    ],
)
def test_a_named_format_the_content_contradicts_is_refused(tmp_path, text, named, looks, reads):
    path = tmp_path / "games.dat"
    path.write_text(text)
    with pytest.raises(FormatMismatchError) as caught:
        list(read_path(str(path), named))
    message = str(caught.value)
    assert f"looks like {looks}" in message
    assert f"--from {named} says" in message
    assert message.endswith(f"read it with --from {reads}")


@pytest.mark.parametrize(
    ("text", "named"),
    [(PMN, "pmn"), (OGN, "ogn"), (PLAYOK, "playok"), (ACTIONS, "openspiel-actions")],
)
def test_a_named_format_the_content_agrees_with_is_read(tmp_path, text, named):
    path = tmp_path / "games.dat"
    path.write_text(text)
    assert list(read_path(str(path), named, game="wari" if named == "openspiel-actions" else None))


def test_playok_named_for_pmn_text_still_reads_it(tmp_path):
    """A PMN file made from a PlayOK export reads as PlayOK text (its reader takes tags as given)."""
    path = tmp_path / "games.txt"
    path.write_text(PMN)
    assert list(read_path(str(path), "playok"))


@pytest.mark.parametrize(("named", "looks"), [("ogn", "PMN"), ("openspiel-actions", "PMN")])
@pytest.mark.parametrize("command", ["convert", "validate", "stats", "select"])
def test_every_command_refuses_it(tmp_path, named, looks, command):
    path = tmp_path / "wari.pmn"
    path.write_text(PMN)
    args = [command, "--from", named, str(path)]
    if named == "openspiel-actions":
        args[3:3] = ["--variant", "wari"] if command in ("convert", "validate") else []
    result = CliRunner().invoke(pmn, args)
    assert result.exit_code == 1, result.output
    assert f"looks like {looks}, not" in result.output
    assert "[Game" not in result.output and "Traceback" not in result.output
