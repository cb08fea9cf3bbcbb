"""Tricala move notation: reading tokens against the rules, writing short and long forms (N3).

A sowing token is compiled once into a :class:`Guide`, the matcher the
sowing search (:mod:`.rules`) drives stone by stone; the search then yields
only the sowings that fit. Writing a move takes its long form (every turn,
every mixed relay with its order, the final pit) and leaves out what the
token does not need. ``docs/tricala.md`` states both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import chain, pairwise, product

from notation.games.tricala.geometry import (
    DIRECTIONS,
    LAP_PATHS,
    LINE,
    NEXT,
    PIT_INDEX,
    PIT_NAMES,
    PITS,
    did_you_mean,
    opposite,
)
from notation.games.tricala.memo import SIZES, Memo, shared
from notation.games.tricala.position import (
    COLOURS,
    OWN,
    SEATS,
    TricalaPosition,
    format_pit,
    order_text,
    pack_order,
)
from notation.games.tricala.rules import (
    LAP_LIMIT,
    Budget,
    Fit,
    LapFits,
    MatchStates,
    OverBudget,
    Sowing,
    SowingSearch,
)

#: format_move tries every shortening of the long form when there are at most
#: this many; beyond, it drops parts of the long form one at a time (greedy).
SHORTENING_LIMIT = 256
#: The longest token read: 21 pits with orders of up to 27 colours fit well within.
TOKEN_LIMIT = 400

_PIT = r"[1-6][a-f]"
SETUP_RE = re.compile(rf"({_PIT})\+({_PIT})\+({_PIT})")
SOWING_RE = re.compile(rf"({_PIT})(?:\[([A-Za-z]*)\])?((?:[-x]{_PIT}(?:\[[A-Za-z]*\])?)+)")
_STEP_RE = re.compile(rf"([-x])({_PIT})(?:\[([A-Za-z]*)\])?")


class Rejected(Exception):
    """A sowing token that cannot fit any move, found before searching (reason, code)."""

    def __init__(self, reason: str, code: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


_State = tuple[int, tuple[int, ...] | None]  # waypoints matched, order the next pickup needs
_LAP_FITS_SIZE = SIZES["lap_fits"]  # a guide's own lap answers (Guide.laps)
_TAIL_FITS_SIZE = SIZES["tail_fits"]  # a tail's own lap answers (_Tail.fits)


@dataclass(frozen=True, slots=True)
class Guide:
    """A sowing token compiled for the search (the :class:`.rules.Matcher` protocol).

    ``pits[j]``/``orders[j]`` are the waypoints after the origin (the last is
    the final pit); ``lines[j]`` is the direction from the pit listed before
    straight to ``pits[j]``, or -1 when they are not in line (the stretch
    between them is then free, N3). ``capture`` None means "either".
    """

    origin: int
    origin_order: tuple[int, ...] | None
    pits: tuple[int, ...]
    orders: tuple[tuple[int, ...] | None, ...]
    lines: tuple[int, ...]
    capture: bool | None
    #: :meth:`lap_fits` remembered: a token is read once and matched in many positions
    #: (a plain dict under :mod:`.memo`'s policy, bounded by ``SIZES["lap_fits"]``: a
    #: guide is made for every token read, and a dict is made in a fraction of the time)
    laps: dict[object, LapFits] = field(default_factory=dict, compare=False, repr=False)
    #: The waypoints still to match after the first ``matched``, shared (:data:`_TAILS`)
    tails: dict[int, _Tail] = field(default_factory=dict, compare=False, repr=False)
    #: The direction the first stone must take, -1 when free (N3).
    first_direction: int = field(init=False, compare=False, repr=False)
    #: The origin's stones (packed) that ``origin_order`` names, -1 without an order.
    origin_stones: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "first_direction", self.lines[0] if self.lines else -1)
        order = self.origin_order
        object.__setattr__(self, "origin_stones", -1 if order is None else pack_order(order))

    def start(self) -> MatchStates:
        """Nothing matched yet."""
        return ((0, None),)

    def advance(self, states: MatchStates, pit: int, direction: int, relay: bool) -> MatchStates:
        """Move the matcher on by one stone sown onto ``pit`` going ``direction``.

        ``relay`` tells whether this stone ends a lap with a relay (only then can
        a waypoint carrying an order match).
        """
        pits, lines, orders = self.pits, self.lines, self.orders
        last = len(pits)
        out: list[_State] = []
        for matched, _ in states:
            if matched == last:
                continue  # the final pit was matched: the sowing must end there
            line = lines[matched]
            if line >= 0 and line != direction:
                continue  # ruling N3: listed pits in line: the stretch runs straight
            if pit == pits[matched]:
                order = orders[matched]
                if order is None:
                    out.append((matched + 1, None))
                elif relay:
                    out.append((matched + 1, order))
                if line < 0:
                    out.append((matched, None))  # a free stretch may pass the pit first
            else:
                out.append((matched, None))
        if len(out) > 1:
            return tuple(dict.fromkeys(out))
        return tuple(out)

    def lap_fits(self, states: MatchStates, pit: int, direction: int, count: int) -> LapFits:
        """The ways a lap of ``count`` stones from ``pit`` going ``direction`` may go (T4, T5)
        that the token still fits: each route, its steps and :meth:`advance_lap`'s answer.
        Direction -1: the ways of every direction the first stone may take (T4), in order.

        A pure function of its arguments (a lap's path never depends on the stones'
        colours), memoised in the guide, a bounded number of entries.
        """
        key = (states, pit, direction, count)
        memo = self.laps
        known = memo.get(key)
        if known is None:
            if len(states) == 1 and states[0][1] is None:
                known = self._shared_lap_fits(states[0][0], pit, direction, count)
            elif direction < 0:
                known = _every_heading(
                    pit, lambda heading: self.lap_fits(states, pit, heading, count)
                )
            else:
                known = self._walk_lap_fits(states, pit, direction, count)
            if len(memo) >= _LAP_FITS_SIZE:  # the policy of .memo: cleared when full
                memo.clear()
            memo[key] = known
        return known

    def _walk_lap_fits(self, states: MatchStates, pit: int, direction: int, count: int) -> LapFits:
        """:meth:`lap_fits` worked out: every lap path, each through :meth:`advance_lap`."""
        found = []
        for route, steps in LAP_PATHS[pit, direction, count]:
            advanced = self.advance_lap(states, route, steps)
            if advanced is None:
                continue
            onward, stopping, can_end = advanced
            if onward or can_end:
                found.append((route, steps, onward, stopping, can_end, route[-1] in route[:-1]))
        return tuple(found)

    def _shared_lap_fits(self, matched: int, pit: int, direction: int, count: int) -> LapFits:
        """:meth:`lap_fits` from the one state ``(matched, None)``, shared between tokens.

        From that state the answer depends only on the waypoints still to match
        (``pits``, ``lines`` and ``orders`` from ``matched`` on), and the states in
        it are ``matched`` plus what the lap matches; so tokens that end alike share
        one answer, kept by their common :class:`_Tail` with ``matched`` taken off
        (a file's tokens often share their last waypoints, and a position's tokens
        their first).
        """
        tail = self.tails.get(matched)
        if tail is None:
            key = (self.pits[matched:], self.lines[matched:], self.orders[matched:])
            tail = self.tails[matched] = _TAILS[key]  # at most one per waypoint of the token
        return tail.lap_fits(pit, direction, count, matched)

    def advance_lap(
        self, states: MatchStates, route: Sequence[int], steps: Sequence[int]
    ) -> tuple[MatchStates, MatchStates, bool] | None:
        """:meth:`advance` by every stone of one lap: None when no state survives the
        stones before the last, else the states after the last stone if it relays and
        if it does not (T6: only the last stone of a lap can relay), and whether the
        sowing may end there (:meth:`may_end` of the latter).

        The common case, one state, runs in a plain loop; several states go stone
        by stone through :meth:`advance`.
        """
        pits, lines, orders = self.pits, self.lines, self.orders
        last = len(pits)
        n = len(route) - 1
        i = 0
        if len(states) == 1:
            matched = states[0][0]
            while i < n:
                if matched == last:
                    return None  # the final pit was matched: the sowing must end there
                line = lines[matched]
                if line >= 0 and line != steps[i]:
                    return None  # ruling N3: listed pits in line: the stretch runs straight
                if route[i] == pits[matched]:
                    if orders[matched] is None:
                        if line < 0:
                            break  # passing or matching the pit: two states, stone by stone
                        matched += 1
                    elif line >= 0:
                        return None  # an order names a relay pit; this stone does not relay
                i += 1
            else:  # the last stone, as advance() would take it with relay True and False
                if matched == last:
                    return (), (), False
                line = lines[matched]
                if line >= 0 and line != steps[n]:
                    return (), (), False
                if route[n] != pits[matched]:
                    same = ((matched, None),)
                    return same, same, False
                order = orders[matched]
                passing = ((matched, None),) if line < 0 else ()
                if order is None:
                    both = ((matched + 1, None), *passing)
                    return both, both, matched + 1 == last
                return ((matched + 1, order), *passing), passing, False
            states = ((matched, None),)
        advance = self.advance
        while i < n:
            states = advance(states, route[i], steps[i], False)
            if not states:
                return None
            i += 1
        stopping = advance(states, route[n], steps[n], False)
        return advance(states, route[n], steps[n], True), stopping, self.may_end(stopping)

    def relay_orders(self, states: MatchStates) -> tuple[tuple[int, ...] | None, ...]:
        """The orders a relay pickup may take: None for any, or those the token names."""
        return _relay_orders(states)

    def relay_pickups(
        self, states: MatchStates
    ) -> tuple[tuple[tuple[int, ...] | None, MatchStates], ...]:
        """Each order of :meth:`relay_orders` with the states :meth:`after_pickup` leaves
        (a pure function of ``states``, memoised for every guide)."""
        if len(states) == 1 and states[0][1] is None:
            return ((None, states),)  # the common case: the token names no order here
        return _RELAY_PICKUPS[states]

    def after_pickup(self, states: MatchStates, order: tuple[int, ...] | None) -> MatchStates:
        """The states that allow a pickup sown in ``order`` (None: an order the token leaves open)."""
        return _after_pickup(states, order)

    def fits_end(self, states: MatchStates, gain: int) -> bool:
        """Whether a sowing ending here, capturing ``gain``, fits the token."""
        if self.capture is not None and self.capture != bool(gain):
            return False
        last = len(self.pits)
        return any(matched == last for matched, _ in states)

    def may_end(self, states: MatchStates) -> bool:
        """Whether a sowing ending here could fit the token, capturing or not."""
        last = len(self.pits)
        return any(matched == last for matched, _ in states)


(
    _SET_ORIGIN, _SET_ORIGIN_ORDER, _SET_PITS, _SET_ORDERS, _SET_LINES, _SET_CAPTURE,
    _SET_LAPS, _SET_TAILS, _SET_FIRST_DIRECTION, _SET_ORIGIN_STONES,
) = (
    getattr(Guide, name).__set__
    for name in (
        "origin", "origin_order", "pits", "orders", "lines", "capture",
        "laps", "tails", "first_direction", "origin_stones",
    )
)  # fmt: skip


def make_guide(
    origin: int,
    origin_order: tuple[int, ...] | None,
    pits: tuple[int, ...],
    orders: tuple[tuple[int, ...] | None, ...],
    lines: tuple[int, ...],
    capture: bool | None,
) -> Guide:
    """``Guide(origin, origin_order, pits, orders, lines, capture)``, the same value made
    in a third of the time (the slots filled directly, not through the frozen
    dataclass's ``__init__`` and ``__post_init__``): a guide is made for every distinct
    token a file holds, most of them once."""
    guide: Guide = object.__new__(Guide)
    _SET_ORIGIN(guide, origin)
    _SET_ORIGIN_ORDER(guide, origin_order)
    _SET_PITS(guide, pits)
    _SET_ORDERS(guide, orders)
    _SET_LINES(guide, lines)
    _SET_CAPTURE(guide, capture)
    _SET_LAPS(guide, {})
    _SET_TAILS(guide, {})
    _SET_FIRST_DIRECTION(guide, lines[0] if lines else -1)
    _SET_ORIGIN_STONES(guide, -1 if origin_order is None else pack_order(origin_order))
    return guide


def _relay_orders(states: MatchStates) -> tuple[tuple[int, ...] | None, ...]:
    """:meth:`Guide.relay_orders` (a pure function of the states)."""
    wanted = [req for _, req in states]
    named = tuple(dict.fromkeys(w for w in wanted if w is not None))
    return named if all(w is not None for w in wanted) else (None, *named)


def _after_pickup(states: MatchStates, order: tuple[int, ...] | None) -> MatchStates:
    """:meth:`Guide.after_pickup` (a pure function of the states and the order)."""
    return tuple((matched, None) for matched, req in states if req is None or req == order)


def _relay_pickups(
    states: MatchStates,
) -> tuple[tuple[tuple[int, ...] | None, MatchStates], ...]:
    """:meth:`Guide.relay_pickups` worked out."""
    return tuple((order, _after_pickup(states, order)) for order in _relay_orders(states))


def _every_heading(pit: int, fits: Callable[[int], LapFits]) -> LapFits:
    """The lap answers of direction -1: those of every direction the first stone may
    take from ``pit`` (T4: the start stays on the board), in order."""
    return tuple(chain.from_iterable(fits(h) for h in range(6) if NEXT[pit * 6 + h] >= 0))


class _Tail:
    """The waypoints a token has still to match, shared by every token that ends
    alike (:data:`_TAILS`): their own guide (origin unused) and its lap answers
    from nothing matched, by pit, direction and count (a plain dict under :mod:`.memo`'s
    policy, bounded by ``SIZES["tail_fits"]``).
    """

    __slots__ = ("fits", "guide")

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.fits: dict[int, LapFits] = {}

    def lap_fits(self, pit: int, direction: int, count: int, matched: int = 0) -> LapFits:
        """:meth:`Guide.lap_fits` of the waypoints alone, their states shifted by ``matched``
        (the waypoints a token listed before them)."""
        key = ((count * 7 + direction + 1) * PITS + pit) * (TOKEN_LIMIT + 1) + matched
        fits = self.fits
        known = fits.get(key)
        if known is None:
            if matched:
                shifted = _SHIFTED
                known = tuple(
                    (
                        route,
                        steps,
                        shifted[onward, matched],
                        shifted[stopping, matched],
                        can_end,
                        revisits,
                    )
                    for route, steps, onward, stopping, can_end, revisits in self.lap_fits(
                        pit, direction, count
                    )
                )
            elif direction < 0:
                known = _every_heading(pit, lambda heading: self.lap_fits(pit, heading, count))
            else:
                known = self.guide._walk_lap_fits(((0, None),), pit, direction, count)
            if len(fits) >= _TAIL_FITS_SIZE:  # the policy of .memo: cleared when full
                fits.clear()
            fits[key] = known
        return known


def _shifted(states: MatchStates, matched: int) -> MatchStates:
    """Matcher states with ``matched`` more waypoints behind them (memoised: a tail's
    answers hold few distinct states, and shifted answers repeat them route after route)."""
    return tuple((m + matched, order) for m, order in states)


#: :func:`_shifted`'s answers by (states, matched)
_SHIFTED = shared("shifted", _shifted, spread=True)
#: The tails by waypoints (pits, lines, orders) still to match
_TAILS = shared(
    "tails",
    lambda pits, lines, orders: _Tail(make_guide(0, None, pits, orders, lines, None)),
    spread=True,
)
#: :meth:`Guide.relay_pickups`' answers by states
_RELAY_PICKUPS = shared("relay_pickups", _relay_pickups)


def read_sowing(token: str, players: int) -> Guide | None:
    """Read a sowing token, independently of any position (memoised); None if it is not
    one.

    Raises Rejected for pits off the board, bad orders, and turns that the
    listed pits make impossible (T5).
    """
    return _GUIDES[players][token]


def _read_sowing(token: str, players: int) -> Guide | None:
    """:func:`read_sowing` worked out."""
    if len(token) > TOKEN_LIMIT:
        return None
    plain = _read_plain(token, players)
    if plain is not None:
        return plain
    match = SOWING_RE.fullmatch(token)
    if match is None or not _valid_separators(match.group(3)):
        return None
    listed = [(match.group(1), match.group(2))]
    capture = False
    for step in _STEP_RE.finditer(match.group(3)):
        listed.append((step.group(2), step.group(3)))
        capture = step.group(1) == "x"
    for name, _ in listed:
        if name not in PIT_INDEX:
            raise Rejected(did_you_mean(name), "no-such-pit")
    pits = [PIT_INDEX[name] for name, _ in listed]
    orders: list[tuple[int, ...] | None] = []
    for name, text in listed:
        if text is None:
            orders.append(None)
            continue
        letters = text.upper()
        if not letters or any(c not in COLOURS[:players] for c in letters):
            raise Rejected(
                f"the order at {name} must list colours "
                f"{', '.join(COLOURS[:players])}, not [{text}]",
                "order-mismatch",
            )
        orders.append(tuple(COLOURS.index(c) for c in letters))
    if orders[-1] is not None:
        raise Rejected(
            f"the final pit {PIT_NAMES[pits[-1]]} is not picked up, so it takes "
            "no order (orders belong to the origin and relay pits)",
            "order-mismatch",
        )
    lines = tuple(LINE[a * PITS + b] for a, b in pairwise(pits))
    _check_turns(pits, lines)
    return make_guide(pits[0], orders[0], tuple(pits[1:]), tuple(orders[1:]), lines, capture)


def _read_plain(token: str, players: int) -> Guide | None:
    """:func:`read_sowing` for a well-formed token (``4b-4d-3c``, ``3b[WBR]-2b[RB]x6a``).

    A plain scan, no regular expressions: valid pit names, ``-`` or a last
    ``x``, upper-case orders of the seats' colours, none at the final pit.
    None for anything else, which the full reader then reads (and reports).
    """
    index = PIT_INDEX
    size = len(token)
    if "[" not in token:  # the common token, pits and separators only: 4b-4d-3c, 2ax6a
        if size % 3 != 2 or size < 5:
            return None
        separators = token[2::3]
        capture = separators[-1] == "x"
        if separators.count("-") != len(separators) - capture:
            return None  # ``x`` may only stand before the final pit
        listed = [index.get(token[at : at + 2], -1) for at in range(0, size, 3)]
        if min(listed) < 0:
            return None
        lines = tuple([LINE[a * PITS + b] for a, b in pairwise(listed)])
        _check_turns(listed, lines)
        return make_guide(
            listed[0], None, tuple(listed[1:]), (None,) * (len(listed) - 1), lines, capture
        )
    known_orders = _ORDER_TEXTS[players]
    pits: list[int] = []
    orders: list[tuple[int, ...] | None] = []
    capture = False
    at = 0
    while True:
        pit = index.get(token[at : at + 2], -1)
        if pit < 0:
            return None
        pits.append(pit)
        at += 2
        order: tuple[int, ...] | None = None
        if at < size and token[at] == "[":
            close = token.find("]", at)
            if close < 0:
                return None
            order = known_orders[token[at + 1 : close]]
            if order is None:
                return None
            at = close + 1
        orders.append(order)
        if at == size:
            break
        separator = token[at]
        if separator == "x":
            if capture:
                return None  # ``x`` may only stand before the final pit
            capture = True
        elif separator != "-" or capture:
            return None
        at += 1
    if len(pits) < 2 or orders[-1] is not None:
        return None
    lines = tuple(LINE[a * PITS + b] for a, b in pairwise(pits))
    _check_turns(pits, lines)
    return make_guide(pits[0], orders[0], tuple(pits[1:]), tuple(orders[1:]), lines, capture)


def _order_of(text: str, players: int) -> tuple[int, ...] | None:
    """An order's colours (``"WBR"`` -> ``(0, 1, 2)``), upper-case letters of the seats'
    colours only; None for anything else (memoised for :func:`_read_plain`: ``_ORDER_TEXTS``)."""
    letters = COLOURS[:players]
    if not text or any(c not in letters for c in text):
        return None
    return tuple(COLOURS.index(c) for c in text)


#: Orders read before, by their letters, one memo per number of players (a file's
#: tokens repeat a few short orders again and again)
_ORDER_TEXTS: tuple[Memo[str, tuple[int, ...] | None], ...] = tuple(
    shared("order_texts", partial(_order_of, players=players)) for players in range(4)
)


def _check_turns(pits: Sequence[int], lines: Sequence[int]) -> None:
    """Where listed pits are in line, the turns between the lines must be legal (T5)."""
    for j in range(1, len(lines)):
        before, after = lines[j - 1], lines[j]
        if before < 0 or after < 0 or before == after:
            continue
        here = PIT_NAMES[pits[j]]
        if after == opposite(before):  # ruling T5: no 180-degree turn
            raise Rejected(
                f"at {here} the sowing would turn back {DIRECTIONS[after]} after "
                f"going {DIRECTIONS[before]}; reversing is not allowed (T5)",
                "reversal",
            )
        ahead = NEXT[pits[j] * 6 + before]
        if ahead >= 0:  # ruling T5: turns only where the next pit is off the board
            raise Rejected(
                f"the sowing cannot turn at {here}: going {DIRECTIONS[before]} the "
                f"next pit {PIT_NAMES[ahead]} is still on the board (turns happen only at "
                "the edge, T5)",
                "turn-not-at-edge",
            )


def _valid_separators(steps: str) -> bool:
    """``x`` may only stand before the final pit."""
    return "x" not in re.sub(r"\[[A-Za-z]*\]", "", steps)[:-3]


#: read_sowing's answers by token, one memo per number of players
_GUIDES: tuple[Memo[str, Guide | None], ...] = tuple(
    shared("guides", partial(_read_sowing, players=players)) for players in range(4)
)


def compile_token(token: str, position: TricalaPosition, players: int) -> Guide | None:
    """Check a sowing token against the position; None when it is no sowing token.

    Raises Rejected when the origin cannot be sown by the player to move (T4).
    """
    guide = _GUIDES[players][token]
    if guide is None:
        return None
    seat = position.to_move
    origin = guide.origin
    contents = position.board[origin]
    if not contents:
        raise Rejected(f"pit {PIT_NAMES[origin]} is empty", "empty-pit")
    if not contents & OWN[seat]:  # ruling T4
        raise Rejected(
            f"pit {PIT_NAMES[origin]} ({format_pit(contents)}) holds none of "
            f"{SEATS[seat]}'s stones (T4)",
            "not-your-stones",
        )
    origin_order = guide.origin_order
    if origin_order is not None and guide.origin_stones != contents:
        raise Rejected(
            f"the order [{order_text(origin_order)}] does not match the stones in "
            f"{PIT_NAMES[origin]} ({format_pit(contents)}); every stone is sown (T4)",
            "order-mismatch",
        )
    return guide


@dataclass(frozen=True, slots=True)
class Fits:
    """The sowings fitting a token, one per resulting (board, capture), at most a few.

    ``capped`` tells that a branch that could still fit was dropped at the lap
    limit, ``endless`` that one was cut because it repeated a state (T11).
    """

    found: dict[tuple[tuple[int, ...], int], Fit]
    capped: bool
    cost: int = 0  # lap ends judged to find them
    endless: bool = False


#: find_fits' answers when writing moves, by (position, guide, stop_after, options)
_FITS_MEMO: Memo[tuple[object, ...], Fits] = shared("fits")


def find_fits(
    position: TricalaPosition,
    guide: Guide,
    stop_after: int,
    *,
    capturer_stays: bool,
    lap_limit: int = LAP_LIMIT,
    budget: Budget | None = None,
) -> Fits:
    """The sowings that fit ``guide``: one per resulting (board, capture), at most ``stop_after``.

    With a ``budget`` (writing moves), each lap end judged spends one, a
    search that runs out raises OverBudget, and results are memoised: writing
    a move tries shortened tokens that other moves of the same position try
    too (a memo hit is charged what the search cost, so results never depend
    on what was asked before). The result must not be changed.
    """
    key = (position, guide, stop_after, capturer_stays, lap_limit)
    if budget is not None:
        known = _FITS_MEMO.get(key)
        if known is not None:  # charged as if searched again: results never depend on history
            budget.spend(known.cost)
            return known
    limit = budget.left if budget is not None else -1
    search = SowingSearch(position.to_move, capturer_stays, lap_limit, guide, limit)
    try:
        found = search.collect(position.board, guide.origin, stop_after)
    except OverBudget:
        if budget is not None:
            budget.spent += search.judged
            budget.left = 0
        raise
    fits = Fits(found, search.capped, search.judged, search.endless)
    if budget is not None:
        budget.spend(search.judged)
        _FITS_MEMO.keep(key, fits)
    return fits


# -- writing -------------------------------------------------------------------
def long_form(
    move: Sowing,
) -> tuple[tuple[int, ...] | None, list[tuple[int, tuple[int, ...]]]]:
    """The long form's parts: the origin order (if mixed) and the waypoints with orders.

    Waypoints: every pit where the direction changes, every relay pit whose
    pickup is of more than one colour (with its order), and the final pit.
    """
    origin_order, waypoints, _ = _long_parts(move)
    return origin_order, waypoints


def _long_parts(
    move: Sowing,
) -> tuple[tuple[int, ...] | None, list[tuple[int, tuple[int, ...]]], list[int]]:
    """:func:`long_form`, with the place in the path of each waypoint."""
    path = move.path
    relays: dict[int, tuple[int, ...]] = {}
    index = -1
    for number, (_, order) in enumerate(move.pickups):
        index += len(order)
        if number + 1 < len(move.pickups):
            relays[index] = move.pickups[number + 1][1]
    origin_order = move.pickups[0][1]
    waypoints: list[tuple[int, tuple[int, ...]]] = []
    places: list[int] = []
    previous = move.origin
    for t, pit in enumerate(path):
        if t == len(path) - 1:
            waypoints.append((pit, ()))
            places.append(t)
            break
        turns = LINE[previous * PITS + pit] != LINE[pit * PITS + path[t + 1]]
        order = relays.get(t, ())
        mixed = len(set(order)) > 1
        if turns or mixed:
            waypoints.append((pit, order if mixed else ()))
            places.append(t)
        previous = pit
    return (origin_order if len(set(origin_order)) > 1 else None), waypoints, places


def render(
    move: Sowing,
    origin_order: tuple[int, ...] | None,
    waypoints: Sequence[tuple[int, tuple[int, ...]]],
) -> str:
    """A token from its parts: origin, origin order, waypoints with orders."""
    parts = [PIT_NAMES[move.origin]]
    if origin_order:
        parts.append(f"[{order_text(origin_order)}]")
    for number, (pit, order) in enumerate(waypoints):
        last = number == len(waypoints) - 1
        parts.append(("x" if last and move.gain else "-") + PIT_NAMES[pit])
        if order:
            parts.append(f"[{order_text(order)}]")
    return "".join(parts)


def orders_needed(move: Sowing) -> tuple[bool, ...]:
    """For each lap, whether every token of ``move`` must give that lap's stone order.

    True when two stones of different colours of the lap land on two pits
    that no rule looks at again during the move (no later lap ends there, the
    lap itself does not end there): swapping them is another legal move with
    the same path and another board, which any token leaving the order open
    fits too (T6 judges only the pit a lap ends on).
    """
    ends = []
    start = 0
    segments = []
    for _, order in move.pickups:
        segment = move.path[start : start + len(order)]
        segments.append(segment)
        ends.append(segment[-1])
        start += len(order)
    needed = []
    for number, ((_, order), segment) in enumerate(zip(move.pickups, segments, strict=True)):
        looked_at = set(ends[number:])
        colours_by_pit: dict[int, set[int]] = {}
        for pit, colour in zip(segment, order, strict=True):
            if pit not in looked_at:
                colours_by_pit.setdefault(pit, set()).add(colour)
        pairs = [(p, c) for p, cs in colours_by_pit.items() for c in cs]
        needed.append(any(p1 != p2 and c1 != c2 for p1, c1 in pairs for p2, c2 in pairs))
    return tuple(needed)


def shortenings(move: Sowing) -> Iterator[str]:
    """The tokens made by leaving parts out of the long form, shortest first (then ASCII).

    Tokens that leave out an order :func:`orders_needed` proves necessary are
    not made (they are ambiguous). With more than SHORTENING_LIMIT of them,
    none: the caller drops parts greedily.
    """
    origin_order, waypoints, places = _long_parts(move)
    needed = orders_needed(move)
    relay_laps: dict[int, int] = {}  # place in the path of a relay pit: the lap it starts
    index = -1
    for number, (_, order) in enumerate(move.pickups[:-1]):
        index += len(order)
        relay_laps[index] = number + 1
    options: list[list[tuple[int, tuple[int, ...]] | None]] = []
    origin_options: list[tuple[int, ...] | None] = [None]
    if origin_order is not None:
        origin_options = [origin_order] if needed[0] else [None, origin_order]
    for (pit, order), place in zip(waypoints[:-1], places, strict=False):
        choice: list[tuple[int, tuple[int, ...]] | None] = [None, (pit, ())]
        if order:
            lap = relay_laps.get(place)
            choice = [(pit, order)] if lap is not None and needed[lap] else [*choice, (pit, order)]
        options.append(choice)
    total = len(origin_options)
    for choice in options:
        total *= len(choice)
    if total > SHORTENING_LIMIT:
        return
    final = waypoints[-1]
    tokens = []
    for first in origin_options:
        for picked in product(*options):
            chosen = [w for w in picked if w is not None]
            tokens.append(render(move, first, [*chosen, final]))
    tokens.sort(key=lambda t: (len(t), t))
    yield from tokens


__all__ = [
    "SETUP_RE",
    "SHORTENING_LIMIT",
    "SOWING_RE",
    "TOKEN_LIMIT",
    "Fits",
    "Guide",
    "Rejected",
    "compile_token",
    "find_fits",
    "long_form",
    "make_guide",
    "orders_needed",
    "read_sowing",
    "render",
    "shortenings",
]
