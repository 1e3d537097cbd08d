"""Battle Royale's autocomplete choosers (rulings, "Targets and visibility"): built from the player's view only, never more
than 25, filtered by what was typed, and each value one the engine accepts in an order."""
from __future__ import annotations

import json

from discord import app_commands

from engine import registry
from engine.rulesets.battle_royale.front import choosers, item_keys
from engine.rulesets.battle_royale.orders import NightOrders
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.helpers import make_state

br = registry.get("battle_royale")


class AsChoices:
    """The front's choosers, their (label, value) pairs read as the Discord choices the bot makes of them."""

    def __getattr__(self, name: str):
        pick = getattr(choosers, name)
        if name == "route_list":
            return pick
        return lambda *args, **kwargs: [app_commands.Choice(name=label, value=value)
                                        for label, value in pick(*args, **kwargs)]


ac = AsChoices()


def island():
    """Ann (Rifle, Land Mine, a Backpack with a Grenade: a full inventory) and Bo on the Landing Strip (1),
    Cy on the Beach (4), Dee dead; The Septagon (5) closed; a Crossbow on the Landing Strip's ground. Bo
    hides a Switchblade and carries a Fire Axe and a worn Headband."""
    state = make_state({
        "a": {"name": "Ann", "zone": 1, "items": ["rifle", "backpack", "grenade", "land_mine"],
              "stored": ["grenade"]},
        "b": {"name": "Bo", "zone": 1, "items": ["switchblade", "fire_axe", "headband"], "worn": ["headband"]},
        "c": {"name": "Cy", "zone": 4, "items": ["uzi"]},
        "d": {"name": "Dee", "zone": 1, "alive": False, "died_day": 1},
    })
    state.zones[5].closed = True
    state.zones[1].ground.append(state.new_item("crossbow"))
    return state


def every_choice(view) -> list[app_commands.Choice]:
    out = []
    for pick in (ac.targets_here, ac.living_students, ac.my_items, ac.weapons, ac.trap_items, ac.ground_items,
                 ac.zones, ac.adjacent_zones, ac.move_routes, ac.run_routes, ac.stored_items, ac.wearables):
        out += pick(view, "")
    out += ac.targets_here(view, "", include_self=True)
    for s in view["students"]:
        out += ac.items_on(view, s["id"], "")
    return out


def valid(state, sid: str, **parts) -> str | None:
    return validate_orders(state, sid, NightOrders.model_validate(parts))


# --- what may be shown ---------------------------------------------------------------------------

def test_rulings_targets_are_the_students_in_my_zone_with_what_they_visibly_carry():
    """III.C: targets are students in my zone; Cy (Beach) and Dee (dead) are not offered."""
    view = br.view(island(), "a")
    choices = ac.targets_here(view)
    assert [(c.name, c.value) for c in choices] == [("Bo: Fire Axe, Headband [worn]", "b")]
    me_too = ac.targets_here(view, include_self=True)
    assert [c.value for c in me_too] == ["a", "b"] and me_too[0].name == "Ann (yourself)"


def test_rulings_a_student_in_another_zone_shows_nowhere_but_the_public_list_of_the_living():
    """A student elsewhere is never a target, and nothing reveals where they are or what they carry:
    only their name, in the public list of living students (marks, votes, tracking)."""
    view = br.view(island(), "a")
    shown = every_choice(view)
    assert "c" not in [c.value for c in ac.targets_here(view, include_self=True)]
    assert "Uzi" not in json.dumps([c.name for c in shown])
    with_cy = [c for c in shown if "Cy" in c.name]
    assert [(c.name, c.value) for c in with_cy] == [("Cy", "c")]
    assert [c.value for c in ac.living_students(view)] == ["b", "c"]  # Dee is dead, Ann is me


def test_rulings_a_concealed_item_on_a_student_here_never_appears():
    """Concealed items (the Switchblade) are seen only by an Analyze (handbook V): not in trade choices,
    nor anywhere else; a trade asks for the visible items by the names the trade service takes."""
    view = br.view(island(), "a")
    assert [(c.name, c.value) for c in ac.items_on(view, "b")] == [("Fire Axe", "Fire Axe"), ("Headband [worn]", "Headband")]
    assert "Switchblade" not in json.dumps([c.name for c in every_choice(view)] + [c.value for c in every_choice(view)])
    assert ac.items_on(view, "c") == []  # Cy is elsewhere: nothing of theirs


def test_items_mine_all_weapons_with_unarmed_traps_ground_stored_and_wearables():
    view = br.view(island(), "a")
    assert [c.name for c in ac.my_items(view)] == ["Rifle (8 left)", "Backpack", "Grenade [in Backpack]", "Land Mine"]
    assert [(c.name, c.value) for c in ac.weapons(view)] == [("Rifle (8 left)", "Rifle"), ("Unarmed", "unarmed")]
    assert [c.value for c in ac.trap_items(view)] == ["Land Mine"]
    assert ac.trap_items(view, trap="c4") == []
    assert [c.value for c in ac.stored_items(view)] == ["Grenade"]
    assert [c.value for c in ac.wearables(br.view(island(), "b"))] == ["Headband"]
    [crossbow] = ac.ground_items(view)
    assert (crossbow.name, crossbow.value) == ("Crossbow", "Crossbow")


def test_a_repeated_item_is_told_apart_by_its_number_never_its_engine_id():
    state = make_state({"a": {"items": ["knife", "knife"]}})
    view = br.view(state, "a")
    choices = ac.my_items(view)
    assert [(c.name, c.value) for c in choices] == [("Knife", "Knife"), ("Knife (2)", "Knife (2)")]
    assert [item_keys.find(view["me"]["items"], c.value) for c in choices] == ["a.knife", "a.knife2"]


def test_zones_open_and_adjacent():
    """Votes name open zones (a closed one is refused: III.E); a Land Mine goes on the path to an adjacent zone."""
    view = br.view(island(), "a")
    assert [c.name for c in ac.zones(view)] == ["1 Landing Strip", "2 Crevasse", "3 Forest", "4 Beach", "6 Cliffs", "7 Field"]
    assert "5 The Septagon (closed)" in [c.name for c in ac.zones(view, include_closed=True)]
    assert [c.name for c in ac.adjacent_zones(view)] == ["4 Beach", "7 Field"]


# --- filtering and the limit ---------------------------------------------------------------------

def test_typed_text_filters_case_insensitively():
    view = br.view(island(), "a")
    assert [c.value for c in ac.targets_here(view, "bO")] == ["b"]
    assert [c.value for c in ac.weapons(view, "RIF")] == ["Rifle"]
    assert [c.value for c in ac.zones(view, "beach")] == ["4"]
    assert ac.living_students(view, "zzz") == []


def test_never_more_than_25_choices():
    crowd = {f"s{n:02d}": {"name": f"Student {n}", "zone": 1} for n in range(40)}
    state = make_state(crowd)
    view = br.view(state, "s00")
    assert len(ac.targets_here(view)) == 25 and len(ac.living_students(view)) == 25
    assert len(ac.run_routes(view)) == 25
    assert [c.name for c in ac.targets_here(view, "student 3")][:2] == ["Student 3: empty-handed", "Student 30: empty-handed"]
    assert all(len(c.name) <= 100 for c in ac.targets_here(view))


# --- routes --------------------------------------------------------------------------------------

def test_III_D_move_routes_go_one_or_two_steps_through_open_adjacent_zones():
    """From the Landing Strip with The Septagon closed: Beach, Field, then Beach → Cliffs, Field → Forest."""
    view = br.view(island(), "a")
    assert [(c.name, c.value) for c in ac.move_routes(view)] == [
        ("Beach", "4"), ("Field", "7"), ("Beach → Cliffs", "4 6"), ("Field → Forest", "7 3")]


def test_III_D_run_routes_go_up_to_five_steps_and_never_through_a_closed_zone():
    state = island()
    view = br.view(state, "a")
    found = ac.route_list(view, 5)
    assert max(len(r) for r in found) == 5 and all(5 not in r for r in found)
    assert all(r[0] in (4, 7) for r in found)
    typed = ac.run_routes(view, "crevasse")
    assert typed[0].name == "Beach → Cliffs → Crevasse"  # routes ending where you typed come first


def test_III_E_2_a_deactivated_collar_may_cross_a_closed_zone_but_never_end_in_it():
    state = island()
    state.students["a"].collar_deactivated = True
    found = ac.route_list(br.view(state, "a"), 2)
    assert [5, 2] in found and [5] not in found


def test_every_route_value_is_a_route_the_engine_accepts():
    """Values "4 6" split into the zone ids a Move or Run order takes, and validation accepts each one."""
    state = island()
    view = br.view(state, "a")
    for choice in ac.move_routes(view):
        assert valid(state, "a", movement={"kind": "move", "route": [int(z) for z in choice.value.split()]}) is None
    for route in ac.route_list(view, 5):
        assert valid(state, "a", movement={"kind": "run", "route": route, "drop": "a.rifle"}) is None, route


def test_every_other_value_is_one_the_engine_accepts():
    """Item values are keys ("Rifle"), mapped back through the player's own view as the order cogs do."""
    state = island()
    view = br.view(state, "a")
    mine = view["me"]["items"]

    def uid(value: str) -> str:
        return value if value == "unarmed" else item_keys.find(mine, value)  # type: ignore[return-value]
    for c in ac.weapons(view):
        assert valid(state, "a", action={"kind": "attack", "weapon": uid(c.value), "attempts": {"b": 1}}) is None
    for c in ac.targets_here(view):
        assert valid(state, "a", action={"kind": "analyze", "target": c.value}) is None
    for c in ac.targets_here(view, include_self=True):
        assert valid(state, "a", action={"kind": "heal", "target": c.value}) is None
    for c in ac.living_students(view):
        assert valid(state, "a", votes={"mark": c.value}) is None
    for c in ac.zones(view):
        assert valid(state, "a", votes={"close": int(c.value), "reward": int(c.value)}) is None
    for c in ac.adjacent_zones(view):
        assert valid(state, "a", action={"kind": "set_trap", "item": "a.land_mine", "to_zone": int(c.value)}) is None
    for c in ac.ground_items(view):
        ground = item_keys.find(view["ground"], c.value)
        assert valid(state, "a", free={"pick_up": [ground], "drop": ["a.rifle"]}) is None
    for c in ac.my_items(view):
        assert valid(state, "a", free={"drop": [uid(c.value)]}) is None or c.value == "Backpack"
    bo = state.students["b"]
    for c in ac.items_on(view, "b"):
        assert any(i.name == c.value and not i.concealed for i in bo.items)


def test_a_dead_student_has_no_targets_or_routes():
    view = br.view(island(), "d")
    assert ac.targets_here(view) == [] and ac.move_routes(view) == [] and ac.ground_items(view) == []
