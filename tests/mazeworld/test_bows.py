"""Bows and crossbows (text "Combat skill types": the Non-gun ranged weapons skill; rulings "Inaccurate":
"firearms, thrown, bows: 1d2, 1 miss, 2 hit"; our decisions in docs/rules/mazeworld.md, "Bows"): a ranged
attack, one 2d6 per arrow, the arrows carried as the weapon's rounds (a bow's quiver, a crossbow's one bolt
on the string, refilled by a reload), at most 3 arrows a turn from a bow and 1 from a crossbow, no
cleanliness and no firearm failure table (a natural 2 is a plain miss)."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld.catalog import build, catalog
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two
from tests.mazeworld.test_settings_and_data import _raw

ARROW = "s1 Longbow round 1"
BOLT = "s1 Crossbow round 1"


def _archer(name: str = "Longbow", loaded: int = 12, spare: int = 12, **sheet: object):
    return fight(sheet={"weapons": [{"name": name, "loaded": loaded, "spare": spare}], "wielded": name, **sheet})


def _shoot(state, *script, **extra):
    return resolve(state, Scripted(*script), s1={"do": "attack", "target": "wolf_a", **extra})


def _valid(state, action):
    return RULESET.validate(state, "s1", MazeOrders.model_validate({"action": action}))


def test_combat_skill_types_bows_use_the_non_gun_ranged_weapons_skill():
    """Text "Combat skill types": bows are Non-gun ranged weapons; Sharp or Piercing damage; no fire modes."""
    bow, crossbow = catalog().weapons["Longbow"], catalog().weapons["Crossbow"]
    assert bow.skill == crossbow.skill == "non-gun ranged weapons"
    assert bow.ranged and bow.fed and not bow.gun and not bow.modes
    assert (bow.type, crossbow.type) == ("Sharp", "Piercing")


def test_bow_shot_is_ranged_one_arrow_spent_and_the_kill_skill_is_non_gun_ranged():
    """Across sides, no closing in; the arrow's Sharp 22 x C2 .86 = 19; one arrow spent from the quiver; the hit
    counts for the Non-gun ranged weapons skill; a bow's string gathers no dirt."""
    state = _archer()
    res = _shoot(state, *two(ARROW, 10), ("limb damage", 2))
    ann, wolf = res.state.creature("s1"), res.state.creature("wolf_a")
    assert ann.side == 1 and wolf.pain == 19
    bow = ann.weapon("Longbow")
    assert (bow.loaded, bow.spare, bow.cleanliness) == (11, 12, 90.0)
    assert [e.data["skill"] for e in res.events if e.kind == "damage"] == ["non-gun ranged weapons"]
    assert not any("closes in" in t for t in texts(res, "public"))


def test_bow_skill_level_counts():
    """Text "Combat skill levels": Unskilled (5 points) with the bow is FT 7 (torso): a 7 misses."""
    state = _archer(skills={"non-gun ranged weapons": 5})
    res = _shoot(state, *two(ARROW, 7))
    assert res.state.creature("wolf_a").pain == 0 and "7 miss" in " ".join(texts(res, "public"))


def test_rulings_inaccurate_bows_roll_the_1d2():
    """Rulings "Inaccurate": "firearms, thrown, bows: 1d2, 1 miss, 2 hit": a 2 lands the full arrow (19, not
    the melee x0.8), a 1 misses."""
    state = _archer()
    res = _shoot(state, *two(ARROW, 8), (ARROW + " inaccurate 1d2", 2), ("limb damage", 2))
    assert res.state.creature("wolf_a").pain == 19
    res = _shoot(state, *two(ARROW, 8), (ARROW + " inaccurate 1d2", 1))
    assert res.state.creature("wolf_a").pain == 0


def test_attack_rolls_critical_failure_with_a_bow_is_a_plain_miss():
    """Rulings "Attack rolls", critical failures: the firearm d100 against cleanliness is for firearms; a bow's
    natural 2 is a plain miss (no d100, no stovepipe, the next arrows still fly)."""
    state = _archer()
    rng = Scripted(*two(ARROW, 2), *two("s1 Longbow round 2", 5))
    res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a", "rounds": 2})
    assert not any("d100" in r.purpose for r in rng.rolls)
    assert not any(e.kind in ("stovepipe", "misfire", "destroyed") for e in res.events)
    assert res.state.creature("s1").weapon("Longbow").loaded == 10


def test_per_turn_limits_bow_3_crossbow_1():
    """Our decision (docs "Bows"): a bow looses 3 arrows a turn (like bolt-action), a crossbow 1 (like a single
    shot), both refused beyond with the reason; a bow has no fire modes to choose."""
    assert _valid(_archer(), {"do": "attack", "target": "wolf_a", "rounds": 3}) is None
    assert _valid(_archer(), {"do": "attack", "target": "wolf_a", "rounds": 4}) == (
        "Longbow fires at most 3 a turn in that mode.")
    crossbow = _archer("Crossbow", loaded=1, spare=5)
    assert _valid(crossbow, {"do": "attack", "target": "wolf_a", "rounds": 2}) == (
        "Crossbow fires at most 1 a turn in that mode.")


def test_crossbow_is_reloaded_one_bolt_at_a_time():
    """A crossbow holds one bolt: after the shot it is empty (a further attack clicks), `/reload` puts the next
    bolt on the string from the spare; a full crossbow is refused a reload."""
    state = _archer("Crossbow", loaded=1, spare=2)
    assert _valid(state, {"do": "reload"}) == "Crossbow is already full."
    res = _shoot(state, *two(BOLT, 5))
    assert res.state.creature("s1").weapon("Crossbow").loaded == 0
    dry = _shoot(res.state)
    assert any("clicks: empty" in t for t in texts(dry, "public"))
    again = resolve(res.state, Scripted(), s1={"do": "reload"})
    bolt = again.state.creature("s1").weapon("Crossbow")
    assert (bolt.loaded, bolt.spare) == (1, 1)


def test_bow_arrow_types_bodkin_is_piercing_and_armour_piercing():
    """Ammunition types on a bow (docs "Ammunition types"): a bodkin point is Piercing 18, AC one class lighter
    (C2 -> C1, factor 1: 18)."""
    state = fight(sheet={"weapons": [{"name": "Longbow", "loaded": 12, "ammo": "Bodkin", "spares": {"Bodkin": 6}}],
                         "wielded": "Longbow"})
    res = _shoot(state, *two(ARROW, 10), ("limb damage", 2))
    hit = next(e.data for e in res.events if e.kind == "damage")
    assert (hit["pain"], hit["type"]) == (18, "Piercing")


def test_gun_cleaning_kit_refused_on_a_bow():
    """A Gun Cleaning Kit cleans a firearm; a bow has no cleanliness: refused with the reason."""
    state = _archer(items={"Gun Cleaning Kit": 1})
    assert _valid(state, {"do": "use", "item": "Gun Cleaning Kit"}) == "A Gun Cleaning Kit cleans a firearm: name one."


@pytest.mark.parametrize(("change", "reason"), [
    ({"type": "Blunt"}, "Sharp or Piercing"),
    ({"hits": None}, "needs a magazine"),
    ({"modes": {"semi": 1}}, "no fire modes"),
])
def test_bow_data_checked(change, reason):
    """A bow's data: Sharp or Piercing, a quiver and arrows a turn, no fire modes; a broken table is refused."""
    raw = _raw()
    raw["weapons"]["Longbow"] = {**raw["weapons"]["Longbow"], **change}
    with pytest.raises(ValueError, match=reason):
        build(raw)


def test_bow_status_line_shows_arrows_and_no_cleanliness():
    """The owner's sheet and private status: a bow's arrows loaded and spare, no cleanliness (docs "Bows")."""
    from engine.rulesets.mazeworld.front.status import _weapon_line

    state = _archer("Crossbow", loaded=1, spare=4)
    line = _weapon_line(state.creature("s1").weapon("Crossbow").model_dump(), "Crossbow")
    assert "1 loaded, 4 spare" in line and "clean" not in line
    pistol = _weapon_line({"name": "Beretta M9", "loaded": 15, "spare": 0, "cleanliness": 90.0}, None)
    assert "90% clean" in pistol


def test_gm_card_shows_a_guns_cleanliness_not_a_bows():
    """`/mod view`: a bow's arrows without a cleanliness; a firearm's with it."""
    from engine.rulesets.mazeworld.front.game import FRONT
    from tests.mazeworld.test_front import card_text

    state = fight(sheet={"weapons": [{"name": "Longbow", "loaded": 12, "spare": 6},
                                     {"name": "Beretta M9", "loaded": 15}], "wielded": "Longbow"})
    gm = card_text(FRONT.cards.gm(RULESET.gm_view(state)))
    assert "Longbow 12+6," in gm and "Beretta M9 15+0 90%" in gm
