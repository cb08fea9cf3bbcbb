"""The data paths made fast (issue 15) give what the slow ones gave."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from notation.formats.collection import read_declared, read_path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PMN_FILES = sorted(EXAMPLES.rglob("*.pmn"))


def pmn(*args: str, stdin: str | None = None) -> Result:
    """``pmn ARGS`` run in this process (click's runner): these tests are about what the
    commands answer, not about their process, and a new interpreter per run was most of
    this file's time (issue 28)."""
    from notation.cli.main import pmn as command

    return CliRunner().invoke(command, list(args), input=stdin)


def declared(record):
    return (
        record.tags,
        record.result,
        record.damaged,
        [(n.token, n.number) for n in record.mainline.moves] if not record.damaged else None,
    )


@pytest.mark.parametrize("path", PMN_FILES, ids=lambda p: p.name)
def test_read_declared_gives_what_the_full_reader_declares(path):
    assert [declared(r) for r in read_declared(str(path))] == [
        declared(r) for r in read_path(str(path))
    ]


def test_read_declared_mixes_plain_commented_and_damaged_games(tmp_path):
    path = tmp_path / "mixed.pmn"
    path.write_text(
        '[Game "Wari"]\n\n1. C b 2. A *\n\n'
        '[Game "Wari"]\n\n1. C {why} b (1... a) 2. A! $1 1-0\n\n'
        '[Game "Wari"]\n\n1. C ) *\n\n'
        '[Game "Wari"]\n\n1. C b\n',
        encoding="utf-8",
    )
    fast = list(read_declared(str(path)))
    assert [declared(r) for r in fast] == [declared(r) for r in read_path(str(path))]
    assert [r.damaged for r in fast] == [False, False, True, True]


def test_stats_counts_as_before(tmp_path):
    """stats reads plain games with the cheap reader: the same counts as the full reader's."""
    files = [str(p) for p in PMN_FILES if "broken" not in p.parts]
    result = pmn("stats", "--format", "json", *files)
    body = json.loads(result.stdout)
    records = [r for f in files for r in read_path(f)]
    good = [r for r in records if not r.damaged]
    assert body["summary"]["games"] == len(good)
    assert body["summary"]["unreadable"] == len(records) - len(good)
    assert body["summary"]["moves_max"] == max(len(r.mainline.moves) for r in good)
    assert sum(body["result"].values()) == len(good)
    for record in good:
        assert record.result in body["result"]


# -- pmn moves: streamed, --pit, --limit, --count ----------------------------------

#: A Tricala position (3 players) with 2,946 legal moves, 2,760 of them from 4a.
BIG_TRICALA = "-/-,-/W1B1,-,W1B3/W2B2R3,-,-,-/-,B1,W1B2,-,W1R1/-,-,W2R2,W1R3,-,- 0-0-0 0-0-0 W"
WARI_START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"


def moves_cli(*args: str):
    return pmn("moves", *args)


def test_moves_count_pit_and_limit_agree_with_the_listing():
    from notation.core.movelist import count_moves, legal_moves, move_origin
    from notation.games import find_variant

    variant = find_variant("Tricala", None, {"Players": "3"})
    position = variant.parse_position(BIG_TRICALA)
    everything = list(variant.legal_moves(position))
    assert count_moves(variant, position) == len(everything) == 2946
    from_4a = [m for m in everything if move_origin(variant, m, position) == "4a"]
    assert list(legal_moves(variant, position, pit="4a")) == from_4a
    assert len(from_4a) == 2760
    assert list(legal_moves(variant, position, pit="4a", limit=5)) == from_4a[:5]
    result = moves_cli(
        "--position", BIG_TRICALA, "--variant", "Tricala", "--players", "3", "--count"
    )
    assert result.exit_code == 0 and result.stdout == "2946\n"
    result = moves_cli(
        "--position",
        BIG_TRICALA,
        "--variant",
        "Tricala",
        "--players",
        "3",
        "--pit",
        "4a",
        "--count",
    )
    assert result.stdout == "2760\n"
    result = moves_cli(
        "--position",
        BIG_TRICALA,
        "--variant",
        "Tricala",
        "--players",
        "3",
        "--pit",
        "4a",
        "--limit",
        "3",
    )
    lines = result.stdout.splitlines()
    assert len(lines) == 5 and all(line.split()[0].startswith("4a") for line in lines[1:4])
    assert lines[-1] == "3 legal moves listed; there are more (--limit 3)."


def test_moves_pit_in_a_wari_position_and_the_origin_of_each_kind_of_move():
    from notation.core.movelist import move_origin
    from notation.games import find_variant

    result = moves_cli(
        "--position", "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S", "--variant", "Wari", "--pit", "E"
    )
    lines = result.stdout.splitlines()
    assert [line.split() for line in lines[1:]] == [
        ["E+5", "captures", "5"],
        ["1", "legal", "move."],
    ]
    assert (
        moves_cli("--position", WARI_START, "--variant", "Wari", "--pit", "a", "--count").stdout
        == "0\n"
    )
    result = moves_cli("--position", WARI_START, "--variant", "Wari", "--limit", "6")
    assert result.stdout.splitlines()[-1] == "6 legal moves."  # exactly 6: no "more"
    trias = find_variant("Trias", None, {})
    start = trias.initial_position()
    assert [move_origin(trias, m, start) for m in list(trias.legal_moves(start))[:2]] == [
        "1a",
        "1b",
    ]
    tricala = find_variant("Tricala", None, {"Players": "3"})
    setup = tricala.initial_position()
    assert move_origin(tricala, next(tricala.legal_moves(setup)), setup) is None  # 2a+2a+2a


def test_moves_json_streams_the_same_document():
    result = moves_cli(
        "--position",
        BIG_TRICALA,
        "--variant",
        "Tricala",
        "--players",
        "3",
        "--format",
        "json",
        "--limit",
        "4",
    )
    body = json.loads(result.stdout)
    assert body["to_move"] == "White" and body["result"] is None and len(body["moves"]) == 4
    assert list(body) == ["position", "to_move", "result", "moves"]
    from notation.core.movelist import legal_moves, move_row
    from notation.games import find_variant

    variant = find_variant("Tricala", None, {"Players": "3"})
    position = variant.parse_position(BIG_TRICALA)
    expected = {
        "position": variant.format_position(position),
        "to_move": "White",
        "result": None,
        "moves": [move_row(variant, m, position) for m in legal_moves(variant, position, limit=4)],
    }
    assert result.stdout == json.dumps(expected, ensure_ascii=False) + "\n"
    result = moves_cli("--position", WARI_START, "--variant", "Wari", "--format", "json", "--count")
    assert json.loads(result.stdout)["count"] == 6
    result = moves_cli(
        "--position", WARI_START, "--variant", "Wari", "--format", "json", "--limit", "0"
    )
    assert json.loads(result.stdout)["moves"] == []


def test_moves_are_printed_as_they_are_found(monkeypatch):
    """Each move is written before the next is looked for: a generator that fails
    after its first move still has that move printed."""
    from notation.games.tricala import TricalaVariant

    original = TricalaVariant.legal_moves

    def first_then_fail(self, position):
        moves = original(self, position)
        yield next(moves)
        raise RuntimeError("the rest of the moves would take long")

    monkeypatch.setattr(TricalaVariant, "legal_moves", first_then_fail)
    result = moves_cli("--position", BIG_TRICALA, "--variant", "Tricala", "--players", "3")
    assert isinstance(result.exception, RuntimeError)
    lines = result.stdout.splitlines()
    assert lines[0] == "White to move; legal moves:" and lines[1].split()[0] == "3a[BW]x3c"
    result = moves_cli(
        "--position", BIG_TRICALA, "--variant", "Tricala", "--players", "3", "--format", "json"
    )
    assert isinstance(result.exception, RuntimeError)
    assert '"moves": [{"move": "3a[BW]x3c"' in result.stdout


# -- JSON read a value at a time ---------------------------------------------------

GAME = '[Game "Wari"]\n[Round "{n}"]\n\n1. C b {{a comment}} 2. A (2. B) * \n'


def some_records(count: int):
    from notation.formats.pmn import read_text

    return read_text("\n".join(GAME.format(n=n) for n in range(count)))


def json_text(records, lines: bool = False) -> str:
    from notation.formats.jsonform import write_json

    out = io.StringIO()
    write_json(records, out, lines=lines)
    return out.getvalue()


@pytest.mark.parametrize("lines", [False, True], ids=["array", "jsonl"])
def test_json_split_anywhere_reads_the_same(lines):
    from notation.formats.jsonform import iter_json_records

    records = some_records(12)
    text = "\ufeff" + json_text(records, lines)
    for size in (1, 2, 3, 7, 50, 333, len(text)):
        pieces = [text[i : i + size] for i in range(0, len(text), size)]
        assert list(iter_json_records(pieces, "s")) == records, size
    compact = json.dumps([json.loads(line) for line in json_text(records, True).splitlines()])
    for size in (1, 5, 64):
        pieces = [compact[i : i + size] for i in range(0, len(compact), size)]
        assert list(iter_json_records(pieces, "s")) == records, size


@pytest.mark.parametrize("lines", [False, True], ids=["array", "jsonl"])
def test_a_huge_json_input_is_read_a_record_at_a_time(lines):
    """Records come out while the input is still being read, and the text held stays
    about one piece long, however long the input."""
    from notation.formats.jsonform import iter_json_records

    (record,) = some_records(1)
    one = json_text([record], lines=True)
    total = 20_000
    fed = 0

    def pieces():
        nonlocal fed
        yield "[\n" if not lines else ""
        for index in range(total):
            fed += 1
            yield one if lines else ("  " + one.strip() + (",\n" if index < total - 1 else "\n"))
        if not lines:
            yield "]\n"

    seen = 0
    for seen, got in enumerate(iter_json_records(pieces(), "big"), start=1):
        assert got == record
        assert fed <= seen + 2  # never more than a record or two read ahead
    assert seen == total and fed == total


def test_json_pieces_edge_cases():
    from notation.formats.jsonform import iter_json_records

    (record,) = some_records(1)
    value = json_text([record], lines=True).strip()
    # a number cut by a piece's end is read whole
    (number,) = iter_json_records(["[1", "23", "]"], "s")
    assert number.damaged and number.raw == "123"
    # white space only, an empty array
    assert list(iter_json_records(["  \n", " "])) == []
    assert list(iter_json_records(["[", " ", "]", "\n"])) == []
    # an array never closed: its records are read, then the fault is a damaged record
    records = list(iter_json_records(["[", value, ",\n", value]))
    assert records[:2] == [record, record] and records[2].damaged
    assert "not closed" in records[2].errors[0].message
    # data after the array
    records = list(iter_json_records([f"[{value}] ", "x"]))
    assert records[0] == record and records[1].damaged and records[1].raw == "x"
    # a value nested deeper than json's recursion, cut in pieces
    deep = "[" * 50_000 + "]" * 50_000
    text = f"[{value}, {deep}, {value}]"
    got = list(iter_json_records([text[i : i + 4096] for i in range(0, len(text), 4096)]))
    assert [r.damaged for r in got] == [False, True, False]


def test_a_damaged_json_array_streams_then_reads_the_rest_line_by_line():
    from notation.formats.jsonform import iter_json_records

    records = some_records(6)
    lines = json_text(records).split("\n")
    lines[4] = lines[4][:3] + "<damage>" + lines[4][3:]  # record 3 (line 5)
    text = "\n".join(lines)
    got = list(iter_json_records([text[i : i + 100] for i in range(0, len(text), 100)], "s"))
    assert [r.damaged for r in got] == [False, False, False, True, False, False]
    assert got[3].errors[0].line == 5 and got[3].errors[0].code == "bad-json"
    assert got[4:] == records[4:]
    # not laid out one record per line: the text from the damage on is kept as one record
    compact = json.dumps([json.loads(json_text([r], True)) for r in records])
    broken = compact.replace('"Round"', "Round", 1)  # the first record is broken
    (only,) = iter_json_records([broken])
    assert only.damaged and only.raw == broken


def test_json_lines_with_a_first_line_that_is_not_json():
    from notation.formats.jsonform import iter_json_records

    records = some_records(2)
    text = "{not json\n" + json_text(records, lines=True)
    got = list(iter_json_records([text[i : i + 9] for i in range(0, len(text), 9)]))
    assert [r.damaged for r in got] == [True, False, False]
    assert got[0].errors[0].line == 1 and got[1:] == records
    # one record laid out over several lines
    spread = json.dumps(json.loads(json_text(records[:1], True)), indent=2)
    assert list(iter_json_records([spread[i : i + 5] for i in range(0, len(spread), 5)])) == [
        records[0]
    ]


def test_decoded_blocks_names_the_bad_byte_across_blocks():
    from notation.files.sources import SourceDecodeError
    from notation.formats.collection import decoded_blocks

    data = "\ufeff[\n".encode() + "été ".encode() * 40 + b"\n  \xff"
    for size in (1, 2, 3, 5, 64, 4096):
        with pytest.raises(SourceDecodeError) as error:
            "".join(decoded_blocks(io.BytesIO(data), "s", size))
        assert (error.value.line, error.value.column, error.value.byte) == (3, 3, 0xFF)
        text = "".join(decoded_blocks(io.BytesIO(data[:-1]), "s", size))
        assert text == data[3:-1].decode()


def test_convert_json_to_pmn_and_back_streams_the_same_text(tmp_path):
    records = some_records(30)
    from notation.formats.pmn import write_records

    source = tmp_path / "g.pmn"
    with source.open("w", encoding="utf-8") as out:
        write_records(records, out)
    for ext in ("json", "jsonl"):
        middle = tmp_path / f"g.{ext}"
        back = tmp_path / f"back-{ext}.pmn"
        assert pmn("convert", str(source), "-o", str(middle)).exit_code == 0
        assert pmn("convert", str(middle), "-o", str(back)).exit_code == 0
        assert back.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    result = pmn("convert", "--from", "json", "-", stdin=(tmp_path / "g.json").read_text())
    assert result.exit_code == 0 and result.stdout == source.read_text(encoding="utf-8")


# -- pmn fmt --check: read once, a game at a time, the same answers ------------------

CHECK_CASES = {
    "canonical": '[Game "Wari"]\n\n1. C b 2. A *\n\n[Game "Wari"]\n\n1. A *\n',
    "tags out of order": '[Round "1"]\n[Game "Wari"]\n\n1. C b *\n',
    "move number missing": '[Game "Wari"]\n\n1. C b A *\n',
    "extra space": '[Game "Wari"]\n\n1. C  b *\n',
    "no final newline": '[Game "Wari"]\n\n1. C b *',
    "two blank lines between games": '[Game "Wari"]\n\n1. C *\n\n\n[Game "Wari"]\n\n1. A *\n',
    "no blank line between games": '[Game "Wari"]\n\n1. C *\n[Game "Wari"]\n\n1. A *\n',
    "trailing blank line": '[Game "Wari"]\n\n1. C *\n\n',
    "leading blank line": '\n[Game "Wari"]\n\n1. C *\n',
    "byte-order mark": '\ufeff[Game "Wari"]\n\n1. C b *\n',
    "windows line ends": '[Game "Wari"]\r\n\r\n1. C b *\r\n',
    "lone carriage return": '[Game "Wari"]\n\n1. C\rb *\n',
    "empty": "",
    "white space only": "\n \n",
    "comment and variation": '[Game "Wari"]\n\n1. C {why} b (1... a) 2. A *\n',
    "comment not canonical": '[Game "Wari"]\n\n1. C {why}   b *\n',
    "illegal move": '[Game "Wari"]\n\n1. C C *\n',
    "damaged": '[Game "Wari"]\n\n1. C ) *\n',
    "unknown game": '[Game "Nope"]\n\n1. C *\n',
    "capture without +n": '[Game "Wari"]\n\n1. F a 2. E b 3. D c 4. F d 5. E e 6. D f 7. F+2 a *\n',
    "long line": '[Game "Wari"]\n\n' + " ".join(f"{n}. A a" for n in range(1, 40)) + " *\n",
    "tricala": (EXAMPLES / "tricala-two-players.pmn").read_text(encoding="utf-8"),
    "not utf-8": None,
}


def reference_check(path: Path, width: int = 79) -> tuple[bool, list[str]] | None:
    """What fmt --check answers reading the whole text (None: the text does not decode)."""
    from notation.cli.common import location

    from notation.archive.formatting import format_text, read_whole_text
    from notation.files.sources import SourceError

    try:
        original = read_whole_text(str(path))
    except SourceError:
        return None
    formatted, issues = format_text(original, str(path), width, False)
    messages = [
        f"{location(str(path), i.line, i.column)}: game {n}: {i.message}" for n, i in issues
    ]
    return formatted != original, messages


@pytest.mark.parametrize("name", CHECK_CASES)
def test_fmt_check_finds_every_difference_it_found_before(tmp_path, name):
    from notation.cli.common import location

    from notation.archive.formatting import check_file

    text = CHECK_CASES[name]
    path = tmp_path / "g.pmn"
    if text is None:
        path.write_bytes(b'[Game "Wari"]\n[Event "caf\xe9"]\n\n1. C b *\n')
    else:
        path.write_bytes(text.encode("utf-8"))
    reference = reference_check(path)
    for jobs in (1, 2):
        checked = check_file(str(path), jobs=jobs)
        if checked is None:  # a mark, a carriage return, a bad byte: compared whole
            assert text is None or "\r" in text or text.startswith("\ufeff"), name
            continue
        assert reference is not None
        changed, messages = reference
        assert checked.changed == changed, name
        assert [
            f"{location(str(path), i.line, i.column)}: game {n}: {i.message}"
            for n, i in checked.issues
        ] == messages
    result = pmn("fmt", "--check", str(path))
    if reference is None:
        assert result.exit_code == 1 and "not valid UTF-8" in result.stderr
        return
    changed, messages = reference
    assert ("would reformat" in result.stderr) == changed
    empty = not text.strip()  # an input with no game is an error (ruling N4)
    assert result.exit_code == (1 if changed or messages or empty else 0)


def test_fmt_check_of_every_example_and_of_its_formatted_text(tmp_path):
    from notation.archive.formatting import check_file

    for source in PMN_FILES:
        changed, _messages = reference_check(source) or (None, None)
        checked = check_file(str(source))
        assert checked is not None and checked.changed == changed, source
        formatted = tmp_path / source.name
        formatted.write_text(pmn("fmt", str(source)).stdout, encoding="utf-8")
        again = check_file(str(formatted))
        assert again is not None
        assert again.changed == (reference_check(formatted) or (None,))[0], source


def test_fmt_check_on_many_games_uses_the_pool_and_finds_one_change(tmp_path):
    """Past a batch, games are formatted on two processes: the answer is the same."""
    from notation.archive import parallel
    from notation.archive.formatting import check_file

    games = [f'[Game "Wari"]\n[Round "{n}"]\n\n1. C b 2. A *\n' for n in range(60)]
    path = tmp_path / "many.pmn"
    path.write_text("\n".join(games), encoding="utf-8")
    original = parallel.BATCH_SIZE
    parallel_calls = []
    real_map = parallel.map_in_order

    def small_batches(function, items, jobs=1, batch_size=original):
        parallel_calls.append(jobs)
        return real_map(function, items, jobs, 16)

    try:
        parallel.map_in_order = small_batches
        assert check_file(str(path), jobs=2).changed is False
        games[41] = games[41].replace("2. A", "A")
        path.write_text("\n".join(games), encoding="utf-8")
        assert check_file(str(path), jobs=2).changed is True
    finally:
        parallel.map_in_order = real_map
    assert parallel_calls == [2, 2]


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("Wari", ()),
        ("Trysse", ()),
        ("Trias", ()),
        ("Tricala", (("White", "A"), ("Black", "B"))),
        ("Tricala", (("White", "A"), ("Black", "B"), ("Red", "C"))),
    ],
    ids=["wari", "trysse", "trias", "tricala-2", "tricala-3"],
)
def test_validating_games_leaves_nothing_for_the_garbage_collector(game, extra):
    # Reading and replaying a game frees all it made by reference counting: no
    # reference cycle (a recursive closure keeps itself alive, say) is left for the
    # collector, which would otherwise run again and again over the engine's memos.
    import gc
    import random

    from notation.core.generate import random_record
    from notation.formats.pmn import iter_chunks, write_records
    from notation.formats.validate import validate_chunk
    from notation.games import find_variant

    variant = find_variant(game, None, dict(extra))

    def validate_games(seed: str) -> int:
        """Validate 12 new random games; the number of objects only the collector frees."""
        rng = random.Random(f"{seed}-{game}-{len(extra)}")
        text = io.StringIO()
        records = (
            random_record(variant, rng, tags=(("Game", game), *extra), max_moves=300)
            for _ in range(12)
        )
        write_records(records, text)
        data = text.getvalue().encode()
        gc.collect()
        enabled = gc.isenabled()
        gc.disable()
        try:
            for number, chunk in enumerate(iter_chunks(io.BytesIO(data), "games.pmn"), 1):
                assert validate_chunk(chunk, number).valid
            return gc.collect()
        finally:
            if enabled:
                gc.enable()

    validate_games("warm-up")  # what is imported or built once, on first use
    assert validate_games("cycles") == 0
