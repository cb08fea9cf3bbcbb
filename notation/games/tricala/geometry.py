"""Tricala's board: 21 pits in a triangle, their names, six directions, lines (ruling T1).

Each pit has an index here::

                      1a                          0
                    2a  2b                       1  2
                  3a  3b  3c                    3  4  5
                4a  4b  4c  4d                 6  7  8  9
              5a  5b  5c  5d  5e             10 11 12 13 14
            6a  6b  6c  6d  6e  6f          15 16 17 18 19 20

Pit (r, c) has the neighbours E (r, c+1), W (r, c-1), NE (r-1, c),
NW (r-1, c-1), SE (r+1, c+1) and SW (r+1, c). Corners: ``1a``, ``6a``, ``6f``.
"""

from __future__ import annotations

from notation.games.tricala.memo import shared

ROWS = 6
PITS = 21
PIT_NAMES: tuple[str, ...] = tuple(
    f"{row}{'abcdef'[col]}" for row in range(1, ROWS + 1) for col in range(row)
)
PIT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PIT_NAMES)}
COORDS: tuple[tuple[int, int], ...] = tuple(
    (row, col) for row in range(1, ROWS + 1) for col in range(1, row + 1)
)
CORNERS = (PIT_INDEX["1a"], PIT_INDEX["6a"], PIT_INDEX["6f"])  # ruling T1
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # index d; opposite is (d + 3) % 6
STEPS = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0), (1, 1))  # ruling T1: (dr, dc)


def pit_at(row: int, col: int) -> int:
    """The index of pit (row, col), or -1 off the board (T1)."""
    if 1 <= row <= ROWS and 1 <= col <= row:
        return row * (row - 1) // 2 + col - 1
    return -1


def neighbour(pit: str, direction: str) -> str | None:
    """The pit next to ``pit`` in a direction (``E``, ``NE``...), None off the board (T1)."""
    found = NEXT[PIT_INDEX[pit] * 6 + DIRECTIONS.index(direction)]
    return PIT_NAMES[found] if found >= 0 else None


def opposite(direction: int) -> int:
    """The exact reverse of a direction: E/W, NE/SW, NW/SE (T1)."""
    return (direction + 3) % 6


def _build_next() -> tuple[int, ...]:
    table = []
    for row, col in COORDS:
        for dr, dc in STEPS:
            table.append(pit_at(row + dr, col + dc))
    return tuple(table)


#: ``NEXT[pit * 6 + d]``: the neighbour of ``pit`` in direction d, -1 off the board.
NEXT = _build_next()
#: ``TURNS[pit * 6 + d]``: where the sowing may turn when the pit after ``pit``
#: in direction d is off the board: every direction that stays on the board
#: except the exact reverse (ruling T5). Empty when no turn is needed.
TURNS: tuple[tuple[int, ...], ...] = tuple(
    ()
    if NEXT[pit * 6 + d] >= 0
    else tuple(t for t in range(6) if t != d and t != opposite(d) and NEXT[pit * 6 + t] >= 0)
    for pit in range(PITS)
    for d in range(6)
)


def _build_lines() -> tuple[int, ...]:
    table = [-1] * (PITS * PITS)
    for a, (row, col) in enumerate(COORDS):
        for d, (dr, dc) in enumerate(STEPS):
            r, c = row + dr, col + dc
            while pit_at(r, c) >= 0:
                table[a * PITS + pit_at(r, c)] = d
                r, c = r + dr, c + dc
    return tuple(table)


#: ``LINE[a * 21 + b]``: the direction from ``a`` straight to ``b``, -1 if not in line.
LINE = _build_lines()


def lap_paths(
    pit: int, direction: int, count: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every way ``count`` stones sown from ``pit`` going ``direction`` can travel (T4, T5).

    Each way is the pits receiving a stone, in order, and the direction of
    the step onto each. A lap's path depends only on how many stones it
    sows, never on their colours, so it is worked out once per (pit,
    direction, count) (the memo ``LAP_PATHS``); at most 23 ways exist for 27
    stones. When the first step would leave the board the lap turns first (a
    relay goes on the way it came, T6, and turns by T5).
    """
    return LAP_PATHS[pit, direction, count]


def _lap_paths(
    pit: int, direction: int, count: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """:func:`lap_paths` worked out: a walk that turns at the edges (T5)."""
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def walk(
        at: int, heading: int, left: int, path: tuple[int, ...], steps: tuple[int, ...]
    ) -> None:
        while left:
            ahead = NEXT[at * 6 + heading]
            if ahead < 0:
                options = TURNS[at * 6 + heading]  # ruling T5: turn, never straight back
                if len(options) > 1:
                    for turn in options:
                        walk(at, turn, left, path, steps)
                    return
                heading = options[0]  # ruling T5: a corner leaves one way on
                ahead = NEXT[at * 6 + heading]
            at = ahead
            path += (at,)
            steps += (heading,)
            left -= 1
        found.append((path, steps))

    walk(pit, direction, count, (), ())
    walk = None  # type: ignore[assignment]  # it calls itself: break the cycle for the collector
    return tuple(found)


#: :func:`lap_paths`' answers by (pit, direction, count).
LAP_PATHS = shared("lap_paths", _lap_paths, spread=True)


def did_you_mean(name: str) -> str:
    """Suggestions for a pit name that does not exist, like ``4e``."""
    row, letter = int(name[0]), name[1]
    col = "abcdef".index(letter) + 1
    near = [f"{r}{letter}" for r in range(col, ROWS + 1)][:2]
    last = f"{row}{'abcdef'[row - 1]}"
    choices = ", ".join([last, *near])
    return f"there is no pit {name}: row {row} has pits {row}a-{last} (did you mean {choices}?)"


__all__ = [
    "COORDS",
    "CORNERS",
    "DIRECTIONS",
    "LAP_PATHS",
    "LINE",
    "NEXT",
    "PITS",
    "PIT_INDEX",
    "PIT_NAMES",
    "ROWS",
    "STEPS",
    "TURNS",
    "did_you_mean",
    "lap_paths",
    "neighbour",
    "opposite",
    "pit_at",
]
