"""Ammunition types of an attached weapon (docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns,
ammunition": "Attached weapons" and "Ammunition types"; text step 6): the rounds of an attached weapon
(`mounts`) carry types like the main weapon's, `/reload accessory: ammo:` loads a type into it (its rounds go
back to their own type's spare, the host weapon's untouched), and its attack uses the loaded type."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two
from tests.mazeworld.test_front import accepted

SHELL = "s1 M203 grenade launcher shell 1"


def _carbine(**mount: object):
    rounds = {"loaded": 1, "spare": 2, **mount}
    carbine = {"name": "M4A1 carbine", "loaded": 30, "spare": 30, "mounts": {"M203": rounds}}
    return fight(sheet={"weapons": [carbine], "wielded": "M4A1 carbine"})


def _valid(state, action):
    return RULESET.validate(state, "s1", MazeOrders.model_validate({"action": action}))


def test_attached_weapon_fires_its_loaded_type():
    """Text step 6 (the ammunition's numbers): an M203 loaded with HEDP hits with HEDP's Pain 45 on a direct
    hit (the laser sight's FT 5: 11 + 6 - 5 = 12), not HE's 55; the host's rounds untouched."""
    for ammo, pain in ((None, 55), ("HEDP", 45)):
        state = _carbine(**({"ammo": ammo} if ammo else {}))
        rng = Scripted((SHELL + " @bodyaim", 5), *two(SHELL, 11), ("limb damage", 4))
        res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a", "accessory": "M203"})
        assert res.state.creature("wolf_a").pain == pain
        carbine = res.state.creature("s1").weapon("M4A1 carbine")
        assert (carbine.loaded, carbine.mounts["M203"].loaded) == (30, 0)


def test_reload_attached_weapon_with_another_type():
    """`/reload accessory:M203 ammo:HEDP`: the HE shell loaded goes back to the M203's HE spare, an HEDP shell
    goes in from its own spares; the carbine's rounds and types are untouched; the owner's status says it."""
    state = _carbine(spares={"HEDP": 2})
    order = {"do": "reload", "accessory": "M203", "ammo": "HEDP"}
    assert _valid(state, order) is None
    res = resolve(state, Scripted(seed=1), s1=order)
    carbine = res.state.creature("s1").weapon("M4A1 carbine")
    m203 = carbine.mounts["M203"]
    assert (m203.ammo, m203.loaded, m203.spare, m203.spares) == ("HEDP", 1, 3, {"HEDP": 1})
    assert (carbine.ammo, carbine.loaded, carbine.spare, carbine.spares) == (None, 30, 30, {})
    assert any("Ann loads M203 grenade launcher with HEDP." in t for t in texts(res, "public"))
    assert any("M203 1 HEDP+3, HEDP 1" in t for t in texts(res, "players"))


@pytest.mark.parametrize(("mount", "order", "reason"), [
    ({}, {"ammo": "Tracer"}, "M203 grenade launcher takes no Tracer ammunition (types: HE, HEDP)."),
    ({}, {"ammo": "HEDP"}, "M203 grenade launcher has no spare HEDP ammunition."),
    ({}, {}, "M203 grenade launcher is already full."),
    ({"ammo": "HEDP", "spares": {"HEDP": 1}}, {"ammo": "HEDP"}, "M203 grenade launcher is already full."),
])
def test_reload_attached_refusals_with_reasons(mount, order, reason):
    """Refused like the main weapon's: an absent type, no spare of the type, already full of the same type."""
    assert _valid(_carbine(**mount), {"do": "reload", "accessory": "M203", **order}) == reason


@pytest.mark.parametrize(("mount", "reason"), [
    ({"ammo": "Slug"}, "M4A1 carbine's M203 takes no 'Slug' ammunition"),
    ({"spares": {"HE": 2}}, "spare rounds go in `spare`"),
    ({"accessories": ["Laser sight"]}, "its rounds and ammunition types only"),
])
def test_sheet_attached_ammunition_checked(mount, reason):
    """A sheet's attached weapon rounds name that weapon's types (the host's types do not count)."""
    carbine = {"name": "M4A1 carbine", "mounts": {"M203": {"loaded": 1, **mount}}}
    with pytest.raises(ValueError, match=reason):
        load_sheet({"name": "A", "weapons": [carbine]})
    good = {"name": "M4A1 carbine", "mounts": {"M203": {"loaded": 1, "ammo": "HEDP", "spares": {"HEDP": 2}}}}
    assert load_sheet({"name": "A", "weapons": [good]}).weapons[0].mounts["M203"].ammo == "HEDP"


def test_front_reload_attached_ammo_choices_order_and_sheet_card():
    """The `ammo` choices follow the `accessory` chosen (the attached weapon's types and spares, from the
    actor's own sheet); the order reads in words; the sheet card shows the attached weapon's types."""
    state = _carbine(spares={"HEDP": 2})
    view = RULESET.view(state, "s1")
    assert FRONT.orders.choices("ammo_types", view, "", {"accessory": "M203"}) == [
        ("HE (2 spare, loaded)", "HE"), ("HEDP (2 spare)", "HEDP")]
    assert [v for _, v in FRONT.orders.choices("ammo_types", view, "", {})] == ["M855", "M995 AP"]
    orders = accepted(state, "reload", weapon="M4A1 carbine", accessory="M203", ammo="HEDP")
    assert orders["action"] == {"do": "reload", "weapon": "M4A1 carbine", "ammo": "HEDP", "accessory": "M203"}
    assert FRONT.orders.describe(orders, view) == ["Reload the M203 on M4A1 carbine with HEDP."]
    weapons = next(f for f in FRONT.cards.status(view)[-1].fields if f.name == "Weapons").lines
    assert "M203: 1 HE loaded, 2 HE spare (other spares: 2 HEDP)" in weapons[0]
