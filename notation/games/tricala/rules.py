"""Tricala's rules: set-up, sowing, edges, captures, winning, passing (rulings T2-T11).

The sowing search walks each lap's *geometry* once (:func:`.geometry.lap_paths`:
a lap's path depends on how many stones it sows, not on their colours) and
gives the stones their colours only where a rule looks at them: the pit where
a lap ends (T6: empty, capture or relay) and the stones a relay picks up.
Stones whose colours no rule has looked at yet stay *unsettled*: the lap that
sowed them keeps a :class:`_Pool` of the colours still to hand out and the
pits that hold them. When the move ends, the pools are settled every way they
can be, lazily, so one move's many stone orders cost nothing until asked for.
Orders that leave the same stones in the same pits are one move (T2: stones in
a pit have no order), so they are never told apart.

Reading a move asks less: the one sowing a token names. :func:`sole_fit`
walks the same lap tables on one board changed in place (one lap after the
other while a lap can go one way; where it can go several, each earlier way on
a copy of the board, the same function resumed) and proves the sowing is the
only one; only when it cannot tell (no fit, several, T11) does the full search
run, which also words the errors. Writing a move, which spends a
:class:`Budget`, always uses the full search.

Each rule step is written once, in plain functions every search uses:
:func:`.geometry.lap_paths` (a lap's routes, T4, T5), :func:`drop` (a lap's
stones, T4), :func:`judge_lap_end` (T6: end, capture or relay), :func:`lap_end`
(T6: the capture and what the last pit keeps) and :func:`ended_board`. The
searches carry a sowing from one lap to the next as one value,
:class:`_LapState` (the full search) and :data:`_WalkLap` (reading a move).
The walk that reads a move (:func:`sole_fit`, run for every move of every game
read) keeps the lap's parts in local variables while it follows one chain;
it calls :func:`judge_lap_end` where a lap may go several ways, but judges T6
inline at the end of each lap it follows and for each route where the token
goes on, the two copies marked ``judge_lap_end, inline``: a call there measured
+1.1% to +1.5% instructions on later passes each (see :func:`sole_fit`). A
test holds the copies to the function, and every search to :mod:`.reference`,
the sowing written plainly from the rulings.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from notation.games.base import MoveError, Outcome
from notation.games.tricala.geometry import CORNERS, LAP_PATHS, NEXT, PIT_NAMES, PITS
from notation.games.tricala.memo import shared
from notation.games.tricala.position import (
    BITS,
    OWN,
    SEATS,
    SETUP_STONES,
    STONE_COUNTS,
    UNIT,
    TricalaPosition,
    make_position,
    pack,
    pack_order,
    unpack,
)

CAPTURE_TARGET = 9  # ruling T8(a)
TIE_RULES = ("default", "draw", "opponent")  # ruling T9

#: Ruling T11: the most laps one move may have while moves are listed or matched.
#: A branch still relaying after this many laps is dropped.
LAP_LIMIT = 64


class LapLimitError(MoveError):
    """Only branches cut by the lap limit (T11) fit a token: it is reported, not followed."""

    code = "lap-limit"


# -- moves -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Placement:
    """A set-up move: three pit indices, sorted (T3)."""

    pits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sowing:
    """A sowing move (T4-T7).

    ``path`` lists every pit that receives a stone, in sowing order (the
    origin is not in it unless the sowing comes back to it); ``board`` and
    ``gain`` are the pits after the move and the stones it captures.
    ``pickups`` (origin first, then every relay pit) with the stone order
    sown from each is one choice sequence that makes this move; it takes no
    part in equality, since orders that end in the same board are the same
    move.
    """

    origin: int
    path: tuple[int, ...]
    board: tuple[int, ...]
    gain: int
    pickups: tuple[tuple[int, tuple[int, ...]], ...] = field(default=(), compare=False)

    @property
    def captures(self) -> bool:
        """Whether the move ends in a capture (T6)."""
        return self.gain > 0


TricalaMove = Placement | Sowing

_SET_ORIGIN, _SET_PATH, _SET_BOARD, _SET_GAIN, _SET_PICKUPS = (
    getattr(Sowing, name).__set__ for name in ("origin", "path", "board", "gain", "pickups")
)


def make_sowing(
    origin: int,
    path: tuple[int, ...],
    board: tuple[int, ...],
    gain: int,
    pickups: tuple[tuple[int, tuple[int, ...]], ...],
) -> Sowing:
    """``Sowing(origin, path, board, gain, pickups)``, the same value made in half the time
    (the slots filled directly, not through the frozen dataclass's ``__init__``)."""
    move: Sowing = object.__new__(Sowing)
    _SET_ORIGIN(move, origin)
    _SET_PATH(move, path)
    _SET_BOARD(move, board)
    _SET_GAIN(move, gain)
    _SET_PICKUPS(move, pickups)
    return move


# -- winning conditions ----------------------------------------------------------
def _majority(pit: int) -> int:
    """The colour with more than half the stones of a packed pit, -1 for none (T8(b))."""
    stones = STONE_COUNTS[pit]
    for colour in range(3):
        if 2 * ((pit >> BITS * colour) & 31) > stones:
            return colour
    return -1


_MAJORITY = shared("majority", _majority)


def achievers(
    board: tuple[int, ...], captured: tuple[int, ...], players: int
) -> tuple[tuple[int, str], ...]:
    """Every seat that meets a winning condition (T8) on this board, with the reason.

    A pure function of the board and captures, memoised: the validator asks
    before each move and after the last.
    """
    return _ACHIEVERS[board, captured, players]


def _achievers(
    board: tuple[int, ...], captured: tuple[int, ...], players: int
) -> tuple[tuple[int, str], ...]:
    """:func:`achievers` worked out."""
    # the seat holding each corner by majority (T8(b)), -1 for none
    holders = (
        _MAJORITY[board[CORNERS[0]]],
        _MAJORITY[board[CORNERS[1]]],
        _MAJORITY[board[CORNERS[2]]],
    )
    if holders == (-1, -1, -1) and max(captured) < CAPTURE_TARGET:
        return ()  # ruling T8: no corner held, nobody captured enough
    found: list[tuple[int, str]] = []
    totals = unpack(sum(board)) if holders != (-1, -1, -1) else (0, 0, 0)
    for seat in range(players):
        if captured[seat] >= CAPTURE_TARGET:  # ruling T8(a)
            found.append((seat, f"{SEATS[seat]} captured {captured[seat]} stones"))
            continue
        on_board = totals[seat]
        if not on_board:  # ruling T8(b): with no stones it cannot win by corners
            continue
        held = [CORNERS[i] for i in range(3) if holders[i] == seat]
        needed = min(on_board, 3)  # ruling T8(b): min(k, 3) corners
        if len(held) >= needed:
            names = " ".join(PIT_NAMES[c] for c in held)
            found.append(
                (
                    seat,
                    f"{SEATS[seat]} controls {len(held)} corner{'s' * (len(held) > 1)} "
                    f"({names}) with {on_board} stone{'s' * (on_board > 1)} on the board",
                )
            )
    return tuple(found)


_ACHIEVERS = shared("achievers", _achievers, spread=True)
_CORNER_A, _CORNER_B, _CORNER_C = CORNERS


def _corners_held(a: int, b: int, c: int) -> tuple[int, int, int] | None:
    """How many corners each colour holds by majority (T8(b)), from the corners' packed
    pits; None when nobody holds one. Memoised: corners change less often than the board."""
    held = [0, 0, 0]
    for pit in (a, b, c):
        seat = _MAJORITY[pit] if pit else -1
        if seat >= 0:
            held[seat] += 1
    white, black, red = held
    return (white, black, red) if white or black or red else None


_CORNERS_HELD = shared("corners_held", _corners_held, spread=True)


def _may_win(board: tuple[int, ...], captured: tuple[int, ...]) -> bool:
    """Whether :func:`achievers` finds anybody: a quick test, exact, for every position."""
    a, b, c = board[_CORNER_A], board[_CORNER_B], board[_CORNER_C]
    if not (a or b or c):  # ruling T8(b): empty corners are nobody's
        return max(captured) >= CAPTURE_TARGET  # ruling T8(a)
    if max(captured) >= CAPTURE_TARGET:  # ruling T8(a)
        return True
    held = _CORNERS_HELD[a, b, c]
    if held is None:
        return False
    white, black, red = held
    total = sum(board)
    # ruling T8(b): min(k, 3) corners (k >= 1 for a seat that holds one): all three, or
    # at least as many as its k stones on the board
    return bool(
        (white and (white == 3 or total & 31 <= white))
        or (black and (black == 3 or (total >> BITS) & 31 <= black))
        or (red and (red == 3 or (total >> 2 * BITS) & 31 <= red))
    )


def outcome(position: TricalaPosition, players: int, tie: str) -> Outcome | None:
    """How the game ended in ``position`` (T8, T9), or None while it goes on."""
    if any(position.hand):
        return None  # ruling T8: checked after sowing moves only (T3: stones in hand)
    if not _may_win(position.board, position.captured):
        return None
    found = _ACHIEVERS[position.board, position.captured, players]  # ruling T8: every player
    if not found:
        return None
    if len(found) == 1:  # ruling T9: exactly one achiever wins
        return Outcome.win(found[0][0], players, found[0][1])
    reason = "; ".join(why for _, why in found)
    seats = [seat for seat, _ in found]
    if tie == "draw":  # ruling T9, option tie=draw
        return Outcome.draw(seats, players, f"{reason}: drawn among them (tie=draw)")
    if tie == "opponent":  # ruling T9, option tie=opponent: drop the mover
        mover = position.mover
        if mover is None:  # ruling T9: a tool that cannot know the mover says so
            reason += (
                "; the position does not record who made the last move, so nobody is "
                "dropped (tie=opponent)"
            )
        elif mover in seats:
            seats.remove(mover)
            reason += f"; {SEATS[mover]} made the move and is dropped (tie=opponent)"
        if len(seats) == 1:
            return Outcome.win(seats[0], players, reason)
    best = max(position.captured[s] for s in seats)
    top = [s for s in seats if position.captured[s] == best]
    if len(top) == 1:  # ruling T9: most captured stones wins
        return Outcome.win(top[0], players, f"{reason}; {SEATS[top[0]]} captured the most")
    names = " and ".join(SEATS[s] for s in top)
    return Outcome.draw(top, players, f"{reason}: drawn between {names}, {best} captured each (T9)")


def tie_sensitive(position: TricalaPosition, players: int) -> bool:
    """Whether several seats meet a winning condition at once (T9): the mover then matters."""
    if position.in_setup:
        return False
    return len(_ACHIEVERS[position.board, position.captured, players]) > 1


# -- playing a move ----------------------------------------------------------------
def next_seat(board: tuple[int, ...], seat: int, players: int) -> tuple[int, int]:
    """The next seat to move after ``seat`` and the turns that takes (T10 passes)."""
    total = sum(board)  # every colour's count at once (see .position)
    after = seat + 1 if seat + 1 < players else 0
    if total & OWN[after]:  # the common case: the next seat has stones (T10)
        return after, 1
    for step in range(2, players + 1):
        candidate = (seat + step) % players
        if total & OWN[candidate]:  # ruling T10: no stones on the board: skipped
            return candidate, step
    return (seat + 1) % players, 1


def play(position: TricalaPosition, move: TricalaMove, players: int) -> TricalaPosition:
    """The position after a legal move; the sowing's mover is recorded (T9)."""
    seat = position.to_move
    if isinstance(move, Placement):
        board = list(position.board)
        for pit in move.pits:  # ruling T3
            board[pit] += UNIT[seat]
        hand = list(position.hand)
        hand[seat] -= SETUP_STONES
        return make_position(
            tuple(board),
            position.captured,
            tuple(hand),
            (seat + 1) % players,  # ruling T3: set-up in turn order, then White
            position.turn + 1,
            None,
        )
    captured = position.captured
    if move.gain:
        listed = list(captured)
        listed[seat] += move.gain  # ruling T7
        captured = tuple(listed)
    to_move, taken = next_seat(move.board, seat, players)
    return make_position(move.board, captured, position.hand, to_move, position.turn + taken, seat)


def placements() -> Iterator[Placement]:
    """Every set-up move: three non-corner pits, repeats allowed (T3)."""
    pits = [p for p in range(PITS) if p not in CORNERS]  # ruling T3
    for i, a in enumerate(pits):
        for j in range(i, len(pits)):
            for k in range(j, len(pits)):
                yield Placement((a, pits[j], pits[k]))


# -- the rule steps every search shares (T4, T6) ------------------------------------
def drop(grid: list[int], route: Sequence[int], order: Sequence[int]) -> None:
    """Ruling T4: one stone into each pit of ``route``, colours in ``order``, in place;
    all but the lap's last stone, which T6 judges by its pit before it arrives."""
    for at, colour in zip(route, order[:-1], strict=False):
        grid[at] += UNIT[colour]


#: What a lap's end does (ruling T6), as :func:`judge_lap_end` tells it. A relay is
#: 0, so the answer reads as "the move ends" where only that matters.
RELAYS, ENDS, CAPTURES = 0, 1, 2


def judge_lap_end(before: int, others: int) -> int:
    """Ruling T6: what the end of a lap does, judged by its last pit P before the last
    stone arrived (``before``, packed).

    ``others`` holds the bits of every colour but the mover's (``~OWN[seat]``).
    P was empty: ENDS, the move ends; P held a stone of another player: CAPTURES
    (:func:`lap_end` says what is taken); P held only the mover's stones: RELAYS
    (0), the mover takes them all and sows on. The walk that reads a move keeps the
    test ``not before or before & others`` ("the move ends") inline in two places,
    marked (see :func:`sole_fit`).
    """
    if not before:  # ruling T6: P was empty: the move ends
        return ENDS
    if before & others:  # ruling T6: another player's stone in P: capture
        return CAPTURES
    return RELAYS  # ruling T6: only the mover's stones: relay


def lap_end(before: int, after: int, colour: int, capturer_stays: bool) -> tuple[int, int]:
    """Ruling T6 for a lap that ends the move (:func:`judge_lap_end`) in pit P, which held
    ``before`` without the last stone (of ``colour``) and ``after`` with it: the stones
    captured and what P holds afterwards."""
    if not before:  # ruling T6: an empty pit ends the move, the stone stays
        return 0, after
    # ruling T6: another player's stone: capture, every stone in P, the last too (T7)
    if capturer_stays:  # ruling T6, option capturer-stays: the last stone stays, uncounted
        return STONE_COUNTS[after] - 1, UNIT[colour]
    return STONE_COUNTS[after], 0


def ended_board(
    start: Sequence[int], route: Sequence[int], order: Sequence[int], kept: int
) -> tuple[int, ...]:
    """The board when a lap ends the move: its stones dropped on ``start`` (:func:`drop`)
    and its last pit holding ``kept``, as :func:`lap_end` leaves it."""
    grid = list(start)
    drop(grid, route, order)
    grid[route[-1]] = kept
    return tuple(grid)


# -- the sowing search -----------------------------------------------------------
#: A matcher's progress: (waypoints matched, the order the next pickup must have);
#: the search only carries these along.
MatchStates = tuple[tuple[int, tuple[int, ...] | None], ...]


#: One way a lap may go that a token still fits (an answer of ``Matcher.lap_fits``), a
#: plain tuple read by unpacking, never by index:
#: ``route, steps, onward, stopping, can_end, revisits = fit``
#:
#: - ``route``: the pits receiving the lap's stones, in order (T4, T5);
#: - ``steps``: the direction of the step onto each;
#: - ``onward``: the matcher's states after the last stone if the lap relays (T6);
#: - ``stopping``: and if it does not;
#: - ``can_end``: whether the sowing may end there (the token's final pit);
#: - ``revisits``: whether the route passes its last pit before the last stone.
#:
#: (A NamedTuple reads the same, by unpacking, but is slower to unpack and to make:
#: measured in dc34d83 on branch tricala, +5.2% instructions on a first pass.)
LapFit = tuple[tuple[int, ...], tuple[int, ...], MatchStates, MatchStates, bool, bool]
#: The ways one lap may go that a token still fits.
LapFits = tuple[LapFit, ...]


class Matcher(Protocol):
    """A move token compiled for the search (see :mod:`.notation`).

    ``states`` are opaque to the search: it starts them, moves them on by
    each sown stone and each relay pickup, and asks whether a finished
    sowing fits. An empty tuple of states means the branch cannot fit.
    """

    @property
    def origin_order(self) -> tuple[int, ...] | None: ...

    @property
    def first_direction(self) -> int: ...

    @property
    def laps(self) -> dict[object, LapFits]:
        """:meth:`lap_fits`' answers so far, by ``(states, pit, direction, count)``."""
        ...

    def start(self) -> MatchStates: ...

    def advance(
        self, states: MatchStates, pit: int, direction: int, relay: bool
    ) -> MatchStates: ...

    def advance_lap(
        self, states: MatchStates, route: Sequence[int], steps: Sequence[int]
    ) -> tuple[MatchStates, MatchStates, bool] | None: ...

    @property
    def capture(self) -> bool | None: ...

    def lap_fits(self, states: MatchStates, pit: int, direction: int, count: int) -> LapFits:
        """The ways a lap may go that the token still fits (direction -1: every direction
        the first stone may take, T4, in order)."""
        ...

    def relay_pickups(
        self, states: MatchStates
    ) -> tuple[tuple[tuple[int, ...] | None, MatchStates], ...]: ...

    def relay_orders(self, states: MatchStates) -> tuple[tuple[int, ...] | None, ...]: ...

    def after_pickup(self, states: MatchStates, order: tuple[int, ...] | None) -> MatchStates: ...

    def fits_end(self, states: MatchStates, gain: int) -> bool: ...

    def may_end(self, states: MatchStates) -> bool: ...


class Fit(NamedTuple):
    """One sowing found by the search: the move's parts and one choice sequence."""

    path: tuple[int, ...]
    board: tuple[int, ...]
    gain: int
    pickups: tuple[tuple[int, tuple[int, ...]], ...]


class _Pool(NamedTuple):
    """Stones sown by lap ``lap`` whose colours no rule has looked at yet.

    ``rest`` holds the colours still to hand out (packed, at least two
    colours); ``pits`` the pits holding them, with how many each.
    """

    lap: int
    rest: int
    pits: tuple[tuple[int, int], ...]


class _Lap(NamedTuple):
    """One lap of a move: where it picked up, its path, its order or its pool's settlements."""

    pit: int
    path: tuple[int, ...]
    order: tuple[int, ...] | None  # None: the colours come from pool settlements
    last: int  # the colour of the lap's last stone


_Settled = tuple[tuple[int, int, int], ...]  # (lap, pit, packed colours) handed out by pools


class _LapState(NamedTuple):
    """A sowing about to sow its next lap: all the searches carry from one lap to the
    next (T4-T6, T11), one value in place of a dozen arguments.

    Read by unpacking in the loops (``board, path, laps, ... = lap``), made anew
    for each lap; ``_replace`` only off the loops that run per stone order.
    """

    #: the board without the lap's stones (taken from ``pit``, T4, T6)
    board: tuple[int, ...]
    #: every pit sown so far, in order
    path: tuple[int, ...]
    #: the laps sown so far, the origin's first
    laps: tuple[_Lap, ...]
    #: where this lap picks its stones up: the origin (T4) or a relay pit (T6)
    pit: int
    #: the way its first stone goes (T4; a relay goes on the way it came, T6)
    direction: int
    #: the stones it sows, packed
    hand: int
    #: the stone orders to try; () when the order is left open (the pools settle it)
    orders: tuple[tuple[int, ...], ...]
    #: the token's matcher states (before the pickup, for a relay); None: no token
    states: MatchStates | None
    #: the relay states met on this branch (T11)
    seen: frozenset[object]
    #: stones whose colours no rule has looked at yet
    pools: tuple[_Pool, ...] = ()
    #: the colours the pools handed out so far
    settled: _Settled = ()


class _LapEnd(NamedTuple):
    """Where a lap of :meth:`SowingSearch._lap` ends, for :meth:`SowingSearch._end_lap`:
    its route and steps, its last pit before the last stone (``before``), that stone's
    colour, the pits holding its unsettled stones (``shares``) and the matcher's states
    after the last stone if it relays and if it does not (``finals``)."""

    route: tuple[int, ...]
    steps: tuple[int, ...]
    before: int
    colour: int
    shares: list[tuple[int, int]]
    finals: tuple[MatchStates, MatchStates] | None


def _pickups(laps: Sequence[_Lap]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each lap's pit and stone order, for laps whose orders are all known."""
    return tuple((lap.pit, lap.order or ()) for lap in laps)


def _compositions(rest: int, count: int) -> tuple[int, ...]:
    """Every packed multiset of ``count`` stones drawn from the packed multiset ``rest``."""
    w, b, r = unpack(rest)
    found = []
    for x in range(min(w, count), -1, -1):
        for y in range(min(b, count - x), -1, -1):
            z = count - x - y
            if z <= r:
                found.append(pack((x, y, z)))
    return tuple(found)


def _one_colour(rest: int) -> int:
    """The colour of a packed multiset of one colour, or -1 when it has several."""
    counts = unpack(rest)
    present = [c for c in range(3) if counts[c]]
    return present[0] if len(present) == 1 else -1


def _plain_orders(hand: int) -> tuple[tuple[int, ...], ...]:
    """The stone orders of a pickup whose order is left open, when the general search
    could only settle them one by one anyway; () when it needs pools.

    One colour: one order (T2: stones of a colour are alike). Two stones of two
    colours: the last stone's colour decides, White first, then Black, then Red
    (the order in which :meth:`SowingSearch._lap` tries them; the other stone's
    pit gets the colour left, as its pool settles at once).
    """
    one = _ONE_COLOUR[hand]
    count = STONE_COUNTS[hand]
    if one >= 0:
        return ((one,) * count,)
    if count == 2:
        present = [c for c in range(3) if hand & OWN[c]]
        return tuple((present[1 - k], present[k]) for k in range(2))
    return ()


_COMPOSITIONS = shared("compositions", _compositions, spread=True)
_ONE_COLOUR = shared("one_colour", _one_colour)
_PLAIN_ORDERS = shared("plain_orders", _plain_orders)


def _settle_pool(board: list[int], settled: _Settled, pool: _Pool) -> tuple[_Settled, _Pool | None]:
    """Hand out a pool's colours when only one way is left (one colour, or one pit)."""
    colour = _ONE_COLOUR[pool.rest]
    if colour < 0 and len(pool.pits) > 1:
        return settled, pool
    for pit, count in pool.pits:
        given = count * UNIT[colour] if colour >= 0 else pool.rest
        board[pit] += given
        settled += ((pool.lap, pit, given),)
    return settled, None


def _settle_pit(
    board: tuple[int, ...],
    pools: tuple[_Pool, ...],
    settled: _Settled,
    pit: int,
    only: int = -1,
) -> Iterator[tuple[tuple[int, ...], tuple[_Pool, ...], _Settled]]:
    """Every way to give colours to the unsettled stones lying in ``pit``.

    With ``only`` (a colour), just the way that makes them all of that colour.
    """
    for index, pool in enumerate(pools):
        count = dict(pool.pits).get(pit, 0)
        if not count:
            continue
        others = tuple(item for item in pool.pits if item[0] != pit)
        ways = _COMPOSITIONS[pool.rest, count]
        if only >= 0:
            ways = tuple(w for w in ways if w == count * UNIT[only])
        for given in ways:
            grid = list(board)
            grid[pit] += given
            done = (*settled, (pool.lap, pit, given))
            left: _Pool | None = _Pool(pool.lap, pool.rest - given, others)
            if others:
                assert left is not None
                done, left = _settle_pool(grid, done, left)
            else:
                left = None
            rest = (*pools[:index], *((left,) if left else ()), *pools[index + 1 :])
            yield from _settle_pit(tuple(grid), rest, done, pit, only)
        return
    yield board, pools, settled


def _complete(
    board: tuple[int, ...], pools: tuple[_Pool, ...], settled: _Settled
) -> Iterator[tuple[tuple[int, ...], _Settled]]:
    """Every way to settle all pools: each a different board (lazily)."""
    if not pools:
        yield board, settled
        return
    pit = pools[0].pits[0][0]
    for grid, rest, done in _settle_pit(board, pools, settled, pit):
        yield from _complete(grid, rest, done)


def _orders(laps: Sequence[_Lap], settled: _Settled) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """One stone order per lap that drops the settled colours into its pits."""
    out = []
    for number, lap in enumerate(laps):
        if lap.order is not None:
            out.append((lap.pit, lap.order))
            continue
        left: dict[int, list[int]] = {}
        for owner, pit, given in settled:
            if owner == number:
                counts = left.setdefault(pit, [0, 0, 0])
                for colour, n in enumerate(unpack(given)):
                    counts[colour] += n
        left[lap.path[-1]][lap.last] -= 1
        order = []
        for pit in lap.path[:-1]:
            counts = left[pit]
            colour = next(c for c in range(3) if counts[c])
            counts[colour] -= 1
            order.append(colour)
        order.append(lap.last)
        out.append((lap.pit, tuple(order)))
    return tuple(out)


_NOTHING_SEEN: frozenset[object] = frozenset()  # no relay state reached yet (T11)


class _Enough(Exception):
    """Enough fits were found: :meth:`SowingSearch.collect` stops."""


def _keep(found: dict[tuple[tuple[int, ...], int], Fit], stop_after: int, fit: Fit) -> None:
    """Keep ``fit`` unless a fit with its board and gain is kept; _Enough at ``stop_after``."""
    key = (fit.board, fit.gain)
    if key not in found:
        found[key] = fit
        if len(found) >= stop_after:
            raise _Enough


class OverBudget(Exception):
    """A search ran out of its :class:`Budget` before it could finish."""


@dataclass
class Budget:
    """How many lap ends (T6) searches may still judge; -1 for no limit.

    Writing a move proves each shortened token unambiguous by a search; a
    budget bounds that work, deterministically (a count, not a clock).
    ``spent`` counts what was judged.
    """

    left: int
    spent: int = 0

    def spend(self, count: int = 1) -> None:
        """Count ``count`` lap ends; raise OverBudget when the budget runs out."""
        self.spent += count
        if self.left >= 0:
            self.left -= count
            if self.left < 0:
                self.left = 0
                raise OverBudget


@dataclass(slots=True)
class SowingSearch:
    """Every sowing from one pit (fitting a token's matcher when given), lazily (T4-T6, T11).

    ``judged`` counts the lap ends judged; past ``limit`` (when not -1) the
    search raises OverBudget. ``capped`` turns true when a branch was dropped
    at the lap limit (T11),
    ``endless`` when a branch was cut because it repeated a state (T11).
    ``memo`` holds relay states already followed. Listing moves (no matcher),
    a state is followed again when reached by another path, since the path
    is part of a move; matching a token, where only the resulting (board,
    capture) pairs count, each state is followed once, which bounds the work
    by the number of states rather than the number of paths.
    """

    seat: int
    capturer_stays: bool = False
    lap_limit: int = LAP_LIMIT
    matcher: Matcher | None = None
    limit: int = -1
    capped: bool = False
    endless: bool = False
    judged: int = 0
    memo: set[object] = field(default_factory=set)

    def sowings(self, board: tuple[int, ...], origin: int) -> Iterator[Fit]:
        """Every way to sow ``origin`` (T4): each direction that stays on the board."""
        contents = board[origin]
        grid = list(board)
        grid[origin] = 0  # ruling T4: every stone, all colours
        start = tuple(grid)
        matcher = self.matcher
        directions: Sequence[int] = range(6)
        states: MatchStates | None = None
        orders: tuple[tuple[int, ...], ...] = ()
        if matcher is not None:
            states = matcher.start()
            if matcher.first_direction >= 0:
                directions = (matcher.first_direction,)
            if matcher.origin_order is not None:
                orders = (matcher.origin_order,)
        for direction in directions:
            if NEXT[origin * 6 + direction] < 0:  # ruling T4: the start stays on the board
                continue
            first = _LapState(
                start, (), (), origin, direction, contents, orders, states, _NOTHING_SEEN
            )
            yield from self._lap(first)

    def collect(
        self, board: tuple[int, ...], origin: int, stop_after: int
    ) -> dict[tuple[tuple[int, ...], int], Fit]:
        """The fits of :meth:`sowings`, one per (board, capture), at most ``stop_after``.

        Needs a matcher. The same search, in the same order, counting the same
        lap ends (so budgets and the T11 flags come out alike), but eager: laps
        whose stone orders can simply be listed (:func:`_plain_orders`: the
        common case, a pit of one colour, or an order the token names) take a
        tight path without generators, pools or settlements; only a larger
        pickup of mixed colours whose order is left open goes through :meth:`_lap`.
        """
        matcher = self.matcher
        assert matcher is not None
        found: dict[tuple[tuple[int, ...], int], Fit] = {}
        contents = board[origin]
        grid = list(board)
        grid[origin] = 0  # ruling T4: every stone, all colours
        start = tuple(grid)
        directions: Sequence[int] = range(6)
        if matcher.first_direction >= 0:
            directions = (matcher.first_direction,)
        order = matcher.origin_order
        orders = (order,) if order is not None else _PLAIN_ORDERS[contents]
        states = matcher.start()
        try:
            for direction in directions:
                if NEXT[origin * 6 + direction] < 0:  # ruling T4: the start stays on the board
                    continue
                first = _LapState(
                    start, (), (), origin, direction, contents, orders, states, _NOTHING_SEEN
                )
                self._quick_lap(found, stop_after, first)
        except _Enough:
            pass
        return found

    def _quick_lap(
        self, found: dict[tuple[tuple[int, ...], int], Fit], stop_after: int, lap: _LapState
    ) -> None:
        """:meth:`_lap` and :meth:`_end_lap` for a lap sown in one of ``lap.orders``, no
        pools.

        Fits go into ``found``; raises _Enough once it holds ``stop_after``.
        With no orders, the lap goes through the general search (pools).
        """
        matcher = self.matcher
        assert matcher is not None
        board, path, laps, pit, direction, _hand, orders, states, seen, _pools, _settled = lap
        if not orders:  # mixed colours, order open: the general search (pools)
            for fit in self._lap(lap):
                _keep(found, stop_after, fit)
            return
        assert states is not None  # a token's search
        others = ~OWN[self.seat]
        capturer_stays = self.capturer_stays
        capture = matcher.capture
        # routes the token rules out are dropped; the last stone decides the lap (T6)
        for route, steps, onward, _stopping, can_end, revisits in matcher.lap_fits(
            states, pit, direction, len(orders[0])
        ):
            last = route[-1]
            for order in orders:
                self.judged += 1
                if self.judged > self.limit >= 0:
                    raise OverBudget
                before = board[last]
                if revisits:  # the lap passed its last pit already: count those stones
                    for at, colour in zip(route, order[:-1], strict=False):
                        if at == last:
                            before += UNIT[colour]
                colour = order[-1]
                after = before + UNIT[colour]
                if judge_lap_end(before, others):  # ruling T6: the move ends here
                    if not can_end:  # what matcher.fits_end tells, whatever the gain
                        continue
                    gain, kept = lap_end(before, after, colour, capturer_stays)
                    if capture is not None and capture != bool(gain):
                        continue  # what matcher.fits_end(stopping, gain) tells
                    final = ended_board(board, route, order, kept)
                    if (final, gain) not in found:
                        done = (*laps, _Lap(pit, route, order, colour))
                        fit = Fit(path + route, final, gain, _pickups(done))
                        _keep(found, stop_after, fit)
                elif onward:  # ruling T6: relay, take every stone in the pit, sow on
                    grid = list(board)
                    drop(grid, route, order)
                    grid[last] = 0  # ruling T6: every stone in the pit is taken
                    relay = _LapState(
                        tuple(grid), path + route, (*laps, _Lap(pit, route, order, colour)),
                        last, steps[-1], after, (), onward, seen,
                    )  # fmt: skip
                    self._quick_relay(found, stop_after, relay)

    def _quick_relay(
        self, found: dict[tuple[tuple[int, ...], int], Fit], stop_after: int, relay: _LapState
    ) -> None:
        """:meth:`_relay` for :meth:`_quick_lap`: sow on the stones ``relay.hand`` a relay
        picked up (T6) the same way (T5 at edges), unless the state was met before, or its
        continuation followed already, or at the lap limit (T11). ``relay.states`` are
        the matcher's states before the pickup."""
        matcher = self.matcher
        assert matcher is not None
        frozen, sown, done, last, heading, after, _orders, onward, seen, _p, _s = relay
        state = (frozen, (), last, heading, after)
        if state in seen:  # ruling T11: a repeated state never ends: cut
            self.endless = True
            return
        memo_key = (state, onward)  # as in _relay: a state reached again gives nothing
        if memo_key in self.memo:
            return
        self.memo.add(memo_key)
        if len(done) >= self.lap_limit:  # ruling T11: the cap drops this branch only
            self.capped = True
            return
        later = seen | {state}
        for wanted, next_states in matcher.relay_pickups(onward):  # type: ignore[arg-type]
            if wanted is not None and pack_order(wanted) != after:
                continue
            if next_states:
                orders = (wanted,) if wanted is not None else _PLAIN_ORDERS[after]
                self._quick_lap(
                    found, stop_after,
                    _LapState(frozen, sown, done, last, heading, after, orders, next_states, later),
                )  # fmt: skip

    def _lap(self, lap: _LapState) -> Iterator[Fit]:
        """Sow ``lap.hand`` from ``lap.pit`` going ``lap.direction`` (T4, T5), then end the
        lap (T6)."""
        board, _path, _laps, pit, direction, hand, orders, states, _seen, pools, settled = lap
        count = STONE_COUNTS[hand]
        order = orders[0] if orders else None
        if order is None:
            one = _ONE_COLOUR[hand]
            if one >= 0:
                order = (one,) * count  # one colour: one order
                lap = lap._replace(orders=(order,))
        matcher = self.matcher
        for route, steps in LAP_PATHS[pit, direction, count]:
            last = route[-1]
            only = -1  # a colour when the lap can only relay: its last pit all the mover's
            # the matcher's states after the last stone: if it relays, if it does not
            finals: tuple[MatchStates, MatchStates] | None = None
            if states is not None:
                assert matcher is not None
                advanced = matcher.advance_lap(states, route, steps)
                if advanced is None:
                    continue
                # the last stone decides the lap (T6); the token may rule a kind out already
                onward, stopping, can_stop = advanced
                finals = (onward, stopping)
                if not onward and not can_stop:
                    continue
                if not can_stop:
                    only = self.seat
            grid = list(board)
            if order is not None:  # the colours are known: drop them
                drop(grid, route, order)
                choices: list[tuple[int, int]] = [(0, order[-1])]
                shares: list[tuple[int, int]] = []
            else:
                tally: dict[int, int] = {}
                for p in route:
                    tally[p] = tally.get(p, 0) + 1
                shares = [(p, n) for p, n in tally.items() if p != last]
                choices = []
                for given in _COMPOSITIONS[hand, tally[last]]:
                    for colour in range(3):
                        if given & OWN[colour]:
                            before_own = given - UNIT[colour]
                            if only < 0 or not before_own & ~OWN[only]:
                                choices.append((before_own, colour))
            ways = (
                _settle_pit(tuple(grid), pools, settled, last, only)
                if pools
                else ((tuple(grid), pools, settled),)
            )
            for grid_p, pools_p, settled_p in ways:
                sown = lap._replace(board=grid_p, pools=pools_p, settled=settled_p)
                judged: set[object] | None = set() if len(choices) > 1 else None
                for before_own, colour in choices:
                    # before_own: this lap's earlier stones in the last pit
                    end = _LapEnd(route, steps, grid_p[last] + before_own, colour, shares, finals)
                    yield from self._end_lap(sown, end, judged)

    def _end_lap(self, lap: _LapState, end: _LapEnd, judged: set[object] | None) -> Iterator[Fit]:
        """End ``lap`` (its stones dropped on ``lap.board`` but those of unsettled colours
        and the last) on its last pit, judged by what it held before the last stone (T6).

        ``judged``, when the lap's last stone may have several colours, holds the
        lap ends already followed: orders nothing can tell apart are one move.
        """
        self.judged += 1
        if self.judged > self.limit >= 0:
            raise OverBudget
        board, path, laps, pit, _direction, _hand, orders, _states, seen, pools, settled = lap
        route, steps, before, colour, shares, finals = end
        last = route[-1]
        after = before + UNIT[colour]
        kind = judge_lap_end(before, ~OWN[self.seat])  # ruling T6
        matcher = self.matcher
        states: MatchStates | None = None
        if finals is not None:
            states = finals[1] if kind else finals[0]
            if not states:
                return
        if judged is not None:
            # orders that differ only where nothing can tell them apart are one move
            key = (after, kind, colour if kind == CAPTURES and self.capturer_stays else -1)
            if key in judged:
                return
            judged.add(key)
        grid = list(board)
        order = orders[0] if orders else None
        if order is None:  # this lap's stones outside the last pit stay unsettled
            given = after - board[last]
            settled, pools = _pool_lap(grid, lap, last, given, shares)
        done = (*laps, _Lap(pit, route, order, colour))
        sown = path + route
        if kind:  # ruling T6: the move ends (empty pit, or a capture)
            gain, grid[last] = lap_end(before, after, colour, self.capturer_stays)
            if states is None or (matcher is not None and matcher.fits_end(states, gain)):
                yield from _ended_fits(sown, grid, gain, done, pools, settled)
            return
        # ruling T6: relay, take every stone in the pit and sow on the same way (T5 at edges)
        grid[last] = 0
        yield from self._relay(
            _LapState(
                tuple(grid), sown, done, last, steps[-1], after, (), states, seen, pools, settled
            )
        )

    def _relay(self, relay: _LapState) -> Iterator[Fit]:
        """Sow on the stones ``relay.hand`` a relay picked up from ``relay.pit`` (T6),
        unless the state was met before (T11), or its continuation followed already, or
        the lap limit is reached (T11). ``relay.states`` are the matcher's states before
        the pickup."""
        frozen, sown, done, last, heading, after, _orders, states, seen, pools, _s = relay
        state = (frozen, pools, last, heading, after)
        if not pools:
            if state in seen:  # ruling T11: a repeated state never ends: cut
                self.endless = True
                return
            seen = seen | {state}
            relay = relay._replace(seen=seen)
        # a continuation depends on the state, not on how it was reached: when only the
        # results matter (matching a token), a state reached again gives nothing new
        canonical = (frozen, tuple((p.rest, p.pits) for p in pools), last, heading, after)
        memo_key = (canonical, states) if states is not None else (sown, canonical)
        if memo_key in self.memo:  # the same continuation was already followed
            return
        self.memo.add(memo_key)
        if len(done) >= self.lap_limit:  # ruling T11: the cap drops this branch only
            self.capped = True
            return
        if states is None:
            yield from self._lap(relay)
            return
        matcher = self.matcher
        assert matcher is not None
        for wanted in matcher.relay_orders(states):
            if wanted is not None and pack_order(wanted) != after:
                continue
            next_states = matcher.after_pickup(states, wanted)
            if next_states:
                orders = (wanted,) if wanted is not None else ()
                yield from self._lap(relay._replace(orders=orders, states=next_states))


def _pool_lap(
    grid: list[int], lap: _LapState, last: int, given: int, shares: list[tuple[int, int]]
) -> tuple[_Settled, tuple[_Pool, ...]]:
    """``lap`` was sown in an order left open: the stones ``given`` to its last pit
    ``last`` are settled; the rest, in the pits of ``shares``, go to a new pool, settled
    at once (into ``grid``) when only one way is left. The settlements and pools after."""
    number, pools = len(lap.laps), lap.pools
    settled = (*lap.settled, (number, last, given))
    if shares:
        pool: _Pool | None = _Pool(number, lap.hand - given, tuple(shares))
        assert pool is not None
        settled, pool = _settle_pool(grid, settled, pool)
        if pool is not None:
            pools = (*pools, pool)
    return settled, pools


def _ended_fits(
    sown: tuple[int, ...],
    grid: list[int],
    gain: int,
    done: tuple[_Lap, ...],
    pools: tuple[_Pool, ...],
    settled: _Settled,
) -> Iterator[Fit]:
    """The moves of a sowing that ended: one, when every colour was known all along,
    else one per way to settle the pools still open (lazily)."""
    if not pools and not settled:
        yield Fit(sown, tuple(grid), gain, _pickups(done))
        return
    for final, all_settled in _complete(tuple(grid), pools, settled):
        yield Fit(sown, final, gain, _orders(done, all_settled))


class _Unsure(Exception):
    """:func:`sole_fit` cannot tell the answer alone: the full search must."""


#: The most ways :func:`sole_fit` tries where a lap may go several (each route and stone
#: order), before leaving the token to the full search.
SOLE_FIT_WORK = 256
#: The most orders :func:`sole_fit` tries for a pickup of mixed colours left open.
SOLE_FIT_ORDERS = 12


def _distinct_orders(hand: int) -> tuple[tuple[int, ...], ...]:
    """Every order of a packed hand's stones, stones of one colour alike (T2), White
    first; () when there are more than SOLE_FIT_ORDERS."""
    counts = list(unpack(hand))
    size = sum(counts)
    found: list[tuple[int, ...]] = []
    prefix: list[int] = []

    def build() -> None:
        if len(found) > SOLE_FIT_ORDERS:
            return
        if len(prefix) == size:
            found.append(tuple(prefix))
            return
        for colour in range(3):
            if counts[colour]:
                counts[colour] -= 1
                prefix.append(colour)
                build()
                prefix.pop()
                counts[colour] += 1

    build()
    build = None  # type: ignore[assignment]  # it calls itself: break the cycle for the collector
    return tuple(found) if len(found) <= SOLE_FIT_ORDERS else ()


_DISTINCT_ORDERS = shared("distinct_orders", _distinct_orders)

_Pickups = tuple[tuple[int, tuple[int, ...]], ...]

#: A lap :func:`sole_fit`'s walk is about to sow, as one value: made only where a lap may
#: go several ways, to follow an earlier way on a copy of the board (the chain followed in
#: place keeps these in local variables: a lap state and a shared state made for every
#: move read measured +2.2% instructions on later passes of tricala-2). A plain tuple,
#: read by unpacking, never by index, as :data:`LapFit` (a NamedTuple costs three times as
#: much to make):
#: ``path, pickups, pooled, pit, direction, orders, states, routes = lap``
#:
#: - ``path``, ``pickups``: every pit sown so far, and each lap's pit and stone order;
#: - ``pooled``: a bit for each lap (bit n for lap n, the origin's 0) whose stones, of
#:   mixed colours in an order the token leaves open, the full search hands to its pools:
#:   the walk tries each of their orders, and writes the one it keeps as the pools would;
#: - ``pit``: where the lap picks its stones up (T4; a relay pit, T6);
#: - ``direction``: the way its first stone goes (T4; -1: every way the lap tables give;
#:   a relay goes on the way it came, T6);
#: - ``orders``: the stone orders to try;
#: - ``states``: the token's matcher states;
#: - ``routes``: the lap's routes, when a choice already picked one (with one order);
#:   None: the lap tables tell.
_WalkLap = tuple[
    tuple[int, ...], _Pickups, int, int, int, tuple[tuple[int, ...], ...], MatchStates,
    LapFits | None,
]  # fmt: skip
#: A sowing the walk found: ``path, board, gain, pickups, pooled = found``.
_Found = tuple[tuple[int, ...], tuple[int, ...], int, _Pickups, int]
_Entry = tuple[int, int, int, tuple[int, ...]]  # a relay state (T11): pit, way, hand, board
#: What every branch of the walk shares, made at its first choice (a plain tuple, as
#: :data:`_WalkLap`): ``grid, chain, found, work, seat, matcher, capturer_stays, lap_limit``
#:
#: - ``grid``: the board, changed in place as the walk goes down (T4, T6);
#: - ``chain``: the relay states met on the branch followed (T11);
#: - ``found``: the sowings found on copies, and after the first;
#: - ``work``: how many ways were tried where a lap may go several (one number);
#: - the mover, the token's matcher, whether the capturer stays (T6), the lap limit (T11).
_Walk = tuple[list[int], list[_Entry], list[_Found], list[int], int, Matcher, bool, int]
#: Where a copy of the walk starts: ``walk, lap = resume``.
_Resume = tuple[_Walk, _WalkLap]


def sole_fit(
    board: tuple[int, ...],
    origin: int,
    seat: int,
    matcher: Matcher,
    capturer_stays: bool,
    lap_limit: int = LAP_LIMIT,
    resume: _Resume | None = None,
) -> Sowing | None:
    """The one sowing that fits ``matcher``, when exactly one does: reading a move.

    The walk of :meth:`SowingSearch.collect` (the lap tables of
    ``matcher.lap_fits``, directions, routes and stone orders in the same
    order, so the fit found is the one ``collect`` finds first), on one board
    changed in place, without what only writing or error messages need: no
    budget, no memo of relay states (a state reached again gives the same
    fits), no pools: a pickup of mixed colours whose order is left open is
    tried in each of its orders, and the fit is then kept only when every way
    to it gives one path and, written as the pools would write them
    (:func:`_pool_order`), one set of stone orders.

    Most sowings read are one chain of laps (a token whose listed pits are in
    line leaves one route, N3; of a free stretch's routes, T6 usually rules
    out all but one; a pickup of one colour has one order), followed here lap
    after lap. Where a lap may go several ways, every one but the last is
    followed on a copy of the board (:func:`_last_way`, :func:`_on_copy`: this
    function again, from ``resume``, the walk's own argument), and the last
    here.

    None when the walk cannot answer alone: no fit or several, a repeated
    relay state or the lap limit (T11), too many orders, more than
    SOLE_FIT_WORK ways tried where a lap may go several. The caller then runs
    the full search, which gives the same answer the slow way, and the errors.

    T6 is :func:`judge_lap_end`'s, but two copies of its test "the move ends"
    stay inline, marked ``judge_lap_end, inline``: at the end of each lap
    followed here (a call measured +1.1% instructions on later passes of
    tricala-3 and +1.3% on tricala-2, +0.3% and +0.4% on first passes), and
    for each route where the token goes on (:func:`_last_way`: +1.5% and
    +1.3% on later passes). Instructions counted by valgrind over the first
    100 games of each corpus, PYTHONHASHSEED=0, against the same tree with
    the test inline; :func:`_last_way`'s test of each way, called, measured
    +0.5% on later passes of both and stays a call.
    """
    others = ~OWN[seat]
    memo = matcher.laps
    walk: _Walk | None
    if resume is None:  # the move's first lap, from ``origin`` (T4)
        order = matcher.origin_order
        orders = (order,) if order is not None else _PLAIN_ORDERS[board[origin]]
        pooled = 0
        if not orders:  # mixed colours, order open: the full search's pools; here every order
            orders = _DISTINCT_ORDERS[board[origin]]
            if not orders:
                return None
            pooled = 1
        direction = matcher.first_direction  # -1: the lap tables give every direction
        if direction >= 0 and NEXT[origin * 6 + direction] < 0:
            return None  # ruling T4: the start stays on the board
        grid = list(board)
        grid[origin] = 0  # ruling T4: every stone, all colours
        chain: list[_Entry] = []
        walk = None  # made at the first choice
        path: tuple[int, ...] = ()
        pickups: _Pickups = ()
        pit, states, routes = origin, matcher.start(), None
    else:  # a copy, from a lap of the walk
        walk, (path, pickups, pooled, pit, direction, orders, states, routes) = resume
        grid, chain = walk[0], walk[1]
    try:
        while True:
            if routes is None:
                routes = memo.get((states, pit, direction, len(orders[0])))
                if routes is None:
                    routes = matcher.lap_fits(states, pit, direction, len(orders[0]))
            if len(routes) == 1 and len(orders) == 1:
                route, steps, onward, _stopping, can_end, _revisits = routes[0]
                order = orders[0]
            else:  # several ways: the branches share the board from here (made once)
                walk = walk or (grid, chain, [], [0], seat, matcher, capturer_stays, lap_limit)
                lap = (path, pickups, pooled, pit, direction, orders, states, routes)
                way = _last_way(walk, lap)
                if way is None:
                    break
                (route, steps, onward, _stopping, can_end, _revisits), order = way
            # ruling T4: every stone of the lap, the last too (drop(), inline: per stone)
            for at, colour_i in zip(route, order, strict=True):
                grid[at] += UNIT[colour_i]
            colour = order[-1]
            last = route[-1]
            after = grid[last]  # the last pit with every stone the lap dropped in it
            before = after - UNIT[colour]  # and before the last stone (T6 looks at it)
            pickups = (*pickups, (pit, order))
            path += route
            # ruling T6: the move ends here (empty pit, or a capture)
            if not before or before & others:  # judge_lap_end, inline: per lap end (+1.1-1.3%)
                if not can_end:
                    break  # the token goes on
                gain, grid[last] = lap_end(before, after, colour, capturer_stays)
                capture = matcher.capture
                if capture is not None and capture != bool(gain):
                    break
                if not (pooled or (walk and walk[2])):  # the first, no pools: the move
                    return make_sowing(pickups[0][0], path, tuple(grid), gain, pickups)
                walk = walk or (grid, chain, [], [0], seat, matcher, capturer_stays, lap_limit)
                walk[2].append((path, tuple(grid), gain, pickups, pooled))
                break
            # ruling T6: relay, take every stone in the pit, sow on the same way (T5 at edges)
            if not onward:
                break  # the token ends here
            if len(pickups) >= lap_limit:  # ruling T11: the lap limit
                raise _Unsure
            grid[last] = 0
            heading = steps[-1]
            entry = (last, heading, after, tuple(grid))
            if entry in chain:  # ruling T11: a repeated state never ends
                raise _Unsure
            chain.append(entry)
            if len(onward) == 1 and onward[0][1] is None:  # the common case: no order named
                orders = _PLAIN_ORDERS[after]
                if not orders or pooled:  # the pools take this pickup: every order
                    orders = _DISTINCT_ORDERS[after]
                    if not orders:
                        raise _Unsure
                    pooled |= 1 << len(pickups)
                states = onward
            else:  # the token names orders here
                walk = walk or (grid, chain, [], [0], seat, matcher, capturer_stays, lap_limit)
                picked = _last_pick(
                    walk, (path, pickups, pooled, last, heading, (), onward, None), after
                )
                if picked is None:
                    break
                orders, pooled, states = picked
            pit, direction, routes = last, heading, None
    except _Unsure:
        if resume is not None:
            raise  # the walk's answer, not the copy's
        return None
    return None if resume is not None or walk is None else _one_move(walk[2])


def _last_way(walk: _Walk, lap: _WalkLap) -> tuple[LapFit, tuple[int, ...]] | None:
    """The ways ``lap`` may go (a route, a stone order), in the search's order, but those
    the board rules out (T6: a lap that ends the move where the token goes on, or relays
    where it ends): each but the last followed on a copy of the board (:func:`_on_copy`);
    the last returned (None for none), for the caller to follow in place. _Unsure past
    SOLE_FIT_WORK ways in all."""
    grid, work, seat = walk[0], walk[3], walk[4]
    others = ~OWN[seat]
    path, pickups, pooled, pit, direction, orders, states, routes = lap
    assert routes is not None  # the caller looked them up
    work[0] += len(routes) * len(orders)
    if work[0] > SOLE_FIT_WORK:
        raise _Unsure
    way = None
    for fit in routes:
        route, _steps, onward, _stopping, can_end, revisits = fit
        last = route[-1]
        if not (can_end or revisits):  # the token goes on: the lap must relay
            before = grid[last]
            # ruling T6: the lap ends the move here, but the token goes on
            if not before or before & others:  # judge_lap_end, inline: per route (+1.3-1.5%)
                continue
        for order in orders:
            before = grid[last]
            if revisits:  # the lap passes its last pit first: count those stones
                for at, colour in zip(route, order[:-1], strict=False):
                    if at == last:
                        before += UNIT[colour]
            # ruling T6: the lap ends the move (the token must end there), or relays (the
            # token must go on)
            if judge_lap_end(before, others):
                if not can_end:
                    continue
            elif not onward:
                continue
            if way is not None:  # an earlier way: on a copy of the board
                earlier, earlier_order = way
                _on_copy(walk, (path, pickups, pooled, pit, direction, (earlier_order,), states, (earlier,)))  # fmt: skip
            way = (fit, order)
    return way


def _last_pick(
    walk: _Walk, relay: _WalkLap, after: int
) -> tuple[tuple[tuple[int, ...], ...], int, MatchStates] | None:
    """The pickups a lap that ``relay`` ends relays the stones ``after`` by (T6), for a
    token that names orders there (:func:`_walk_pickups`): each but the last followed on
    a copy of the board (:func:`_on_copy`); the last (its orders, the laps the pools take
    and the matcher's states) returned, None for none, for the caller to follow in place.
    ``relay`` holds the next lap but its orders, and the matcher's states before the
    pickup."""
    path, pickups, pooled, pit, direction, _orders, onward, _routes = relay
    matcher = walk[5]
    picks = _walk_pickups(matcher, onward, after, pooled, len(pickups))
    for orders, next_pooled, states in picks[:-1]:
        _on_copy(walk, (path, pickups, next_pooled, pit, direction, orders, states, None))
    return picks[-1] if picks else None


def _on_copy(walk: _Walk, lap: _WalkLap) -> None:
    """:func:`sole_fit`'s walk from ``lap``, its sowings in ``walk``'s list, the board and
    the chain of relay states put back after."""
    grid, chain, found, _work, seat, matcher, capturer_stays, lap_limit = walk
    board, depth = tuple(grid), len(chain)
    move = sole_fit(board, -1, seat, matcher, capturer_stays, lap_limit, (walk, lap))
    if move is not None:
        found.append((move.path, move.board, move.gain, move.pickups, 0))
    grid[:] = board
    del chain[depth:]


def _walk_pickups(
    matcher: Matcher, onward: MatchStates, after: int, pooled: int, number: int
) -> list[tuple[tuple[tuple[int, ...], ...], int, MatchStates]]:
    """The pickups :func:`sole_fit`'s walk follows when a lap relays the stones ``after`` (T6) as
    lap ``number``, for a token that names orders there: for each, the orders to try,
    the laps the pools take after it (see :data:`_WalkLap`) and the matcher's states.
    _Unsure when a pickup has too many orders to try."""
    found: list[tuple[tuple[tuple[int, ...], ...], int, MatchStates]] = []
    for wanted, next_states in matcher.relay_pickups(onward):
        if not next_states:
            continue
        if wanted is not None:
            if pack_order(wanted) == after:
                found.append(((wanted,), pooled, next_states))
            continue
        orders = _PLAIN_ORDERS[after]
        next_pooled = pooled
        if not orders or pooled:  # the pools take this pickup: every order
            orders = _DISTINCT_ORDERS[after]
            if not orders:
                raise _Unsure
            next_pooled |= 1 << number
        found.append((orders, next_pooled, next_states))
    return found


def _one_move(found: list[_Found]) -> Sowing | None:
    """The move the sowings :func:`sole_fit`'s walk found make, their stone orders written as the
    pools would write them (:func:`_pool_order`) where it tried every order; None when
    none was found or they make several moves, or when pools were needed and the walk
    found one move several ways (which of them the pools find first is theirs to tell)."""
    first: _Found | None = None
    pools = False
    for path, board, gain, pickups, pooled in found:
        if pooled:
            pools = True
            listed = list(pickups)
            start = 0
            for number, (pit, order) in enumerate(pickups):
                if pooled >> number & 1:
                    listed[number] = (pit, _pool_order(path[start : start + len(order)], order))
                start += len(order)
            pickups = tuple(listed)
        if first is None:
            first = (path, board, gain, pickups, pooled)
            continue
        first_path, first_board, first_gain, first_pickups, _pooled = first
        if first_board != board or first_gain != gain:
            return None  # several moves fit
        if pools and (first_path != path or first_pickups != pickups):
            return None
    if first is None:
        return None
    path, board, gain, pickups, _pooled = first
    return make_sowing(pickups[0][0], path, board, gain, pickups)


def _pool_order(route: Sequence[int], order: tuple[int, ...]) -> tuple[int, ...]:
    """The order :func:`_orders` gives a lap of the pools search that drops ``order``
    along ``route``: each pit but the last gets its colours lowest first, the last
    stone keeps its colour."""
    left: dict[int, list[int]] = {}
    for at, colour in zip(route, order[:-1], strict=False):
        left.setdefault(at, [0, 0, 0])[colour] += 1
    out = []
    for at in route[:-1]:
        counts = left[at]
        colour = 0 if counts[0] else 1 if counts[1] else 2
        counts[colour] -= 1
        out.append(colour)
    out.append(order[-1])
    return tuple(out)


__all__ = [
    "CAPTURES",
    "CAPTURE_TARGET",
    "ENDS",
    "LAP_LIMIT",
    "RELAYS",
    "SOLE_FIT_ORDERS",
    "SOLE_FIT_WORK",
    "TIE_RULES",
    "Budget",
    "Fit",
    "LapFit",
    "LapFits",
    "LapLimitError",
    "MatchStates",
    "Matcher",
    "OverBudget",
    "Placement",
    "Sowing",
    "SowingSearch",
    "TricalaMove",
    "achievers",
    "drop",
    "ended_board",
    "judge_lap_end",
    "lap_end",
    "make_sowing",
    "next_seat",
    "outcome",
    "placements",
    "play",
    "sole_fit",
    "tie_sensitive",
]
