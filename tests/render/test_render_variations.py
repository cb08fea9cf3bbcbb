"""``pmn render``'s page: variations, comments, clocks and long Tricala moves in the move
list, and each variation move a step of its own (issue 16)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from notation import read_text
from notation.core.commands import (
    Command,
    clocks_after,
    format_clock,
    format_duration,
    parse_comment,
    parse_duration,
)
from notation.core.replay import Problem
from notation.formats.collection import read_path
from notation.render.html import record_html

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

VARIATIONS = """[Game "Wari"]
[South "Ada"]
[North "Bob"]
[Result "*"]

{Before the start} 1. C {[%clk 0:05:00] [%emt 0:00:03] a quiet start} b {[%clk 0:04:58]}
(1... d {the sharper <reply> & more} 2. E (2. A f) e) 2. D {[%clk 0:04:50]} e 3. A *
"""


def page_of(text: str, problems: list[Problem] | None = None) -> str:
    (record,) = read_text(text)
    return record_html(record, problems=problems)


def move_list(page: str) -> str:
    return page[page.index('<div id="moves"') : page.index("</aside>")]


def step_divs(page: str) -> dict[int, dict[str, str]]:
    """Each step's attributes, by step number."""
    found = {}
    for match in re.finditer(r'<div class="step" ([^>]*)>', page):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', match.group(1)))
        found[int(attrs["data-step"])] = attrs
    return found


def buttons_in(html: str) -> list[tuple[int, str]]:
    """The move buttons in order: (step, token as shown, without markup)."""
    return [
        (int(step), re.sub(r"<[^>]+>", "", text).split(" ")[0])
        for step, text in re.findall(
            r'<button type="button" class="mv[^"]*" data-step="(\d+)"[^>]*>(.*?)</button>', html
        )
    ]


def test_variation_moves_are_in_the_move_list_in_order_with_their_comments():
    moves = move_list(page_of(VARIATIONS))
    aside = re.search(r'<div class="aside"[^>]*>(<span class="variation">.*?)</div>', moves)
    assert aside is not None
    # the variation after 1... b, with the one inside it, in text order
    assert [token for _, token in buttons_in(aside.group(1))] == ["d", "E", "A", "f", "e"]
    assert re.sub(r"<[^>]+>", "", aside.group(1)) == (
        "(1... d the sharper &lt;reply&gt; &amp; more 2. E (2. A f) 2... e)"
    )
    # the main line around it, and the comments (escaped) in the list under their move
    assert [token for _, token in buttons_in(moves)][:3] == ["start", "C", "b"]
    assert '<span class="note" dir="auto">a quiet start</span>' in moves
    assert '<span class="note" dir="auto">Before the start</span>' in moves
    assert "<reply>" not in moves


def test_each_variation_move_is_a_step_linked_along_its_line():
    page = page_of(VARIATIONS)
    steps = step_divs(page)
    listed = buttons_in(move_list(page))
    # the main line first: 0 start, 1 C, 2 b, 3 D, 4 e, 5 A; then the variations in text order
    assert [step for step, _ in listed] == [0, 1, 2, 6, 7, 8, 9, 10, 3, 4, 5]
    assert [token for _, token in listed][3:8] == ["d", "E", "A", "f", "e"]
    d, a_var, f_var = 6, 8, 9
    assert steps[d]["data-prev"] == "1"  # 1... d replaces 1... b: it follows 1. C
    assert steps[d]["data-next"] == "7" and steps[7]["data-prev"] == "6"
    assert steps[a_var]["data-prev"] == "6"  # 2. A replaces 2. E: it follows 1... d
    assert steps[f_var]["data-prev"] == "8" and "data-next" not in steps[f_var]
    assert steps[d]["data-counter"] == "variation: 1... d"
    assert "data-counter" not in steps[2]  # main-line steps count "2 / 5"
    assert steps[5].get("data-next") is None and steps[4]["data-next"] == "5"
    assert '<body data-steps="11" data-last="5">' in page


def test_clocks_and_comment_text_without_its_commands():
    page = page_of(VARIATIONS)
    moves = move_list(page)
    assert '>C <span class="clk">0:05:00</span></button>' in moves
    assert '>b <span class="clk">0:04:58</span></button>' in moves
    assert "[%clk" not in page  # shown as clocks, not as text
    assert '<p class="comment" dir="auto">a quiet start</p>' in page
    clocks = re.findall(r'<p class="clocks">(.*?)</p>', page)
    seat = '<span class="seat">{}</span> {}'.format
    assert clocks[0] == f"Clocks: {seat('South', '0:05:00')}; this move took 0:00:03"
    assert clocks[1] == f"Clocks: {seat('South', '0:05:00')} \u00b7 {seat('North', '0:04:58')}"
    assert clocks[2] == f"Clocks: {seat('South', '0:04:50')} \u00b7 {seat('North', '0:04:58')}"


def test_an_illegal_move_in_a_variation_is_marked_and_the_rest_drawn():
    text = VARIATIONS.replace("(2. A f)", "(2. A zz f)")
    problems: list[Problem] = []
    page = page_of(text, problems)
    (problem,) = problems
    assert problem.token == "zz"
    moves = move_list(page)
    assert '<span class="bad">zz</span>' in moves
    assert f"(line 7, column {text.splitlines()[6].index('zz') + 1})" in moves
    assert '<span class="unplayed">f</span>' in moves  # after it, as written
    assert "Result *: the game is unfinished." in page  # the main line is whole


def test_the_whole_tricala_move_list_with_breaks_in_long_moves():
    record = next(read_path(str(EXAMPLES / "tricala-three-players.pmn")))
    page = record_html(record)
    moves = move_list(page)
    tokens = [node.token for node in record.mainline.moves]
    listed = re.findall(r'data-step="\d+" style="[^"]*">(.*?)</button>', moves)
    shown = [re.sub(r"<[^>]+>", "", text) for text in listed]
    assert shown[1:] == tokens  # every move, in order, none cut
    assert "4c[BWB]-<wbr>2ax2b" in moves  # a place to wrap a long move
    assert "minmax(0, 1fr)" in moves  # columns share the width: nothing runs off the side


# -- notation.core.commands -------------------------------------------------------------------


def test_parse_comment_commands_and_text():
    parsed = parse_comment("[%clk 1:05:00.5] good [%emt 0:00:31]  move [%eval +0.3]")
    assert parsed.text == "good move"
    assert parsed.clock == timedelta(hours=1, minutes=5, seconds=0.5)
    assert parsed.elapsed == timedelta(seconds=31)
    assert parsed.commands[2] == Command("eval", "+0.3")  # kept, not understood
    assert parse_comment("no commands").commands == ()
    assert parse_comment("[%clk soon]").clock is None  # not a duration: no clock
    assert parse_comment("[%clk soon]").get("clk") == Command("clk", "soon")


def test_durations_round_trip():
    assert parse_duration("0:04:51") == timedelta(seconds=291)
    assert parse_duration("4:51") is None and parse_duration("0:61:00") is None
    assert format_duration(timedelta(hours=1, seconds=5)) == "1:00:05"
    assert format_duration(timedelta(seconds=9.25)) == "0:00:09.25"
    assert format_clock(timedelta(minutes=90)) == "[%clk 1:30:00]"
    assert format_clock(timedelta(seconds=3), "emt") == "[%emt 0:00:03]"
    stamped = "[%clk 0:04:51] a quiet move"
    assert parse_comment(format_clock(parse_comment(stamped).clock or timedelta())).clock == (
        timedelta(seconds=291)
    )


def test_clocks_after_moves():
    clocks, elapsed = clocks_after(
        [
            ("South", ["[%clk 0:05:00]"]),
            ("North", ["[%clk 0:04:58] [%emt 0:00:02]"]),
            ("South", ["x"]),
        ]
    )
    assert clocks == {"South": timedelta(minutes=5), "North": timedelta(minutes=4, seconds=58)}
    assert elapsed is None  # the last move has no %emt
