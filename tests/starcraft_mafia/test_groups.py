"""The infested's private group (rulings, "Players, teams, classes": "Infested players know each other; the bot
gives them a private thread, adding new infested at once and removing the dead (`infested_thread = true`)"):
`Ruleset.groups` names the living infested, and nobody when the house rule is off."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.ruleset import INFESTED_GROUP, StarCraftMafia
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from tests.starcraft_mafia.helpers import roster, table

scm = StarCraftMafia()


def test_players_teams_classes_the_infested_drawn_at_the_start_share_one_group():
    state = scm.new_game(roster(12), SCMSettings(), RecordingRng(3)).state
    infested = sorted(p.id for p in state.players.values() if p.infested)
    assert infested and len(infested) < 12
    assert scm.groups(state) == {INFESTED_GROUP: infested}


def test_players_teams_classes_a_new_infested_joins_and_the_dead_leave():
    state = table(("p1", "marine", "infested"), ("p2", "medic", "infested"), ("p3", "ghost"), ("p4", "firebat"))
    assert scm.groups(state) == {INFESTED_GROUP: ["p1", "p2"]}
    state.players["p4"].team = "infested"  # infested by a critical (the resolution sets the team)
    assert scm.groups(state) == {INFESTED_GROUP: ["p1", "p2", "p4"]}
    state.players["p1"].alive = False
    assert scm.groups(state) == {INFESTED_GROUP: ["p2", "p4"]}
    state.players["p3"].alive = False  # a dead human changes nothing
    assert scm.groups(state) == {INFESTED_GROUP: ["p2", "p4"]}


def test_players_teams_classes_infested_thread_off_gives_no_group():
    state = scm.new_game(roster(12), SCMSettings(infested_thread=False), RecordingRng(3)).state
    assert any(p.infested for p in state.players.values())
    assert scm.groups(state) == {}
