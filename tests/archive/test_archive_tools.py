"""pmn dedupe, split, merge, sort and openings, and the triangle's symmetries (issue 14)."""

from __future__ import annotations

import gzip
import json
import os
import random
import re

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation.cli.main import pmn

from notation.archive.tools import GameView, game_key, safe_stem
from notation.core.generate import random_record
from notation.formats.collection import read_path
from notation.formats.jsonform import load_schema
from notation.formats.pmn import read_text, write_record
from notation.games import find_variant
from notation.games.tricala.symmetry import triangle_symmetries

WARI = '[Game "Wari"]\n[Event "{event}"]\n{extra}\n{moves} {result}\n'


def wari(event: str, moves: str = "1. C b", result: str = "*", **tags: str) -> str:
    extra = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    return WARI.format(event=event, extra=extra, moves=moves, result=result)


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def events(text: str) -> list[str]:
    return [record.tag("Event") or "" for record in read_text(text)]


# -- dedupe --------------------------------------------------------------------------


def test_dedupe_drops_repeats_and_reports_header_differences(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(
        "\n".join(
            [
                wari("a", Date="2024.01.01"),
                wari("b", moves="1. C b 2. D"),  # longer: not a duplicate
                wari("c", Date="2024.01.02"),  # a's moves, another header
                wari("d", moves="1. D"),
                wari("e", moves="C b"),  # a's moves without move numbers
            ]
        ),
        encoding="utf-8",
    )
    result = run("dedupe", str(path), "--verbose")
    assert result.exit_code == 0, result.output
    assert events(result.stdout) == ["a", "b", "d"]
    lines = result.stderr.splitlines()
    assert lines[0] == (
        f"{path}:12 (game 3): dropped, a duplicate of {path}:1 (game 1); headers differ: "
        'Event: "a" vs "c"; Date: "2024.01.01" vs "2024.01.02"'
    )
    assert lines[1].startswith(f"{path}:23 (game 5): dropped, a duplicate of {path}:1 (game 1)")
    assert lines[-1] == "kept 3 games, dropped 2 duplicates"


def test_dedupe_compares_positions_not_spellings():
    variant = find_variant("Tricala")
    game = random_record(variant, random.Random(7), max_moves=20)
    long = random_record(variant, random.Random(7), max_moves=20, long=True)
    assert write_record(game) != write_record(long)  # spelled differently
    assert game_key(GameView(game)) == game_key(GameView(long))


def test_the_same_moves_from_another_start_are_not_duplicates():
    plain = GameView(read_text(wari("a", moves="1. C"))[0])
    started = GameView(
        read_text(wari("b", moves="1. C", Position="5-3-4-4-4-4-4-4-4-4-4-4-0-0-S"))[0]
    )
    assert len(plain.positions) == len(started.positions) == 2  # both replayed
    assert game_key(plain) != game_key(started)


def test_rules_tell_games_apart():
    wari_game = read_text(wari("a"))[0]
    abapa_game = read_text(wari("b", Rules="abapa"))[0]
    assert game_key(GameView(wari_game)) != game_key(GameView(abapa_game))


def test_keep_most_complete_keeps_the_fullest_header(tmp_path):
    path = tmp_path / "games.pmn"
    path.write_text(
        wari("a", Site="?")
        + "\n"
        + wari("b", Site="Hain", Date="2024.01.01")
        + "\n"
        + wari("c", Site="Hain"),
        encoding="utf-8",
    )
    first = run("dedupe", str(path))
    fullest = run("dedupe", str(path), "--keep", "most-complete", "--verbose")
    assert events(first.stdout) == ["a"]
    assert events(fullest.stdout) == ["b"]
    assert "a duplicate of" in fullest.stderr and "(game 2)" in fullest.stderr
    refused = run("dedupe", "-", "--keep", "most-complete")
    assert refused.exit_code == 2


# -- the triangle's symmetries ----------------------------------------------------------

DOCS_POSITION = "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"


def test_triangle_symmetries_worked_by_hand():
    images = triangle_symmetries(DOCS_POSITION)
    assert len(images) == 6 and images[0] == DOCS_POSITION
    # the mirror about the vertical axis: each row read backwards
    assert "B1/-,-/-,-,-/-,B1,W1,-/-,-,-,-,-/-,-,-,-,-,W1 6-8 0-0 W" in images
    # the rotation taking the top corner to the bottom left, bottom left to bottom right
    assert "-/-,-/-,-,-/-,B1,-,-/-,-,W1,-,-/B1,-,-,-,-,W1 6-8 0-0 W" in images
    assert len(set(images)) == 6  # no symmetry maps this position to itself
    for image in images:  # the images of an image are the same six
        assert set(triangle_symmetries(image)) == set(images)


def test_a_symmetric_position_and_other_strings():
    empty = "-/-,-/-,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-,-,- 0-0 9-9 W"
    assert set(triangle_symmetries(empty)) == {empty}
    assert triangle_symmetries("4-4-4-0-0-S") == ("4-4-4-0-0-S",)


def test_other_boards_have_no_symmetry_by_default():
    variant = find_variant("Wari")
    position = variant.format_position(variant.initial_position())
    assert variant.symmetries(position) == (position,)


def _mirror(token_text: str) -> str:
    """Tricala moves with every pit read from the other end of its row."""
    return re.sub(
        r"\b([1-6])([a-f])",
        lambda m: m[1] + "abcdef"[int(m[1]) - 1 - "abcdef".index(m[2])],
        token_text,
    )


def test_dedupe_symmetric_finds_a_mirrored_tricala_game(tmp_path):
    moves = "1. 2b+4d+6b 2a+5a+5d 2. 3b+4c+6c 2b+4a+5e"
    original = f'[Game "Tricala"]\n[Event "o"]\n\n{moves} *\n'
    mirrored = f'[Game "Tricala"]\n[Event "m"]\n\n{_mirror(moves)} *\n'
    assert _mirror(moves) == "1. 2a+4a+6e 2b+5e+5b 2. 3b+4b+6d 2a+4d+5a"
    path = tmp_path / "tricala.pmn"
    path.write_text(original + "\n" + mirrored, encoding="utf-8")
    assert run("select", str(path), "--valid", "--count").stdout == "2\n"
    assert events(run("dedupe", str(path)).stdout) == ["o", "m"]
    symmetric = run("dedupe", str(path), "--symmetric", "--verbose")
    assert events(symmetric.stdout) == ["o"]
    assert "(game 2): dropped, a duplicate of" in symmetric.stderr


# -- split and merge --------------------------------------------------------------------


@st.composite
def collections(draw):
    count = draw(st.integers(min_value=1, max_value=12))
    rounds = st.sampled_from(["1", "2", "10", "a/b", "A", "a", "CON", "../up", ""])
    texts = []
    for index in range(count):
        tags = {}
        if draw(st.booleans()):
            tags["Round"] = draw(rounds)
        moves = draw(st.sampled_from(["", "1. C", "1. C b", "1. D e 2. A"]))
        texts.append(wari(str(index), moves=moves, **tags))
    return "\n".join(texts)


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=collections(), every=st.integers(min_value=1, max_value=5))
def test_merge_after_split_every_gives_the_input_back(tmp_path_factory, text, every):
    folder = tmp_path_factory.mktemp("split")
    source = folder / "in.pmn"
    source.write_text(text, encoding="utf-8")
    parts = folder / "parts"
    assert run("split", str(source), "--every", str(every), "-d", str(parts)).exit_code == 0
    names = sorted(os.listdir(parts))
    records = read_text(text)
    assert len(names) == -(-len(records) // every)
    assert all(len(list(read_path(str(parts / n)))) <= every for n in names)
    merged = folder / "merged.jsonl"
    if names:
        result = run("merge", *(str(parts / n) for n in names), "-o", str(merged))
        assert result.exit_code == 0, result.output
        assert list(read_path(str(merged))) == records
    else:
        assert records == []


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=collections())
def test_split_by_tag_puts_each_value_in_its_own_file(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("by")
    source = folder / "in.pmn"
    source.write_text(text, encoding="utf-8")
    parts = folder / "parts"
    result = run("split", str(source), "--by", "Round", "-d", str(parts), "--to", "json")
    assert result.exit_code == 0, result.output
    records = read_text(text)
    values: dict[str, str | None] = {}
    total = 0
    for name in os.listdir(parts):
        assert name.endswith(".json") and not name.startswith(".pmn-")
        found = list(read_path(str(parts / name)))
        total += len(found)
        (value,) = {r.tag("Round") for r in found}  # one value per file
        assert value not in values.values()  # and one file per value
        values[name] = value
        expected = [r for r in records if r.tag("Round") == value]
        assert found == expected  # in input order
    assert total == len(records)
    for name in values:  # every file is in the folder, never above it
        assert os.path.dirname(os.path.normpath(parts / name)) == os.path.normpath(parts)


def test_safe_names_are_one_to_one():
    assert safe_stem("Round1") == "Round1"
    assert safe_stem(None) == "_untagged"
    values = ["a/b", "a_b", "a b", "../x", "CON", "con.txt", "x.", "", "é"]
    stems = [safe_stem(v) for v in values]
    assert len(set(stems)) == len(values)
    assert all(re.fullmatch(r"[A-Za-z0-9._-]+", s) and not s.startswith(".") for s in stems)


def test_split_by_case_differing_values_on_any_file_system(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(wari("1", South="Ada") + "\n" + wari("2", South="ada"), encoding="utf-8")
    result = run("split", str(source), "--by", "South", "-d", str(tmp_path / "out"))
    assert result.exit_code == 0
    names = sorted(os.listdir(tmp_path / "out"))
    assert len({n.casefold() for n in names}) == 2


def test_split_does_not_overwrite_without_force(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(wari("1") + "\n" + wari("2"), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "part-0001.pmn").write_text("keep me", encoding="utf-8")
    refused = run("split", str(source), "--every", "1", "-d", str(out))
    assert refused.exit_code == 1 and "--force" in refused.output
    assert (out / "part-0001.pmn").read_text(encoding="utf-8") == "keep me"
    assert sorted(os.listdir(out)) == ["part-0001.pmn"]  # nothing half written
    assert run("split", str(source), "--every", "1", "-d", str(out), "--force").exit_code == 0
    assert events((out / "part-0001.pmn").read_text(encoding="utf-8")) == ["1"]


def test_split_needs_exactly_one_way(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(wari("1"), encoding="utf-8")
    assert run("split", str(source), "-d", str(tmp_path / "o")).exit_code == 2
    both = run("split", str(source), "-d", str(tmp_path / "o"), "--every", "1", "--by", "Round")
    assert both.exit_code == 2


def test_merge_mixes_formats_and_can_dedupe(tmp_path):
    first = tmp_path / "a.pmn"
    first.write_text(wari("a") + "\n" + wari("b", moves="1. D"), encoding="utf-8")
    second = tmp_path / "b.jsonl.gz"
    jsonl = run("convert", str(first), "--to", "jsonl").stdout
    second.write_bytes(gzip.compress(jsonl.replace('"a"', '"c"').encode("utf-8")))
    out = tmp_path / "all.json"
    assert run("merge", str(first), str(second), "-o", str(out)).exit_code == 0
    assert [r.tag("Event") for r in read_path(str(out))] == ["a", "b", "c", "b"]
    result = run("merge", str(first), str(second), "--dedupe", "-o", str(out), "--verbose")
    assert result.exit_code == 0
    assert [r.tag("Event") for r in read_path(str(out))] == ["a", "b"]
    assert result.stderr.count("dropped, a duplicate") == 2


# -- sort -----------------------------------------------------------------------------------


def test_sort_is_natural_stable_and_puts_missing_tags_last(tmp_path):
    source = tmp_path / "in.pmn"
    games = [
        wari("r10", Round="10"),
        wari("none"),
        wari("r2-first", Round="2", Board="b"),
        wari("r1", Round="1"),
        wari("r2-second", Round="2", Board="a"),
    ]
    source.write_text("\n".join(games), encoding="utf-8")
    result = run("sort", str(source), "--by", "Round")
    assert events(result.stdout) == ["r1", "r2-first", "r2-second", "r10", "none"]
    by_two = run("sort", str(source), "--by", "Round,Board")
    assert events(by_two.stdout) == ["r1", "r2-second", "r2-first", "r10", "none"]
    backwards = run("sort", str(source), "--by", "Round", "--reverse")
    assert events(backwards.stdout) == ["none", "r10", "r2-first", "r2-second", "r1"]


# -- openings ---------------------------------------------------------------------------------

OPENINGS = "\n".join(
    [
        wari("1", moves="1. C b 2. D", result="1-0", Termination="resignation"),
        wari("2", moves="1. C b 2. E", result="0-1", Termination="resignation"),
        wari("3", moves="1. C d", result="1-0", Termination="resignation"),
        wari("4", moves="1. D", result="*"),
        wari("5", moves="1. C+0 b", result="1/2-1/2", Termination="agreement"),
    ]
)


def test_openings_counts_games_and_wins_by_seat(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(OPENINGS, encoding="utf-8")
    result = run("openings", str(source), "--depth", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Wari (wari) from 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 5 games: South 2, North 1, "
        "shared 1, unfinished 1",
        "  C: 4 games: South 2, North 1, shared 1, unfinished 0",
        "    b: 3 games: South 1, North 1, shared 1, unfinished 0",
        "    d: 1 game: South 1, North 0, shared 0, unfinished 0",
        "  D: 1 game: South 0, North 0, shared 0, unfinished 1",
    ]


def test_openings_json_follows_its_schema(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(OPENINGS, encoding="utf-8")
    result = run("openings", str(source), "--format", "json", "--depth", "3")
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator(load_schema("openings.schema.json")).validate(document)
    (tree,) = document["trees"]
    c = tree["children"][0]
    assert (c["move"], c["games"]) == ("C", 4)
    assert [(n["move"], n["games"]) for n in c["children"][0]["children"]] == [("D", 1), ("E", 1)]


def test_openings_from_a_position(tmp_path):
    source = tmp_path / "in.pmn"
    source.write_text(OPENINGS, encoding="utf-8")
    after_c_b = run("select", str(source), "--tag", "Event=1").stdout
    variant = find_variant("Wari")
    position = variant.initial_position()
    for token in ("C", "b"):
        position = variant.play(position, variant.parse_move(token, position))
    result = run("openings", str(source), "--position", variant.format_position(position))
    assert after_c_b and result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].endswith("3 games: South 1, North 1, shared 1, unfinished 0")
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["D", "E"]
    assert "2 games never reach the position" in result.stderr


@pytest.mark.parametrize("command", ["select", "dedupe", "split", "merge", "sort", "openings"])
def test_every_archive_command_has_help_with_examples(command):
    result = run(command, "--help")
    assert (
        result.exit_code == 0 and "Examples:" in result.output and "pmn " + command in result.output
    )


def test_numbered_holes_are_read_as_the_same_moves(tmp_path):
    lettered = read_text(wari("a", moves="1. C b 2. D e"))[0]
    numbered = read_text(wari("b", moves="1. 3 8 2. 4 11", Pits="numbers"))[0]
    assert GameView(numbered).moves == ("C", "b", "D", "e")
    assert game_key(GameView(lettered)) == game_key(GameView(numbered))


def test_split_by_player_puts_each_game_in_each_players_file(tmp_path):
    source = tmp_path / "in.pmn"
    games = [
        wari("1", South="Ada", North="Ben"),
        wari("2", South="Ben", North="Cy"),
        wari("3", South="Ada", North="Ada"),  # one file, once
        '[Game "Chess"]\n[Event "4"]\n[White "Ada"]\n\n*\n',  # no game PMN plays: no seats
    ]
    source.write_text("\n".join(games), encoding="utf-8")
    out = tmp_path / "out"
    result = run("split", str(source), "--by-player", "-d", str(out))
    assert result.exit_code == 0, result.output
    found = {name: events((out / name).read_text(encoding="utf-8")) for name in os.listdir(out)}
    assert found == {
        "Ada.pmn": ["1", "3"],
        "Ben.pmn": ["1", "2"],
        "Cy.pmn": ["2"],
        "_untagged.pmn": ["4"],
    }
    assert run("split", str(source), "--by-player", "--by", "x", "-d", str(out)).exit_code == 2


def test_sort_writes_every_game_unchanged_damaged_ones_too(tmp_path):
    source = tmp_path / "in.jsonl"
    text = "\n".join(
        [
            wari("b", Round="2", moves="1. C {a comment} b (1... a) 2. D"),
            '[Game "Wari"]\n[Event "broken"]\n[Round "1"]\n\n1. C {never closed *\n',
            wari("a", Round="3", moves="1. D $1 e!?"),
        ]
    )
    plain = tmp_path / "in.pmn"
    plain.write_text(text, encoding="utf-8")
    assert run("convert", str(plain), "-o", str(source)).exit_code == 1  # the broken one
    result = run("sort", str(source), "--by", "Round", "-o", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 1 and "never closed" not in result.stdout
    b, broken, a = read_path(str(source))
    assert broken.damaged and broken.tags == ()  # JSON keeps a damaged game as raw text only
    written = list(read_path(str(tmp_path / "out.jsonl")))
    assert written == [b, a, broken]  # no Round tag: last
    assert written[2].raw == broken.raw
