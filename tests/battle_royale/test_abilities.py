"""Role abilities (house rules: the handbook says every role has abilities but names none; `data/roles.yaml`
and the rules page's "Role abilities" table), checked through resolved nights.

Already covered elsewhere, and not repeated here:
- Predator and Light Sleeper on `rules.hit_chance` with a ranged base: test_hit_chances.py
  (test_II_A_3_lone_wolf_predator_and_light_sleeper);
- Kindred Spirit (lover alive / dead) and Devoted Guardian on `rules.hit_chance` with hand-made postures:
  test_hit_chances.py (test_II_A_2_lovers_kindred_spirit_and_devoted_guardian);
- Pack Mule picking up a fourth item but not a fifth: test_inventory.py (test_III_A_2_pack_mule_carries_four);
- which abilities a role may choose on Day 0: test_setup.py.
Here: Scavenger, Field Medic, Lookout and Heartbeat, which had no test, and the hit-chance abilities as the
night's "(NN% chance)" texts show them, for every attack class and with real Cover orders and real deaths.
Targets that should not Defend (the default action, -10 to hit) Search instead.
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.combat_support import SEPTAGON, attempts, chances, idle
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

br = registry.get("battle_royale")
TRIALS = 3000
TOL = 0.035  # about 3.5 standard deviations of a share near 0.5 over 3000 trials


def ability(ability_id: str):
    return catalog.roles().ability(ability_id)


def report(events, sid):
    [event] = [e for e in events if e.kind == "night_report" and e.visible_to(sid)]
    return event


def test_roles_yaml_abilities_have_the_rules_page_effects():
    """The rules page's table, as data: each ability's one effect (and only that one) is the one it names."""
    expected = {
        "scavenger": {"search_bonus": 20}, "field_medic": {"heal_bonus": 1}, "lookout": {"binoculars": True},
        "devoted_guardian": {"cover_lover_dodge": 10}, "heartbeat": {"lover_sight": True},
        "kindred_spirit": {"dodge_while_lover_alive": 5}, "predator": {"hit": 5}, "light_sleeper": {"dodge": 5},
        "pack_mule": {"carry_bonus": 1},
    }
    for ability_id, effect in expected.items():
        assert ability(ability_id).effect.model_dump(exclude_defaults=True) == effect, ability_id
    roles = {r.id: [a.id for a in r.abilities] for r in catalog.roles().roles}
    assert roles == {"dedicated_student": ["scavenger", "field_medic", "lookout"],
                     "lovers": ["devoted_guardian", "heartbeat", "kindred_spirit"],
                     "lone_wolf": ["predator", "light_sleeper", "pack_mule"]}


# --- Dedicated Student: Scavenger ------------------------------------------------------------------

def search_rate(abilities: list[str], search_chance: int, trials: int = TRIALS) -> float:
    found = 0
    for seed in range(trials):
        state = make_state({"a": {"zone": 1, "abilities": abilities}, "b": {"zone": 1, "school": 2}},
                           search_chance=search_chance)
        state.zones[1].hidden = [state.new_item("rifle"), state.new_item("knife")]
        after, _ = run_night(state, {"a": orders(action={"kind": "search"})}, seed=seed)
        got = len(after.students["a"].items)
        assert got in (0, 1) and len(after.zones[1].hidden) == 2 - got
        found += got
    return found / trials


def test_II_A_1_scavenger_search_finds_20_points_more_often():
    """Scavenger: "Your Search finds a hidden item 20 points more often." With `search_chance` 40 a
    Scavenger finds one about 60% of the time, a Dedicated Student without it about 40% (still one item)."""
    with_it = search_rate(["scavenger"], 40)
    without = search_rate(["field_medic"], 40)
    assert abs(with_it - 0.60) <= TOL, with_it
    assert abs(without - 0.40) <= TOL, without


def test_II_A_1_scavenger_search_chance_never_above_100():
    """Points add up and the chance stops at 100%: at `search_chance` 85 a Scavenger always finds an item;
    at 0 a Scavenger finds one 20% of the time."""
    assert search_rate(["scavenger"], 85, trials=300) == 1.0
    assert search_rate([], 85, trials=300) < 0.95
    assert abs(search_rate(["scavenger"], 0) - 0.20) <= 0.03


def test_II_A_1_scavenger_finds_nothing_in_an_empty_zone():
    """The bonus raises the chance of finding a hidden item; with none left there is nothing to find."""
    for seed in range(30):
        state = make_state({"a": {"zone": 1, "abilities": ["scavenger"]}}, search_chance=100)
        after, events = run_night(state, {"a": orders(action={"kind": "search"})}, seed=seed)
        assert after.students["a"].items == []
        assert texts(events, "search", to="a") == [say("search_nothing")]


# --- Dedicated Student: Field Medic ----------------------------------------------------------------

@pytest.mark.parametrize("patient", ["m", "p"])
@pytest.mark.parametrize("hp, kit, expected", [(4, False, 6), (4, True, 7), (9, False, 10), (8, True, 10), (10, False, 10)])
def test_II_A_1_field_medic_heal_restores_one_more(patient, hp, kit, expected):
    """Field Medic: "Your Heal restores 1 more Health Point": 2 instead of 1, 3 with a First Aid Kit (used up)
    instead of 2, for the medic or a patient in their zone, never above the maximum."""
    state = make_state({"m": {"zone": 1, "items": ["first_aid_kit"], "abilities": ["field_medic"]},
                        "p": {"zone": 1, "school": 2}})
    state.students[patient].hp = hp
    after, events = run_night(state, {"m": orders(action={"kind": "heal", "target": patient, "first_aid_kit": kit})})
    assert after.students[patient].hp == expected
    assert (after.students["m"].item("m.first_aid_kit") is None) is kit
    [healed] = [e for e in events if e.kind == "healed"]
    assert healed.data["amount"] == expected - hp


def test_II_A_1_field_medic_bonus_belongs_to_the_healer_not_the_patient():
    """The bonus is the healer's: a medic healed by someone else gets the plain +1 (+2 with a kit)."""
    state = make_state({"m": {"zone": 1, "abilities": ["field_medic"], "hp": 4},
                        "h": {"zone": 1, "school": 2, "items": ["first_aid_kit"], "abilities": ["scavenger"]}})
    after, _ = run_night(state, {"h": orders(action={"kind": "heal", "target": "m"})})
    assert after.students["m"].hp == 5
    after, _ = run_night(state, {"h": orders(action={"kind": "heal", "target": "m", "first_aid_kit": True})})
    assert after.students["m"].hp == 6


# --- Dedicated Student: Lookout ------------------------------------------------------------------

def lookout_state(abilities, items=()):
    return make_state({"a": {"zone": 1, "abilities": abilities, "items": list(items)},
                       "b": {"zone": 4, "school": 2, "name": "Quill", "items": ["rifle"]},
                       "c": {"zone": 5, "school": 3, "name": "Cid", "items": ["switchblade"]},
                       "d": {"zone": 2, "school": 4, "name": "Dov"},
                       "e": {"zone": 1, "school": 2, "name": "Eve"}})


def test_II_A_1_lookout_report_lists_adjacent_zones_like_binoculars():
    """Lookout: "Your nightly report lists the students in the zones adjacent to yours, as Binoculars do":
    names only, for each zone adjacent to the Landing Strip (Beach, The Septagon, Field), nobody beyond."""
    _, events = run_night(lookout_state(["lookout"]))
    event = report(events, "a")
    assert event.data["adjacent"] == {4: ["b"], 5: ["c"], 7: []}
    assert say("report_lookout", zones="Beach: Quill; The Septagon: Cid; Field: nobody") in event.text
    assert "Binoculars" not in event.text
    assert "Dov" not in event.text and "Rifle" not in event.text and "Switchblade" not in event.text
    _, binocular_events = run_night(lookout_state(["scavenger"], ["binoculars"]))
    assert report(binocular_events, "a").data["adjacent"] == event.data["adjacent"]


def test_II_A_1_without_lookout_no_adjacent_zones():
    """A Dedicated Student without Lookout (or Binoculars) learns nothing of the zones around."""
    _, events = run_night(lookout_state(["scavenger"]))
    event = report(events, "a")
    assert "adjacent" not in event.data
    assert "Quill" not in event.text and "Cid" not in event.text


def test_II_A_1_lookout_sees_around_where_they_end_the_night():
    """The report is made after movement: a Lookout who moved to The Septagon sees its neighbours (Landing
    Strip, Crevasse, Forest, Field), including students who moved too."""
    _, events = run_night(lookout_state(["lookout"]), {"a": orders(movement={"kind": "move", "route": [5]}),
                                                       "b": orders(movement={"kind": "move", "route": [1]})})
    event = report(events, "a")
    assert event.data["adjacent"] == {1: ["b", "e"], 2: ["d"], 3: [], 7: []}
    assert event.data["others"] == ["c"]


def test_II_A_1_lookout_with_binoculars_lists_once():
    """A Lookout holding Binoculars gets the same one list, not two."""
    _, events = run_night(lookout_state(["lookout"], ["binoculars"]))
    assert report(events, "a").text.count("Through your Binoculars") == 1


# --- Lovers: Heartbeat ---------------------------------------------------------------------------

def lovers(spec_h=None, spec_y=None, **others):
    students = {"h": {"zone": 1, "role": "lovers", "lover": "y", "abilities": ["heartbeat"], "name": "Hal", **(spec_h or {})},
                "y": {"zone": 6, "role": "lovers", "lover": "h", "abilities": ["kindred_spirit"], "name": "Yan", "hp": 7,
                      **(spec_y or {})},
                "o": {"zone": 2, "school": 2, "name": "Oz"}}
    students.update(others)
    return make_state(students)


def test_II_A_2_heartbeat_report_gives_lovers_zone_and_health():
    """Heartbeat: "Your nightly report tells you your Lover's zone and Health", wherever the Lover is, as
    they are after the night's movement; the Lover without Heartbeat learns nothing of the other."""
    _, events = run_night(lovers(), {"y": orders(movement={"kind": "move", "route": [4]})})
    text = report(events, "h").text
    assert say("report_heartbeat", lover="Yan", zone_name="Beach", hp=7) in text
    assert "Cliffs" not in text
    assert "Hal" not in report(events, "y").text and "Your Lover" not in report(events, "y").text


def test_II_A_2_heartbeat_reports_health_after_the_nights_damage():
    """The Health given is the Lover's after tonight's attacks."""
    state = lovers(spec_y={"zone": SEPTAGON, "hp": 10}, k={"zone": SEPTAGON, "school": 3, "items": ["rifle"]})
    for seed in range(20):
        after, events = run_night(state, {"k": attack("k.rifle", y=1), "y": idle()}, seed=seed)
        hp = after.students["y"].hp
        assert say("report_heartbeat", lover="Yan", zone_name="The Septagon", hp=hp) in report(events, "h").text
        if hp < 10:
            break
    else:
        pytest.fail("the Rifle never hit Y")


@pytest.mark.parametrize("how", ["dead_before", "dies_tonight", "escaped"])
def test_II_A_2_heartbeat_says_nothing_when_the_lover_is_gone(how):
    """A Lover who is dead (before or during the night) or has escaped is no longer on the island: the
    Heartbeat line is not in the report."""
    state = lovers()
    night = {}
    if how == "dead_before":
        state.students["y"].alive, state.students["y"].hp, state.students["y"].died_day = False, 0, 1
    elif how == "dies_tonight":
        state.zones[6].closed = True  # Yan stays in a closed zone and dies at the end of the movement
    else:
        state.students["y"].collar_deactivated = True
        state.students["y"].zone = 4
        night = {"y": orders(action={"kind": "use_item", "use": "escape"})}
    after, events = run_night(state, night)
    assert after.students["y"].active is False
    text = report(events, "h").text
    assert "Your Lover" not in text and "Yan" not in text


# --- Lovers: Devoted Guardian, Kindred Spirit ------------------------------------------------------

def septagon(**specs):
    """Students in The Septagon (no melee or ranged modifier), each of their own school, 100 HP."""
    out = {}
    for n, (sid, spec) in enumerate(specs.items(), start=1):
        out[sid] = {"zone": SEPTAGON, "school": n, "hp": 100, "max_hp": 100, **spec}
    return make_state(out)


@pytest.mark.parametrize("guardian_ability, covered, expected", [
    ("devoted_guardian", "b", 35),   # covering the Lover: -15 and a further -10
    ("devoted_guardian", "c", 45),   # covering someone else: -15 only
    ("heartbeat", "b", 45),          # covering the Lover without the ability: -15 only
])
def test_II_A_2_devoted_guardian_covering_the_lover_through_a_night(guardian_ability, covered, expected):
    """Devoted Guardian: "When you Cover your Lover you gain a further -10% Dodge Bonus". With real Cover
    orders, K's Knife (60) aimed at the covered student is redirected to the coverer G at 60 - 25 = 35 when
    G covers their Lover B, at 60 - 15 = 45 when G covers C or lacks the ability."""
    state = septagon(k={"items": ["knife"]}, g={"role": "lovers", "lover": "b", "abilities": [guardian_ability]},
                     b={"role": "lovers", "lover": "g", "school": 2}, c={})
    night = {"k": attack("k.knife", **{covered: 3}), "g": orders(action={"kind": "cover", "target": covered}),
             "b": idle(), "c": idle()}
    _, events = run_night(state, night, seed=7)
    made = attempts(events, "k", "g")
    assert len(made) == 3 and {m.chance for m in made} == {expected}
    assert attempts(events, "k", covered) == []


def test_II_A_2_devoted_guardian_lovers_covering_each_other():
    """Two Lovers covering each other keep their own -15 (no attack passed on); the Devoted Guardian among
    them gets the further -10 (Rifle 70: 45 on G, 55 on B)."""
    state = septagon(k={"items": ["rifle"]}, g={"role": "lovers", "lover": "b", "abilities": ["devoted_guardian"]},
                     b={"role": "lovers", "lover": "g", "abilities": ["heartbeat"]})
    night = {"k": attack("k.rifle", g=1, b=1), "g": orders(action={"kind": "cover", "target": "b"}),
             "b": orders(action={"kind": "cover", "target": "g"})}
    _, events = run_night(state, night, seed=3)
    assert chances(events, "k", "g") == {45} and chances(events, "k", "b") == {55}


@pytest.mark.parametrize("weapon, plain", [("unarmed", 50), ("knife", 60), ("rifle", 70), ("grenade", 75)])
def test_II_A_2_kindred_spirit_against_all_attacks_while_lover_lives(weapon, plain):
    """Kindred Spirit: "While your Lover lives, -5% Dodge Bonus against all attacks": melee, ranged and
    explosive attacks on the holder are 5 points less likely (The Septagon: explosives +5); on the Lover,
    who lacks it, they are not."""
    items = [] if weapon == "unarmed" else [weapon]
    state = septagon(k={"items": items}, s={"role": "lovers", "lover": "l", "abilities": ["kindred_spirit"]},
                     l={"role": "lovers", "lover": "s", "abilities": ["heartbeat"], "school": 2})
    _, events = run_night(state, {"k": attack(f"k.{weapon}" if items else "unarmed", s=1), "s": idle(), "l": idle()})
    assert chances(events, "k", "s") == {plain - 5}
    _, events = run_night(state, {"k": attack(f"k.{weapon}" if items else "unarmed", l=1), "s": idle(), "l": idle()})
    assert chances(events, "k", "l") == {plain}


def test_II_A_2_kindred_spirit_ends_when_the_lover_dies_mid_night():
    """Once the Lover is dead the bonus is gone: L (1 HP) shot dead in the Ranged step leaves S without it
    against the Knife in the Melee step (60); when L survives the shot, S keeps it (55)."""
    state = septagon(r={"items": ["rifle"]}, k={"items": ["knife"]},
                     s={"role": "lovers", "lover": "l", "abilities": ["kindred_spirit"]},
                     l={"role": "lovers", "lover": "s", "school": 3, "hp": 1})
    night = {"r": attack("r.rifle", l=1), "k": attack("k.knife", s=1), "s": idle(), "l": idle()}
    seen = {True: 0, False: 0}
    for seed in range(40):
        after, events = run_night(state, night, seed=seed)
        dead = not after.students["l"].alive
        assert chances(events, "k", "s") == ({60} if dead else {55})
        seen[dead] += 1
    assert min(seen.values()) >= 5, seen


def test_II_A_2_kindred_spirit_holds_while_an_escaped_lover_lives():
    """An escaped Lover still lives: the bonus stays (55 for the Knife)."""
    state = septagon(k={"items": ["knife"]}, s={"role": "lovers", "lover": "l", "abilities": ["kindred_spirit"]},
                     l={"role": "lovers", "lover": "s", "school": 3, "escaped": True})
    _, events = run_night(state, {"k": attack("k.knife", s=1), "s": idle()})
    assert chances(events, "k", "s") == {55}


# --- Lone Wolf: Predator, Light Sleeper, Pack Mule -------------------------------------------------

@pytest.mark.parametrize("weapon, plain", [("unarmed", 50), ("knife", 60), ("rifle", 70), ("grenade", 75)])
def test_II_A_3_predator_and_light_sleeper_for_every_attack_class(weapon, plain):
    """Predator "+5% Hit Bonus with all attacks" and Light Sleeper "-5% Dodge Bonus against all attacks",
    through the night's texts for melee, ranged and explosive attacks; together they cancel out."""
    items = [] if weapon == "unarmed" else [weapon]
    used = f"k.{weapon}" if items else "unarmed"
    for attacker_ability, target_ability, expected in (("predator", "pack_mule", plain + 5),
                                                       ("pack_mule", "light_sleeper", plain - 5),
                                                       ("predator", "light_sleeper", plain),
                                                       ("pack_mule", "pack_mule", plain)):
        state = septagon(k={"role": "lone_wolf", "abilities": [attacker_ability], "items": items},
                         t={"role": "lone_wolf", "abilities": [target_ability]})
        _, events = run_night(state, {"k": attack(used, t=1), "t": idle()})
        assert chances(events, "k", "t") == {expected}, (attacker_ability, target_ability)


def test_II_A_3_predator_does_not_change_the_fixed_poison_vial():
    """Rulings: the Poison Vial's fixed chance is not modified: it always works, Predator or not, against a
    Light Sleeper too (the target neither attacks nor analyzes the poisoner)."""
    state = septagon(k={"role": "lone_wolf", "abilities": ["predator"], "items": ["poison_vial"]},
                     t={"role": "lone_wolf", "abilities": ["light_sleeper"]})
    for seed in range(20):
        after, events = run_night(state, {"k": orders(action={"kind": "set_trap", "item": "k.poison_vial", "target": "t"}),
                                          "t": idle()}, seed=seed)
        assert [e.kind for e in events if e.kind in ("poisoned", "poison_failed")] == ["poisoned"]
        assert after.students["t"].hp < 100


def test_II_A_3_pack_mule_search_find_fills_the_fourth_slot():
    """Pack Mule: "You can carry four items instead of three": a Search find with three items in hand is
    held (a fourth); with four in hand it lies on the ground. Without Pack Mule three is full."""
    for abilities, items, held in ((["pack_mule"], ["rifle", "knife", "pot_lid"], True),
                                   (["pack_mule"], ["rifle", "knife", "pot_lid", "fire_axe"], False),
                                   (["predator"], ["rifle", "knife", "pot_lid"], False)):
        state = make_state({"a": {"zone": 1, "role": "lone_wolf", "abilities": abilities, "items": items}},
                           search_chance=100)
        state.zones[1].hidden.append(state.new_item("grenade"))
        after, events = run_night(state, {"a": orders(action={"kind": "search"})})
        assert texts(events, "search", to="a") == [say("search_found" if held else "search_found_full", item="Grenade")]
        assert any(i.kind == "grenade" for i in after.students["a"].items) is held
        assert [i.kind for i in after.zones[1].ground] == ([] if held else ["grenade"])


def test_II_A_3_pack_mule_capacity_in_the_view():
    """The capacity the player is shown (the view) is four with Pack Mule, three without."""
    state = make_state({"a": {"role": "lone_wolf", "abilities": ["pack_mule"]},
                        "b": {"role": "lone_wolf", "abilities": ["predator"], "school": 2}})
    assert br.view(state, "a")["me"]["capacity"] == 4
    assert br.view(state, "b")["me"]["capacity"] == 3
