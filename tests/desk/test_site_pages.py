"""What an event site's pages say (issue 38): boards, copies, header words, the game's
own name, links between the pages, the PMN of games and rounds, one design with
``pmn standings --format html``. The pages at 360 px in Chromium: test_site_phone.py."""

from __future__ import annotations

import random
import re

from notation.core.generate import random_record
from notation.core.record import Record
from notation.core.replay import validate_record
from notation.desk.event import Entry
from notation.desk.publish import event_site, unpack_boards
from notation.desk.standings import collect, compute_standings, standings_html
from notation.formats.pmn import read_text, write_record
from notation.games import find_variant

PLAYERS = (
    "Ada Mensah",
    "Kofi Boateng",
    "Yaw Owusu",
    "Ama Serwaa",
    "Kwame Asante",
    "Efua Darko",
    "Kojo Mensah",
    "Esi Nyarko",
)


def oware_event(rounds: int = 2, boards: tuple[int, ...] = (1, 2, 3, 4)) -> list[Record]:
    """An 8-player Oware event: random games played to their end by the rules, each
    with its Board tag; the pairings a round-robin circle's (no pair meets twice)."""
    variant = find_variant("Oware", None, {})
    rng = random.Random(38)
    records = []
    for round_ in range(1, rounds + 1):
        circle = [PLAYERS[0], *PLAYERS[1:][round_ - 1 :], *PLAYERS[1:][: round_ - 1]]
        for table, board in enumerate(boards):
            tags = [
                ("Game", "Oware"),
                ("Event", "Accra Oware Open"),
                ("Site", "Accra"),
                ("Date", "2026.03.14"),
                ("Round", str(round_)),
                ("Board", str(board)),
                ("South", circle[table]),
                ("North", circle[7 - table]),
            ]
            records.append(random_record(variant, rng, tags=tags))
    return records


def site_of(records: list[Record]) -> dict[str, str]:
    """The site ``pmn publish`` makes of the records (read back from their text, as a
    file gives them: each with its source and line)."""
    text = "\n".join(write_record(r) for r in records)
    read = read_text(text, source="uploads/7f3a9c/event.pmn")
    games = [(r, validate_record(r, i)) for i, r in enumerate(read, start=1)]
    played, excluded = collect([(Entry.of(r, rep.index), rep) for r, rep in games])
    event = (read[0].tag("Event") or "").strip()
    return event_site(games, compute_standings(played, excluded, event=event))


def rows(page: str) -> list[str]:
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.findall(r"<tr>.*?</tr>", body, re.S)


# -- the Board tag --------------------------------------------------------------------


def test_pages_and_round_tables_use_the_board_number():
    """Boards 1, 2 and 4 of round 6 became pages 6-1, 6-2, 6-3, and no table showed them."""
    records = [r.with_tag("Round", "6") for r in oware_event(1, (1, 2, 4))]
    site = site_of(records)
    assert sorted(n for n in site if n.startswith("game-") and n.endswith(".html")) == [
        "game-6-1.html",
        "game-6-2.html",
        "game-6-4.html",
    ]
    page = site["round-6.html"]
    assert "<th>Board</th>" in page
    boards = [re.search(r"<td>(?:<a [^>]*>)?(\d+)", row).group(1) for row in rows(page)]  # type: ignore[union-attr]
    assert boards == ["1", "2", "4"]
    assert '<a href="game-6-4.html">4</a>' in page


def test_games_without_a_board_keep_their_numbers_and_never_share_a_page():
    records = oware_event(1, (2, 1, 3, 4))
    records[2] = Record(tuple(t for t in records[2].tags if t[0] != "Board"), records[2].mainline, records[2].result)  # fmt: skip
    site = site_of(records)
    pages = sorted(n for n in site if n.startswith("game-") and n.endswith(".html"))
    assert len(pages) == 4 and {"game-1-1.html", "game-1-2.html", "game-1-4.html"} <= set(pages)


# -- a copy ---------------------------------------------------------------------------


def test_a_copy_is_one_row_with_a_note_and_the_round_is_counted_without_it():
    """A duplicate submission showed as two identical rows with no note, the round was
    counted "(5 games)", and Not counted listed the upload path with no round or link."""
    records = oware_event(1)
    records.append(records[1])  # board 2 submitted twice
    site = site_of(records)
    page = site["round-1.html"]
    table = rows(page)
    assert len(table) == 5
    copies = [row for row in table if "not counted: copy of" in row]
    assert len(copies) == 1
    assert '<a href="game-1-2.html">board 2</a>' in copies[0]
    index = site["index.html"]
    assert "Round <bdi>1</bdi></a> (4 games; 1 copy not counted)" in index
    not_counted = index.split("<h2>Not counted</h2>", 1)[1].split("</ul>", 1)[0]
    assert "Round <bdi>1</bdi>" in not_counted and 'href="game-1-2.html"' in not_counted
    assert "Kofi Boateng" in not_counted or "Yaw Owusu" in not_counted
    assert "uploads/" not in index and "uploads/" not in page


# -- header words ---------------------------------------------------------------------


def test_tie_break_columns_are_named_for_people_and_the_leader_is_on_top():
    site = site_of(oware_event(2))
    index = site["index.html"]
    head = index.split('<table class="standings">', 1)[1].split("</thead>", 1)[0]
    assert "<th>Buchholz</th>" in head and "<th>Median Buchholz</th>" in head
    assert "<th>Head-to-head</th>" in head and "<th>Points</th>" in head
    assert "buchholz" not in head and "median-buchholz" not in index
    assert index.index('class="leader"') < index.index('<table class="standings">')
    assert not re.search(r"(?i)\b(swiss|round[- ]robin): (swiss|round[- ]robin)", index)


def test_sonneborn_berger_is_written_as_people_write_it():
    records = oware_event(2)
    text = "\n".join(write_record(r) for r in records)
    read = read_text(text, source="event.pmn")
    games = [(r, validate_record(r, i)) for i, r in enumerate(read, start=1)]
    played, excluded = collect([(Entry.of(r, rep.index), rep) for r, rep in games])
    table = compute_standings(
        played, excluded, event="X", tie_breaks=("sonneborn-berger", "head-to-head")
    )
    page = standings_html(table)
    assert "<th>Sonneborn-Berger</th>" in page and "sonneborn-berger" not in page
    assert page.index('class="leader"') < page.index('<table class="standings">')


# -- the game's own name --------------------------------------------------------------


def test_an_oware_game_page_says_oware():
    site = site_of(oware_event(1))
    page = site["game-1-1.html"]
    match = re.search(r'data-boards="([^"]+)"', page)
    assert match is not None
    drawn = unpack_boards(match.group(1))
    assert all("Wari" not in svg for svg in drawn) and ">Oware</text>" in drawn[0]
    footer = page.split("<footer>", 1)[1]
    assert "Wari" not in footer and "Oware" in footer


# -- links and PMN --------------------------------------------------------------------


def test_crosstable_cells_link_to_their_games():
    site = site_of(oware_event(2))
    table = site["index.html"].split('<table class="standings">', 1)[1].split("</table>")[0]
    links = re.findall(r'<a href="(game-[^"]+\.html)">', table)
    # every game is in two players' cells
    assert sorted(set(links)) == sorted(n for n in site if re.fullmatch(r"game-.*\.html", n))
    assert len(links) == 2 * len(set(links))


def test_a_game_page_links_the_round_s_previous_and_next_games_and_its_pmn():
    records = oware_event(1)
    site = site_of(records)
    middle = site["game-1-2.html"]
    assert 'href="game-1-1.html"' in middle and 'href="game-1-3.html"' in middle
    assert 'href="game-1-2.pmn"' in middle
    first = site["game-1-1.html"]
    assert 'href="game-1-2.html"' in first and 'rel="prev"' not in first
    (again,) = read_text(site["game-1-2.pmn"])
    assert again.mainline == records[1].mainline and again.tag("Board") == "2"
    assert 'href="round-1.pmn"' in site["round-1.html"]
    assert len(read_text(site["round-1.pmn"])) == 4


def test_standings_html_and_the_site_share_one_design():
    from notation.desk.publish import SITE_CSS

    records = oware_event(2)
    text = "\n".join(write_record(r) for r in records)
    read = read_text(text, source="event.pmn")
    games = [(r, validate_record(r, i)) for i, r in enumerate(read, start=1)]
    played, excluded = collect([(Entry.of(r, rep.index), rep) for r, rep in games])
    table = compute_standings(played, excluded, event="Accra Oware Open")
    alone = standings_html(table)
    index = event_site(games, table)["index.html"]
    assert f"<style>{SITE_CSS}</style>" in alone
    shell = re.compile(r'<div class="scroll"><table class="standings">')
    assert shell.search(alone) and shell.search(index)
    assert '<meta name="viewport"' in alone


def test_every_pmn_file_of_the_site_is_linked():
    """Every .pmn file of the site is linked from a page."""
    site = site_of(oware_event(2))
    pmn_files = [n for n in site if n.endswith(".pmn")]
    assert pmn_files
    linked = {m for text in site.values() for m in re.findall(r'href="([^"]+\.pmn)"', text)}
    assert set(pmn_files) == linked
