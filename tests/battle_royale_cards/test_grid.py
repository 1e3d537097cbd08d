"""The grid (text, 1 "Setting up the grid" and 3.1 "Movement"; rulings, "The grid")."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.battle_royale_cards import grid


def test_a_diamond_of_25_squares_in_rows_of_1_3_5_7_5_3_1():
    assert len(grid.SQUARES) == 25
    assert list(Counter(s[0] for s in grid.SQUARES).values()) == [1, 3, 5, 7, 5, 3, 1]
    assert grid.SQUARES[:5] == ("A4", "B3", "B4", "B5", "C2") and grid.SQUARES[-1] == "G4"
    assert not grid.is_square("A1") and not grid.is_square("D8")


def test_eight_directions_unless_at_the_edge():
    """Rulings, "Adjacent": D4 has 8 neighbours; B3 has 5 (A4, B4, C2, C3, C4); A4 and D1 have 3."""
    assert len(grid.neighbours("D4")) == 8
    assert grid.neighbours("B3") == ("A4", "B4", "C2", "C3", "C4")
    assert len(grid.neighbours("A4")) == 3 and len(grid.neighbours("D1")) == 3
    assert grid.step("D4", "N") == "C4" and grid.step("D4", "SE") == "E5" and grid.step("A4", "N") is None


def test_the_outer_edge_clockwise():
    """Rulings, "Outer edge": the 12 squares where the sum is 3, clockwise from A4."""
    assert grid.RING == ("A4", "B5", "C6", "D7", "E6", "F5", "G4", "F3", "E2", "D1", "C2", "B3")
    for square in grid.RING:
        row, col = grid.coords(square)
        assert abs(row - 4) + abs(col - 4) == 3


def test_distance_with_and_without_diagonals():
    """Rulings, "Distance": fewest moves; under Heavy Boots without diagonal moves."""
    assert grid.distance("A4", "G4") == 6
    assert grid.distance("D1", "B3") == 2 and grid.distance("D1", "B3", orthogonal=True) == 4
    assert grid.neighbours("A4", orthogonal=True) == ("B4",)
