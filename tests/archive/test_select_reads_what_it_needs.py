"""select reads no more of a game than its filters need (issue 29): tags for a filter on
tags, the outline for --result and --plies, the record to replay or to write another
format; a PMN game is written as its text was read."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive import games as archive_games
from notation.archive.tools import variant_of_tags
from notation.core.replay import record_variant
from notation.formats.collection import read_path
from notation.games import RulesError, games
from tests.playok_exports import SITE, make_export

ROOT = Path(__file__).resolve().parents[2]

TWO_GAMES = (
    '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n1. C   b 2. F a\n*\n\n'
    '[Game "Wari"]\n[South "Esi"]\n[North "Yaw"]\n\n1. C b 2. F a 1-0\n'
)


def run(args, stdin=None):
    return CliRunner().invoke(pmn, args, input=stdin)


def test_a_pmn_game_is_written_as_its_text_was_read(tmp_path):
    source = tmp_path / "two.pmn"
    source.write_text(TWO_GAMES)
    result = run(["select", str(source), "--player", "Ada"])
    assert result.exit_code == 0, result.output
    assert result.stdout == '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n1. C   b 2. F a\n*\n'


def test_a_filter_on_tags_reads_no_movetext(tmp_path, monkeypatch):
    source = tmp_path / "two.pmn"
    source.write_text(TWO_GAMES)

    def unread(*args, **kwargs):
        raise AssertionError("the movetext was read")

    monkeypatch.setattr(archive_games, "read_game", unread)
    result = run(["select", str(source), "--player", "kofi", "--variant", "wari", "--count"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "1"


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (["--result", "1-0"], "1"),
        (["--result", "*"], "1"),
        (["--plies", "4"], "2"),
        (["--plies", "5-"], "0"),
    ],
)
def test_result_and_length_from_the_outline(tmp_path, args, count):
    source = tmp_path / "two.pmn"
    source.write_text(TWO_GAMES)
    result = run(["select", str(source), *args, "--count"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == count


def test_a_damaged_game_written_out_is_reported(tmp_path):
    source = tmp_path / "bad.pmn"
    source.write_text('[Game "Wari"]\n[South "Ada"]\n\n1. C b 2. F @@ *\n')
    result = run(["select", str(source), "--player", "Ada"])
    assert result.exit_code == 1
    assert "game 1" in result.stderr and "could not be read" in result.stderr
    assert "@@" in result.stdout  # written as it was, not lost


def test_games_that_declare_no_other_tags_choose_their_variant_by_game_and_rules():
    """Variant.selected_by == (): the variant is the same whatever other tags say."""
    extra = {
        "Players": "3",
        "Red": "x",
        "White": "a",
        "Black": "b",
        "Pits": "numbers",
        "Position": "?",
        "Seats": "3",
    }
    checked = 0
    for cls in games():
        if cls.selected_by != ():
            continue
        for name in cls.names:
            for rules in (None, *{cls.from_tags(name, None, {}).rules}):
                try:
                    plain = cls.from_tags(name, rules, {})
                except RulesError:
                    continue
                assert cls.from_tags(name, rules, dict(extra)) == plain, name
                checked += 1
    assert checked >= 6


def test_variant_of_tags_is_record_variant_on_every_example():
    for path in sorted(ROOT.glob("examples/**/*.pmn")):
        for record in read_path(str(path)):
            try:
                expected = record_variant(record)
            except RulesError:
                expected = None
            assert variant_of_tags(record.tags) == expected, path


def test_a_playok_game_is_written_as_pmn_writes_it_not_as_the_text_made_from_the_export(
    tmp_path,
):
    """A PlayOK export is read as PMN text with its missing tags put in; that text is not
    the file's, so a selection writes the records (as convert does)."""
    sample = make_export("select", events=4).write(tmp_path / "playok.txt")
    selected = run(["select", str(sample), "--tag", f"Site={SITE}"])
    converted = run(["convert", str(sample), "--to", "pmn"])
    assert selected.exit_code == 0 and converted.exit_code == 0
    # the same layout; convert replays and writes N5's tag only on the games the rules had
    # not ended, select writes it where the reader put it (every game with a result)
    unknown = '[Termination "unknown"]\n'
    assert selected.stdout.replace(unknown, "") == converted.stdout.replace(unknown, "")
    assert converted.stdout.count(unknown) < selected.stdout.count(unknown)
    assert '[Game "Togyz Kumalak"] [Event' not in selected.stdout
