"""A melee weapon thrown (text "Combat skill types", Notes: "Any melee weapon (and, in fact, any item) that is
thrown instead of properly fired or used in melee, is instead covered by the Thrown weapons skill"; our
decisions in docs/rules/mazeworld.md): a ranged attack under the Thrown weapons skill, one 2d6, an inaccurate
hit rolls the 1d2 of ranged attacks, the weapon's own damage, one throw a turn; the weapon then lies on the
target's side, off the thrower's sheet. Items thrown: test_thrown_items.py."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two
from tests.mazeworld.test_front import accepted

THROW = "s1 Combat knife round 1"
KNIFE = {"wielded": "Combat knife"}


def _throw(state, *script, **extra):
    return resolve(state, Scripted(*script), s1={"do": "attack", "target": "wolf_a", "throw": True, **extra})


def test_thrown_knife_is_a_ranged_attack_under_the_thrown_weapons_skill():
    """Across sides, no closing in; the knife's own damage (12 x C2 .86 = 10); the kill's point would go to the
    Thrown weapons skill; the knife leaves the sheet and lies on the wolf's side."""
    state = fight(sheet=KNIFE)
    res = _throw(state, *two(THROW, 10), ("limb damage", 2))
    ann, wolf = res.state.creature("s1"), res.state.creature("wolf_a")
    assert ann.side == 1 and wolf.pain == 10
    assert [e.data["skill"] for e in res.events if e.kind == "damage"] == ["thrown weapons"]
    assert ann.weapon("Combat knife") is None and ann.wielded is None
    public = texts(res, "public")
    assert "Ann's Combat knife now lies on side 2." in public and not any("closes in" in t for t in public)


def test_thrown_weapon_uses_the_thrown_weapons_skill_level():
    """Text "Combat skill levels": an Unskilled thrower (5 points) has FT 7, whatever the Sharp skill: a 7 misses."""
    state = fight(sheet={**KNIFE, "skills": {"thrown weapons": 5, "sharp weapons": 100}})
    res = _throw(state, *two(THROW, 7))
    assert res.state.creature("wolf_a").pain == 0 and "7 miss" in " ".join(texts(res, "public"))


def test_thrown_inaccurate_hit_rolls_the_1d2_not_the_melee_x08():
    """Rulings "Inaccurate": "firearms, thrown, bows: 1d2": a 2 lands the full blow (10, not 8)."""
    state = fight(sheet=KNIFE)
    res = _throw(state, *two(THROW, 8), (THROW + " inaccurate 1d2", 2), ("limb damage", 2))
    assert res.state.creature("wolf_a").pain == 10
    res = _throw(state, *two(THROW, 8), (THROW + " inaccurate 1d2", 1))
    assert res.state.creature("wolf_a").pain == 0


@pytest.mark.parametrize(("sheet", "extra", "reason"), [
    ({}, {}, "Only a melee weapon can be thrown (not Beretta M9)"),
    ({"wielded": None}, {"weapon": "Fists"}, "Only a melee weapon can be thrown (not Fists)"),
    (KNIFE, {"rounds": 2}, "A weapon is thrown once a turn."),
    (KNIFE, {"part": "tail"}, "Wolf A has no tail"),
])
def test_throwing_refused_with_a_reason(sheet, extra, reason):
    state = fight(sheet=sheet)
    order = MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a", "throw": True, **extra}})
    got = RULESET.validate(state, "s1", order)
    assert got is not None and got.startswith(reason)


def test_attack_throw_option_becomes_the_order_and_reads_in_words():
    state = fight(sheet=KNIFE)
    orders = accepted(state, "attack", target="Wolf A", throw=True)
    assert orders["action"]["throw"] is True
    assert FRONT.orders.describe(orders, RULESET.view(state, "s1")) == [
        "Attack Wolf A with the weapon in hand, 1 round(s), unaimed, throwing it."]
    assert "throw" not in accepted(state, "attack", target="Wolf A")["action"]
