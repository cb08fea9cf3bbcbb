"""Rule tables, sgfmill style: one row per hand-worked case, each citing its ruling.

Trysse/Wari (rulings W1-W7, N2; seed 002), Oware Abapa (A1-A8, docs/oware.md)
and Trias (R1-R9, N2; seed 001). A move row gives the position before, the
move token, the position after, the result the rules then give (None while
the game goes on) and each seat's score; an end row gives a position and
the result and scores the rules give there; a refusal row gives a move the
rules refuse and the error code. Every row was worked out by hand from the
ruling it cites, before the engine was asked; the comment above each row is
that working.

Positions: Trysse/Wari/Oware as in Aualé's OGN (A-F, a-f, South's and
North's captures, S or N to move); Trias as ``rank 3 / rank 2 / rank 1``,
each ``a``-``l``, then the stones removed by South and by North, and S or N.
"""

from __future__ import annotations

import pytest

from notation.games import IllegalMoveError, find_variant

# -- Trysse, Wari, Oware Abapa -----------------------------------------------------------

# ruling, game, Rules tag, position before, move, position after, result, scores (South, North)
WARI_MOVES = [
    # W2: C's 13 stones go to D E F a b c d e f A B, the 12th into C itself (not skipped),
    # the 13th into D (1 -> 3 in all). The last stone is on South's own side: no capture.
    (
        "W2 13 stones, origin sown",
        "Wari",
        None,
        "0-0-13-1-1-1-1-1-1-1-1-1-12-14-S",
        "C",
        "1-1-1-3-2-2-2-2-2-2-2-2-12-14-N",
        None,
        (12, 14),
    ),
    # W2 option skip-origin: the 12th stone skips C and goes to D, the 13th to E.
    (
        "W2 skip-origin, 13 stones",
        "Wari",
        "wari skip-origin",
        "0-0-13-1-1-1-1-1-1-1-1-1-12-14-S",
        "C",
        "1-1-0-3-3-2-2-2-2-2-2-2-12-14-N",
        None,
        (12, 14),
    ),
    # W3 for North: d (5) sows e f A B C; C 1 -> 2, B 2 -> 3, A 1 -> 2 are taken (7), then
    # the run reaches the end of South's side. North 14 + 7 = 21: Wari needs 25 (W6).
    (
        "W3 North's run to the end of the side",
        "Wari",
        None,
        "1-2-1-4-0-3-2-0-1-5-1-1-13-14-N",
        "d+7",
        "0-0-0-4-0-3-2-0-1-0-2-2-13-21-S",
        None,
        (13, 21),
    ),
    # W5: the same move under Trysse: 21 captured wins at once.
    (
        "W5 21 wins in Trysse",
        "Trysse",
        None,
        "1-2-1-4-0-3-2-0-1-5-1-1-13-14-N",
        "d+7",
        "0-0-0-4-0-3-2-0-1-0-2-2-13-21-S",
        "0-1",
        (13, 21),
    ),
    # W4: North's side is empty; only F (2: a, b) reaches it. a and b hold 1: no capture.
    (
        "W4 the feeding move",
        "Trysse",
        None,
        "3-0-0-2-1-2-0-0-0-0-0-0-20-20-S",
        "F",
        "3-0-0-2-1-0-1-1-0-0-0-0-20-20-N",
        None,
        (20, 20),
    ),
    # W5: no South move reaches a (A 4 -> E at most); South plays A as it likes and North
    # starts its turn with no stones: drawn.
    (
        "W5 cannot feed, then drawn",
        "Trysse",
        None,
        "4-2-1-1-0-0-0-0-0-0-0-0-20-20-S",
        "A",
        "0-3-2-2-1-0-0-0-0-0-0-0-20-20-N",
        "1/2-1/2",
        (20, 20),
    ),
    # W3, W7, W6: F sows a (1 -> 2), taken: North's side is empty (allowed, W7). North starts
    # its turn with no stones: South takes the 2 in A: 24 + 2 = 26 against 22.
    (
        "W7 capture of the whole side, then W6",
        "Wari",
        None,
        "2-0-0-0-0-1-1-0-0-0-0-0-22-22-S",
        "F+2",
        "2-0-0-0-0-0-0-0-0-0-0-0-24-22-N",
        "1-0",
        (26, 22),
    ),
    # A4: the same move under abapa would take every North stone: it captures nothing.
    # North has a (2) to move, South has A: the game goes on.
    (
        "A4 grand slam, nothing taken",
        "Oware",
        None,
        "2-0-0-0-0-1-1-0-0-0-0-0-22-22-S",
        "F",
        "2-0-0-0-0-0-2-0-0-0-0-0-22-22-N",
        None,
        (22, 22),
    ),
    # W6: F sows a (1 -> 2), taken: 23 + 2 = 25 wins at once (b keeps a stone).
    (
        "W6 25 wins in Wari",
        "Wari",
        None,
        "0-0-0-0-0-1-1-1-0-0-0-0-23-22-S",
        "F+2",
        "0-0-0-0-0-0-0-1-0-0-0-0-25-22-N",
        "1-0",
        (25, 22),
    ),
    # A8: the same under abapa: more than 24 wins (not a grand slam: b keeps its stone).
    (
        "A8 25 wins in abapa",
        "Oware",
        None,
        "0-0-0-0-0-1-1-1-0-0-0-0-23-22-S",
        "F+2",
        "0-0-0-0-0-0-0-1-0-0-0-0-25-22-N",
        "1-0",
        (25, 22),
    ),
    # W6: F takes a's 2: 24-24 and the board is empty; North has no stones: each side's
    # stones (none) go to its owner: 24-24, drawn.
    (
        "W6 equal totals draw",
        "Wari",
        None,
        "0-0-0-0-0-1-1-0-0-0-0-0-22-24-S",
        "F+2",
        "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N",
        "1/2-1/2",
        (24, 24),
    ),
    # A4, A5, A6: the same F under abapa is a grand slam (nothing taken); North must feed
    # South (empty) and a's 2 stones reach b and c only: North takes its 2: 22-26.
    (
        "A6 must feed and cannot after a grand slam",
        "Oware",
        None,
        "0-0-0-0-0-1-1-0-0-0-0-0-22-24-S",
        "F",
        "0-0-0-0-0-0-2-0-0-0-0-0-22-24-N",
        "0-1",
        (22, 26),
    ),
    # A2: C's 13 stones under abapa skip C as skip-origin does.
    (
        "A2 13 stones, origin skipped",
        "Oware",
        None,
        "0-0-13-1-1-1-1-1-1-1-1-1-12-14-S",
        "C",
        "1-1-0-3-3-2-2-2-2-2-2-2-12-14-N",
        None,
        (12, 14),
    ),
]

# ruling, game, Rules tag, position, result, scores (South, North)
WARI_ENDS = [
    # W5: South starts its turn with no stones: drawn; scores are the captures.
    ("W5 no stones, drawn", "Trysse", None, "0-0-0-0-0-0-0-0-5-0-0-3-20-20-S", "1/2-1/2", (20, 20)),
    # W6: North takes the 8 stones on its side: 20-28.
    ("W6 no stones, share-out", "Wari", None, "0-0-0-0-0-0-0-0-5-0-0-3-20-20-S", "0-1", (20, 28)),
    # A6: the same under abapa.
    ("A6 no stones, share-out", "Oware", None, "0-0-0-0-0-0-0-0-5-0-0-3-20-20-S", "0-1", (20, 28)),
    # W5: 21 captured has won (North to move does not matter).
    ("W5 21 captured", "Trysse", None, "5-5-5-5-5-2-0-0-0-0-0-0-21-0-N", "1-0", (21, 0)),
    # W6: under Wari 21 is not enough, but North has no stones: South takes its 27: 48-0.
    ("W6 share-out of 27", "Wari", None, "5-5-5-5-5-2-0-0-0-0-0-0-21-0-N", "1-0", (48, 0)),
    # W6: South must feed; A (1) reaches B only, B (4) reaches F: none reaches a, so the game
    # ends and South takes its 5: 25-23.
    ("W6 must feed and cannot", "Wari", None, "1-4-0-0-0-0-0-0-0-0-0-0-20-23-S", "1-0", (25, 23)),
    # W5: under Trysse the question does not arise: North's 23 captured has already won.
    (
        "W5 target before feeding",
        "Trysse",
        None,
        "1-4-0-0-0-0-0-0-0-0-0-0-20-23-S",
        "0-1",
        (20, 23),
    ),
    # A8: each has captured 24: drawn.
    ("A8 24-24", "Oware", None, "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N", "1/2-1/2", (24, 24)),
    # W1: the start is no end.
    ("W1 start", "Wari", None, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", None, (0, 0)),
]

# ruling, game, Rules tag, position, move, error code
WARI_REFUSALS = [
    # W4: E (1) reaches F only; North's side stays empty.
    ("W4 must feed", "Trysse", None, "3-0-0-2-1-2-0-0-0-0-0-0-20-20-S", "E", "must-feed"),
    # W2: a move empties a non-empty hole of the mover's side.
    ("W2 empty hole", "Wari", None, "3-0-0-2-1-2-0-0-0-0-0-0-20-20-S", "B", "empty-hole"),
    ("W2 opponent's hole", "Wari", None, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "c", "not-your-hole"),
    # W3: C at the start sows D E F a and captures nothing.
    ("W3 wrong claim", "Wari", None, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "C+2", "wrong-capture-count"),
    # N2: Trysse, South has 21: no move after the end.
    ("N2 after the end", "Trysse", None, "5-5-5-5-5-2-0-0-0-0-0-0-21-0-N", "a", "game-over"),
]


def _wari(game: str, rules: str | None):
    return find_variant(game, rules)


@pytest.mark.parametrize(
    ("game", "rules", "before", "token", "after", "result", "scores"),
    [row[1:] for row in WARI_MOVES],
    ids=[row[0] for row in WARI_MOVES],
)
def test_wari_moves(game, rules, before, token, after, result, scores):
    variant = _wari(game, rules)
    start = variant.parse_position(before)
    move = variant.parse_move(token, start)
    assert variant.format_move(move, start) == token  # the +n suffix is the capture
    position = variant.play(start, move)
    assert variant.format_position(position) == after
    outcome = variant.outcome(position)
    assert (outcome.result if outcome else None) == result
    assert variant.scores(position) == scores


@pytest.mark.parametrize(
    ("game", "rules", "position", "result", "scores"),
    [row[1:] for row in WARI_ENDS],
    ids=[row[0] for row in WARI_ENDS],
)
def test_wari_ends(game, rules, position, result, scores):
    variant = _wari(game, rules)
    read = variant.parse_position(position)
    outcome = variant.outcome(read)
    assert (outcome.result if outcome else None) == result
    assert variant.scores(read) == scores
    assert (list(variant.legal_moves(read)) == []) == (result is not None)  # ruling N2


@pytest.mark.parametrize(
    ("game", "rules", "position", "token", "code"),
    [row[1:] for row in WARI_REFUSALS],
    ids=[row[0] for row in WARI_REFUSALS],
)
def test_wari_refusals(game, rules, position, token, code):
    variant = _wari(game, rules)
    with pytest.raises(IllegalMoveError) as error:
        variant.parse_move(token, variant.parse_position(position))
    assert error.value.code == code


# -- Trias ------------------------------------------------------------------------------

TRIAS = find_variant("Trias")
EMPTY = "0,0,0,0,0,0,0,0,0,0,0,0"

# ruling, position before, long move token, position after, result, scores (removed by S, N)
TRIAS_MOVES = [
    # R3, R4: 1a (2) sows 1b 1c; 1c held 1: relay 2 to 1d 1e; 1e empty, own row: the last
    # stone is removed (R8: South's). North's 3l -> 3k relays: North can move.
    (
        "R4 relay, then own row",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/2,0,1,0,0,0,0,0,0,0,0,0 70 69 S",
        "1a/2+1",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/0,1,0,1,0,0,0,0,0,0,0,0 71 69 N",
        None,
        (71, 69),
    ),
    # R2, R4: 1k (1) sows 1l, which held 1: relay 2 to 2l and 2k (the circuit turns into the
    # central row at 2l). 2k was empty and North's 3k is occupied: its stone is removed,
    # the last stone stays in 2k. R6: North's only stone, 3l, sows 3k (empty, own row) in
    # one lap (R5): North has no move and loses.
    (
        "R4 the opponent's hole emptied, then R6",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/0,0,0,0,0,0,0,0,0,0,1,1 70 70 S",
        "1k/2+1",
        f"0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY} 71 70 N",
        "1-0",
        (71, 70),
    ),
    # R4 transfer: 1l (2) sows 2l, 2k; 2k was empty, 3k empty, 1k holds 1: the last stone
    # goes into 1k (2), sown on from 1l: 1l (0 -> 1), 2l (1 -> 2): relay 2 to 2k, 2j;
    # 2j empty and 3j, 1j empty: the last stone is removed. 3 laps, 1 removed.
    (
        "R4 transfer, relay, lone stone",
        f"1,1,0,0,0,0,0,0,0,0,0,0/{EMPTY}/0,0,0,0,0,0,0,0,0,0,1,2 70 69 S",
        "1l/3+1",
        "1,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,0,0,1 71 69 N",
        None,
        (71, 69),
    ),
    # R2 for North: 3a (2) sows 2a, 2b (the circuit turns into the central row at 2a); 2b
    # held 1: relay 2 to 2c, 2d; 2d empty, 1d and 3d empty: removed (R8: North's).
    (
        "R2 North's circuit",
        "2,0,0,0,0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0,0,0 69 70 N",
        "3a/2+1",
        f"{EMPTY}/1,0,1,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0,0,0 69 71 S",
        None,
        (69, 71),
    ),
]

# ruling, position, result, scores
TRIAS_ENDS = [
    # R6: South's 1a sows 1b (empty, own row): one lap (R5): no legal move, South loses.
    (
        "R6 no legal move",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/1,0,0,0,0,0,0,0,0,0,0,0 71 70 S",
        "0-1",
        (71, 70),
    ),
    # R6: the same with 1b occupied: 1a relays into 1b and on to 1c, 1d: legal.
    (
        "R6 a legal move",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/1,1,0,0,0,0,0,0,0,0,0,0 70 70 S",
        None,
        (70, 70),
    ),
    # R6: North with an empty row has no move at all.
    (
        "R6 empty row",
        f"{EMPTY}/0,0,1,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0,0,0 71 70 N",
        "1-0",
        (71, 70),
    ),
]

# ruling, position, move, error code
TRIAS_REFUSALS = [
    # R5: 1c (1) sows 1d, empty, own row: the move would end after one lap.
    (
        "R5 one lap",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/2,0,1,0,0,0,0,0,0,0,0,0 70 69 S",
        "1c",
        "one-lap",
    ),
    # R3: a move empties a non-empty hole of the mover's own row.
    (
        "R3 empty hole",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/2,0,1,0,0,0,0,0,0,0,0,0 70 69 S",
        "1b",
        "empty-hole",
    ),
    (
        "R3 not the own row",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/2,0,1,0,0,0,0,0,0,0,0,0 70 69 S",
        "3k",
        "not-your-row",
    ),
    # R4: 1a lays 2 laps and removes 1: "1a/2+2" claims too much.
    (
        "R4 wrong suffix",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/2,0,1,0,0,0,0,0,0,0,0,0 70 69 S",
        "1a/2+2",
        "wrong-suffix",
    ),
    # N2 with R6: South has lost; no move after the end.
    (
        "N2 after the end",
        f"0,0,0,0,0,0,0,0,0,0,1,1/{EMPTY}/1,0,0,0,0,0,0,0,0,0,0,0 71 70 S",
        "1a",
        "game-over",
    ),
]


@pytest.mark.parametrize(
    ("before", "token", "after", "result", "scores"),
    [row[1:] for row in TRIAS_MOVES],
    ids=[row[0] for row in TRIAS_MOVES],
)
def test_trias_moves(before, token, after, result, scores):
    start = TRIAS.parse_position(before)
    move = TRIAS.parse_move(token, start)  # the /laps+removed suffix is checked
    assert TRIAS.format_move(move, start, long=True) == token
    assert TRIAS.parse_move(token.split("/")[0], start) == move
    position = TRIAS.play(start, move)
    assert TRIAS.format_position(position) == after
    outcome = TRIAS.outcome(position)
    assert (outcome.result if outcome else None) == result
    assert TRIAS.scores(position) == scores


@pytest.mark.parametrize(
    ("position", "result", "scores"),
    [row[1:] for row in TRIAS_ENDS],
    ids=[row[0] for row in TRIAS_ENDS],
)
def test_trias_ends(position, result, scores):
    read = TRIAS.parse_position(position)
    outcome = TRIAS.outcome(read)
    assert (outcome.result if outcome else None) == result
    assert TRIAS.scores(read) == scores


@pytest.mark.parametrize(
    ("position", "token", "code"),
    [row[1:] for row in TRIAS_REFUSALS],
    ids=[row[0] for row in TRIAS_REFUSALS],
)
def test_trias_refusals(position, token, code):
    with pytest.raises(IllegalMoveError) as error:
        TRIAS.parse_move(token, TRIAS.parse_position(position))
    assert error.value.code == code
