"""The island: the default map and maps loaded from a file.

Rulings, "The island": the handbook's map image is lost, so the default adjacency (undirected) is the
rulings' table; "A moderator can load another map (zones, adjacency, per-zone modifiers) from a file."
A loaded map must then be the one the whole engine uses: order validation (routes, Land Mine paths,
start zones, votes), the zone modifiers of hit chances (handbook IV), the Forest-like "Melee before
Ranged" order (IV.C.3), the escape points (rulings, "Ending and winning"), and whole games. A broken
map file is refused with a clear error.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine import registry
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.orders import Day0Orders
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import validate_orders
from engine.simulate import play
from tests.battle_royale.combat_support import attempts, chances, idle
from tests.battle_royale.helpers import attack, make_state, orders, run_night
from tests.shared_rules import rulings_text

br = registry.get("battle_royale")
RULINGS = "battle-royale-rulings.md"  # in ../shared/rules (tests/shared_rules.py)
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "battle-royale.md"

# Four zones in a ring 1-2-4-3-1. Against the default map: 1-2, 3-4 and 1-3 are adjacent here and not
# there; 1-4 and 2-3 are adjacent there and not here.
HARBOR, THICKET, LAGOON, RIDGE = 1, 2, 3, 4
ATOLL = """\
name: Atoll
zones:
  - {id: 1, name: Harbor, modifiers: {ranged: 15, melee: -5}}
  - {id: 2, name: Thicket, modifiers: {ranged: -20}, melee_first: true}
  - {id: 3, name: Lagoon, modifiers: {explosive: 20}, escape: true}
  - {id: 4, name: Ridge}
adjacency:
  - [1, 2]
  - [2, 4]
  - [4, 3]
  - [3, 1]
"""


@pytest.fixture
def atoll(tmp_path) -> catalog.Island:
    path = tmp_path / "atoll.yaml"
    path.write_text(ATOLL, encoding="utf-8")
    return catalog.load_island(path)


def on(island: catalog.Island | None, students: dict, **settings) -> BRState:
    """make_state on the given map (None: the default island)."""
    if island is not None:
        settings["island"] = island
    return make_state(students, **settings)


def move(*route: int):
    return orders(movement={"kind": "move", "route": list(route)})


# --- The default map -----------------------------------------------------------------------------

def rulings_table() -> dict[int, list[int]]:
    text = rulings_text(RULINGS).split("## The island", 1)[1].split("##", 1)[0]
    rows = re.findall(r"^\| (\d) [^|]+\| ([^|]+) \|$", text, flags=re.M)
    return {int(z): sorted(int(n) for n in re.findall(r"(\d) ", adj + " ")) for z, adj in rows}


def test_rulings_island_default_adjacency_is_the_rulings_table_read_from_the_rulings_file():
    """Rulings, "The island": the default island's adjacency is exactly the rulings' table, read from the
    rulings file itself (not a copy of it), and undirected."""
    table = rulings_table()
    assert len(table) == 7
    island = catalog.load_island()
    assert {z: island.neighbours(z) for z in island.zone_ids()} == table
    for a in island.zone_ids():
        for b in island.zone_ids():
            assert island.adjacent(a, b) == island.adjacent(b, a) == (b in table[a])


def test_IV_rules_page_island_table_agrees_with_the_data():
    """The rules page's island table (our own rules document) gives each zone's real neighbours, escape
    points and modifiers."""
    island = catalog.default_island()
    section = DOC.read_text(encoding="utf-8").split("## The island", 1)[1].split("##", 1)[0]
    rows = re.findall(r"^\| (\d) ([^|]+) \| ([^|]+) \| ([\d, ]+) \|$", section, flags=re.M)
    assert [int(r[0]) for r in rows] == island.zone_ids()
    for zone_id, name, notes, adjacent in rows:
        zone = island.zone(int(zone_id))
        assert zone.name == name.strip()
        assert [int(n) for n in adjacent.split(",")] == island.neighbours(zone.id)
        assert ("escape point" in notes) is zone.escape
        assert ("Melee attacks go before Ranged" in notes) is zone.melee_first
        for cls, value in zone.modifiers.items():
            assert f"{cls.capitalize()} attacks {value:+d}%" in notes, (zone.name, cls)


def test_rulings_island_default_route_validation():
    """On the default map a Move follows the rulings' adjacency both ways: 1-4 and 2-3 are allowed,
    1-2 is not."""
    state = on(None, {"a": {"zone": 1}, "b": {"zone": 2, "school": 2}, "c": {"zone": 4, "school": 3}})
    assert validate_orders(state, "a", move(4)) is None
    assert validate_orders(state, "c", move(1)) is None
    assert validate_orders(state, "b", move(3)) is None
    assert validate_orders(state, "a", move(2)) == say("route_not_adjacent", from_name="Landing Strip", zone_name="Crevasse")
    assert validate_orders(state, "b", move(1)) == say("route_not_adjacent", from_name="Crevasse", zone_name="Landing Strip")


# --- Loading another map -------------------------------------------------------------------------

def test_rulings_island_map_loads_from_a_yaml_file(atoll):
    """A map file gives the zones, their names and modifiers, the Melee-first and escape flags, and the
    undirected adjacency."""
    assert atoll.name == "Atoll" and atoll.zone_ids() == [1, 2, 3, 4]
    assert {z: atoll.neighbours(z) for z in atoll.zone_ids()} == {1: [2, 3], 2: [1, 4], 3: [1, 4], 4: [2, 3]}
    assert atoll.zone(HARBOR).modifiers == {"ranged": 15, "melee": -5}
    assert [z.id for z in atoll.zones if z.melee_first] == [THICKET]
    assert [z.id for z in atoll.zones if z.escape] == [LAGOON]
    assert BRSettings(island=atoll).island == atoll


def test_rulings_island_map_loads_from_a_json_file(tmp_path, atoll):
    """The same map as JSON (what a moderator's export would be) loads the same."""
    path = tmp_path / "atoll.json"
    path.write_text(json.dumps(atoll.model_dump()), encoding="utf-8")
    assert catalog.load_island(path) == atoll


def test_rulings_island_settings_from_dict_and_state_round_trip(atoll):
    """The map passes through the settings as plain data (how a moderator's choice is stored) and survives
    the state's JSON round trip."""
    settings = br.parse_settings({"island": atoll.model_dump()})
    assert settings.island == atoll
    state = on(atoll, {"a": {"zone": LAGOON}})
    again = BRState.model_validate_json(state.model_dump_json())
    assert again.island == atoll and sorted(again.zones) == [1, 2, 3, 4]


# --- Validation on the loaded map ----------------------------------------------------------------

def test_rulings_island_loaded_map_adjacency_used_by_route_validation(atoll):
    """A route valid on the default map but not on the loaded one is refused, and the other way round."""
    spec = {"a": {"zone": HARBOR}, "b": {"zone": THICKET, "school": 2}, "c": {"zone": RIDGE, "school": 3}}
    state, default = on(atoll, spec), on(None, spec)
    # Harbor(1)-Ridge(4): adjacent on the default map (Landing Strip-Beach), not on the Atoll.
    assert validate_orders(default, "a", move(4)) is None
    assert validate_orders(state, "a", move(4)) == say("route_not_adjacent", from_name="Harbor", zone_name="Ridge")
    assert validate_orders(state, "c", move(1)) == say("route_not_adjacent", from_name="Ridge", zone_name="Harbor")
    # Thicket(2)-Lagoon(3): adjacent on the default map (Crevasse-Forest), not on the Atoll.
    assert validate_orders(default, "b", move(3)) is None
    assert validate_orders(state, "b", move(3)) == say("route_not_adjacent", from_name="Thicket", zone_name="Lagoon")
    # Harbor(1)-Thicket(2) and Ridge(4)-Lagoon(3): adjacent on the Atoll only.
    assert validate_orders(state, "a", move(2)) is None and validate_orders(state, "c", move(3)) is None
    assert validate_orders(default, "a", move(2)) is not None and validate_orders(default, "c", move(3)) is not None
    # Two steps round the ring; a Run may go all the way round and back.
    assert validate_orders(state, "a", move(2, 4)) is None
    assert validate_orders(state, "a", orders(movement={"kind": "run", "route": [3, 4, 2, 1, 3]})) is None
    assert validate_orders(state, "a", move(2, 3)) == say("route_not_adjacent", from_name="Thicket", zone_name="Lagoon")


def test_rulings_island_loaded_map_zones_only(atoll):
    """Zones of the default map that the loaded map lacks do not exist: a Move, a vote or a Day 0 start
    zone naming zone 5 is refused."""
    state = on(atoll, {"a": {"zone": HARBOR}, "b": {"zone": HARBOR, "school": 2}})
    assert validate_orders(state, "a", move(5)) == say("unknown_zone", zone=5)
    assert validate_orders(state, "a", orders(votes={"close": 7})) == say("unknown_zone", zone=7)
    assert validate_orders(state, "a", orders(votes={"reward": 5})) == say("unknown_zone", zone=5)
    assert validate_orders(state, "a", orders(votes={"close": RIDGE, "reward": LAGOON})) is None
    roster = [SignUp(seat=f"p{i}", name=f"P{i}") for i in range(6)]
    opening = br.new_game(roster, BRSettings(island=atoll), RecordingRng(2)).state
    assert sorted(opening.zones) == [1, 2, 3, 4]
    assert br.validate(opening, "p0", Day0Orders(start_zone=5)) == say("unknown_zone", zone=5)
    assert br.validate(opening, "p0", Day0Orders(start_zone=RIDGE)) is None
    day1 = br.resolve(opening, {"p0": Day0Orders(start_zone=RIDGE)}, RecordingRng(3)).state
    assert day1.students["p0"].zone == RIDGE
    assert {s.zone for s in day1.students.values()} <= {1, 2, 3, 4}


def test_rulings_island_loaded_map_land_mine_path_adjacency(atoll):
    """A Land Mine's path must lead to a zone adjacent on the loaded map."""
    state = on(atoll, {"a": {"zone": HARBOR, "items": ["land_mine"]}})
    assert validate_orders(state, "a", orders(action={"kind": "set_trap", "item": "a.land_mine", "to_zone": THICKET})) is None
    assert validate_orders(state, "a", orders(action={"kind": "set_trap", "item": "a.land_mine", "to_zone": RIDGE})) == say(
        "not_adjacent", zone_name="Ridge", from_name="Harbor")


def test_rulings_island_loaded_map_movement_resolves_on_it(atoll):
    """A Move along the loaded map's ring is carried out, and the night report names the loaded map's zones."""
    state = on(atoll, {"a": {"zone": HARBOR}, "b": {"zone": RIDGE, "school": 2}})
    after, events = run_night(state, {"a": move(THICKET, RIDGE)})
    assert after.students["a"].zone == RIDGE
    [report] = [e for e in events if e.kind == "night_report" and e.visible_to("a")]
    assert "you are in Ridge" in report.text and "Also in Ridge: B" in report.text


# --- Modifiers and order of attacks --------------------------------------------------------------

@pytest.mark.parametrize("zone, weapon, target_chance, default_chance", [
    (HARBOR, "rifle", 85, 70),      # ranged +15 (Landing Strip: none)
    (HARBOR, "knife", 55, 60),      # melee -5 (Landing Strip: none)
    (THICKET, "rifle", 50, 70),     # ranged -20 (Crevasse: melee only)
    (THICKET, "fire_axe", 60, 65),  # none (Crevasse: melee +5)
    (LAGOON, "grenade", 90, 70),    # explosive +20 (Forest: none for explosives)
    (LAGOON, "rifle", 70, 60),      # none (Forest: ranged -10)
    (RIDGE, "rifle", 70, 80),       # none (Beach: ranged +10)
])
def test_IV_loaded_map_zone_modifiers_apply_to_hit_chances(atoll, zone, weapon, target_chance, default_chance):
    """Handbook IV's per-zone modifiers come from the loaded map: the "(NN% chance)" of each attempt is
    the weapon's base plus the loaded zone's modifier for its class, not the default zone's."""
    spec = {"a": {"zone": zone, "items": [weapon]}, "b": {"zone": zone, "school": 2, "hp": 100, "max_hp": 100}}
    night = {"a": attack(f"a.{weapon}", b=1), "b": idle()}
    _, events = run_night(on(atoll, spec), night)
    assert chances(events, "a", "b") == {target_chance}
    _, events = run_night(on(None, spec), night)
    assert chances(events, "a", "b") == {default_chance}


def attack_order(island, zone: int) -> list[str]:
    spec = {"k": {"zone": zone, "items": ["fire_axe"]}, "r": {"zone": zone, "school": 2, "items": ["rifle"]},
            "g": {"zone": zone, "school": 3, "items": ["grenade"]},
            "d": {"zone": zone, "school": 4, "hp": 100, "max_hp": 100}}
    night = {"k": attack("k.fire_axe", d=1), "r": attack("r.rifle", d=1), "g": attack("g.grenade", d=1), "d": idle()}
    _, events = run_night(on(island, spec), night)
    return [a.attacker for a in attempts(events)]


def test_IV_C_3_loaded_map_melee_first_zone(atoll):
    """IV.C.3 "Melee Attacks go before Ranged attacks in this area" follows the loaded map's flag: in the
    Thicket (melee_first) the axe strikes before the Rifle fires; zone 3 (the Forest on the default map,
    melee first there) is the Lagoon here, where the Rifle fires first. Explosives are always last."""
    assert attack_order(atoll, THICKET) == ["k", "r", "g"]
    assert attack_order(atoll, LAGOON) == ["r", "k", "g"]
    assert attack_order(None, 3) == ["k", "r", "g"]
    assert attack_order(None, THICKET) == ["r", "k", "g"]


# --- Escape --------------------------------------------------------------------------------------

def test_rulings_escape_only_from_the_loaded_maps_escape_zone(atoll):
    """Rulings, "Ending and winning": escape needs a deactivated collar and an escape zone; on a loaded map
    the escape zones are its own (the Lagoon), not the default Beach and Landing Strip (zones 4 and 1)."""
    spec = {"h": {"zone": HARBOR, "collar_deactivated": True}, "l": {"zone": LAGOON, "collar_deactivated": True},
            "r": {"zone": RIDGE, "collar_deactivated": True}, "x": {"zone": THICKET, "school": 2},
            "y": {"zone": THICKET, "school": 3}}
    escape = orders(action={"kind": "use_item", "use": "escape"})
    state = on(atoll, spec)
    assert validate_orders(state, "l", escape) is None
    assert validate_orders(state, "h", escape) == say("escape_wrong_zone", zones="Lagoon")
    assert validate_orders(state, "r", escape) == say("escape_wrong_zone", zones="Lagoon")
    after, _ = run_night(state, {sid: escape for sid in ("h", "l", "r")})
    assert [sid for sid, s in after.students.items() if s.escaped] == ["l"]
    default = on(None, spec)
    assert validate_orders(default, "h", escape) is None and validate_orders(default, "r", escape) is None
    assert validate_orders(default, "l", escape) == say("escape_wrong_zone", zones="Landing Strip or Beach")


# --- Whole games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(8, 1), (8, 2), (12, 3), (20, 4), (20, 5)])
def test_rulings_island_whole_game_on_a_loaded_map(atoll, players, seed):
    """A whole simulated game runs to its end on the loaded map, passed as plain settings: every student is
    only ever in one of its zones, closures never leave fewer than 2 of its 4 zones open, and it ends."""
    settings = {"island": atoll.model_dump()}
    states = []
    for state, _ in play(players, seed, settings=settings):
        assert state.island == atoll
        assert sorted(state.zones) == [1, 2, 3, 4]
        assert {s.zone for s in state.students.values() if s.zone is not None} <= {1, 2, 3, 4}
        assert len(state.open_zones()) >= 2
        states.append(state)
    final = states[-1]
    assert final.phase == "over" and final.end_reason
    assert len(states) <= 2 + final.settings.days


# --- Broken maps ---------------------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("  - [3, 1]", "  - [3, 9]"), "adjacency 3-9 names an unknown zone"),
    (lambda t: t.replace("{id: 4, name: Ridge}", "{id: 3, name: Ridge}"), "zone ids must be unique"),
    (lambda t: t.replace("  - [2, 4]", "  - [2, 2]"), "adjacency 2-2 names an unknown zone or joins a zone to itself"),
    (lambda t: t.replace("modifiers: {explosive: 20}", "modifiers: {explosives: 20}"), "explosives"),
    (lambda t: t.replace("adjacency:", "adjacency_list:"), "adjacency"),
])
def test_rulings_island_broken_map_file_refused_with_clear_error(tmp_path, change, message):
    """A map file that names an unknown zone in its adjacency, repeats a zone id, joins a zone to itself,
    names an unknown attack class or lacks its adjacency is refused with a validation error saying so."""
    path = tmp_path / "broken.yaml"
    broken = change(ATOLL)
    assert broken != ATOLL
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(ValidationError) as caught:
        catalog.load_island(path)
    assert message in str(caught.value)


def test_rulings_island_map_without_zones_refused(tmp_path):
    """A map with no zone at all cannot be played (nobody could be placed on Day 0): it is refused."""
    path = tmp_path / "empty.yaml"
    path.write_text("name: Nowhere\nzones: []\nadjacency: []\n", encoding="utf-8")
    with pytest.raises(ValidationError, match="an island needs at least one zone"):
        catalog.load_island(path)


def test_rulings_island_broken_map_refused_in_settings(atoll):
    """The same checks hold when the map comes through the settings as plain data."""
    data = atoll.model_dump()
    data["adjacency"] = [*data["adjacency"], (4, 8)]
    with pytest.raises(ValidationError, match="adjacency 4-8 names an unknown zone"):
        br.parse_settings({"island": data})


def test_rulings_island_a_zone_without_neighbours_does_not_break_computer_players():
    """A loaded map may have a zone nobody can leave; computer players then never lay a Land Mine there
    (it needs an adjacent zone) and the game still runs to its end."""
    from engine.rulesets.battle_royale.catalog import Island
    from engine.simulate import play

    island = Island(name="Rock", zones=[{"id": 1, "name": "Rock"}], adjacency=[])
    for seed in (4, 5, 6):
        final = list(play(6, seed, settings={"island": island.model_dump(), "min_open_zones": 1}))[-1][0]
        assert final.phase == "over"
