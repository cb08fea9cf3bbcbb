"""No output of a command is one of its inputs (issue 25: "Output over input", "Feeding on
itself"), by identity, for every command: the one guard in :mod:`notation.files.outputs`.

Each case runs the installed ``pmn`` in a real process, with the shell's redirections
where the finding used them, and checks the exit code (2, a usage error), the message,
and that the input is byte for byte what it was.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notation.files.guard import (
    OutputIsInputError,
    allow_rewrite,
    claim_output,
    declare_inputs,
    guarded_command,
)
from notation.files.outputs import safe_output

ROOT = Path(__file__).resolve().parents[2]
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


# -- writing outside the target folder: -d never writes through a link ----------------------


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the output folder, mode 0600, that nothing may change."""
    (tmp_path / "outside").mkdir()
    secret = tmp_path / "outside" / "secret.html"
    secret.write_bytes(b"secret\n")
    secret.chmod(0o600)
    return secret


def assert_untouched(secret: Path) -> None:
    assert secret.read_bytes() == b"secret\n"
    assert secret.stat().st_mode & 0o777 == 0o600


def test_publish_refuses_a_link_in_the_site_folder(records: Path, outside: Path) -> None:
    site = records / "site"
    site.mkdir()
    (site / "index.html").symlink_to(outside)
    done = shell("pmn publish w.pmn -d site", records)
    assert done.returncode == 1, done.stderr
    assert b"link" in done.stderr and b"Traceback" not in done.stderr
    assert_untouched(outside)
    assert (site / "index.html").is_symlink()


def test_publish_replaces_a_hard_link_without_writing_into_it(records: Path, outside: Path) -> None:
    site = records / "site"
    site.mkdir()
    os.link(outside, site / "index.html")
    done = shell("pmn publish w.pmn -d site", records)
    assert done.returncode == 1 and b"--force" in done.stderr  # not publish's: not replaced
    assert_untouched(outside)
    done = shell("pmn publish --force w.pmn -d site", records)
    assert done.returncode == 0, done.stderr
    assert_untouched(outside)
    assert b"<html" in (site / "index.html").read_bytes().lower()
    assert not os.path.samefile(site / "index.html", outside)


def test_publish_does_not_block_on_a_fifo_in_the_site_folder(records: Path) -> None:
    site = records / "site"
    site.mkdir()
    os.mkfifo(site / "index.html")
    done = shell("pmn publish w.pmn -d site", records)  # within the 20 s timeout
    assert done.returncode == 1
    assert b"FIFO" in done.stderr and b"Traceback" not in done.stderr


def test_publish_gives_pages_the_umask_mode_and_changes_no_mode_by_path(records: Path) -> None:
    done = shell("umask 022; pmn publish w.pmn -d site", records)
    assert done.returncode == 0, done.stderr
    modes = {path.stat().st_mode & 0o777 for path in (records / "site").iterdir()}
    assert modes == {0o644}
    done = shell("umask 077; rm site/index.html; pmn publish w.pmn -d site", records)
    assert (records / "site" / "index.html").stat().st_mode & 0o777 == 0o600


def test_convert_to_a_folder_does_not_write_through_a_linked_subfolder(
    records: Path, tmp_path: Path
) -> None:
    source = records / "in"
    (source / "sub").mkdir(parents=True)
    (source / "sub" / "w.pmn").write_bytes(GAME)
    away = tmp_path / "away"
    away.mkdir()
    (records / "out").mkdir()
    (records / "out" / "sub").symlink_to(away)
    done = shell("pmn convert in -d out --to json", records)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    assert list(away.iterdir()) == []


def test_split_gives_new_files_the_umask_mode_and_keeps_a_replaced_files_mode(
    records: Path,
) -> None:
    done = shell("umask 022; pmn split q.pmn --every 1 -d parts", records)
    assert done.returncode == 0, done.stderr
    parts = sorted((records / "parts").iterdir())
    assert len(parts) == 3
    assert {part.stat().st_mode & 0o777 for part in parts} == {0o644}
    parts[0].chmod(0o640)
    done = shell("umask 077; pmn split q.pmn --every 1 -d parts --force", records)
    assert done.returncode == 0, done.stderr
    assert parts[0].stat().st_mode & 0o777 == 0o640
    assert parts[1].stat().st_mode & 0o777 == 0o644


def test_split_refuses_a_link_where_a_part_goes(records: Path, outside: Path) -> None:
    (records / "parts").mkdir()
    (records / "parts" / "part-0001.pmn").symlink_to(outside)
    done = shell("pmn split q.pmn --every 1 -d parts --force", records)
    assert done.returncode == 1, done.stderr
    assert_untouched(outside)
    assert not [p for p in (records / "parts").iterdir() if p.name.startswith(".pmn-")]


# -- two recorders, one file: no move and no game is lost -----------------------------------

WARI_NEW = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n*\n'


def two_game_file(tmp_path: Path) -> Path:
    path = tmp_path / "round.pmn"
    path.write_text(WARI_NEW.replace("Ada", "Ama") + "\n" + WARI_NEW)
    return path


def test_two_recorders_on_two_games_of_one_file_keep_both_moves(tmp_path: Path) -> None:
    from notation.cli.record import resume_game

    path = two_game_file(tmp_path)
    first, second = resume_game(str(path), 1), resume_game(str(path), 2)
    first.play("C")
    second.play("D")
    first.save()
    second.save()  # the file changed under it: game 2 goes in as the file is now
    text = path.read_text()
    assert "1. C" in text and "1. D" in text
    assert text.index("Ama") < text.index("1. C") < text.index("Ada") < text.index("1. D")
    assert second.merges == 1
    third = resume_game(str(path), 1)  # and the file reads as two games
    assert [node.token for node in third.nodes] == ["C"]


def test_two_recorders_making_one_new_file_keep_both_games(tmp_path: Path) -> None:
    from notation.desk.recorder import Recorder
    from notation.formats.pmn import read_text

    path = tmp_path / "board.pmn"
    tags = read_text(WARI_NEW)[0]
    first, second = Recorder(str(path), tags), Recorder(str(path), tags)
    first.play("C")
    second.play("D")
    first.save()
    second.save()
    games = read_text(path.read_text())
    assert [[node.token for node in game.mainline.moves] for game in games] == [["C"], ["D"]]
    first.play("b")  # each goes on saving into its own game
    first.save()
    games = read_text(path.read_text())
    assert [[node.token for node in game.mainline.moves] for game in games] == [["C", "b"], ["D"]]


def test_a_recorder_does_not_write_over_its_game_changed_by_another(tmp_path: Path) -> None:
    from notation.cli.record import resume_game

    from notation.desk.recorder import RecordFileChanged

    path = two_game_file(tmp_path)
    first, second = resume_game(str(path), 2), resume_game(str(path), 2)
    first.play("C")
    first.save()
    saved = path.read_bytes()
    second.play("D")
    with pytest.raises(RecordFileChanged):
        second.save()
    assert path.read_bytes() == saved
    assert [node.token for node in second.nodes] == ["D"]  # the session keeps its move


def test_two_recorder_processes_on_one_new_file_keep_both_games(tmp_path: Path) -> None:
    """Two ``pmn record board.pmn`` at once: both games are in the file."""
    script = "Wari\n\n\n\n\n\nAda\nKofi\n\n\n\n\nC\n"  # the tags, a move, the end
    env = {**os.environ, "PATH": os.path.dirname(PMN) + os.pathsep + os.environ["PATH"]}
    runs = [
        subprocess.Popen(
            [PMN, "record", "board.pmn"],
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(2)
    ]
    # both have started (asked their first question, after looking for the file) before
    # either types a move: a recorder started after the file exists is told --resume
    seen = [b"", b""]
    deadline = time.monotonic() + 20
    while not all(b"Game" in out for out in seen) and time.monotonic() < deadline:
        ready, _, _ = select.select([run.stdout for run in runs], [], [], 0.1)
        for index, run in enumerate(runs):
            if run.stdout in ready:
                seen[index] += os.read(run.stdout.fileno(), 4096)
    outs = [run.communicate(script.encode(), timeout=20) for run in runs]
    outs = [(first + out, err) for first, (out, err) in zip(seen, outs, strict=True)]
    assert all(b"Traceback" not in err for _, err in outs), outs
    from notation.formats.pmn import read_text

    games = read_text((tmp_path / "board.pmn").read_text())
    assert len(games) == 2, outs


def test_a_temporary_file_never_committed_is_removed_when_the_folder_closes(
    tmp_path: Path,
) -> None:
    """A signal can end a command between the making of a temporary file and the moment
    its caller holds its name (split's parts: a file left once in a hundred runs under
    load): the output folder keeps the names it made, and removes those neither committed
    nor discarded when it closes."""
    from notation.files.outputs import OutputFolder

    with OutputFolder(str(tmp_path / "parts")) as folder:
        kept = folder.create_temporary("a.pmn")
        folder.create_temporary("b.pmn")  # its name lost: a SystemExit as it returned
        with folder.append(kept) as stream:
            stream.write("*\n")
        folder.commit(kept, "a.pmn")
    assert sorted(os.listdir(tmp_path / "parts")) == ["a.pmn"]
