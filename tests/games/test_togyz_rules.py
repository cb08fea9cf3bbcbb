"""Togyz Kumalak (rulings Q1-Q10), each rule checked on a position worked by hand.

Positions are in the PMN form for Togyz Kumalak (docs/togyz-kumalak.md):
White's holes 1-9 / Black's holes 1-9 (each from its owner's left, ``X`` for a
tuzdyk) / White's and Black's kazans / the player to move. Every expected
value below was worked out by hand from the rule text, not by the engine; the
comment above each row shows the sowing stone by stone.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from notation import IllegalMoveError, MoveSyntaxError, find_variant, read_text, validate_record
from notation.games import find_game
from notation.games.base import PositionError
from notation.games.togyz import TogyzVariant

TOGYZ = find_variant("Togyz Kumalak")
START = "9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0/W"


def played(position: str, token: str) -> tuple[str, str]:
    """The position after ``token`` and the move's full token."""
    start = TOGYZ.parse_position(position)
    move = TOGYZ.parse_move(token, start)
    after = TOGYZ.play(start, move)
    assert TOGYZ.format_played(move, start, after) == TOGYZ.format_move(move, start)
    return TOGYZ.format_position(after), TOGYZ.format_move(move, start)


# rule, position before, hole played, position after, the full token (worked by hand)
TABLE = [
    # Q1, Q2: White's 1 (9 stones): the first back into W1, then W2..W9; last in W9 (own row)
    ("Q2 first stone back", START, "1", "1-10-10-10-10-10-10-10-10/9-9-9-9-9-9-9-9-9/0-0/B", "19"),
    # Q5: White's 8 (9): W8, W9, B1..B7; B7 holds 9 + 1 = 10, even: White captures 10
    (
        "Q5 even: captured",
        START,
        "8",
        "9-9-9-9-9-9-9-1-10/10-10-10-10-10-10-0-9-9/10-0/B",
        "87(10)",
    ),
    # Q5: White's 9 (2): W9, B1; B1 holds 4 + 1 = 5, odd (and not 3): nothing
    (
        "Q5 odd: nothing",
        "0-0-0-0-0-0-0-0-2/4-0-0-0-0-0-0-0-0/78-78/W",
        "9",
        "0-0-0-0-0-0-0-0-1/5-0-0-0-0-0-0-0-0/78-78/B",
        "91",
    ),
    # Q5: White's 1 (3): W1, W2 (1 -> 2), W3 (1 -> 2): even, but in White's own row
    (
        "Q5 own row: nothing",
        "3-1-1-0-0-0-0-0-0/5-0-0-0-0-0-0-0-0/76-76/W",
        "1",
        "1-2-2-0-0-0-0-0-0/5-0-0-0-0-0-0-0-0/76-76/B",
        "13",
    ),
    # Q3: White's 1 holds one stone: it moves on to W2 (not back into W1)
    (
        "Q3 a single stone moves on",
        "1-0-0-0-0-0-0-0-4/5-0-0-0-0-0-0-0-0/76-76/W",
        "1",
        "0-1-0-0-0-0-0-0-4/5-0-0-0-0-0-0-0-0/76-76/B",
        "12",
    ),
    # Q3, Q5: White's 9 holds one stone: it moves on to B1, 1 -> 2: captured, White 76 + 2
    (
        "Q3 a single stone captures",
        "0-0-0-0-0-0-0-3-1/1-4-0-0-0-0-0-0-0/76-77/W",
        "9",
        "0-0-0-0-0-0-0-3-0/0-4-0-0-0-0-0-0-0/78-77/B",
        "91(78)",
    ),
    # Q2: White's 1 (20): W1, W2..W9 (9 so far), B1..B9 (18), W1 again (19), W2 (20);
    # W1 = 1 + 1, W2 = 1 + 1, W3..W9 = 1, B1..B9 = 1 + 1; last in W2, own row
    (
        "Q2 a lap of 19 or more passes the starting hole",
        "20-0-0-0-0-0-0-0-0/1-1-1-1-1-1-1-1-1/60-73/W",
        "1",
        "2-2-1-1-1-1-1-1-1/2-2-2-2-2-2-2-2-2/60-73/B",
        "12",
    ),
    # Q2, Q5: White's 9 (20): W9, B1..B9 (10), W1..W8 (18), W9 (19), B1 (20): B1 = 0 + 2,
    # even: captured, White 60 + 2
    (
        "Q2 a lap that ends in a capture",
        "0-0-0-0-0-0-0-0-20/0-1-1-1-1-1-1-1-1/60-74/W",
        "9",
        "1-1-1-1-1-1-1-1-2/0-2-2-2-2-2-2-2-2/62-74/B",
        "91(62)",
    ),
    # Q6: White's 8 (3): W8, W9, B1 (2 -> 3): B1 becomes White's tuzdyk, White 78 + 3
    (
        "Q6 three make a tuzdyk",
        "0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W",
        "8",
        "0-0-0-0-0-0-0-1-1/X-0-0-0-2-0-0-0-0/81-77/B",
        "81X",
    ),
    # Q6 (a): the same, but White already owns Black's 5: B1 keeps its 3 stones
    (
        "Q6a refused: the mover has a tuzdyk",
        "0-0-0-0-0-0-0-3-0/2-0-0-0-X-2-0-0-0/78-77/W",
        "8",
        "0-0-0-0-0-0-0-1-1/3-0-0-0-X-2-0-0-0/78-77/B",
        "81",
    ),
    # Q6 (b): White's 9 (10): W9, B1..B9; B9 holds 2 + 1 = 3, but it is Black's ninth hole
    (
        "Q6b refused: the ninth hole",
        "0-0-0-0-0-0-0-0-10/0-0-0-0-0-0-0-0-2/75-75/W",
        "9",
        "0-0-0-0-0-0-0-0-1/1-1-1-1-1-1-1-1-3/75-75/B",
        "99",
    ),
    # Q6 (c): Black owns White's 1; White makes 3 in Black's 1, the same number: refused
    (
        "Q6c refused: the number of the opponent's tuzdyk",
        "X-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W",
        "8",
        "X-0-0-0-0-0-0-1-1/3-0-0-0-2-0-0-0-0/78-77/B",
        "81",
    ),
    # Q6 (c) does not refuse another number: Black owns White's 2, White takes Black's 1
    (
        "Q6c another number is allowed",
        "0-X-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W",
        "8",
        "0-X-0-0-0-0-0-1-1/X-0-0-0-2-0-0-0-0/81-77/B",
        "81X",
    ),
    # Q6 for Black: Black's 9 (2): B9, W1 (2 -> 3): White's 1 becomes Black's tuzdyk
    (
        "Q6 Black's tuzdyk",
        "2-0-0-0-1-0-0-0-0/0-0-0-0-0-0-0-0-2/80-77/B",
        "9",
        "X-0-0-0-1-0-0-0-0/0-0-0-0-0-0-0-0-1/80-80/W",
        "91X",
    ),
    # Q4, Q5: White owns Black's 3. White's 9 (5): W9, B1, B2, B3 (to White: 78), B4 (1 -> 2):
    # captured, White 80; the (n) counts the tuzdyk's stone
    (
        "Q4 into the mover's tuzdyk",
        "0-0-0-0-0-0-0-0-5/1-1-X-1-0-0-0-0-0/77-77/W",
        "9",
        "0-0-0-0-0-0-0-0-1/2-2-X-0-0-0-0-0-0/80-77/B",
        "94(80)",
    ),
    # Q4: Black owns White's 3. White's 1 (4): W1, W2, W3 (to Black: 79), W4
    (
        "Q4 into the opponent's tuzdyk",
        "4-0-X-0-0-0-0-0-0/2-0-0-0-0-0-0-0-0/78-78/W",
        "1",
        "1-1-X-1-0-0-0-0-0/2-0-0-0-0-0-0-0-0/78-79/B",
        "14",
    ),
    # Q4, Q5: White owns Black's 2. White's 9 (3): W9, B1 (1 -> 2), B2 (to White: 80): the
    # last stone is in a tuzdyk: no capture of B1; the token names the tuzdyk's number
    (
        "Q5 a last stone in a tuzdyk takes nothing more",
        "0-0-0-0-0-0-0-0-3/1-X-0-0-0-0-0-0-0/79-79/W",
        "9",
        "0-0-0-0-0-0-0-0-1/2-X-0-0-0-0-0-0-0/80-79/B",
        "92",
    ),
]


@pytest.mark.parametrize(
    ("rule", "before", "hole", "after", "token"), TABLE, ids=[row[0] for row in TABLE]
)
def test_rule_table(rule, before, hole, after, token):
    assert played(before, hole) == (after, token)
    # the full token is read back to the same move (Q10)
    assert played(before, token) == (after, token)


# -- the end of the game (Q7, Q8, Q9) ----------------------------------------------------


def test_q7_82_stones_end_the_game_at_once():
    # White's 9 (2): W9, B1 (1 -> 2): captured, White 80 + 2 = 82; Black still has stones
    after, token = played("0-0-0-0-0-0-0-0-2/1-0-0-0-0-0-0-0-5/80-74/W", "9")
    assert (after, token) == ("0-0-0-0-0-0-0-0-1/0-0-0-0-0-0-0-0-5/82-74/B", "91(82)")
    position = TOGYZ.parse_position(after)
    outcome = TOGYZ.outcome(position)
    assert outcome is not None and outcome.result == "1-0" and "(Q7)" in outcome.reason
    assert TOGYZ.scores(position) == (82, 74)  # the board's stones stay where they are
    assert list(TOGYZ.legal_moves(position)) == []


def test_q7_81_does_not_end_the_game():
    position = TOGYZ.parse_position("0-0-0-0-0-0-0-0-1/1-0-0-0-0-0-0-0-5/81-74/B")
    assert TOGYZ.outcome(position) is None


def test_q8_the_player_to_move_has_no_stone():
    # Black's 1 (2): B1, B2; White to move has no stone: Black's 2 stones go to Black, 79-83
    after, token = played("0-0-0-0-0-0-0-0-0/2-0-0-0-0-0-0-0-0/79-81/B", "1")
    assert (after, token) == ("0-0-0-0-0-0-0-0-0/1-1-0-0-0-0-0-0-0/79-81/W", "12")
    position = TOGYZ.parse_position(after)
    outcome = TOGYZ.outcome(position)
    assert outcome is not None and outcome.result == "0-1" and "(Q8)" in outcome.reason
    assert "White has no stone to move" in outcome.reason
    assert TOGYZ.scores(position) == (79, 83)


def test_q8_an_empty_row_of_the_player_not_to_move_does_not_end_it():
    position = TOGYZ.parse_position("1-0-0-0-0-0-0-0-0/0-0-0-0-0-0-0-0-0/80-81/W")
    assert TOGYZ.outcome(position) is None
    assert [TOGYZ.format_move(m, position) for m in TOGYZ.legal_moves(position)] == ["12"]


def test_q9_81_81_is_a_draw():
    # Black's 1 (2): B1, B2; White cannot move: Black 79 + 2 = 81 against White's 81
    after, _ = played("0-0-0-0-0-0-0-0-0/2-0-0-0-0-0-0-0-0/81-79/B", "1")
    position = TOGYZ.parse_position(after)
    outcome = TOGYZ.outcome(position)
    assert outcome is not None and outcome.result == "1/2-1/2" and "(Q9)" in outcome.reason
    assert outcome.points == (Fraction(1, 2), Fraction(1, 2))
    assert TOGYZ.scores(position) == (81, 81)


def test_n2_no_move_after_the_end():
    position = TOGYZ.parse_position("0-0-0-0-0-0-0-0-1/0-0-0-0-0-0-0-0-5/82-74/B")
    with pytest.raises(IllegalMoveError) as caught:
        TOGYZ.parse_move("9", position)
    assert caught.value.code == "game-over"
    assert "(Q7)" in caught.value.reason


# -- Q1: which holes may be played ----------------------------------------------------------


def test_q1_an_empty_hole_is_refused_with_its_neighbours():
    position = TOGYZ.parse_position("0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W")
    with pytest.raises(IllegalMoveError) as caught:
        TOGYZ.parse_move("7", position)
    assert caught.value.code == "empty-hole"
    assert caught.value.reason == "White's 7 is empty; did you mean 8?"
    assert caught.value.legal == ("81X",)


def test_q1_the_opponents_tuzdyk_is_not_played():
    position = TOGYZ.parse_position("X-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W")
    with pytest.raises(IllegalMoveError) as caught:
        TOGYZ.parse_move("1", position)
    assert caught.value.reason == "White's 1 is Black's tuzdyk"
    assert [TOGYZ.format_move(m, position) for m in TOGYZ.legal_moves(position)] == ["81"]


# -- Q10: the move token and its claims -----------------------------------------------------

# position, token written, error code, words the message must hold (worked by hand)
CLAIMS = [
    # White's 8 from the start ends in Black's 7 with a capture: 87(10)
    (START, "87(12)", "wrong-capture-count", "(12) claims White has 12, but White has 10"),
    (START, "86(10)", "wrong-landing", "the last stone falls in Black's 7, not in hole 6"),
    (START, "87(10)X", "wrong-tuzdyk", "X claims a tuzdyk, but the move makes none"),
    # White's 1 from the start stays in White's row: no capture
    (START, "19(9)", "wrong-capture-count", "(9) claims a capture, but the move captures nothing"),
    (START, "18", "wrong-landing", "falls in White's 9, not in hole 8"),
    # White's 8 makes a tuzdyk of Black's 1
    (
        "0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W",
        "81",
        "wrong-tuzdyk",
        "makes a tuzdyk, and the token leaves out X; the move is 81X",
    ),
    (
        "0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W",
        "81(81)",
        "wrong-capture-count",
        "claims a capture",
    ),
    # Q6 (a): no tuzdyk for a player who has one
    (
        "0-0-0-0-0-0-0-3-0/2-0-0-0-X-2-0-0-0/78-77/W",
        "81X",
        "wrong-tuzdyk",
        "X claims a tuzdyk, but the move makes none; the move is 81",
    ),
]


@pytest.mark.parametrize(("position", "token", "code", "words"), CLAIMS)
def test_q10_a_wrong_claim_is_refused_naming_the_right_token(position, token, code, words):
    start = TOGYZ.parse_position(position)
    with pytest.raises(IllegalMoveError) as caught:
        TOGYZ.parse_move(token, start)
    assert caught.value.code == code
    assert words in caught.value.reason
    assert caught.value.reason.endswith("(Q10)")


def test_q10_the_message_says_what_the_move_does():
    with pytest.raises(IllegalMoveError) as caught:
        TOGYZ.parse_move("87(12)", TOGYZ.parse_position(START))
    assert caught.value.reason == (
        "(12) claims White has 12, but White has 10; the move is 87(10): "
        "last stone in Black's 7, captures 10, White has 10 (Q10)"
    )


@pytest.mark.parametrize("token", ["8", "87", "87(10)"])
def test_q10_the_hole_alone_or_the_full_token(token):
    # ruling Q10 (amended): (n) may be left out once the landing hole is written
    assert TOGYZ.parse_move(token, TOGYZ.parse_position(START)) == 7  # White's 8


@pytest.mark.parametrize("token", ["0", "10", "8X", "8(10)", "87(10", "87()", "a", "87y", "877"])
def test_q10_tokens_that_are_not_moves(token):
    with pytest.raises(MoveSyntaxError) as caught:
        TOGYZ.parse_move(token, TOGYZ.parse_position(START))
    assert "8, 87, 87(10), 68X" in caught.value.reason
    assert len(caught.value.legal) == 9


def test_q10_black_numbers_holes_from_its_own_left():
    # after White's 87(10), Black's 8 (9): B8, B9, W1..W7; W7 holds 9 + 1 = 10: 87(10)
    position = TOGYZ.parse_position("9-9-9-9-9-9-9-1-10/10-10-10-10-10-10-0-9-9/10-0/B")
    move = TOGYZ.parse_move("87(10)", position)
    assert move == 9 + 7
    assert TOGYZ.format_position(TOGYZ.play(position, move)) == (
        "10-10-10-10-10-10-0-1-10/10-10-10-10-10-10-0-1-10/10-10/W"
    )


def test_q10_a_playok_opening_validates_and_fmt_writes_full_tokens():
    # the opening of examples/togyz-empty-row.pmn, a made-up game, as PlayOK writes moves:
    # captures with the mover's total, two tuzdyks
    text = (
        '[Game "Togyz Kumalak"]\n\n'
        "1. 43(10) 43(10) 2. 66 99(22) 3. 12(22) 13X 4. 57(34) 69 5. 61X 35 *\n"
    )
    (record,) = read_text(text)
    report = validate_record(record)
    assert report.valid, report.problems
    assert report.plies == 10
    short = read_text(text.replace("13X", "1").replace("99(22)", "9"))[0]
    assert validate_record(short).valid


def test_q10_a_wrong_claim_in_a_record_is_a_problem_naming_the_move():
    text = '[Game "Togyz Kumalak"]\n\n1. 87(10) 87(10) 2. 22 99(20) *\n'
    report = validate_record(read_text(text)[0])
    assert not report.valid
    (problem,) = report.problems
    assert problem.code == "wrong-capture-count"
    assert "the move is 99(22)" in problem.message
    assert problem.move_number == "2..." and problem.token == "99(20)"


# -- names, positions, the diagram ------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Togyz Kumalak",
        "togyz",
        "Togyzkumalak",
        "Togyz Qumalaq",
        "Toguz Korgool",
        "Тоғызқұмалақ",
        "ТОҒЫЗҚҰМАЛАҚ",
    ],
)
def test_every_spelling_names_the_game(name):
    assert find_game(name) is TogyzVariant
    assert find_variant(name).game == "Togyz Kumalak"


def test_seats_and_start():
    position = TOGYZ.initial_position()
    assert TOGYZ.seats == ("White", "Black")
    assert TOGYZ.to_move(position) == 0
    assert TOGYZ.format_position(position) == START
    assert sum(position.pits) == 162


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-1/W", "163 stones, not 162"),
        ("X-X-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/9-9/W", "White's row has 2 tuzdyks"),
        ("9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-X/0-9/W", "Black's 9 cannot be a tuzdyk (Q6b)"),
        ("X-9-9-9-9-9-9-9-9/X-9-9-9-9-9-9-9-9/9-9/W", "both tuzdyks are hole 1"),
        ("9-9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/0-0", "expected White's holes 1-9"),
        ("9-9-9-9-9-9-9-9/9-9-9-9-9-9-9-9-9/9-0/W", "expected White's holes 1-9"),
    ],
)
def test_bad_position_strings(text, words):
    with pytest.raises(PositionError) as caught:
        TOGYZ.parse_position(text)
    assert words in str(caught.value)


def test_position_string_holds_the_tuzdyks_kazans_and_mover():
    text = "3-X-15-7-14-1-14-3-3/14-14-2-X-12-12-4-13-2/14-15/B"
    position = TOGYZ.parse_position(text)
    assert position.tuzdyks == (9 + 3, 1)  # White owns Black's 4, Black owns White's 2
    assert position.kazans == (14, 15)
    assert TOGYZ.to_move(position) == 1
    assert TOGYZ.format_position(position) == text


def test_diagram_names_holes_and_tuzdyks_as_players_do():
    position = TOGYZ.parse_position("3-X-15-7-14-1-14-3-3/14-14-2-X-12-12-4-13-2/14-15/B")
    assert TOGYZ.diagram(position) == "\n".join(
        [
            "      9   8   7   6   5   4   3   2   1",
            "    +---+---+---+---+---+---+---+---+---+",
            "  B |  2| 13|  4| 12| 12|  X|  2| 14| 14|  Black's kazan 15",
            "    +---+---+---+---+---+---+---+---+---+",
            "  W |  3|  X| 15|  7| 14|  1| 14|  3|  3|  White's kazan 14",
            "    +---+---+---+---+---+---+---+---+---+",
            "      1   2   3   4   5   6   7   8   9",
            "Tuzdyks (X): White's on Black's 4, Black's on White's 2",
            "Black to move",
        ]
    )


def test_describe_move_in_players_words():
    position = TOGYZ.parse_position("0-0-0-0-0-0-0-0-5/1-1-X-1-0-0-0-0-0/77-77/W")
    assert TOGYZ.describe_move(8, position) == (
        "last stone in Black's 4, captures 2, 1 into White's tuzdyk, White has 80"
    )
    position = TOGYZ.parse_position("0-0-0-0-0-0-0-3-0/2-0-0-0-2-0-0-0-0/78-77/W")
    assert TOGYZ.describe_move(7, position) == (
        "last stone in Black's 1, makes Black's 1 White's tuzdyk, takes 3, White has 81"
    )


def test_origin_is_the_hole_played():
    position = TOGYZ.initial_position()
    assert [TOGYZ.origin_of(m, position) for m in TOGYZ.legal_moves(position)] == [
        str(n) for n in range(1, 10)
    ]
    assert list(TOGYZ.moves_from(position, "8")) == [7]


def test_rules_tag():
    assert find_variant("Togyz Kumalak", "togyz") == TOGYZ
    with pytest.raises(Exception, match="it has only"):
        find_variant("Togyz Kumalak", "korgool")
