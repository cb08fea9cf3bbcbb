"""Pictures of positions: an SVG drawing of any position of any board.

::

    from notation.render import svg

    picture = svg.position_svg(variant, position, last_move=move, before=previous)

Like python-chess's ``chess.svg``, this is a sibling of the model that the
library never imports by itself: import it when you want pictures.

There is one function per board (:func:`wari_svg` for Trysse and Wari,
:func:`tricala_svg`, :func:`trias_svg`, :func:`kalah_svg`, :func:`togyz_svg`) and
:func:`position_svg`, which picks the one registered for the game's board family
(:data:`DRAWINGS`, keyed by the variant's ``board``; a plugin game registers its own
with :func:`register_drawing`): the games know nothing of the renderer. Each is
built with the drawing kit every board uses, public for a plugin game's own board:
:class:`Drawing` (elements, text, captions), :func:`pit_group` and :func:`pit_circle`
(a pit, ringed when it is the last move's), :func:`score_box`, :func:`captions_of`
(whose turn, the result, the last move) and the colours. Every drawing names its pits, gives the stones in
each (Tricala: per colour, as coloured discs with counts), the stones each
player captured (Trias: removed), whose turn it is or the result, and marks
the last move when it is given: its origin pit is ringed and, for a Tricala
sowing, the path of its stones is drawn (from the engine's ``Sowing.path``).

The output is plain SVG 1.1 with no scripts, no external references and no
``id`` attributes, so many drawings can be inlined in one HTML page. Every
pit is a ``<g class="pit" data-pit="NAME" data-stones="...">`` group, which
makes the drawings easy to test and to style.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from notation.games.base import Variant
    from notation.games.kalah import KalahPosition, KalahVariant
    from notation.games.togyz import TogyzPosition, TogyzVariant
    from notation.games.trias import TriasPosition, TriasVariant
    from notation.games.tricala import TricalaMove, TricalaPosition, TricalaVariant
    from notation.games.wari import WariPosition, WariVariant

__all__ = [
    "BOARD",
    "BOARD_EDGE",
    "DRAWINGS",
    "FONT",
    "INK",
    "MARK",
    "MARK_EDGE",
    "MUTED",
    "NARROW_DRAWINGS",
    "PATH",
    "PIT",
    "PIT_EDGE",
    "STONE_COLOURS",
    "Drawing",
    "captions_of",
    "kalah_svg",
    "pit_circle",
    "pit_group",
    "position_svg",
    "register_drawing",
    "score_box",
    "status_text",
    "togyz_svg",
    "trias_svg",
    "tricala_svg",
    "wari_svg",
]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
BOARD = "#d9b77e"
BOARD_EDGE = "#8a5a2b"
PIT = "#f7ecd4"
PIT_EDGE = "#8a5a2b"
INK = "#2b1a0a"
MUTED = "#6b4f33"
MARK = "#ffd54f"  # the last move's origin pit
MARK_EDGE = "#d84315"
PATH = "#d84315"  # a Tricala sowing's path
#: Tricala stones: (fill, outline, text) for White, Black, Red.
STONE_COLOURS = (
    ("#ffffff", "#222222", "#111111"),
    ("#1c1c1c", "#000000", "#ffffff"),
    ("#c62828", "#7f0000", "#ffffff"),
)
CHAR_WIDTH = 7.4  # average width of a 13px character, for wrapping captions
LINE_HEIGHT = 18


class Drawing:
    """Collects SVG elements; the height is fixed when the drawing is finished."""

    def __init__(self, width: int, label: str, board: str = "") -> None:
        self.width = width
        self.label = label
        self.board = board  # the board family, as data-board: a page's style may size by it
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: int = 13,
        anchor: str = "middle",
        weight: str = "normal",
        fill: str = INK,
        css: str = "",
    ) -> None:
        klass = f" class={quoteattr(css)}" if css else ""
        self.add(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{klass}>{escape(content)}</text>'
        )

    def captions(self, top: float, lines: Sequence[str], *, x: float = 16, size: int = 13) -> float:
        """Write caption lines (wrapped to the width) from ``top`` at ``size``; return the
        y below them."""
        columns = max(20, int((self.width - 2 * x) / (CHAR_WIDTH * size / 13)))
        y = top
        for number, line in enumerate(lines):
            for part in textwrap.wrap(line, columns) or [""]:
                y += round(LINE_HEIGHT * size / 13)
                weight = "bold" if number == len(lines) - 1 else "normal"
                self.text(x, y, part, size=size, anchor="start", weight=weight, css="caption")
        return y

    def finish(self, height: float) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="0 0 {self.width} {height:g}" width="{self.width}" height="{height:g}" '
            f'font-family="{FONT}" role="img" aria-label={quoteattr(self.label)}'
            + (f" data-board={quoteattr(self.board)}>" if self.board else ">")
        )
        title = f"<title>{escape(self.label)}</title>"
        return "\n".join([head, title, *self.parts, "</svg>"]) + "\n"


def status_text(variant: Variant[Any, Any], position: Any) -> str:
    """Whose turn it is, or ``Game over: 1-0 (reason)``."""
    outcome = variant.outcome(position)
    if outcome is not None:
        return f"Game over: {outcome.result} ({outcome.reason})"
    return f"{variant.seats[variant.to_move(position)]} to move"


def captions_of(
    variant: Variant[Any, Any],
    position: Any,
    last_move: Any,
    before: Any,
    token: str | None,
    extra: Sequence[str] = (),
) -> list[str]:
    lines = list(extra)
    if last_move is not None or token is not None:
        if token is None and before is not None:
            token = variant.format_move(last_move, before)
        who = f"{variant.seats[variant.to_move(before)]} " if before is not None else ""
        lines.append(f"Last move: {who}{token}" if token is not None else "Last move marked")
    lines.append(status_text(variant, position))
    return lines


def pit_group(name: str, stones: str, marked: bool) -> str:
    css = "pit last-move" if marked else "pit"
    return f"<g class={quoteattr(css)} data-pit={quoteattr(name)} data-stones={quoteattr(stones)}>"


def pit_circle(drawing: Drawing, x: float, y: float, r: float, marked: bool) -> None:
    if marked:
        drawing.add(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r + 4:g}" fill="none" stroke="{MARK_EDGE}" '
            f'stroke-width="3" class="mark"/>'
        )
    fill = MARK if marked else PIT
    drawing.add(
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{PIT_EDGE}" '
        f'stroke-width="1.5"/>'
    )


def score_box(
    drawing: Drawing, x: float, y: float, seat: str, count: int, what: str, mover: bool
) -> None:
    """A store-like box: the seat's name, the count, and what it counts."""
    edge = MARK_EDGE if mover else BOARD_EDGE
    drawing.add(
        f'<g class="score" data-seat={quoteattr(seat)} data-count="{count}">'
        f'<rect x="{x:g}" y="{y - 30:g}" width="104" height="60" rx="10" fill="{PIT}" '
        f'stroke="{edge}" stroke-width="{3 if mover else 1.5}"/>'
    )
    drawing.text(x + 52, y - 13, seat, size=12, weight="bold", css="score-seat")
    drawing.text(x + 52, y + 8, str(count), size=20, weight="bold", css="score-count")
    drawing.text(x + 52, y + 24, what, size=10, fill=MUTED, css="score-what")
    if mover:
        drawing.text(
            x + 52, y + 46, "to move", size=12, weight="bold", fill=MARK_EDGE, css="score-turn"
        )
    drawing.add("</g>")


# -- Trysse and Wari --------------------------------------------------------
def wari_svg(
    variant: WariVariant,
    position: WariPosition,
    *,
    last_move: int | None = None,
    before: WariPosition | None = None,
    token: str | None = None,
) -> str:
    """Two rows of six holes as South sees them: North's f..a on top, South's A..F below."""
    from notation.games.wari import HOLE_NAMES, NORTH, SOUTH

    step, radius, left, top = 74, 30, 30, 46
    drawing = Drawing(left + 6 * step + 150, f"{variant.title} position", variant.board)
    rows = ((NORTH, range(11, 5, -1), top + 40), (SOUTH, range(0, 6), top + 120))
    drawing.add(
        f'<rect x="{left - 14}" y="{top - 6}" width="{6 * step + 28}" height="172" rx="24" '
        f'fill="{BOARD}" stroke="{BOARD_EDGE}" stroke-width="2"/>'
    )
    outcome = variant.outcome(position)
    for seat, holes, y in rows:
        label_y = y - radius - 16 if seat == NORTH else y + radius + 27
        for column, hole in enumerate(holes):
            x = left + step / 2 + column * step
            marked = hole == last_move
            count = position.pits[hole]
            drawing.add(pit_group(HOLE_NAMES[hole], str(count), marked))
            pit_circle(drawing, x, y, radius, marked)
            drawing.text(x, y + 8, str(count), size=22, weight="bold", css="count")
            drawing.text(x, label_y, HOLE_NAMES[hole], size=15, weight="bold", css="name")
            drawing.add("</g>")
        mover = outcome is None and position.to_move == seat
        score_box(
            drawing,
            left + 6 * step + 30,
            y,
            variant.seats[seat],
            position.captured[seat],
            "captured",
            mover,
        )
    # the game's own name: "Oware" under the tournament rules, which its name implies
    extra = [variant.title if variant.abapa else f"{variant.game} ({variant.rules})"]
    lines = captions_of(variant, position, last_move, before, token, extra)
    bottom = drawing.captions(top + 196, lines)
    return drawing.finish(bottom + 14)


# -- Tricala ----------------------------------------------------------------
def tricala_svg(
    variant: TricalaVariant,
    position: TricalaPosition,
    *,
    last_move: TricalaMove | None = None,
    before: TricalaPosition | None = None,
    token: str | None = None,
) -> str:
    """The triangle of 21 pits, 1a at the top, with each pit's stones per colour.

    Stones are discs in their colour (white, black, red) with the count
    written inside; corner pits have a double rim. The last move's origin is
    ringed and a sowing's path drawn as an arrow through the pits it sowed.
    """
    from notation.games.tricala import (
        COLOURS,
        COORDS,
        CORNERS,
        PIT_NAMES,
        ROWS,
        Placement,
        Sowing,
        unpack,
    )

    dx, dy, radius = 100, 88, 40
    width = ROWS * dx + 40
    panel = 14 + 24 * len(variant.seats)  # the seats' panel, above the triangle
    top = panel + 64
    drawing = Drawing(width, "Tricala position", variant.board)

    def centre(pit: int) -> tuple[float, float]:
        row, col = COORDS[pit]
        return width / 2 + (col - (row + 1) / 2) * dx, top + (row - 1) * dy

    a, b, c = centre(0), centre(15), centre(20)
    pad = radius + 22
    drawing.add(
        f'<polygon points="{a[0]:g},{a[1] - pad - 8:g} {b[0] - pad - 6:g},{b[1] + pad - 12:g} '
        f'{c[0] + pad + 6:g},{c[1] + pad - 12:g}" fill="{BOARD}" stroke="{BOARD_EDGE}" '
        f'stroke-width="2" stroke-linejoin="round"/>'
    )
    marked: set[int] = set()
    path: tuple[int, ...] = ()
    if isinstance(last_move, Placement):
        marked = set(last_move.pits)
    elif isinstance(last_move, Sowing):
        marked = {last_move.origin}
        path = (last_move.origin, *last_move.path)
    for pit in range(len(PIT_NAMES)):  # the pits first: a sowing's path runs over them
        x, y = centre(pit)
        if pit in CORNERS:
            drawing.add(
                f'<circle cx="{x:g}" cy="{y:g}" r="{radius + 8:g}" fill="none" '
                f'stroke="{BOARD_EDGE}" stroke-width="2" stroke-dasharray="5 3" class="corner"/>'
            )
        pit_circle(drawing, x, y, radius, pit in marked)
    if len(path) > 1:
        _draw_path(drawing, [centre(p) for p in path], radius)
    for pit, name in enumerate(PIT_NAMES):  # then names and stones, over the path
        x, y = centre(pit)
        counts = unpack(position.board[pit])
        stones = "".join(f"{COLOURS[i]}{n}" for i, n in enumerate(counts) if n) or "-"
        drawing.add(pit_group(name, stones, pit in marked))
        drawing.text(x, y - 14, name, size=14, weight="bold", css="name")
        present = [(i, n) for i, n in enumerate(counts) if n]
        for k, (colour, n) in enumerate(present):
            sx = x + (k - (len(present) - 1) / 2) * 24
            fill, edge, ink = STONE_COLOURS[colour]
            drawing.add(
                f'<g class="stones" data-colour="{COLOURS[colour]}" data-count="{n}">'
                f'<circle cx="{sx:g}" cy="{y + 12:g}" r="11" fill="{fill}" stroke="{edge}" '
                f'stroke-width="1.5"/>'
            )
            drawing.text(sx, y + 17, str(n), size=13, weight="bold", fill=ink, css="count")
            drawing.add("</g>")
        drawing.add("</g>")
    panel_y = 24
    for seat, name in enumerate(variant.seats):
        y = panel_y + seat * 24
        fill, edge, _ = STONE_COLOURS[seat]
        turn = variant.outcome(position) is None and position.to_move == seat
        drawing.add(
            f'<g class="score" data-seat={quoteattr(name)} '
            f'data-count="{position.captured[seat]}">'
            f'<circle cx="24" cy="{y - 5}" r="8" fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'
        )
        text = f"{name}: captured {position.captured[seat]}"
        if position.in_setup:
            text += f", in hand {position.hand[seat]}"
        if turn:
            text += " \u25c0 to move"
        weight = "bold" if turn else "normal"
        drawing.text(38, y, text, anchor="start", weight=weight, css="panel")
        drawing.add("</g>")
    extra = [
        variant.game + (f" ({variant.rules})" if variant.rules != variant.game.lower() else "")
    ]
    if position.in_setup:
        extra.append("Set-up: each turn places 3 stones; corners stay empty.")
    lines = captions_of(variant, position, last_move, before, token, extra)
    bottom = drawing.captions(c[1] + pad, lines)
    return drawing.finish(bottom + 14)


def _draw_path(drawing: Drawing, points: Sequence[tuple[float, float]], radius: float) -> None:
    """A sowing's path: a dashed line through the pits' centres from a dot at the origin,
    ending in an arrowhead just inside the rim of the final pit (its stones stay legible)."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip_x, tip_y = x1 - ux * (radius - 4), y1 - uy * (radius - 4)
    base_x, base_y = tip_x - ux * 16, tip_y - uy * 16
    coords = " ".join(f"{x:g},{y:g}" for x, y in points[:-1]) + f" {base_x:.1f},{base_y:.1f}"
    drawing.add(
        f'<g class="path" opacity="0.8"><polyline points="{coords}" fill="none" '
        f'stroke="{PATH}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round" '
        f'stroke-dasharray="10 6"/>'
    )
    drawing.add(
        f'<polygon points="{tip_x:.1f},{tip_y:.1f} {base_x - uy * 9:.1f},{base_y + ux * 9:.1f} '
        f'{base_x + uy * 9:.1f},{base_y - ux * 9:.1f}" fill="{PATH}"/>'
    )
    sx, sy = points[0]
    drawing.add(f'<circle cx="{sx:g}" cy="{sy:g}" r="6" fill="{PATH}"/></g>')


# -- Trias ------------------------------------------------------------------
def trias_svg(
    variant: TriasVariant,
    position: TriasPosition,
    *,
    last_move: int | None = None,
    before: TriasPosition | None = None,
    token: str | None = None,
) -> str:
    """Three rows of twelve as South sees them: North's row 3 on top, South's row 1 below."""
    from notation.games.trias import FILES, HOLE_NAMES, NORTH, SOUTH

    step, radius, left, top = 54, 23, 44, 44
    drawing = Drawing(left + 12 * step + 150, "Trias position", variant.board)
    drawing.add(
        f'<rect x="{left - 10}" y="{top - 8}" width="{12 * step + 20}" height="{3 * 62 + 8}" '
        f'rx="18" fill="{BOARD}" stroke="{BOARD_EDGE}" stroke-width="2"/>'
    )
    for column, file in enumerate(FILES):
        x = left + step / 2 + column * step
        drawing.text(x, top - 16, file, size=13, fill=MUTED, css="file")
        drawing.text(x, top + 3 * 62 + 22, file, size=13, fill=MUTED, css="file")
    outcome = variant.outcome(position)
    for rank, start in ((3, 24), (2, 12), (1, 0)):
        y = top + 30 + (3 - rank) * 62
        drawing.text(left - 24, y + 5, str(rank), size=15, weight="bold", fill=MUTED, css="rank")
        for column in range(12):
            hole = start + column
            x = left + step / 2 + column * step
            marked = hole == last_move
            count = position.pits[hole]
            drawing.add(pit_group(HOLE_NAMES[hole], str(count), marked))
            pit_circle(drawing, x, y, radius, marked)
            drawing.text(x, y - 7, HOLE_NAMES[hole], size=10, fill=MUTED, css="name")
            drawing.text(x, y + 13, str(count), size=17, weight="bold", css="count")
            drawing.add("</g>")
        seat = {3: NORTH, 1: SOUTH}.get(rank)
        if seat is None:
            drawing.text(
                left + 12 * step + 28, y + 5, "central row", anchor="start", fill=MUTED, css="row"
            )
        else:
            mover = outcome is None and position.to_move == seat
            score_box(
                drawing,
                left + 12 * step + 26,
                y,
                variant.seats[seat],
                position.removed[seat],
                "removed",
                mover,
            )
    lines = captions_of(variant, position, last_move, before, token, [variant.game])
    bottom = drawing.captions(top + 3 * 62 + 30, lines)
    return drawing.finish(bottom + 14)


# -- any board --------------------------------------------------------------
def kalah_svg(
    variant: KalahVariant,
    position: KalahPosition,
    *,
    last_move: int | None = None,
    before: KalahPosition | None = None,
    token: str | None = None,
) -> str:
    """The board as South sees it: North's f..a on top, South's A..F below, North's store
    on the left and South's on the right."""
    from notation.games.kalah import NORTH, PIT_NAMES, PITS, SEATS, SOUTH, STORES

    step, radius, left, top = 74, 30, 40, 46
    store_width = 64
    pits_left = left + store_width + 16
    width = pits_left + 6 * step + store_width + 16 + left
    drawing = Drawing(width, f"{variant.game} position", variant.board)
    drawing.add(
        f'<rect x="{left - 14}" y="{top - 6}" width="{width - 2 * left + 28}" height="172" '
        f'rx="24" fill="{BOARD}" stroke="{BOARD_EDGE}" stroke-width="2"/>'
    )
    over = variant.outcome(position) is not None
    rows = ((NORTH, list(reversed(PITS[NORTH])), top + 40), (SOUTH, list(PITS[SOUTH]), top + 120))
    for seat, pits, y in rows:
        label_y = y - radius - 16 if seat == NORTH else y + radius + 27
        for column, pit in enumerate(pits):
            x = pits_left + step / 2 + column * step
            marked = pit == last_move
            count = position.pits[pit]
            drawing.add(pit_group(PIT_NAMES[pit], str(count), marked))
            pit_circle(drawing, x, y, radius, marked)
            drawing.text(x, y + 8, str(count), size=22, weight="bold", css="count")
            drawing.text(x, label_y, PIT_NAMES[pit], size=15, weight="bold", css="name")
            drawing.add("</g>")
    for seat, x in ((NORTH, left), (SOUTH, pits_left + 6 * step + 16)):
        count = position.pits[STORES[seat]]
        mover = not over and position.to_move == seat
        edge = MARK_EDGE if mover else PIT_EDGE
        drawing.add(
            f'<g class="score" data-seat="{SEATS[seat]}" data-count="{count}">'
            f'<rect x="{x}" y="{top + 10}" width="{store_width}" height="140" rx="28" '
            f'fill="{PIT}" stroke="{edge}" stroke-width="{3 if mover else 1.5}"/>'
        )
        drawing.text(x + store_width / 2, top + 88, str(count), size=24, weight="bold", css="count")
        drawing.text(
            x + store_width / 2, top + 40, SEATS[seat], size=12, weight="bold", css="score-seat"
        )
        if mover:
            drawing.text(
                x + store_width / 2, top + 136, "to move", size=11, fill=MARK_EDGE, css="score-turn"
            )
        drawing.add("</g>")
    lines = captions_of(variant, position, last_move, before, token, [variant.game])
    bottom = drawing.captions(top + 196, lines)
    return drawing.finish(bottom + 14)


def diagram_svg(
    variant: Variant[Any, Any],
    position: Any,
    *,
    last_move: Any = None,
    before: Any = None,
    token: str | None = None,
) -> str:
    """The text diagram as SVG: the drawing of a game that declares none of its own."""
    rows = variant.diagram(position).splitlines()
    width = max(320, int(max((len(row) for row in rows), default=0) * 8.4) + 32)
    drawing = Drawing(width, f"{variant.game} position")
    y = 14.0
    for row in rows:
        y += LINE_HEIGHT
        drawing.add(
            f'<text x="16" y="{y:g}" font-size="13" font-family="monospace" '
            f'xml:space="preserve" fill="{INK}">{escape(row)}</text>'
        )
    bottom = drawing.captions(y + 6, captions_of(variant, position, last_move, before, token))
    return drawing.finish(bottom + 14)


def position_svg(
    variant: Variant[Any, Any],
    position: Any,
    *,
    last_move: Any = None,
    before: Any = None,
    token: str | None = None,
    narrow: bool = False,
) -> str:
    """An SVG drawing of ``position``: the drawing of the game's board family
    (:data:`DRAWINGS`, by ``variant.board``), else its text diagram; with ``narrow``, its
    drawing for a phone's width where it has one (:data:`NARROW_DRAWINGS`).

    ``last_move`` is the move that led to ``position`` (marked on the
    board), ``before`` the position it was played in (to name who played it
    and, without ``token``, to write its canonical token), and ``token`` the
    move as a record wrote it.
    """
    board = getattr(variant, "board", "")
    draw: Any = (narrow and NARROW_DRAWINGS.get(board)) or DRAWINGS.get(board, diagram_svg)
    svg: str = draw(variant, position, last_move=last_move, before=before, token=token)
    return svg


# -- Togyz Kumalak -------------------------------------------------------------
def togyz_svg(
    variant: TogyzVariant,
    position: TogyzPosition,
    *,
    last_move: int | None = None,
    before: TogyzPosition | None = None,
    token: str | None = None,
    narrow: bool = False,
) -> str:
    """The 2x9 board as White sees it: Black's holes 9..1 on top, White's 1..9 below, each
    player's kazan at the right of its row, and the tuzdyks marked (a dashed ring, an X,
    and the owner named under the hole).

    Each hole is a ``<g class="pit">`` named ``W1``-``W9`` and ``B1``-``B9``; a tuzdyk's
    group has the class ``pit tuzdyk`` and ``data-owner``.

    ``narrow`` draws it for a phone's width (:data:`NARROW_DRAWINGS`): the holes as large,
    Black's kazan above the board and White's below it instead of at the rows' right, and
    the names and captions larger, so that at 360 px a hole is a finger wide (36 px, 29 at
    the side-by-side drawing) and every text at least 10 px.
    """
    from notation.games.togyz import BLACK, ROW, WHITE

    step, radius, left, top = 62, 25, 30, 50
    width = left + ROW * step + 150
    rim = 14  # the board's edge beyond the holes
    if narrow:
        left, top, rim = 12, 72, 8
        width = 2 * left + ROW * step
    drawing = Drawing(width, f"{variant.game} position", variant.board)
    drawing.add(
        f'<rect x="{left - rim}" y="{top - 6}" width="{ROW * step + 2 * rim}" height="182" rx="24" '
        f'fill="{BOARD}" stroke="{BOARD_EDGE}" stroke-width="2"/>'
    )
    outcome = variant.outcome(position)
    rows = (
        (BLACK, range(2 * ROW - 1, ROW - 1, -1), top + 42),
        (WHITE, range(ROW), top + 128),
    )
    for seat, holes, y in rows:
        label_y = y - radius - 12 if seat == BLACK else y + radius + 22
        for column, hole in enumerate(holes):
            x = left + step / 2 + column * step
            marked = hole == last_move
            count = position.pits[hole]
            owner = position.tuzdyks.index(hole) if hole in position.tuzdyks else None
            name = "WB"[seat] + str(hole % ROW + 1)
            if owner is None:
                drawing.add(pit_group(name, str(count), marked))
            else:  # a tuzdyk holds no stones (Q4): it is never a move's origin
                drawing.add(
                    f'<g class="pit tuzdyk" data-pit="{name}" data-stones="0" '
                    f"data-owner={quoteattr(variant.seats[owner])}>"
                )
                drawing.add(
                    f'<circle cx="{x:g}" cy="{y:g}" r="{radius + 7:g}" fill="none" '
                    f'stroke="{MARK_EDGE}" stroke-width="2" stroke-dasharray="5 3" class="tuzdyk"/>'
                )
            pit_circle(drawing, x, y, radius, marked)
            if owner is None:
                drawing.text(x, y + 7, str(count), size=19, weight="bold", css="count")
            else:
                drawing.text(x, y + 7, "X", size=19, weight="bold", fill=MARK_EDGE, css="count")
            size = 19 if narrow else 14
            drawing.text(x, label_y, str(hole % ROW + 1), size=size, weight="bold", css="name")
            drawing.add("</g>")
        mover = outcome is None and position.to_move == seat
        kazan = position.kazans[seat]
        if narrow:  # a bar above the board (Black's) or below it (White's)
            bar_y = top - 62 if seat == BLACK else top + 186
            _kazan_bar(drawing, bar_y, variant.seats[seat], kazan, mover)
        else:
            score_box(
                drawing, left + ROW * step + 30, y, variant.seats[seat], kazan, "kazan", mover
            )
    tuzdyks = [
        f"{variant.seats[seat]}'s tuzdyk: {variant.tuzdyk_text(position, seat)}"
        for seat in (WHITE, BLACK)
    ]
    extra = [variant.game, "; ".join(tuzdyks)]
    lines = captions_of(variant, position, last_move, before, token, extra)
    if narrow:
        bottom = drawing.captions(top + 236, lines, x=left, size=19)
    else:
        bottom = drawing.captions(top + 206, lines)
    return drawing.finish(bottom + 14)


def _kazan_bar(drawing: Drawing, y: float, seat: str, count: int, mover: bool) -> None:
    """A kazan as a bar across a narrow drawing: the seat's name, "to move" when it is,
    and the count."""
    edge = MARK_EDGE if mover else BOARD_EDGE
    right = drawing.width - 12
    drawing.add(
        f'<g class="score" data-seat={quoteattr(seat)} data-count="{count}">'
        f'<rect x="12" y="{y:g}" width="{right - 12}" height="48" rx="12" fill="{PIT}" '
        f'stroke="{edge}" stroke-width="{3 if mover else 1.5}"/>'
    )
    drawing.text(26, y + 32, seat, size=22, anchor="start", weight="bold", css="score-seat")
    if mover:
        drawing.text(
            150,
            y + 32,
            "to move",
            size=20,
            anchor="start",
            weight="bold",
            fill=MARK_EDGE,
            css="score-turn",
        )
    drawing.text(right - 70, y + 32, "kazan", size=20, anchor="end", fill=MUTED, css="score-what")
    drawing.text(
        right - 14, y + 33, str(count), size=26, anchor="end", weight="bold", css="score-count"
    )
    drawing.add("</g>")


#: The drawing of each board family, by a variant's ``board`` ("2x6", "2x9", "3x12",
#: "kalah", "triangle"): a function taking ``(variant, position, *, last_move, before,
#: token)`` and returning SVG. A board without one is drawn as its text diagram.
DRAWINGS: dict[str, Callable[..., str]] = {
    "2x6": wari_svg,
    "2x9": togyz_svg,
    "3x12": trias_svg,
    "kalah": kalah_svg,
    "triangle": tricala_svg,
}


#: The drawings made for a phone's width (``position_svg(..., narrow=True)``), by board
#: family; a family without one is drawn as :data:`DRAWINGS` draws it.
NARROW_DRAWINGS: dict[str, Callable[..., str]] = {
    "2x9": functools.partial(togyz_svg, narrow=True),
}


def register_drawing(board: str, draw: Callable[..., str]) -> None:
    """Draw every game of the board family ``board`` with ``draw`` (a plugin game's own
    board, built with the drawing kit above); replaces the family's earlier drawing."""
    DRAWINGS[board] = draw
