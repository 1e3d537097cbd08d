"""A moderator's kill, revive, give and take (engine/rulesets/battle_royale/moderation.py).

A kill is a death with every consequence of one that has no killer (deaths.py): loot on the ground, the
Lovers' loss, the mark cleared; a revive undoes it at the Health given; give and take change one item and
tell only that student. All are pure: the input state is never changed.
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.events import Moderators, Players, Public
from engine.ruleset import ModerationRefused
from engine.rulesets.battle_royale import catalog, moderation
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import make_state, run_night, texts

br = registry.get("battle_royale")


def _lovers():
    return make_state({"a": {"zone": 2, "items": ["rifle", "pot_lid"], "role": "lovers", "lover": "b", "marked": True},
                       "b": {"zone": 3, "role": "lovers", "lover": "a"},
                       "c": {"zone": 2, "school": 2}})


def test_a_kill_drops_the_loot_in_the_zone_and_is_announced_without_cause():
    state = _lovers()
    before = state.model_dump()
    result = br.moderate(state, "kill", {"seat": "a", "cause": "inactive"})
    a = result.state.students["a"]
    assert state.model_dump() == before  # pure
    assert not a.alive and a.items == [] and not a.marked and a.death_cause == "inactive" and a.died_day == 1
    assert sorted(i.uid for i in result.state.zones[2].ground) == ["a.pot_lid", "a.rifle"]
    public = [e.text for e in result.events if isinstance(e.audience, Public)]
    assert public == [say("died", name="A")]
    assert texts(result.events, "you_died", to="a") == [say("you_died", cause="inactive")]
    assert not texts(result.events, "you_died", to="c")
    assert all(e.phase == "moderation" for e in result.events)
    notes = [e for e in result.events if isinstance(e.audience, Moderators)]
    assert [e.kind for e in notes] == ["mod_loot"] and "Rifle" in notes[0].text


def test_a_kill_costs_the_surviving_lover_as_a_death_in_the_night_does():
    result = moderation.kill(_lovers(), "a", "inactive")
    b = result.state.students["b"]
    assert b.lover_lost and b.max_hp == 9
    assert texts(result.events, "lover_lost", to="b") == [say("lover_lost")]


def test_a_killed_student_is_out_of_the_next_night():
    after = moderation.kill(_lovers(), "c", "inactive").state
    night, _ = run_night(after, {}, seed=3)
    assert "c" not in [s.id for s in night.active()]


def test_kill_refuses_the_dead_and_unknown_and_the_ended_game():
    dead = moderation.kill(_lovers(), "a", "x").state
    with pytest.raises(ModerationRefused, match="not alive"):
        moderation.kill(dead, "a", "again")
    with pytest.raises(ModerationRefused, match="no student"):
        moderation.kill(dead, "zz", "x")
    over = dead.model_copy(update={"phase": "over"})
    with pytest.raises(ModerationRefused, match="over"):
        moderation.give(over, "b", "knife")


def test_a_kill_before_day0_takes_the_items_out_of_the_game():
    state = make_state({"a": {"zone": None, "items": ["knife"]}, "b": {"zone": None}}, day=0)
    state.phase = "day0"
    result = moderation.kill(state, "a", "left")
    assert result.state.students["a"].items == []
    assert all(z.ground == [] for z in result.state.zones.values())


def test_revive_restores_health_zone_and_undoes_the_lovers_loss():
    dead = moderation.kill(_lovers(), "a", "inactive").state
    result = br.moderate(dead, "revive", {"seat": "a", "hp": 4})
    a, b = result.state.students["a"], result.state.students["b"]
    assert a.alive and a.hp == 4 and a.zone == 2 and a.died_day is None and a.death_cause is None
    assert not b.lover_lost and b.max_hp == 10
    assert [e.text for e in result.events if isinstance(e.audience, Public)] == [say("revived_public", name="A")]
    assert texts(result.events, "revived", to="a")[-1] == say("revived_private", hp=4, max_hp=10, zone_name=dead.island.zone(2).name)
    assert texts(result.events, "lover_returned", to="b")
    assert "a" in [s.id for s in result.state.active()]
    full = moderation.revive(dead, "a").state.students["a"]
    assert full.hp == full.max_hp
    assert moderation.revive(dead, "a", zone=5).state.students["a"].zone == 5


def test_revive_refuses_the_living_and_impossible_health():
    state = _lovers()
    with pytest.raises(ModerationRefused, match="not dead"):
        moderation.revive(state, "a")
    dead = moderation.kill(state, "a", "x").state
    for hp in (0, 11):
        with pytest.raises(ModerationRefused, match="between 1 and 10"):
            moderation.revive(dead, "a", hp=hp)
    with pytest.raises(ModerationRefused, match="no zone 99"):
        moderation.revive(dead, "a", zone=99)


def test_give_creates_an_item_with_the_catalogues_ammo_and_uses():
    state = make_state({"a": {"zone": 2}})
    for kind in ("rifle", "first_aid_kit"):
        result = br.moderate(state, "give", {"seat": "a", "kind": kind})
        item = result.state.students["a"].items[-1]
        assert item.kind == kind and item.ammo == catalog.item(kind).ammo and item.uses == catalog.item(kind).uses
        assert item.uid not in {i.uid for i in state.students["a"].items}
        (event,) = result.events
        assert isinstance(event.audience, Players) and event.audience.ids == ["a"] and item.name in event.text
    assert state.students["a"].items == []


def test_give_to_full_hands_puts_the_item_on_the_ground():
    state = make_state({"a": {"zone": 2, "items": ["knife", "rifle", "pot_lid"]}})
    result = moderation.give(state, "a", "fire_axe")
    assert len(result.state.students["a"].items) == 3
    assert [i.kind for i in result.state.zones[2].ground] == ["fire_axe"]
    assert "ground" in result.events[0].text


def test_give_refuses_unknown_kinds_and_the_dead():
    state = make_state({"a": {"zone": 2, "alive": False}})
    with pytest.raises(ModerationRefused, match="no item kind"):
        moderation.give(state, "a", "lightsaber")
    with pytest.raises(ModerationRefused, match="not alive"):
        moderation.give(state, "a", "knife")


def test_take_removes_the_item_and_tells_only_its_owner():
    state = make_state({"a": {"zone": 2, "items": ["knife", "rifle"]}, "b": {"zone": 2}})
    result = br.moderate(state, "take", {"seat": "a", "uid": "a.rifle"})
    assert [i.uid for i in result.state.students["a"].items] == ["a.knife"]
    assert result.state.zones[2].ground == []
    assert texts(result.events, to="a") == [say("mod_taken", item="Rifle")] and not texts(result.events, to="b")
    with pytest.raises(ModerationRefused, match="does not carry"):
        moderation.take(result.state, "a", "a.rifle")


def test_take_refuses_a_backpack_whose_contents_would_have_nowhere_to_go():
    state = make_state({"a": {"zone": 2, "items": ["backpack", "knife"], "stored": ["knife"]}})
    with pytest.raises(ModerationRefused, match="Backpack still holds"):
        moderation.take(state, "a", "a.backpack")
    assert moderation.take(state, "a", "a.knife").state.students["a"].items[0].kind == "backpack"


def test_choices_list_every_kind_to_give_and_the_students_items_to_take():
    state = make_state({"a": {"zone": 2, "items": ["knife"]}})
    kinds = [value for value, _ in br.moderation_choices(state, "give")]
    assert sorted(kinds) == sorted(catalog.items())
    assert br.moderation_choices(state, "take", "a") == [("a.knife", "Knife (a.knife)")]
    assert br.moderation_choices(state, "take", "zz") == []


def test_unknown_actions_are_refused():
    with pytest.raises(ModerationRefused, match="Unknown moderator action"):
        br.moderate(make_state({"a": {}}), "smite", {"seat": "a"})
