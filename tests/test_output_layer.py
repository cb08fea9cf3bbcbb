"""No output of a command is one of its inputs (issue 25: "Output over input", "Feeding on
itself"), by identity, for every command: the one guard in :mod:`notation.files`.

Each case runs the installed ``pmn`` in a real process, with the shell's redirections
where the finding used them, and checks the exit code (2, a usage error), the message,
and that the input is byte for byte what it was.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from notation.files import (
    OutputIsInputError,
    allow_rewrite,
    claim_output,
    declare_inputs,
    guarded_command,
    safe_output,
)

ROOT = Path(__file__).resolve().parent.parent
GAME = (ROOT / "examples" / "wari-annotated.pmn").read_bytes()
PMN = shutil.which("pmn", path=os.path.dirname(sys.executable)) or "pmn"


def shell(
    command: str, cwd: Path, stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``command`` run by bash in ``cwd`` (``pmn`` is the installed one), within 20 s."""
    env = {**os.environ, "PATH": os.path.dirname(PMN) + os.pathsep + os.environ["PATH"]}
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, input=stdin, capture_output=True, timeout=20, env=env
    )


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """A folder with w.pmn (one game) and q.pmn (three games)."""
    (tmp_path / "w.pmn").write_bytes(GAME)
    (tmp_path / "q.pmn").write_bytes(GAME * 3)
    return tmp_path


def assert_refused(done: subprocess.CompletedProcess[bytes]) -> None:
    assert done.returncode == 2, done.stderr
    assert b"one of the inputs" in done.stderr
    assert b"Traceback" not in done.stderr


# -- output over input: the report or the selection would replace the record --------------


@pytest.mark.parametrize(
    "command",
    [
        "validate w.pmn -o w.pmn",
        "stats w.pmn -o w.pmn",
        "standings w.pmn -o w.pmn",
        "openings w.pmn -o w.pmn",
        "moves w.pmn -o w.pmn",
        "reconcile w.pmn -o w.pmn",
        "select q.pmn --player Kofi -o q.pmn",
        "dedupe q.pmn -o q.pmn",
        "sort q.pmn --by South -o q.pmn",
        "merge q.pmn w.pmn -o q.pmn",
    ],
)
def test_an_output_onto_an_input_is_refused_and_the_input_kept(records: Path, command: str) -> None:
    before = {name: (records / name).read_bytes() for name in ("w.pmn", "q.pmn")}
    assert_refused(shell(f"pmn {command}", records))
    assert {name: (records / name).read_bytes() for name in before} == before


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_an_output_that_links_to_the_input_is_refused(records: Path, link: str) -> None:
    target = records / "other.pmn"
    (os.symlink if link == "symlink" else os.link)(records / "q.pmn", target)
    assert_refused(shell("pmn select q.pmn --player Kofi -o other.pmn", records))
    assert (records / "q.pmn").read_bytes() == GAME * 3


# -- feeding on itself: an output that the command reads back, for ever -------------------


@pytest.mark.parametrize(
    "command",
    [
        "pmn select q.pmn >> q.pmn",
        "pmn select q.pmn -o /dev/stdout >> q.pmn",
        "pmn validate q.pmn >> q.pmn",
    ],
)
def test_standard_output_appended_to_an_input_is_refused(records: Path, command: str) -> None:
    assert_refused(shell(command, records))
    assert (records / "q.pmn").read_bytes() == GAME * 3


@pytest.mark.parametrize(
    "command",
    [
        "pmn convert - -o /dev/stdin < q.pmn",
        "cat q.pmn | pmn convert - -o /dev/stdin",
        "pmn fmt - -o /dev/stdin < q.pmn",
        "pmn merge - -o /dev/fd/0 < q.pmn",
        "pmn merge - -o /proc/self/fd/0 < q.pmn",
    ],
)
def test_standard_input_as_the_output_is_refused(records: Path, command: str) -> None:
    assert_refused(shell(command, records))
    assert (records / "q.pmn").read_bytes() == GAME * 3


def test_an_output_inside_a_walked_folder_is_not_read_back(records: Path) -> None:
    """The output exists in the folder being walked: reading it is refused, the file kept."""
    folder = records / "event"
    folder.mkdir()
    (folder / "a.pmn").write_bytes(GAME)
    (folder / "out.pmn").write_bytes(GAME)
    done = shell("pmn select event --player Kofi -o event/out.pmn", records)
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr
    assert (folder / "out.pmn").read_bytes() == GAME


# -- what is still allowed ------------------------------------------------------------------


def test_commands_that_rewrite_their_input_by_design_still_do(records: Path) -> None:
    (records / "f.pmn").write_bytes(GAME + b"\n\n\n")
    assert shell("pmn fmt -i f.pmn", records).returncode == 0
    assert (records / "f.pmn").read_bytes() != GAME + b"\n\n\n"
    done = shell("pmn convert q.pmn --in-place -o q.pmn", records)
    assert done.returncode == 0, done.stderr


def test_other_outputs_and_pipes_are_written(records: Path) -> None:
    assert shell("pmn validate w.pmn -o report.txt", records).returncode == 0
    assert b"valid" in (records / "report.txt").read_bytes()
    done = shell("cat q.pmn | pmn select - --player Kofi | cat > picked.pmn", records)
    assert done.returncode == 0, done.stderr
    assert shell("pmn select q.pmn > picked.pmn", records).returncode == 0


# -- the library's guard ------------------------------------------------------------------


def test_the_guard_holds_only_inside_a_command(tmp_path: Path) -> None:
    """A program may read a file and write it back; inside guarded_command it may not,
    unless it says it rewrites that input."""
    path = tmp_path / "g.pmn"
    path.write_bytes(GAME)
    declare_inputs([str(path)])  # outside a command: nothing kept
    with safe_output(str(path)) as out:
        out.write("x")
    with guarded_command():
        declare_inputs([str(path)])
        with pytest.raises(OutputIsInputError) as caught:
            claim_output(str(path))
        assert caught.value.code == "output-is-input"
        allow_rewrite(str(path))
        with safe_output(str(path)) as out:
            out.write("y")
    assert path.read_text() == "y"
