"""Every house-rule setting a moderator may change does change the game (rulings: "Each one must be a
setting ... that a moderator can override"). One test per setting the other files only use at its default."""
from __future__ import annotations

from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.combat_support import attempts, idle
from tests.battle_royale.helpers import attack, make_state, orders, run_night


def _chance(state, attacker="a", target="b", base=50, cls="melee", zone=5):
    return rules.hit_chance(state, state.students[attacker], state.students[target], base, cls, zone, {})


def test_setting_carry_capacity():
    state = make_state({"a": {"items": ["knife", "rifle", "pot_lid"]}}, carry_capacity=4)
    state.zones[1].ground.append(state.new_item("camouflage"))
    uid = state.zones[1].ground[0].uid
    assert validate_orders(state, "a", orders(free={"pick_up": [uid]})) is None
    after, _ = run_night(state, {"a": orders(free={"pick_up": [uid]})})
    assert len(after.students["a"].carried()) == 4


def test_settings_closures_per_night_and_when_crowded():
    few = {f"s{i}": {"zone": 1, "school": 1 + i % 4} for i in range(5)}
    after, _ = run_night(make_state(few, closures_per_night=2))
    assert sum(z.closed for z in after.zones.values()) == 2
    after, _ = run_night(make_state(few, crowded_threshold=5, closures_when_crowded=3))
    assert sum(z.closed for z in after.zones.values()) == 3
    after, _ = run_night(make_state(few, crowded_threshold=6, closures_when_crowded=3))
    assert sum(z.closed for z in after.zones.values()) == 1


def test_settings_hit_min_and_hit_max():
    spec = {"a": {}, "b": {"school": 2}}
    assert _chance(make_state(spec, hit_max=80), base=100) == 80
    assert _chance(make_state(spec, hit_min=20), base=5) == 20


def test_setting_rival_hit_bonus():
    state = make_state({"a": {"rival": "b"}, "b": {"school": 2}}, rival_hit_bonus=20)
    assert _chance(state) == 70


def test_setting_lover_loss_max_hp():
    state = make_state({"a": {"role": "lovers", "lover": "b"}, "b": {"role": "lovers", "lover": "a", "hp": 1},
                        "k": {"items": ["poison_vial"], "school": 2}}, lover_loss_max_hp=3)
    after, _ = run_night(state, {"k": orders(action={"kind": "set_trap", "item": "k.poison_vial", "target": "b"})})
    assert after.students["a"].max_hp == 7 and after.students["a"].hp == 7


def test_setting_paintball_ammo():
    state = make_state({"a": {"items": ["paintball_gun"]}, "b": {"school": 2}}, paintball_ammo=2)
    assert state.students["a"].items[0].ammo == 2
    after, events = run_night(state, {"a": attack("a.paintball_gun", b=2), "b": idle()})
    assert len(attempts(events, "a")) == 2
    assert validate_orders(after, "a", attack("a.paintball_gun", b=1)) == say("no_ammo", weapon="Paintball Gun")
    unlimited = make_state({"a": {"items": ["paintball_gun"]}, "b": {"school": 2}})
    assert unlimited.students["a"].items[0].ammo is None


def test_setting_megaphone_affects_user():
    spec = {"a": {"items": ["megaphone"]}, "b": {"school": 2}, "c": {"school": 3}}
    night = {"a": orders(action={"kind": "use_item", "use": "megaphone"}), "c": attack("unarmed", b=1), "b": idle()}
    for affects, user_penalised in ((False, False), (True, True)):
        state = make_state(spec, megaphone_affects_user=affects)
        after, _ = run_night(state, night)
        assert (after.students["a"].megaphoned_day == 1) is user_penalised
        assert after.students["c"].megaphoned_day == 1


def test_setting_marks_last_until_death():
    spec = {"a": {}, "b": {"school": 2}, "c": {"school": 3}}
    for lasting, still_marked in ((True, True), (False, False)):
        state = make_state(spec, marks_last_until_death=lasting)
        marked, _ = run_night(state, {"a": orders(votes={"mark": "b"})})
        assert marked.students["b"].marked
        later, _ = run_night(marked, {}, seed=2)
        assert later.students["b"].marked is still_marked
