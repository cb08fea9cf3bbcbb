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
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any

from notation.core.record import Line, MoveNode, Record
from notation.core.replay import GameReport, record_variant
from notation.desk.event import BYE, Entry
from notation.desk.standings import (
    Excluded,
    Standings,
    leader_html,
    standings_about_html,
    standings_table_html,
)
from notation.desk.standings import round_key as round_order
from notation.errors import PMNError
from notation.formats.pmn import write_record
from notation.render.html import (
    PAGE_SCRIPT,
    SITE_CSS,
    RenderError,
    SitePage,
    pack_boards,
    record_html,
    site_page,
    unpack_boards,
)
from notation.render.sinks import html_isolated, html_name, html_page, plural
from notation.render.sinks import html_text as escape

#: The tags a game page shows under its title, in this order, when present.
PAGE_TAGS = ("Site", "Date", "Round", "Game", "Rules", "Termination")
#: NAGs $1-$6 as glyphs.
_NAGS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


@dataclass(frozen=True, slots=True)
class SiteGame:
    """A game of the site: its record, its validation report, its page name (None: no
    page), its round, its board (the ``Board`` tag's number, or the next number free
    in its round) and, for a copy of a game counted, that game."""

    record: Record
    report: GameReport
    page: str | None
    round: str
    board: int = 0
    copy_of: SiteGame | None = None


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
    """A page: ``title`` is plain text (its record values already isolated), ``body`` HTML
    (:func:`notation.render.html.site_page`: one design with ``pmn standings``)."""
    return site_page(title, body, script="viewer.js" if script else None)


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


def game_page(
    game: SiteGame,
    event: str,
    round_page: str,
    pager: str = "",
) -> str:
    """A game's page: the page ``pmn render`` draws (:func:`notation.render.html.record_html`,
    one design for both), in the site: links back to the event and the round, to the
    round's previous and next games and to the game's PMN (``pager``, HTML), the
    shared ``site.css`` and ``viewer.js``, and the boards as compact data. A record
    that cannot be drawn at all (no known game, a bad ``Position``) gets a page that
    says why, with the problems the validator found."""
    crumbs = (
        f'<a href="index.html">{_event_name(event)}</a> \u203a '
        f'<a href="{round_page}">Round {html_name(game.round)}</a> \u203a board {game.board}'
    )
    record = game.record
    players = _players(record, _seats(record))
    names = " v ".join(html_isolated(name) for _, name in players) or "?"
    title = f"{names} \u2014 {html_isolated(event)}" if event else names
    try:
        return html_page(record_html(record, title=title, site=SitePage(crumbs, pager=pager)))
    except RenderError as exc:
        shown = [p.message for p in game.report.problems] or [exc.message]
        body = [
            f'<p class="crumbs">{crumbs}</p>',
            *([f'<nav class="pager">{pager}</nav>'] if pager else []),
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


def round_page(event: str, round_: str, games: Sequence[SiteGame], pmn: str | None = None) -> str:
    """A round's page: each game by its board, with its players, result, moves, a note
    (invalid, unfinished, a bye, a forfeit, a copy not counted) and a link to its page;
    a link to the round's PMN (``pmn``: its file name) when there is one."""
    body = [
        f'<p class="crumbs"><a href="index.html">{_event_name(event)}</a></p>',
        f"<h1>Round {html_name(round_)}</h1>",
    ]
    if pmn is not None:
        body.append(f'<p class="downloads"><a href="{pmn}" download>PMN of the round</a></p>')
    body.append(
        '<div class="scroll"><table class="games"><thead><tr><th>Board</th><th>Players</th>'
        "<th>Result</th><th>Moves</th><th>Note</th></tr></thead><tbody>"
    )
    for game in games:
        players = " v ".join(
            f"{html_name(name)} ({escape(seat)})"
            for seat, name in _players(game.record, _seats(game.record))
        )
        link = f'<a href="{game.page}">{game.board}</a>' if game.page else str(game.board)
        note = _status(game)
        if game.copy_of is not None:
            note = f"not counted: copy of {_game_link(game.copy_of, game.round)}"
        body.append(
            f'<tr><td>{link}</td><td class="name">{players}</td>'
            f"<td>{escape(game.record.result)}</td><td>{moves_as_players_count(game.record)}</td>"
            f"<td>{note}</td></tr>"
        )
    body.append("</tbody></table></div>")
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


def game_pmn_name(page: str) -> str:
    """The file name of a game's PMN, beside its page (``game-1-2.html``: ``game-1-2.pmn``)."""
    return page.removesuffix(".html") + ".pmn"


def _board_tag(record: Record) -> int | None:
    """The ``Board`` tag as a board number (a whole number from 1), or None."""
    value = (record.tag("Board") or "").strip()
    return int(value) if value.isdigit() and 0 < int(value) < 1_000_000 else None


def _boards(numbered: Sequence[int | None]) -> list[int]:
    """Each game's board in a round: its ``Board`` tag when no other game of the round
    has the same, else the lowest number no game of the round has, in input order."""
    seen = Counter(n for n in numbered if n is not None)
    taken = {n for n, times in seen.items() if times == 1}
    free = (n for n in count(1) if n not in taken)
    return [n if n is not None and seen[n] == 1 else next(free) for n in numbered]


def _pmn_text(records: Sequence[Record]) -> str | None:
    """The records as PMN text (a blank line between games), or None when one cannot be
    written (a game cut off as it was read: its text was not kept)."""
    try:
        return "\n".join(write_record(record) for record in records)
    except PMNError:
        return None


def _pager(games: Sequence[SiteGame], at: int, pmn: str | None) -> str:
    """The links of a game page to the previous and next games of its round, and its PMN."""
    paged = [g for g in games if g.page is not None and g.copy_of is None]
    where = next(i for i, g in enumerate(paged) if g is games[at])
    links = []
    if where > 0:
        before = paged[where - 1]
        links.append(f'<a href="{before.page}" rel="prev">\u2039 board {before.board}</a>')
    if where + 1 < len(paged):
        after = paged[where + 1]
        links.append(f'<a href="{after.page}" rel="next">board {after.board} \u203a</a>')
    if pmn is not None:
        links.append(f'<a href="{pmn}" download>PMN of the game</a>')
    return " \u00b7 ".join(links)


def _copies(entries: Sequence[Entry], standings: Standings) -> dict[int, int]:
    """The games the standings leave out as copies, each (by its place in ``entries``)
    with the place of the game counted that it copies."""
    copies = {(e.source, e.game) for e in standings.excluded if e.copy}
    if not copies:
        return {}
    left_out = {(e.source, e.game) for e in standings.excluded}
    places = [(entry.source, entry.game) for entry in entries]
    counted: dict[bytes, int] = {}
    for i, entry in enumerate(entries):
        if places[i] not in left_out and entry.moves:
            counted.setdefault(entry.identity, i)
    return {
        i: counted[entry.identity]
        for i, entry in enumerate(entries)
        if places[i] in copies and entry.identity in counted
    }


def _crosstable_links(
    site_games: Sequence[SiteGame], entries: Sequence[Entry], counted: Sequence[bool]
) -> dict[tuple[str, str, str, tuple[str, ...]], list[str]]:
    """Each crosstable cell's game page, by (round, player, seat, opponents), as the
    standings name them (:func:`notation.desk.standings.collect`)."""
    links: dict[tuple[str, str, str, tuple[str, ...]], list[str]] = defaultdict(list)
    for game, entry, counts in zip(site_games, entries, counted, strict=True):
        if game.page is None or not counts:
            continue
        round_ = (entry.tag("Round") or "").strip()
        round_ = round_ if round_ not in ("", "?", "-") else "?"
        players = entry.players
        for i, (seat, player) in enumerate(zip(entry.seats, players, strict=True)):
            others = tuple(p for j, p in enumerate(players) if j != i)
            links[(round_, player, seat, others)].append(game.page)
    return links


def _game_link(game: SiteGame, round_: str | None = None) -> str:
    """A game named by its board (and its round, when not ``round_``), linked to its page."""
    words = f"board {game.board}"
    if game.round != round_:
        words = f"round {html_name(game.round)}, {words}"
    return f'<a href="{game.page}">{words}</a>' if game.page is not None else words


def _excluded_item(item: Excluded, game: SiteGame | None, original: SiteGame | None) -> str:
    """A game left out, for the index's list: its round, board, players and why, with
    links to its page (or to the game it copies), never where its file was."""
    players = " v ".join(html_name(p) for p in item.players) or "?"
    board = f", board {game.board}" if game is not None else ""
    where = f"Round {html_name(item.round)}{board}"
    if game is not None and game.page is not None:
        where = f'<a href="{game.page}">{where}</a>'
    if item.copy and original is not None:
        round_ = game.round if game is not None else None
        why = f"not counted: copy of {_game_link(original, round_)}, the game counted"
    elif item.copy:
        why = "not counted: a copy of a game counted"
    else:
        why = html_name(item.reason)
    return f"{where}: {players}: {why}"


def _site_games(
    games: Sequence[tuple[Record, GameReport]],
    copies: dict[int, int],
    rounds: Sequence[str],
    keys: dict[str, str],
) -> list[SiteGame]:
    """Each game as the site shows it, in input order: its board in its round, its page
    (none for a game without moves, or a copy) and the game it copies."""
    places: dict[str, list[int]] = defaultdict(list)
    for i, round_ in enumerate(rounds):
        places[round_].append(i)
    board_of: dict[int, int] = {}
    for members in places.values():
        firsts = [i for i in members if i not in copies]
        numbers = _boards([_board_tag(games[i][0]) for i in firsts])
        board_of.update(zip(firsts, numbers, strict=True))
    shown: dict[int, SiteGame] = {}
    for i in sorted(range(len(games)), key=lambda i: i in copies):  # the games copied first
        (record, report), round_ = games[i], rounds[i]
        original = shown[copies[i]] if i in copies else None
        board = board_of[i] if original is None else original.board
        moves = bool(record.mainline.moves) and original is None
        page = game_page_name(keys[round_], board) if moves else None
        shown[i] = SiteGame(record, report, page, round_, board, original)
    return [shown[i] for i in range(len(games))]


def _index(
    standings: Standings,
    by_round: dict[str, list[SiteGame]],
    keys: dict[str, str],
    links: dict[tuple[str, str, str, tuple[str, ...]], list[str]],
    left_out: list[tuple[Excluded, SiteGame | None, SiteGame | None]],
) -> str:
    """The index: the leader, the standings (cells linked to their games), the rounds
    (games counted, copies not) and the games not counted."""
    event = standings.event
    body = [f"<h1>{_event_name(event)}</h1>"]
    if standings.players:
        body.append(leader_html(standings))
    body += [
        "<h2>Standings</h2>",
        standings_table_html(standings, links=links),
        standings_about_html(standings),
        "<h2>Rounds</h2>",
        '<ul class="rounds">',
    ]
    for r in sorted(by_round, key=round_order):
        copied = sum(1 for g in by_round[r] if g.copy_of is not None)
        more = f"; {plural(copied, 'copy', 'copies')} not counted" if copied else ""
        body.append(
            f'<li><a href="{round_page_name(keys[r])}">Round {html_name(r)}</a> '
            f"({plural(len(by_round[r]) - copied, 'game')}{more})</li>"
        )
    body.append("</ul>")
    if left_out:
        body.append('<h2>Not counted</h2><ul class="excluded">')
        body += [f"<li>{_excluded_item(*item)}</li>" for item in left_out]
        body.append("</ul>")
    return _page(html_isolated(event) if event else "Event", body)


def event_site(games: Sequence[tuple[Record, GameReport]], standings: Standings) -> dict[str, str]:
    """Every file of the event's site, by name: ``index.html``, ``round-N.html`` and its
    ``round-N.pmn``, ``game-N-B.html`` and ``game-N-B.pmn`` (B: the game's board),
    ``site.css`` and ``viewer.js``. A game submitted twice has one page: its copy is a
    row of the round's page that says so."""
    entries = [Entry.of(record, report.index) for record, report in games]
    copies = _copies(entries, standings)
    of_round = [((record.tag("Round") or "?").strip() or "?") for record, _ in games]
    keys = round_keys(of_round)
    shown = _site_games(games, copies, of_round, keys)
    by_round: dict[str, list[SiteGame]] = defaultdict(list)
    for game in sorted(shown, key=lambda g: (g.board, g.copy_of is not None)):
        by_round[game.round].append(game)
    files: dict[str, str] = {"site.css": SITE_CSS, "viewer.js": VIEWER_JS}
    event = standings.event
    for round_ in sorted(by_round, key=round_order):
        members = by_round[round_]
        round_pmn = f"round-{keys[round_]}.pmn"
        text = _pmn_text([g.record for g in members if g.copy_of is None])
        if text is not None:
            files[round_pmn] = text
        name = round_page_name(keys[round_])
        files[name] = round_page(event, round_, members, round_pmn if text is not None else None)
        for at, game in enumerate(members):
            if game.page is None:
                continue
            pmn = game_pmn_name(game.page)
            text = _pmn_text([game.record])
            if text is not None:
                files[pmn] = text
            pager = _pager(members, at, pmn if text is not None else None)
            files[game.page] = game_page(game, event, name, pager)
    excluded = {(e.source, e.game) for e in standings.excluded}
    counted = [(entry.source, entry.game) not in excluded for entry in entries]
    links = _crosstable_links(shown, entries, counted)
    place = {(e.source, e.game): i for i, e in enumerate(entries)}
    left_out: list[tuple[Excluded, SiteGame | None, SiteGame | None]] = []
    for item in standings.excluded:
        i = place.get((item.source, item.game))
        its = shown[i] if i is not None else None
        original = shown[copies[i]] if i is not None and i in copies else None
        left_out.append((item, its, original))
    files["index.html"] = _index(standings, by_round, keys, links, left_out)
    return files


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
    "game_pmn_name",
    "line_text",
    "moves_as_players_count",
    "pack_boards",
    "round_key",
    "round_keys",
    "round_page",
    "round_page_name",
    "unpack_boards",
]
