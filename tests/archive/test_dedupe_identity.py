"""A copy is the same game: the same players, the same result, the same moves from the same
start (issue 37). ``dedupe`` dropped a short game repeated by other pairs of players, on
other dates, with the opposite result, because the moves were the same; SCID calls two
games twins only when players, result and moves agree, and pgn-extract's ``-D`` (moves
alone) is ``--by moves``. ``merge --dedupe``, ``dedupe --index`` and the desk's
``duplicate-game`` check use the one definition."""

from __future__ import annotations

import os

from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive.dedupe import copy_key
from notation.desk.event import Entry, check_event
from notation.formats.pmn import read_text


def game(event: str, south: str, north: str, result: str, moves: str = "1. C b 2. D e") -> str:
    return (
        f'[Game "Wari"]\n[Event "{event}"]\n[South "{south}"]\n[North "{north}"]\n'
        f'[Result "{result}"]\n\n{moves} {result}\n\n'
    )


GAMES = (
    game("a", "Ada Mensah", "Kofi Boateng", "1-0")
    + game("b", "Ama Serwaa", "Kwame Osei", "0-1")  # other players, other result
    + game("c", "Mensah, Ada", "kofi  boateng", "1-0")  # a, names written another way
    + game("d", "Ada Mensah", "Kofi Boateng", "0-1")  # a's players, the other result
    + game(
        "e", "Ada Mensah", "Kofi Boateng", "1-0", "1. C {a comment} b  2. D e"
    )  # a, written otherwise
)


def run(*args: str):
    return CliRunner().invoke(pmn, list(args))


def events(text: str) -> list[str]:
    return [record.tag("Event") or "" for record in read_text(text)]


def test_copies_are_games_of_the_same_players_result_and_moves(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    result = run("dedupe", str(source))
    assert result.exit_code == 0, result.output
    assert events(result.stdout) == ["a", "b", "d"]
    assert result.stderr.strip().splitlines() == ["kept 3 games, dropped 2 duplicates"]


def test_by_moves_is_pgn_extracts_meaning(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    result = run("dedupe", str(source), "--by", "moves")
    assert result.exit_code == 0, result.output
    assert events(result.stdout) == ["a"]


def test_each_dropped_game_is_listed_only_with_verbose(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    result = run("dedupe", str(source), "--verbose")
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3 and "dropped, a duplicate of" in lines[0]
    assert lines[-1] == "kept 3 games, dropped 2 duplicates"


def test_duplicates_file_gets_what_is_dropped(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    dropped = tmp_path / "dropped.pmn"
    result = run(
        "dedupe", str(source), "-o", str(tmp_path / "kept.pmn"), "--duplicates", str(dropped)
    )
    assert result.exit_code == 0, result.output
    assert events(dropped.read_text()) == ["c", "e"]
    # the identity guard covers it: not onto an input
    refused = run("dedupe", str(source), "--duplicates", str(source))
    assert refused.exit_code == 2, refused.output
    assert source.read_text() == GAMES


def test_merge_and_the_index_use_the_same_definition(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    merged = run("merge", str(source), "--dedupe")
    assert events(merged.stdout) == ["a", "b", "d"]
    index = tmp_path / "games.sqlite"
    assert run("index", str(source), "-o", str(index)).exit_code == 0
    indexed = run("dedupe", "--index", str(index))
    assert indexed.exit_code == 0, indexed.output
    assert events(indexed.stdout) == ["a", "b", "d"]
    assert events(run("dedupe", "--index", str(index), "--by", "moves").stdout) == ["a"]


def test_the_desk_finds_a_duplicate_game_by_the_same_definition():
    records = read_text(GAMES, "event.pmn")
    found = check_event([Entry.of(record, n) for n, record in enumerate(records, 1)])
    copies = sorted(f.game for f in found if f.check == "duplicate-game")
    assert copies == [3, 5]  # c and e repeat a; b and d are other games


def test_copy_key_by_moves_is_the_moves_key():
    assert copy_key(b"m" * 16, (), "1-0", by="moves") == b"m" * 16
    tags = (("Game", "Wari"), ("South", "Ada"), ("North", "Kofi"))
    assert copy_key(b"m" * 16, tags, "1-0") != copy_key(b"m" * 16, tags, "0-1")


def test_keep_most_complete_refuses_a_file_changed_between_readings(tmp_path, monkeypatch):
    import notation.cli.dedupe as command

    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    first_look = command.choose_most_complete

    def then_changed(*args, **kwargs):
        chosen = first_look(*args, **kwargs)
        source.write_text(game("z", "Eli", "Cy", "1-0") + GAMES)
        stamp = os.stat(source)
        os.utime(source, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
        return chosen

    monkeypatch.setattr(command, "choose_most_complete", then_changed)
    output = tmp_path / "kept.pmn"
    result = run("dedupe", str(source), "--keep", "most-complete", "-o", str(output))
    assert result.exit_code == 1, result.output
    assert "changed while" in result.stderr
    assert "Traceback" not in result.output and not output.exists()
