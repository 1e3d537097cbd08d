"""An item that is not a weapon thrown (text "Combat skill types", Notes: "Any melee weapon (and, in fact, any
item) that is thrown instead of properly fired or used in melee, is instead covered by the Thrown weapons
skill"; our decisions in docs/rules/mazeworld.md): an item with damage data (`thrown`: a brick's Blunt 15, LDV
+1) is thrown like a melee weapon (one 2d6 under the Thrown weapons skill, the ranged 1d2, one a turn, at its
weight's IS tier) and then lies on the target's side; an item with no damage data is refused with the reason."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld.catalog import build
from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.orders import Attack, MazeOrders
from engine.rulesets.mazeworld.passage import action_tier
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import SHEET, Scripted, fight, resolve, texts, two
from tests.mazeworld.test_front import accepted
from tests.mazeworld.test_settings_and_data import _raw

BRICK = "s1 Brick round 1"
BRICKS = {"items": {**SHEET["items"], "Brick": 2}}


def _throw(state, *script, **extra):
    order = {"do": "attack", "target": "wolf_a", "throw": True, "item": "Brick", **extra}
    return resolve(state, Scripted(*script), s1=order)


def _valid(state, **action):
    return RULESET.validate(state, "s1", MazeOrders.model_validate({"action": {"do": "attack", **action}}))


def test_combat_skill_types_any_item_thrown_uses_the_thrown_weapons_skill():
    """A brick thrown across sides: Blunt 15 x C2 .86 = 13, no closing in, the hit counts for Thrown weapons;
    one brick leaves the sheet and lies on the wolf's side; the pistol stays in hand."""
    state = fight(sheet=BRICKS)
    res = _throw(state, *two(BRICK, 10), ("limb damage", 2))
    ann, wolf = res.state.creature("s1"), res.state.creature("wolf_a")
    assert (ann.side, wolf.pain, ann.items["Brick"], ann.wielded) == (1, 13, 1, "Beretta M9")
    assert [(e.data["skill"], e.data["weapon"]) for e in res.events if e.kind == "damage"] == [
        ("thrown weapons", "Brick")]
    public = texts(res, "public")
    assert "Ann's Brick now lies on side 2." in public and not any("closes in" in t for t in public)
    last = _throw(res.state, *two(BRICK, 3))
    assert "Brick" not in last.state.creature("s1").items


def test_thrown_item_uses_the_thrown_weapons_skill_level():
    """Text "Combat skill levels": an Unskilled thrower (5 points) has FT 7: a 7 misses."""
    state = fight(sheet={**BRICKS, "skills": {"thrown weapons": 5}})
    res = _throw(state, *two(BRICK, 7))
    assert res.state.creature("wolf_a").pain == 0 and "7 miss" in " ".join(texts(res, "public"))


def test_rulings_inaccurate_thrown_item_rolls_the_1d2():
    """Rulings "Inaccurate": "firearms, thrown, bows: 1d2": a 2 lands the full brick (13), a 1 misses."""
    state = fight(sheet=BRICKS)
    res = _throw(state, *two(BRICK, 8), (BRICK + " inaccurate 1d2", 2), ("limb damage", 2))
    assert res.state.creature("wolf_a").pain == 13
    res = _throw(state, *two(BRICK, 8), (BRICK + " inaccurate 1d2", 1))
    assert res.state.creature("wolf_a").pain == 0


def test_initiative_speed_tiers_a_thrown_item_at_its_weight():
    """Rulings "Order of passage": IS tier from weight: a brick (weight 2) is tier 2, not the pistol's."""
    me = fight(sheet=BRICKS).creature("s1")
    assert action_tier(me, Attack(target="wolf_a", throw=True, item="Brick")) == 2


@pytest.mark.parametrize(("extra", "reason"), [
    ({"item": "Bandage"}, "Bandage has no damage data, so it cannot be thrown to hurt (items that can: Brick)"),
    ({"item": "Brick", "throw": False}, "An item is thrown at a creature, not swung: choose to throw it in the menu (/attack alone)."),
    ({"item": "Brick", "weapon": "Combat knife"}, "Throw either a weapon or an item, not both."),
    ({"item": "Brick", "rounds": 2}, "A weapon is thrown once a turn."),
    ({"item": "Brick", "part": "tail"}, "Wolf A has no tail"),
])
def test_throwing_an_item_refused_with_a_reason_and_nothing_changes(extra, reason):
    """Bad input gets a clear reason; resolving the refused order changes nothing but a skip."""
    state = fight(sheet=BRICKS)
    got = _valid(state, **{"target": "wolf_a", "throw": True, **extra})
    assert got is not None and got.startswith(reason)
    res = resolve(state, Scripted(seed=4), s1={"do": "attack", "target": "wolf_a", "throw": True, **extra})
    assert res.state.creature("s1").items == state.creature("s1").items and res.state.creature("wolf_a").pain == 0


def test_throwing_an_item_not_carried_or_with_no_arms_is_refused():
    assert _valid(fight(), target="wolf_a", throw=True, item="Brick") == "Ann has no Brick."
    state = fight(sheet=BRICKS)
    for arm in ("left arm", "right arm"):
        state.creature("s1").parts[arm].hp = 0
    assert _valid(state, target="wolf_a", throw=True, item="Brick") == "Ann has no working arms: no weapon attacks."


def test_an_item_with_no_use_is_refused_at_use():
    state = fight(sheet=BRICKS)
    order = MazeOrders.model_validate({"action": {"do": "use", "item": "Brick"}})
    reason = RULESET.validate(state, "s1", order)
    assert reason == "Brick has no use; it can only be thrown (/attack alone: its menu's item to throw)."


def test_item_data_needs_an_effect_or_thrown_damage():
    """Default data: an item with neither a use nor damage data is refused on load."""
    raw = _raw()
    raw["items"]["Feather"] = {"uses": 1}
    with pytest.raises(ValueError, match="an item needs an effect when used or damage data"):
        build(raw)


def test_attack_item_option_becomes_a_throw_and_reads_in_words():
    """`/attack item:Brick` throws it (throw implied); its choices are the actor's own items that can hurt."""
    state = fight(sheet=BRICKS)
    view = RULESET.view(state, "s1")
    assert FRONT.orders.choices("my_throwables", view, "", {}) == [("Brick (2)", "Brick")]
    orders = accepted(state, "attack", target="Wolf A", item="Brick")
    assert (orders["action"]["item"], orders["action"]["throw"]) == ("Brick", True)
    assert FRONT.orders.describe(orders, view) == ["Attack Wolf A with Brick, 1 round(s), unaimed, throwing it."]
