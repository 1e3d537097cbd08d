"""Issue 10/16: `python -m engine.bench --ruleset NAME` times any registered game, and a simulation or a
benchmark seats its computer players through the game's own settings (`Ruleset.seating`): the sign-up cap
of a game that has one, nothing for a game that seats everyone (StarCraft Mafia's settings are the rulings'
names and refuse an unknown one)."""

from __future__ import annotations

import pytest

from engine import bench, registry


@pytest.mark.parametrize("name", registry.names())
def test_every_registered_game_can_be_timed(name: str) -> None:
    rules = registry.get(name)
    players = max(rules.min_players, 2)
    prepared = bench.prepare(players, nights=2, seed=3, ruleset=name)
    assert 1 <= len(prepared) <= 2
    assert bench.night_benchmark(players, nights=1, seed=3, repeats=1, ruleset=name) > 0


def test_seating_sets_the_sign_up_cap_only_where_the_game_has_one() -> None:
    assert registry.get("battle_royale").seating(30) == {"signup_cap": 30}
    assert registry.get("starcraft_mafia").seating(12) == {}
    registry.get("starcraft_mafia").parse_settings(registry.get("starcraft_mafia").seating(12))
