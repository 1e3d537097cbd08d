"""Non-attack actions and traps: Set Trap, Poison Vial, Land Mine, C-4, Search, Heal, First Aid Kit,
Analyze, Backpack, Deactivator and escape (handbook III.C.3, 7-9, V.D, V.E.4, V.F.1, V.F.3; rulings).

Random outcomes are checked over many fixed seeds, with tolerances that a wrong number would break.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine.rulesets.battle_royale.state import Mine
from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

TRIALS = 3000
TOL = 0.03


def refusal(state, sid, **parts):
    return validate_orders(state, sid, orders(**parts))


def trap(item, **kw):
    return orders(action={"kind": "set_trap", "item": item, **kw})


def assert_table(values, table):
    """Each damage value's observed share is within TOL of its weight, and no other value occurs."""
    counts = Counter(values)
    for value, weight in table:
        assert abs(counts[value] / len(values) - weight / 100) <= TOL, (value, counts[value] / len(values))
    assert set(values) <= {v for v, _ in table}


# --- III.C.3 Set Trap ---------------------------------------------------------------------------

def test_III_C_3_set_trap_forbids_run_afterwards():
    """Set Trap takes time and concentration: no Run in the Movement Phase (a Move is fine)."""
    state = make_state({"a": {"zone": 1, "items": ["land_mine"]}})
    set_mine = {"kind": "set_trap", "item": "a.land_mine", "to_zone": 4}
    assert refusal(state, "a", action=set_mine, movement={"kind": "run", "route": [4]}) == say("no_run_after", action="Set Trap")
    assert refusal(state, "a", action=set_mine, movement={"kind": "move", "route": [5]}) is None
    assert refusal(state, "a", action=set_mine, movement={"kind": "hold"}) is None
    assert refusal(state, "a", action={"kind": "defend"}, movement={"kind": "run", "route": [4]}) is None


# --- V.D.1 Poison Vial --------------------------------------------------------------------------

def test_V_D_1_poison_vial_always_hits_for_3_4_5_6_at_10_10_40_40_unmodified():
    """An unmodifiable 100% chance; damage 3 (10%) / 4 (10%) / 5 (40%) / 6 (40%). Dodge bonuses do nothing."""
    damages = []
    for seed in range(TRIALS):
        state = make_state({"a": {"zone": 1, "items": ["poison_vial"]},
                            "b": {"zone": 1, "school": 2, "items": ["camouflage"]}})
        after, _ = run_night(state, {"a": trap("a.poison_vial", target="b"),
                                     "b": orders(action={"kind": "defend"}, movement={"kind": "hold"})}, seed=seed)
        damages.append(10 - after.students["b"].hp)
        assert after.students["a"].item("a.poison_vial") is None
    assert 0 not in damages
    assert_table(damages, [(3, 10), (4, 10), (5, 40), (6, 40)])


@pytest.mark.parametrize("their_action", [
    {"kind": "attack", "weapon": "unarmed", "attempts": {"a": 1}},
    {"kind": "all_out", "weapon": "unarmed", "attempts": {"a": 2}},
    {"kind": "analyze", "target": "a"},
])
def test_V_D_1_poison_vial_fails_if_target_attacks_or_analyzes_poisoner_and_is_used_up(their_action):
    """If the poisoner is a target of the victim's Attack or Analyze, the poison fails; the vial is used up either way."""
    state = make_state({"a": {"zone": 1, "items": ["poison_vial"]}, "b": {"zone": 1, "school": 2}})
    after, events = run_night(state, {"a": trap("a.poison_vial", target="b"), "b": orders(action=their_action)})
    assert after.students["b"].hp == 10
    assert after.students["a"].item("a.poison_vial") is None
    assert texts(events, "poison_failed", to="a") == [say("poison_failed", target="B")]


def test_V_D_1_poison_vial_still_works_if_target_attacks_someone_else():
    """Only an Attack or Analyze aimed at the poisoner protects the target."""
    state = make_state({"a": {"zone": 1, "items": ["poison_vial"]}, "b": {"zone": 1, "school": 2},
                        "c": {"zone": 1, "school": 3, "hp": 10}})
    after, _ = run_night(state, {"a": trap("a.poison_vial", target="b"),
                                 "b": orders(action={"kind": "analyze", "target": "c"})})
    assert 3 <= 10 - after.students["b"].hp <= 6


def test_V_D_1_poison_vial_is_concealed_and_does_not_count_against_capacity():
    """A Poison Vial is concealed from view and does not count against the three-item capacity."""
    state = make_state({"a": {"zone": 1, "items": ["fire_axe", "knife", "poison_vial"]},
                        "b": {"zone": 1, "school": 2}})
    rifle = state.new_item("rifle")
    state.zones[1].ground.append(rifle)
    assert refusal(state, "a", free={"pick_up": [rifle.uid]}) is None
    after, events = run_night(state, {"a": orders(free={"pick_up": [rifle.uid]})})
    assert after.students["a"].item(rifle.uid) is not None
    assert after.students["a"].item("a.poison_vial") is not None
    report_b = texts(events, "night_report", to="b")[0]
    assert "Fire Axe" in report_b and "Poison Vial" not in report_b


# --- V.D.2 Land Mine ----------------------------------------------------------------------------

def test_V_D_2_land_mine_set_on_path_to_adjacent_zone_and_removed_from_inventory():
    """The mine goes on the path between your zone and an adjacent zone, and leaves your inventory."""
    state = make_state({"a": {"zone": 1, "items": ["land_mine"]}})
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.land_mine", "to_zone": 2}) == say(
        "not_adjacent", zone_name="Crevasse", from_name="Landing Strip")
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.land_mine"}) == say("mine_needs_route")
    after, _ = run_night(state, {"a": trap("a.land_mine", to_zone=4)})
    assert after.students["a"].item("a.land_mine") is None
    [mine] = after.zones[1].mines
    assert (mine.zone, mine.to_zone, mine.setter) == (1, 4, "a")


def mined_state(mover_zone: int, **extra):
    """A Land Mine set by X in the Landing Strip (1) on the path to the Beach (4)."""
    state = make_state({"m": {"zone": mover_zone, "school": 2}, "x": {"zone": 7, "school": 3}, **extra})
    state.zones[1].mines.append(Mine(uid="mine1", setter="x", zone=1, to_zone=4))
    return state


@pytest.mark.parametrize("start,route", [(1, [4, 6]), (6, [4, 1, 5])])
def test_V_D_2_land_mine_triggers_half_the_time_either_direction_and_stops_mover_in_trap_zone(start, route):
    """A mover along the mined path (either direction) triggers it 50% of the time, takes 4/5/6 (20/40/40)
    damage and ends the move in the zone where the mine was set; otherwise the move goes on."""
    damages, hits = [], 0
    for seed in range(TRIALS):
        after, _ = run_night(mined_state(start), {"m": orders(movement={"kind": "run", "route": route})}, seed=seed)
        m = after.students["m"]
        if m.hp < 10:
            hits += 1
            damages.append(10 - m.hp)
            assert m.zone == 1
            assert after.zones[1].mines == []
        else:
            assert m.zone == route[-1]
            assert len(after.zones[1].mines) == 1
    assert abs(hits / TRIALS - 0.5) <= TOL
    assert_table(damages, [(4, 20), (5, 40), (6, 40)])


def test_V_D_2_land_mine_stops_mover_in_trap_zone_short_of_destination():
    """Set in the Beach on the path to the Landing Strip: a mover Landing Strip -> Beach -> Cliffs that
    triggers it stops in the Beach; one coming Cliffs -> Beach -> Landing Strip also stops in the Beach.
    Movers along other paths are never at risk."""
    seen = set()
    for seed in range(200):
        for start, route in ((1, [4, 6]), (6, [4, 1])):
            state = make_state({"m": {"zone": start, "school": 2}, "x": {"zone": 7, "school": 3}})
            state.zones[4].mines.append(Mine(uid="mine1", setter="x", zone=4, to_zone=1))
            after, _ = run_night(state, {"m": orders(movement={"kind": "move", "route": route})}, seed=seed)
            if after.students["m"].hp < 10:
                assert after.students["m"].zone == 4
                seen.add(start)
        other, _ = run_night(mined_state(1), {"m": orders(movement={"kind": "move", "route": [5, 2]})}, seed=seed)
        assert other.students["m"].hp == 10 and other.students["m"].zone == 2  # other routes are safe
    assert seen == {1, 6}


def test_V_D_2_land_mine_hits_only_one_victim():
    """Only one person is hit by the trap; then it is used up (two movers: one hit 75% of nights, never two)."""
    one = 0
    for seed in range(TRIALS):
        state = mined_state(1, n={"zone": 4, "school": 4})
        after, _ = run_night(state, {"m": orders(movement={"kind": "move", "route": [4]}),
                                     "n": orders(movement={"kind": "move", "route": [1]})}, seed=seed)
        hurt = [sid for sid in "mn" if after.students[sid].hp < 10]
        assert len(hurt) <= 1
        one += len(hurt)
    assert abs(one / TRIALS - 0.75) <= TOL


def test_V_D_2_land_mine_victim_dies_in_trap_zone_and_items_fall_there():
    """A mover killed by the mine stops (and dies) in the trap's zone, so their items lie there."""
    deaths = 0
    for seed in range(100):
        state = make_state({"m": {"zone": 6, "school": 2, "hp": 1, "items": ["rifle"]},
                            "x": {"zone": 7, "school": 3}, "y": {"zone": 2, "school": 4}})
        state.zones[4].mines.append(Mine(uid="mine1", setter="x", zone=4, to_zone=1))
        after, _ = run_night(state, {"m": orders(movement={"kind": "move", "route": [4, 1]})}, seed=seed)
        if not after.students["m"].alive:
            deaths += 1
            assert after.students["m"].zone == 4
            assert [i.uid for i in after.zones[4].ground] == ["m.rifle"]
            assert after.zones[6].ground == []
    assert deaths > 20


# --- V.D.3 C-4 ----------------------------------------------------------------------------------

def test_V_D_3_c4_today_explodes_after_movement_80_percent_unmodified():
    """C-4 set for today explodes at the end of today's movement: an unmodifiable 80% to hit each person
    then in its zone, for 3/4/5/6 (10/40/30/20). The setter who moved away is safe; one who moved in is not."""
    hit_b = hit_c = 0
    damages = []
    for seed in range(TRIALS):
        state = make_state({"a": {"zone": 1, "items": ["c4"]},
                            "b": {"zone": 1, "school": 2, "items": ["camouflage"]},
                            "c": {"zone": 5, "school": 3}})
        after, _ = run_night(state, {
            "a": orders(action={"kind": "set_trap", "item": "a.c4", "day": 1}, movement={"kind": "move", "route": [4]}),
            "b": orders(action={"kind": "defend"}, movement={"kind": "hold"}),
            "c": orders(movement={"kind": "move", "route": [1]})}, seed=seed)
        assert after.students["a"].hp == 10 and after.students["a"].item("a.c4") is None
        assert after.zones[1].charges == []
        for sid in "bc":
            lost = 10 - after.students[sid].hp
            if lost:
                damages.append(lost)
        hit_b += after.students["b"].hp < 10
        hit_c += after.students["c"].hp < 10
    assert abs(hit_b / TRIALS - 0.8) <= TOL
    assert abs(hit_c / TRIALS - 0.8) <= TOL
    assert_table(damages, [(3, 10), (4, 40), (5, 30), (6, 20)])


def test_V_D_3_c4_waits_for_its_day():
    """C-4 set for a later day stays in place until the end of that day's movement."""
    state = make_state({"a": {"zone": 1, "items": ["c4"]}, "b": {"zone": 1, "school": 2}})
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.c4"}) == say("c4_needs_day", day=1)
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.c4", "day": 1}) is None  # today is allowed
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.c4", "day": 8}) == say("c4_after_end", last=7)
    state.day = 2
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.c4", "day": 1}) == say("c4_past_day", asked=1, day=2)
    state.day = 1
    close6 = {"close": 6}
    after, events = run_night(state, {"a": orders(action={"kind": "set_trap", "item": "a.c4", "day": 2}, votes=close6),
                                      "b": orders(votes=close6)}, seed=3)
    assert after.students["b"].hp == 10 and "c4_blast" not in [e.kind for e in events]
    assert [(c.zone, c.day) for c in after.zones[1].charges] == [(1, 2)]
    hits = 0
    for seed in range(200):
        later, events = run_night(after, {"a": orders(movement={"kind": "move", "route": [4]})}, seed=seed)
        assert "c4_blast" in [e.kind for e in events] and later.zones[1].charges == []
        hits += later.students["b"].hp < 10
        assert later.students["a"].hp == 10
    assert 0.7 <= hits / 200 <= 0.9


# --- III.C.7 Search -----------------------------------------------------------------------------

def test_III_C_7_search_finds_one_hidden_item_60_percent():
    """Rulings: a Search finds one hidden item of the zone with probability 60% (only one, even if more)."""
    found = 0
    for seed in range(TRIALS):
        state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2}})
        state.zones[1].hidden = [state.new_item("rifle"), state.new_item("knife")]
        after, _ = run_night(state, {"a": orders(action={"kind": "search"})}, seed=seed)
        got = len(after.students["a"].items)
        assert got in (0, 1) and len(after.zones[1].hidden) == 2 - got
        assert after.students["b"].items == []
        found += got
    assert abs(found / TRIALS - 0.6) <= TOL


@pytest.mark.parametrize("what", ["contested_pick_up", "reward_recovery"])
def test_III_C_7_searcher_counts_as_two_for_dropped_items_and_reward_recovery(what):
    """A searcher counts as two players for a dropped item others reach for, and for the reward package
    (recovered by a random occupant of the zone): against one other student they win 2/3 of the time."""
    wins = 0
    for seed in range(TRIALS):
        state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2}})
        axe = state.new_item("fire_axe")
        if what == "contested_pick_up":
            state.zones[1].ground.append(axe)
            free, vote = {"pick_up": [axe.uid]}, {"close": 6}
        else:
            free, vote = {}, {"reward": 1, "close": 6}
        after, _ = run_night(state, {"a": orders(action={"kind": "search"}, free=free, votes=vote),
                                     "b": orders(free=free, votes=vote)}, seed=seed)
        assert len(after.students["a"].items) + len(after.students["b"].items) == 1
        wins += len(after.students["a"].items)
    assert abs(wins / TRIALS - 2 / 3) <= TOL


# --- III.C.9 Heal, V.E.4 First Aid Kit ----------------------------------------------------------

@pytest.mark.parametrize("patient", ["a", "b"])
@pytest.mark.parametrize("hp,kit,expected", [(5, False, 6), (10, False, 10), (5, True, 7), (9, True, 10)])
def test_III_C_9_heal_one_or_two_with_first_aid_kit_never_above_maximum(hp, kit, expected, patient):
    """Heal yourself or a student in your zone: +1 Health (a First Aid Kit: +2, then used up), never above
    the maximum."""
    state = make_state({"a": {"zone": 1, "items": ["first_aid_kit"]}, "b": {"zone": 1, "school": 2}})
    state.students[patient].hp = hp
    after, _ = run_night(state, {"a": orders(action={"kind": "heal", "target": patient, "first_aid_kit": kit})})
    assert after.students[patient].hp == expected
    assert (after.students["a"].item("a.first_aid_kit") is None) == kit


def test_III_C_9_heal_only_in_same_zone_and_no_run_after():
    """Heal targets a student in the same zone, and forbids a Run in the Movement Phase."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "hp": 5}, "c": {"zone": 5, "hp": 5}})
    heal_b = {"kind": "heal", "target": "b"}
    assert refusal(state, "a", action={"kind": "heal", "target": "c"}) == say("target_not_here", target="C")
    assert refusal(state, "a", action=heal_b, movement={"kind": "run", "route": [4]}) == say("no_run_after", action="Heal")
    assert refusal(state, "a", action=heal_b, movement={"kind": "move", "route": [4]}) is None
    assert refusal(state, "a", action={"kind": "heal", "target": "b", "first_aid_kit": True}) == say("heal_no_kit")


# --- III.C.8 Analyze ----------------------------------------------------------------------------

def test_III_C_8_analyze_reveals_role_school_and_concealed_items_privately():
    """Analyze (same zone only) learns the target's role, school and concealed items (Switchblade, Poison
    Vial, Backpack contents), not their visible items or Health; the result reaches the analyzer alone."""
    state = make_state({"a": {"zone": 1},
                        "b": {"zone": 1, "school": 3, "role": "lone_wolf", "hp": 7,
                              "items": ["switchblade", "poison_vial", "backpack", "rifle", "fire_axe"],
                              "stored": ["rifle"]},
                        "c": {"zone": 1, "school": 2}, "d": {"zone": 5, "school": 4}})
    assert refusal(state, "a", action={"kind": "analyze", "target": "d"}) == say("target_not_here", target="D")
    after, events = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"})})
    [event] = [e for e in events if e.kind == "analysis"]
    assert event.audience.ids == ["a"]
    assert event.data["role"] == "lone_wolf" and event.data["school"] == 3
    assert sorted(event.data["concealed"]) == ["Poison Vial", "Rifle", "Switchblade"]
    assert "Fire Axe" not in event.text and "7" not in event.text
    assert not texts(events, "analysis", to="b") and not texts(events, "analysis", to="c")
    [known] = after.students["a"].knowledge
    assert (known.target, known.role, known.school) == ("b", "lone_wolf", 3)


# --- V.F.1 Backpack -----------------------------------------------------------------------------

def test_V_F_1_backpack_stores_two_items_concealed_and_not_counted():
    """Two items go in the Backpack, hidden from others and outside the carrying capacity; a third does not fit."""
    state = make_state({"a": {"zone": 1, "items": ["backpack", "rifle", "knife"]}, "b": {"zone": 1, "school": 2}})
    axe = state.new_item("fire_axe")
    state.zones[1].ground.append(axe)
    assert refusal(state, "a", free={"store": ["a.rifle", "a.knife", "a.backpack"]}) == say("backpack_in_backpack")
    assert refusal(state, "a", free={"pick_up": [axe.uid]}) == say("inventory_full", count=4, cap=3)
    after, events = run_night(state, {"a": orders(free={"store": ["a.rifle", "a.knife"], "pick_up": [axe.uid]})})
    a = after.students["a"]
    assert a.item("a.rifle").stored and a.item("a.knife").stored and a.item(axe.uid) is not None
    report_b = texts(events, "night_report", to="b")[0]
    assert "Backpack" in report_b and "Rifle" not in report_b and "Knife" not in report_b


def test_V_F_1_items_in_backpack_cannot_be_used():
    """Items stored in a Backpack cannot be used while stored."""
    state = make_state({"a": {"zone": 1, "items": ["backpack", "rifle", "land_mine"],
                              "stored": ["rifle", "land_mine"]}, "b": {"zone": 1, "school": 2}})
    assert refusal(state, "a", action={"kind": "attack", "weapon": "a.rifle", "attempts": {"b": 1}}) == say("item_stored", item="Rifle")
    assert refusal(state, "a", action={"kind": "set_trap", "item": "a.land_mine", "to_zone": 4}) == say("item_stored", item="Land Mine")
    after, _ = run_night(state, {"a": attack("a.rifle", b=2)})
    assert after.students["b"].hp == 10 and after.students["a"].item("a.rifle").ammo == 8


# --- V.F.3 Deactivator and escape ---------------------------------------------------------------

def test_V_F_3_deactivator_two_uses_on_self_or_zone_mate_then_breaks():
    """The Deactivator deactivates your collar or that of a student in your zone; it breaks after two uses."""
    state = make_state({"a": {"zone": 1, "items": ["deactivator"]}, "b": {"zone": 1, "school": 2},
                        "c": {"zone": 5, "school": 3}})
    use = lambda target=None: {"kind": "use_item", "use": "deactivator", "target": target}  # noqa: E731
    assert refusal(state, "a", action=use("c")) == say("target_not_here", target="C")
    close6 = {"close": 6}
    after, _ = run_night(state, {"a": orders(action=use(), votes=close6), "b": orders(votes=close6),
                                 "c": orders(votes=close6)})
    assert after.students["a"].collar_deactivated and not after.students["b"].collar_deactivated
    assert after.students["a"].item("a.deactivator").uses == 1
    assert refusal(after, "a", action=use()) == say("already_deactivated", target="A")
    later, events = run_night(after, {"a": orders(action=use("b"))})
    assert later.students["b"].collar_deactivated
    assert later.students["a"].item("a.deactivator") is None
    assert texts(events, "item_broke", to="a") == [say("deactivator_broke")]


ESCAPE = {"kind": "use_item", "use": "escape"}


@pytest.mark.parametrize("zone", [1, 4])
def test_rulings_escape_with_deactivated_collar_from_beach_or_landing_strip(zone):
    """Use Item "escape" with a deactivated collar on the Beach or Landing Strip: escaped, alive, out of the game."""
    state = make_state({"a": {"zone": zone, "collar_deactivated": True}, "b": {"zone": 2, "school": 2},
                        "c": {"zone": 3, "school": 3}})
    after, events = run_night(state, {"a": orders(action=ESCAPE)})
    a = after.students["a"]
    assert a.escaped and a.alive and not a.active
    assert "a" not in [s.id for s in after.active()]
    assert texts(events, "escape") == [say("escaped_public", name="A")]
    assert validate_orders(after, "a", orders()) == say("escaped")


def test_rulings_escape_refused_elsewhere_or_with_active_collar():
    """Escape needs a deactivated collar and the Beach or the Landing Strip."""
    state = make_state({"a": {"zone": 5, "collar_deactivated": True}, "b": {"zone": 4}})
    assert refusal(state, "a", action=ESCAPE) == say("escape_wrong_zone", zones="Landing Strip or Beach")
    assert refusal(state, "b", action=ESCAPE) == say("escape_needs_collar")


@pytest.mark.parametrize("at_end", [True, False])
def test_rulings_escape_at_end_of_actions_escaper_can_still_be_attacked(at_end):
    """With `escape_at_end_of_actions` the escaper can still be attacked (and killed) that night;
    without it, the escape happens with Use Item, before any attack."""
    killed = 0
    for seed in range(400):
        state = make_state({"a": {"zone": 4, "hp": 1, "collar_deactivated": True},
                            "b": {"zone": 4, "school": 2, "items": ["sledgehammer"]}, "c": {"zone": 2, "school": 3}},
                           escape_at_end_of_actions=at_end)
        after, _ = run_night(state, {"a": orders(action=ESCAPE), "b": attack("b.sledgehammer", a=1)}, seed=seed)
        a = after.students["a"]
        assert a.escaped != (not a.alive)
        killed += not a.alive
    if at_end:
        assert abs(killed / 400 - 0.5) <= 0.08
    else:
        assert killed == 0
