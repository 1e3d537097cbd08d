"""The private night report: zone-mates and their visible items, never a concealed item of another
student, nothing from other zones except through Binoculars or a Tracking Unit
(rulings "Targets and visibility"; handbook V.A.8, V.D.1, V.F.1, V.F.2, V.F.5).
"""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.helpers import add_item, attack, make_state, orders, run_night

CONCEALED_NAMES = {"Switchblade", "Poison Vial"}


def report(events, sid):
    [event] = [e for e in events if e.kind == "night_report" and e.visible_to(sid)]
    return event


def seen_by(events, sid):
    """Everything a student is shown tonight, as one text."""
    return "\n".join(e.text for e in events if e.visible_to(sid))


def test_rulings_report_is_private_and_lists_zone_mates_with_visible_items():
    """Each student's report goes to them alone and lists the students in their zone with their visible items."""
    state = make_state({"a": {"zone": 1, "items": ["rifle"]}, "b": {"zone": 1, "school": 2, "items": ["fire_axe", "camouflage"]},
                        "c": {"zone": 5, "school": 3, "items": ["knife"]}})
    _, events = run_night(state)
    mine = report(events, "a")
    assert mine.audience.ids == ["a"]
    assert mine.data["others"] == ["b"]
    assert "Also in Landing Strip: B (Fire Axe and Camouflage)." in mine.text
    assert "You carry: Rifle (8 left)." in mine.text and "10/10 Health" in mine.text
    assert "C" not in mine.text.replace("Camouflage", "") and "Knife" not in mine.text
    assert "Also in The Septagon: nobody." in report(events, "c").text


def test_rulings_report_reflects_positions_after_movement():
    """The report is made after movement: a student who walked in is listed, one who walked out is not."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2}, "c": {"zone": 5, "school": 3}})
    _, events = run_night(state, {"b": orders(movement={"kind": "move", "route": [4]}),
                                  "c": orders(movement={"kind": "move", "route": [1]})})
    assert report(events, "a").data["others"] == ["c"]
    assert report(events, "b").data["others"] == []


@pytest.mark.parametrize("kind", sorted(catalog.item_pool()))
def test_rulings_report_never_names_concealed_item_of_another_student(kind):
    """Concealed items (Switchblade, Poison Vial, Backpack contents) are not shown to others: whatever item
    B keeps in a Backpack, next to a Switchblade and a Poison Vial, A (holding nothing) never sees its name."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "items": ["switchblade", "poison_vial", "backpack"]}})
    add_item(state, state.students["b"], kind, stored=True)
    hidden = CONCEALED_NAMES | {catalog.item(kind).name}
    _, events = run_night(state, {"b": orders(action={"kind": "defend"})}, seed=5)
    shown = seen_by(events, "a")
    for name in hidden - {"Backpack"}:
        assert name not in shown, name
    assert "B (Backpack)" in report(events, "a").text
    own = report(events, "b").text
    assert all(name in own for name in hidden)
    assert "[in Backpack]" in own


def test_rulings_report_shows_worn_and_visible_items_but_hides_switchblade():
    """A Switchblade is always concealed, even when it is B's only weapon; visible items still show."""
    state = make_state({"a": {"zone": 3}, "b": {"zone": 3, "school": 2, "items": ["switchblade", "headband"],
                                                "worn": ["headband"]}})
    _, events = run_night(state)
    text = report(events, "a").text
    assert "B (Headband [worn])" in text and "Switchblade" not in text


def test_rulings_report_names_nobody_from_another_zone_without_binoculars_or_tracking():
    """Without Binoculars or a Tracking Unit a report says nothing about other zones."""
    state = make_state({"a": {"zone": 1}, "z": {"zone": 5, "school": 2, "name": "Zed"},
                        "y": {"zone": 4, "school": 3, "name": "Yan"}})
    _, events = run_night(state)
    event = report(events, "a")
    assert "Zed" not in event.text and "Yan" not in event.text
    assert "adjacent" not in event.data


def test_V_F_2_binoculars_list_students_in_adjacent_zones():
    """Binoculars show the students in the zones adjacent to yours (and only those), with the nightly results."""
    state = make_state({"a": {"zone": 1, "items": ["binoculars"]},
                        "b": {"zone": 4, "school": 2, "name": "Quill", "items": ["rifle"]},
                        "c": {"zone": 5, "school": 3, "name": "Cid"},
                        "d": {"zone": 2, "school": 4, "name": "Dov"}})
    _, events = run_night(state, {"d": orders(movement={"kind": "move", "route": [6]})})
    event = report(events, "a")
    assert event.data["adjacent"] == {4: ["b"], 5: ["c"], 7: []}
    assert "Through your Binoculars: Beach: Quill; The Septagon: Cid; Field: nobody." in event.text
    assert "Dov" not in event.text and "Rifle" not in event.text


def test_V_F_2_binoculars_in_backpack_show_nothing():
    """Items stored in a Backpack cannot be used: stored Binoculars show nothing."""
    state = make_state({"a": {"zone": 1, "items": ["backpack", "binoculars"], "stored": ["binoculars"]},
                        "b": {"zone": 4, "school": 2, "name": "Quill"}})
    _, events = run_night(state)
    assert "Quill" not in report(events, "a").text


def tracked_state():
    return make_state({"a": {"zone": 1, "items": ["tracking_unit"]}, "b": {"zone": 2, "school": 2, "name": "Quill"},
                       "c": {"zone": 2, "school": 3}, "d": {"zone": 7, "school": 4}})


def test_V_F_5_tracking_unit_counts_heads_per_zone_by_default():
    """The Tracking Unit tells, by default, how many students are in each zone."""
    _, events = run_night(tracked_state())
    text = report(events, "a").text
    assert say("report_tracking_counts", counts="Landing Strip 1, Crevasse 2, Forest 0, Beach 0, The Septagon 0, "
               "Cliffs 0, Field 1") in text
    assert "Quill" not in text


def test_V_F_5_tracking_unit_locates_one_student_with_track_option():
    """With the `track` option the Tracking Unit gives one student's location (after movement) instead."""
    state = tracked_state()
    assert validate_orders(state, "b", orders(free={"track": "a"})) == say("track_no_unit")
    _, events = run_night(state, {"a": orders(free={"track": "b"}), "b": orders(movement={"kind": "move", "route": [6]})})
    text = report(events, "a").text
    assert say("report_tracking_one", target="Quill", zone_name="Cliffs") in text
    assert "Crevasse 2" not in text and "Tracking Unit: Landing" not in text


def test_rulings_analyze_result_is_not_shown_to_the_target_or_zone_mates():
    """What an Analyze reveals (concealed items) reaches the analyzer alone, not the target's zone-mates."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "items": ["poison_vial"]},
                        "c": {"zone": 1, "school": 3}})
    _, events = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"})})
    assert "Poison Vial" in seen_by(events, "a")
    assert "Poison Vial" not in seen_by(events, "c")
    assert "Analysis" not in seen_by(events, "b")


def test_rulings_dead_and_escaped_students_get_no_report_and_are_not_listed():
    """Only students still on the island are listed, and only they receive a report."""
    state = make_state({"a": {"zone": 4}, "b": {"zone": 4, "school": 2, "collar_deactivated": True},
                        "c": {"zone": 4, "school": 3, "hp": 1}, "d": {"zone": 5, "school": 4}})
    state.zones[5].closed = True
    _, events = run_night(state, {"b": orders(action={"kind": "use_item", "use": "escape"})})
    assert report(events, "a").data["others"] == ["c"]
    assert not [e for e in events if e.kind == "night_report" and (e.visible_to("b") or e.visible_to("d"))]


def test_rulings_report_lists_the_ground_by_name_never_by_item_id():
    """Targets and visibility: the report lists what lies on the ground of the zone by name, the second of a
    name as "Knife (2)" (as /pickup offers it), never the engine's item ids, which are numbered in the
    order items were made and would tell who started with an item or in which zone it was hidden."""
    state = make_state({"a": {"zone": 1}})
    ground = [state.new_item(kind) for kind in ("knife", "rifle", "knife")]
    state.zones[1].ground.extend(ground)
    _, events = run_night(state)
    text = report(events, "a").text
    assert say("report_ground", items="Knife, Rifle and Knife (2)") in text
    for item in ground:
        assert item.uid not in text


def test_rulings_refusal_of_an_item_one_does_not_carry_never_echoes_an_item_id():
    """An order naming someone else's item is refused without repeating the item's id."""
    state = make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2, "items": ["knife"]}})
    knife = state.students["b"].items[0]
    reason = validate_orders(state, "a", attack(knife.uid, b=1))
    assert reason == say("no_item") and knife.uid not in reason
