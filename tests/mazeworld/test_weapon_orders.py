"""Mazeworld's front for the weapon rules (docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns,
ammunition"): `/attack accessory:`, `/reload ammo:` and `accessory:`, `/plant`, `/detonate` and `/cover then:`
become orders the engine accepts; their choosers come from the actor's own sheet; orders read in words."""

from __future__ import annotations

from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import fight
from tests.mazeworld.test_front import accepted, asked

ARMS = {
    "weapons": [
        {"name": "M4A1 carbine", "loaded": 30, "spare": 30, "mounts": {"M203": {"loaded": 0, "spare": 2}}},
        {"name": "Beretta M9", "loaded": 15, "spare": 30, "spares": {"AP": 10}},
        {"name": "C4 charge", "loaded": 2},
    ],
    "wielded": "M4A1 carbine",
}


def test_attack_accessory_becomes_the_order_and_reads_in_words():
    """Step 2: the announced accessory reaches the order; the summary says it."""
    state = fight(sheet=ARMS)
    state.creature("s1").weapon("M4A1 carbine").mounts["M203"].loaded = 1
    orders = accepted(state, "attack", target="Wolf A", accessory="M203")
    assert orders["action"]["accessory"] == "M203"
    change = FRONT.orders.apply(asked(state, "attack", target="Wolf A", accessory="M203"))
    assert change.summary == ["Attack Wolf A with the weapon in hand, 1 round(s), unaimed, using M203."]


def test_attack_absent_accessory_refused_by_the_engine():
    """Rulings "Attack rolls", Refused: an absent accessory, with the mounted ones named."""
    state = fight(sheet={**ARMS, "wielded": "Beretta M9"})
    change = FRONT.orders.apply(asked(state, "attack", target="wolf_a", accessory="Bipod"))
    reason = RULESET.validate(state, "s1", RULESET.parse_orders(change.orders))
    assert reason == "Beretta M9 has no Bipod mounted (mounted: none)."


def test_reload_ammo_and_attached_weapon():
    """`/reload ammo:` names a type; `/reload accessory:` the attached weapon."""
    state = fight(sheet=ARMS)
    state.creature("s1").wielded = "Beretta M9"
    orders = accepted(state, "reload", ammo="AP")
    assert orders["action"] == {"do": "reload", "weapon": None, "ammo": "AP"}
    assert FRONT.orders.apply(asked(state, "reload", ammo="AP")).summary == ["Reload the weapon in hand with AP."]
    orders = accepted(state, "reload", weapon="M4A1 carbine", accessory="M203")
    assert orders["action"] == {"do": "reload", "weapon": "M4A1 carbine", "accessory": "M203"}


def test_plant_detonate_and_cover_then_plant():
    """`/plant weapon:` and `/detonate`; planting can follow a successful cover roll."""
    state = fight(sheet=ARMS)
    assert accepted(state, "plant", weapon="c4 charge")["action"] == {"do": "plant", "weapon": "C4 charge"}
    assert FRONT.orders.apply(asked(state, "plant", weapon="C4 charge")).summary == ["Plant C4 charge on your side."]
    orders = accepted(state, "cover", then="plant", weapon="C4 charge")
    assert orders["action"]["then"] == {"do": "plant", "weapon": "C4 charge"}
    change = FRONT.orders.apply(asked(state, "detonate"))
    assert change.orders == {"action": {"do": "detonate"}}
    assert RULESET.validate(state, "s1", RULESET.parse_orders(change.orders)) == (
        "Ann has no planted charge waiting for a detonator."
    )


def test_choosers_of_accessories_ammunition_attached_and_charges_from_own_sheet():
    """The choices come from the actor's own sheet: accessories of the weapon chosen (passive marked, an
    attached weapon with its rounds), its ammunition types with their spares, its charges."""
    state = fight(sheet=ARMS)
    view = RULESET.view(state, "s1")
    pairs = FRONT.orders.choices("accessories", view, "", {})
    assert pairs == [("Laser sight (passive, always on)", "Laser sight"),
                     ("M203 (M203 grenade launcher: 0 loaded, 2 spare)", "M203")]
    assert [v for _, v in FRONT.orders.choices("attached", view, "", {})] == ["M203"]
    assert FRONT.orders.choices("accessories", view, "", {"weapon": "Beretta M9"}) == []
    ammo = FRONT.orders.choices("ammo_types", view, "", {"weapon": "Beretta M9"})
    assert ammo == [("FMJ (30 spare, loaded)", "FMJ"), ("JHP (0 spare)", "JHP"), ("AP (10 spare)", "AP")]
    assert FRONT.orders.choices("my_charges", view, "", {}) == [("C4 charge (2 carried)", "C4 charge")]
    firearms = [v for _, v in FRONT.orders.choices("my_firearms", view, "", {})]
    assert firearms == ["M4A1 carbine", "Beretta M9"]


def test_the_docs_roster_sheet_with_the_new_weapons_loads_and_plays():
    """docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition": its example sheet is
    valid data, and a turn with each new order resolves."""
    from pathlib import Path

    import yaml

    from engine.rulesets.mazeworld.encounter import Encounter
    from engine.rulesets.mazeworld.roster import build_state, load_sheet
    from engine.rulesets.mazeworld.settings import MazeworldSettings
    from engine.rng import RecordingRng
    from tests.mazeworld.helpers import Scripted, resolve

    page = (Path(__file__).parents[2] / "docs" / "rules" / "mazeworld.md").read_text(encoding="utf-8")
    block = page.split("A roster sheet using them:", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    sheet = load_sheet(yaml.safe_load(block)["sheets"]["Ann"])
    encounter = Encounter.model_validate({"groups": [{"species": "Wolf", "count": "2", "side": 2}]})
    state = build_state({"s1": sheet}, encounter, MazeworldSettings(), RecordingRng(0))
    for action in ({"do": "attack", "target": "wolf_a", "accessory": "M203"},
                   {"do": "reload", "weapon": "Remington 870", "ammo": "Slug"},
                   {"do": "plant", "weapon": "C4 charge"}, {"do": "use", "item": "Adrenaline shot"},
                   {"do": "reload", "accessory": "M203", "ammo": "HEDP"}, {"do": "swap", "weapon": "Longbow"},
                   {"do": "attack", "target": "wolf_a", "throw": True, "item": "Brick"}):
        order = RULESET.parse_orders({"action": action})
        assert RULESET.validate(state, "s1", order) is None, action
        resolve(state, Scripted(seed=9), s1=action)


def test_own_sheet_card_shows_ammunition_types_attached_rounds_and_charges():
    """Rulings "Visibility" (private: own ammunition, cleanliness) with "Weapons: accessories, launchers, shotguns,
    ammunition": the player's sheet card tells the loaded type, the default type's spares and the other types',
    an attached launcher's rounds, and charges counted (not as a melee weapon)."""
    state = fight(sheet=ARMS)
    state.creature("s1").weapon("Beretta M9").ammo = "JHP"
    cards = FRONT.cards.status(RULESET.view(state, "s1"))
    weapons = next(f for f in cards[-1].fields if f.name == "Weapons").lines
    carbine = next(line for line in weapons if line.startswith("M4A1 carbine"))
    beretta = next(line for line in weapons if line.startswith("Beretta M9"))
    charge = next(line for line in weapons if line.startswith("C4 charge"))
    assert "M203: 0 HE loaded, 2 HE spare" in carbine
    assert "15 JHP loaded, 30 FMJ spare" in beretta and "(other spares: 10 AP)" in beretta
    assert charge == "C4 charge: 2 carried"


def _refused(state, actor="s1", **values) -> str | None:
    change = FRONT.orders.apply(asked(state, "attack", actor, **values))
    return RULESET.validate(state, actor, RULESET.parse_orders(change.orders))


def test_attack_rolls_refused_absent_fire_mode_of_a_melee_weapon():
    """Rulings "Attack rolls", Refused: "absent fire mode", for melee weapons too: `/attack mode:auto` with a
    combat knife in hand is refused at validation in one sentence (it was stored as "Attack Wolf A with the
    weapon in hand (auto)"); a natural attack and a throw likewise; the knife with no mode is accepted."""
    knife = "Combat knife has no fire modes, so it cannot attack in auto mode: leave the mode out."
    state = fight(sheet={"wielded": "Combat knife"})
    assert _refused(state, target="Wolf A", mode="auto") == knife
    assert _refused(state, target="Wolf A", mode="auto", throw=True) == knife
    assert _refused(state, target="Wolf A", mode="semi", weapon="Fists") == (
        "Fists has no fire modes, so it cannot attack in semi mode: leave the mode out.")
    assert _refused(state, "wolf_a", target="Ann", mode="burst") == (
        "Bite has no fire modes, so it cannot attack in burst mode: leave the mode out.")
    bricks = fight(sheet={"items": {"Brick": 1}})
    assert _refused(bricks, target="Wolf A", mode="auto", throw=True, item="Brick") == (
        "Brick has no fire modes, so it cannot attack in auto mode: leave the mode out.")
    assert accepted(state, "attack", target="Wolf A")["action"]["target"] == "wolf_a"


def test_an_attack_at_the_bodyaim_die_is_confirmed_as_such_not_as_unaimed():
    """Issue 23: `part:bodyaim` read back as "unaimed", the words of giving no part; the confirmation says what
    the player chose."""
    state = fight(sheet=ARMS)
    aimed = FRONT.orders.apply(asked(state, "attack", target="Wolf A", part="bodyaim"))
    assert aimed.summary == ["Attack Wolf A with the weapon in hand, 1 round(s), at the part the @bodyaim die picks."]
    unaimed = FRONT.orders.apply(asked(state, "attack", target="Wolf A"))
    assert unaimed.summary == ["Attack Wolf A with the weapon in hand, 1 round(s), unaimed."]
