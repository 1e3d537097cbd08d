"""The diamond grid (rulings, "The grid"): rows A-G, columns 1-7, a square where |row-4| + |column-4| <= 3.

Squares are named like "C3". Adjacency is the up to 8 squares whose row and column each differ by at most 1;
the outer edge is the 12 squares at sum 3, clockwise from A4; distance is the fewest moves (orthogonal only
under Heavy Boots); reading order is row by row, left to right.
"""

from __future__ import annotations

from collections import deque
from functools import cache

ROWS = "ABCDEFG"
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")


def _exists(row: int, col: int) -> bool:
    return 1 <= row <= 7 and 1 <= col <= 7 and abs(row - 4) + abs(col - 4) <= 3


def name(row: int, col: int) -> str:
    return f"{ROWS[row - 1]}{col}"


def coords(square: str) -> tuple[int, int]:
    """(row, column) of a square name; KeyError if it is not on the grid."""
    if square not in _INDEX:
        raise KeyError(square)
    return ROWS.index(square[0]) + 1, int(square[1:])


SQUARES: tuple[str, ...] = tuple(name(r, c) for r in range(1, 8) for c in range(1, 8) if _exists(r, c))
_INDEX = {s: i for i, s in enumerate(SQUARES)}
RING: tuple[str, ...] = ("A4", "B5", "C6", "D7", "E6", "F5", "G4", "F3", "E2", "D1", "C2", "B3")


def is_square(square: str) -> bool:
    return square in _INDEX


def reading_index(square: str) -> int:
    return _INDEX[square]


def step(square: str, direction: str) -> str | None:
    """The square one step in `direction` (N is towards row A, E towards column 7), or None off the grid."""
    row, col = coords(square)
    dr, dc = DIRECTIONS[direction]
    return name(row + dr, col + dc) if _exists(row + dr, col + dc) else None


@cache
def neighbours(square: str, orthogonal: bool = False) -> tuple[str, ...]:
    """Adjacent squares in reading order (only N, E, S, W under Heavy Boots)."""
    found = [step(square, d) for d in (ORTHOGONAL if orthogonal else DIRECTIONS)]
    return tuple(sorted((s for s in found if s is not None), key=reading_index))


def direction_to(start: str, end: str) -> str | None:
    """The direction from `start` to an adjacent `end`, or None if they are not adjacent."""
    return next((d for d in DIRECTIONS if step(start, d) == end), None)


@cache
def distances(target: str, orthogonal: bool = False) -> dict[str, int]:
    """Fewest moves from every square to `target` over the adjacency."""
    found = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in neighbours(here, orthogonal):
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def distance(start: str, end: str, orthogonal: bool = False) -> int:
    return distances(end, orthogonal)[start]
