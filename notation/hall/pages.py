"""The hall's pages: the recorder's, the arbiter's and the spectators' (HTML, CSS and JS in
``notation/hall/static/``), and the table cards.

:func:`page_routes` gives the routes :func:`notation.hall.app.create_app` serves beside
the API (see its docstring for the URL plan):

- ``/``: the round, every board updating by itself from ``/api/stream``, the standings
  (``/standings.json``, recomputed from the hall's games as results come in) and the
  round's PMN (``/api/rounds/R.pmn``);
- ``/rounds/R/boards/B``: a board's game drawn as ``pmn render`` draws a game
  (:func:`notation.render.html.record_html`), following the stream;
- ``/rounds/R/boards/B/view.json``: what the recorder's page draws: the board's drawing
  (:func:`notation.render.svg.position_svg`) and its legal moves by the pit touched;
- ``/record/R/B#token=...``: the recorder's page; ``/arbiter#token=...``: the arbiter's;
- ``/sw.js``: the recorder's service worker (``static/sw.js``), served from the root so
  that it may be registered for ``/record/``: where the browser allows one (HTTPS or
  localhost) it keeps the recorder's page and its board's last view for a reload while
  the hall cannot be reached.

Every page is a shell of escaped text and links to its script and style under
``/static`` (no inline script, no inline style: the hall's content security policy allows
neither); the scripts put every text a player, an arbiter or a file brings into the page
with ``textContent``. :func:`table_cards_html` makes the printable table cards (a
standalone file: it holds the boards' tokens, the hall never serves it).
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from notation.core.replay import GameReport, next_step, validate_record
from notation.desk.event import Entry
from notation.desk.publish import SITE_CSS, VIEWER_JS
from notation.desk.standings import collect, compute_standings, standings_json
from notation.games.base import MoveError
from notation.render.html import RenderError, SitePage, record_html
from notation.render.sinks import html_isolated, html_text
from notation.render.svg import position_svg

if TYPE_CHECKING:
    from notation.core.record import Record
    from notation.hall.hall import Board, Hall

__all__ = [
    "MOST_PER_PIT",
    "QUIET_SECONDS",
    "board_view",
    "page_routes",
    "table_cards_html",
]

#: The most moves the recorder's page offers as buttons for one pit (Tricala's orders and
#: directions); past them it asks for the move to be typed.
MOST_PER_PIT = 48
#: The most legal moves looked at to group them by pit.
MOST_SCANNED = 600
#: After how long without a move or an attempt the arbiter's page shows a board as quiet.
QUIET_SECONDS = 300
#: The results the arbiter's page offers, by number of seats, and the terminations.
RESULTS = {
    2: ("1-0", "0-1", "1/2-1/2", "*"),
    3: ("1-0-0", "0-1-0", "0-0-1", "1/2-1/2-0", "1/2-0-1/2", "0-1/2-1/2", "1/3-1/3-1/3", "*"),
}
TERMINATIONS = ("normal", "resignation", "agreement", "time", "adjudication")
_STYLE_RE = re.compile(r' style="([^"]*)"')
#: What the hall adds to the site's style for its board pages: the step buttons wrap on a
#: phone (nothing wider than a 360 px screen).
#: The recorder's service worker (static/sw.js), served at /sw.js.
SERVICE_WORKER_JS = (Path(__file__).parent / "static" / "sw.js").read_text(encoding="utf-8")
BOARD_PAGE_CSS = """
@media (max-width: 600px) { .controls { flex-wrap: wrap; gap: 0.4em; } }
"""


# -- the shells ------------------------------------------------------------------------


def _shell(
    title: str, body_attrs: dict[str, str], content: Sequence[str], scripts: Sequence[str]
) -> str:
    """A page: its title and every attribute escaped, its scripts and style under /static."""
    attrs = "".join(f' {name}="{html_text(value)}"' for name, value in body_attrs.items())
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html_text(title)}</title>",
            '<link rel="stylesheet" href="/static/hall.css">',
            "</head>",
            f"<body{attrs}>",
            *content,
            *(f'<script src="/static/{name}"></script>' for name in ("common.js", *scripts)),
            "</body>",
            "</html>",
            "",
        ]
    )


def _event_name(hall: Hall) -> str:
    return os.path.basename(os.path.abspath(hall.event_dir))


def recorder_page(hall: Hall, board: Board) -> str:
    """The recorder's page of ``board`` (its script does the rest: static/recorder.js)."""
    content = [
        "<header>",
        f"<h1>Round {board.round} \u00b7 Board {board.number}</h1>",
        '<p class="players" id="players"></p>',
        '<p><span id="net" class="net">online</span> <span id="status"></span></p>',
        "</header>",
        '<p id="message" role="alert" hidden></p>',
        '<figure class="board" id="board" aria-label="the board: touch a pit to enter its move">'
        "</figure>",
        '<div id="choices" aria-live="polite"></div>',
        '<form id="typed" autocomplete="off">',
        '<input id="move" name="move" inputmode="text" autocapitalize="none" spellcheck="false" '
        'maxlength="64" placeholder="or type the move" aria-label="the move as written">',
        '<button type="submit" id="send">Enter</button>',
        "</form>",
        '<p id="last" aria-live="polite"></p>',
        '<ol id="moves"></ol>',
        f'<p class="note">{html_text(hall.variant.game)}: touch the pit the move is sown from; '
        "moves entered without the network wait on this phone and are sent, in order, "
        "when it is back.</p>",
    ]
    attrs = {
        "data-page": "recorder",
        "data-round": str(board.round),
        "data-board": str(board.number),
    }
    title = f"Board {board.number}, round {board.round}: recorder"
    return _shell(title, attrs, content, ["recorder.js"])


def arbiter_page(hall: Hall) -> str:
    """The arbiter's page of the round (static/arbiter.js)."""
    seats = len(hall.variant.seats)
    results = RESULTS.get(seats, RESULTS[2])
    content = [
        "<header>",
        f"<h1>{html_text(_event_name(hall))}: round {hall.round}, the arbiter</h1>",
        f'<p><span id="live" class="live"></span> \u00b7 <a href="/api/rounds/{hall.round}.pmn">'
        "the round's PMN</a> \u00b7 "
        '<button type="button" id="close-round" class="danger">Close the round</button></p>',
        "</header>",
        '<p id="message" role="alert"></p>',
        '<div class="wide"><table id="arbiter">',
        "<thead><tr><th>Board</th><th>Players</th><th>Plies</th><th>Last moves</th>"
        "<th>Last activity</th><th>Result</th><th>Refused</th><th>Correct</th></tr></thead>",
        '<tbody id="boards"></tbody>',
        "</table></div>",
        f'<p class="note">A board with no move nor attempt for {QUIET_SECONDS // 60} minutes '
        "and no result is shown quiet. Taking back keeps the moves before the last one; the "
        "recorder's page then shows the board as it stands.</p>",
    ]
    attrs = {
        "data-page": "arbiter",
        "data-round": str(hall.round),
        "data-quiet-seconds": str(QUIET_SECONDS),
        "data-results": " ".join(results),
        "data-terminations": " ".join(TERMINATIONS),
    }
    return _shell(f"Round {hall.round}: the arbiter", attrs, content, ["arbiter.js"])


def round_page(hall: Hall) -> str:
    """The spectators' page of the round (static/round.js)."""
    name = _event_name(hall)
    content = [
        "<header>",
        f"<h1>{html_text(name)}: round {hall.round}</h1>",
        f'<p><span id="live" class="live"></span> \u00b7 <a id="pmn" href="/api/rounds/'
        f'{hall.round}.pmn" download="round-{hall.round}.pmn">the round\'s PMN</a></p>',
        "</header>",
        "<h2>Boards</h2>",
        '<div class="wide"><table id="round">',
        "<thead><tr><th>Board</th><th>Players</th><th>Moves</th><th>Last move</th>"
        "<th>Result</th></tr></thead>",
        '<tbody id="boards">',
        *(_board_row(board) for board in hall.boards),
        "</tbody>",
        "</table></div>",
        "<h2>Standings</h2>",
        '<div id="standings"></div>',
    ]
    attrs = {"data-page": "round", "data-round": str(hall.round)}
    return _shell(f"{html_isolated(name)}: round {hall.round}", attrs, content, ["round.js"])


def _board_row(board: Board) -> str:
    """A board's row as the page first shows it (the script keeps it up to date)."""
    state = board.state()
    seats = max(1, len(state["seats"]))
    names = " \u2013 ".join(f"<bdi>{html_text(name)}</bdi>" for name in state["players"].values())
    moves = state["moves"]
    result = state["result"] if state["result"] != "*" else f"{state['to_move'] or ''} to move"
    return (
        f'<tr data-board="{board.number}"><td class="num"><a href="{board.url_path}">'
        f'{board.number}</a></td><td class="name">{names}</td><td class="num ply">{-(-len(moves) // seats)}'
        f'</td><td class="moves last">{html_text(moves[-1] if moves else "")}</td>'
        f'<td class="result">{html_text(result)}</td></tr>'
    )


def board_page(hall: Hall, board: Board) -> str:
    """A board's page for spectators: its game as ``pmn render`` draws it, in the hall's
    dress (the site's style and viewer as files), following the stream (static/follow.js).

    The drawing's move table places its moves with ``style`` attributes, which the hall's
    content security policy refuses: they are carried as ``data-style`` and set through
    the CSS object model by static/follow.js (which the policy allows)."""
    crumbs = f'<a href="/">Round {hall.round}</a> \u00b7 board {board.number}'
    site = SitePage(crumbs=crumbs, stylesheet="/page/site.css", script="/page/viewer.js")
    try:
        page = record_html(board.recorder.record(), site=site)
    except RenderError as error:
        return _shell(
            f"Board {board.number}",
            {"data-page": "board"},
            [f'<p class="problem">This board cannot be drawn: {html_text(error.message)}</p>'],
            [],
        )
    page = _STYLE_RE.sub(r' data-style="\1"', page)
    follow = (
        '<script src="/static/common.js"></script>\n<script src="/static/follow.js"></script>\n'
        "</body>"
    )
    page = page.replace("</body>", follow, 1)
    marks = f' data-hall-round="{board.round}" data-hall-board="{board.number}"'
    return page.replace("<body ", f"<body{marks} ", 1)


# -- the recorder's view ---------------------------------------------------------------


def _drawn_pit(variant: Any, position: Any, origin: str) -> str:
    """The name the drawing gives the pit a move is sown from (Togyz Kumalak's drawing
    names the holes by side, ``W1``, ``B9``; its moves by number)."""
    if getattr(variant, "board", "") == "2x9":
        return "WB"[variant.to_move(position)] + origin
    return origin


def _touch_map(variant: Any, position: Any) -> tuple[dict[str, list[str]], dict[str, bool]]:
    """The legal moves of ``position`` by the pit drawn (at most MOST_PER_PIT a pit), and
    the pits that have more than are listed."""
    touch: dict[str, list[str]] = {}
    more: dict[str, bool] = {}
    moves = islice(variant.legal_moves(position), MOST_SCANNED + 1)
    for count, move in enumerate(moves):
        if count == MOST_SCANNED:  # more moves than scanned: every pit may have more
            more = {pit: True for pit in touch}
            break
        origin = variant.origin_of(move, position)
        if origin is None:  # a set-up move names several pits: typed, or touched in turn
            continue
        pit = _drawn_pit(variant, position, origin)
        listed = touch.setdefault(pit, [])
        if len(listed) < MOST_PER_PIT:
            listed.append(variant.format_move(move, position))
        else:
            more[pit] = True
    return touch, more


def _offline_names(variant: Any, svg: str) -> dict[str, str]:
    """What a touched pit enters while moves wait to be sent (the legal moves are not
    known then): the pit's own name, Togyz Kumalak's holes by their number."""
    names = re.findall(r'data-pit="([^"]+)"', svg)
    if getattr(variant, "board", "") == "2x9":
        return {name: name[1:] for name in names}
    return {name: name for name in names}


def board_view(board: Board) -> dict[str, Any]:
    """What the recorder's page draws: the board's state (:meth:`Board.state`), its
    drawing with the last move marked, and its legal moves by the pit drawn."""
    with board.lock:  # a consistent picture: the moves and positions of one moment
        state = board.state()
        recorder = board.recorder
        variant = recorder.variant
        positions = list(recorder.positions)
        tokens = [node.token for node in recorder.nodes]
    position = positions[-1]
    last_move = before = token = None
    if tokens:
        before, token = positions[-2], tokens[-1]
        try:
            last_move = next_step(variant, before, token).move
        except MoveError:  # written as the record had it: drawn unmarked
            last_move = None
    # the page is a phone's: the drawing made for its width where the board has one
    # (Togyz Kumalak's kazans above and below the board: its holes a finger wide at 360 px)
    svg = position_svg(
        variant, position, last_move=last_move, before=before, token=token, narrow=True
    )
    over = state["result"] != "*"
    touch, more = ({}, {}) if over else _touch_map(variant, position)
    return {
        **{key: state[key] for key in ("round", "board", "game", "seats", "moves", "ply")},
        **{key: state[key] for key in ("to_move", "result", "termination")},
        "players": [{"seat": seat, "name": name} for seat, name in state["players"].items()],
        "svg": svg,
        "touch": touch,
        "more": more,
        "names": _offline_names(variant, svg),
        # legal moves, none from one pit (Tricala's set-up places stones in three pits):
        # the pits touched are written one after another into the move typed
        "compose": not over and not touch and state["legal_count"] > 0,
    }


# -- the standings ---------------------------------------------------------------------


class _Standings:
    """The standings over the hall's games, with the event's other games (earlier rounds:
    read once from the event folder, they do not change under the hall)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.lock = threading.Lock()
        self.others: list[tuple[Record, GameReport]] | None = None
        self.kept: tuple[tuple[Any, ...], dict[str, Any]] | None = None

    def _other_games(self) -> list[tuple[Record, GameReport]]:
        if self.others is None:
            from notation.archive.events import NoGamesError, read_event

            folder = self.hall.event_dir
            mine = f"round-{self.hall.round}"
            paths = [
                os.path.join(folder, name)
                for name in sorted(os.listdir(folder))
                if name != mine and not name.startswith(".")
                and (name.endswith(".pmn") or os.path.isdir(os.path.join(folder, name)))
            ]  # fmt: skip
            try:
                self.others = read_event(paths, None, 1, unread=lambda _: None) if paths else []
            except NoGamesError:
                self.others = []
        return self.others

    def json(self) -> dict[str, Any]:
        """The standings now (computed again only when a result changed)."""
        key = tuple(_moment(board) if board.state()["result"] != "*" else None
                    for board in self.hall.boards)  # fmt: skip
        with self.lock:
            if self.kept is not None and self.kept[0] == key:
                return self.kept[1]
        made = self._compute()
        with self.lock:
            self.kept = (key, made)
        return made

    def _compute(self) -> dict[str, Any]:
        with self.lock:
            games = list(self._other_games())
        games += [
            (record, validate_record(record, index))
            for index, record in enumerate(_records(self.hall), start=1)
        ]
        entries = [(Entry.of(record, report.index), report) for record, report in games]
        played, excluded = collect(entries)
        table = compute_standings(played, excluded, event=_event_name(self.hall))
        return standings_json(table)


def _records(hall: Hall) -> Iterator[Record]:
    for board in hall.boards:
        with board.lock:
            record = board.recorder.record()
        yield record


# -- the routes ------------------------------------------------------------------------


def _moment(board: Board) -> tuple[Any, ...]:
    """What a board's pages are drawn from: its moves, result and termination (a page
    drawn for one moment serves every spectator until the board changes)."""
    state = board.state()
    return (tuple(state["moves"]), state["result"], state["termination"])


class _Drawn:
    """The last page of each kind drawn for each board, kept while the board is unchanged:
    500 spectators following a board draw it once a move, not 500 times."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pages: dict[tuple[str, int], tuple[tuple[Any, ...], Any]] = {}

    def get(self, kind: str, board: Board, draw: Any) -> Any:
        moment = _moment(board)
        with self.lock:
            kept = self.pages.get((kind, board.number))
        if kept is not None and kept[0] == moment:
            return kept[1]
        made = draw()
        with self.lock:
            self.pages[(kind, board.number)] = (moment, made)
        return made


def page_routes(hall: Hall) -> list[BaseRoute]:
    """The routes of the hall's pages (Starlette routes) for ``hall``."""
    standings = _Standings(hall)
    drawn = _Drawn()

    def board_of(request: Request) -> Board | None:
        if int(request.path_params["round"]) != hall.round:
            return None
        return next((b for b in hall.boards if b.number == int(request.path_params["board"])), None)

    def missing() -> Response:
        return HTMLResponse(
            _shell("Not here", {}, ["<p>This hall serves no such board.</p>"], []), 404
        )

    async def home(request: Request) -> Response:
        return HTMLResponse(round_page(hall), headers={"cache-control": "no-store"})

    async def arbiter(request: Request) -> Response:
        return HTMLResponse(arbiter_page(hall), headers={"cache-control": "no-store"})

    async def recorder(request: Request) -> Response:
        board = board_of(request)
        if board is None:
            return missing()
        return HTMLResponse(recorder_page(hall, board), headers={"cache-control": "no-store"})

    async def board(request: Request) -> Response:
        found = board_of(request)
        if found is None:
            return missing()
        page = await anyio.to_thread.run_sync(
            drawn.get, "page", found, lambda: board_page(hall, found)
        )
        return HTMLResponse(page, headers={"cache-control": "no-store"})

    async def view(request: Request) -> Response:
        found = board_of(request)
        if found is None:
            error = {"code": "no-such-board", "message": "this hall serves no such board"}
            return JSONResponse({"error": error}, 404)
        data = await anyio.to_thread.run_sync(drawn.get, "view", found, lambda: board_view(found))
        return JSONResponse(data, headers={"cache-control": "no-store"})

    async def standing(request: Request) -> Response:
        data = await anyio.to_thread.run_sync(standings.json)
        text = json.dumps(data, ensure_ascii=False, default=_number)
        return Response(text, media_type="application/json", headers={"cache-control": "no-store"})

    async def site_css(request: Request) -> Response:
        return Response(SITE_CSS + BOARD_PAGE_CSS, media_type="text/css")

    async def viewer_js(request: Request) -> Response:
        return Response(VIEWER_JS, media_type="text/javascript")

    async def service_worker(request: Request) -> Response:
        # no-cache: the browser asks again for each registration (a new version is taken)
        return Response(SERVICE_WORKER_JS, media_type="text/javascript",
                        headers={"cache-control": "no-cache"})  # fmt: skip

    board_path = "/rounds/{round:int}/boards/{board:int}"
    return [
        Route("/", home),
        Route("/arbiter", arbiter),
        Route("/record/{round:int}/{board:int}", recorder),
        Route(board_path, board),
        Route(f"{board_path}/view.json", view),
        Route("/standings.json", standing),
        Route("/page/site.css", site_css),
        Route("/page/viewer.js", viewer_js),
        Route("/sw.js", service_worker),
    ]


def _number(value: Any) -> Any:
    return float(value) if isinstance(value, Fraction) else str(value)


# -- table cards -----------------------------------------------------------------------

_CARD_CSS = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1em; color: #000; }
.cards { display: flex; flex-wrap: wrap; gap: 8mm; }
.card { width: 90mm; border: 2px dashed #555; padding: 5mm; break-inside: avoid; }
.card h2 { margin: 0 0 2mm; font-size: 20pt; }
.card .round { margin: 0; font-size: 11pt; }
.card ul { list-style: none; padding: 0; margin: 2mm 0; font-size: 13pt; }
.card .seat { font-weight: bold; }
.card img { width: 62mm; height: 62mm; display: block; image-rendering: pixelated; }
.card .url { font-family: monospace; font-size: 7.5pt; word-break: break-all; }
.card .how { font-size: 9pt; }
@media print { body { margin: 0; } .noprint { display: none; }
  .card { break-after: page; border: none; } }
"""


def table_cards_html(hall: Hall, base_url: str) -> str:
    """The table cards of the round, one a board, as one printable HTML page: the board,
    its players by seat, its recorder's address with its token (``base_url`` then
    ``/record/R/B#token=...``) and that address as a QR code.

    A standalone file (its style inside it, no script): it holds every board's token, so
    the hall never serves it; print it and keep it as the tokens are kept."""
    import segno

    base = base_url.rstrip("/")
    name = _event_name(hall)
    cards = []
    for board in hall.boards:
        url = f"{base}{board.record_path}#token={board.token}"
        qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
        players = "".join(
            f'<li><span class="seat">{html_text(seat)}</span> <bdi>{html_text(player)}</bdi></li>'
            for seat, player in board.players.items()
        )
        cards.append(
            f'<section class="card" data-board="{board.number}">'
            f"<h2>Board {board.number}</h2>"
            f'<p class="round"><bdi>{html_text(name)}</bdi>, round {hall.round}</p>'
            f"<ul>{players}</ul>"
            f'<img src="{html_text(qr)}" alt="QR code of the recorder\'s address">'
            f'<p class="url">{html_text(url)}</p>'
            '<p class="how">The recorder scans the code (or types the address) and enters '
            "each move on the phone. Keep this card at the board.</p>"
            "</section>"
        )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>Table cards: {html_text(html_isolated(name))}, round {hall.round}</title>",
            f"<style>{_CARD_CSS}</style>",
            "</head>",
            "<body>",
            f'<p class="noprint">{len(hall.boards)} table cards of round {hall.round}: one a '
            "page when printed. They carry the boards' tokens: keep them from view.</p>",
            '<div class="cards">',
            *cards,
            "</div>",
            "</body>",
            "</html>",
            "",
        ]
    )
