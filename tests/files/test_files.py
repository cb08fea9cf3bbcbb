"""Nothing a run does can destroy a file: safe writes, safe folder walks, the recorder's resume.

Every writing command is run on every kind of target (a regular file, a
symbolic link, a hard link, a character device, a FIFO, a read-only file, a
missing folder) and the outcome checked each time.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import stat
import subprocess
import sys
import threading
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from notation.cli.main import pmn

from notation.files.sources import first_non_utf8

ROOT = Path(__file__).resolve().parents[2]
GAME = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n[Result "*"]\n\n1. C b *\n'
OTHER = '[Game "Wari"]\n[South "Efua"]\n[North "Yaw"]\n[Result "*"]\n\n1. D e *\n'


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(pmn, list(args), input=input)


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left behind."""
    return [name for name in os.listdir(folder) if name.startswith(".pmn-")]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.pmn"
    path.write_text(GAME)
    return path


# The writing commands with an output target: (arguments for a target, what they write).
WRITERS = {
    "convert": lambda source, target: ["convert", str(source), "-o", str(target), "--to", "json"],
    "show": lambda source, target: ["show", str(source), "--to", "svg", "-o", str(target)],
    "render": lambda source, target: ["render", str(source), "-o", str(target)],
}


def expected_output(command: str, source: Path) -> str:
    result = invoke(*WRITERS[command](source, "-"))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_regular_file_is_replaced_keeping_its_mode_and_nothing_is_left_behind(
    command, game, tmp_path
):
    target = tmp_path / "out.file"
    target.write_text("old")
    target.chmod(0o664)
    result = invoke(*WRITERS[command](game, target))
    assert result.exit_code == 0, result.output
    assert target.read_text() == expected_output(command, game)
    assert stat.S_IMODE(target.stat().st_mode) == 0o664
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_new_file_gets_the_umask_mode(command, game, tmp_path):
    target = tmp_path / "new.file"
    old = os.umask(0o027)
    try:
        result = invoke(*WRITERS[command](game, target))
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_symlink_is_written_through_and_stays_a_link(command, game, tmp_path):
    real = tmp_path / "real.file"
    real.write_text("old")
    link = tmp_path / "link.file"
    link.symlink_to(real)
    result = invoke(*WRITERS[command](game, link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == expected_output(command, game)


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_hard_link_is_rewritten_in_place_so_both_names_see_it(command, game, tmp_path):
    first = tmp_path / "first.file"
    first.write_text("old")
    second = tmp_path / "second.file"
    os.link(first, second)
    result = invoke(*WRITERS[command](game, second))
    assert result.exit_code == 0, result.output
    assert os.path.samefile(first, second) and first.stat().st_nlink == 2
    assert first.read_text() == expected_output(command, game)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_character_device_is_written_into_not_replaced(command, game, tmp_path):
    null = tmp_path / "null"  # a device node of our own, like /dev/null (1, 3)
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:  # no privilege to make one, so none to replace /dev/null either
        null = Path("/dev/null")
    result = invoke(*WRITERS[command](game, null))
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "arguments",
    [["convert"], ["show"], ["render", "-o", "-"], ["moves"], ["fmt"], ["stats"]],
)
def test_reading_a_device_is_a_clear_error_not_an_endless_read(arguments):
    done = run_pmn(arguments[0], "/dev/zero", *arguments[1:])
    assert done.returncode == 1
    assert "/dev/zero" in done.stderr and "a device, not a file of records" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_link_to_dev_null_stays_a_link(command, game, tmp_path):
    link = tmp_path / "stdout-like"
    link.symlink_to("/dev/null")
    before = os.stat("/dev/null")
    result = invoke(*WRITERS[command](game, link))
    assert result.exit_code == 0, result.output
    after = os.stat("/dev/null")  # the same file, not a new one renamed over it
    assert link.is_symlink() and (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_fifo_is_written_into_and_its_reader_gets_everything(command, game, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = invoke(*WRITERS[command](game, fifo))
    reader.join(timeout=10)  # a reader of a FIFO that was replaced waits forever: a daemon
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received == [expected_output(command, game).encode()]


@pytest.mark.parametrize("command", sorted(WRITERS))
@pytest.mark.parametrize("through_a_link", [False, True])
def test_dev_stdout_appended_to_a_log_keeps_the_log(command, game, tmp_path, through_a_link):
    log = tmp_path / "log.txt"
    log.write_text("keep me\n")
    # /dev/fd/1 is /dev/stdout's target; unlike /dev/stdout, code that renames over
    # what it is given cannot replace it (nothing can be created in /proc/self/fd)
    target = "/dev/fd/1"
    if through_a_link:
        (tmp_path / "out").symlink_to("/dev/fd/1")
        target = str(tmp_path / "out")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(log, "a") as appending:
        done = subprocess.run(
            [sys.executable, "-m", "notation.cli", *WRITERS[command](game, target)],
            env=env,
            stdout=appending,
            timeout=60,
        )
    assert done.returncode == 0
    assert log.read_text() == "keep me\n" + expected_output(command, game)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_read_only_file_is_refused_and_unchanged(command, game, tmp_path):
    target = tmp_path / "locked.file"
    target.write_text("keep me")
    target.chmod(0o444)
    result = invoke(*WRITERS[command](game, target))
    assert result.exit_code == 1
    assert "read-only" in result.output and "Traceback" not in result.output
    assert target.read_text() == "keep me"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_missing_folder_is_a_clear_error(command, game, tmp_path):
    result = invoke(*WRITERS[command](game, tmp_path / "nowhere" / "out.file"))
    assert result.exit_code == 1
    assert "no such folder" in result.output.lower()
    assert isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", ["show", "render"])
@pytest.mark.parametrize("spelling", ["./g.pmn", "hard.pmn"])
def test_a_picture_over_its_own_record_is_refused(command, game, tmp_path, monkeypatch, spelling):
    monkeypatch.chdir(tmp_path)
    os.link(game, tmp_path / "hard.pmn")
    result = invoke(*WRITERS[command]("g.pmn", spelling))
    assert result.exit_code == 2
    assert "is one of the inputs" in result.output
    assert game.read_text() == GAME


# fmt -i: the file rewritten is its own input


UNFORMATTED = '[Result "*"]\n[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n1. C b *\n'


def formatted_text(tmp_path: Path) -> str:
    scratch = tmp_path / "scratch.pmn"
    scratch.write_text(UNFORMATTED)
    return invoke("fmt", str(scratch)).stdout


def test_fmt_in_place_keeps_mode_links_and_hard_links(tmp_path):
    canonical = formatted_text(tmp_path)
    assert canonical != UNFORMATTED
    plain = tmp_path / "plain.pmn"
    plain.write_text(UNFORMATTED)
    plain.chmod(0o664)
    real = tmp_path / "real.pmn"
    real.write_text(UNFORMATTED)
    link = tmp_path / "link.pmn"
    link.symlink_to(real)
    first = tmp_path / "first.pmn"
    first.write_text(UNFORMATTED)
    os.link(first, tmp_path / "second.pmn")
    result = invoke("fmt", "-i", str(plain), str(link), str(tmp_path / "second.pmn"))
    assert result.exit_code == 0, result.output
    assert plain.read_text() == canonical and stat.S_IMODE(plain.stat().st_mode) == 0o664
    assert link.is_symlink() and real.read_text() == canonical
    assert first.read_text() == canonical and first.stat().st_nlink == 2
    assert leftovers(tmp_path) == []


def test_fmt_in_place_refuses_a_read_only_file_and_goes_on(tmp_path):
    locked = tmp_path / "locked.pmn"
    locked.write_text(UNFORMATTED)
    locked.chmod(0o444)
    other = tmp_path / "other.pmn"
    other.write_text(UNFORMATTED)
    result = invoke("fmt", "-i", str(locked), str(other))
    assert result.exit_code == 1
    assert "locked.pmn: not rewritten" in result.output and "read-only" in result.output
    assert locked.read_text() == UNFORMATTED and stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert other.read_text() == formatted_text(tmp_path)


@pytest.mark.parametrize(
    "error",
    [OSError(errno.ENOSPC, "No space left on device"), PermissionError(errno.EACCES, "denied")],
)
def test_fmt_in_place_on_a_full_disk_is_a_clean_error(tmp_path, monkeypatch, error):
    path = tmp_path / "g.pmn"
    path.write_text(UNFORMATTED)

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(os, "replace", fail)
    result = invoke("fmt", "-i", str(path))
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert f"g.pmn: not rewritten: {error.strerror}" in result.output
    assert path.read_text() == UNFORMATTED
    assert leftovers(tmp_path) == []


# the temporary file never outlives a write


def test_an_exception_or_a_sigterm_during_a_write_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "out.pmn"
    target.write_text("old")
    script = (
        "import os, signal\n"
        "from notation.formats.collection import atomic_output\n"
        f"with atomic_output({str(target)!r}) as out:\n"
        "    out.write('x' * 100000)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], env=env, timeout=60)
    assert done.returncode != 0
    assert leftovers(tmp_path) == []
    assert target.read_text() == "old"
    script = script.replace("os.kill(os.getpid(), signal.SIGTERM)", "raise KeyboardInterrupt")
    done = subprocess.run([sys.executable, "-c", script], env=env, timeout=60, capture_output=True)
    assert done.returncode != 0
    assert leftovers(tmp_path) == [] and target.read_text() == "old"


# item 20: lossy conversions


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=40), block_size=st.integers(min_value=1, max_value=8))
def test_first_non_utf8_finds_the_byte_a_decoder_stops_at(tmp_path_factory, data, block_size):
    path = tmp_path_factory.mktemp("bytes") / "data"
    path.write_bytes(data)
    try:
        data.decode("utf-8")
        expected = None
    except UnicodeDecodeError as exc:
        expected = exc.start
    assert first_non_utf8(str(path), block_size) == expected


@pytest.mark.parametrize("suffix", [".pmn", ".json"])
def test_convert_in_place_refuses_a_latin1_file(tmp_path, suffix):
    path = tmp_path / f"latin{suffix}"
    scratch = tmp_path / f"scratch{suffix}"
    assert invoke("convert", "-", "-o", str(scratch), input=GAME).exit_code == 0
    data = scratch.read_text().replace("Ada", "Ad\u00e9").encode("latin-1")
    path.write_bytes(data)
    result = invoke("convert", str(path), "-o", str(path), "--in-place")
    assert result.exit_code == 1
    offset = data.index(b"\xe9")
    line = data.count(b"\n", 0, offset) + 1
    column = offset - data.rfind(b"\n", 0, offset)
    assert f"{path}:{line}:{column}: not rewritten: byte 0xe9 is not valid UTF-8" in result.output
    assert "--encoding" in result.output
    assert path.read_bytes() == data


def test_a_brace_in_a_comment_written_as_ogn_is_reported(tmp_path):
    path = tmp_path / "c.pmn"
    path.write_text('[Game "Wari"]\n[Result "*"]\n\n1. C ;see {this} here\nb *\n')
    result = invoke("convert", str(path), "--to", "ogn")
    assert result.exit_code == 0, result.output
    assert "game 1: changed for ogn" in result.stderr and "see {this} here" in result.stderr
    assert "see {this) here" in result.stdout  # what OGN can hold


# item 11: folder walks


def run_pmn(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """pmn in a process of its own, with a memory limit: a walk that reads /dev/zero ends."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "notation.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
    )


@pytest.fixture
def tricky_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    (folder / "sub").mkdir(parents=True)
    (folder / "good.pmn").write_text(GAME)
    (folder / "sub" / "other.pmn").write_text(OTHER)
    (folder / "inside.pmn").symlink_to(folder / "sub" / "other.pmn")
    secret = tmp_path / "secret.pmn"
    secret.write_text('[Game "Wari"]\n[Secret "password123"]\n\n1. Z *\n')
    (folder / "out.pmn").symlink_to(secret)
    (folder / "zero.pmn").symlink_to("/dev/zero")
    (folder / "dangling.pmn").symlink_to(tmp_path / "gone.pmn")
    os.mkfifo(folder / "fifo.pmn")
    return folder


def test_a_folder_walk_reads_regular_files_only_and_reports_the_rest(tricky_folder):
    done = run_pmn("validate", "--format", "json", str(tricky_folder))
    report = json.loads(done.stdout)
    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
    jsonschema.validate(report, schema)
    read = sorted(Path(game["source"]).name for game in report["games"])
    assert read == ["good.pmn", "inside.pmn", "other.pmn"]  # a link inside the folder is read
    skipped = {Path(entry["path"]).name: entry["reason"] for entry in report["unread_files"]}
    assert skipped == {
        "dangling.pmn": "a link to nothing",
        "fifo.pmn": "a FIFO",
        "out.pmn": "a link out of the folder",
        "zero.pmn": "a link out of the folder",
    }
    assert "password123" not in done.stdout + done.stderr
    assert done.returncode == 0  # skipping is not a failure: every game read is valid


def test_a_folder_walk_says_what_it_skipped_on_stderr(tricky_folder):
    done = run_pmn("validate", str(tricky_folder))
    assert f"{tricky_folder / 'fifo.pmn'}: skipped: a FIFO" in done.stderr
    assert f"{tricky_folder / 'out.pmn'}: skipped: a link out of the folder" in done.stderr
    assert "3 games: 3 valid, 0 invalid" in done.stdout
    assert done.returncode == 0


def test_a_named_device_is_one_problem_and_the_rest_goes_on(game):
    done = run_pmn("validate", "--format", "json", "/dev/zero", str(game))
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [entry["path"] for entry in report["unread_files"]] == ["/dev/zero"]
    assert report["unread_files"][0]["error"] is True
    assert "device" in report["unread_files"][0]["reason"]
    assert report["summary"] == {"games": 1, "valid": 1, "invalid": 0}


def test_a_named_pipe_is_read(game, tmp_path):
    fifo = tmp_path / "piped.pmn"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w") as out:
            out.write(GAME)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    done = run_pmn("validate", str(fifo))
    writer.join(timeout=10)
    assert done.returncode == 0, done.stderr
    assert "1 game: 1 valid" in done.stdout


def test_stats_skips_what_a_walk_skips(tricky_folder):
    done = run_pmn("stats", "--format", "json", str(tricky_folder))
    assert json.loads(done.stdout)["summary"]["games"] == 3
    assert "fifo.pmn: skipped: a FIFO" in done.stderr
    assert done.returncode == 0


# item 8 and 12: the recorder


def record(path: Path, typed: str, *extra: str):
    return CliRunner().invoke(pmn, ["record", *extra, str(path)], input=typed)


def test_resume_carries_on_the_last_game_and_keeps_every_other_byte(tmp_path):
    path = tmp_path / "night.pmn"
    first = OTHER.replace("1. D e *", "1. D e {a first game, as written}   *") + "\n\n"
    path.write_text(first + GAME)
    result = record(path, "A\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    assert "game 2: 2 moves so far" in result.output
    text = path.read_text()
    assert text.startswith(first)
    assert text[len(first) :].rstrip().endswith("1. C b 2. A *")


def test_resume_game_n_keeps_the_games_after_it(tmp_path):
    path = tmp_path / "night.pmn"
    path.write_bytes(b"\xef\xbb\xbf" + GAME.encode() + b"\n" + OTHER.encode())
    result = record(path, "A\nsave\n", "--resume", "--game", "1")
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf[Game")
    assert data.endswith(b"1. C b 2. A *\n\n" + OTHER.encode())


def test_resume_keeps_the_opening_comment_and_the_last_comment_in_place(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(GAME.replace("1. C b *", "{before the game} 1. C b (1... a) {the last} *"))
    result = record(path, "A\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    text = " ".join(path.read_text().split())
    assert "{before the game} 1. C b (1... a) {the last} 2. A *" in text
    result = record(path, "undo\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    text = " ".join(path.read_text().split())  # what stood before a move taken back stays
    assert text.endswith("{before the game} 1. C b (1... a) {the last} *")


def test_resume_a_game_that_is_not_there(tmp_path):
    path = tmp_path / "g.pmn"
    path.write_text(GAME)
    result = record(path, "", "--resume", "--game", "2")
    assert result.exit_code == 2 and "has 1 game, not 2" in result.output
    assert path.read_text() == GAME


@pytest.mark.parametrize(
    "error",
    [OSError(errno.ENOSPC, "No space left on device"), PermissionError(errno.EACCES, "denied")],
)
def test_a_failed_save_keeps_the_session_and_saves_later(tmp_path, monkeypatch, error):
    path = tmp_path / "g.pmn"
    path.write_text(GAME)
    real_replace = os.replace
    failing = [True]

    def replace(*args, **kwargs):
        if failing[0]:
            raise error
        return real_replace(*args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    runner = CliRunner()
    result = runner.invoke(pmn, ["record", "--resume", str(path)], input="A\n")
    assert result.exit_code == 1  # input ended with the game unsaved
    assert f"NOT SAVED: cannot write {path}: {error.strerror}" in result.output
    assert "Traceback" not in result.output and path.read_text() == GAME
    failing[0] = False
    result = runner.invoke(pmn, ["record", "--resume", str(path)], input="A\nsave\n")
    assert result.exit_code == 0, result.output
    assert path.read_text().rstrip().endswith("1. C b 2. A *")
    assert leftovers(tmp_path) == []


def test_a_save_that_fails_once_is_retried_by_save(tmp_path, monkeypatch):
    path = tmp_path / "g.pmn"
    path.write_text(GAME)
    real_replace = os.replace
    calls = []

    def replace(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:  # the save after the move A
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(*args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    result = record(path, "A\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    assert "NOT SAVED" in result.output and "Saved to" in result.output
    assert path.read_text().rstrip().endswith("1. C b 2. A *")


def test_record_resume_writes_through_a_link_and_refuses_a_read_only_file(tmp_path):
    real = tmp_path / "real.pmn"
    real.write_text(GAME)
    link = tmp_path / "link.pmn"
    link.symlink_to(real)
    result = record(link, "A\nsave\n", "--resume")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text().rstrip().endswith("1. C b 2. A *")
    real.chmod(0o444)
    result = record(real, "F\n", "--resume")
    assert result.exit_code == 1
    assert "NOT SAVED" in result.output and "read-only" in result.output
    assert real.read_text().rstrip().endswith("1. C b 2. A *")
    assert leftovers(tmp_path) == []


def test_record_refuses_to_start_over_an_existing_special_file_or_link(tmp_path):
    link = tmp_path / "dangling.pmn"
    link.symlink_to(tmp_path / "gone.pmn")
    result = record(link, "")
    assert result.exit_code == 2 and "exists" in result.output
    result = record(Path("/dev/null"), "")
    assert result.exit_code == 2 and "exists" in result.output
