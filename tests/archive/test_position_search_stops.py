"""A search for one position walks a game only until it meets it (issue 29: ``select
--position`` at most validate's cost): ``PositionPattern.met_by`` answers as
``first_match`` does, on every registered game, for positions a game meets, positions it
does not, and patterns with wildcards."""

from __future__ import annotations

import random

from notation.archive.tools import GameView, PositionPattern
from notation.core.generate import random_record
from notation.core.replay import mainline_positions, open_game
from notation.games import find_variant
from notation.games.base import Variant
from tests.registered import CASES


def games():
    rng = random.Random("met-by")
    for case in CASES:
        variant = find_variant(case.name, None, dict(case.tags[1:]))
        for _ in range(6):
            yield variant, random_record(variant, rng, tags=case.tags, max_moves=rng.randint(0, 40))


GAMES = list(games())


def patterns(variant, record, rng):
    """Positions of the game itself (met), the last of another game of the same variant
    (mostly not), and patterns."""
    view = GameView(record)
    met = rng.choice(view.positions)
    others = [r for v, r in GAMES if v == variant and r is not record]
    other = GameView(rng.choice(others)).positions[-1]
    return [
        met,
        other,
        met[: len(met) // 2] + "*",
        "*" + met[-3:],
        met.replace(met[0], "?", 1),
    ]


def test_met_by_answers_as_first_match_on_every_registered_game():
    rng = random.Random(29)
    answers = []
    for variant, record in GAMES:
        for text in patterns(variant, record, rng):
            pattern = PositionPattern(text)
            expected = pattern.first_match(GameView(record)) is not None
            assert pattern.met_by(GameView(record)) == expected, (variant.game, text)
            answers.append(expected)
    # both answers were asked for, many times
    assert answers.count(True) > len(GAMES) and answers.count(False) > len(GAMES) // 2


def test_the_walk_stops_at_the_first_position_the_test_holds_for():
    for variant, record in GAMES:
        game = open_game(record)
        whole = mainline_positions(variant, game.record.mainline, game.start)
        wanted = whole[len(whole) // 2]
        cut = mainline_positions(
            variant, game.record.mainline, game.start, until=lambda p, w=wanted: p == w
        )
        assert cut == whole[: whole.index(wanted) + 1]


def test_a_position_never_met_walks_the_whole_line():
    for variant, record in GAMES[:20]:
        game = open_game(record)
        whole = mainline_positions(variant, game.record.mainline, game.start)
        walked = mainline_positions(
            variant, game.record.mainline, game.start, until=lambda p: False
        )
        assert walked == whole


def test_a_search_bounded_by_the_rules_answers_as_the_whole_walk():
    """Positions from early in other games (nothing taken yet: the bound of
    ``Variant.may_reach`` stops most walks after the first capture) are found exactly
    where ``first_match``, which walks every position, finds them."""
    rng = random.Random("bounded")
    bounded = [(v, r) for v, r in GAMES if type(v).may_reach is not Variant.may_reach]
    assert {v.game for v, _ in bounded} >= {"Wari", "Kalah", "Togyz Kumalak"}
    answers = []
    for variant, record in bounded:
        others = [r for v, r in GAMES if v == variant]
        for other in rng.sample(others, 3):
            positions = GameView(other).positions
            text = positions[min(len(positions) - 1, rng.randint(0, 4))]
            pattern = PositionPattern(text)
            expected = pattern.first_match(GameView(record)) is not None
            assert pattern.met_by(GameView(record)) == expected, (variant.game, text)
            answers.append(expected)
    assert True in answers and False in answers


def test_the_walk_stops_once_the_rules_rule_the_position_out(monkeypatch):
    """A Wari game that captures at its fifth move cannot come to a position with nothing
    captured afterwards (W3): the search reads no move after that one."""
    variant = find_variant("Wari")
    record = random_record(variant, random.Random(5), tags=(("Game", "Wari"),), max_moves=120)
    line = GameView(record).positions
    game = open_game(record)
    whole = mainline_positions(variant, game.record.mainline, game.start)
    first_capture = next(i for i, p in enumerate(whole) if sum(p.captured))
    assert 0 < first_capture < len(whole) - 10  # the game goes on well past it
    never = "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"  # nothing on the board, 24 taken each
    assert never not in line
    target = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"  # nothing captured, North to move: not met
    assert target not in line
    read = []
    parse_move = type(variant).parse_move

    def counted(self, token, position):
        read.append(token)
        return parse_move(self, token, position)

    monkeypatch.setattr(type(variant), "parse_move", counted)
    assert not PositionPattern(target).met_by(GameView(record))
    assert len(read) == first_capture  # the moves up to the first capture, none after
    read.clear()
    assert not PositionPattern(never).met_by(GameView(record))  # no bound applies: all
    assert len(read) == len(whole) - 1
