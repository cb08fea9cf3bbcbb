"""notation.render.html: a record as one self-contained page to step through."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from notation import read_text
from notation.core.replay import Problem
from notation.formats.collection import read_path
from notation.render.html import RenderError, record_html

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text of each element with an id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def elements(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    parser.close()
    return parser


def example(name: str) -> str:
    return record_html(next(read_path(str(EXAMPLES / name))))


def test_one_step_per_position_and_the_move_list():
    page = example("wari-annotated.pmn")
    tags = elements(page).tags
    steps = [a for t, a in tags if t == "div" and a.get("class") == "step"]
    # start + 103 main-line moves, then the 3 moves of its variation (2... a 3. C f)
    assert [a["data-step"] for a in steps] == [str(i) for i in range(107)]
    assert sum("hidden" in a for a in steps) == 106  # only the start is shown at first
    assert [a.get("data-counter") for a in steps[104:]] == [
        "variation: 2... a",
        "variation: 3. C",
        "variation: 3... f",
    ]
    moves = [a for t, a in tags if t == "button" and "mv" in (a.get("class") or "")]
    assert len(moves) == 107
    assert page.count("<svg ") == 107
    assert '<span id="counter" aria-live="polite">0 / 103</span>' in page
    for control in ("first", "prev", "next", "last"):
        assert f'id="{control}"' in page


def test_header_move_and_ending():
    page = example("wari-annotated.pmn")
    assert "<h1><bdi>PMN Club Championship</bdi></h1>" in page
    assert '<span class="seat">South</span> <bdi>Ada Mensah</bdi>' in page
    assert 'Move 2... <span class="seat">North</span> <strong>d!?</strong>' in page
    assert '<p class="comment" dir="auto">the usual opening</p>' in page
    assert (
        '<p id="outcome" class="outcome">Result 1-0: South (<bdi>Ada Mensah</bdi>) wins. '
        "South captured 26 stones.</p>"
    ) in page


def test_declared_result_with_termination():
    page = example("wari-resignation.pmn")
    assert (
        "Result 1-0: South (<bdi>Ada</bdi>) wins (the game stopped early: resignation).</p>" in page
    )


def test_draw_by_the_rules():
    page = example("tricala-tie.pmn")
    assert "Result 1/2-1/2: drawn between White and Black. " in page


def test_unfinished_game():
    record = read_text('[Game "Wari"]\n[South "A"]\n[North "B"]\n\n1. C b *\n')[0]
    assert "Result *: the game is unfinished.</p>" in record_html(record)


def test_self_contained():
    page = example("tricala-three-players.pmn")
    assert "http://" not in page and "https://" not in page
    for tag, attrs in elements(page).tags:
        assert "src" not in attrs, tag
        assert "href" not in attrs, tag
        assert tag not in ("link", "img", "iframe", "object", "embed"), tag
    assert page.count("<script>") == 1 and page.count("<style>") == 1


def test_record_text_is_escaped():
    text = (
        '[Game "Wari"]\n'
        '[Event "<script>alert(1)</script>"]\n'
        '[South "Ada & <b>Bob</b>"]\n'
        '[North "\\"><img src=x onerror=alert(2)>"]\n'
        '[Site "</title><script>alert(3)</script>"]\n'
        "\n"
        "1. C {<script>alert(4)</script> & </div>} b *\n"
    )
    (record,) = read_text(text)
    assert record.tag("Event") == "<script>alert(1)</script>"
    page = record_html(record)
    tags = elements(page).tags
    assert [t for t, _ in tags].count("script") == 1  # the page's own, and nothing else
    assert "img" not in [t for t, _ in tags]
    assert "<script>alert" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Ada &amp; &lt;b&gt;Bob&lt;/b&gt;" in page
    assert "&lt;script&gt;alert(4)&lt;/script&gt; &amp; &lt;/div&gt;" in page
    # the script holds nothing from the record
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert script is not None and "alert" not in script.group(1)


def test_illegal_move_is_drawn_up_to_that_move_with_the_problem():
    record = next(read_path(str(EXAMPLES / "broken" / "wari-empty-hole.pmn")))
    problems: list[Problem] = []
    page = record_html(record, problems=problems)
    (problem,) = problems
    assert (problem.line, problem.column, problem.token) == (5, 11, "C")
    steps = [a for t, a in elements(page).tags if t == "div" and a.get("class") == "step"]
    assert len(steps) == 3  # the start, 1. C, 1... b; 2. C is refused and nothing after it drawn
    assert '<span id="counter" aria-live="polite">0 / 2</span>' in page
    words = "move 2. C: hole C is empty; did you mean B or D? (line 5, column 11)"
    assert f'<p id="problem" class="problem">This record has a problem: {words}.' in page
    # at the last step drawn, instead of a result
    assert (
        f'<p id="outcome" class="outcome bad-outcome">The next move cannot be played: {words}.'
        in page
    )
    assert '<span class="bad">C</span> cannot be played:' in page
    assert "Result " not in page


def test_unknown_game_is_a_render_error():
    (record,) = read_text('[Game "Bao"]\n\n1. C *\n')
    with pytest.raises(RenderError, match='unknown game "Bao"'):
        record_html(record)
