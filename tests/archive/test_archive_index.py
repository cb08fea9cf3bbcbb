"""pmn index and --index: the same answers as streaming, from the database (issue 14)."""

from __future__ import annotations

import gzip
import io
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation.cli.main import pmn

from notation.archive.index import SCHEMA_VERSION, SHORT_HASH_BYTES, short_hash
from notation.formats.pmn import read_text, write_records
from notation.games import find_variant
from tests.archive.test_archive_select import AFTER_C, GAMES

EXTRA = """\
[Game "Wari"]
[Event "x1"]
[Site "Hainé"]
[South "Ada"]

1. C b 2. D e *
"""


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


@pytest.fixture
def archive(tmp_path):
    """Three files (plain, gzip, UTF-16) and their index."""
    plain = tmp_path / "games.pmn"
    plain.write_text(GAMES, encoding="utf-8")
    packed = tmp_path / "more.pmn.gz"
    packed.write_bytes(gzip.compress((EXTRA + "\n" + GAMES).encode("utf-8")))
    wide = tmp_path / "wide.pmn"
    wide.write_bytes(EXTRA.encode("utf-16"))
    files = [str(plain), str(packed), str(wide)]
    database = str(tmp_path / "archive.sqlite")
    result = run("index", *files, "-o", database)
    assert result.exit_code == 0, result.output
    return files, database


FILTERS = [
    [],
    ["--player", "Ada"],
    ["--player", "ada mensah", "--valid"],
    ["--tag", "South=Ada"],
    ["--tag", "Site~é$"],
    ["--result", "0-1"],
    ["--variant", "Wari"],
    ["--variant", "Oware"],
    ["--rules", "wari"],
    ["--date-from", "2024.05.02", "--date-to", "2024.12"],
    ["--plies", "1-2"],
    ["--invalid"],
    ["--position", AFTER_C],
    ["--position", "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"],
]


@pytest.mark.parametrize("args", FILTERS)
def test_select_from_the_index_gives_what_streaming_gives(archive, args):
    files, database = archive
    streamed = run("select", *files, *args)
    indexed = run("select", "--index", database, *args)
    assert indexed.exit_code == streamed.exit_code == 0, indexed.output
    assert indexed.stdout == streamed.stdout
    counted = run("select", "--index", database, *args, "--count")
    assert counted.stdout == run("select", *files, *args, "--count").stdout


def test_split_invalid_from_the_index(archive, tmp_path):
    files, database = archive
    for source, name in ((files, "s"), (["--index", database], "i")):
        result = run(
            "select",
            *source,
            "--split-invalid",
            str(tmp_path / f"{name}-bad.pmn"),
            "-o",
            str(tmp_path / f"{name}-good.pmn"),
        )
        assert result.exit_code == 0, result.output
    for part in ("bad", "good"):
        assert (tmp_path / f"s-{part}.pmn").read_bytes() == (
            tmp_path / f"i-{part}.pmn"
        ).read_bytes()


@pytest.mark.parametrize(
    ("args", "counts"),
    [
        ([], "kept 8 games, dropped 8 duplicates"),
        (["--keep", "most-complete"], "kept 8 games, dropped 8 duplicates"),
        (["--symmetric"], "kept 8 games, dropped 8 duplicates"),
        (["--by", "moves"], "kept 7 games, dropped 9 duplicates"),
        (["--by", "moves", "--keep", "most-complete"], "kept 7 games, dropped 9 duplicates"),
    ],
)
def test_dedupe_from_the_index_gives_what_streaming_gives(archive, args, counts):
    files, database = archive
    streamed = run("dedupe", *files, *args, "--verbose")
    indexed = run("dedupe", "--index", database, *args, "--verbose")
    assert indexed.exit_code == streamed.exit_code == 0
    assert indexed.stdout == streamed.stdout and indexed.stderr == streamed.stderr
    # 16 games: GAMES twice, and x1 twice, which plays g1's moves (other players: a copy
    # of g1 only --by moves)
    assert counts in indexed.stderr


@pytest.mark.parametrize(
    "args", [["--depth", "2"], ["--format", "json"], ["--position", AFTER_C, "--depth", "3"]]
)
def test_openings_from_the_index_gives_what_streaming_gives(archive, args):
    files, database = archive
    streamed = run("openings", *files, *args)
    indexed = run("openings", "--index", database, *args)
    assert indexed.exit_code == streamed.exit_code == 0
    assert indexed.stdout == streamed.stdout and indexed.stderr == streamed.stderr


def test_indexing_is_incremental(archive, tmp_path):
    files, database = archive
    again = run("index", *files, "-o", database)
    assert again.stderr.count("unchanged, skipped") == 3
    new = tmp_path / "new.pmn"
    new.write_text(EXTRA, encoding="utf-8")
    with open(files[0], "a", encoding="utf-8") as handle:  # a changed file
        handle.write("\n" + EXTRA.replace("x1", "x2"))
    result = run("index", files[0], str(new), "-o", database)
    assert f"{files[0]}: 8 games indexed" in result.stderr
    assert f"{new}: 1 game indexed" in result.stderr
    rows = sqlite3.connect(database).execute("SELECT count(*) FROM games").fetchone()[0]
    assert rows == 8 + 8 + 1 + 1  # the changed file's old games are gone
    streamed = run("select", *files, str(new), "--player", "Ada")
    assert run("select", "--index", database, "--player", "Ada").stdout == streamed.stdout


def test_the_schema_is_versioned_and_positions_are_hashed(archive):
    _, database = archive
    db = sqlite3.connect(database)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    wari = find_variant("Wari")
    needle, width = short_hash(wari.position_key(wari.parse_position(AFTER_C))), SHORT_HASH_BYTES
    blobs = [blob for (blob,) in db.execute("SELECT positions FROM games")]
    at = [
        blob
        for blob in blobs
        if needle in (blob[i : i + width] for i in range(0, len(blob), width))
    ]
    # g1, g4 and g6 in games.pmn and again in the gzip file, and x1 in the gzip and UTF-16 files
    assert len(at) == 8


def test_an_index_of_an_older_schema_is_refused_with_what_to_do(tmp_path):
    old = tmp_path / "old.sqlite"
    db = sqlite3.connect(old)
    db.executescript(
        "CREATE TABLE files (id); CREATE TABLE games (id); CREATE TABLE tags (x);"
        "CREATE TABLE players (x); CREATE TABLE positions (x); PRAGMA user_version = 2;"
    )
    db.close()
    result = run("select", "--index", str(old), "--count")
    assert result.exit_code == 1
    assert "older pmn (schema 2" in result.output and "make it again" in result.output


def test_short_hashes_that_collide_never_give_a_wrong_game(archive, monkeypatch):
    """Every position given the same short hash: each candidate is confirmed by replaying
    its moves, so the answers are still streaming's."""
    import notation.archive.index as index

    files, _ = archive
    collide = b"\x00" * index.SHORT_HASH_BYTES
    monkeypatch.setattr(index, "short_hash", lambda key: collide)
    monkeypatch.setattr(index, "short_hashes", lambda keys: collide * len(list(keys)))
    database = str(Path(files[0]).parent / "colliding.sqlite")
    assert run("index", *files, "-o", database).exit_code == 0
    for question in (["--position", AFTER_C], ["--position", AFTER_C, "--count"]):
        streamed = run("select", *files, *question)
        indexed = run("select", "--index", database, *question)
        assert indexed.output == streamed.output and streamed.exit_code == 0
    for question in ([], ["--position", AFTER_C]):
        streamed = run("openings", *files, "--depth", "3", *question)
        assert run("openings", "--index", database, "--depth", "3", *question).output == (
            streamed.output
        )


def test_the_index_is_at_most_half_again_the_size_of_its_games(tmp_path):
    """Every position is kept (two bytes each), and the moves compressed: the database
    of 400 random Wari games is at most 1.5 times the size of their PMN text."""
    import random

    from notation import find_variant
    from notation.core.generate import random_record

    variant = find_variant("Wari")
    rng = random.Random("index-size")
    records = []
    for number in range(400):
        tags = (
            ("Event", "Club night"),
            ("South", f"Player {number % 20}"),
            ("North", f"Player {number % 7}"),
            ("Date", "2025.03.01"),
        )
        records.append(random_record(variant, rng, tags=tags, max_moves=400))
    games = tmp_path / "games.pmn"
    with games.open("w", encoding="utf-8") as out:
        write_records(records, out)
    database = tmp_path / "games.sqlite"
    assert run("index", str(games), "-o", str(database)).exit_code == 0
    ratio = database.stat().st_size / games.stat().st_size
    assert ratio <= 1.5, f"index {ratio:.2f} times its games"


def test_questions_the_index_cannot_answer_are_clear(archive, tmp_path):
    files, database = archive
    wildcard = run("select", "--index", database, "--position", "*-N")
    assert wildcard.exit_code == 1 and "needs the files" in wildcard.output
    both = run("select", files[0], "--index", database)
    assert both.exit_code == 2
    neither = run("select")
    assert neither.exit_code == 2
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    assert "not a PMN index" in run("select", "--index", str(other)).output
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, no, not at all" * 100, encoding="utf-8")
    result = run("select", "--index", str(text), "--count")
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_a_file_changed_after_indexing_is_reported(archive):
    files, database = archive
    with open(files[0], "r+", encoding="utf-8") as handle:
        text = handle.read()
        handle.seek(0)
        handle.write(text.replace('[Event "g1"]', '[Event "G1"]'))
    result = run("select", "--index", database, "--player", "Kofi Boateng")
    assert result.exit_code == 1 and "changed since it was indexed" in result.output


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    picks=st.lists(st.sampled_from(range(7)), min_size=1, max_size=12),
    args=st.sampled_from(FILTERS),
)
def test_drawn_archives_answer_alike(tmp_path_factory, picks, args):
    games = read_text(GAMES)
    buffer = io.StringIO()
    write_records([games[i] for i in picks], buffer)
    folder = tmp_path_factory.mktemp("drawn")
    path = folder / "drawn.pmn"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    database = str(folder / "drawn.sqlite")
    assert run("index", str(path), "-o", database).exit_code == 0
    assert (
        run("select", "--index", database, *args).stdout == run("select", str(path), *args).stdout
    )


def test_one_replay_notes_what_a_second_one_would():
    """index_game takes each game's positions, moves and verdict from the validator's one
    replay: the same as GameView's own replay and the validator's report, on every shipped
    example and broken record (every game, hole numberings, variations, illegal moves)."""
    from notation.archive.index import index_game
    from notation.archive.tools import GameView
    from notation.core.replay import validate_record
    from notation.formats.collection import read_path

    examples = Path(__file__).resolve().parents[2] / "examples"
    paths = sorted(examples.rglob("*.pmn"))
    assert len(paths) > 20
    seen = 0
    for path in paths:
        for number, record in enumerate(read_path(str(path), "pmn"), start=1):
            indexed = index_game(record, number)
            view = GameView(record)
            assert indexed.view.positions == view.positions, path
            assert indexed.view.moves == view.moves, path
            assert indexed.valid == validate_record(record, number).valid, path
            seen += 1
    assert seen > 40
