"""Issue 38, "Standings that count every game" and "Similar names at any size": games of
other pairings are other games, a round robin's missing pairings named, the copy of a
game told by what a copy of the folder keeps, names compared with work that grows with
the players, and rosters read with the input layer's caps.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn
from test_desk_names import PLAYERS, berger, write_event

from notation.desk import event as event_module
from notation.desk.event import CHECKS, read_roster, similar_names

ROOT = Path(__file__).resolve().parents[2]

OWARE = """[Game "Oware"]
[Event "Club"]
[Site "Accra"]
[Date "2026.03.10"]
[Round "1"]
[South "{south}"]
[North "{north}"]
[Result "1-0"]
[Termination "resignation"]

1. C b 2. A a {tail}1-0
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# -- games of other pairings are other games -------------------------------------------


def two_pairings(folder: Path, tail: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for south, north in (("Ada", "Kofi"), ("Esi", "Yaw")):
        text = OWARE.format(south=south, north=north, tail=tail)
        (folder / f"{south.lower()}.pmn").write_text(text, encoding="utf-8")
    return folder


def test_same_moves_of_other_pairings_count_in_validate_standings_and_publish(runner, tmp_path):
    """Ada v Kofi and Esi v Yaw, both 1. C b 2. A a 1-0, one Oware round: two games."""
    folder = str(two_pairings(tmp_path / "event"))
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", folder])
    assert "duplicate-game" not in strict.output
    table = runner.invoke(pmn, ["standings", "--format", "json", folder])
    assert table.exit_code == 0, table.output
    report = json.loads(table.stdout)
    assert {p["name"] for p in report["players"]} == {"Ada", "Kofi", "Esi", "Yaw"}
    assert report["excluded"] == []
    site = tmp_path / "site"
    published = runner.invoke(pmn, ["publish", folder, "-d", str(site)])
    assert published.exit_code == 0, published.output
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Esi" in index and "Yaw" in index and "twice" not in index
    assert len(list(site.glob("game-*.html"))) == 2


def test_damaged_games_of_other_pairings_are_not_one_game_submitted_twice(runner, tmp_path):
    """A damaged record (a comment never closed) has its players too: two such games of
    other pairings with the same moves were "the same game" (no players compared)."""
    folder = str(two_pairings(tmp_path / "event", tail="{never closed "))
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", folder])
    assert "duplicate-game" not in strict.stdout, strict.stdout


# -- a round robin's missing pairings, named -------------------------------------------


def test_validate_strict_names_each_missing_pairing_and_its_round(runner, tmp_path):
    folder = write_event(tmp_path / "event", missing=[(2, "Kofi Boateng"), (6, "Ada Mensah")])
    assert "missing-pairing" in CHECKS
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", str(folder)])
    lines = [line for line in strict.stdout.splitlines() if "[missing-pairing]" in line]
    rounds = berger(PLAYERS)
    expected = [
        (r, pair)
        for r, who in ((2, "Kofi Boateng"), (6, "Ada Mensah"))
        for pair in rounds[r - 1]
        if who in pair
    ]
    assert len(lines) == len(expected) == 2, strict.stdout
    for (r, (south, north)), line in zip(sorted(expected), sorted(lines), strict=True):
        assert f"{south} v {north}" in line or f"{north} v {south}" in line, line
        assert f"round {r} of Tema Round Robin" in line, line
    # a warning: the exit code is that of the games
    assert strict.exit_code == 0, strict.stdout


def test_standings_name_each_game_not_played_yet_with_its_round(runner, tmp_path):
    """The standings' ``?`` cells are named too, in the system line (text, JSON, HTML)."""
    folder = write_event(tmp_path / "event", missing=[(2, "Kofi Boateng")])
    (south, north) = next(pair for pair in berger(PLAYERS)[1] if "Kofi Boateng" in pair)
    first, second = sorted((south, north))
    text = runner.invoke(pmn, ["standings", str(folder)])
    assert f"1 not played yet: {first} v {second} (round 2)" in text.stdout, text.stdout
    report = json.loads(runner.invoke(pmn, ["standings", "--format", "json", str(folder)]).stdout)
    assert f"{first} v {second} (round 2)" in json.dumps(report)


def test_a_complete_round_robin_and_a_swiss_event_have_no_missing_pairing(runner, tmp_path):
    folder = write_event(tmp_path / "event")
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", str(folder)])
    assert "missing-pairing" not in strict.stdout
    swiss = runner.invoke(
        pmn, ["validate", "--strict", "-q", str(ROOT / "examples" / "events" / "swiss")]
    )
    assert "missing-pairing" not in swiss.stdout


# -- which copy of a game submitted twice counts ---------------------------------------


def resent(folder: Path, change: tuple[str, str] | None = None) -> Path:
    """The event with round 1's first game sent again in a-resent.pmn (sorts first)."""
    write_event(folder)
    text = (folder / "round-1.pmn").read_text(encoding="utf-8")
    first = text.split("\n\n[Game")[0] + "\n"
    if change is not None:
        first = first.replace(*change)
    (folder / "a-resent.pmn").write_text(first, encoding="utf-8")
    return folder


def verdict(runner: CliRunner, folder: Path) -> tuple[list[str], list[str]]:
    """The duplicate-game findings and the games standings leaves out, paths made relative."""
    strict = runner.invoke(pmn, ["validate", "--strict", "-q", str(folder)])
    lines = [
        line.replace(str(folder) + os.sep, "").strip()
        for line in strict.stdout.splitlines()
        if "duplicate-game" in line
    ]
    table = json.loads(runner.invoke(pmn, ["standings", "--format", "json", str(folder)]).stdout)
    left_out = [os.path.relpath(item["source"], folder) for item in table["excluded"]]
    return lines, left_out


@pytest.mark.parametrize(
    "change",
    [None, ("2026.11.01", "2026.11.02"), ('[Date "2026.11.01"]\n', "")],
    ids=["same-headers", "other-date", "no-date"],
)
def test_a_copy_of_the_folder_with_other_file_times_gives_the_same_verdict(
    runner, tmp_path, change
):
    folder = resent(tmp_path / "event", change)
    for path in folder.iterdir():
        os.utime(path, (1_790_000_000, 1_790_000_000))
    os.utime(folder / "a-resent.pmn", (1_790_000_600, 1_790_000_600))
    before = verdict(runner, folder)
    assert len(before[0]) == 1 and len(before[1]) == 1, before
    copied = tmp_path / "copied"
    shutil.copytree(folder, copied)  # as cp -r: new times, here in the reverse order
    os.utime(copied / "a-resent.pmn", (1_800_000_000, 1_800_000_000))
    os.utime(copied / "round-1.pmn", (1_800_000_600, 1_800_000_600))
    assert verdict(runner, copied) == before


def test_the_fuller_record_counts_and_the_finding_says_why(runner, tmp_path):
    folder = resent(tmp_path / "event", ('[Date "2026.11.01"]\n', ""))
    lines, left_out = verdict(runner, folder)
    assert left_out == ["a-resent.pmn"]  # no Date: the copy, whichever came first
    (line,) = lines
    assert line.startswith("a-resent.pmn:1: game 1: error [duplicate-game]")
    assert "round-1.pmn:1 is kept: it gives more headers (Date)" in line, line


def test_the_docs_say_how_the_copy_is_chosen():
    text = (ROOT / "docs" / "desk.md").read_text(encoding="utf-8")
    assert "modification time" not in text
    assert "a copy of the folder" in text


# -- similar names at any size ---------------------------------------------------------


class Counted:
    """Counts the name comparisons event.py makes (its _distance)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = event_module._distance

        def counting(a: str, b: str, limit: int) -> int:
            self.calls += 1
            return original(a, b, limit)

        monkeypatch.setattr(event_module, "_distance", counting)


def test_numbered_players_are_not_compared_with_each_other(monkeypatch):
    counted = Counted(monkeypatch)
    names = {f"clubplayer{n:05d}": 3 for n in range(1, 5001)}
    assert similar_names(names) == []
    assert counted.calls == 0  # numbers differ: no typo, never measured


def test_comparisons_grow_with_the_players_not_their_square(monkeypatch):
    import random

    rng = random.Random(38)
    letters = "abcdefghijklmnopqrstuvwxyz"

    def word() -> str:
        return rng.choice(letters).upper() + "".join(
            rng.choice(letters) for _ in range(rng.randint(4, 8))
        )

    names = {f"{word()} {word()}": 2 for _ in range(4000)}
    names["Ama Serwaa"], names["Ama Serwah"] = 6, 1
    counted = Counted(monkeypatch)
    found = similar_names(names)
    assert any(m.suspect == "Ama Serwah" for m in found)
    assert counted.calls < 2 * len(names)  # all pairs: 8 million


def test_a_long_name_costs_what_its_length_costs(monkeypatch):
    counted = Counted(monkeypatch)
    long = "Ama " + "Serwaa" * 350  # 2 KB
    (match,) = similar_names({long: 5, long[:-1] + "h": 1, "Kofi Boateng": 3})
    assert match.likely == long
    assert counted.calls <= 4


def test_the_folded_and_written_forms_still_find_what_they_found():
    # a swap, a doubled letter, a transliteration, two letters in a long name
    assert [m.suspect for m in similar_names({"Kofi Mensah": 5, "Kofi Mesnah": 1})] == [
        "Kofi Mesnah"
    ]
    assert [m.suspect for m in similar_names({"Kofi Kwasi": 5, "Kofi Kouassi": 1})] == [
        "Kofi Kouassi"
    ]
    assert [m.suspect for m in similar_names({"Abena Adjei-Boateng": 5, "Abena Adjei-Boatng": 1})]
    assert [m.suspect for m in similar_names({"Kwame Asantewaa": 5, "Kwame Asantewa": 1})]
    assert similar_names({"Player 5 Club": 5, "Player 6 Club": 1}) == []


def test_nearest_roster_names_come_from_a_large_roster(tmp_path):
    from notation.desk.event import nearest_names

    roster = [f"Member{n:05d} Club" for n in range(20000)] + ["Ama Serwaa", "Kofi Boateng"]
    assert nearest_names("Ama Serwah", roster)[0] == "Ama Serwaa"
    assert nearest_names("Boateng, Kofi", roster)[0] == "Kofi Boateng"


# -- rosters read with the input layer's caps ------------------------------------------


def test_a_roster_from_a_device_is_a_clear_error(runner, tmp_path):
    result = runner.invoke(pmn, ["standings", "--players", "/dev/zero", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "/dev/zero" in result.stderr and "device" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("csv_limit", [131_072, 1 << 24])
def test_a_roster_field_over_the_csv_limit_is_a_clear_error(runner, tmp_path, csv_limit):
    """Whatever csv's own limit (the process's: another caller may have raised it)."""
    import csv

    before = csv.field_size_limit(csv_limit)
    try:
        roster_field_is_refused(runner, tmp_path)
    finally:
        csv.field_size_limit(before)


def roster_field_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nAda Mensah\n" + "x" * 131_073 + "\n", encoding="utf-8")
    folder = write_event(tmp_path / "event")
    result = runner.invoke(pmn, ["validate", "--strict", "--players", str(roster), str(folder)])
    assert result.exit_code == 2, result.output
    assert "line 3" in result.stderr and "131,072" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_roster_past_the_size_cap_is_refused(tmp_path, monkeypatch):
    from notation.desk.event import RosterError, load_roster

    monkeypatch.setattr(event_module, "MAX_ROSTER_BYTES", 1000)
    roster = tmp_path / "roster.csv"
    roster.write_text("Ada Mensah\n" * 200, encoding="utf-8")
    with pytest.raises(RosterError, match="1,000 bytes"):
        load_roster(str(roster))
    assert read_roster("Ada Mensah\n") == ["Ada Mensah"]
