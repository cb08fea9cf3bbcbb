"""notation.html: a record as one self-contained page to step through."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from notation import read_text
from notation.collection import read_path
from notation.html import RenderError, record_html

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


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
    assert [a["data-step"] for a in steps] == [str(i) for i in range(104)]  # start + 103 moves
    assert sum("hidden" in a for a in steps) == 103  # only the start is shown at first
    moves = [a for t, a in tags if t == "button" and "mv" in (a.get("class") or "")]
    assert len(moves) == 104
    assert page.count("<svg ") == 104
    assert '<span id="counter" aria-live="polite">0 / 103</span>' in page
    for control in ("first", "prev", "next", "last"):
        assert f'id="{control}"' in page


def test_header_move_and_ending():
    page = example("wari-annotated.pmn")
    assert "<h1>PMN Club Championship</h1>" in page
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


def test_illegal_move_is_a_render_error():
    record = next(read_path(str(EXAMPLES / "broken" / "wari-empty-hole.pmn")))
    with pytest.raises(RenderError) as caught:
        record_html(record)
    assert (caught.value.line, caught.value.column) == (5, 11)
    assert caught.value.message.startswith("C: hole C is empty")


def test_unknown_game_is_a_render_error():
    (record,) = read_text('[Game "Bao"]\n\n1. C *\n')
    with pytest.raises(RenderError, match='unknown game "Bao"'):
        record_html(record)
