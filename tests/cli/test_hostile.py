"""Files from strangers (issue 12): any error is one game's problem, and output others
read is safe.

The first part turns each item of issue 12 into a test; the last part runs every
file kind with every hostile payload through every command.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import find_variant
from notation.core.replay import validate_record
from notation.formats.jsonform import _validator
from notation.formats.ogn import read_ogn
from notation.formats.openspiel import read_actions
from notation.formats.pmn import read_text
from notation.games import PositionError

ROOT = Path(__file__).resolve().parents[2]
BIG = "9" * 5000  # past Python's 4,300-digit limit for int()
GOOD = '[Game "Wari"]\n[South "Ada"]\n[North "Kofi"]\n\n1. C b 2. A *\n'
WARI_START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
TRIAS_ROWS = "/".join([",".join(["4"] * 12)] * 3)


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(pmn, list(args), input=input, catch_exceptions=True)


def report_schema():
    return _validator("report.schema.json")


# -- item 2: digits are ASCII 0-9, numbers have a sane length --------------------

BAD_NUMBER_GAMES = {
    "wari-position-long": f'[Game "Wari"]\n[Position "4-4-4-4-4-4-4-4-4-4-4-{BIG}-0-0-S"]\n\n1. C *\n',
    "wari-position-superscript": '[Game "Wari"]\n[Position "4-4-4-4-4-4-4-4-4-4-4-4-0-²-S"]\n\n*\n',
    "wari-position-arabic-indic": '[Game "Wari"]\n[Position "4-4-4-4-4-4-4-4-4-4-4-٤-0-0-S"]\n\n*\n',
    "wari-capture-long": f'[Game "Wari"]\n\n1. C+{BIG} *\n',
    "pits-numbers-long": f'[Game "Wari"]\n[Pits "numbers"]\n\n1. 3+{BIG} *\n',
    "result-long": f'[Game "Wari"]\n\n1. C {BIG}-0\n',
    "trias-removed-superscript": f'[Game "Trias"]\n[Position "{TRIAS_ROWS} ² 0 S"]\n\n*\n',
    "trias-removed-long": f'[Game "Trias"]\n[Position "{TRIAS_ROWS} {BIG} 0 S"]\n\n*\n',
    "trias-row-long": f'[Game "Trias"]\n[Position "{TRIAS_ROWS[:-1]}{BIG} 0 0 S"]\n\n*\n',
    "trias-laps-long": f'[Game "Trias"]\n\n1. 1a/{BIG} *\n',
    "trias-removed-claim-long": f'[Game "Trias"]\n\n1. 1a+{BIG} *\n',
}


@pytest.mark.parametrize("name", sorted(BAD_NUMBER_GAMES))
def test_a_bad_number_is_one_games_problem(name, tmp_path):
    """The hostile game is invalid with a message; the good game after it is valid."""
    path = tmp_path / "games.pmn"
    path.write_text(BAD_NUMBER_GAMES[name] + "\n" + GOOD, encoding="utf-8")
    result = run("validate", "--format", "json", str(path))
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert not list(report_schema().iter_errors(report))
    first, second = report["games"]
    assert not first["valid"] and first["problems"][0]["message"]
    assert second["valid"]


@pytest.mark.parametrize(
    "text",
    [
        "4-4-4-4-4-4-4-4-4-4-4-٤-0-0-S",  # Arabic-Indic four: 48 stones if read as 4
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".replace("0-0", "0-０"),  # fullwidth zero
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0" + "0" * 20 + "-S",
    ],
)
def test_wari_position_counts_are_short_ascii_numbers(text):
    with pytest.raises(PositionError, match="bad position"):
        find_variant("Wari").parse_position(text)


@pytest.mark.parametrize("removed", ["٣", "²", "0" * 12, BIG])
def test_trias_removed_counts_are_short_ascii_numbers(removed):
    with pytest.raises(PositionError, match="removed"):
        find_variant("Trias").parse_position(f"{TRIAS_ROWS} {removed} 0 S")


@pytest.mark.parametrize("token", ["C+٢", f"C+{BIG}", "C+0000000000"])
def test_wari_capture_claims_are_short_ascii_numbers(token):
    (record,) = read_text(f'[Game "Wari"]\n\n1. {token} *\n')
    problems = validate_record(record).problems
    assert problems and problems[0].code in ("bad-move-syntax", "syntax")


@pytest.mark.parametrize("score", [f"{BIG}-0", "2²-0", "٢٤-٢٤"])
def test_an_ogn_score_that_is_not_a_short_number_is_not_read_as_one(score):
    records = read_ogn(f'[Variant "Oware Abapa"]\n[Result "{score}"]\n\n1. C *\n')
    (record,) = records
    assert record.tag("Score") is None
    assert not validate_record(record).valid


@pytest.mark.parametrize("action", ["²", "٣", BIG])
def test_an_openspiel_action_that_is_not_an_ascii_digit_is_a_syntax_error(action):
    (record,) = read_actions(f"0 {action}\n")
    assert record.errors[0].code == "bad-move-syntax"


# -- item 2: the last-resort guard ----------------------------------------------


def _games(count: int):
    from notation.formats.pmn import iter_chunks

    text = "\n".join(GOOD for _ in range(count))
    return [
        (chunk, n) for n, chunk in enumerate(iter_chunks(io.BytesIO(text.encode()), "g.pmn"), 1)
    ]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_unexpected_exception_is_an_internal_error_of_that_game(monkeypatch, jobs):
    """A bug that raises on game 3 of 9 (in a worker process with two jobs) becomes an
    internal-error problem of game 3; the other eight games are checked."""
    import notation.archive.parallel as parallel

    real = parallel.validate_game

    def failing(game, index=1):
        if index == 3:
            raise RuntimeError("boom " + "x" * 1000)
        return real(game, index)

    monkeypatch.setattr(parallel, "validate_game", failing)
    reports = list(parallel.validate_many(_games(9), jobs, batch_size=4))
    assert [r.index for r in reports] == list(range(1, 10))
    assert [r.valid for r in reports] == [True, True, False] + [True] * 6
    (problem,) = reports[2].problems
    assert problem.code == "internal-error"
    assert "RuntimeError: boom" in problem.message and len(problem.message) < 400
    assert not list(
        report_schema().iter_errors(
            {"games": [reports[2].to_json()], "summary": {"games": 1, "valid": 0, "invalid": 1}}
        )
    )


# -- item 3: a lone surrogate is a damaged record --------------------------------

SURROGATE_JSONL = (
    '{"tags": [["Game", "Wari"], ["South", "A\\ud800B"]], "moves": [{"move": "C"}], "result": "*"}\n'
    '{"tags": [["Game", "Wari"], ["South", "\\ud83d\\ude00"]], "moves": [{"move": "C"}], '
    '"result": "*"}\n'
    '{"tags": [["Game", "Wari"]], "moves": [{"move": "C", "comments": ["x\\udc00"]}], '
    '"result": "*"}\n'
)


def test_a_lone_surrogate_makes_a_damaged_record_and_a_pair_does_not():
    from notation.formats.jsonform import iter_json_records

    first, second, third = iter_json_records(SURROGATE_JSONL, "s.jsonl")
    assert first.damaged and "lone surrogate" in first.errors[0].message
    assert first.errors[0].column == first.raw.index("\\ud800") + 1
    assert not second.damaged and second.tag("South") == "\U0001f600"
    assert third.damaged and third.errors[0].column == third.raw.index("\\udc00") + 1


def test_a_lone_surrogate_in_a_json_array_damages_its_record_only():
    from notation.formats.jsonform import iter_json_records

    array = "[" + SURROGATE_JSONL.strip().replace("\n", ", ") + "]"
    first, second, third = iter_json_records(array, "s.json")
    assert first.damaged and first.errors[0].path == "$[0]"
    assert "lone surrogate" in first.errors[0].message
    assert first.raw.encode("utf-8")  # the raw text can be written
    assert not second.damaged
    assert third.damaged and third.errors[0].path == "$[2]"


@pytest.mark.parametrize(
    "args",
    [["validate"], ["validate", "--format", "json"], ["convert", "--to", "pmn"], ["show"]],
    ids=" ".join,
)
def test_a_lone_surrogate_does_not_stop_a_command(tmp_path, args):
    path = tmp_path / "s.jsonl"
    path.write_text(SURROGATE_JSONL, encoding="utf-8")
    extra = ["-o", str(tmp_path / "out.pmn")] if args[0] == "convert" else []
    result = run(*args, *extra, str(path))
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit
    ), result.output
    assert result.exit_code in (0, 1)


# -- item 15: terminal escapes are shown, never obeyed ---------------------------

ESC_NAME = "Ada\x1b[2J\x1b]0;owned\x07\rvalid\u202e"
FORGED_JSONL = (
    # a damaged record whose own error text forges a "valid" line
    '{"raw": "x", "errors": [{"code": "bad-json", "message": "x\\n/tmp/g.pmn:1: game 9: valid: '
    'Wari\\u001b[2J", "line": 1, "column": 1}]}\n'
    '{"tags": [["Game", "Wari"], ["South", "Ada\\u001b[31m\\u202e"], ["Event", "E\\u009b2J"]], '
    '"moves": [{"move": "C", "comments": ["bad\\u001b[2J"]}], "result": "*"}\n'
)


#: What a terminal would obey: C0 but the line feed, DEL and C1, the right-to-left override.
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]")


def _unsafe(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey (one regular expression: a loop
    in Python over the megabytes of the too-large payload took seconds, issue 28)."""
    return UNSAFE.findall(text)


def test_terminal_text_escapes_controls_and_bidi():
    from notation.cli.terminal import terminal_text

    assert terminal_text(ESC_NAME) == "Ada\\x1b[2J\\x1b]0;owned\\x07\\rvalid\\u202e"
    assert terminal_text("a\nb") == "a\\nb"
    assert terminal_text("a\nb\x9b", lines=True) == "a\nb\\x9b"
    assert terminal_text("Ama\u0301 \u0627\u0644 \U0001f600") == "Ama\u0301 \u0627\u0644 \U0001f600"


@pytest.mark.parametrize(
    "args",
    [
        ["validate"],
        ["stats"],
        ["show", "--game", "2"],
        ["moves", "--game", "2"],
        ["show", "--game", "1"],
        ["render", "-o", "-", "--game", "1"],
        ["convert", "--to", "pmn", "-o", "-"],
    ],
    ids=" ".join,
)
def test_no_control_character_reaches_the_terminal(tmp_path, args):
    path = tmp_path / "forged.jsonl"
    path.write_text(FORGED_JSONL, encoding="utf-8")
    result = run(*args, str(path))
    assert result.exit_code in (0, 1), result.output
    # convert's standard output is the records themselves, carried as they are
    shown = result.stderr if args[0] == "convert" else result.output
    assert _unsafe(shown) == []
    assert not [line for line in shown.splitlines() if line.startswith("/tmp/g.pmn")]  # forged
    # one line per game on stdout: the forged "valid" stays inside game 1's message
    if args == ["validate"]:
        assert [line for line in result.stdout.splitlines() if ": valid: " in line] == [
            line for line in result.stdout.splitlines() if line.startswith(str(path) + ": game 2")
        ]


# -- item 16: CSV cells are never formulas ---------------------------------------


def test_stats_csv_neutralises_formula_cells(tmp_path):
    import csv

    path = tmp_path / "g.pmn"
    path.write_text(
        '[Game "Wari"]\n[Rules "=HYPERLINK(\\"http://x\\")"]\n[Termination "+1"]\n\n1. C *\n\n'
        '[Game "@SUM(A1)"]\n[Termination "-2"]\n\n*\n\n'
        '[Game "Wari"]\n[Termination "\tx"]\n\n*\n',
        encoding="utf-8",
    )
    result = run("stats", "--format", "csv", str(path))
    assert result.exit_code == 0, result.output
    cells = [cell for row in csv.reader(io.StringIO(result.stdout)) for cell in row]
    assert "'-2" in cells and "'+1" in cells and "'\tx" in cells
    assert any(c.startswith("'@SUM") for c in cells)
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]


def test_safe_cell_leaves_numbers_and_plain_text():
    from notation.cli.csvout import safe_cell

    assert safe_cell(-3) == -3 and safe_cell("0-19") == "0-19" and safe_cell("=1") == "'=1"


# -- item 17: a right-to-left override cannot reverse the other player's name ----


def test_html_isolates_player_names():
    from notation.render.html import record_html

    (record,) = read_text(
        '[Game "Wari"]\n[South "\u202eAda"]\n[North "Kofi"]\n[Result "1-0"]\n'
        '[Termination "resignation"]\n\n1. C 1-0\n'
    )
    page = record_html(record)
    assert '<span class="seat">South</span> <bdi>\u202eAda</bdi>' in page
    assert '<span class="seat">North</span> <bdi>Kofi</bdi>' in page
    assert "South (<bdi>\u202eAda</bdi>) wins" in page
    assert "<title>\u2068\u202eAda\u2069 v \u2068Kofi\u2069</title>" in page


# -- item 18: every report conforms to its schema --------------------------------


def test_a_foreign_error_code_is_reported_as_bad_record(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text(
        '{"raw": "x", "errors": [{"code": "BAD CODE!", "message": "m", "line": 3, "column": 0}]}\n'
        '{"raw": "y", "errors": [{"code": "unclosed-comment", "message": "n"}]}\n',
        encoding="utf-8",
    )
    result = run("validate", "--format", "json", str(path))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert not list(report_schema().iter_errors(report))
    first, second = (game["problems"][0] for game in report["games"])
    assert first["code"] == "bad-record" and '"BAD CODE!"' in first["message"]
    assert second["code"] == "unclosed-comment"


# -- item 21: Aualé's count on the last move includes the stones taken home -------

#: The game of docs/oware.md as Aualé writes it: after South's F the position
#: repeats (A7); South's own stone goes home with it, so Aualé writes F+1 (its
#: capture count is the change in the mover's store, the final board gathered).
AUALE_REPETITION = (
    '[Variant "Oware Abapa"]\n[Event "?"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n'
    '[South "?"]\n[North "?"]\n[Result "24-24"]\n[FEN "1-0-0-0-0-0-1-0-0-0-0-0-23-23-N"]\n\n'
    "1. a A 2. b B 3. c C 4. d D 5. e E 6. f F+1 24-24\n"
)


def test_auales_repetition_file_is_valid():
    (record,) = read_ogn(AUALE_REPETITION)
    assert record.mainline.moves[-1].token == "F"  # PMN's count: F captures nothing
    report = validate_record(record)
    assert report.valid, [p.message for p in report.problems]
    assert report.computed == "1/2-1/2" and report.scores == (24, 24)


def test_a_last_move_count_that_fits_neither_reading_is_still_wrong():
    (record,) = read_ogn(AUALE_REPETITION.replace("F+1", "F+2"))
    assert [p.code for p in validate_record(record).problems] == ["wrong-capture-count"]


def test_ogn_is_written_as_auale_writes_it_and_reads_back_the_same():
    from notation.formats.ogn import write_ogn_record

    (record,) = read_ogn(AUALE_REPETITION)
    assert write_ogn_record(record) == AUALE_REPETITION
    (again,) = read_ogn(write_ogn_record(record))
    assert again == record


def test_a_pmn_record_ending_by_repetition_gets_auales_count_in_ogn():
    """PMN writes F (it captures nothing); OGN writes F+1, as Aualé would; read back: F."""
    from notation.formats.ogn import write_ogn_record

    (record,) = read_text(
        '[Game "Wari"]\n[Rules "abapa"]\n[Position "1-0-0-0-0-0-1-0-0-0-0-0-23-23-N"]\n\n'
        "1... a 2. A b 3. B c 4. C d 5. D e 6. E f 7. F 1/2-1/2\n"
    )
    assert validate_record(record).valid
    text = write_ogn_record(record)
    assert "6. f F+1 1/2-1/2" in text
    (back,) = read_ogn(text)
    assert [n.token for n in back.mainline.moves] == [n.token for n in record.mainline.moves]


# -- item 19: one huge game cannot take the run's memory --------------------------


def _huge_wari_game(chars: int) -> str:
    moves = "".join(f"{n}. C b " for n in range(1, chars // 7 + 2))
    return '[Game "Wari"]\n[South "Ada"]\n\n' + moves + "*\n"


@pytest.mark.parametrize("kind", ["pmn", "jsonl", "ogn"])
def test_a_game_past_the_size_limit_is_too_large_and_the_others_are_read(tmp_path, kind):
    from notation.core.limits import MAX_GAME_CHARS
    from notation.formats.jsonform import record_to_json

    huge = _huge_wari_game(MAX_GAME_CHARS + 10)
    if kind == "pmn":
        text = huge + "\n" + GOOD
    elif kind == "ogn":
        text = huge.replace('[Game "Wari"]', '[Variant "Oware Abapa"]') + "\n" + GOOD
    else:
        from notation.core.limits import MAX_JSON_LINE_CHARS  # a JSON line may be longer (issue 25)

        moves = [{"move": "C"}, {"move": "b"}] * (MAX_JSON_LINE_CHARS // 30 + 1)
        line = json.dumps({"tags": [["Game", "Wari"]], "moves": moves, "result": "*"})
        text = line + "\n" + json.dumps(record_to_json(read_text(GOOD)[0])) + "\n"
    path = tmp_path / f"games.{kind}"
    path.write_text(text, encoding="utf-8")
    result = run("validate", "--format", "json", str(path))
    report = json.loads(result.stdout)
    assert not list(report_schema().iter_errors(report))
    first, second = report["games"]
    assert first["problems"][0]["code"] == "too-large"
    assert second["valid"] and second["players"][0] == "Ada"
    converted = tmp_path / "out.pmn"
    result = run("convert", str(path), "--to", "pmn", "-o", str(converted))
    assert result.exit_code == 1 and "characters long" in result.output
    assert len(converted.read_text(encoding="utf-8")) > MAX_GAME_CHARS  # carried through, not lost


def test_cutting_a_huge_game_takes_memory_near_its_size():
    import tracemalloc

    from notation.formats.pmn import iter_records

    data = _huge_wari_game(4_000_000).encode()
    tracemalloc.start()
    try:
        (record,) = iter_records(io.BytesIO(data), "huge.pmn")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert record.errors[0].code == "too-large"
    assert peak < 8 * len(data), peak  # reading it would take ~90 times its size


# -- the hostile-input suite: every file kind, every payload, every command ------

#: What strangers put in files: each goes into tag values, comments, move
#: tokens, results, position strings and actions of a game among good ones.
PAYLOADS = {
    "long-number": BIG,
    "unicode-digits": "²٣４",
    "lone-surrogate": "A\ud800B",
    "terminal-escapes": "\x1b[2J\x1b]0;owned\x07\r\n/x.pmn: game 1: valid: \x00\x9b",
    "bidi": "\u202eevil\u2066",
    "formula": '=HYPERLINK("http://x")',
    "markup": '<script>"}{)(][\\',
    "too-large": "x" * 1_000_050,
}
KINDS = ("pmn", "json", "jsonl", "ogn", "openspiel-actions")
#: Time allowed for one command on one hostile file (a guard against hangs).
TIME_LIMIT = 60.0


def _pmn_games(p: str, header: str) -> str:
    one_line = p.replace("\n", " ").replace('"', "'")
    return (
        f'{header}\n[South "Ada"]\n\n1. C b *\n\n'
        f'{header}\n[South "{one_line}"]\n[Event "{one_line}"]\n\n1. C {{{p}}} b+{p} *\n\n'
        f'{header}\n[Position "4-4-4-4-4-4-4-4-4-4-4-{one_line}-0-0-S"]\n\n1. C {p}\n\n'
        f'{header}\n[Result "{one_line}-0"]\n\n1. C b {one_line}-0\n\n'
        f'[Game "Trias"]\n[Position "{TRIAS_ROWS} {one_line} 0 S"]\n\n1. 1a/{one_line} *\n\n' + GOOD
    )


def _json_records(p: str) -> list[object]:
    good = {"tags": [["Game", "Wari"], ["South", "Ada"]], "moves": [{"move": "C"}], "result": "*"}
    return [
        good,
        {
            "tags": [["Game", "Wari"], ["South", p], ["Event", p]],
            "moves": [{"move": "C", "comments": [p]}, {"move": "b+" + p}],
            "result": "*",
        },
        {"tags": [["Game", "Wari"], ["Position", p]], "moves": [], "result": p},
        {"raw": p, "errors": [{"code": p, "message": p, "line": 1, "column": 1}]},
        {"tags": [["Game", p]], "moves": [{"move": "C"}], "result": "*"},
        good,
    ]


def hostile_file(tmp_path: Path, kind: str, payload: str) -> Path:
    """A file of ``kind`` holding good games and games carrying ``payload``."""
    p = PAYLOADS[payload]
    if kind == "pmn":
        text = _pmn_games(p, '[Game "Wari"]')
    elif kind == "ogn":
        text = _pmn_games(p, '[Variant "Oware Abapa"]')
    elif kind == "json":
        text = json.dumps(_json_records(p), indent=None)
    elif kind == "jsonl":
        text = "\n".join(json.dumps(r) for r in _json_records(p)) + "\n"
    else:
        text = f"0 1 2\n0 {p} 1\n{p}\n5 0 5 0\n"
    path = tmp_path / f"hostile.{'actions' if kind == 'openspiel-actions' else kind}"
    # a lone surrogate in a text file is bytes that are not UTF-8
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    return path


def _expected_games(path: Path, kind: str) -> int:
    from notation.formats.collection import read_path

    return sum(1 for _ in read_path(str(path), kind))


def _commands(path: Path, kind: str, out: Path) -> list[list[str]]:
    src = [str(path), "--from", kind]
    readers = [  # validate and convert are told the format
        ["validate", *src],
        ["validate", "--format", "json", *src],
        ["validate", "-j", "2", "--format", "json", *src],
        ["convert", *src, "--to", "json", "-o", str(out / "out.json")],
        ["convert", *src, "--to", "pmn", "-o", str(out / "out.pmn")],
    ]
    if kind == "openspiel-actions":  # the others have no --from, and actions no extension
        return readers
    return [
        *readers,
        *([["fmt", str(path)]] if kind == "pmn" else []),  # fmt formats PMN text only
        ["show", str(path), "--game", "2"],
        ["moves", str(path), "--game", "2"],
        ["render", str(path), "--game", "2", "-o", str(out / "out.html")],
        ["stats", str(path)],
        ["stats", "--format", "csv", str(path)],
        ["stats", "--format", "json", str(path)],
    ]


def _check_output(args: list[str], result, expected: int, out: Path) -> None:
    command = args[0]
    fmt = args[args.index("--format") + 1] if "--format" in args else "text"
    if command == "validate" and fmt == "json":
        report = json.loads(result.stdout)
        assert not list(report_schema().iter_errors(report)), report
        assert report["summary"]["games"] == len(report["games"]) == expected
    elif command == "validate":
        assert _unsafe(result.output) == []
        games = [line for line in result.stdout.splitlines() if ": game " in line]
        assert len(games) == expected, result.stdout
    elif command == "stats" and fmt == "json":
        summary = json.loads(result.stdout)["summary"]
        assert summary["games"] + summary["unreadable"] == expected
    elif command == "stats" and fmt == "csv":
        __import__("csv").field_size_limit(1 << 24)
        cells = [c for row in __import__("csv").reader(io.StringIO(result.stdout)) for c in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    elif command == "convert" and "json" in args:
        data = json.loads((out / "out.json").read_text(encoding="utf-8"))
        assert len(data) == expected
        assert all(not list(_validator().iter_errors(r)) for r in data)
    elif command in ("show", "moves", "stats", "render", "fmt", "convert"):
        text = result.output if command not in ("fmt", "convert") else result.stderr
        assert _unsafe(text) == []


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
@pytest.mark.parametrize("kind", KINDS)
def test_hostile_input_through_every_command(tmp_path, monkeypatch, kind, payload):
    """Exit 0 or 1, never a traceback, output that conforms, every game accounted for."""
    import functools
    import time

    import notation.cli.validate

    from notation.archive.parallel import validate_many

    # -j 2 hands games to worker processes only past a batch: make a batch 2 games
    monkeypatch.setattr(
        notation.cli.validate, "validate_many", functools.partial(validate_many, batch_size=2)
    )
    path = hostile_file(tmp_path, kind, payload)
    expected = _expected_games(path, kind)
    assert expected >= 2
    for args in _commands(path, kind, tmp_path):
        started = time.monotonic()
        result = CliRunner().invoke(pmn, args, catch_exceptions=True)
        elapsed = time.monotonic() - started
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            args,
            result.exc_info,
        )
        assert "Traceback" not in result.output, args
        assert result.exit_code in (0, 1), (args, result.output[-2000:])
        assert elapsed < TIME_LIMIT, (args, elapsed)
        _check_output(args, result, expected, tmp_path)
