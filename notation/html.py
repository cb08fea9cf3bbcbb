"""A game as a web page: step through a record's main line in any browser.

::

    from notation import html

    page = html.record_html(record)        # one self-contained HTML document

The page needs nothing but itself: its CSS, its script and one SVG drawing
per position (from :mod:`notation.svg`) are inline, so it opens offline and
can be mailed or archived as one file. The script only shows and hides the
pre-rendered steps: the left and right arrow keys, Home and End, and the
first/previous/next/last buttons move through the game, and a click on a
move in the move list jumps to it. At the end the page gives the result and
why: the rules' outcome, or the declared result and the ``Termination`` tag
when the record stops before the rules end the game.

A record is untrusted input: every text taken from it (tags, comments, move
tokens) is escaped, and none of it is placed inside the script.

Like :mod:`notation.svg`, this module is imported only by those who use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from notation.errors import PMNError
from notation.games.base import Outcome, PositionError, RulesError, parse_result
from notation.pits import PitsError
from notation.record import MAINLINE, Record
from notation.replay import Problem, Step, open_game, replay
from notation.svg import position_svg

__all__ = ["RenderError", "record_html"]

#: The tags shown in the page's header, in this order, when present.
HEADER_TAGS = ("Event", "Site", "Date", "Round", "Game", "Rules")
#: Numeric annotation glyphs ($1-$6) as PGN writes them.
NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


class RenderError(PMNError):
    """A record cannot be drawn: unknown game, bad position, or an illegal move.

    ``line`` and ``column`` locate the problem in the record's source (0 when unknown).
    """

    code = "cannot-render"

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class _Step:
    """One position of the main line: the SVG, and the move that led to it (None at the start)."""

    svg: str
    number: str | None  # "12." or "12..." before the move
    token: str | None
    glyph: str
    seat: str | None
    comments: tuple[str, ...]
    turn: int = 0  # turns taken before the move (its row and column in the move table)


def _inline(svg: str) -> str:
    """An SVG drawing for inlining in HTML, which needs no namespace declaration: the page
    then holds no http:// text at all, which makes "no external references" easy to check."""
    return svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)


def _glyph(glyph: str, nags: tuple[int, ...]) -> str:
    return glyph + "".join(NAG_GLYPHS.get(n, "") for n in nags if not glyph)


def _steps(record: Record) -> tuple[list[_Step], Any, Any]:
    """Replay the main line; one step per position. Returns (steps, variant, final position)."""
    try:
        game = open_game(record)
    except (PitsError, RulesError, PositionError) as exc:
        raise RenderError(str(exc), record.line, 1) from exc
    variant, moves = game.variant, game.record.mainline.moves
    first = moves[0].comments_before if moves else game.record.mainline.comments
    steps = [_Step(position_svg(variant, game.start), None, None, "", None, first)]

    def add(step: Step) -> None:
        node, index = step.node, step.index
        comments = node.comments
        if index + 1 < len(moves):
            comments += moves[index + 1].comments_before
        else:
            comments += game.record.mainline.comments
        token = game.written_token(step.path, index, node.token)
        steps.append(
            _Step(
                position_svg(
                    variant, step.after, last_move=step.move, before=step.before, token=token
                ),
                step.number,
                token,
                _glyph(node.glyph, node.nags),
                variant.seats[variant.to_move(step.before)],
                comments,
                variant.turn(step.before),
            )
        )

    problems: list[Problem] = []
    replayed = replay(
        variant, game.record.mainline, game.start, problems=problems, on_step=add, variations=False
    )
    if problems:
        problem = problems[0]
        token = game.written_token(MAINLINE, replayed.plies, problem.token or "")
        message = problem.message.split(": ", 1)[-1]
        raise RenderError(f"{token}: {message}", problem.line, problem.column)
    return steps, variant, replayed.end


def _move_table(steps: list[_Step], seats: tuple[str, ...], result: str) -> list[str]:
    """The move list as a grid: a row per move number, a column per seat."""
    count = len(seats)
    first_row = steps[1].turn // count if len(steps) > 1 else 0
    style = f"grid-template-columns: auto repeat({count}, minmax(3.5em, max-content))"
    out = [f'<div id="moves" style="{style}">']
    out += [f'<span class="head" style="grid-column: {c + 2}">{escape(seat)}</span>'
            for c, seat in enumerate(seats)]  # fmt: skip
    out.append(
        f'<button type="button" class="mv current" data-step="0" '
        f'style="grid-row: 2; grid-column: 2 / span {count}">start</button>'
    )
    numbered: set[int] = set()
    row = 2
    for index, step in enumerate(steps[1:], 1):
        row = step.turn // count - first_row + 3
        if row not in numbered:
            numbered.add(row)
            number = step.turn // count + 1
            out.append(
                f'<span class="num" style="grid-row: {row}; grid-column: 1">{number}.</span>'
            )
        out.append(
            f'<button type="button" class="mv" data-step="{index}" '
            f'style="grid-row: {row}; grid-column: {step.turn % count + 2}">'
            f"{escape(step.token or '')}{escape(step.glyph)}</button>"
        )
    out.append(
        f'<span class="result" style="grid-row: {row + 1}; grid-column: 2 / span {count}">'
        f"{escape(result)}</span>"
    )
    out.append("</div>")
    return out


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


def record_html(record: Record, *, title: str | None = None) -> str:
    """A self-contained HTML page that steps through the record's main line.

    Raises :class:`RenderError` when the record names no known game, its
    ``Position`` tag cannot be read, or its main line has an illegal move.
    """
    steps, variant, final = _steps(record)
    players = _players(record, variant.seats)
    outcome = variant.outcome(final)
    ending = _ending(record, outcome, players)
    names = " v ".join(_isolated(name) for _, name in players)
    event = record.tag("Event")
    page_title = title or (f"{names} \u2014 {_isolated(event)}" if event else names)
    last = len(steps) - 1

    parts: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(page_title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        f'<body data-steps="{len(steps)}">',
        "<header>",
        f"<h1>{escape(event or variant.game)}</h1>",
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
    parts += ["</dl>", "</header>", "<main>", '<section class="viewer">', '<nav class="controls">']
    parts += [
        '<button type="button" id="first" title="First (Home)">\u00ab First</button>',
        '<button type="button" id="prev" title="Previous (\u2190)">\u2039 Previous</button>',
        f'<span id="counter" aria-live="polite">0 / {last}</span>',
        '<button type="button" id="next" title="Next (\u2192)">Next \u203a</button>',
        '<button type="button" id="last" title="Last (End)">Last \u00bb</button>',
        "</nav>",
        '<div id="steps">',
    ]
    for index, step in enumerate(steps):
        hidden = "" if index == 0 else " hidden"
        parts.append(f'<div class="step" data-step="{index}"{hidden}>')
        if step.token is None:
            parts.append('<p class="move">Start position</p>')
        else:
            parts.append(
                f'<p class="move">Move {escape(step.number or "")} '
                f'<span class="seat">{escape(step.seat or "")}</span> '
                f"<strong>{escape(step.token)}{escape(step.glyph)}</strong></p>"
            )
        if index == last:  # above the board, where it is seen without scrolling
            parts.append(f'<p id="outcome" class="outcome">Result {ending}</p>')
        parts.append(f'<figure class="board">{_inline(step.svg)}</figure>')
        for comment in step.comments:
            parts.append(f'<p class="comment" dir="auto">{escape(comment.strip())}</p>')
        parts.append("</div>")
    parts += ["</div>", "</section>", '<aside class="movelist">', "<h2>Moves</h2>"]
    parts += _move_table(steps, variant.seats, record.result)
    parts += [
        "</aside>",
        "</main>",
        "<footer><p>Keys: \u2190 and \u2192 step back and on, Home and End go to the start "
        f"and the end. {escape(variant.game)}, rules: {escape(variant.rules)}. "
        "Drawn by PMN, the Portable Mancala Notation.</p></footer>",
        f"<script>{_SCRIPT}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


_CSS = """
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
#moves .num { color: #6b4f33; font-size: 0.9em; text-align: right; justify-self: end; }
#moves button.mv { border: 1px solid transparent; background: none; padding: 0.1em 0.3em;
  font: inherit; color: #2b1a0a; cursor: pointer; border-radius: 4px; }
#moves button.mv:hover { border-color: #8a5a2b; }
#moves button.mv.current { background: #ffd54f; border-color: #d84315; font-weight: bold; }
#moves .result { font-weight: bold; padding: 0.1em 0.3em; }
footer { margin-top: 1em; font-size: 0.85em; color: #6b4f33; }
"""

# The script knows nothing of the record: it shows one pre-rendered step at a time.
_SCRIPT = """
(function () {
  "use strict";
  var steps = document.querySelectorAll("#steps .step");
  var moves = document.querySelectorAll("#moves button.mv");
  var counter = document.getElementById("counter");
  var last = steps.length - 1;
  var current = 0;
  var box = document.querySelector(".movelist");
  function reveal(element) {
    // scroll the move list only, never the page
    var top = element.offsetTop, bottom = top + element.offsetHeight;
    if (top < box.scrollTop) { box.scrollTop = top; }
    else if (bottom > box.scrollTop + box.clientHeight) { box.scrollTop = bottom - box.clientHeight; }
  }
  function go(index) {
    index = Math.max(0, Math.min(last, index));
    steps[current].hidden = true;
    moves[current].classList.remove("current");
    current = index;
    steps[current].hidden = false;
    moves[current].classList.add("current");
    if (current === last) { box.scrollTop = box.scrollHeight; }  // the result too
    else { reveal(moves[current]); }
    counter.textContent = current + " / " + last;
    document.body.setAttribute("data-current", String(current));
  }
  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("prev").addEventListener("click", function () { go(current - 1); });
  document.getElementById("next").addEventListener("click", function () { go(current + 1); });
  document.getElementById("last").addEventListener("click", function () { go(last); });
  Array.prototype.forEach.call(moves, function (button) {
    button.addEventListener("click", function () {
      go(parseInt(button.getAttribute("data-step"), 10));
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var keys = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last};
    if (Object.prototype.hasOwnProperty.call(keys, event.key)) {
      event.preventDefault();
      go(keys[event.key]);
    }
  });
  go(0);
})();
"""
