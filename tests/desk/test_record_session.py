"""pmn record through a pipe: every token typed is used or refused with a message (issue 16)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import notation.cli.record
import pytest
from click.testing import CliRunner
from notation.cli.main import pmn
from notation.cli.record import Session

from notation import read_text, validate_record
from notation.core.record import Record
from notation.desk.recorder import Recorder, nearest
from notation.games import game_names

ROOT = Path(__file__).resolve().parents[2]
WARI = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n*\n'
TRICALA = '[Game "Tricala"]\n[White "Ann"]\n[Black "Bob"]\n[Red "Cy"]\n\n*\n'


def resume(path: Path, text: str, typed: str, *extra: str):
    path.write_text(text)
    result = CliRunner().invoke(pmn, ["record", "--resume", *extra, str(path)], input=typed)
    record = read_text(path.read_text())[0]
    return result, record


def tokens(record: Record) -> list[str]:
    return [node.token for node in record.mainline.moves]


def test_several_moves_on_a_line_are_played_in_order(tmp_path):
    result, record = resume(tmp_path / "g.pmn", WARI, "C b\nA G f\n")
    assert result.exit_code == 0, result.output
    assert tokens(record) == ["C", "b", "A"]
    # the refused token and those after it are named: nothing typed is dropped silently
    assert '"G" is not a move in Wari' in result.output
    assert "not played: G f" in result.output
    assert validate_record(record).valid


def test_annotations_and_comments_are_kept_on_their_move(tmp_path):
    path = tmp_path / "g.pmn"
    result, record = resume(path, WARI, "C! $1 {a solid start} b?! ; sharp\n$14\n")
    assert result.exit_code == 0, result.output
    first, second = record.mainline.moves
    assert (first.token, first.glyph, first.nags, first.comments) == (
        "C",
        "!",
        (1,),
        ("a solid start",),
    )
    assert (second.token, second.glyph, second.nags, second.comments) == (
        "b",
        "?!",
        (14,),
        ("sharp",),
    )
    assert "C! $1 {a solid start}" in path.read_text()
    assert "$1 kept on C" in result.output and "comment kept: {sharp}" in result.output
    assert validate_record(record).valid


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("$1", "$1 annotates a move, and there is none yet"),
        ("C $300", "numeric annotations go from $1 to $255"),
        ("C !", "write it right after the move, with no space"),
        ("C {unclosed", "a comment without its closing }"),
        ("C {}", "{} is an empty comment"),
        ("C ; a } b", "a comment cannot contain }"),
        ("C (b)", "only the moves played are recorded"),
        ("C 1-0", "a result (1-0) is given with end REASON RESULT"),
        ("C 2. b", "move number 2.; this move is 1..."),
    ],
)
def test_a_token_that_cannot_be_used_is_refused_with_a_message(tmp_path, typed, message):
    result, record = resume(tmp_path / "g.pmn", WARI, typed + "\n")
    assert result.exit_code == 0, result.output
    assert message in result.output
    assert "not played:" in result.output
    played = ["C"] if typed.startswith("C") else []
    assert tokens(record) == played
    assert record.result == "*"


def test_a_command_that_takes_nothing_refuses_what_follows(tmp_path):
    result, record = resume(tmp_path / "g.pmn", WARI, "C\nundo b\nshow a\n")
    assert "not accepted: undo takes nothing after it" in result.output
    assert "not played: show a" in result.output
    assert tokens(record) == ["C"]


def test_a_resumed_clock_reads_fractions_of_a_second(tmp_path, monkeypatch):
    monkeypatch.setattr(notation.cli.record, "CLOCK", iter([0.0, 2.0, 5.0, 5.6]).__next__)
    text = WARI.replace("*\n", "1. C {[%clk 0:00:09.5]} *\n")
    result, record = resume(tmp_path / "g.pmn", text, "b A a\n", "--clock")
    assert result.exit_code == 0, result.output
    # North 2 s; South 9.5 s before, and 3 s more: 12.5 s, written in whole seconds as
    # the help says (H:MM:SS); North 2 + 0.6 s, still kept exactly
    assert [node.comments for node in record.mainline.moves][1:] == [
        ("[%clk 0:00:02] [%emt 0:00:02]",),
        ("[%clk 0:00:12] [%emt 0:00:03]",),
        ("[%clk 0:00:02] [%emt 0:00:00]",),
    ]


def test_clock_stamps_are_written_as_the_help_says_in_whole_seconds(tmp_path, monkeypatch):
    """--clock wrote 0:00:00.91811 and 0:00:02.005541; its help says H:MM:SS."""
    times = iter([10.0, 10.91811, 12.923651])
    monkeypatch.setattr(notation.cli.record, "CLOCK", lambda: next(times))
    result, record = resume(tmp_path / "g.pmn", WARI, "C b\n", "--clock")
    assert result.exit_code == 0, result.output
    assert [node.comments for node in record.mainline.moves] == [
        ("[%clk 0:00:00] [%emt 0:00:00]",),
        ("[%clk 0:00:02] [%emt 0:00:02]",),
    ]


def test_a_correct_move_number_is_accepted(tmp_path):
    result, record = resume(tmp_path / "g.pmn", WARI, "1. C 1... b 2. A\n")
    assert "not accepted" not in result.output
    assert tokens(record) == ["C", "b", "A"]


def test_end_checks_its_reason_and_result_and_always_answers(tmp_path):
    typed = "C\nend time *\nend boredom 1-0\nend time 1-0-0\nend time\nend time 0-1 now\n"
    result, record = resume(tmp_path / "g.pmn", WARI, typed)
    out = result.output
    assert "* means the game goes on, so it cannot end with *" in out
    assert "boredom is not a reason to stop early" in out
    assert '"1-0-0" is not a result for 2 players' in out
    assert "time is not a reason and a result" in out
    assert "time 0-1 now is not a reason and a result" in out
    assert record.result == "*" and record.tag("Termination") is None
    result, record = resume(tmp_path / "h.pmn", WARI, "C\nend time 0-1\n")
    assert "ended by time: 0-1" in result.output
    assert "Game ended: 0-1 (time)" in result.output
    assert (record.result, record.tag("Termination")) == ("0-1", "time")
    assert validate_record(record).valid


def test_end_refuses_a_result_against_a_game_the_rules_ended(tmp_path, capsys):
    record = read_text('[Game "Trysse"]\n[Position "5-5-5-5-5-1-1-1-1-0-0-0-19-0-S"]\n\n*\n')[0]
    recorder = Recorder(str(tmp_path / "x.pmn"), record)
    session = Session(recorder)
    session.handle("F")
    assert recorder.result == "1-0"
    session.handle("end time 0-1")
    out = capsys.readouterr().out
    assert "not accepted: the game is over by the rules: 1-0" in out
    assert recorder.result == "1-0" and dict(recorder.tags).get("Termination") is None


def test_tricala_moves_are_grouped_by_pit_and_paged(tmp_path):
    result, record = resume(tmp_path / "t.pmn", TRICALA, "moves\nmore\nmoves 6c\nmoves 9z\nmore\n")
    out = result.output
    listing = [line for line in out.splitlines()[1:] if not line.startswith("Saved to ")]
    assert max(len(line) for line in listing) <= 100  # no 22 KB line (a path may be long)
    assert len(out) < 6000
    assert "1140 legal moves; from each pit:" in out
    assert "2a 171, 2b 153" in out and "6e 1" in out
    assert "... 1100 more: type more" in out and "... 1060 more" in out
    assert "6 legal move(s) from 6c:" in out
    assert "6c: 6c+6c+6c, 6c+6c+6d, 6c+6c+6e, 6c+6d+6d, 6c+6d+6e, 6c+6e+6e" in out
    assert "no legal move starts from 9z" in out
    assert "that was the whole list" in out
    assert tokens(record) == []


def test_the_hint_after_an_illegal_tricala_move_names_the_nearest_tokens(tmp_path):
    result, _ = resume(tmp_path / "t.pmn", TRICALA, "3a\n2a+2a+2z\n")
    hints = [line for line in result.output.splitlines() if "did you mean:" in line]
    assert len(hints) == 2
    first = hints[0].split(": ", 1)[1].split(", ")
    assert first and all(token.startswith("3a+") for token in first)  # the pit typed
    second = hints[1].split(": ", 1)[1].split(", ")
    assert second[:2] == ["2a+2a+2a", "2a+2a+2b"]
    assert "the first 24 legal moves are listed" not in result.output  # not what is shown


def test_nearest_prefers_the_pit_typed_then_the_closest_others():
    legal = ["4b-4d-3c", "4b-4c", "5a-5b", "4a-4d-3c", "6e-6f"]
    assert nearest("4b-4d-3d", legal)[:3] == ["4b-4d-3c", "4b-4c", "4a-4d-3c"]
    assert "6e-6f" not in nearest("4b-4d-3d", legal)


def test_clock_stamps_the_time_each_seat_has_used(tmp_path, monkeypatch):
    times = iter([100.0, 105.0, 112.0, 120.0])
    monkeypatch.setattr(notation.cli.record, "CLOCK", lambda: next(times))
    path = tmp_path / "g.pmn"
    result, record = resume(path, WARI, "C b\nA {quick}\n", "--clock")
    assert result.exit_code == 0, result.output
    comments = [node.comments for node in record.mainline.moves]
    # South 5 s, North 7 s, South 5 + 8 s
    assert comments == [
        ("[%clk 0:00:05] [%emt 0:00:05]",),
        ("[%clk 0:00:07] [%emt 0:00:07]",),
        ("[%clk 0:00:13] [%emt 0:00:08]", "quick"),
    ]
    assert "1. C {[%clk 0:00:05] [%emt 0:00:05]} 1... b {[%clk 0:00:07]" in path.read_text()
    # resumed, each seat's clock carries on from its last %clk
    times = iter([0.0, 3600.0])
    result = CliRunner().invoke(pmn, ["record", "--resume", "--clock", str(path)], input="a\n")
    assert result.exit_code == 0, result.output
    last = read_text(path.read_text())[0].mainline.moves[-1]
    assert (last.token, last.comments) == ("a", ("[%clk 1:00:07] [%emt 1:00:00]",))


def test_with_a_time_control_the_clock_counts_down(tmp_path, monkeypatch):
    # TimeControl 300+5: each seat starts with 300 s and gains 5 s a move (python-chess: time left)
    times = iter([0.0, 10.0, 40.0, 41.0])
    monkeypatch.setattr(notation.cli.record, "CLOCK", lambda: next(times))
    path = tmp_path / "g.pmn"
    text = WARI.replace('[North "Kofi"]', '[North "Kofi"]\n[TimeControl "300+5"]')
    assert text != WARI
    result, record = resume(path, text, "C b A\n", "--clock")
    assert result.exit_code == 0, result.output
    comments = [node.comments for node in record.mainline.moves]
    # South: 300 + 5 - 10 = 295; North: 300 + 5 - 30 = 275; South: 300 + 10 - 11 = 299
    assert comments == [
        ("[%clk 0:04:55] [%emt 0:00:10]",),
        ("[%clk 0:04:35] [%emt 0:00:30]",),
        ("[%clk 0:04:59] [%emt 0:00:01]",),
    ]
    # resumed: North has 275 s left after 1 move, so has used 30 s; 20 s more -> 300 + 10 - 50
    times = iter([0.0, 20.0])
    result = CliRunner().invoke(pmn, ["record", "--resume", "--clock", str(path)], input="a\n")
    assert result.exit_code == 0, result.output
    last = read_text(path.read_text())[0].mainline.moves[-1]
    assert last.comments == ("[%clk 0:04:20] [%emt 0:00:20]",)


def test_piped_prompts_stand_on_their_own_lines(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(WARI)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "notation.cli", "record", "--resume", str(path)],
        input="C b\nmoves\nsave\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = lines.index("Type moves as they are played; 'help' lists the commands.") + 1
    assert lines[start:] == [
        "1. South>",
        "  C",
        "  b",
        "2. South>",
        "  A, B, D, E, F",
        "2. South>",
        f"Saved to {path} (unfinished).",
    ]
    # nothing else on stderr than the import log, and prompt_toolkit is not imported on a pipe
    assert all(line.startswith("import time:") for line in done.stderr.splitlines())
    assert "prompt_toolkit" not in done.stderr and "click" in done.stderr
    assert tokens(read_text(path.read_text())[0]) == ["C", "b"]


def test_new_game_questions_stand_on_their_own_lines_and_end_of_input_says_so(tmp_path):
    path = tmp_path / "new.pmn"
    result = CliRunner().invoke(pmn, ["record", str(path)], input="Wari\n\n")
    assert result.exit_code == 1
    assert f"Game ({', '.join(game_names())}) [Trysse]:\n" in result.output  # every game
    assert "input ended before the game's tags were given: nothing recorded" in result.output
    assert not path.exists()


def test_players_answer_is_checked(tmp_path):
    path = tmp_path / "tri.pmn"
    typed = "Tricala\n4\n3\n\n\n\n\n\nAnn\nBob\nCy\nsave\n"  # Game, Players, Rules, ...
    result = CliRunner().invoke(pmn, ["record", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    assert "'4' is not one of: 2, 3" in result.output
    record = read_text(path.read_text())[0]
    assert [record.tag(s) for s in ("White", "Black", "Red")] == ["Ann", "Bob", "Cy"]
