"""PlayOK exports as files: a folder of them walked (``.txt`` read where the format is
named or the file opens as an export), an export written back byte for byte (its line
ends and final blank line kept), and ruling N5's ``Termination "unknown"`` written by
``convert`` only where the rules had not ended the game. The exports are made by the
rules engine (tests/playok_exports.py); real ones are read in
tests/formats/test_real_records.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.formats.pmn import read_text
from tests.playok_exports import Export, make_export, written_back


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def exports_folder(tmp_path: Path) -> tuple[Path, int]:
    """A folder of two exports (one in a subfolder), a note and a PMN file: the folder
    and the number of games the exports and the PMN file hold."""
    folder = tmp_path / "exports"
    (folder / "older").mkdir(parents=True)
    first = make_export("folder-1", events=2, casual=2, exact_repeats=0, move_repeats=0)
    second = make_export("folder-2", events=1, casual=1, exact_repeats=0, crlf=True)
    first.write(folder / "mcts.txt")
    second.write(folder / "older" / "temirtau.TXT")
    (folder / "notes.txt").write_text("Games from PlayOK, 2025.\n", encoding="utf-8")
    (folder / "one.pmn").write_text('[Game "Wari"]\n\n1. C b *\n', encoding="utf-8")
    return folder, len(first.games) + len(second.games) + 1


def test_a_folder_of_exports_is_read_where_they_are_sniffed(tmp_path):
    folder, games = exports_folder(tmp_path)
    result = run("validate", "-q", str(folder))
    assert result.exit_code == 0, result.output
    # the two exports and the PMN file; the note is not an export and is not read
    assert f"{games} games: {games} valid, 0 invalid" in result.output


def test_a_folder_of_exports_is_read_with_from_playok(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    export = make_export("folder-3", events=1, casual=2, exact_repeats=0, move_repeats=0)
    export.write(folder / "games.txt")
    result = run("validate", "-q", "--from", "playok", str(folder))
    assert result.exit_code == 0, result.output
    count = len(export.games)
    assert f"{count} games: {count} valid, 0 invalid" in result.output


def test_convert_reads_a_folder_of_exports(tmp_path):
    folder, games = exports_folder(tmp_path)
    out = tmp_path / "all.pmn"
    result = run("convert", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(read_text(out.read_text(encoding="utf-8"))) == games


def test_a_folder_with_a_note_only_still_has_no_game(tmp_path):
    (tmp_path / "notes.txt").write_text("nothing here\n", encoding="utf-8")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert "no game in it" in result.output


# -- written back as it was read ----------------------------------------------------------


def _plain(export: Export) -> Export:
    """An export with one blank line between its games (PlayOK's own layout)."""
    text = written_back(export)
    if export.last == "blank":
        text += "\n"
    elif export.last == "none":
        text = text.removesuffix("\n")
    if export.crlf:
        text = text.replace("\n", "\r\n")
    return Export(export.games, text, export.crlf, export.last)


@pytest.mark.parametrize(
    ("crlf", "last"),
    [(True, "blank"), (True, "newline"), (False, "blank"), (False, "newline")],
)
def test_an_export_is_written_back_byte_for_byte(tmp_path, crlf, last):
    export = _plain(make_export("layout", events=2, casual=2, crlf=crlf, last=last))
    source = export.write(tmp_path / "export.txt")
    back = tmp_path / "back.txt"
    result = run("convert", str(source), "--to", "playok", "-o", str(back))
    assert result.exit_code == 0, result.output
    assert back.read_bytes() == source.read_bytes()


def test_a_written_back_export_through_standard_output(tmp_path):
    export = _plain(make_export("layout-out", events=1, casual=1, crlf=True, last="blank"))
    source = export.write(tmp_path / "export.txt")
    result = CliRunner().invoke(pmn, ["convert", str(source), "--to", "playok", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == source.read_bytes()


# -- ruling N5: Termination "unknown" only where the rules had not ended the game ----------


def test_convert_writes_unknown_termination_only_on_games_the_rules_had_not_ended(tmp_path):
    export = make_export("n5", events=4, casual=3)
    assert {game.ending for game in export.games} >= {"82", "empty row", "early"}
    source = export.write(tmp_path / "export.txt")
    out = tmp_path / "games.pmn"
    result = run("convert", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    records = read_text(out.read_text(encoding="utf-8"))
    assert len(records) == len(export.games)
    for record, game in zip(records, export.games, strict=True):
        # ruling N5: a result the site gives for a game the rules had not ended
        wanted = "unknown" if game.ending == "early" and game.result != "*" else None
        assert record.tag("Termination") == wanted, (game.ending, game.result)
    check = run("validate", "-q", str(out))
    assert check.exit_code == 0, check.output
