"""What the public post may say (rulings, "Targets and visibility": deaths, closures, marks, the reward
zone, the narration) and what private messages must not give away."""
from __future__ import annotations

from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.combat_support import idle
from tests.battle_royale.helpers import attack, make_state, orders, run_night


def _public(events):
    return [e for e in events if e.audience.kind == "public"]


def test_rulings_deaths_are_posted_together_in_name_order_without_cause_or_place():
    """A poisoning in the Forest, a shot on the Beach and a closed zone: the post names the dead, no more."""
    state = make_state({
        "p": {"zone": 3, "items": ["poison_vial"]}, "zed": {"zone": 3, "hp": 1, "school": 2, "name": "Zed"},
        "r": {"zone": 4, "items": ["rifle"], "school": 3}, "amy": {"zone": 4, "hp": 1, "school": 4, "name": "Amy"},
        "kim": {"zone": 6, "school": 2, "name": "Kim"}})
    state.zones[6].closed = True
    for seed in range(30):
        after, events = run_night(state, {
            "p": orders(action={"kind": "set_trap", "item": "p.poison_vial", "target": "zed"}),
            "r": attack("r.rifle", amy=2), "amy": idle()}, seed=seed)
        if after.students["amy"].alive:
            continue
        deaths = [e.text for e in _public(events) if e.kind == "death"]
        assert deaths == [say("died", name=n) for n in ("Amy", "Kim", "Zed")]
        public = " ".join(e.text for e in _public(events))
        for secret in ("Forest", "Beach", "Cliffs", "poison", "Rifle", "closed zone"):
            assert secret not in public.replace("From tomorrow on", ""), secret
        return
    raise AssertionError("the rifle never killed Amy in 30 nights")


def test_V_D_3_a_c4_blast_is_not_announced_to_everyone():
    """A C-4 blast is heard by those in its zone and known to its setter; the public learns only deaths."""
    state = make_state({"s": {"zone": 2, "items": ["c4"]}, "v": {"zone": 2, "school": 2}, "far": {"zone": 6, "school": 3}})
    _, events = run_night(state, {"s": orders(action={"kind": "set_trap", "item": "s.c4", "day": 1},
                                               movement={"kind": "move", "route": [3]})})
    blasts = [e for e in events if e.kind == "c4_blast"]
    assert blasts and all(e.audience.kind == "players" for e in blasts)
    assert all(e.visible_to("v") and e.visible_to("s") and not e.visible_to("far") for e in blasts)
    assert not any("Crevasse" in e.text for e in _public(events))


def test_III_C_8_a_healer_learns_what_they_gave_not_the_patients_health():
    """III.C.8: a student's Health stays hidden (even from an Analyze); the patient sees their own."""
    state = make_state({"m": {}, "p": {"school": 2, "hp": 4, "max_hp": 9, "lover_lost": True}})
    _, events = run_night(state, {"m": orders(action={"kind": "heal", "target": "p"})})
    to_healer = [e.text for e in events if e.visible_to("m") and e.kind in ("healed", "heal_given")]
    to_patient = [e.text for e in events if e.visible_to("p") and e.kind == "healed"]
    assert to_healer == [say("you_healed", target="P", amount=1)]
    assert to_patient == [say("healed", healer="M", target="P", amount=1, hp=5, max_hp=9)]


def test_III_C_1_attack_messages_show_no_hit_chance():
    """The chance rolled would reveal the other side's Rival, abilities and orders; it stays in the data."""
    state = make_state({"a": {"items": ["rifle"], "rival": "b", "abilities": ["predator"]},
                        "b": {"school": 2, "abilities": ["light_sleeper"]}})
    _, events = run_night(state, {"a": attack("a.rifle", b=2), "b": orders(movement={"kind": "hold"})})
    shots = [e for e in events if e.kind in ("attack_hit", "attack_missed")]
    assert len(shots) == 2 and all("%" not in e.text for e in shots)
    assert {e.data["chance"] for e in shots} == {70 + 10 + 5 - 5 - 20 - 10}  # B also Defends by default


def test_III_E_2_the_closure_count_uses_the_students_alive_when_the_night_began():
    """Rulings: 2 zones close "on a night when 16 or more students are alive": 16 at dusk still means 2,
    even when one of them dies before the votes."""
    students = {f"s{i:02d}": {"zone": 1 + i % 6, "school": 1 + i % 4} for i in range(16)}
    students["s00"]["zone"] = 7
    state = make_state(students)
    state.zones[7].closed = True  # s00 stands in a closed zone and dies in the movement
    after, events = run_night(state, {})
    assert not after.students["s00"].alive
    assert sum(z.closed for z in after.zones.values()) == 1 + 2


def test_V_A_1_the_unarmed_attack_for_students_holding_weapons_is_a_setting():
    """V.A.1: "If you hold no weapons, you can still make a default unarmed attack"; house rule
    `unarmed_with_weapons` (default on) lets armed students punch too."""
    from engine.rulesets.battle_royale.validate import validate_orders

    spec = {"a": {"items": ["knife"]}, "b": {"school": 2}}
    assert validate_orders(make_state(spec), "a", attack("unarmed", b=1)) is None
    strict = make_state(spec, unarmed_with_weapons=False)
    assert validate_orders(strict, "a", attack("unarmed", b=1)) == say("unarmed_while_armed", weapon="Knife")
    assert validate_orders(make_state({"a": {}, "b": {"school": 2}}, unarmed_with_weapons=False), "a",
                           attack("unarmed", b=1)) is None
