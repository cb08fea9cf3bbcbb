"""pmn record set up once for a tournament: the tags every board shares from a template
file (--tags) and options (--tag), a new game appended to a round's file (--append), the
board and the last move on --resume, a finished game's last move taken back, and the
unsaved game printed when a save fails."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text, validate_record

TOURNAMENT = """[Event "Accra Open"]
[Site "Accra"]
[Date "2026.11.28"]
[Round "3"]
[Game "Wari"]
[Board ""]
"""


def run(path: Path, lines: str, *extra: str):
    return CliRunner().invoke(pmn, ["record", *extra, str(path)], input=lines)


def template(tmp_path: Path) -> Path:
    path = tmp_path / "accra.tags"
    path.write_text(TOURNAMENT)
    return path


def test_the_tournaments_tags_come_from_a_template_and_options(tmp_path):
    path = tmp_path / "board-2.pmn"
    # only what differs is typed: the Board (left blank in the template), then the players
    result = run(
        path, "2\nAda\nKofi\nC\nsave\n", "--tags", str(template(tmp_path)), "--tag", "Round=4"
    )
    assert result.exit_code == 0, result.output
    for question in ("Game (", "Event", "Site", "Date", "Round", "Rules"):
        assert question not in result.output, question
    assert "Board" in result.output
    (record,) = read_text(path.read_text())
    tags = dict(record.tags)
    assert tags["Event"] == "Accra Open" and tags["Site"] == "Accra"
    assert tags["Date"] == "2026.11.28" and tags["Round"] == "4"  # the option wins
    assert tags["Game"] == "Wari" and tags["Board"] == "2"
    assert (tags["South"], tags["North"]) == ("Ada", "Kofi")
    assert [m.token for m in record.mainline.moves] == ["C"] and validate_record(record).valid


def test_tag_options_alone_set_the_tags_and_the_rest_is_asked(tmp_path):
    path = tmp_path / "g.pmn"
    typed = "Hain\n\n1\nAda\nKofi\nsave\n"  # Site, Date (today), Round, the seats
    result = run(path, typed, "--tag", "Game=oware", "--tag", "Event=Club night")
    assert result.exit_code == 0, result.output
    (record,) = read_text(path.read_text())
    assert record.tag("Game") == "Oware" and record.tag("Event") == "Club night"
    assert record.tag("Site") == "Hain" and record.tag("Round") == "1"
    assert "Rules" not in result.output  # the game given: its default rules


def test_a_bad_template_or_tag_option_is_refused_before_any_question(tmp_path):
    path = tmp_path / "g.pmn"
    cases = [
        ('[Game "Wairi"]\n', "did you mean Wari"),
        ('[Game "Wari"]\n[Date "28.11.2026"]\n', "Date"),
        ('[Game "Wari"]\n\n1. C *\n', "moves"),
        ('[Event "A"]\n[Event "B"]\n', "twice"),
        ('[Game "Wari"]\n[Result "1-0"]\n', "Result"),
    ]
    for text, said in cases:
        tags = tmp_path / "bad.tags"
        tags.write_text(text)
        result = run(path, "", "--tags", str(tags))
        assert result.exit_code == 2, (text, result.output)
        assert said in result.output and "Traceback" not in result.output, (text, result.output)
        assert not path.exists()
    result = run(path, "", "--tag", "Round")
    assert result.exit_code == 2 and "NAME=VALUE" in result.output
    result = run(path, "", "--tags", str(tmp_path / "none.tags"))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_append_adds_a_game_to_a_rounds_file_keeping_the_others_byte_for_byte(tmp_path):
    path = tmp_path / "round-3.pmn"
    tags = template(tmp_path)
    assert run(path, "1\nAda\nKofi\nC\nb\nsave\n", "--tags", str(tags)).exit_code == 0
    first = path.read_bytes() + b"{ the arbiter's note }\n"  # whatever was there, kept
    path.write_bytes(first)
    refused = run(path, "2\nEsi\nYaw\n", "--tags", str(tags))
    assert refused.exit_code == 2 and "--append" in refused.output
    assert path.read_bytes() == first
    result = run(path, "2\nEsi\nYaw\nA\nsave\n", "--tags", str(tags), "--append")
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert data.startswith(first)
    games = read_text(data.decode())
    assert [g.tag("Board") for g in games] == ["1", "2"]
    assert [g.tag("South") for g in games] == ["Ada", "Esi"]
    assert [m.token for m in games[1].mainline.moves] == ["A"]
    assert all(validate_record(g).valid for g in games)
    result = run(path, "", "--append", "--resume")
    assert result.exit_code == 2 and "--append" in result.output


FINISHED = '[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n\n*\n'


def test_resume_shows_the_board_and_the_last_move(tmp_path):
    path = tmp_path / "live.pmn"
    assert run(path, "Wari\n\nClub night\nHain\n2026.11.22\n1\nAda\nKofi\nC\nb\n").exit_code == 0
    result = run(path, "save\n", "--resume")
    assert result.exit_code == 0, result.output
    assert "2 moves so far; the last: 1... b" in result.output
    assert "South to move" in result.output and "+---+" in result.output  # the board


def test_a_finished_games_final_move_can_be_taken_back_on_resume(tmp_path):
    path = tmp_path / "end.pmn"
    path.write_text(FINISHED)
    assert run(path, "F\n", "--resume").exit_code == 0  # the wrong final move: 1-0
    (record,) = read_text(path.read_text())
    assert record.result == "1-0"
    result = run(path, "undo\nE\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    assert "the game is over: 1-0" in result.output and "undo" in result.output
    assert "took back F+2" in result.output
    (record,) = read_text(path.read_text())
    assert [m.token for m in record.mainline.moves] == ["E"] and record.result == "*"
    assert validate_record(record).valid
    # a finished game resumed and left as it is stays as it is
    path.write_text(FINISHED)
    assert run(path, "F\n", "--resume").exit_code == 0
    finished = path.read_bytes()
    for typed in ("", "save\n", "quit\n"):
        result = run(path, typed, "--resume")
        assert result.exit_code == 0 and path.read_bytes() == finished
        assert "left as it was (the game is over: 1-0" in result.output


def test_after_a_failed_save_the_end_of_input_prints_the_unsaved_game(tmp_path):
    """A full disk, simulated by a file size limit: the moves since the last save were lost
    at the end of input, never printed. Now the game is printed in PMN, and exit 1."""
    import resource
    import subprocess
    import sys

    path = tmp_path / "full.pmn"
    note = "x" * 400  # the save after this comment goes past the limit

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))

    typed = "Wari\n\nClub night\nHain\n2026.11.22\n1\nAda\nKofi\nC\nb\ncomment " + note + "\nA\n"
    done = subprocess.run(
        [sys.executable, "-m", "notation.cli", "record", str(path)],
        input=typed,
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=120,
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "NOT SAVED" in done.stderr and "Traceback" not in done.stderr
    (saved,) = read_text(path.read_text())
    assert [m.token for m in saved.mainline.moves] == ["C", "b"]  # the last save that worked
    printed = done.stderr[done.stderr.index("[Game ") :]
    (kept,) = read_text(printed[: printed.index("*\n") + 2])
    assert [m.token for m in kept.mainline.moves] == ["C", "b", "A"]
    assert kept.mainline.moves[1].comments == (note,) and kept.tag("South") == "Ada"


# Worked by hand from T6 and T10: three players, Black to move; White on 3b and 5d, Black
# on 4b and 5c, Red's last stone on 4c; captured 8-6-8, nothing in hand, no corner taken.
# 4bx4c sows Black's stone east into 4c, which holds a Red stone: Black captures both
# (T6), 8 in all (no win, T8a; no corner held, T8b). Red has no stone on the board: its
# turn passes to White (T10), and the recorder says so.
TRICALA_SKIP = """[Game "Tricala"]
[Players "3"]
[White "Ann"]
[Black "Bob"]
[Red "Cy"]
[Position "-/-,-/-,W1,-/-,B1,R1,-/-,-,B1,W1,-/-,-,-,-,-,- 8-6-8 0-0-0 B"]

*
"""


def test_a_skipped_tricala_seat_is_said_with_its_reason(tmp_path):
    path = tmp_path / "tri.pmn"
    path.write_text(TRICALA_SKIP)
    result = run(path, "4bx4c\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    said = [line for line in lines if " is skipped" in line]
    assert said == ["  Red (Cy) is skipped: no stones on the board (ruling T10)"], lines
    assert lines[lines.index(said[0]) + 1].endswith("White>"), lines
    (record,) = read_text(path.read_text())
    assert [m.token for m in record.mainline.moves] == ["4bx4c"] and validate_record(record).valid
    # a move that skips nobody says nothing of the kind
    result = run(path, "3b-2b\nsave\n", "--resume")
    assert result.exit_code == 0 and " is skipped" not in result.output, result.output
