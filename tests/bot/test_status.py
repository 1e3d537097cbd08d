"""The /status embeds (rulings, "Targets and visibility"): a student's own full record, what their Analyzes
taught them, who and what they see in their zone; nothing more; within Discord's size limits."""
from __future__ import annotations

from engine import registry
from engine.rulesets.battle_royale.state import Knowledge
from bot.ui.status import status_embeds
from tests.battle_royale.helpers import make_state

br = registry.get("battle_royale")


def text(embeds) -> str:
    parts = []
    for e in embeds:
        parts += [e.title or "", e.description or ""] + [f"{f.name}: {f.value}" for f in e.fields]
        parts.append(e.footer.text or "")
    return "\n".join(parts)


def field(embeds, name: str) -> str:
    return next(f.value for e in embeds for f in e.fields if f.name == name)


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
    embeds = status_embeds(br.view(island(), "a"))
    assert embeds[0].title == "Ann, Day 1"
    assert embeds[0].description == "Day 1: you are alive in Landing Strip with 7/10 Health."
    assert field(embeds, "Health") == "7/10" and field(embeds, "Zone") == "1 Landing Strip"
    assert field(embeds, "Role") == "Lover" and field(embeds, "School") == "School 2"
    assert field(embeds, "Lover") == "Cy" and field(embeds, "Rival") == "Bo"
    assert field(embeds, "Abilities").startswith("**Heartbeat**: ")
    assert field(embeds, "Rewards").startswith("**Battle Proficiency**: +5% Hit Bonus")
    # Headband worn and Backpack contents do not count against the 3 carried (handbook V).
    assert field(embeds, "Inventory (3/3 carried)").split("\n") == [
        "Rifle (8 left)", "Backpack", "Knife [in Backpack]", "Headband [worn]", "Deactivator (2 uses)"]


def test_rulings_status_shows_who_is_here_with_visible_items_and_the_ground():
    embeds = status_embeds(br.view(island(), "a"))
    around = embeds[-1]
    assert around.title == "Around you: Landing Strip"
    assert field(embeds, "Students here") == "Bo: Fire Axe"
    assert field(embeds, "On the ground") == "Crossbow"
    assert field(embeds, "Closed zones") == "The Septagon"
    assert field(embeds, "Your schoolmates") == "Eve"


def test_rulings_status_never_shows_another_students_secrets():
    """Not Bo's Switchblade (concealed), Health or role; not where Cy (my Lover) or Eve are, nor Cy's Uzi."""
    shown = text(status_embeds(br.view(island(), "a")))
    for secret in ("Switchblade", "Lone Wolf", "4/10", "Uzi", "Beach", "Cliffs", "School 3", "School 1"):
        assert secret not in shown, secret


def test_III_C_8_status_shows_what_an_analyze_taught():
    state = island()
    state.students["a"].knowledge.append(Knowledge(day=1, target="b", role="lone_wolf", school=3, concealed=["Switchblade"]))
    embeds = status_embeds(br.view(state, "a"))
    assert field(embeds, "From your Analyzes") == "Bo (Analyze, Day 1): Lone Wolf, School 3; concealed items: Switchblade"


def test_status_when_my_lover_has_died_and_i_am_marked_with_a_deactivated_collar():
    state = island()
    state.students["c"].alive = False
    state.students["a"].marked = True
    state.students["a"].collar_deactivated = True
    embeds = status_embeds(br.view(state, "a"))
    assert field(embeds, "Lover") == "Cy (dead)"
    notes = field(embeds, "Notes")
    assert "You are marked" in notes and "collar is deactivated" in notes


def test_a_dead_student_still_sees_their_status_marked_dead():
    state = island()
    me = state.students["a"]
    me.alive, me.died_day, me.hp = False, 2, 0
    state.students["a"] = me
    state.day = 3
    embeds = status_embeds(br.view(state, "a"))
    assert embeds[0].description.startswith("You died on Day 2.")
    assert all(e.title != "Around you: Landing Strip" for e in embeds)
    assert "Bo: Fire Axe" not in text(embeds) and "Crossbow" not in text(embeds)


def test_an_escaped_student_is_told_so():
    state = island()
    state.students["a"].escaped = True
    embeds = status_embeds(br.view(state, "a"))
    assert embeds[0].description.startswith("You escaped the island")


def test_II_day0_status_before_placement_lists_the_abilities_to_choose():
    state = island()
    state.phase, state.day = "day0", 0
    me = state.students["a"]
    me.zone, me.abilities = None, []
    embeds = status_embeds(br.view(state, "a"))
    assert embeds[0].description.startswith("Day 0: choose your starting zone")
    assert field(embeds, "Zone") == "not placed yet (Day 0)"
    assert "**Devoted Guardian**" in field(embeds, "Abilities you can choose with /day0")


def test_when_the_game_is_over_status_names_the_winners():
    state = island()
    state.phase, state.winners = "over", ["a", "c"]
    assert "The game is over. Winners: Ann, Cy." in status_embeds(br.view(state, "a"))[0].description


def test_status_keeps_within_discords_limits_in_a_crowded_zone():
    """40 students in one zone, each with items: no field over 1024 characters, at most 25 fields an
    embed, at most 6000 characters in all, and everyone who fits is listed."""
    crowd = {f"s{n:02d}": {"name": f"A student with a long name {n:02d}", "zone": 1,
                           "items": ["rifle", "fire_axe", "headband"], "worn": ["headband"]} for n in range(40)}
    state = make_state(crowd)
    for _ in range(60):
        state.zones[1].ground.append(state.new_item("knife"))
    embeds = status_embeds(br.view(state, "s00"))
    assert sum(len(e) for e in embeds) <= 6000
    for e in embeds:
        assert len(e.fields) <= 25
        assert all(len(f.value) <= 1024 and len(f.name) <= 256 for f in e.fields)
    assert "A student with a long name 01: Rifle, Fire Axe, Headband [worn]" in text(embeds)
    assert field(embeds, "On the ground") == "Knife ×60"
    assert all(f"A student with a long name {n:02d}: Rifle" in text(embeds) for n in range(1, 40))
    assert text(embeds).count("A student with a long name") >= 2 * 39  # here, and again as schoolmates


def test_what_does_not_fit_in_6000_characters_gives_way_with_a_note():
    import discord

    from bot.ui.status import fit

    big = [discord.Embed(title=f"E{n}") for n in range(3)]
    for e in big:
        for i in range(5):
            e.add_field(name=f"F{i}", value="x" * 1000)
    fitted = fit(big)
    assert sum(len(e) for e in fitted) <= 6000
    assert fitted[-1].footer.text == "Some details did not fit here."
