"""Issue 10/16: `python -m engine.bench --ruleset NAME` times any registered game with its default settings
(StarCraft Mafia's are the rulings' names and refuse an unknown one, such as the bot's sign-up cap)."""

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
