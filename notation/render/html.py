"""A game as a web page: step through a record, its variations too, in any browser.

::

    from notation.render import html

    page = html.record_html(record)        # one self-contained HTML document

The page needs nothing but itself: its CSS, its script and one SVG drawing
per position (from :mod:`notation.render.svg`) are inline, so it opens offline and
can be mailed or archived as one file. The script only shows and hides the
pre-rendered steps: the left and right arrow keys, Home and End, and the
first/previous/next/last buttons move through the game (in a variation, the
arrows follow the variation), and a click on a move in the move list jumps
to it. The move list shows every move of the main line, and under a move
its comments and its variations (inline, in parentheses, nested to any
depth); clocks written as ``[%clk]`` comments (:mod:`notation.core.commands`) are
shown at each position. At the end the page gives the result and why: the
rules' outcome, or the declared result and the ``Termination`` tag when the
record stops before the rules end the game. A move the rules refuse stops
its line: the page shows the game up to it and says what is wrong and where.

A record is untrusted input: every text taken from it (tags, comments, move
tokens) is escaped, and none of it is placed inside the script.

Like :mod:`notation.render.svg`, this module is imported only by those who use it.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from datetime import timedelta
from html import escape
from typing import Any

from notation.core.commands import format_duration, parse_comment
from notation.core.pits import PitsError
from notation.core.record import (
    MAINLINE,
    Line,
    Record,
    TreePath,
    iter_lines,
    path_text,
    variation_path,
)
from notation.core.replay import Game, LineVisitor, Problem, Step, open_game, replay
from notation.errors import Code, PMNError
from notation.games import find_variant
from notation.games.base import Outcome, PositionError, RulesError, parse_result
from notation.render.sinks import html_page, plural
from notation.render.svg import position_svg

__all__ = [
    "PAGE_CSS",
    "PAGE_SCRIPT",
    "SITE_CSS",
    "RenderError",
    "SitePage",
    "game_name",
    "pack_boards",
    "record_html",
    "site_page",
    "unpack_boards",
]

#: The tags shown in the page's header, in this order, when present.
HEADER_TAGS = ("Event", "Site", "Date", "Round", "Game", "Rules")
#: Numeric annotation glyphs ($1-$6) as PGN writes them.
NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


#: The most positions (main line and variations) one page draws: each is a board of
#: about 6 KB, and a page of more is no use to a reader (100,000 nested variations made
#: a page of 660 MB). Bounded work: a record past it is a RenderError that says so.
MAX_PAGE_POSITIONS = 10_000


class RenderError(PMNError):
    """A record cannot be drawn: unknown game, bad position, or an illegal move.

    ``line`` and ``column`` locate the problem in the record's source (0 when unknown).
    """

    code = Code.CANNOT_RENDER

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class SitePage:
    """How a game page sits in a web site (``pmn publish``) rather than alone (``pmn render``).

    ``crumbs`` is HTML shown above the title (links back to the site's pages,
    its record values already escaped and isolated), ``pager`` HTML under them (links
    to the previous and next games, the game's PMN); the page links ``stylesheet``
    and ``script`` instead of holding them (:data:`PAGE_CSS`, :data:`PAGE_SCRIPT`),
    and holds its boards as compact data (:func:`pack_boards`), drawn when shown.
    """

    crumbs: str = ""
    pager: str = ""
    stylesheet: str = "site.css"
    script: str = "viewer.js"


def pack_boards(svgs: list[str]) -> str:
    """Drawings as a site's game page holds them: a JSON array, zlib-compressed, in base64
    (the page's script unpacks them with the browser's ``DecompressionStream``)."""
    data = json.dumps(list(svgs), separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(data, 9)).decode("ascii")


def unpack_boards(packed: str) -> list[str]:
    """The drawings back from :func:`pack_boards` (for tests and tools)."""
    boards: list[str] = json.loads(zlib.decompress(base64.b64decode(packed)).decode("utf-8"))
    return boards


@dataclass(slots=True)
class _Step:
    """One position of the game: the SVG, and the move that led to it (None at the start).

    Steps 0..N are the main line; variation moves come after them. ``prev`` and
    ``next`` are the steps one move back and on along the step's own line.
    """

    svg: str
    number: str | None  # "12." or "12..." before the move
    token: str | None
    glyph: str
    seat: str | None
    comments: tuple[str, ...]
    turn: int = 0  # turns taken before the move (its row and column in the move table)
    mainline: bool = True
    prev: int | None = None
    next: int | None = None
    clocks: tuple[tuple[str, timedelta], ...] = ()  # each seat's last known clock here
    elapsed: timedelta | None = None  # what the move took (%emt)
    stamp: timedelta | None = None  # the mover's clock stamped on this move (%clk)
    index: int = 0  # the step's number, given once the main line's steps are counted


@dataclass(frozen=True, slots=True)
class _Replayed:
    """A record replayed for the page: every step, where each move's step is, and what stopped."""

    steps: list[_Step]
    # (id of a Line, index in it) -> step number; keyed by identity, as paths nest deep
    at: dict[tuple[int, int], int]
    parents: dict[int, tuple[int, int]]  # id of a variation -> (id of its line, node index)
    variant: Any
    final: Any
    completed: bool  # the main line was played to its end
    problems: list[Problem]
    game: Game


def _inline(svg: str) -> str:
    """An SVG drawing for inlining in HTML, which needs no namespace declaration: the page
    then holds no http:// text at all, which makes "no external references" easy to check."""
    return svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)


def _glyph(glyph: str, nags: tuple[int, ...]) -> str:
    return glyph + "".join(NAG_GLYPHS.get(n, "") for n in nags if not glyph)


def _replay(record: Record) -> _Replayed:
    """Replay the main line and every variation; one step per position reached.

    Raises :class:`RenderError` only when the record cannot be replayed at all
    (unknown game, unreadable ``Position``); an illegal move stops its line,
    and is reported in ``problems``.
    """
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError) as exc:
        raise RenderError(str(exc), record.line, 1) from exc
    variant, mainline = game.variant, game.record.mainline
    moves = mainline.moves
    first = moves[0].comments_before if moves else mainline.comments
    start = _Step(position_svg(variant, game.start), None, None, "", None, first)
    played: list[tuple[Step, tuple[str, ...]]] = []  # every move replayed, in text order
    # the lines met, by the identity of their path (a path is one object per line of the
    # walk; hashing a deeply nested path would recurse), and each variation's parent
    lines: dict[int, Line] = {id(MAINLINE): mainline}
    parents: dict[int, tuple[int, int]] = {}

    def line_of(path: TreePath) -> Line:
        """The line at ``path``, found from the nearest line met before (no recursion)."""
        pending: list[TreePath] = []
        current = path
        while id(current) not in lines:
            pending.append(current)
            parent = current[0]
            assert parent is not None
            current = parent
        found = lines[id(current)]
        for child in reversed(pending):
            _, index, which = child
            variation = found.moves[index].variations[which]
            parents[id(variation)] = (id(found), index)
            lines[id(child)] = found = variation
        return found

    def add(step: Step) -> None:
        line = line_of(step.path)
        keys.append((id(line), step.index))
        comments = step.node.comments
        if step.index + 1 < len(line.moves):
            comments += line.moves[step.index + 1].comments_before
        else:
            comments += line.comments
        played.append((step, comments))

    keys: list[tuple[int, int]] = []  # each played move's (id of its line, index)
    problems: list[Problem] = []
    replayed = replay(variant, mainline, game.start, LineVisitor(add, problems))
    # main-line steps first (1..N, as the counter shows them), then the variations' in text order
    numbered = range(len(played))
    order = [i for i in numbered if played[i][0].on_mainline]
    order += [i for i in numbered if not played[i][0].on_mainline]
    at = {keys[i]: number for number, i in enumerate(order, 1)}
    steps = [start]
    seats = variant.seats
    starts: dict[int, int] = {}  # each variation's step before its first move
    for i in order:
        (step, comments), (line_id, _) = played[i], keys[i]
        node = step.node
        token = game.written_token(step.path, step.index, node.token)
        seat = seats[variant.to_move(step.before)]
        before = _before(at, parents, line_id, step.index, starts)
        parsed = [parse_comment(c) for c in node.comments]
        clock = next((c.clock for c in parsed if c.clock is not None), None)
        elapsed = next((c.elapsed for c in parsed if c.elapsed is not None), None)
        steps.append(
            _Step(
                position_svg(
                    variant, step.after, last_move=step.move, before=step.before, token=token
                ),
                step.number,
                token,
                _glyph(node.glyph, node.nags),
                seat,
                comments,
                variant.turn(step.before),
                step.on_mainline,
                before,
                at.get((line_id, step.index + 1)),
                elapsed=elapsed,
                stamp=clock,
            )
        )
    for number, drawn in enumerate(steps):
        drawn.index = number
    steps[0].next = 1 if len(steps) > 1 and steps[1].mainline else None
    # each seat's clock as last stamped on the way to each step (a step's prev is drawn first)
    known: dict[int, dict[str, timedelta]] = {0: {}}
    for drawn in steps[1:]:
        clocks = dict(known.get(drawn.prev if drawn.prev is not None else 0, {}))
        if drawn.stamp is not None and drawn.seat is not None:
            clocks[drawn.seat] = drawn.stamp
        known[drawn.index] = clocks
        drawn.clocks = tuple((seat, clocks[seat]) for seat in seats if seat in clocks)
    return _Replayed(steps, at, parents, variant, replayed.end, replayed.completed, problems, game)


def _before(
    at: dict[tuple[int, int], int],
    parents: dict[int, tuple[int, int]],
    line: int,
    index: int,
    starts: dict[int, int] | None = None,
) -> int:
    """The step of the position before move ``index`` of a line (0: the start).

    ``starts`` remembers, for each variation met, the step before its first
    move, so that deeply nested variations that each begin where their parent
    line begins cost one look-up each, not a climb to the main line (which
    made deep nesting quadratic).
    """
    if index > 0:
        return at.get((line, index - 1), 0)
    starts = {} if starts is None else starts
    climbed: list[int] = []  # variations whose start is the same as the one found
    found = 0
    while True:
        if line in starts:
            found = starts[line]
            break
        if line not in parents:  # the main line
            break
        climbed.append(line)
        line, index = parents[line]
        if index > 0:
            found = at.get((line, index - 1), 0)
            break
    for variation in climbed:
        starts[variation] = found
    return found


def _breakable(token: str) -> str:
    """A move token as HTML, with a place to break the line after each ``-`` and ``+``
    (a Tricala move can be long: the move list wraps it rather than cut it)."""
    return escape(token).replace("-", "-<wbr>").replace("+", "+<wbr>")


def _move_button(step: _Step, extra: str = "") -> str:
    stamp = (
        f' <span class="clk">{escape(format_duration(step.stamp))}</span>'
        if step.stamp is not None
        else ""
    )
    return (
        f'<button type="button" class="mv{" var" if not step.mainline else ""}" '
        f'data-step="{step.index}"{extra}>'
        f"{_breakable(step.token or '')}{escape(step.glyph)}{stamp}</button>"
    )


def _note(comments: tuple[str, ...]) -> list[str]:
    """Comments as they appear in the move list (their clock commands left out)."""
    out = []
    for comment in comments:
        text = parse_comment(comment).text
        if text:
            out.append(f'<span class="note" dir="auto">{escape(text)}</span>')
    return out


def _variation_html(
    played: _Replayed, line: Line, path: TreePath, problems: dict[str, Problem]
) -> str:
    """A variation and the variations inside it, inline: ``(12... b 13. C (13. D) e)``.

    Moves that were played are buttons to their step; a move the rules refuse
    is marked with the problem, and the moves after it are shown as written.
    Variations nest to any depth: an explicit stack, not recursion.
    """
    game = played.game
    out: list[str] = []
    stack: list[tuple[Line, TreePath, int]] = [(line, path, -1)]  # -1: not opened yet
    while stack:
        current, where, index = stack.pop()
        if index < 0:
            out.append('<span class="variation">(')
            stack.append((current, where, 0))
            continue
        if index >= len(current.moves):
            out += _note(current.comments)
            out.append(")</span>")
            continue
        node = current.moves[index]
        stack.append((current, where, index + 1))
        out += _note(node.comments_before)
        number = played.at.get((id(current), index))
        after_break = index == 0 or bool(current.moves[index - 1].variations)
        if number is not None:
            step = played.steps[number]
            written = step.number or ""
            if after_break or not written.endswith("..."):  # the number stays with its move
                out.append(
                    f'<span class="pair"><span class="num">{escape(written)}</span> '
                    f"{_move_button(step)}</span>"
                )
            else:
                out.append(_move_button(step))
        else:
            token = game.written_token(where, index, node.token)
            problem = problems.get(
                _place(node.line, node.column) if node.line else path_text(where, index)
            )
            if problem is not None:
                out.append(
                    f'<span class="bad">{escape(node.number + " " if node.number else "")}'
                    f"{_breakable(token)}</span>"
                    f'<span class="note bad-note">{escape(_problem_words(problem))}</span>'
                )
            else:
                out.append(f'<span class="unplayed">{_breakable(token)}</span>')
        out += _note(node.comments)
        for j in reversed(range(len(node.variations))):
            stack.append((node.variations[j], variation_path(where, index, j), -1))
    return (
        " ".join(out)
        .replace('<span class="variation">( ', '<span class="variation">(')
        .replace(" )</span>", ")</span>")
    )


def _place(line: int, column: int) -> str:
    """A key for a problem by its place in the source (paths of deep variations are long)."""
    return f"{line}:{column}"


def _problem_words(problem: Problem) -> str:
    """A problem as the page states it: the move, what is wrong, and where in the record."""
    where = f" (line {problem.line}, column {problem.column})" if problem.line else ""
    number = f"move {problem.move_number} " if problem.move_number else ""
    return f"{number}{problem.message}{where}"


def _move_table(
    played: _Replayed, result: str, problems: dict[str, Problem], stopped: Problem | None
) -> list[str]:
    """The move list as a grid: a row per move number, a column per seat; a move's
    variations and comments in a row of their own under it, across the grid."""
    steps, seats = played.steps, played.variant.seats
    count = len(seats)
    main = [step for step in steps[1:] if step.mainline]
    style = f"grid-template-columns: auto repeat({count}, minmax(0, 1fr))"
    out = [f'<div id="moves" style="{style}">']
    out += [f'<span class="head" style="grid-column: {c + 2}">{escape(seat)}</span>'
            for c, seat in enumerate(seats)]  # fmt: skip
    out.append(
        f'<button type="button" class="mv current" data-step="0" '
        f'style="grid-row: 2; grid-column: 2 / span {count}">start</button>'
    )
    row = 2
    mainline = played.game.record.mainline
    extra = _note(steps[0].comments)
    if extra:
        row += 1
        out.append(_block(row, extra))
    open_row: int | None = None  # the move number of the row being filled, if any
    for index, step in enumerate(main):
        number = step.turn // count
        button = _move_button(
            step,
            f' style="grid-row: {row + (number != open_row)}; '
            f'grid-column: {step.turn % count + 2}"',
        )
        if number != open_row:
            row += 1
            open_row = number
            # the number and the row's first move in one box (display: contents in the
            # grid): where the list runs as text on a phone, a number keeps to its move
            out.append(
                f'<span class="line"><span class="num" style="grid-row: {row}; grid-column: 1">'
                f"{number + 1}{'.' if step.turn % count == 0 else '...'}</span>{button}</span>"
            )
        else:
            out.append(button)
        node = mainline.moves[index]
        block = _note(step.comments)
        block += [
            _variation_html(played, variation, variation_path(MAINLINE, index, j), problems)
            for j, variation in enumerate(node.variations)
        ]
        if block:
            row += 1
            out.append(_block(row, block))
            open_row = None  # the next move starts a row of its own
    if stopped is not None:
        row += 1
        index = len(main)
        node = mainline.moves[index]
        token = played.game.written_token(MAINLINE, index, node.token)
        rest = len(mainline.moves) - index - 1
        after = f" The {plural(rest, 'move')} after it are not shown." if rest else ""
        out.append(
            f'<p class="bad-row" style="grid-row: {row}; grid-column: 1 / -1">'
            f'<span class="bad">{_breakable(token)}</span> cannot be played: '
            f"{escape(_problem_words(stopped))}.{after}</p>"
        )
    else:
        out.append(
            f'<span class="result" style="grid-row: {row + 1}; grid-column: 2 / span {count}">'
            f"{escape(result)}</span>"
        )
    out.append("</div>")
    return out


def _block(row: int, parts: list[str]) -> str:
    return (
        f'<div class="aside" style="grid-row: {row}; grid-column: 2 / -1">{" ".join(parts)}</div>'
    )


def game_name(record: Record, variant: Any) -> str:
    """The game's own name, as the record's ``Game`` tag names it when that is one of
    the variant's names ("Oware", "Awale"), else the name people know the variant by
    (``variant.title``: "Oware" for Wari's tournament rules, never "Wari")."""
    tag = (record.tag("Game") or "").strip()
    names = {n.lower() for n in (*variant.names, *variant.aliases)}
    same = tag.lower() in names and find_name(tag) == variant.title
    return tag if same else variant.title


def find_name(tag: str) -> str:
    """The title of the variant a ``Game`` tag alone selects ("" when none)."""
    try:
        return str(find_variant(tag, None, {}).title)
    except PMNError:
        return ""


def _players(record: Record, seats: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(seat, record.tag(seat) or "?") for seat in seats]


def _isolated(name: str) -> str:
    """A name between FSI and PDI (U+2068, U+2069), for plain text such as the title
    and the result: a right-to-left override in one name ends at its PDI, and cannot
    reverse the other player's name. (In markup, names go in ``<bdi>``.)"""
    return f"\u2068{name}\u2069"


def _result_words(result: str, players: list[tuple[str, str]]) -> str:
    """``South (<bdi>Ada Mensah</bdi>) wins`` / ``drawn between ...`` for a result token,
    or ``""``: HTML, each name escaped and isolated (a right-to-left override in one name
    cannot reverse the rest of the line)."""
    try:
        points = parse_result(result)
    except (ValueError, ZeroDivisionError):
        return ""
    if points is None:
        return "the game is unfinished"
    if len(points) != len(players):
        return ""
    names = [
        f"{escape(seat)} (<bdi>{escape(name)}</bdi>)" if name != "?" else escape(seat)
        for seat, name in players
    ]
    winners = [names[i] for i, p in enumerate(points) if p == 1]
    if len(winners) == 1:
        return f"{winners[0]} wins"
    sharing = [names[i] for i, p in enumerate(points) if p > 0]
    if len(sharing) > 1:
        return f"drawn between {' and '.join(sharing)}"
    return ""


def _ending(record: Record, outcome: Outcome | None, players: list[tuple[str, str]]) -> str:
    """The result and its reason, as the page states it at the end of the game (HTML)."""
    termination = record.tag("Termination")
    if outcome is not None:
        words = _result_words(outcome.result, players)
        text = f"{escape(outcome.result)}: {words + '. ' if words else ''}{escape(outcome.reason)}."
        if record.result != outcome.result:
            text += f" (The record declares {escape(record.result)}.)"
        return text
    if record.result == "*":
        return "*: the game is unfinished" + (f" ({escape(termination)})." if termination else ".")
    words = _result_words(record.result, players)
    reason = f"the game stopped early: {escape(termination)}" if termination else "no reason given"
    return f"{escape(record.result)}: {words or 'declared by the record'} ({reason})."


def record_html(
    record: Record,
    *,
    title: str | None = None,
    problems: list[Problem] | None = None,
    site: SitePage | None = None,
) -> str:
    """A self-contained HTML page that steps through the record's main line and variations.

    Every move of the main line and of each variation is a step; the move
    list shows the variations and comments under the move they follow, and
    the clocks of ``[%clk]`` comments (:mod:`notation.core.commands`). A move the
    rules refuse stops its line: the page shows the game up to it and says
    what is wrong and where (line and column); the problems found are
    appended to ``problems`` when it is given. Raises :class:`RenderError`
    only when the record names no known game or its ``Position`` tag cannot
    be read. With ``site``, the page is a game page of a web site: the same page,
    its style and script linked and its boards packed (:class:`SitePage`); ``pmn
    render`` and ``pmn publish`` pages are one design, built here.
    """
    positions = sum(len(line.moves) for line in iter_lines(record.mainline)) + 1
    if positions > MAX_PAGE_POSITIONS:  # bounded work: a page draws every position
        raise RenderError(
            f"the record reaches {positions:,} positions with its variations; a page draws "
            f"at most {MAX_PAGE_POSITIONS:,} (one board each): keep fewer variations in "
            "the record to draw it",
            record.line,
            1,
        )
    played = _replay(record)
    steps, variant = played.steps, played.variant
    if problems is not None:
        problems.extend(played.problems)
    by_path = {problem.path: problem for problem in played.problems if problem.path}
    by_place = {_place(p.line, p.column): p for p in played.problems if p.line}
    marked = {**by_path, **by_place}
    stopped = None if played.completed else by_path.get(path_text(MAINLINE, _main_count(steps)))
    players = _players(record, variant.seats)
    outcome = variant.outcome(played.final) if played.completed else None
    ending = _ending(record, outcome, players)
    names = " v ".join(_isolated(name) for _, name in players)
    event = record.tag("Event")
    page_title = title or (f"{names} \u2014 {_isolated(event)}" if event else names)
    last = _main_count(steps)

    parts = _head(record, variant, players, page_title, event, stopped, len(steps), last, site)
    parts += ["</header>", "<main>", '<section class="viewer">', '<nav class="controls">']
    parts += [
        '<button type="button" id="first" title="First (Home)" aria-label="First">'
        '\u00ab <span class="word">First</span></button>',
        '<button type="button" id="prev" title="Previous (\u2190)" aria-label="Previous">'
        '\u2039 <span class="word">Previous</span></button>',
        f'<span id="counter" aria-live="polite">0 / {last}</span>',
        '<button type="button" id="next" title="Next (\u2192)" aria-label="Next">'
        '<span class="word">Next</span> \u203a</button>',
        '<button type="button" id="last" title="Last (End)" aria-label="Last">'
        '<span class="word">Last</span> \u00bb</button>',
        "</nav>",
    ]
    boards: list[str] | None = [] if site is not None else None
    drawn = [part for step in steps for part in _step_html(step, last, stopped, ending, boards)]
    packed = f' data-boards="{pack_boards(boards)}"' if boards is not None else ""
    parts += [f'<div id="steps"{packed}>', *drawn]
    parts += ["</div>", "</section>", '<aside class="movelist">', "<h2>Moves</h2>"]
    parts += _move_table(played, record.result, marked, stopped)
    parts += [
        "</aside>",
        "</main>",
        "<footer><p>Keys: \u2190 and \u2192 step back and on (in a variation too), Home and "
        f"End go to the start and the end. {escape(game_name(record, variant))}, rules: "
        f"{escape(variant.rules)}. Drawn by PMN, the Portable Mancala Notation.</p></footer>",
        f'<script src="{escape(site.script)}"></script>'
        if site is not None
        else f"<script>{PAGE_SCRIPT}</script>",
        "</body>",
        "</html>",
        "",  # the page ends with a line end (joined, not appended: no copy of the page)
    ]
    return "\n".join(parts)


def _head(
    record: Record,
    variant: Any,
    players: list[tuple[str, str]],
    page_title: str,
    event: str | None,
    stopped: Problem | None,
    count: int,
    last: int,
    site: SitePage | None = None,
) -> list[str]:
    """The page from its doctype to the end of its header: title, names, tags, and the
    record's problem when one stops its main line (in a site: the links back first)."""
    style = (
        f'<link rel="stylesheet" href="{escape(site.stylesheet)}">'
        if site is not None
        else f"<style>{PAGE_CSS}</style>"
    )
    parts: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(page_title)}</title>",
        style,
        "</head>",
        f'<body data-steps="{count}" data-last="{last}">',
        "<header>",
        *([f'<p class="crumbs">{site.crumbs}</p>'] if site is not None and site.crumbs else []),
        *([f'<nav class="pager">{site.pager}</nav>'] if site is not None and site.pager else []),
        f"<h1><bdi>{escape(event or game_name(record, variant))}</bdi></h1>",  # a record's name: isolated
        '<p class="players">'
        + " \u00b7 ".join(
            f'<span class="seat">{escape(seat)}</span> <bdi>{escape(name)}</bdi>'
            for seat, name in players
        )
        + "</p>",
        '<dl class="tags">',
    ]
    for name in HEADER_TAGS:
        value = record.tag(name)
        if value is not None and name != "Event":
            parts.append(f'<dt>{escape(name)}</dt><dd dir="auto">{escape(value)}</dd>')
    parts.append("</dl>")
    if stopped is not None:
        parts.append(
            f'<p id="problem" class="problem">This record has a problem: '
            f"{escape(_problem_words(stopped))}. The page shows the game up to that move.</p>"
        )
    return parts


def _step_html(
    step: _Step, last: int, stopped: Problem | None, ending: str, boards: list[str] | None = None
) -> list[str]:
    """One step of the viewer: the move, its clocks, the outcome at the main line's end,
    the board (its drawing handed over: one copy held; into ``boards`` when given, the
    figure left for the script to fill) and the comments."""
    parts: list[str] = []
    index = step.index
    hidden = "" if index == 0 else " hidden"
    links = "".join(
        f' data-{name}="{value}"'
        for name, value in (("prev", step.prev), ("next", step.next))
        if value is not None and index != 0
    )
    if index == 0 and step.next is not None:
        links = ' data-next="1"'
    if not step.mainline:
        links += (
            f' data-counter="variation: {escape(step.number or "")} {escape(step.token or "")}"'
        )
    parts.append(f'<div class="step" data-step="{index}"{hidden}{links}>')
    if step.token is None:
        parts.append('<p class="move">Start position</p>')
    else:
        where = "" if step.mainline else '<span class="in-variation">In a variation:</span> '
        parts.append(
            f'<p class="move">{where}Move {escape(step.number or "")} '
            f'<span class="seat">{escape(step.seat or "")}</span> '
            f"<strong>{escape(step.token)}{escape(step.glyph)}</strong></p>"
        )
    if step.clocks or step.elapsed is not None:
        parts.append(_clock_line(step))
    if index == last:  # above the board, where it is seen without scrolling
        if stopped is not None:
            parts.append(
                f'<p id="outcome" class="outcome bad-outcome">The next move cannot be played: '
                f"{escape(_problem_words(stopped))}.</p>"
            )
        else:
            parts.append(f'<p id="outcome" class="outcome">Result {ending}</p>')
    if boards is not None:
        boards.append(_inline(step.svg))
        parts.append('<figure class="board"></figure>')
    else:
        parts.append(f'<figure class="board">{_inline(step.svg)}</figure>')
    step.svg = ""  # drawn into the page: one copy of each drawing held, not two
    for comment in step.comments:
        text = parse_comment(comment).text
        if text:
            parts.append(f'<p class="comment" dir="auto">{escape(text)}</p>')
    parts.append("</div>")
    return parts


def _main_count(steps: list[_Step]) -> int:
    """The number of main-line moves drawn (the last main-line step)."""
    return sum(1 for step in steps[1:] if step.mainline)


def _clock_line(step: _Step) -> str:
    """Each seat's clock as last stamped, and what the move took (HTML)."""
    shown = [
        f'<span class="seat">{escape(seat)}</span> {escape(format_duration(value))}'
        for seat, value in step.clocks
    ]
    text = "Clocks: " + " \u00b7 ".join(shown) if shown else ""
    if step.elapsed is not None:
        took = f"this move took {escape(format_duration(step.elapsed))}"
        text = f"{text}; {took}" if text else took[0].upper() + took[1:]
    return f'<p class="clocks">{text}</p>'


#: The style of a game page, alone (inline) or in a site (site.css holds it).
PAGE_CSS = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 1em auto;
  max-width: 1200px; padding: 0 1em; color: #2b1a0a; background: #fffaf0; }
h1 { margin: 0.2em 0; font-size: 1.5em; }
h2 { font-size: 1.1em; margin: 0 0 0.4em; }
.players { font-size: 1.1em; margin: 0.2em 0; }
.seat { color: #6b4f33; font-weight: bold; }
dl.tags { display: flex; flex-wrap: wrap; gap: 0.2em 1.2em; margin: 0.4em 0 0.8em;
  font-size: 0.9em; }
dl.tags dt { font-weight: bold; color: #6b4f33; }
dl.tags dt::after { content: ":"; }
dl.tags dd { margin: 0 0 0 -0.9em; }
main { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.viewer { flex: 1 1 640px; min-width: 300px; }
.movelist { flex: 1 1 300px; max-height: 80vh; overflow: auto; position: relative; }
.controls { display: flex; gap: 0.5em; align-items: center; margin-bottom: 0.5em; }
.controls button { font-size: 1em; padding: 0.3em 0.8em; cursor: pointer; }
#counter { min-width: 5em; text-align: center; font-variant-numeric: tabular-nums; }
.board { margin: 0; }
.board svg { max-width: 100%; height: auto; }
.move { font-size: 1.1em; margin: 0.3em 0; }
.comment { background: #f3e6c8; border-left: 4px solid #8a5a2b; padding: 0.3em 0.6em;
  margin: 0.3em 0; white-space: pre-wrap; }
.outcome { font-size: 1.15em; font-weight: bold; background: #ffe082;
  border: 2px solid #d84315; padding: 0.4em 0.6em; }
#moves { display: grid; gap: 0.1em 0.3em; align-items: baseline; justify-items: start;
  justify-content: start; }
#moves .head { font-weight: bold; color: #6b4f33; }
#moves .line { display: contents; }
#moves .num { color: #6b4f33; font-size: 0.9em; text-align: right; justify-self: end; }
#moves button.mv { border: 1px solid transparent; background: none; padding: 0.1em 0.3em;
  font: inherit; color: #2b1a0a; cursor: pointer; border-radius: 4px; text-align: left;
  max-width: 100%; white-space: normal; overflow-wrap: anywhere; }
#moves .aside { font-size: 0.92em; color: #4a3520; margin: 0.1em 0 0.3em;
  border-left: 2px solid #d9c39a; padding-left: 0.4em; overflow-wrap: anywhere; }
#moves .aside button.mv { padding: 0 0.2em; }
#moves .variation { color: #5a4630; }
#moves .pair { display: inline-block; max-width: 100%; }
#moves .pair .num { justify-self: auto; }
#moves .note { font-style: italic; white-space: pre-wrap; }
.clk { font-size: 0.8em; color: #6b4f33; font-variant-numeric: tabular-nums; }
.clocks { margin: 0.2em 0; font-variant-numeric: tabular-nums; }
.bad { color: #b71c1c; text-decoration: underline wavy #b71c1c; font-weight: bold; }
.unplayed { color: #8d7b66; }
.bad-note { color: #b71c1c; }
.problem, .bad-row, .bad-outcome { background: #ffebee; border: 2px solid #b71c1c;
  padding: 0.4em 0.6em; }
.bad-row { margin: 0.3em 0; font-weight: normal; }
#moves button.mv:hover { border-color: #8a5a2b; }
#moves button.mv.current { background: #ffd54f; border-color: #d84315; font-weight: bold; }
#moves .result { font-weight: bold; padding: 0.1em 0.3em; }
footer { margin-top: 1em; font-size: 0.85em; color: #6b4f33; }
@media (max-width: 700px) {
  body { margin: 0.5em auto; padding: 0 0.5em; }
  .viewer { min-width: 0; flex-basis: 100%; }
  .controls { flex-wrap: wrap; gap: 0.4em; }
  .controls button { padding: 0.4em 0.9em; }
  .controls .word { display: none; }
  #moves { display: block; }
  #moves .head { display: none; }
  #moves .line { display: inline-block; white-space: nowrap; }
  #moves .num { margin: 0 0.1em 0 0.3em; }
  #moves button.mv { white-space: nowrap; overflow-wrap: normal; }
  #moves .aside, #moves .result, #moves .bad-row { display: block; }
  .board svg .caption { display: none; }
  .board svg[data-board="2x6"] text.name { font-size: 22px; }
  .board svg[data-board="2x6"] text.count { font-size: 24px; }
  .board svg[data-board="2x6"] text.score-seat { font-size: 20px; }
  .board svg[data-board="2x6"] text.score-count { font-size: 22px; }
  .board svg[data-board="2x6"] text.score-what { font-size: 20px; }
  .board svg[data-board="2x6"] text.score-turn { font-size: 20px; }
  .board svg[data-board="triangle"] text { font-size: 20px; }
  .board svg[data-board="kalah"] text { font-size: 22px; }
  .board svg[data-board="kalah"] g.score text.count { font-size: 28px; }
  .board svg[data-board="kalah"] text.score-turn { display: none; }
  .board svg g.score rect { transform-box: fill-box; transform-origin: center; }
  .board svg[data-board="2x9"] text { font-size: 24px; }
  .board svg[data-board="2x9"] g.score rect { transform: scale(1.15, 1.4); }
  .board svg[data-board="2x9"] text.score-seat { transform: translateY(-5px); }
  .board svg[data-board="2x9"] text.score-count { transform: translateY(4px); }
  .board svg[data-board="2x9"] text.score-what { transform: translateY(10px); }
  .board svg[data-board="2x9"] text.score-turn { display: none; }
  .board svg[data-board="3x12"] text { font-size: 27px; }
  .board svg[data-board="3x12"] text.name, .board svg[data-board="3x12"] text.row {
    display: none; }
  .board svg[data-board="3x12"] text.rank { transform: translateX(-6px); }
  .board svg[data-board="3x12"] g.score rect { transform: scale(1.2, 1.6); }
  .board svg[data-board="3x12"] text.score-seat { transform: translateY(-9px); }
  .board svg[data-board="3x12"] text.score-count { transform: translateY(4px); }
  .board svg[data-board="3x12"] text.score-what { transform: translateY(14px); }
  .board svg[data-board="3x12"] text.score-turn { transform: translateY(24px); }
}
"""

#: The style of every page of a site (``site.css``) and of ``pmn standings --format
#: html`` (held in the page): the game page's (:data:`PAGE_CSS`) and the tables, links
#: and legend of the index and round pages. A wide table scrolls in its box on a phone.
SITE_CSS = (
    PAGE_CSS
    + """a { color: #8a3b12; }
.crumbs, .pager { margin: 0 0 0.3em; font-size: 0.95em; }
.pager a { white-space: nowrap; }
h1, .crumbs, ul.excluded { overflow-wrap: anywhere; }
.scroll { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #c9b08a; padding: 0.2em 0.5em; text-align: center; }
td.name { text-align: left; } tbody tr:nth-child(even) { background: #f6ecd8; }
.leader { font-size: 1.1em; font-weight: bold; }
.system { font-size: 0.95em; } .legend { font-size: 0.9em; color: #4a3520; }
.problems { background: #ffe0d6; border: 2px solid #d84315; padding: 0.4em 0.8em; }
@media (max-width: 700px) {
  td, th { padding: 0.2em 0.3em; }
  table.games { font-size: 0.9em; }
}
"""
)


def site_page(
    title: str, body: list[str], *, stylesheet: str | None = "site.css", script: str | None = None
) -> str:
    """A page of the site's design (``pmn publish``'s index and round pages, ``pmn
    standings --format html``): ``title`` is plain text (its record values already
    isolated), ``body`` HTML. The page links ``stylesheet``, or with None holds
    :data:`SITE_CSS` itself (a page that stands alone); ``script`` is linked when given."""
    style = (
        f'<link rel="stylesheet" href="{escape(stylesheet)}">'
        if stylesheet is not None
        else f"<style>{SITE_CSS}</style>"
    )
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        style,
        "</head>",
        "<body>",
    ]
    tail = [f'<script src="{escape(script)}"></script>'] if script is not None else []
    return html_page("\n".join([*head, *body, *tail, "</body>", "</html>"]) + "\n")


#: The script of a game page, alone (inline) or in a site (viewer.js). It knows nothing
#: of the record: it shows one pre-rendered step at a time, and in a site first unpacks
#: the boards (:func:`pack_boards`) and draws each step's when it is shown.
PAGE_SCRIPT = """
(function () {
  "use strict";
  var holder = document.getElementById("steps");
  if (!holder) { return; }
  var packed = holder.getAttribute("data-boards");
  if (!packed) { start(null); return; }
  var binary = atob(packed);
  var bytes = new Uint8Array(binary.length);
  for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  new Response(stream).text().then(function (text) { start(JSON.parse(text)); });
  function start(boards) {
    var steps = document.querySelectorAll("#steps .step");
    var buttons = {};
    Array.prototype.forEach.call(document.querySelectorAll("#moves button.mv"), function (b) {
      buttons[b.getAttribute("data-step")] = b;
    });
    var counter = document.getElementById("counter");
    var last = parseInt(document.body.getAttribute("data-last"), 10);
    var current = 0;
    var box = document.querySelector(".movelist");
    function reveal(element) {
      // scroll the move list only, never the page
      var top = element.offsetTop, bottom = top + element.offsetHeight;
      if (top < box.scrollTop) { box.scrollTop = top; }
      else if (bottom > box.scrollTop + box.clientHeight) { box.scrollTop = bottom - box.clientHeight; }
    }
    function link(name) {
      // the step one move back or on along the current step's own line (main line or variation)
      var value = steps[current].getAttribute("data-" + name);
      return value === null ? current : parseInt(value, 10);
    }
    function go(index) {
      if (isNaN(index) || index < 0 || index >= steps.length) { return; }
      steps[current].hidden = true;
      buttons[String(current)].classList.remove("current");
      current = index;
      steps[current].hidden = false;
      if (boards) {  // a site's page: draw the step's board when it is first shown
        var figure = steps[current].querySelector("figure.board");
        if (figure && !figure.firstChild) { figure.innerHTML = boards[current]; }
      }
      var button = buttons[String(current)];
      button.classList.add("current");
      if (current === last) { box.scrollTop = box.scrollHeight; }  // the result too
      else { reveal(button); }
      counter.textContent = steps[current].getAttribute("data-counter") || (current + " / " + last);
      document.body.setAttribute("data-current", String(current));
    }
    document.getElementById("first").addEventListener("click", function () { go(0); });
    document.getElementById("prev").addEventListener("click", function () { go(link("prev")); });
    document.getElementById("next").addEventListener("click", function () { go(link("next")); });
    document.getElementById("last").addEventListener("click", function () { go(last); });
    Object.keys(buttons).forEach(function (key) {
      buttons[key].addEventListener("click", function () { go(parseInt(key, 10)); });
    });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var keys = {ArrowLeft: "prev", ArrowRight: "next", Home: 0, End: last};
      if (Object.prototype.hasOwnProperty.call(keys, event.key)) {
        event.preventDefault();
        var target = keys[event.key];
        go(typeof target === "string" ? link(target) : target);
      }
    });
    go(0);
  }
})();
"""
