"""Mazeworld ammunition types (docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns,
ammunition"; text step 6 and "Damage calculation steps" A-B): a weapon's types change Pain, LDV, damage type,
AC handling and projectiles; the sheet's spare rounds are per type; `/reload ammo:` loads a type (the rounds in
the weapon go back to their type's spare); the attack uses the loaded type."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld import arms
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.damage import compute
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.turn import Turn
from engine.rng import RecordingRng
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round 1"


def _pistol(**carried: object):
    return fight(sheet={"weapons": [{"name": "Beretta M9", "loaded": 15, "spare": 30, **carried}],
                        "wielded": "Beretta M9"})


def _valid(state, action):
    return RULESET.validate(state, "s1", MazeOrders.model_validate({"action": action}))


def _pain_against(ac: str, ammo: str | None) -> int:
    state = _pistol(ammo=ammo) if ammo else _pistol()
    wolf = state.creature("wolf_a")
    wolf.armour = dict.fromkeys(wolf.armour, ac)
    me = state.creature("s1")
    weapon = arms.loaded_stats(catalog().weapons["Beretta M9"], me.weapon("Beretta M9"))
    return compute(Turn(state, RecordingRng(0)), me, wolf, weapon, "body", False).pain


def test_default_type_changes_nothing():
    """The first type (FMJ) is the weapon's own numbers: the demo plays as before."""
    weapon = catalog().weapons["Beretta M9"]
    assert arms.default_ammo(weapon) == "FMJ"
    assert arms.loaded_stats(weapon, None) == weapon


def test_ammunition_changes_pain_ldv_and_ac_handling():
    """Rulings "Damage" Pain% = Pain x AC factor...: against A2 (bullet .55) FMJ 20 -> 11; armour-piercing
    (Pain 16, AC two classes lighter: C3 .85) -> 14; hollow point (Pain 26, one class heavier: A3 .4) -> 10.
    Unarmoured C1: hollow point's Pain counts in full (26)."""
    assert _pain_against("A2", None) == 11
    assert _pain_against("A2", "AP") == 14
    assert _pain_against("A2", "JHP") == 10
    assert _pain_against("C1", "JHP") == 26
    assert _pain_against("C1", "AP") == 16  # no class lighter than C1


def test_attack_uses_the_loaded_type():
    """A JHP-loaded pistol hits with Pain 26, its AC one class heavier (C2 -> C3, bullet .85: 22) and LDV +2."""
    state = _pistol(ammo="JHP", spares={"AP": 10})
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 3)), s1={"do": "attack", "target": "wolf_a"})
    hit = next(e.data for e in res.events if e.kind == "damage")
    assert (hit["pain"], hit["limb"], hit["weapon"]) == (22, 5, "Beretta M9")


def test_reload_another_type_puts_the_rounds_back_per_type():
    """`/reload ammo:AP`: the 15 FMJ rounds loaded go back to FMJ's spare, 10 AP go in; the owner's status says
    the type."""
    state = _pistol(spares={"AP": 10})
    order = {"do": "reload", "ammo": "AP"}
    assert _valid(state, order) is None
    res = resolve(state, Scripted(seed=1), s1=order)
    pistol = res.state.creature("s1").weapon("Beretta M9")
    assert (pistol.ammo, pistol.loaded, pistol.spare, pistol.spares) == ("AP", 10, 45, {})
    assert any("Ann loads Beretta M9 with AP." in t for t in texts(res, "public"))
    assert any("Beretta M9 10 AP+45" in t for t in texts(res, "players"))
    back = resolve(res.state, Scripted(seed=1), s1={"do": "reload", "ammo": "FMJ"})
    pistol = back.state.creature("s1").weapon("Beretta M9")
    assert (pistol.ammo, pistol.loaded, pistol.spare, pistol.spares) == ("FMJ", 15, 30, {"AP": 10})


def test_reload_same_type_tops_up_from_that_types_spare():
    """A plain reload tops the loaded type up from its own spare only."""
    state = _pistol(ammo="JHP", spares={"JHP": 4})
    state.creature("s1").weapon("Beretta M9").loaded = 10
    res = resolve(state, Scripted(seed=1), s1={"do": "reload"})
    pistol = res.state.creature("s1").weapon("Beretta M9")
    assert (pistol.loaded, pistol.spare, pistol.spares) == (14, 30, {})


@pytest.mark.parametrize(("carried", "order", "reason"), [
    ({}, {"do": "reload", "ammo": "Tracer"}, "Beretta M9 takes no Tracer ammunition (types: FMJ, JHP, AP)."),
    ({}, {"do": "reload", "ammo": "AP"}, "Beretta M9 has no spare AP ammunition."),
    ({}, {"do": "reload"}, "Beretta M9 is already full."),
    ({"ammo": "AP", "spares": {"AP": 3}}, {"do": "reload", "ammo": "AP"}, "Beretta M9 is already full."),
])
def test_reload_refusals_with_reasons(carried, order, reason):
    """Clear refusals: an absent type, no spare of the type, already full of the same type."""
    assert _valid(_pistol(**carried), order) == reason


def test_reload_refused_for_a_weapon_without_types():
    state = fight()
    assert _valid(state, {"do": "reload", "weapon": "AR70/90", "ammo": "FMJ"}) == (
        "AR70/90 takes no FMJ ammunition (types: none)."
    )


@pytest.mark.parametrize(("carried", "reason"), [
    ({"name": "Beretta M9", "ammo": "Tracer"}, "takes no 'Tracer' ammunition"),
    ({"name": "Beretta M9", "spares": {"Slug": 3}}, "takes no 'Slug' ammunition"),
    ({"name": "Beretta M9", "spares": {"FMJ": 3}}, "spare rounds go in `spare`"),
])
def test_sheet_ammunition_checked(carried, reason):
    """A sheet's loaded type and per-type spares name the weapon's types."""
    with pytest.raises(ValueError, match=reason):
        load_sheet({"name": "A", "weapons": [carried]})


def test_catalog_ammunition_only_on_fed_weapons():
    """Default data: only firearms, launchers and bows have ammunition types."""
    from engine.rulesets.mazeworld.catalog import build
    from tests.mazeworld.test_settings_and_data import _raw

    raw = _raw()
    raw["weapons"]["Combat knife"]["ammunition"] = {"Poisoned": {"pain": 20}}
    with pytest.raises(ValueError, match="only firearms, launchers and bows have ammunition types"):
        build(raw)
