"""notation.archive.dedupe: which copy of a game is kept, and what the others repeat."""

from __future__ import annotations

from notation.archive.dedupe import (
    choose_from_keys,
    choose_most_complete,
    drop_duplicates,
    where_read,
)
from notation.formats.pmn import read_text

GAMES = """\
[Game "Wari"]
[South "Ada"]

1. C b 2. D e *

[Game "Wari"]
[South "Ada"]
[North "Kofi"]
[Date "2025.01.01"]

1. C b 2. D e *

[Game "Wari"]

1. C b *

[Game "Wari"]
[South "Ama"]
[North "Kwame"]

1. C  b  2.  D  e  *
"""


def records():
    return read_text(GAMES, "club.pmn")


def test_the_first_copy_is_kept_and_each_other_reported_with_the_copy_it_repeats():
    # (by their moves alone: the default asks the same players and result too, as
    # tests/archive/test_dedupe_identity.py shows)
    dropped = []
    kept = list(
        drop_duplicates(records(), lambda r, n, k: dropped.append((n, k.ordinal)), by="moves")
    )
    assert [r.tag("South") for r in kept] == ["Ada", None]
    assert dropped == [(2, 1), (4, 1)]


def test_the_most_complete_copy_is_kept_first_on_a_tie():
    chosen = choose_most_complete(records(), symmetric=False, by="moves")
    assert sorted(k.ordinal for k in chosen.values()) == [2, 3]  # 4 tags beat 2 and 3
    dropped = []
    kept = list(
        drop_duplicates(records(), lambda r, n, k: dropped.append(n), chosen=chosen, by="moves")
    )
    assert [r.tag("Date") for r in kept] == ["2025.01.01", None]
    assert dropped == [1, 4]


def test_keys_from_an_index_choose_the_same_copies():
    games = records()
    headers = [
        g.__class__(tags=g.tags, result=g.result, source=g.source, line=g.line) for g in games
    ]
    keys = [b"a", b"a", b"b", b"a"]
    assert [
        k.ordinal for k in choose_from_keys(keys, headers, most_complete=False, by="moves")
    ] == [1, 1, 3, 1]
    assert [k.ordinal for k in choose_from_keys(keys, headers, most_complete=True, by="moves")] == [
        2,
        2,
        3,
        2,
    ]


def test_where_a_game_was_read_names_file_line_and_number():
    game = records()[1]
    assert where_read(game, 2) == f"club.pmn:{game.line} (game 2)"


def test_games_with_no_move_are_copies_only_of_the_same_header():
    """A forfeit between two players is not a copy of one between two others (the same
    moves, none, from the same start); the same forfeit submitted twice is."""
    text = """\
[Game "Wari"]
[South "Ada"]
[North "Kofi"]

0-1

[Game "Wari"]
[South "Ama"]
[North "Yaw"]

0-1

[Game "Wari"]
[South "Ada"]
[North "Kofi"]

0-1
"""
    dropped = []
    kept = list(drop_duplicates(read_text(text), lambda r, n, k: dropped.append((n, k.ordinal))))
    assert [r.tag("South") for r in kept] == ["Ada", "Ama"]
    assert dropped == [(3, 1)]
