"""The /status cards (rulings, "Targets and visibility"): a student's own full record, what their Analyzes
taught them, who and what they see in their zone; nothing more. (The bot keeps Discord's size limits when it
shows them: tests/bot/test_cards.py.)"""
from __future__ import annotations

from engine import registry
from engine.rulesets.battle_royale.state import Knowledge
from tests.battle_royale.helpers import make_state

br = registry.get("battle_royale")
front = registry.front("battle_royale")


def status_cards(view):
    return front.cards.status(view)


def value(f) -> str:
    """A field as the player reads it: its lines joined, or its `empty` text."""
    return f.sep.join(f.lines) if f.lines else (f.empty or "")


def text(cards) -> str:
    parts = []
    for c in cards:
        parts += [c.title, c.description] + [f"{f.name}: {value(f)}" for f in c.fields]
        parts.append(c.footer)
    return "\n".join(parts)


def field(cards, name: str) -> str:
    return next(value(f) for c in cards for f in c.fields if f.name == name)


def island():
    """Ann (Landing Strip) has 7 Health, a Rifle, a Backpack holding a Knife, a worn Headband, a Deactivator,
    Scavenger, Battle Proficiency, Lover Cy (on the Beach) and Rival Bo (here, with a hidden Switchblade and
    a Fire Axe, 4 Health). A Crossbow lies on the Landing Strip; The Septagon is closed."""
    state = make_state({
        "a": {"name": "Ann", "zone": 1, "hp": 7, "school": 2, "role": "lovers", "lover": "c", "rival": "b",
              "abilities": ["heartbeat"], "rewards": ["battle_proficiency"],
              "items": ["rifle", "backpack", "knife", "headband", "deactivator"], "stored": ["knife"], "worn": ["headband"]},
        "b": {"name": "Bo", "zone": 1, "hp": 4, "school": 3, "role": "lone_wolf", "items": ["switchblade", "fire_axe"]},
        "c": {"name": "Cy", "zone": 4, "school": 1, "role": "lovers", "lover": "a", "items": ["uzi"]},
        "e": {"name": "Eve", "zone": 6, "school": 2},
    })
    state.zones[1].ground.append(state.new_item("crossbow"))
    state.zones[5].closed = True
    return state


def test_II_and_V_status_shows_my_own_full_record():
    cards = status_cards(br.view(island(), "a"))
    assert cards[0].title == "Ann, Day 1"
    assert cards[0].description == "Day 1: you are alive in Landing Strip with 7/10 Health."
    assert field(cards, "Health") == "7/10" and field(cards, "Zone") == "1 Landing Strip"
    assert field(cards, "Role") == "Lover" and field(cards, "School") == "School 2"
    assert field(cards, "Lover") == "Cy" and field(cards, "Rival") == "Bo"
    assert field(cards, "Abilities").startswith("**Heartbeat**: ")
    assert field(cards, "Rewards").startswith("**Battle Proficiency**: +5% Hit Bonus")
    # Headband worn and Backpack contents do not count against the 3 carried (handbook V).
    assert field(cards, "Inventory (3/3 carried)").split("\n") == [
        "Rifle (8 left)", "Backpack", "Knife [in Backpack]", "Headband [worn]", "Deactivator (2 uses)"]


def test_rulings_status_shows_who_is_here_with_visible_items_and_the_ground():
    cards = status_cards(br.view(island(), "a"))
    around = cards[-1]
    assert around.title == "Around you: Landing Strip"
    assert field(cards, "Students here") == "Bo: Fire Axe"
    assert field(cards, "On the ground") == "Crossbow"
    assert field(cards, "Closed zones") == "The Septagon"
    assert field(cards, "Your schoolmates") == "Eve"


def test_rulings_status_never_shows_another_students_secrets():
    """Not Bo's Switchblade (concealed), Health or role; not where Cy (my Lover) or Eve are, nor Cy's Uzi."""
    shown = text(status_cards(br.view(island(), "a")))
    for secret in ("Switchblade", "Lone Wolf", "4/10", "Uzi", "Beach", "Cliffs", "School 3", "School 1"):
        assert secret not in shown, secret


def test_III_C_8_status_shows_what_an_analyze_taught():
    state = island()
    state.students["a"].knowledge.append(Knowledge(day=1, target="b", role="lone_wolf", school=3, concealed=["Switchblade"]))
    cards = status_cards(br.view(state, "a"))
    assert field(cards, "From your Analyzes") == "Bo (Analyze, Day 1): Lone Wolf, School 3; concealed items: Switchblade"


def test_status_when_my_lover_has_died_and_i_am_marked_with_a_deactivated_collar():
    state = island()
    state.students["c"].alive = False
    state.students["a"].marked = True
    state.students["a"].collar_deactivated = True
    cards = status_cards(br.view(state, "a"))
    assert field(cards, "Lover") == "Cy (dead)"
    notes = field(cards, "Notes")
    assert "You are marked" in notes and "collar is deactivated" in notes


def test_a_dead_student_still_sees_their_status_marked_dead():
    state = island()
    me = state.students["a"]
    me.alive, me.died_day, me.hp = False, 2, 0
    state.students["a"] = me
    state.day = 3
    cards = status_cards(br.view(state, "a"))
    assert cards[0].description.startswith("You died on Day 2.")
    assert all(e.title != "Around you: Landing Strip" for e in cards)
    assert "Bo: Fire Axe" not in text(cards) and "Crossbow" not in text(cards)


def test_an_escaped_student_is_told_so():
    state = island()
    state.students["a"].escaped = True
    cards = status_cards(br.view(state, "a"))
    assert cards[0].description.startswith("You escaped the island")


def test_II_day0_status_before_placement_lists_the_abilities_to_choose():
    state = island()
    state.phase, state.day = "day0", 0
    me = state.students["a"]
    me.zone, me.abilities = None, []
    cards = status_cards(br.view(state, "a"))
    assert cards[0].description.startswith("Day 0: choose your starting zone")
    assert field(cards, "Zone") == "not placed yet (Day 0)"
    assert "**Devoted Guardian**" in field(cards, "Abilities you can choose with /day0")


def test_when_the_game_is_over_status_names_the_winners():
    state = island()
    state.phase, state.winners = "over", ["a", "c"]
    assert "The game is over. Winners: Ann, Cy." in status_cards(br.view(state, "a"))[0].description


def test_status_colours_say_alive_dead_escaped_or_over_and_short_facts_sit_side_by_side():
    """Green alive, grey dead, blue escaped, gold when the game is over; Health, Zone, Role, School, Lover
    and Rival are short fields shown side by side, the lists below them full width."""
    state = island()
    cards = status_cards(br.view(state, "a"))
    assert [c.colour for c in cards] == ["green", "purple", "teal"]
    assert [f.name for f in cards[0].fields if f.inline] == ["Health", "Zone", "Role", "School", "Lover", "Rival"]
    assert not any(f.inline for c in cards[1:] for f in c.fields)
    state.students["a"].escaped = True
    assert status_cards(br.view(state, "a"))[0].colour == "blue"
    state.students["a"].escaped, state.students["a"].alive = False, False
    assert status_cards(br.view(state, "a"))[0].colour == "grey"
    state.phase = "over"
    assert status_cards(br.view(state, "a"))[0].colour == "gold"


def test_someone_without_a_seat_has_no_status_cards():
    assert status_cards(br.view(island(), "stranger")) == []
