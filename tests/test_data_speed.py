"""The data paths made fast (issue 15) give what the slow ones gave."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from notation.collection import read_declared, read_path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PMN_FILES = sorted(EXAMPLES.rglob("*.pmn"))


def pmn(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


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
    from click.testing import CliRunner

    from cli.main import pmn as command

    return CliRunner().invoke(command, ["moves", *args])


def test_moves_count_pit_and_limit_agree_with_the_listing():
    from notation.games import find_variant
    from notation.movelist import count_moves, legal_moves, move_origin

    variant = find_variant("Tricala", None, {"Players": "3"})
    position = variant.parse_position(BIG_TRICALA)
    everything = list(variant.legal_moves(position))
    assert count_moves(variant, position) == len(everything) == 2946
    from_4a = [m for m in everything if move_origin(variant, m, position) == "4a"]
    assert list(legal_moves(variant, position, pit="4a")) == from_4a
    assert len(from_4a) == 2760
    assert list(legal_moves(variant, position, pit="4a", limit=5)) == from_4a[:5]
    result = moves_cli("--position", BIG_TRICALA, "--game", "Tricala", "--players", "3", "--count")
    assert result.exit_code == 0 and result.stdout == "2946\n"
    result = moves_cli(
        "--position", BIG_TRICALA, "--game", "Tricala", "--players", "3", "--pit", "4a", "--count"
    )
    assert result.stdout == "2760\n"
    result = moves_cli(
        "--position",
        BIG_TRICALA,
        "--game",
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
    assert lines[-1] == "3 legal move(s) listed; there are more (--limit 3)."


def test_moves_pit_in_a_wari_position_and_the_origin_of_each_kind_of_move():
    from notation.games import find_variant
    from notation.movelist import move_origin

    result = moves_cli(
        "--position", "10-10-10-3-3-1-1-2-2-2-2-2-0-0-S", "--game", "Wari", "--pit", "E"
    )
    lines = result.stdout.splitlines()
    assert [line.split() for line in lines[1:]] == [
        ["E+5", "captures", "5"],
        ["1", "legal", "move(s)."],
    ]
    assert (
        moves_cli("--position", WARI_START, "--game", "Wari", "--pit", "a", "--count").stdout
        == "0\n"
    )
    result = moves_cli("--position", WARI_START, "--game", "Wari", "--limit", "6")
    assert result.stdout.splitlines()[-1] == "6 legal move(s)."  # exactly 6: no "more"
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
        "--game",
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
    from notation.games import find_variant
    from notation.movelist import legal_moves, move_row

    variant = find_variant("Tricala", None, {"Players": "3"})
    position = variant.parse_position(BIG_TRICALA)
    expected = {
        "position": variant.format_position(position),
        "to_move": "White",
        "result": None,
        "moves": [move_row(variant, m, position) for m in legal_moves(variant, position, limit=4)],
    }
    assert result.stdout == json.dumps(expected, ensure_ascii=False) + "\n"
    result = moves_cli("--position", WARI_START, "--game", "Wari", "--format", "json", "--count")
    assert json.loads(result.stdout)["count"] == 6
    result = moves_cli(
        "--position", WARI_START, "--game", "Wari", "--format", "json", "--limit", "0"
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
    result = moves_cli("--position", BIG_TRICALA, "--game", "Tricala", "--players", "3")
    assert isinstance(result.exception, RuntimeError)
    lines = result.stdout.splitlines()
    assert lines[0] == "White to move; legal moves:" and lines[1].split()[0] == "3a[BW]x3c"
    result = moves_cli(
        "--position", BIG_TRICALA, "--game", "Tricala", "--players", "3", "--format", "json"
    )
    assert isinstance(result.exception, RuntimeError)
    assert '"moves": [{"move": "3a[BW]x3c"' in result.stdout
