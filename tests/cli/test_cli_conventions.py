"""The command line's shared conventions, checked for every command in ``notation.cli.main.COMMANDS``.

Every command that reads games takes files, folders and ``-`` (with ``--from``
and ``--encoding``); ``-o/--output`` names the one file a command writes
(``-`` is standard output); exit code 2 is a usage error and 1 an invalid or
unreadable record; a reader that closes the pipe early ends the command
quietly; the old spellings of options still work, hidden, with one warning
line. A command added to ``COMMANDS`` without an entry in ``SPECS`` fails here,
and so does a command that drifts from the conventions.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn

from notation.formats.collection import FORMATS
from notation.games import game_names, games_with_format

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAME = EXAMPLES / "wari-annotated.pmn"
#: A record that cannot be read (a result inside an unclosed variation).
DAMAGED = EXAMPLES / "broken" / "wari-unclosed-variation.pmn"
ACTIONS = EXAMPLES / "kalah-openspiel-playthrough.actions"

Inputs = list[str]


@dataclass(frozen=True)
class Spec:
    """What a command takes besides its inputs, and how it writes.

    ``args(inputs, tmp)`` gives the whole argument list for some inputs;
    ``output`` is the option naming what it writes: ``-o`` (a file, ``-`` by
    default: standard output), ``-o!`` (a file that must be named), ``-d`` (a
    folder), or None; ``stdin`` is False when ``-`` is refused (with exit 2).
    """

    args: Callable[[Inputs, Path], list[str]] = lambda inputs, tmp: inputs
    reads: bool = True
    output: str | None = "-o"
    stdin: bool = True
    #: the exit code for an input holding an unreadable record
    damaged_exit: int = 1
    #: inputs for the files/folders/- test (default: the one game)
    sheets: int = 1
    why: str = ""


SPECS: dict[str, Spec] = {
    "validate": Spec(),
    "convert": Spec(),
    "repair": Spec(lambda inputs, tmp: [*inputs, "-o", str(tmp / "repaired.pmn")], output="-o!"),
    "show": Spec(),
    "moves": Spec(),
    "fmt": Spec(),
    "stats": Spec(),
    "record": Spec(reads=False, output=None, why="a session at the board: it writes one record"),
    "render": Spec(),
    "standings": Spec(),
    "reconcile": Spec(sheets=2),
    "publish": Spec(lambda inputs, tmp: [*inputs, "-d", str(tmp / "site")], output="-d"),
    "serve": Spec(
        reads=False, output=None, why="a server: it serves a round of an event folder until stopped"
    ),
    "select": Spec(),
    "dedupe": Spec(),
    "split": Spec(
        lambda inputs, tmp: [*inputs, "--every", "1", "-d", str(tmp / "parts")], output="-d"
    ),
    "merge": Spec(),
    "sort": Spec(lambda inputs, tmp: [*inputs, "--by", "Date"]),
    "openings": Spec(),
    "index": Spec(
        lambda inputs, tmp: [*inputs, "-o", str(tmp / "index.sqlite")],
        output="-o!",
        stdin=False,
        damaged_exit=0,
        why="the index reads its files again later (not '-'), and keeps every game with "
        "its verdict: select --invalid finds the unreadable ones",
    ),
}

READERS = sorted(name for name, spec in SPECS.items() if spec.reads)


def invoke(*args: str, stdin: str | None = None):
    return CliRunner().invoke(pmn, list(args), input=stdin)


def command(name: str) -> click.Command:
    found = pmn.get_command(click.Context(pmn), name)
    assert found is not None
    return found


def no_traceback(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output


def test_every_command_has_a_spec():
    assert set(SPECS) == set(COMMANDS)


# -- the options: one spelling, one meaning -------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_options_follow_the_conventions(name):
    cmd = command(name)
    visible = [p for p in cmd.params if not getattr(p, "hidden", False)]
    spellings = {opt: p for p in visible for opt in p.opts}
    for old in ("--svg", "--html", "--pits", "--in"):
        assert old not in spellings, f"{name}: {old} is an old spelling"
    if "--game" in spellings:  # only ever a game number
        game = spellings["--game"]
        assert isinstance(game.type, click.IntRange) or game.metavar == "N", name
    if "-o" in spellings or "--output" in spellings:
        assert spellings.get("-o") is spellings.get("--output"), f"{name}: -o is --output"
    if "-d" in spellings or "--output-dir" in spellings:
        assert spellings.get("-d") is spellings.get("--output-dir"), f"{name}: -d is --output-dir"
    if SPECS[name].output == "-o":
        assert spellings["--output"].default == "-", f"{name}: -o defaults to standard output"
    if not SPECS[name].reads:
        return
    files = cmd.params[0]
    assert isinstance(files, click.Argument) and files.name == "files", name
    assert files.nargs == -1 and isinstance(files.type, click.Path)
    assert files.type.allow_dash and files.type.dir_okay, f"{name}: FILES take '-' and folders"
    assert "--encoding" in spellings, name
    if name != "fmt":  # fmt formats PMN text only
        assert "--from" in spellings, name


def test_helps_name_every_game_and_format():
    top = invoke("--help").output
    for name in (*game_names(), *FORMATS):
        assert name in top
    convert = invoke("convert", "--help").output
    for name in (*FORMATS, *games_with_format("ogn"), *games_with_format("openspiel-actions")):
        assert name in convert
    for name in ("moves", "select"):
        text = " ".join(invoke(name, "--help").output.split())  # click wraps "Togyz Kumalak"
        assert all(game in text for game in game_names()), name


# -- --help, usage errors, invalid records ----------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_exits_0(name):
    result = invoke(name, "--help")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: pmn " + name)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_usage_error_exits_2(name):
    result = invoke(name, "--no-such-option")
    assert result.exit_code == 2
    assert "No such option" in result.stderr
    no_traceback(result)


@pytest.mark.parametrize("name", READERS)
def test_a_missing_input_is_a_usage_error(name, tmp_path):
    result = invoke(name, *SPECS[name].args([str(tmp_path / "missing.pmn")], tmp_path))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    no_traceback(result)


@pytest.mark.parametrize("name", READERS)
def test_an_unreadable_record_exits_1(name, tmp_path):
    spec = SPECS[name]
    result = invoke(name, *spec.args([str(DAMAGED)] * spec.sheets, tmp_path))
    assert result.exit_code == spec.damaged_exit, result.output
    no_traceback(result)
    if spec.damaged_exit == 1:  # said where (standings and publish: in what they write too)
        assert "wari-unclosed-variation.pmn" in result.stderr


# -- inputs: files, folders and - -------------------------------------------------


def written(result, spec: Spec, tmp_path: Path) -> str:
    """What a run wrote: its standard output, or the files in the folder it wrote."""
    if spec.output == "-d":
        return "".join(p.read_text(encoding="utf-8") for p in sorted(tmp_path.rglob("*/*.*")))
    return result.stdout


@pytest.mark.parametrize("name", READERS)
@pytest.mark.parametrize("how", ["file", "folder", "-"])
def test_files_folders_and_stdin(name, how, tmp_path):
    spec = SPECS[name]
    folder = tmp_path / "games"
    folder.mkdir()
    copies = []
    for number in range(spec.sheets):
        copy = folder / f"sheet-{number}.pmn"
        shutil.copyfile(GAME, copy)
        copies.append(str(copy))
    stdin = None
    if how == "file":
        inputs = copies
    elif how == "folder":
        inputs = [str(folder)]
    else:
        inputs, stdin = ["-", *copies[1:]], GAME.read_text(encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    result = invoke(name, *spec.args(inputs, out), stdin=stdin)
    no_traceback(result)
    if how == "-" and not spec.stdin:
        assert result.exit_code == 2 and "'-'" in result.stderr
        return
    assert result.exit_code == 0, result.output
    assert written(result, spec, out) or name == "index", result.output
    if name == "index":
        assert (out / "index.sqlite").stat().st_size > 0


def test_a_folder_is_walked_and_what_is_skipped_is_said(tmp_path):
    (tmp_path / "a.pmn").write_bytes(GAME.read_bytes())
    os.mkfifo(tmp_path / "0-pipe.pmn")  # first: show, moves and render read up to their game
    for name in READERS:
        spec = SPECS[name]
        if spec.sheets != 1:
            continue
        out = tmp_path / f"out-{name}"
        out.mkdir()
        result = invoke(name, *spec.args([str(tmp_path)], out))
        assert "0-pipe.pmn: skipped: a FIFO" in result.stderr, (name, result.stderr)


# -- -o/--output ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(n for n, s in SPECS.items() if s.output == "-o"))
def test_dash_o_writes_the_file(name, tmp_path):
    spec = SPECS[name]
    target = tmp_path / "written.out"
    result = invoke(name, *spec.args([str(GAME)] * spec.sheets, tmp_path), "-o", str(target))
    assert result.exit_code == 0, result.output
    assert target.stat().st_size > 0
    assert result.stdout == ""  # it all went to the file
    again = invoke(name, *spec.args([str(GAME)] * spec.sheets, tmp_path), "-o", "-")
    assert again.exit_code == 0 and again.stdout


# -- a reader that stops reading ----------------------------------------------------


@pytest.fixture(scope="module")
def many_games(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("many") / "many.pmn"
    text = GAME.read_text(encoding="utf-8")
    path.write_text("\n".join([text] * 150), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", READERS)
def test_a_reader_closing_the_pipe_early_ends_it_quietly(name, many_games, tmp_path):
    """150 games, so that what a command prints outlasts ``head -1``; but a command that
    writes a folder (``-d``) prints one summary line, however many games it writes, so
    it gets the one game (publishing 150 pages was 17-34 s of the suite, issue 28)."""
    spec = SPECS[name]
    inputs = [str(many_games if spec.output != "-d" else GAME)] * spec.sheets
    args = " ".join(f"'{a}'" for a in spec.args(inputs, tmp_path))
    done = subprocess.run(
        f"'{sys.executable}' -m notation.cli {name} {args} | head -1",
        shell=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "Traceback" not in done.stderr
    assert "Broken pipe" not in done.stderr and "Error" not in done.stderr, done.stderr


# -- no old spellings: the package has never had a release -------------------------


REMOVED = [
    ("show", [str(GAME), "--svg", "-"], "--svg"),
    ("render", [str(GAME), "--html", "-"], "--html"),
    ("convert", [str(GAME), "--pits", "numbers"], "--pits"),
    ("validate", [str(GAME), "--pits", "letters"], "--pits"),
    ("publish", [str(GAME), "--output", "site"], "--output"),
    ("select", [str(GAME), "--game", "Wari", "--count"], "--game"),
]


@pytest.mark.parametrize(("name", "old", "spelling"), REMOVED, ids=lambda v: v)
def test_an_old_spelling_is_no_option(name, old, spelling):
    result = invoke(name, *old)
    assert result.exit_code == 2, result.output
    assert f"No such option '{spelling}'" in result.stderr
    assert "deprecated" not in result.stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_no_command_has_a_hidden_option(name):
    assert [p.opts for p in command(name).params if getattr(p, "hidden", False)] == []


def test_game_is_a_game_number_only():
    result = invoke("moves", "--position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "--game", "Wari")
    assert result.exit_code == 2 and "'Wari' is not a valid integer" in result.stderr
    result = invoke("validate", "--from", "openspiel-actions", "--game", "Kalah", str(ACTIONS))
    assert result.exit_code == 2 and "No such option '--game'" in result.stderr


# -- convert: many inputs, one output or a folder -------------------------------------


def test_convert_many_inputs_to_one_output_and_to_a_folder(tmp_path):
    games = tmp_path / "in"
    (games / "sub").mkdir(parents=True)
    shutil.copyfile(GAME, games / "a.pmn")
    shutil.copyfile(EXAMPLES / "wari-resignation.pmn", games / "sub" / "b.pmn")
    one = invoke("convert", str(games), "-o", str(tmp_path / "all.jsonl"))
    assert one.exit_code == 0, one.output
    assert len((tmp_path / "all.jsonl").read_text(encoding="utf-8").splitlines()) == 2
    out = tmp_path / "out"
    split = invoke("convert", str(games), str(GAME), "-d", str(out), "--to", "json")
    assert split.exit_code == 0, split.output
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.json")) == [
        "a.json",
        "sub/b.json",
        "wari-annotated.json",
    ]
    before = (out / "a.json").read_bytes()
    again = invoke("convert", str(games), "-d", str(out), "--to", "json")
    assert again.exit_code == 2 and "--force" in again.stderr
    assert (out / "a.json").read_bytes() == before
    forced = invoke("convert", str(games), "-d", str(out), "--to", "json", "--force")
    assert forced.exit_code == 0, forced.output
    assert invoke("convert", "-", "-d", str(out), stdin=GAME.read_text()).exit_code == 2


# -- fmt: canonical form has no BOM and no CRLF; a pipe is read once; bad bytes -------


def test_fmt_check_reports_a_bom_and_crlf_and_fmt_drops_them(tmp_path):
    canonical = invoke("fmt", str(GAME)).stdout
    plain = tmp_path / "plain.pmn"
    plain.write_text(canonical, encoding="utf-8", newline="\n")
    assert invoke("fmt", "--check", str(plain)).exit_code == 0
    for name, data in {
        "bom.pmn": b"\xef\xbb\xbf" + canonical.encode(),
        "crlf.pmn": canonical.replace("\n", "\r\n").encode(),
    }.items():
        path = tmp_path / name
        path.write_bytes(data)
        check = invoke("fmt", "--check", str(path))
        assert check.exit_code == 1, check.output
        assert "would reformat" in check.stderr
        assert ("byte order mark" if name == "bom.pmn" else "CRLF") in check.stderr
        assert invoke("fmt", str(path)).stdout == canonical
        assert invoke("fmt", "-i", str(path)).exit_code == 0
        assert path.read_bytes() == canonical.encode()


def test_fmt_reads_a_named_pipe_once(tmp_path):
    pipe = tmp_path / "game.pmn"
    os.mkfifo(pipe)
    writer = subprocess.Popen(f"cat '{GAME}' > '{pipe}'", shell=True)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "notation.cli", "fmt", "--check", str(pipe)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        writer.wait(timeout=60)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr


def test_fmt_names_a_bad_byte_and_the_encoding_option(tmp_path):
    path = tmp_path / "latin1.pmn"
    path.write_bytes(b'[Game "Wari"]\n[South "M\xfcller"]\n\n1. A *\n')
    result = invoke("fmt", str(path))
    assert result.exit_code == 1
    assert "latin1.pmn:2:10: byte 0xfc is not valid UTF-8" in result.stderr
    assert "--encoding" in result.stderr and "\ufffd" not in result.output
    fixed = invoke("fmt", "--encoding", "latin-1", str(path))
    assert fixed.exit_code == 0 and 'South "Müller"' in fixed.stdout


# -- --version, completion, python -m notation.cli ---------------------------------------------


def run_module(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notation.cli", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_version_and_python_dash_m_cli():
    from notation import __version__

    done = run_module("--version")
    assert done.returncode == 0 and done.stdout == f"pmn, version {__version__}\n"
    done = run_module("validate", str(GAME))
    assert done.returncode == 0 and "1 game: 1 valid" in done.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_script(shell):
    done = run_module(env={"_PMN_COMPLETE": f"{shell}_source"})
    assert done.returncode == 0, done.stderr
    assert "_PMN_COMPLETE" in done.stdout and "pmn" in done.stdout


def test_completion_completes_commands_and_options():
    done = run_module(
        env={"_PMN_COMPLETE": "bash_complete", "COMP_WORDS": "pmn con", "COMP_CWORD": "1"}
    )
    assert "plain,convert" in done.stdout.splitlines()
    done = run_module(
        env={"_PMN_COMPLETE": "bash_complete", "COMP_WORDS": "pmn show --sv", "COMP_CWORD": "2"}
    )
    assert "--svg" not in done.stdout  # no old spelling is offered


# -- the README's commands, CI, and the browser marker ------------------------------


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text[text.index("## Quick start") : text.index("## A record")]
    return [line for block in quick.split("```sh\n")[1:] for line in [block.split("\n```")[0]]]


def test_the_readme_test_command_is_what_ci_runs():
    install, test, *_ = readme_commands()
    assert install.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install .")
    assert "pmn validate examples" in install
    assert "python3 -m venv .venv" in test and "'.[test]'" in test and "pytest" in test
    assert "-m" not in test.split("pytest", 1)[1]  # CI runs every test, the browser ones too
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert test in ci  # word for word, as the body of the function every leg runs
    # every leg runs it: Debian's own python3, with and without the browser, then newer ones
    legs = [line for line in ci if line.startswith("run_leg ")]
    assert [leg.split()[1:3] for leg in legs[:2]] == [
        ["debian-no-browser", "/usr/bin"],
        ["debian-browser", "/usr/bin"],
    ]
    assert '-m "not browser"' in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_test_that_drives_a_browser_is_marked():
    import ast

    unmarked = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_marked = any(
            isinstance(node, ast.Assign)
            and any(getattr(t, "id", "") == "pytestmark" for t in node.targets)
            and "browser" in ast.unparse(node.value)
            for node in tree.body
        )
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test"):
                continue
            uses = "browser" in {a.arg for a in node.args.args} or any(
                isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("selenium")
                for inner in ast.walk(node)
            )
            marked = module_marked or any(
                "mark.browser" in ast.unparse(d) for d in node.decorator_list
            )
            if uses and not marked:
                unmarked.append(f"{path.name}::{node.name}")
    assert unmarked == []


def test_helps_consult_the_registry_only_when_shown():
    """Help texts name the registry's games, but importing a command loads no game."""
    script = (
        "import importlib, notation.games as g\n"
        "calls = []\n"
        "g.games = lambda *a, **k: calls.append(1)\n"
        "from notation.cli.main import COMMANDS\n"
        "for ref in COMMANDS.values():\n"
        "    importlib.import_module(ref.reference.partition(':')[0])\n"
        "print(len(calls))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip() == "0", done.stderr
