"""Tricala move tokens, position strings, tags and diagrams (docs/tricala.md).

Each position is small and worked by hand; the comment over a case says
which moves fit a token and why.
"""

from __future__ import annotations

import random
import re

import pytest
from test_tricala_rules import T12, THREE, TWO, contents, make

from notation import AmbiguousMoveError, IllegalMoveError, MoveSyntaxError, RulesError, find_variant
from notation.games.tricala import LEGAL_LIST_LIMIT, TricalaPosition, TricalaVariant
from notation.games.tricala.notation import Guide, make_guide

TOKEN_CLASS = re.compile(r"[1-6][a-f][A-Za-z0-9+\-\[\]x]*")


def codes(token: str, position: TricalaPosition, variant: TricalaVariant = TWO) -> str:
    with pytest.raises(IllegalMoveError) as error:
        variant.parse_move(token, position)
    return error.value.code


# -- syntax --------------------------------------------------------------------
@pytest.mark.parametrize("token", ["7a-6a", "4b", "4b-", "4bx4c-5c", "4b--4c", "2b+3b", "4b-4c!"])
def test_not_a_move(token: str) -> None:
    with pytest.raises(MoveSyntaxError):
        TWO.parse_move(token, make({"4b": "W1", "2a": "B1"}))


def test_no_such_pit_with_suggestions() -> None:
    # row 4 has 4a-4d: 4e does not exist
    with pytest.raises(IllegalMoveError) as error:
        TWO.parse_move("4b-4e", make({"4b": "W1", "2a": "B1"}))
    assert error.value.code == "no-such-pit"
    assert "4d" in error.value.reason and "5e" in error.value.reason
    assert codes("2b+4e+3b", TWO.initial_position()) == "no-such-pit"


# -- waypoints, straight lines, edges --------------------------------------------
FROM_4B = make({"4b": "W3", "6c": "B1"})


def test_long_form_with_an_edge_turn() -> None:
    # 4b (W3) E: 4c, 4d; 4e is off the board: NW to 3c (T5)
    after = TWO.play(FROM_4B, TWO.parse_move("4b-4d-3c", FROM_4B))
    assert contents(after) == {"4c": "W1", "4d": "W1", "3c": "W1", "6c": "B1"}


def test_short_form_ambiguous_between_two_edge_turns() -> None:
    # 4b-3c fits three sowings of W3 from 4b that end on 3c:
    #   E 4c 4d, turn NW (4d's E is off), 3c
    #   NE 3b 2b, turn SE (2b's NE is off), 3c
    #   NW 3a, turn E (3a's NW is off), 3b 3c
    with pytest.raises(AmbiguousMoveError) as error:
        TWO.parse_move("4b-3c", FROM_4B)
    assert error.value.code == "ambiguous-move"
    assert sorted(error.value.candidates) == ["4b-2b-3c", "4b-3a-3c", "4b-4d-3c"]
    after = TWO.play(FROM_4B, TWO.parse_move("4b-2b-3c", FROM_4B))
    assert contents(after) == {"3b": "W1", "2b": "W1", "3c": "W1", "6c": "B1"}


def test_ambiguous_stone_orders() -> None:
    # 4b (W1B1) SE: [WB] and [BW] leave different boards
    start = make({"4b": "W1B1", "2a": "B1"})
    with pytest.raises(AmbiguousMoveError) as error:
        TWO.parse_move("4b-6d", start)
    assert sorted(error.value.candidates) == ["4b[BW]-6d", "4b[WB]-6d"]


def test_ambiguous_relay_orders_and_shortest_forms() -> None:
    # 5e (W1B1) W: relay on 5c (W1). Three moves (see test_t6_mixed_relay_orders);
    # each candidate is the shortest token that tells it apart
    start = make({"5e": "W1B1", "5c": "W1", "2a": "B1"})
    with pytest.raises(AmbiguousMoveError) as error:
        TWO.parse_move("5e-5a", start)
    assert sorted(error.value.candidates) == sorted(["5e-5c[BW]-5a", "5e-5c[WB]-5a", "5e[BW]-5a"])
    # the relay order alone pins the origin order: 5e[BW] would make 5c's pickup W2
    move = TWO.parse_move("5e-5c[WB]-5a", start)
    assert TWO.format_move(move, start, long=True) == "5e[WB]-5c[WB]-5a"
    assert TWO.format_move(move, start) == "5e-5c[WB]-5a"


def test_straight_line_reading() -> None:
    # listed pits in line are joined by a straight stretch: 4b-4d reads "E to 4d";
    # the W3 on 4b going E lands its third stone on 3c, so 4b-4d alone fits nothing
    assert codes("4b-4d", FROM_4B) == "no-such-sowing"


def test_reversal_and_turn_not_at_edge() -> None:
    # E to 4d then W back: reversal; E to 4c then NE: 4d is still ahead
    assert codes("4b-4d-4c", FROM_4B) == "reversal"
    assert codes("4b-4c-3c", FROM_4B) == "turn-not-at-edge"


# -- orders and captures --------------------------------------------------------
def test_order_mismatch() -> None:
    start = make({"5e": "W1B1", "5c": "W1", "2a": "B1"})
    assert codes("5e[WW]-5a", start) == "order-mismatch"  # 5e holds W1B1
    assert codes("5e[BW]-5c[WB]-5a", start) == "order-mismatch"  # 5c would pick up W2
    assert codes("5e[WBR]-5a", start) == "order-mismatch"  # no Red in a 2-player game
    assert codes("5e[WB]-5a[WB]", start) == "order-mismatch"  # the final pit has no pickup


def test_capture_mark() -> None:
    start = make({"4b": "W1", "4c": "B2", "3a": "W1", "2a": "B1"})
    assert codes("4b-4c", start) == "capture-not-marked"
    assert codes("3ax3b", start) == "not-a-capture"


def test_wrong_pit_and_nothing_fits() -> None:
    start = make({"4b": "W1", "4c": "B2", "3a": "W1", "2a": "B1"})
    assert codes("2a-1a", start) == "not-your-stones"
    assert codes("5a-6a", start) == "empty-pit"
    assert codes("4b-6f", start) == "no-such-sowing"


def test_errors_list_legal_moves_bounded() -> None:
    with pytest.raises(IllegalMoveError) as error:
        TWO.parse_move("1a+2b+3b", TWO.initial_position())
    assert 0 < len(error.value.legal) <= LEGAL_LIST_LIMIT
    assert error.value.legal[0] == "2a+2a+2a"
    start = make({"4b": "W1", "4c": "B2", "3a": "W1", "2a": "B1"})
    with pytest.raises(IllegalMoveError) as error:
        TWO.parse_move("4b-4c", start)
    assert "4bx4c" in error.value.legal


def test_setup_tokens_are_written_sorted() -> None:
    start = TWO.initial_position()
    move = TWO.parse_move("3b+2b+3b", start)
    assert TWO.format_move(move, start) == TWO.format_move(move, start, long=True) == "2b+3b+3b"


# -- position strings -------------------------------------------------------------
INITIAL = "-/-,-/-,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-,-,- 0-0 9-9 W"
T12_TEXT = "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W"


def test_position_strings() -> None:
    assert TWO.format_position(TWO.initial_position()) == INITIAL
    tie = TWO.parse_position(T12_TEXT)
    assert tie == make(T12, captured=(6, 8))
    assert TWO.format_position(tie) == T12_TEXT
    # counts of 1 may be left out when reading
    assert TWO.parse_position(T12_TEXT.replace("W1", "W").replace("B1", "B")) == tie
    assert '"' not in T12_TEXT and "\n" not in T12_TEXT


def test_position_sets_turn_to_the_movers_seat() -> None:
    text = "-/-,-/-,W1,-/-,-,-,-/-,-,-,-,-/-,-,-,-,-,B3 6-8 0-0 B"
    position = TWO.parse_position(text)
    assert (position.to_move, TWO.turn(position)) == (1, 1)
    assert TWO.format_position(position) == text


def test_setup_position_string() -> None:
    # White and Black have placed 3 each; Red is to place (T3)
    text = "-/W1,-/-,B3,-/-,W2,-,-/-,-,-,-,-/-,-,-,-,-,- 0-0-0 6-6-9 R"
    position = THREE.parse_position(text)
    assert position.in_setup and THREE.format_position(position) == text
    with pytest.raises(Exception, match="turn order"):
        THREE.parse_position(text.replace("6-6-9 R", "6-9-9 R").replace("-,B3,-", "-,-,-"))


@pytest.mark.parametrize(
    "text",
    [
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 W",  # a field missing
        "B1/-,-/-,-,-/-,W1,B1/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",  # row 4 short
        "B1/-,-/-,-,-/-,W1,Q1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",  # no colour Q
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-9 0-0 W",  # 19 stones
        "B1/-,-/-,-,-/-,R1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 W",  # Red in a 2-player game
        "B1/-,-/-,-,-/-,W1,B1,-/-,-,-,-,-/W1,-,-,-,-,- 6-8 0-0 R",  # Red to move
        "B1/-,-/-,-,-/-,B1,B1,-/-,-,-,-,-/B1,-,-,-,-,- 8-6 0-0 W",  # White has no stones
    ],
)
def test_bad_position_strings(text: str) -> None:
    with pytest.raises(Exception) as error:
        TWO.parse_position(text)
    assert getattr(error.value, "code", "") == "bad-position"


# -- tags ------------------------------------------------------------------
def test_variant_from_tags() -> None:
    variant = find_variant("Tricala", "TIE=opponent capturer-stays tricala")
    assert variant.rules == "tricala tie=opponent capturer-stays"
    assert variant.seats == ("White", "Black")
    assert find_variant("tricala", "", {"Players": "3"}).seats == ("White", "Black", "Red")
    assert find_variant("Tricala", None, {"White": "a", "Black": "b", "Red": "c"}).seats == (
        "White",
        "Black",
        "Red",
    )
    assert find_variant("Tricala", "tie=draw").rules == "tricala tie=draw"


@pytest.mark.parametrize(
    ("rules", "tags", "needle"),
    [
        ("tricala tie=coin", {}, "tie=coin"),
        ("wari", {}, "capturer-stays"),
        (None, {"Players": "4"}, "4"),
        (None, {"White": "a", "Black": "b", "Red": "c", "Players": "2"}, "disagrees"),
        (None, {"White": "a", "Black": "b", "Players": "3"}, "disagrees"),
    ],
)
def test_bad_rules(rules: str | None, tags: dict[str, str], needle: str) -> None:
    with pytest.raises(RulesError, match=needle):
        find_variant("Tricala", rules, tags)


# -- diagram --------------------------------------------------------------------
def test_diagram() -> None:
    tie = TWO.parse_position(T12_TEXT)
    text = TWO.diagram(tie)
    assert all(name in text for name in ("1a", "4b", "6f"))
    assert "Captured: White 6, Black 8" in text and text.endswith("White to move")
    lines = text.splitlines()
    row4 = lines.index(next(line for line in lines if "4a" in line))
    assert lines[row4 + 1].split() == ["-", "W1", "B1", "-"]
    over = TWO.play(tie, TWO.parse_move("4bx4c", tie))
    assert "Game over: 1/2-1/2" in TWO.diagram(over)
    assert "In hand: White 9, Black 9" in TWO.diagram(TWO.initial_position())


# -- round trips over random games -------------------------------------------------
@pytest.mark.parametrize(("variant", "seed"), [(TWO, 11), (THREE, 12)])
def test_every_legal_move_round_trips(variant: TricalaVariant, seed: int) -> None:
    """Every legal move, short and long, parses back to the same result; no duplicates."""
    rng = random.Random(seed)
    position = variant.initial_position()
    while variant.outcome(position) is None:
        moves = list(variant.legal_moves(position))
        assert len(moves) == len(set(moves))
        if not position.in_setup:
            for move in moves[:60]:
                for long in (False, True):
                    token = variant.format_move(move, position, long=long)
                    assert TOKEN_CLASS.fullmatch(token) and not re.match(r"\d[-/]", token)
                    back = variant.parse_move(token, position)
                    assert variant.play(position, back) == variant.play(position, move), token
        position = variant.play(position, rng.choice(moves))


@pytest.mark.parametrize(
    "fields",
    [
        (7, None, (8, 5), (None, None), (0, 2), False),  # 4b-4d-3c
        (1, None, (0, 3), (None, None), (1, -1), True),  # 2a-1ax3a
        (4, (0, 1, 2), (1, 10), ((1, 2), None), (3, 4), None),  # 3b[WBR]-2a[BR]-5a, either
        (3, None, (), (), (), None),  # no waypoints: no first direction
    ],
)
def test_make_guide_is_the_dataclass(fields: tuple[object, ...]) -> None:
    # the fast constructor fills every slot as Guide(...) and its __post_init__ do
    made, built = make_guide(*fields), Guide(*fields)  # type: ignore[arg-type]
    assert made == built
    for name in Guide.__slots__:
        assert getattr(made, name) == getattr(built, name), name
    assert made.laps is not built.laps and made.tails is not built.tails
