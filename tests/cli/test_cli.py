"""The ``pmn`` command, driven through click's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ANNOTATED = EXAMPLES / "wari-annotated.pmn"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_help_on_every_command(runner):
    for args in ([], ["validate"], ["convert"], ["show"]):
        result = runner.invoke(pmn, [*args, "--help"])
        assert result.exit_code == 0
        assert "Usage:" in result.output


def test_validate_good_examples_exit_0(runner):
    files = sorted(str(p) for p in EXAMPLES.glob("*.pmn") if p.name.startswith(("wari", "trysse")))
    result = runner.invoke(pmn, ["validate", *files])
    assert result.exit_code == 0, result.output
    assert "0 invalid" in result.stdout
    assert result.stderr == ""


def test_validate_broken_exit_1_errors_on_stderr(runner):
    path = EXAMPLES / "broken" / "wari-empty-hole.pmn"
    result = runner.invoke(pmn, ["validate", str(path)])
    assert result.exit_code == 1
    assert "INVALID" in result.stdout
    assert result.stderr.rstrip().splitlines() == [
        f"{path}:5:11: game 1, move 2.: C: hole C is empty; did you mean B or D? (legal: A, B, D, E, F)",
        "    1. C b 2. C a *",  # the record's line, with a caret under the move (column 11)
        "              ^",
    ]
    assert "Traceback" not in result.output


def test_validate_walks_folders(runner):
    result = runner.invoke(pmn, ["validate", str(EXAMPLES / "broken")])
    assert result.exit_code == 1
    for path in (EXAMPLES / "broken").glob("*.pmn"):
        assert f"{path}:" in result.stdout


def test_validate_json_report(runner):
    path = EXAMPLES / "broken" / "wari-must-feed.pmn"
    result = runner.invoke(pmn, ["validate", "--format", "json", str(path)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["summary"] == {"games": 1, "valid": 0, "invalid": 1}
    (problem,) = report["games"][0]["problems"]
    assert problem == {
        "code": "must-feed",
        "message": "A: North has no stones: South must play a move that gives it some (W4)",
        "line": 4,
        "column": 4,
        "move_number": "1.",
        "token": "A",
        "path": "moves[0]",
        "legal": ["F"],
    }


def test_validate_stdin(runner):
    result = runner.invoke(pmn, ["validate", "-"], input='[Game "Wari"]\n\n1. C b *\n')
    assert result.exit_code == 0
    assert "<stdin>:1: game 1: valid" in result.stdout


def test_usage_errors_exit_2(runner):
    assert runner.invoke(pmn, ["validate"]).exit_code == 2
    assert runner.invoke(pmn, ["validate", "no-such-file.pmn"]).exit_code == 2
    assert runner.invoke(pmn, ["convert", str(ANNOTATED), "--to", "xml"]).exit_code == 2


@pytest.mark.parametrize("middle", ["json", "jsonl"])
def test_convert_there_and_back_is_identical(runner, tmp_path, middle):
    source = EXAMPLES / "trysse-open.pmn"
    there = tmp_path / f"games.{middle}"
    back = tmp_path / "back.pmn"
    assert runner.invoke(pmn, ["convert", str(source), "-o", str(there)]).exit_code == 0
    assert runner.invoke(pmn, ["convert", str(there), "-o", str(back)]).exit_code == 0
    assert back.read_text() == source.read_text()
    again = tmp_path / f"again.{middle}"
    assert runner.invoke(pmn, ["convert", str(back), "-o", str(again)]).exit_code == 0
    assert again.read_text() == there.read_text()


def test_convert_stdin_to_stdout(runner):
    result = runner.invoke(pmn, ["convert", "-", "--to", "jsonl"], input=ANNOTATED.read_text())
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["tags"][0] == ["Game", "Wari"]
    back = runner.invoke(pmn, ["convert", "-", "--to", "pmn"], input=result.stdout)
    assert back.stdout == ANNOTATED.read_text()


def test_convert_carries_damaged_games_and_exits_1(runner, tmp_path):
    source = EXAMPLES / "broken" / "trysse-damaged-middle-game.pmn"
    out = tmp_path / "out.json"
    result = runner.invoke(pmn, ["convert", str(source), "-o", str(out)])
    assert result.exit_code == 1
    assert "comment opened with { is never closed" in result.stderr
    records = json.loads(out.read_text())
    assert [("raw" in r) for r in records] == [False, True, False]
    back = tmp_path / "back.pmn"
    runner.invoke(pmn, ["convert", str(out), "-o", str(back)])
    assert back.read_text() == source.read_text()


def test_convert_refuses_to_overwrite_its_input(runner, tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(ANNOTATED.read_text())
    result = runner.invoke(pmn, ["convert", str(path), "-o", str(path)])
    assert result.exit_code == 2
    assert "--in-place" in result.stderr
    result = runner.invoke(pmn, ["convert", str(path), "-o", str(path), "--in-place"])
    assert result.exit_code == 0
    assert path.read_text() == ANNOTATED.read_text()


def test_show_start_and_after_moves(runner):
    result = runner.invoke(pmn, ["show", str(ANNOTATED), "--move", "0"])
    assert result.exit_code == 0
    assert "South to move" in result.stdout
    assert "Position: 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" in result.stdout
    result = runner.invoke(pmn, ["show", str(ANNOTATED), "--move", "1"])
    assert "After D:" in result.stdout
    assert "Position: 4-4-4-0-5-5-5-5-4-4-4-4-0-0-N" in result.stdout
    result = runner.invoke(pmn, ["show", str(ANNOTATED)])
    assert "Game over: 1-0" in result.stdout


def test_show_errors_are_messages_not_tracebacks(runner):
    result = runner.invoke(pmn, ["show", str(ANNOTATED), "--game", "2"])
    assert result.exit_code == 2 and "has no game 2" in result.stderr
    result = runner.invoke(pmn, ["show", str(ANNOTATED), "--move", "999"])
    assert result.exit_code == 2 and "has 103 moves" in result.stderr
    broken = EXAMPLES / "broken" / "wari-empty-hole.pmn"
    result = runner.invoke(pmn, ["show", str(broken)])
    assert result.exit_code == 1
    assert "hole C is empty" in result.stderr
    assert "Traceback" not in result.output


def test_json_report_conforms_to_its_schema(runner):
    import jsonschema

    from notation.formats.jsonform import load_schema

    folder = str(EXAMPLES)
    result = runner.invoke(pmn, ["validate", "--format", "json", folder])
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(load_schema("report.schema.json")).validate(report)
    codes = {p["code"] for g in report["games"] for p in g["problems"]}
    assert {"empty-hole", "must-feed", "wrong-result", "unclosed-comment"} <= codes
    assert report["summary"]["games"] == len(report["games"])


def test_quiet_prints_only_problems_and_the_summary(runner):
    good = str(EXAMPLES / "wari-annotated.pmn")
    bad = str(EXAMPLES / "broken" / "wari-empty-hole.pmn")
    result = runner.invoke(pmn, ["validate", "--quiet", good, bad])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and "INVALID" in lines[0]
    assert lines[1] == "2 games: 1 valid, 1 invalid"


def test_progress_is_drawn_only_on_a_terminal(monkeypatch, tmp_path):
    """validate's count is the shared progress line now (tests/cli/test_progress.py): the
    games checked and how many are invalid, on stderr, on a terminal only."""
    from notation.cli import progress

    games = tmp_path / "games.pmn"
    games.write_text((ANNOTATED.read_text() + "\n") * 20)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    monkeypatch.setattr(progress, "EVERY", 1)
    monkeypatch.delenv("PMN_PROGRESS", raising=False)
    plain = CliRunner().invoke(pmn, ["validate", str(games)])
    assert plain.exit_code == 0 and "games checked" not in plain.stderr
    monkeypatch.setattr(progress, "_terminal", lambda: True)
    shown = CliRunner().invoke(pmn, ["validate", str(games)])
    assert shown.exit_code == 0 and "games checked, 0 invalid" in shown.stderr
    assert "games checked" not in shown.stdout


def test_validate_reads_other_hole_numberings(runner):
    letters = ANNOTATED.read_text()
    numbered = runner.invoke(pmn, ["convert", str(ANNOTATED), "--to-pits", "own"]).stdout
    assert '[Pits "own"]' in numbered
    # a Pits tag says how to read the moves
    assert runner.invoke(pmn, ["validate", "-"], input=numbered).exit_code == 0
    # without the tag, --from-pits says it; without either, the numbers are not moves
    untagged = numbered.replace('[Pits "own"]\n', "")
    assert (
        runner.invoke(pmn, ["validate", "--from-pits", "own", "-"], input=untagged).exit_code == 0
    )
    result = runner.invoke(pmn, ["validate", "-"], input=untagged)
    assert result.exit_code == 1 and "is not a move in Wari" in result.stderr
    assert letters != numbered


def test_validate_takes_every_registered_format(runner):
    actions = EXAMPLES / "oware" / "openspiel-playthrough.actions"
    result = runner.invoke(pmn, ["validate", "--from", "openspiel-actions", str(actions)])
    assert result.exit_code == 0, result.output
    assert "110 moves" in result.stdout


def test_convert_long_and_short_tricala_forms(runner):
    source = EXAMPLES / "tricala-three-players.pmn"
    long = runner.invoke(pmn, ["convert", str(source), "--long"])
    assert long.exit_code == 0
    assert "6e[WWBR]-6fx3c" in long.stdout  # the edge turn at 6f is listed in the long form
    assert "6e[WWBR]x3c" in source.read_text()
    short = runner.invoke(pmn, ["convert", "-", "--short"], input=long.stdout)
    assert short.stdout == source.read_text()
    assert runner.invoke(pmn, ["validate", "-"], input=long.stdout).exit_code == 0


def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path):
    """``pmn convert big.pmn | head``: no "Broken pipe" message (SIGPIPE's default action)."""
    big = tmp_path / "big.pmn"
    big.write_text((EXAMPLES / "trysse-open.pmn").read_text(encoding="utf-8") * 200, "utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "notation.cli", "convert", str(big), "--to", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=EXAMPLES.parent,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(100)
    process.stdout.close()  # the reader goes away
    error = process.stderr.read()
    process.wait(timeout=60)
    assert b"Broken pipe" not in error and b"Traceback" not in error


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=EXAMPLES.parent,
        timeout=60,
        check=False,
    )


def test_leaving_runs_the_exit_handlers_flushes_and_keeps_the_status():
    """notation.cli.main.leave ends the process as sys.exit would: atexit handlers run, buffered
    output is written, the status is kept (a message means 1, printed)."""
    done = _python(
        "import atexit, sys\n"
        "from notation.cli.main import leave\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "print('buffered', end='')\n"
        "sys.stderr.write('to stderr')\n"
        "leave(3)\n"
    )
    assert (done.returncode, done.stdout, done.stderr) == (3, "bufferedhandler ran\n", "to stderr")
    assert _python("from notation.cli.main import leave\nleave(None)").returncode == 0
    message = _python("from notation.cli.main import leave\nleave('no such game')")
    assert (message.returncode, message.stderr) == (1, "no such game\n")


def test_leaving_skips_the_interpreters_teardown():
    """What a normal exit would free one by one (the engines' memos) is left to the
    operating system: an object's finaliser that teardown would run does not run."""
    code = (
        "import sys\n"
        "class Kept:\n"
        "    def __del__(self):\n"
        "        print('freed at teardown')\n"
        "kept = Kept()\n"
        "from notation.cli.main import leave\n"
    )
    assert _python(code + "sys.exit(0)").stdout == "freed at teardown\n"
    assert _python(code + "leave(0)").stdout == ""


@pytest.mark.parametrize(
    ("args", "status"),
    [(["validate", "tricala-three-players.pmn"], 0), (["validate", "--no-such-option"], 2)],
)
def test_the_pmn_process_exits_with_the_commands_status(args, status, tmp_path):
    """Through the console entry point (notation.cli.main.main, which leaves without teardown):
    the status and the whole of a JSON report reach the caller."""
    bad = tmp_path / "bad.pmn"
    bad.write_text('[Game "Wari"]\n\n1. C C *\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "notation.cli", *args],
        capture_output=True, text=True, cwd=EXAMPLES, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == status, done.stderr
    report = subprocess.run(
        [sys.executable, "-m", "notation.cli", "validate", "--format", "json", str(bad)],
        capture_output=True, text=True, cwd=EXAMPLES.parent, timeout=60, check=False,
    )  # fmt: skip
    assert report.returncode == 1
    assert json.loads(report.stdout)["games"][0]["valid"] is False
