"""The result a game declares (issue 29: ``--result`` is a filter on tags): its ``Result``
tag when its text ends with the same token, else the result token read at the end of its
main line. ``select --result`` streaming and from the index, and opening trees, count the
same."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive import games as archive_games
from notation.archive.games import ArchiveGame, declared_result, read_archive
from notation.formats.pmn import iter_tagged
from tests.playok_exports import make_export

#: 1: tag and last token agree; 2: they disagree (the token wins); 3: no tag (the token);
#: 4: damaged between its tags and its last token (a stray ")": the reader's result is
#: "*"), tag and last token agreeing: taken at its word.
GAMES = (
    '[Game "Wari"]\n[Round "1"]\n[Result "1-0"]\n\n1. C b 2. F a 1-0\n\n'
    '[Game "Wari"]\n[Round "2"]\n[Result "1-0"]\n\n1. C b 2. F a 0-1\n\n'
    '[Game "Wari"]\n[Round "3"]\n\n1. C b 2. F a 1-0\n\n'
    '[Game "Wari"]\n[Round "4"]\n[Result "1-0"]\n\n1. C b ) 2. F a 1-0\n'
)


def run(args):
    return CliRunner().invoke(pmn, args)


def archive(text: str) -> list[ArchiveGame]:
    return [
        ArchiveGame(game, n) for n, game in enumerate(iter_tagged(io.BytesIO(text.encode())), 1)
    ]


def test_the_declared_result_of_each_kind_of_game():
    results = [game.result for game in archive(GAMES)]
    assert results == ["1-0", "0-1", "1-0", "1-0"]
    # the fourth game's record reads another result: the declared one is the tag's
    fourth = archive(GAMES)[3]
    assert fourth.record.result == "*" and fourth.record.damaged


def test_declared_result_prefers_the_tag_only_when_the_text_ends_with_it():
    read = lambda: "*"  # noqa: E731
    assert declared_result([("Result", "1-0")], "1-0", read) == "1-0"
    assert declared_result([("Result", "1-0")], "0-1", read) == "*"
    assert declared_result([("Result", "1-0")], None, read) == "*"
    assert declared_result([], "1-0", read) == "*"
    # the first Result tag counts, as Record.tag reads it
    assert declared_result([("Result", "0-1"), ("Result", "1-0")], "1-0", read) == "*"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ('[Game "Wari"]\n\n1. C b 1-0\n', "1-0"),
        ('[Game "Wari"]\r\n\r\n1. C b 1-0\r\n\r\n', "1-0"),
        ('[Game "Wari"]\n\n1. C b\t1/2-1/2   \n\n\n', "1/2-1/2"),
        ('[Game "Wari"]\n\n1. C b\n1-0', "1-0"),
        ('[Game "Wari"]\n\n1. C b 1-0 {zero}\n', "{zero}"),
        ('[Game "Wari"]\n\n1. C b\x0b1-0\n', "b\x0b1-0"),  # not a space in PMN
    ],
)
def test_the_last_word_is_read_from_the_end_of_the_bytes(text, word):
    (game,) = iter_tagged(io.BytesIO(text.encode()))
    assert game.last_word == word  # (from the bytes, unless the reader cut the game already)
    game.chunk  # noqa: B018 (cut: the word is then read from the text)
    assert game.raw is None and game.last_word == word


def test_the_last_word_of_a_game_not_yet_cut_comes_from_its_bytes(monkeypatch):
    (game,) = iter_tagged(io.BytesIO(b'[Game "Wari"]\r\n\r\n1. C b 1-0\r\n'))
    assert game.raw is not None
    monkeypatch.setattr(type(game), "chunk", property(lambda self: pytest.fail("cut")))
    assert game.last_word == "1-0"


def test_select_result_counts_the_declared_result_streaming_and_indexed(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    index = tmp_path / "games.sqlite"
    built = run(["index", str(source), "-o", str(index)])
    assert built.exit_code == 0, built.output
    # game 4, damaged, is reported and matches no result (issue 37): not round 4
    for wanted, rounds in (("1-0", ["1", "3"]), ("0-1", ["2"]), ("*", [])):
        streamed = run(["select", str(source), "--result", wanted])
        indexed = run(["select", "--index", str(index), "--result", wanted])
        for answer in (streamed, indexed):
            found = re.findall(r'\[Round "([0-9]+)"\]', answer.stdout)
            assert found == rounds, (wanted, answer.stdout, answer.stderr)
        counted = [
            run(["select", str(source), "--result", wanted, "--count"]).stdout.strip(),
            run(["select", "--index", str(index), "--result", wanted, "--count"]).stdout.strip(),
        ]
        assert counted == [str(len(rounds))] * 2, wanted


def test_a_result_filter_reads_no_movetext_of_a_game_that_declares_another(tmp_path, monkeypatch):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES.split("\n\n[Game")[0] + "\n")  # the first game only

    def unread(*args, **kwargs):
        raise AssertionError("the movetext was read")

    monkeypatch.setattr(archive_games, "read_game", unread)
    result = run(["select", str(source), "--result", "0-1", "--count"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "0"


def test_opening_trees_count_the_declared_result(tmp_path):
    source = tmp_path / "games.pmn"
    source.write_text(GAMES)
    tree = run(["openings", str(source), "--depth", "1", "--format", "json"])
    (wari,) = json.loads(tree.stdout)["trees"]
    # games 1, 3 and 4 declare 1-0, game 2 0-1 (game 4's record reads "*")
    assert wari["games"] == 4
    assert wari["wins"] == {"South": 3, "North": 1} and wari["unfinished"] == 0


def test_a_game_from_another_format_declares_its_record_result(tmp_path):
    records = tmp_path / "games.pmn"
    records.write_text(GAMES.split("\n\n[Game")[0] + "\n")
    source = tmp_path / "one.jsonl"
    assert run(["convert", str(records), "-o", str(source)]).exit_code == 0
    (game,) = read_archive(str(source))
    assert game.read and game.result == game.record.result == "1-0"


def test_playok_games_count_alike_streaming_and_from_the_index(tmp_path):
    """A PlayOK export is indexed as records; streaming reads it as PMN text made from the
    export: both count the result its records read."""
    sample = make_export("declared", events=6).write(tmp_path / "playok.txt")
    index = tmp_path / "playok.sqlite"
    assert run(["index", str(sample), "-o", str(index)]).exit_code == 0
    results = {game.record.result for game in read_archive(str(sample))}
    assert len(results) >= 2
    for wanted in results:
        streamed = run(["select", str(sample), "--result", wanted, "--count"])
        indexed = run(["select", "--index", str(index), "--result", wanted, "--count"])
        assert streamed.stdout == indexed.stdout and int(streamed.stdout) > 0, wanted
