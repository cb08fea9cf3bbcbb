"""Tricala's sowing written plainly from the rulings, to check the fast engine against.

Slow on purpose: every stone order of every pickup is tried, every turn at
an edge, stone by stone, on a board of per-colour counts. Nothing here is
shared with :mod:`.rules`' search or its lap tables, not even the board's
neighbour table: the board is worked out again from ruling T1. Only the
packing of a pit into one int (five bits per colour, as :mod:`.position`
packs it) is used, at the edges, so that answers compare with the engine's.

:func:`sowings` lists every legal sowing of a position's mover, as
(origin, path, board, gain); :func:`replay` follows one choice sequence (a
move's ``pickups``) and says what board and gain it leads to, or raises
:class:`NotASowing` naming the ruling it breaks.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

ROWS = 6  # ruling T1
#: ruling T1: (row step, column step) of E, NE, NW, W, SW, SE, in the engine's order;
#: the exact reverse of direction d is (d + 3) % 6 (E/W, NE/SW, NW/SE)
STEPS = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0), (1, 1))
LAP_LIMIT = 64  # ruling T11: the lap cap the engine documents
_BITS = 5  # a packed pit: five bits per colour, White lowest (as .position packs it)

Counts = tuple[int, int, int]  # stones of each colour in a pit: White, Black, Red (T2)


class NotASowing(Exception):
    """A choice sequence that breaks a ruling (the message names it)."""


class TooMuchWork(Exception):
    """:func:`sowings` judged more lap ends than it was allowed."""


@dataclass(frozen=True, slots=True)
class Sown:
    """One legal sowing: where it starts, every pit that received a stone in order,
    the packed board after it and the stones it captured."""

    origin: int
    path: tuple[int, ...]
    board: tuple[int, ...]
    gain: int


def coords(pit: int) -> tuple[int, int]:
    """Ruling T1: pit index -> (row, column), rows 1-6 from the apex, columns 1..row."""
    row = 1
    while pit >= row:
        pit -= row
        row += 1
    return row, pit + 1


def neighbour(pit: int, direction: int) -> int | None:
    """Ruling T1: the pit one step from ``pit`` in ``direction``, None off the board."""
    row, col = coords(pit)
    dr, dc = STEPS[direction]
    row, col = row + dr, col + dc
    if 1 <= row <= ROWS and 1 <= col <= row:
        return row * (row - 1) // 2 + col - 1
    return None


def unpack(pit: int) -> Counts:
    """A packed pit as counts per colour."""
    mask = (1 << _BITS) - 1
    return (pit & mask, (pit >> _BITS) & mask, (pit >> 2 * _BITS) & mask)


def pack(counts: Sequence[int]) -> int:
    """Counts per colour as a packed pit."""
    return counts[0] | counts[1] << _BITS | counts[2] << 2 * _BITS


def _add(counts: Counts, colour: int) -> Counts:
    listed = list(counts)
    listed[colour] += 1
    return (listed[0], listed[1], listed[2])


def stone_orders(hand: Counts) -> Iterator[tuple[int, ...]]:
    """Ruling T4: every order the mover may sow ``hand`` in; stones of one colour are
    alike (T2), so each order of colours once."""
    if not sum(hand):
        yield ()
        return
    for colour in range(3):
        if hand[colour]:
            rest = list(hand)
            rest[colour] -= 1
            for tail in stone_orders((rest[0], rest[1], rest[2])):
                yield (colour, *tail)


def turns(pit: int, heading: int) -> tuple[int, ...]:
    """Ruling T5: the directions a sowing may take on from ``pit`` when the next pit
    going ``heading`` is off the board: on the board, not the exact reverse."""
    reverse = (heading + 3) % 6
    return tuple(
        d for d in range(6) if d not in (heading, reverse) and neighbour(pit, d) is not None
    )


def walks(pit: int, heading: int, count: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way ``count`` stones go from ``pit`` going ``heading``, one stone per pit
    (T4), turning where the next pit is off the board (T5): the pits, in order,
    and the direction of the last step."""
    if not count:
        yield (), heading
        return
    ahead = neighbour(pit, heading)
    if ahead is not None:  # ruling T4: on in the current direction
        for rest, last in walks(ahead, heading, count - 1):
            yield (ahead, *rest), last
        return
    for turn in turns(pit, heading):  # ruling T5: stones remain, the edge: turn
        ahead = neighbour(pit, turn)
        assert ahead is not None
        for rest, last in walks(ahead, turn, count - 1):
            yield (ahead, *rest), last


def _lap_end(
    grid: list[Counts], last: int, colour: int, seat: int, capturer_stays: bool
) -> tuple[str, int]:
    """Ruling T6: what the lap's last stone (``colour``, not yet dropped) does in ``last``,
    judged by the pit before it arrives; drops it and returns the kind and the gain."""
    before = grid[last]
    after = _add(before, colour)
    if not sum(before):  # ruling T6: empty: the move ends
        grid[last] = after
        return "end", 0
    if any(n for c, n in enumerate(before) if c != seat):  # ruling T6: another player's stone
        gain = sum(after)  # ruling T6, T7: every stone in P, the one just sown too
        grid[last] = (0, 0, 0)
        if capturer_stays:  # ruling T6, option capturer-stays: the last stone stays in P
            gain -= 1
            grid[last] = _add((0, 0, 0), colour)
        return "capture", gain
    grid[last] = after  # ruling T6: only the mover's stones: relay
    return "relay", 0


@dataclass
class _Search:
    seat: int
    capturer_stays: bool
    lap_limit: int
    work: int
    origin: int = 0
    found: set[Sown] | None = None

    def lap(
        self,
        grid: list[Counts],
        pit: int,
        heading: int,
        hand: Counts,
        path: tuple[int, ...],
        laps: int,
        seen: frozenset[object],
    ) -> None:
        """Sow ``hand`` from ``pit`` going ``heading`` in every order and way (T4, T5), then
        end the lap (T6)."""
        for order in stone_orders(hand):  # ruling T4 (T6 for a relay): any order
            for route, last_heading in walks(pit, heading, len(order)):
                self.work -= 1
                if self.work < 0:
                    raise TooMuchWork
                board = list(grid)
                for at, colour in zip(route[:-1], order[:-1], strict=True):
                    board[at] = _add(board[at], colour)  # ruling T4: one stone per pit
                last = route[-1]
                kind, gain = _lap_end(board, last, order[-1], self.seat, self.capturer_stays)
                sown = path + route
                if kind != "relay":
                    assert self.found is not None
                    packed = tuple(pack(counts) for counts in board)
                    self.found.add(Sown(self.origin, sown, packed, gain))
                    continue
                # ruling T6: relay: take every stone in P, sow on from P the same way
                picked = board[last]
                board[last] = (0, 0, 0)
                state = (tuple(board), last, last_heading, picked)
                if state in seen:  # ruling T11: back to an earlier state: never ends
                    continue
                if laps >= self.lap_limit:  # ruling T11: the documented lap cap
                    continue
                self.lap(board, last, last_heading, picked, sown, laps + 1, seen | {state})


def sowings(
    board: Sequence[int],
    seat: int,
    *,
    capturer_stays: bool = False,
    lap_limit: int = LAP_LIMIT,
    work: int = 20_000,
) -> set[Sown]:
    """Every legal sowing of ``seat`` on a packed ``board`` (T4-T6, T11): one per
    (origin, path, board, gain), since stone orders that leave the same stones in the
    same pits are one move (T2). Raises TooMuchWork past ``work`` lap ends."""
    search = _Search(seat, capturer_stays, lap_limit, work, found=set())
    grid = [unpack(pit) for pit in board]
    for origin, hand in enumerate(grid):
        if not hand[seat]:  # ruling T4: a pit holding at least one of its own stones
            continue
        start = list(grid)
        start[origin] = (0, 0, 0)  # ruling T4: takes every stone in it, all colours
        search.origin = origin
        for direction in range(6):
            if neighbour(origin, direction) is None:  # ruling T4: a start on the board
                continue
            state = (tuple(start), origin, direction, hand)  # ruling T11: the first state
            search.lap(start, origin, direction, hand, (), 1, frozenset({state}))
    assert search.found is not None
    return search.found


def _direction(a: int, b: int) -> int:
    """The direction of one step from ``a`` to ``b``; NotASowing when not neighbours."""
    for d in range(6):
        if neighbour(a, d) == b:
            return d
    raise NotASowing(
        f"pit {b} does not neighbour pit {a}: a sowing drops its stones in neighbouring pits (T4)"
    )


def replay(
    board: Sequence[int],
    seat: int,
    origin: int,
    path: Sequence[int],
    pickups: Sequence[tuple[int, Sequence[int]]],
    *,
    capturer_stays: bool = False,
) -> tuple[tuple[int, ...], int]:
    """Follow one sowing stone by stone: the origin, then each relay pit of ``pickups``
    sown in its order along ``path``. Checks every step against T4-T6 and returns the
    packed board and the gain; NotASowing names the ruling a step breaks."""
    grid = [unpack(pit) for pit in board]
    if not pickups or pickups[0][0] != origin:
        raise NotASowing("the first pickup is not the origin")
    if not grid[origin][seat]:
        raise NotASowing(
            "the origin holds none of the mover's stones: a move sows a pit holding one (T4)"
        )
    at = origin
    heading = -1  # ruling T4: the first step may take any direction on the board
    step = 0
    for number, (pit, order) in enumerate(pickups):
        if pit != at:
            raise NotASowing(
                "a pickup is not where the lap ended: a relay takes up the pit a lap ends on (T6)"
            )
        counts = [0, 0, 0]
        for colour in order:
            counts[colour] += 1
        if tuple(counts) != grid[pit]:
            raise NotASowing(
                "the order is not the pit's stones: a pickup takes every stone in the pit (T4, T6)"
            )
        grid[pit] = (0, 0, 0)
        for colour in order:
            if step >= len(path):
                raise NotASowing("the path ends before the stones do")
            target = path[step]
            direction = _direction(at, target)
            if heading >= 0 and direction != heading:
                if neighbour(at, heading) is not None:
                    raise NotASowing(
                        "a turn where the next pit is on the board: a sowing goes straight on "
                        "and turns only at the edge (T4, T5)"
                    )
                if direction not in turns(at, heading):
                    raise NotASowing("a turn straight back: a turn at the edge never reverses (T5)")
            heading = direction
            at = target
            step += 1
            grid[at] = _add(grid[at], colour)
        # ruling T6, judged before the last stone: take it back and judge it
        last_colour = order[-1]
        listed = list(grid[at])
        listed[last_colour] -= 1
        grid[at] = (listed[0], listed[1], listed[2])
        kind, gain = _lap_end(grid, at, last_colour, seat, capturer_stays)
        final = number == len(pickups) - 1
        if kind == "relay" and final:
            raise NotASowing(
                "the last lap relays, but no pickup follows: a lap ending on the mover's own "
                "stones is sown on (T6)"
            )
        if kind != "relay":
            if not final or step != len(path):
                raise NotASowing(
                    "the move ended before its listed laps: a lap ending in an empty pit or a "
                    "capture ends the move (T6)"
                )
            return tuple(pack(counts) for counts in grid), gain
    raise NotASowing("no pickups")


__all__ = [
    "LAP_LIMIT",
    "STEPS",
    "NotASowing",
    "Sown",
    "TooMuchWork",
    "coords",
    "neighbour",
    "pack",
    "replay",
    "sowings",
    "stone_orders",
    "turns",
    "unpack",
    "walks",
]
