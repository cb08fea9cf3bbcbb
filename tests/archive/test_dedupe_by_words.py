"""``pmn dedupe`` replays only the games that may be copies (issue 29: dedupe at most
validate's cost): a first look reads each game's moves as words (``Variant.move_word``),
and a game whose words no other game writes is kept unreplayed. It must keep and drop
exactly what replaying every game keeps and drops: standard input, read once, still
replays every game, and is the reference here."""

from __future__ import annotations

import os
import random
import re

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.archive import dedupe as dedupe_module
from notation.archive.dedupe import games_to_compare, words_key
from notation.core.generate import random_record
from notation.formats.pmn import read_text, write_record
from notation.games import find_variant


def wari_games(count: int, seed: str, rules: str | None = None) -> list[str]:
    variant = find_variant("Wari", rules)
    rng = random.Random(seed)
    tags = (("Game", "Wari"),) + ((("Rules", rules),) if rules else ())
    records = [random_record(variant, rng, tags=tags, max_moves=60) for _ in range(count)]
    return [write_record(record) for record in records]


def with_tag(text: str, name: str, value: str) -> str:
    return text.replace('[Game "Wari"]', f'[Game "Wari"]\n[{name} "{value}"]', 1)


def collection() -> str:
    games = wari_games(30, "words")
    claimed = next(g for g in games if re.search(r"[A-Fa-f]\+\d", g))
    tricala = [
        write_record(random_record(find_variant("Tricala"), random.Random(s), max_moves=30))
        for s in (1, 2)
    ]
    parts = [
        *games,
        with_tag(games[3], "Round", "2"),  # a copy with another header
        re.sub(r"([A-Fa-f])\+\d+", r"\1", claimed),  # the same moves, captures not claimed
        re.sub(r"([A-Fa-f])\+(\d+)", lambda m: f"{m[1]}+{int(m[2]) + 1}", claimed),  # wrong
        re.sub(r"([A-Fa-f])\+(\d+)", lambda m: f"{m[1]}+{int(m[2]) + 1}", claimed),  # its copy
        with_tag(games[5], "Position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),  # the start, written
        '[Game "Wari"]\n[Event "Forfeit"]\n\n*\n',  # no move
        '[Game "Wari"]\n[Event "Forfeit"]\n\n*\n',
        '[Game "Wari"]\n[Event "Other"]\n\n*\n',
        *tricala,
        tricala[0],
        '[Game "Wari"]\n\n1. C { not closed\n',  # damaged
        with_tag(games[7], "Pits", "1-12"),  # numbered holes: always replayed
    ]
    return "\n".join(part.rstrip("\n") + "\n" for part in parts)


def run(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(pmn, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result


def test_a_file_is_deduplicated_as_standard_input_is(tmp_path, monkeypatch):
    text = collection()
    path = tmp_path / "games.pmn"
    path.write_text(text, encoding="utf-8")
    keyed = []
    game_key = dedupe_module.game_key

    def counted(view, **options):
        keyed.append(view)
        return game_key(view, **options)

    monkeypatch.setattr(dedupe_module, "game_key", counted)
    from_file = run("dedupe", str(path), "-o", str(tmp_path / "a.pmn"), "--verbose")
    replayed_from_file = len(keyed)
    keyed.clear()
    from_stdin = run("dedupe", "-", "-o", str(tmp_path / "b.pmn"), "--verbose", stdin=text)
    assert from_file.exit_code == from_stdin.exit_code == 1  # (the damaged game)
    assert (tmp_path / "a.pmn").read_bytes() == (tmp_path / "b.pmn").read_bytes()
    assert from_file.stderr.replace(str(path), "<stdin>") == from_stdin.stderr
    assert "dropped, a duplicate" in from_stdin.stderr
    assert "kept 37 games, dropped 6 duplicates" in from_stdin.stderr
    # standard input replays every game; the file only those that may be copies
    assert len(keyed) == len(read_text(text))  # (the damaged game is keyed on its text)
    assert replayed_from_file < len(keyed) // 2


def test_merge_dedupe_of_files_drops_what_it_drops_from_standard_input(tmp_path):
    text = collection()
    path = tmp_path / "games.pmn"
    path.write_text(text, encoding="utf-8")
    merged = tmp_path / "merged.pmn"
    from_file = run("merge", str(path), "--dedupe", "-o", str(merged), "-v")
    written = merged.read_bytes()
    from_stdin = run("merge", "-", "--dedupe", "-o", str(merged), "-v", stdin=text)
    assert merged.read_bytes() == written
    assert from_file.stderr.replace(str(path), "<stdin>") == from_stdin.stderr
    assert from_stdin.stderr.count("dropped, a duplicate") == 6


def test_games_spelled_apart_share_their_words_and_different_ones_do_not():
    game = wari_games(1, "spelling")[0]
    while not re.search(r"[A-Fa-f]\+\d", game):
        game = wari_games(1, game[-40:])[0]
    (spelled,) = read_text(game)
    (unclaimed,) = read_text(re.sub(r"([A-Fa-f])\+\d+", r"\1", game))
    (started,) = read_text(with_tag(game, "Position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"))
    assert words_key(spelled) == words_key(unclaimed) == words_key(started) is not None
    (other,) = read_text(wari_games(1, "another")[0])
    assert words_key(other) != words_key(spelled)
    (trysse,) = read_text(game.replace('[Game "Wari"]', '[Game "Trysse"]'))
    assert words_key(trysse) not in (None, words_key(spelled))  # another game's words


@pytest.mark.parametrize(
    "text",
    [
        '[Game "Wari"]\n\n*\n',  # no move
        '[Game "Wari"]\n\n1. C { not closed\n',  # damaged
        '[Game "Wari"]\n[Pits "1-12"]\n\n1. 3 *\n',  # holes numbered by a Pits tag
        '[Game "Wari"]\n\n1. Q *\n',  # no move of Wari
        '[Game "Kalah"]\n\n1. C *\n',  # a game that gives no words
        '[Game "Nonesuch"]\n\n1. C *\n',  # no game
    ],
)
def test_games_without_words_are_always_replayed(text):
    records = read_text(text)
    assert words_key(records[0]) is None
    assert games_to_compare(records) == {1}


def test_only_games_whose_words_another_game_writes_are_compared():
    games = wari_games(6, "compare")
    records = read_text("\n".join([*games, games[2], games[4]]))
    assert games_to_compare(records) == {3, 5, 7, 8}


def test_an_input_that_cannot_be_read_twice_is_replayed_whole(tmp_path):
    from notation.cli.dedupe import games_worth_comparing

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # (never opened: the first look declines it before reading)
    assert games_worth_comparing((str(fifo),), None, None) is None
    assert games_worth_comparing(("-",), None, None) is None
    path = tmp_path / "games.pmn"
    path.write_text("\n".join(wari_games(3, "twice")), encoding="utf-8")
    assert games_worth_comparing((str(path),), None, None) == set()


def test_most_complete_keeps_the_same_copies_when_only_compared_games_are_keyed():
    from notation.archive.dedupe import choose_most_complete, drop_duplicates

    records = read_text(collection())
    compared = games_to_compare(records)
    assert len(compared) < len(records) // 2

    def kept(chosen, compared):
        dropped = []
        return [
            r.line
            for r in drop_duplicates(
                records,
                lambda r, n, k: dropped.append((n, k.ordinal)),
                chosen=chosen,
                compared=compared,
            )
        ], dropped

    whole = kept(choose_most_complete(records, symmetric=False), None)
    looked = kept(choose_most_complete(records, symmetric=False, compared=compared), compared)
    assert looked == whole
    assert whole[1]  # copies were dropped


def test_most_complete_refuses_an_input_it_cannot_read_twice(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # (never opened: refused before reading)
    result = run("dedupe", str(fifo), "--keep", "most-complete", "-o", str(tmp_path / "o.pmn"))
    assert result.exit_code == 2
    assert "reads the input twice: give files, not '-' or a pipe" in result.stderr
    result = run("dedupe", "-", "--keep", "most-complete", stdin='[Game "Wari"]\n\n*\n')
    assert result.exit_code == 2
