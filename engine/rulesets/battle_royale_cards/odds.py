"""Exact chances, for the scripted player and the balance checks: winning a card with 3 dice plus a bonus
(three of a kind always wins unless Broken Mirror), and winning a battle of first-to-N round wins.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import comb

FACES = range(1, 7)


@cache  # a few dozen different questions, asked for every card on the grid at every step of the scripted player
def card_chance(worth: int, bonus: int = 0, triples: bool = True) -> float:
    """The chance that 3d6 + `bonus` >= `worth`, or three of a kind when `triples` counts."""
    wins = sum(1 for d in product(FACES, repeat=3) if sum(d) + bonus >= worth or (triples and len(set(d)) == 1))
    return wins / 216


def die(lower_of_two: bool = False) -> dict[int, float]:
    """The distribution of one die, or of the lower of two."""
    if not lower_of_two:
        return {f: 1 / 6 for f in FACES}
    dist: dict[int, float] = {}
    for a, b in product(FACES, repeat=2):
        dist[min(a, b)] = dist.get(min(a, b), 0.0) + 1 / 36
    return dist


def round_chances(
    mine: dict[int, float], bonus: int, theirs: dict[int, float], their_bonus: int
) -> tuple[float, float]:
    """(win, lose) chances of one battle round; the rest is a tie that counts for nobody."""
    win = lose = 0.0
    for a, pa in mine.items():
        for b, pb in theirs.items():
            if a + bonus > b + their_bonus:
                win += pa * pb
            elif a + bonus < b + their_bonus:
                lose += pa * pb
    return win, lose


def battle_chance(win: float, lose: float, need: int, their_need: int) -> float:
    """The chance to reach `need` round wins before the other side reaches `their_need` (ties replayed)."""
    if win + lose == 0:
        return 0.5
    q = win / (win + lose)
    return sum(comb(need - 1 + k, k) * q**need * (1 - q) ** k for k in range(their_need))
