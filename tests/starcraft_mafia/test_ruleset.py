"""The ruleset object over the package (registered, with its front), and the player's view (rulings, "Public and
private": "Fatigue and the living's items stay private")."""

from __future__ import annotations

from engine import registry
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from tests.starcraft_mafia.helpers import roster

scm = StarCraftMafia()


def test_registered_with_its_front():
    """Issue 11: the game is listed by `brbot rulesets` and offered on Discord, its front found through
    `front_module`."""
    assert registry.BUILT_IN["starcraft_mafia"] == "engine.rulesets.starcraft_mafia"
    assert "starcraft_mafia" in registry.names()
    assert isinstance(registry.get("starcraft_mafia"), StarCraftMafia)
    assert registry.front("starcraft_mafia").title == "StarCraft Mafia"
    listed = next(g for g in registry.listing() if g.name == "starcraft_mafia")
    assert (listed.title, listed.players) == ("StarCraft Mafia", "5-20")


def test_a_day_through_the_contract():
    opening = scm.new_game(roster(8), SCMSettings(), RecordingRng(2))
    state = opening.state
    assert scm.awaiting(state) == [f"p{i:02d}" for i in range(8)]
    assert scm.default_orders(state, "p00") == DayOrders()
    orders = scm.parse_orders({"main": {"kind": "attack", "target": "p01"}})
    assert scm.validate(state, "p00", orders) is None
    result = scm.resolve(state, {"p00": orders}, RecordingRng(5))
    assert result.state.day == 2 and result.rolls
    assert scm.parse_state(result.state.model_dump(mode="json")) == result.state
    assert {"min_players", "infested_table", "max_days"} <= set(scm.house_rules())
    assert isinstance(orders.main, Attack)


def test_the_view_hides_teams_fatigue_and_the_livings_items():
    state = scm.new_game(roster(12), SCMSettings(), RecordingRng(3)).state
    human = next(p for p in state.players.values() if not p.infested)
    infested = [p for p in state.players.values() if p.infested]
    state.players[infested[0].id].fatigue = 4
    view = scm.view(state, human.id)
    for entry in view["players"]:
        assert "team" not in entry and "items" not in entry and "fatigue" not in entry
    assert view["me"]["team"] == "human" and view["infested_at_start"] == 3
    mate_view = scm.view(state, infested[0].id)
    teams = {e["seat"]: e.get("team") for e in mate_view["players"]}
    assert all(teams[p.id] == "infested" for p in infested[1:])
    assert sum(t == "infested" for t in teams.values()) == len(infested) - 1
