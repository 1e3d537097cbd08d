"""What one student may know now: `registry.get("battle_royale").view(state, sid)` (= `view.student_view`).

The view is the only way game knowledge reaches a player outside the night reports (the /status reply,
autocomplete). Rulings "Targets and visibility": a student sees their own zone, Health and items, the
students in their zone with their visible items (concealed items, i.e. Switchblade, Poison Vial and
Backpack contents, show only to an Analyze), and what the handbook makes public (deaths, closures, marks).
"Nothing a student submits is ever shown to another student": no orders, no traps laid, no other zone's
occupants, no other student's Health, role, school or abilities unless an Analyze taught them (role,
school, concealed items: handbook III.C.8), and then only under `knowledge`.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from engine import registry
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.report import item_label
from engine.rulesets.battle_royale.state import C4, Mine
from engine.rulesets.battle_royale.view import public_view, student_view
from engine.simulate import play
from tests.battle_royale.helpers import add_item, make_state, orders, run_night

br = registry.get("battle_royale")

# Every key the view may hold, as a path ("here[].items" is the items list of each `here` entry).
PUBLIC_KEYS = {"day", "phase", "zones", "zones[].id", "zones[].name", "zones[].closed", "zones[].adjacent",
               "zones[].x", "zones[].y",
               "students", "students[].id", "students[].name", "students[].alive", "students[].escaped",
               "students[].marked", "students[].died_day", "winners", "end_reason"}
ME_KEYS = {"me", "me.id", "me.name", "me.role", "me.school", "me.zone", "me.hp", "me.max_hp", "me.alive",
           "me.escaped", "me.lover", "me.rival", "me.abilities", "me.rewards", "me.collar_deactivated",
           "me.capacity", "me.items", "me.items[].uid", "me.items[].kind", "me.items[].name", "me.items[].label",
           "me.items[].ammo", "me.items[].uses", "me.items[].stored", "me.items[].worn", "me.knowledge",
           "me.knowledge[].day", "me.knowledge[].target", "me.knowledge[].role", "me.knowledge[].school",
           "me.knowledge[].concealed", "me.schoolmates", "me.ability_choices", "me.abilities_allowed"}
ZONE_KEYS = {"here", "here[].id", "here[].name", "here[].items", "here[].carried", "here[].carried[].uid",
             "here[].carried[].name", "here[].carried[].label", "ground", "ground[].uid", "ground[].name"}
STUDENT_KEYS = PUBLIC_KEYS | ME_KEYS | ZONE_KEYS
# Keys that carry a student's secrets: allowed only for the viewer themself and under knowledge.
SECRET_KEYS = {"hp", "max_hp", "role", "school", "abilities", "rewards", "lover", "rival", "collar_deactivated",
               "concealed", "knowledge", "schoolmates", "capacity", "ability_choices", "zone"}


def key_paths(value: Any, prefix: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for key, sub in value.items():
            path = f"{prefix}.{key}" if prefix else key
            out.add(path)
            out |= key_paths(sub, path)
    elif isinstance(value, list):
        for sub in value:
            out |= key_paths(sub, f"{prefix}[]")
    return out


def as_json(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def without(view: dict, *keys: str) -> str:
    """The view's JSON without some top-level parts (or `me.<key>` parts)."""
    copy = json.loads(json.dumps(view))
    for key in keys:
        if key.startswith("me."):
            copy["me"].pop(key[3:], None)
        else:
            copy.pop(key, None)
    return as_json(copy)


def island_state(**settings):
    """A (Landing Strip) is a Dedicated Student of school 1 with a Rifle, Backpack (Knife inside) and
    Scavenger; B (same zone) a Lone Wolf of school 3, 7 HP, Predator, a Rival, with a Switchblade, a Poison
    Vial, a Backpack holding a Grenade, and a worn Headband; C (same zone) a Lover with a Fire Axe;
    Z (The Septagon, away) a schoolmate of A with a Sledgehammer; Y (Beach) a student of school 4 with a Uzi."""
    state = make_state({
        "a": {"zone": 1, "school": 1, "items": ["rifle", "backpack", "knife"], "stored": ["knife"],
              "abilities": ["scavenger"], "name": "Ann"},
        "b": {"zone": 1, "school": 3, "role": "lone_wolf", "hp": 7, "abilities": ["predator"], "rival": "y",
              "rewards": ["evasion_proficiency"], "name": "Bo",
              "items": ["switchblade", "poison_vial", "backpack", "grenade", "headband"], "stored": ["grenade"],
              "worn": ["headband"]},
        "c": {"zone": 1, "school": 2, "role": "lovers", "lover": "y", "abilities": ["heartbeat"], "name": "Cy",
              "items": ["fire_axe"]},
        "y": {"zone": 4, "school": 4, "role": "lovers", "lover": "c", "name": "Yan", "items": ["uzi"]},
        "z": {"zone": 5, "school": 1, "name": "Zed", "items": ["sledgehammer"]},
    }, **settings)
    return state


# --- The student's own record ---------------------------------------------------------------------

def test_rulings_view_is_the_rulesets_view_of_student_view():
    """The registry's `view` is `student_view`: the one path by which the engine answers a player."""
    state = island_state()
    assert br.view(state, "a") == student_view(state, "a")


def test_rulings_view_shows_own_full_record():
    """A student knows everything about themself: Health, role, school, zone, abilities, capacity, and
    every item with its ammunition, uses, Backpack and worn state (concealed ones included)."""
    state = island_state()
    add_item(state, state.students["a"], "deactivator")
    state.students["a"].hp = 6
    me = br.view(state, "a")["me"]
    assert (me["id"], me["name"], me["role"], me["school"], me["zone"]) == ("a", "Ann", "dedicated_student", 1, 1)
    assert (me["hp"], me["max_hp"], me["alive"], me["escaped"]) == (6, 10, True, False)
    assert me["abilities"] == ["scavenger"] and me["capacity"] == 3
    assert me["ability_choices"] == ["scavenger", "field_medic", "lookout"]
    items = {i["uid"]: i for i in me["items"]}
    assert list(items) == ["a.rifle", "a.backpack", "a.knife", "a.deactivator"]
    assert items["a.rifle"]["ammo"] == 8 and items["a.rifle"]["label"] == "Rifle (8 left)"
    assert items["a.knife"]["stored"] is True and items["a.knife"]["label"] == "Knife [in Backpack]"
    assert items["a.deactivator"]["uses"] == 2 and items["a.deactivator"]["label"] == "Deactivator (2 uses)"
    assert me["knowledge"] == []


def test_rulings_view_shows_own_concealed_items_and_worn_state_to_their_owner():
    """B sees their own Switchblade, Poison Vial and Backpack contents, which nobody else sees."""
    me = br.view(island_state(), "b")["me"]
    labels = [i["label"] for i in me["items"]]
    assert labels == ["Switchblade", "Poison Vial", "Backpack", "Grenade [in Backpack]", "Headband [worn]"]
    assert me["rival"] == "y" and me["rewards"] == ["evasion_proficiency"] and me["hp"] == 7


def test_rulings_view_ammo_follows_the_state_after_a_night():
    """The ammunition shown is the state's: two Rifle shots leave 6."""
    state = island_state()
    after, _ = run_night(state, {"a": orders(action={"kind": "attack", "weapon": "a.rifle", "attempts": {"b": 2}})},
                         seed=3)
    [rifle] = [i for i in br.view(after, "a")["me"]["items"] if i["uid"] == "a.rifle"]
    assert rifle["ammo"] == 6 and rifle["label"] == "Rifle (6 left)"


def test_rulings_view_lover_knows_their_lover():
    """The Lovers know each other (handbook II.A.2); the view gives the lover's id, nothing of their state."""
    view = br.view(island_state(), "c")
    assert view["me"]["lover"] == "y" and view["me"]["role"] == "lovers"
    assert view["me"]["ability_choices"] == ["devoted_guardian", "heartbeat", "kindred_spirit"]
    assert "y" not in [s["id"] for s in view["here"]] and "Uzi" not in as_json(view)


def test_rulings_view_schoolmates_when_known():
    """With `schoolmates_known` (default) a student learns their schoolmates on Day 0, wherever they are."""
    state = island_state()
    assert br.view(state, "a")["me"]["schoolmates"] == ["z"]
    assert br.view(state, "z")["me"]["schoolmates"] == ["a"]
    assert br.view(state, "b")["me"]["schoolmates"] == []
    state.students["z"].alive = False
    state.students["z"].died_day = 1
    assert br.view(state, "a")["me"]["schoolmates"] == ["z"]


def test_rulings_view_no_schoolmates_when_setting_off():
    """With `schoolmates_known` off nobody is named as a schoolmate."""
    state = island_state(schoolmates_known=False)
    for sid in state.students:
        assert br.view(state, sid)["me"]["schoolmates"] == []


def test_rulings_view_schoolmates_after_a_real_day0():
    """After a real sign-up and Day 0 the schoolmates listed are exactly those the school split made."""
    from engine.rng import RecordingRng
    from engine.ruleset import SignUp
    roster = [SignUp(seat=f"p{i}", name=f"P{i}") for i in range(8)]
    state = br.new_game(roster, br.parse_settings({}), RecordingRng(4)).state
    state = br.resolve(state, {}, RecordingRng(5)).state
    for sid, student in state.students.items():
        expected = sorted(o for o, s in state.students.items() if s.school == student.school and o != sid)
        assert br.view(state, sid)["me"]["schoolmates"] == expected


# --- Knowledge from Analyze (III.C.8) --------------------------------------------------------------

def test_III_C_8_view_keeps_what_an_analyze_taught_under_knowledge_only():
    """After A Analyzes B, A's view holds B's role, school and concealed items under `knowledge`, and still
    only B's visible items under `here`; C, who was in the zone too, learns nothing."""
    state = island_state()
    after, _ = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"})}, seed=2)
    view = br.view(after, "a")
    [known] = view["me"]["knowledge"]
    assert (known["target"], known["role"], known["school"], known["day"]) == ("b", "lone_wolf", 3, 1)
    assert sorted(known["concealed"]) == ["Grenade", "Poison Vial", "Switchblade"]
    [b] = [s for s in view["here"] if s["id"] == "b"]
    assert b["items"] == ["Backpack", "Headband [worn]"]
    rest = without(view, "me.knowledge")
    for secret in ("lone_wolf", "Switchblade", "Poison Vial", "Grenade"):
        assert secret not in rest, secret
    other = as_json(br.view(after, "c"))
    for secret in ("lone_wolf", "Switchblade", "Poison Vial", "Grenade"):
        assert secret not in other, secret


def test_III_C_8_knowledge_outlives_the_meeting():
    """What an Analyze taught stays in the view after the two students part."""
    state = island_state()
    after, _ = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"}),
                                 "b": orders(movement={"kind": "move", "route": [4]})}, seed=2)
    view = br.view(after, "a")
    assert [k["target"] for k in view["me"]["knowledge"]] == ["b"]
    assert "b" not in [s["id"] for s in view["here"]]


# --- The zone: students and visible items ----------------------------------------------------------

def test_rulings_view_lists_zone_mates_with_visible_items_only():
    """The view lists the other students in the viewer's zone, each with their visible items (worn state
    shown, ammunition not), and nobody from another zone."""
    view = br.view(island_state(), "a")
    assert [{k: v for k, v in s.items() if k != "carried"} for s in view["here"]] == [
        {"id": "b", "name": "Bo", "items": ["Backpack", "Headband [worn]"]}, {"id": "c", "name": "Cy", "items": ["Fire Axe"]}]
    assert [[(c["name"], c["label"]) for c in s["carried"]] for s in view["here"]] == [
        [("Backpack", "Backpack"), ("Headband", "Headband [worn]")], [("Fire Axe", "Fire Axe")]]
    assert br.view(island_state(), "z")["here"] == []
    assert [s["id"] for s in br.view(island_state(), "b")["here"]] == ["a", "c"]
    [a] = [s for s in br.view(island_state(), "b")["here"] if s["id"] == "a"]
    assert a["items"] == ["Rifle", "Backpack"]  # no "(8 left)", no stored Knife


@pytest.mark.parametrize("kind", ["switchblade", "poison_vial"])
def test_rulings_view_never_shows_a_carried_concealed_item(kind):
    """A Switchblade or a Poison Vial carried openly is still concealed: neither its name nor its uid
    appears anywhere in a zone-mate's view, even as B's only item."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "items": [kind]}})
    view = br.view(state, "a")
    assert view["here"] == [{"id": "b", "name": "B", "items": [], "carried": []}]
    text = as_json(view)
    assert catalog.item(kind).name not in text and f"b.{kind}" not in text
    assert catalog.item(kind).name in as_json(br.view(state, "b"))


@pytest.mark.parametrize("kind", sorted(set(catalog.item_pool()) - {"backpack"}))
def test_rulings_view_never_shows_backpack_contents_of_another_student(kind):
    """Backpack contents are concealed: whatever B stores, A sees only the Backpack, never the stored
    item's name or uid; B sees it, marked [in Backpack]."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "items": ["backpack"]}})
    uid = add_item(state, state.students["b"], kind, stored=True)
    view = br.view(state, "a")
    assert [{k: v for k, v in s.items() if k != "carried"} for s in view["here"]] == [
        {"id": "b", "name": "B", "items": ["Backpack"]}]
    assert [c["name"] for c in view["here"][0]["carried"]] == ["Backpack"]
    text = as_json(view)
    assert catalog.item(kind).name not in text and uid not in text
    own = br.view(state, "b")["me"]["items"]
    assert [i["label"] for i in own if i["uid"] == uid] == [item_label(state.students["b"].item(uid))]
    assert "[in Backpack]" in own[1]["label"]


def test_rulings_view_shows_items_on_the_ground_of_own_zone_only():
    """Items lying on the ground of the viewer's zone are listed with their uids (to pick up); the ground
    of other zones and the hidden items of any zone (own included) are not."""
    state = island_state()
    here_item = state.new_item("baseball_bat")
    state.zones[1].ground.append(here_item)
    away = state.new_item("metal_pipe")
    state.zones[5].ground.append(away)
    hidden_here = state.new_item("crossbow")
    state.zones[1].hidden.append(hidden_here)
    hidden_away = state.new_item("shotgun")
    state.zones[5].hidden.append(hidden_away)
    view = br.view(state, "a")
    assert view["ground"] == [{"uid": here_item.uid, "name": "Baseball Bat"}]
    text = as_json(view)
    for item in (away, hidden_here, hidden_away):
        assert item.name not in text and f'"{item.uid}"' not in text, item.name
    zed = br.view(state, "z")
    assert zed["ground"] == [{"uid": away.uid, "name": "Metal Pipe"}]
    assert "Shotgun" not in as_json(zed) and "Baseball Bat" not in as_json(zed)


def test_rulings_view_never_shows_traps_laid_in_the_zone():
    """A Land Mine or C-4 another student set (a Set Trap order) is not shown, not even its uid or day."""
    state = island_state()
    state.zones[1].mines.append(Mine(uid="secret-mine", setter="b", zone=1, to_zone=4))
    state.zones[1].charges.append(C4(uid="secret-c4", setter="c", zone=1, day=5))
    text = as_json(br.view(state, "a"))
    assert "secret-mine" not in text and "secret-c4" not in text
    assert "mines" not in text and "charges" not in text and "setter" not in text


# --- Never: others' secrets ----------------------------------------------------------------------

def test_rulings_view_never_leaks_another_students_secrets():
    """Serialized, A's view contains no secret of another student: not B's role ("lone_wolf"), ability
    (predator), Rival reward or concealed items (names or uids), not C's lover or ability, not the items
    of students in other zones (Sledgehammer, Uzi), and neither Z nor Y as an occupant of A's zone."""
    view = br.view(island_state(), "a")
    text = as_json(view)
    for secret in ("lone_wolf", "lovers", "predator", "evasion_proficiency", "heartbeat", "Switchblade",
                   "b.switchblade", "Poison Vial", "b.poison_vial", "Grenade", "b.grenade", "Sledgehammer", "z.sledgehammer",
                   "Uzi", "y.uzi"):
        assert secret not in text, secret
    assert [s["id"] for s in view["here"]] == ["b", "c"]
    assert "rival" not in without(view, "me") and "lover" not in without(view, "me")


def test_rulings_view_secret_keys_only_for_the_viewer():
    """Health, role, school, abilities, zone, lover and rival appear only in the viewer's own record (and
    role and school under what an Analyze taught); every key of the view is one of the known ones."""
    state = island_state()
    after, _ = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"})}, seed=2)
    for sid in after.students:
        view = br.view(after, sid)
        paths = key_paths(view)
        assert paths <= STUDENT_KEYS, paths - STUDENT_KEYS
        for path in paths:
            leaf = path.rsplit(".", 1)[-1]
            if leaf in SECRET_KEYS:
                assert path.startswith("me."), path


def test_rulings_view_never_contains_orders():
    """Orders are never part of the state or the view: after a night of attacks, moves and votes, no
    order word (action, movement, votes, attempts, target, route) is a key of anyone's view."""
    state = island_state()
    after, _ = run_night(state, {
        "a": orders(action={"kind": "attack", "weapon": "a.rifle", "attempts": {"b": 1}}, votes={"mark": "c", "close": 6}),
        "b": orders(action={"kind": "search"}, movement={"kind": "move", "route": [4]}),
        "c": orders(action={"kind": "cover", "target": "b"}, votes={"reward": 5}),
    }, seed=4)
    for sid in after.students:
        leaves = {p.rsplit(".", 1)[-1].removesuffix("[]") for p in key_paths(br.view(after, sid))}
        assert not leaves & {"orders", "action", "movement", "votes", "attempts", "route", "free", "track", "mark"}


# --- Public facts --------------------------------------------------------------------------------

def test_rulings_view_public_facts_alive_dead_escaped_marks_closures_map():
    """Everyone sees who is alive, dead (and the day they died) or escaped, who is marked, which zones are
    closed, and the map: its adjacency and where each zone is drawn."""
    state = island_state()
    state.students["b"].marked = True
    state.students["y"].alive, state.students["y"].died_day = False, 1
    state.students["z"].escaped = True
    state.zones[6].closed = True
    view = br.view(state, "c")
    students = {s["id"]: s for s in view["students"]}
    assert [s["id"] for s in view["students"]] == ["a", "b", "c", "y", "z"]
    assert students["b"]["marked"] is True and students["a"]["marked"] is False
    assert (students["y"]["alive"], students["y"]["died_day"]) == (False, 1)
    assert (students["z"]["alive"], students["z"]["escaped"]) == (True, True)
    assert [z["id"] for z in view["zones"] if z["closed"]] == [6]
    assert {z["id"]: z["adjacent"] for z in view["zones"]} == {
        1: [4, 5, 7], 2: [3, 5, 6], 3: [2, 5, 7], 4: [1, 6], 5: [1, 2, 3, 7], 6: [2, 4], 7: [1, 3, 5]}
    assert [z["name"] for z in view["zones"]][:2] == ["Landing Strip", "Crevasse"]
    assert {z["id"]: (z["x"], z["y"]) for z in view["zones"]} == state.island.layout()  # where /map draws them
    assert (view["day"], view["phase"], view["winners"], view["end_reason"]) == (1, "night", [], None)
    assert all(set(s) == {"id", "name", "alive", "escaped", "marked", "died_day"} for s in view["students"])


def test_rulings_view_public_part_is_the_same_for_everyone():
    """The public part of the view does not depend on who asks."""
    state = island_state()
    public = public_view(state)
    for sid in list(state.students) + ["nobody"]:
        view = br.view(state, sid)
        assert {k: view[k] for k in public} == public


def test_rulings_unknown_player_gets_only_the_public_view():
    """Someone not in the game (a spectator, a reserve) gets the public facts and nothing else."""
    state = island_state()
    view = br.view(state, "stranger")
    assert view == public_view(state)
    assert not {"me", "here", "ground"} & set(view)
    assert "Switchblade" not in as_json(view) and "Rifle" not in as_json(view)


@pytest.mark.parametrize("how", ["dead", "escaped"])
def test_rulings_dead_or_escaped_student_sees_no_zone(how):
    """A dead or escaped student is off the island: their view lists nobody and nothing on the ground of
    the zone they left, though their own record remains."""
    state = island_state()
    state.zones[1].ground.append(state.new_item("baseball_bat"))
    if how == "dead":
        state.students["a"].alive, state.students["a"].died_day, state.students["a"].hp = False, 1, 0
    else:
        state.students["a"].escaped = True
    view = br.view(state, "a")
    assert not view.get("here") and not view.get("ground")
    assert view["me"]["alive"] is (how == "escaped") and view["me"]["escaped"] is (how == "escaped")
    text = as_json(view)
    assert "Bo" in text  # the public list of students
    assert "Baseball Bat" not in text and "Fire Axe" not in text and "Headband" not in text


def test_rulings_dead_students_are_not_listed_as_zone_mates():
    """A student who died (or escaped) in the viewer's zone is no longer listed there, nor are their items."""
    state = island_state()
    state.students["b"].alive, state.students["b"].died_day = False, 1
    state.students["c"].escaped = True
    view = br.view(state, "a")
    assert view["here"] == []
    assert "Headband" not in as_json(view) and "Fire Axe" not in as_json(view)


# --- A whole game: the view follows the rules at every step -------------------------------------------

@pytest.mark.parametrize("seed", [3, 11])
def test_rulings_view_invariants_over_a_whole_game(seed):
    """In a simulated 12-player game, after every resolution, for every student: `here` is exactly the
    other students active in their zone, each with exactly their non-concealed items; `ground` is exactly
    their zone's ground; every key is a known one and every secret key is in their own record."""
    for state, _ in play(12, seed):
        for sid, me in state.students.items():
            view = br.view(state, sid)
            paths = key_paths(view)
            assert paths <= STUDENT_KEYS, paths - STUDENT_KEYS
            assert all(p.startswith("me.") for p in paths if p.rsplit(".", 1)[-1] in SECRET_KEYS)
            if not me.active or me.zone is None:
                assert not view["here"] and not view["ground"]
                continue
            mates = [s for s in state.students.values() if s.active and s.zone == me.zone and s.id != sid]
            assert [s["id"] for s in view["here"]] == [s.id for s in mates]
            for shown, student in zip(view["here"], mates):
                assert shown["items"] == [item_label(i, own=False) for i in student.items if not i.concealed]
                assert [c["uid"] for c in shown["carried"]] == [i.uid for i in student.items if not i.concealed]
            assert [g["uid"] for g in view["ground"]] == [i.uid for i in state.zones[me.zone].ground]
            text = as_json(view)
            for other in state.students.values():
                if other.id == sid:
                    continue
                for item in other.items:
                    if item.concealed:
                        assert f'"{item.uid}"' not in text, (sid, item.uid)
