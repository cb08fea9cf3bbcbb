"""The text layer (issue 25, "Sinks" and "Publishing"): a record's text is shown, never obeyed.

A poisoned event (names holding a spreadsheet formula, terminal escapes, a
right-to-left override, markup and a quote; in a file whose name holds them
too) goes through every command of the registry, in every ``--format`` it
offers: nothing raw reaches the terminal, no CSV cell is a formula, and every
HTML page escapes the text and isolates every name. Then the findings one by
one, and page names of a published site.
"""

from __future__ import annotations

import csv
import io
import json
import re
from html import escape
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from notation.cli.main import COMMANDS, pmn

from notation.render.sinks import csv_cell, html_name, terminal_text

ROOT = Path(__file__).resolve().parents[2]
ROUND_ROBIN = ROOT / "examples" / "events" / "round-robin"

#: The poisoned values: a formula (and a DDE call), an OSC title escape with BEL, a
#: clear-screen escape, a right-to-left override, markup and a quote.
ADA = "=cmd|calc!A1 \x1b]0;title\x07Ada"
KOFI = '\x1b[2J\u202e<script>"Kofi'
EFUA = "@Efua\u202e"
EVENT = '=Club \x1b[2J\u202e<i>"night'
SITE = "+Accra\x1b]0;x\x07\u202e<b>"
COMMENT = "\x1b[2J<script>\u202e"
ROUND = '5\u202e<b>"'  # the last round's name
NAMES = {"Ada Mensah": ADA, "Kofi Boateng": KOFI, "Efua Darko": EFUA}
#: A file name holding the same (a name cannot hold "/").
FILE_NAME = '=cmd|calc!A1 \x1b]0;t\x07\x1b[2J\u202e<script>".pmn'
#: What must never reach a terminal raw.
RAW = ("\x1b", "\x07", "\u202e", "\x9b")


def _escaped_tag(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def poisoned_text() -> str:
    """The round robin's games with three players, the event and a site poisoned, a
    comment in the first game, and an illegal copy of it (not counted, reported)."""
    text = "\n".join((ROUND_ROBIN / f"round-{n}.pmn").read_text() for n in range(1, 6))
    text = text.replace('"Accra Club Round Robin"', f'"{_escaped_tag(EVENT)}"')
    text = text.replace('[Round "5"]', f'[Round "{_escaped_tag(ROUND)}"]')
    text = text.replace('[Site "PMN examples"]', f'[Site "{_escaped_tag(SITE)}"]', 1)
    for plain, poisoned in NAMES.items():
        text = text.replace(f'"{plain}"', f'"{_escaped_tag(poisoned)}"')
    first = text.split("\n\n[Game")[0]
    text = text.replace(" 2. ", f" {{{COMMENT}}} 2. ", 1)
    illegal = first.replace('[Round "1"]', '[Round "6"]').replace(" 2. B b", " 2. B B")
    return text.rstrip("\n") + "\n\n" + illegal.rstrip("\n") + "\n"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A folder holding the poisoned event in a poisoned file name."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / FILE_NAME).write_text(poisoned_text(), encoding="utf-8")
    return folder


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(pmn, list(args), input=input, catch_exceptions=True)


def raw_controls(text: str) -> list[str]:
    return [char for char in RAW if char in text]


def formula_cells(text: str) -> list[str]:
    """The cells a spreadsheet would run as a formula (a plain number such as -4 is a number)."""
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    return [
        cell
        for cell in cells
        if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"-?[0-9]+", cell)
    ]


#: What may stand round a record's value in HTML: <bdi>...</bdi>, FSI...PDI (a title),
#: or an element of its own with dir="auto".
_ISOLATED = (("<bdi>", "</bdi>"), ("\u2068", "\u2069"), ('dir="auto">', "</"))


def unisolated(page: str, values: tuple[str, ...]) -> list[str]:
    """Each place where one of ``values`` stands in ``page`` not isolated (with context)."""
    bad = []
    for value in values:
        shown = escape(value)
        for match in re.finditer(re.escape(shown), page):
            before, after = page[: match.start()], page[match.end() :]
            if not any(before.endswith(a) and after.startswith(b) for a, b in _ISOLATED):
                bad.append(page[max(0, match.start() - 40) : match.end() + 20])
    return bad


def check_html(page: str, values: tuple[str, ...] = (ADA, KOFI, EFUA)) -> None:
    for markup in ('<script>"', "<script>\u202e", "<i>", "<b>"):
        assert markup not in page, markup
    assert "\x1b" not in page and "\x07" not in page
    assert unisolated(page, values) == []


# -- the sweep: every command, every format -----------------------------------------

#: How to run each command of the registry on the poisoned event ({event}: its folder,
#: {file}: the file, {out}: a file to write, {dir}: a folder to write): the runs of a
#: command are each of its --format choices (when it has the option) with these
#: arguments. A command added to the registry fails test_every_command_is_swept until
#: it is given here.
SWEEP: dict[str, list[list[str]]] = {
    "validate": [["{event}"], ["--strict", "{event}"], ["--strict", "{event}", "-o", "{out}"]],
    "convert": [
        ["{event}", "--to", "pmn", "-o", "{out}"],
        ["{event}", "--to", "json", "-d", "{dir}"],
    ],
    "show": [["{event}"], ["{event}", "--move", "3"]],
    "moves": [["{event}", "--game", "1", "--move", "2"]],
    "fmt": [["{file}", "-o", "{out}"], ["--check", "{event}"], ["-i", "{event}"]],
    "stats": [["{event}"]],
    # the recorder writes into its file: a copy (named plainly: the recorder is not swept
    # for file names here), whose poisoned names it shows nowhere but in the record
    "record": [["--resume", "{copy}", "--game", "1"]],
    "render": [["{event}"], ["{event}", "--game", "16"]],
    # the hall: a record given as its pairings is refused (exit 2) before anything is served
    "serve": [["{dir}", "--variant", "Togyz Kumalak", "--round", "1", "--pairings", "{file}"]],
    "standings": [["{event}"], ["{event}", "--crosstable", "rounds"]],
    "reconcile": [["{event}", "{file}"]],
    "publish": [["{event}", "-d", "{dir}"]],
    "select": [
        ["{event}", "--player", ADA, "-o", "{out}"],
        ["{event}", "--count"],
        ["{event}", "--to", "openspiel-actions", "-o", "{out}"],  # Trysse cannot: an error
    ],
    "dedupe": [["{event}", "{file}", "-o", "{out}"]],
    "split": [["{event}", "--by", "South", "-d", "{dir}"]],
    "merge": [["{event}", "{file}", "--dedupe", "-o", "{out}"]],
    "sort": [["{event}", "--by", "South", "-o", "{out}"]],
    "openings": [["{event}"]],
    "index": [["{event}", "-o", "{out}"]],
    # the poisoned records go through unchanged or repaired (into a file the sweep does not
    # read); the report, in each format, names each change
    "repair": [["{event}", "-o", "{copy}", "--report", "{out}"]],
}


def _formats(name: str) -> list[str | None]:
    command = pmn.get_command(click.Context(pmn), name)
    assert command is not None
    for param in command.params:
        if "--format" in getattr(param, "opts", ()) and isinstance(param.type, click.Choice):
            return list(param.type.choices)
    return [None]


def _runs() -> list[tuple[str, str | None, list[str]]]:
    return [(name, fmt, args) for name in SWEEP for fmt in _formats(name) for args in SWEEP[name]]


def test_every_command_is_swept():
    assert sorted(SWEEP) == sorted(COMMANDS)


@pytest.mark.parametrize(
    ("name", "fmt", "args"),
    _runs(),
    ids=[f"{n}-{f or 'default'}-{i}" for i, (n, f, _) in enumerate(_runs())],
)
def test_a_poisoned_event_through_every_command(event, tmp_path, name, fmt, args):
    out, folder = tmp_path / "out", tmp_path / "written"
    where = {"{event}": str(event), "{file}": str(event / FILE_NAME)}
    where |= {"{out}": str(out), "{dir}": str(folder), "{copy}": str(tmp_path / "copy.pmn")}
    (tmp_path / "copy.pmn").write_text(poisoned_text(), encoding="utf-8")
    argv = [name, *(where.get(arg, arg) for arg in args)]
    if fmt is not None:
        argv += ["--format", fmt]
    result = run(*argv, input="quit\n" if name == "record" else None)
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert raw_controls(result.stderr) == [], result.stderr
    if fmt == "json":  # the same values for a program; nothing a terminal would obey
        text = out.read_text(encoding="utf-8") if "{out}" in args else result.stdout
        json.loads(text)
        assert raw_controls(text) == []
        return
    if fmt == "csv":
        text = out.read_text(encoding="utf-8") if "{out}" in args else result.stdout
        assert formula_cells(text) == []
        return
    if fmt == "html" or name == "render":
        page = out.read_text(encoding="utf-8") if "{out}" in args else result.stdout
        check_html(page, (ADA, KOFI, EFUA, EVENT, ROUND) if name == "standings" else (ADA, KOFI))
        return
    assert raw_controls(result.stdout) == [], result.stdout
    if "{out}" in args and name in ("validate",):
        assert raw_controls(out.read_text(encoding="utf-8")) == []
    if name == "publish":
        pages = sorted(folder.glob("*.html"))
        assert len(pages) > 10
        for page in pages:
            check_html(page.read_text(encoding="utf-8"), (ADA, KOFI, EFUA, EVENT, SITE, ROUND))


# -- the findings, one by one -----------------------------------------------------


def test_standings_csv_guards_formula_cells(event):
    result = run("standings", str(event), "--format", "csv")
    assert result.exit_code == 1  # the illegal copy is not counted
    rows = list(csv.reader(io.StringIO(result.stdout)))
    names = [row[1] for row in rows[1:]]
    assert "'" + ADA in names and "'" + EFUA in names
    assert formula_cells(result.stdout) == []


def test_standings_csv_keeps_numbers_numbers(tmp_path):
    # a negative stones tie-break is a number, not a formula: written as a number
    text = (ROUND_ROBIN / "round-1.pmn").read_text()
    (tmp_path / "r.pmn").write_text(text)
    result = run("standings", str(tmp_path / "r.pmn"), "--format", "csv", "--tie-break", "stones")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    stones = [row[3] for row in rows[1:]]
    assert any(value.startswith("-") for value in stones), stones
    assert all(re.fullmatch(r"-?[0-9]+", value) for value in stones), stones


def test_validate_csv_guards_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("=cmd|calc!A1.pmn").write_text((ROUND_ROBIN / "round-1.pmn").read_text())
    result = run("validate", "--format", "csv", "=cmd|calc!A1.pmn")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[1][1] == "'=cmd|calc!A1.pmn"
    assert formula_cells(result.stdout) == []


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "{event}"],
        ["reconcile", "{event}", "{file}"],
        ["dedupe", "{event}", "{file}", "-o", "{out}", "--verbose"],
        ["merge", "{event}", "{file}", "--dedupe", "-o", "{out}", "--verbose"],
    ],
    ids=lambda args: args[0],
)
def test_names_reach_the_terminal_escaped(event, tmp_path, args):
    where = {"{event}": str(event), "{file}": str(event / FILE_NAME), "{out}": str(tmp_path / "o")}
    result = run(*(where.get(arg, arg) for arg in args))
    assert result.exit_code in (0, 1), result.output
    assert raw_controls(result.output) == [], result.output
    assert terminal_text(KOFI) in result.output or terminal_text(FILE_NAME) in result.output


def test_the_several_events_error_shows_names_escaped(event, tmp_path):
    other = (ROUND_ROBIN / "round-1.pmn").read_text()
    (event / "other.pmn").write_text(other)
    result = run("standings", str(event))
    assert result.exit_code == 2
    assert "several events" in result.stderr
    assert raw_controls(result.stderr) == [] and terminal_text(EVENT) in result.stderr
    result = run("standings", str(event), "--event", "nothing")
    assert result.exit_code == 2 and raw_controls(result.stderr) == []


def test_standings_html_isolates_every_name(event):
    result = run("standings", str(event), "--format", "html")
    check_html(result.stdout, (ADA, KOFI, EFUA, EVENT))
    assert html_name(ADA) in result.stdout


def test_the_text_layer_keeps_the_old_names():
    from notation.cli.csvout import safe_cell, write_csv
    from notation.cli.terminal import SafeClickException, echo
    from notation.cli.terminal import terminal_text as old_terminal_text

    assert old_terminal_text is terminal_text and safe_cell is csv_cell
    assert callable(write_csv) and callable(echo) and SafeClickException


# -- publishing: page names are unique, links right, names isolated ---------------


def _site(tmp_path: Path, rounds: list[str]) -> dict[str, str]:
    games = (ROUND_ROBIN / "round-1.pmn").read_text().split("\n\n[Game")
    games = [games[0]] + ["[Game" + g for g in games[1:]]
    text = ""
    for index, round_ in enumerate(rounds):
        game = games[index % len(games)].replace('[Round "1"]', f'[Round "{round_}"]')
        if index >= len(games):  # another player: a game of its own, not a copy of the first
            game = game.replace('"Ada Mensah"', '"Esi Nyarko"')
        text += game.rstrip("\n") + "\n\n"
    (tmp_path / "e.pmn").write_text(text)
    folder = tmp_path / "site"
    result = run("publish", str(tmp_path / "e.pmn"), "-d", str(folder))
    assert result.exit_code == 0, result.output
    return {path.name: path.read_text(encoding="utf-8") for path in folder.iterdir()}


def _round_of_page(page: str) -> str:
    (heading,) = re.findall(r"<h1>Round (.*?)</h1>", page)
    return heading.removeprefix("<bdi>").removesuffix("</bdi>")


@pytest.mark.parametrize(
    "rounds", [["1 a", "1/a", "1 a", "1/a"], ["一", "二", "一", "二"], ["A", "a", "?", "x"]]
)
def test_rounds_that_slug_alike_get_pages_of_their_own(tmp_path, rounds):
    site = _site(tmp_path, rounds)
    round_pages = {n: page for n, page in site.items() if re.fullmatch(r"round-.*\.html", n)}
    game_pages = [name for name in site if re.fullmatch(r"game-.*\.html", name)]
    assert len(round_pages) == len(set(rounds))
    assert len(game_pages) == len(rounds)  # every game has its page
    # each round page is the round it says, and the index links each round to its own page
    index = site["index.html"]
    for name, page in round_pages.items():
        round_ = _round_of_page(page)
        assert f'<li><a href="{name}">Round {html_name(round_)}</a>' in index
        # its games' pages link back to it, and are the games of that round
        linked = re.findall(r'<a href="(game-[^"]+)">', page)
        assert len(linked) == rounds.count(round_)
        for game in linked:
            assert f'<a href="{name}">Round {html_name(round_)}</a>' in site[game]
    # no name is lost to a case-insensitive file system
    assert len({name.lower() for name in site}) == len(site)


def test_page_names_are_stable_and_plain_rounds_keep_theirs():
    from notation.desk.publish import round_keys

    keys = round_keys(["1", "2", "3.1", "1 a", "一"])
    assert keys["1"] == "1" and keys["2"] == "2" and keys["3.1"] == "3.1"
    assert round_keys(["一"]) == {"一": keys["一"]}  # the same name whatever else is there
    assert round_keys(["1 a", "1/a"])["1 a"] == keys["1 a"]
    assert len(set(keys.values())) == len(keys)
    # a long name makes a short page name (a file name has at most 255 bytes)
    (long,) = round_keys(["Runde " + "\u00e9" * 300]).values()
    assert len(long.encode()) < 60


def test_a_right_to_left_override_in_a_name_cannot_reverse_a_round_page(tmp_path):
    text = (ROUND_ROBIN / "round-1.pmn").read_text().replace("Ada Mensah", "\u202eAda")
    (tmp_path / "e.pmn").write_text(text)
    result = run("publish", str(tmp_path / "e.pmn"), "-d", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    for page in (tmp_path / "site").glob("*.html"):
        assert unisolated(page.read_text(encoding="utf-8"), ("\u202eAda",)) == [], page.name


# -- one place per sink -------------------------------------------------------------

#: Modules that still escape HTML themselves: notation/render/html.py (pmn render's page) is
#: another helper's to move onto notation.render.sinks; its page goes through
#: notation.render.sinks.html_page, and the sweep above holds it to isolating every name.
#: notation/render/svg.py draws positions (pit names and counts, XML-escaped), no record text.
HTML_ESCAPED_ELSEWHERE = {"notation/render/html.py", "notation/render/svg.py"}


def test_csv_and_html_are_written_through_the_text_layer():
    csv_writers, html_escapes = [], []
    for path in sorted([*(ROOT / "notation").rglob("*.py"), *(ROOT / "cli").rglob("*.py")]):
        name = path.relative_to(ROOT).as_posix()
        if name == "notation/render/sinks.py":
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"\bcsv\.(writer|DictWriter)\(", text):
            csv_writers.append(name)
        if re.search(r"\bfrom (html|xml\.sax\.saxutils) import\b|\bhtml\.escape\(", text):
            html_escapes.append(name)
    assert csv_writers == []
    assert set(html_escapes) <= HTML_ESCAPED_ELSEWHERE, html_escapes
