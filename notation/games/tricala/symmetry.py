"""The symmetries of Tricala's triangle: three rotations and three reflections.

The board is a triangle of six rows, row ``i`` (0 at the top) holding
``i + 1`` pits. A pit ``(i, j)`` has three distances, one to each side of the
triangle: ``(j, i - j, 5 - i)``, summing to 5. Each symmetry of the triangle
permutes those three distances; the six permutations are the six symmetries
(the even ones rotations, the odd ones reflections). Stones keep their
colours, and captures, hands and the seat to move are unchanged.

Tricala's variant delegates :meth:`~notation.games.base.Variant.symmetries`
to :func:`triangle_symmetries`.
"""

from __future__ import annotations

from itertools import permutations

ROWS = 6
#: The six permutations of the three side distances, identity first.
PERMUTATIONS = tuple(permutations(range(3)))


def _image(rows: list[list[str]], order: tuple[int, ...]) -> str:
    image = [[""] * (i + 1) for i in range(ROWS)]
    for i, row in enumerate(rows):
        for j, pit in enumerate(row):
            distances = (j, i - j, ROWS - 1 - i)
            a, _, c = (distances[k] for k in order)
            image[ROWS - 1 - c][a] = pit
    return "/".join(",".join(row) for row in image)


def triangle_symmetries(position: str) -> tuple[str, ...]:
    """A Tricala position string under the board's six symmetries, identity first.

    A string that is not shaped like a Tricala position (six rows of 1 to 6
    pits, then other fields) has only itself.
    """
    board, space, rest = position.partition(" ")
    rows = [row.split(",") for row in board.split("/")]
    if len(rows) != ROWS or any(len(row) != i + 1 for i, row in enumerate(rows)):
        return (position,)
    return tuple(_image(rows, order) + space + rest for order in PERMUTATIONS)


__all__ = [
    "PERMUTATIONS",
    "ROWS",
    "triangle_symmetries",
]
