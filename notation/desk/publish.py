"""An event as a static web site: standings, a page per round, a page per game.

:func:`event_site` returns the site's files (name to text); ``pmn publish``
writes them to a folder. The site works offline and from any web server: the
pages link to each other by relative names, and every page uses the shared
``site.css`` and ``viewer.js``. A game page is the page ``pmn render`` draws
(:func:`notation.render.html.record_html` builds both: one design), with links
back to the site, its style and script linked, and its boards as compact data:
the SVG drawing of every position compressed together with zlib and written in
base64, which the script unpacks with the browser's ``DecompressionStream``. A
game of 110 moves makes a page of 51 KB (a ``pmn render`` page of it holds every
drawing in full: 730 KB).

A record with an illegal move gets a page too: the viewer steps through the
game up to that move, and the page shows the problem and the moves after it.
Record text is untrusted: every text from a record is escaped into the HTML
(:mod:`notation.render.sinks`), every name or value from a record is isolated
(``<bdi>``; FSI/PDI in a title) so that a right-to-left override reverses
nothing around it, and none of it is placed in a script. Page names are
unique: a round whose name is not already a plain page name (``1 a``,
``1/a``, ``一``) gets its slug and a hash of its name (:func:`round_keys`).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notation.core.record import Line, MoveNode, Record
from notation.core.replay import GameReport, record_variant
from notation.desk.event import BYE
from notation.desk.standings import (
    Standings,
    excluded_html,
    format_points,
    standings_about_html,
    standings_table_html,
)
from notation.desk.standings import round_key as round_order
from notation.errors import PMNError
from notation.render.html import (
    PAGE_CSS,
    PAGE_SCRIPT,
    RenderError,
    SitePage,
    pack_boards,
    record_html,
    unpack_boards,
)
from notation.render.sinks import html_isolated, html_name, html_page
from notation.render.sinks import html_text as escape

#: The tags a game page shows under its title, in this order, when present.
PAGE_TAGS = ("Site", "Date", "Round", "Game", "Rules", "Termination")
#: NAGs $1-$6 as glyphs.
_NAGS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


@dataclass(frozen=True, slots=True)
class SiteGame:
    """A game of the site: its record, its validation report and its page name (None: no page)."""

    record: Record
    report: GameReport
    page: str | None
    round: str


#: What a plain page key holds: lower-case letters, digits and dots (the same name on
#: every file system, case-insensitive ones too).
_PLAIN_KEY_RE = re.compile(r"[0-9a-z.]+")
#: The longest slug kept in a page name (the hash keeps it unique).
_SLUG_LENGTH = 40


def _slug(text: str) -> str:
    return re.sub(r"[^0-9a-z.]+", "_", text.lower()).strip("_")[:_SLUG_LENGTH] or "x"


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def round_key(text: str, *, digits: int = 8) -> str:
    """The key of a round's page names: the round itself when it is plain (``1``, ``3.1``),
    else its slug and the first ``digits`` of a hash of its name (``1 a``:
    ``1_a-3b9d2c71``; ``一``: ``x-…``), the same in every run; the unknown round ``?``: ``x``."""
    if text == "?":
        return "x"
    if _PLAIN_KEY_RE.fullmatch(text) and len(text) <= _SLUG_LENGTH and text != "x":
        return text
    return f"{_slug(text)}-{_hash(text)[:digits]}"


def round_keys(rounds: Sequence[str]) -> dict[str, str]:
    """Each round's page key (:func:`round_key`), unique among ``rounds``: two rounds whose
    short keys meet (a hash's first digits alike) both take the whole hash."""
    keys = {r: round_key(r) for r in dict.fromkeys(rounds)}
    taken: dict[str, list[str]] = defaultdict(list)
    for r, key in keys.items():
        taken[key].append(r)
    for clash in (rs for rs in taken.values() if len(rs) > 1):
        for r in clash:
            keys[r] = f"{_slug(r)}-{_hash(r)}"
    return keys


def _players(record: Record, seats: Sequence[str]) -> list[tuple[str, str]]:
    return [(seat, record.tag(seat) or "?") for seat in seats]


def _seats(record: Record) -> tuple[str, ...]:
    try:
        return record_variant(record).seats
    except PMNError:
        return ()


def _page(title: str, body: list[str], *, script: bool = False) -> str:
    """A page: ``title`` is plain text (its record values already isolated), ``body`` HTML."""
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        '<link rel="stylesheet" href="site.css">',
        "</head>",
        "<body>",
    ]
    tail = ['<script src="viewer.js"></script>'] if script else []
    return html_page("\n".join([*head, *body, *tail, "</body>", "</html>"]) + "\n")


def _glyph(node: MoveNode) -> str:
    return node.glyph + "".join(_NAGS.get(n, "") for n in node.nags if not node.glyph)


def line_text(line: Line) -> str:
    """A line with its nested variations, as PGN writes movetext (without recursion)."""
    out: list[str] = []
    stack: list[tuple[str, Any]] = [("line", line)]
    while stack:
        kind, item = stack.pop()
        if kind == "text":
            out.append(item)
        elif kind == "line":
            stack.extend(("node", node) for node in reversed(item.moves))
        else:
            node: MoveNode = item
            out.extend(f"{{{c.strip()}}}" for c in node.comments_before)
            out.append(f"{node.number + ' ' if node.number else ''}{node.token}{_glyph(node)}")
            out.extend(f"{{{c.strip()}}}" for c in node.comments)
            for variation in reversed(node.variations):
                stack += [("text", ")"), ("line", variation), ("text", "(")]
    return " ".join(out).replace("( ", "(").replace(" )", ")")


def game_page(game: SiteGame, event: str, round_page: str) -> str:
    """A game's page: the page ``pmn render`` draws (:func:`notation.render.html.record_html`,
    one design for both), in the site: links back to the event and the round, the
    shared ``site.css`` and ``viewer.js``, and the boards as compact data. A record
    that cannot be drawn at all (no known game, a bad ``Position``) gets a page that
    says why, with the problems the validator found."""
    crumbs = (
        f'<a href="index.html">{_event_name(event)}</a> \u203a '
        f'<a href="{round_page}">Round {html_name(game.round)}</a>'
    )
    record = game.record
    players = _players(record, _seats(record))
    names = " v ".join(html_isolated(name) for _, name in players) or "?"
    title = f"{names} \u2014 {html_isolated(event)}" if event else names
    try:
        return html_page(record_html(record, title=title, site=SitePage(crumbs)))
    except RenderError as exc:
        shown = [p.message for p in game.report.problems] or [exc.message]
        body = [
            f'<p class="crumbs">{crumbs}</p>',
            f"<h1>{' v '.join(html_name(name) for _, name in players) or '?'}</h1>",
            '<div class="problems" id="problems"><strong>Problems</strong><ul>',
            *(f'<li dir="auto">{escape(message)}</li>' for message in shown),
            "</ul></div>",
        ]
        return _page(title, body)


def _event_name(event: str) -> str:
    """The event's name as a link's text (HTML), isolated; "Event" when it has none."""
    return html_name(event) if event else "Event"


def _status(game: SiteGame) -> str:
    if not game.report.valid:
        return "invalid"
    if game.record.result == "*":
        return "unfinished"
    if not game.record.mainline.moves:
        seats = _seats(game.record)
        bye = any((game.record.tag(seat) or "").strip().upper() == BYE for seat in seats)
        return "bye" if bye else "forfeit"
    return ""


def round_page(event: str, round_: str, games: Sequence[SiteGame]) -> str:
    """A round's page: each game with its players, result, moves and a link to its page."""
    body = [
        f'<p class="crumbs"><a href="index.html">{_event_name(event)}</a></p>',
        f"<h1>Round {html_name(round_)}</h1>",
        '<table class="games"><thead><tr><th>Game</th><th>Players</th><th>Result</th>'
        "<th>Moves</th><th></th></tr></thead><tbody>",
    ]
    for number, game in enumerate(games, start=1):
        players = " v ".join(
            f"{html_name(name)} ({escape(seat)})"
            for seat, name in _players(game.record, _seats(game.record))
        )
        link = f'<a href="{game.page}">{number}</a>' if game.page else str(number)
        body.append(
            f'<tr><td>{link}</td><td class="name">{players}</td>'
            f"<td>{escape(game.record.result)}</td><td>{moves_as_players_count(game.record)}</td>"
            f"<td>{_status(game)}</td></tr>"
        )
    body.append("</tbody></table>")
    return _page(f"{html_isolated(event)} \u2014 round {html_isolated(round_)}", body)


def moves_as_players_count(record: Record) -> int:
    """A game's length as players count it: its last move number (each seat's turn is
    one ply; a move is a turn of every seat, PMN's move-number rule), not its plies (a
    Wari game of 161 plies is a game of 81 moves)."""
    seats = len(_seats(record)) or 1
    return -(-len(record.mainline.moves) // seats)


def round_page_name(key: str) -> str:
    """The file name of a round's page, from its key (:func:`round_keys`)."""
    return f"round-{key}.html"


def game_page_name(key: str, number: int) -> str:
    """The file name of the page of game ``number`` of a round, from its key."""
    return f"game-{key}-{number}.html"


def event_site(games: Sequence[tuple[Record, GameReport]], standings: Standings) -> dict[str, str]:
    """Every file of the event's site, by name: ``index.html``, ``round-N.html``,
    ``game-N-M.html``, ``site.css`` and ``viewer.js``."""
    of_round = [
        ((record.tag("Round") or "?").strip() or "?", record, report) for record, report in games
    ]
    keys = round_keys([round_ for round_, _, _ in of_round])
    by_round: dict[str, list[SiteGame]] = defaultdict(list)
    for round_, record, report in of_round:
        number = len(by_round[round_]) + 1
        page = game_page_name(keys[round_], number) if record.mainline.moves else None
        by_round[round_].append(SiteGame(record, report, page, round_))
    rounds = sorted(by_round, key=round_order)
    files: dict[str, str] = {"site.css": SITE_CSS, "viewer.js": VIEWER_JS}
    event = standings.event
    for round_ in rounds:
        files[round_page_name(keys[round_])] = round_page(event, round_, by_round[round_])
        for game in by_round[round_]:
            if game.page is not None:
                files[game.page] = game_page(game, event, round_page_name(keys[round_]))
    body = [
        f"<h1>{_event_name(event)}</h1>",
        "<h2>Standings</h2>",
        standings_table_html(standings),
        standings_about_html(standings),
        "<h2>Rounds</h2>",
        '<ul class="rounds">',
    ]
    body += [
        f'<li><a href="{round_page_name(keys[r])}">Round {html_name(r)}</a> '
        f"({len(by_round[r])} games)</li>"
        for r in rounds
    ]
    body.append("</ul>")
    if standings.excluded:
        body.append("<h2>Not counted</h2><ul>")
        body += [f"<li>{excluded_html(e, source=False)}</li>" for e in standings.excluded]
        body.append("</ul>")
    leader = standings.players[0] if standings.players else None
    if leader is not None:
        body.append(
            f'<p class="leader">Leader: {html_name(leader.name)}, '
            f"{format_points(leader.points)} points</p>"
        )
    files["index.html"] = _page(html_isolated(event) if event else "Event", body)
    return files


#: The site's style: the game page's (:data:`notation.render.html.PAGE_CSS`, one design
#: with ``pmn render``), and the index's and round pages' tables, links and legend.
SITE_CSS = (
    PAGE_CSS
    + """a { color: #8a3b12; }
.crumbs { margin: 0 0 0.3em; font-size: 0.95em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #c9b08a; padding: 0.2em 0.5em; text-align: center; }
td.name { text-align: left; } tbody tr:nth-child(even) { background: #f6ecd8; }
.system { font-size: 0.95em; } .legend { font-size: 0.9em; color: #4a3520; }
.problems { background: #ffe0d6; border: 2px solid #d84315; padding: 0.4em 0.8em; }
"""
)

#: The site's script: the game page's (:data:`notation.render.html.PAGE_SCRIPT`), which
#: unpacks the boards of a site's page and shows one step at a time.
VIEWER_JS = PAGE_SCRIPT


__all__ = [
    "PAGE_TAGS",
    "SITE_CSS",
    "VIEWER_JS",
    "SiteGame",
    "event_site",
    "game_page",
    "game_page_name",
    "line_text",
    "moves_as_players_count",
    "pack_boards",
    "round_key",
    "round_keys",
    "round_page",
    "round_page_name",
    "unpack_boards",
]
