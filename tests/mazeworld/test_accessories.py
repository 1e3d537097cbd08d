"""Mazeworld weapon accessories (text "Remember the following steps" 2: "Announce the use of accessories ...
unless the accessory has a passive effect; in which case it is always applied"; rulings "Attack rolls",
Refused: "absent fire mode or accessory"; docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns,
ammunition"): passive accessories always apply, announced ones only when named, an absent one is refused, a
suppressor keeps stealth, an attached weapon fires with its own rounds."""

from __future__ import annotations

import pytest

from engine.rulesets.mazeworld import arms
from engine.rulesets.mazeworld.catalog import build
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two
from tests.mazeworld.test_settings_and_data import _raw

CARBINE = {"name": "M4A1 carbine", "loaded": 30, "spare": 30, "mounts": {"M203": {"loaded": 1, "spare": 2}}}
RIFLE = "s1 M4A1 carbine round 1"
SHELL = "s1 M203 grenade launcher shell 1"


def _carbine(**extra: object):
    weapons = [CARBINE, {"name": "Beretta M9", "loaded": 15, "spare": 30, **extra}]
    return fight(sheet={"weapons": weapons, "wielded": "M4A1 carbine"})


def _attack_band(res) -> list[str]:
    return next(e.data["bands"] for e in res.events if e.kind == "attack")


def test_passive_laser_sight_always_applies_ft_minus_1():
    """Step 2: a passive accessory is always applied: the M4A1's laser sight makes FT 6 into 5, so a 6 (a miss
    at FT 6) is an inaccurate hit without naming the accessory."""
    state = _carbine()
    me = state.creature("s1")
    assert arms.modifiers(me, me.weapon("M4A1 carbine"), None, 1).ft == -1
    res = resolve(state, Scripted(*two(RIFLE, 6), (RIFLE + " inaccurate 1d2", 1)),
                  s1={"do": "attack", "target": "wolf_a", "weapon": "M4A1 carbine"})
    assert _attack_band(res) == ["inaccurate"]
    plain = fight()  # the AR70/90 carries nothing: the same 6 misses
    plain.creature("s1").wielded = "AR70/90"
    res = resolve(plain, Scripted(*two("s1 AR70/90 round 1", 6)), s1={"do": "attack", "target": "wolf_a"})
    assert _attack_band(res) == ["miss"]


def test_announced_bipod_applies_only_when_named():
    """Step 2: "If none is specified, it is assumed none is used": a bipod (FT-1, IR-1) counts only when the
    attack names it."""
    state = fight(sheet={"weapons": [{"name": "AR70/90", "loaded": 30, "accessories": ["Bipod"]}],
                         "wielded": "AR70/90"})
    carried = state.creature("s1").weapon("AR70/90")
    assert arms.modifiers(state.creature("s1"), carried, None, 1).ft == 0
    named = arms.modifiers(state.creature("s1"), carried, "Bipod", 1)
    assert (named.ft, named.ir, named.tier) == (-1, -1, 1)
    label = "s1 AR70/90 round 1"
    res = resolve(state, Scripted(*two(label, 8)), s1={"do": "attack", "target": "wolf_a"})
    assert _attack_band(res) == ["inaccurate"]  # FT 6, IR 2: 8 is inaccurate
    res = resolve(state, Scripted(*two(label, 8)), s1={"do": "attack", "target": "wolf_a", "accessory": "Bipod"})
    assert _attack_band(res) == ["hit"]  # FT 5, IR 1: 7+ hits


def test_refused_absent_accessory_with_reason_and_nothing_changes():
    """Rulings "Attack rolls", Refused: an accessory that isn't mounted on the weapon."""
    state = fight()
    order = MazeOrders.model_validate({"action": {"do": "attack", "target": "wolf_a", "accessory": "Laser sight"}})
    reason = RULESET.validate(state, "s1", order)
    assert reason == "Beretta M9 has no Laser sight mounted (mounted: none)."
    before = state.model_dump()
    res = resolve(state, Scripted(seed=3), s1=order.action.model_dump())
    assert "s1" not in [e.data.get("id") for e in res.events if e.kind == "attack"]  # refused: skipped
    assert state.model_dump() == before


@pytest.mark.parametrize(("weapon", "reason"), [
    ({"name": "Beretta M9", "accessories": ["Scope of doom"]}, "no accessory 'Scope of doom'"),
    ({"name": "Combat knife", "accessories": ["Laser sight"]}, "takes no accessories"),
    ({"name": "Beretta M9", "mounts": {"M203": {"loaded": 1}}}, "no attached weapon 'M203' mounted"),
    ({"name": "M4A1 carbine", "mounts": {"M203": {"name": "RPG-7"}}}, "is a M203 grenade launcher"),
])
def test_sheet_accessories_checked_with_clear_reasons(weapon, reason):
    """A sheet's accessories and attached weapons' rounds are checked against the catalog."""
    with pytest.raises(ValueError, match=reason):
        load_sheet({"name": "A", "weapons": [weapon]})


def test_catalog_accessory_links_checked():
    """Default data: a weapon's accessory must exist; an attached weapon must be a firearm or launcher."""
    raw = _raw()
    raw["weapons"]["Beretta M9"]["accessories"] = ["Flux capacitor"]
    with pytest.raises(ValueError, match="no accessory 'Flux capacitor'"):
        build(raw)
    raw = _raw()
    raw["accessories"]["Bayonet lug"] = {"weapon": "Combat knife"}
    with pytest.raises(ValueError, match="no firearm or launcher to attach"):
        build(raw)
    raw = _raw()
    raw["accessories"]["M203"]["passive"] = True
    with pytest.raises(ValueError, match="never passive"):
        build(raw)


def test_suppressor_keeps_stealth():
    """Default data: a suppressor (passive, quiet) keeps its user's stealth after a shot; without it the
    stealth is lost ("Stealth": lost after the creature's first attack)."""
    for mounted, kept in ((["Suppressor"], True), (None, False)):
        state = fight(sheet={"weapons": [{"name": "Beretta M9", "loaded": 15, "accessories": mounted}],
                             "wielded": "Beretta M9"})
        state.creature("s1").stealth = True
        res = resolve(state, Scripted(*two("s1 Beretta M9 round 1", 4)), s1={"do": "attack", "target": "wolf_a"})
        assert res.state.creature("s1").stealth is kept


def test_attached_launcher_fires_its_own_rounds_by_the_explosives_rule():
    """Text "Combat skill types": underslung grenade launchers use the Grenade launcher skill; the M203 fires
    its own shell (one 2d6, explosives bands), the carbine's rounds untouched."""
    state = _carbine()
    rng = Scripted((SHELL + " @bodyaim", 5), *two(SHELL, 11), ("limb damage", 4))
    res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a", "accessory": "M203"})
    carbine = res.state.creature("s1").weapon("M4A1 carbine")
    assert carbine.loaded == 30 and carbine.mounts["M203"].loaded == 0
    assert any("M203 grenade launcher" in t and "direct" in t for t in texts(res, "public"))
    # laser sight (passive, always applied) FT 5: 11 + 6 - 5 = 12, direct: 55 Pain x1 (Explosive ignores AC)
    assert res.state.creature("wolf_a").pain == 55
    damage = [e.data for e in res.events if e.kind == "damage"]
    assert [(d["skill"], d["type"]) for d in damage] == [("grenade launcher", "Explosive")]
    empty = resolve(res.state, Scripted(seed=2), s1={"do": "attack", "target": "wolf_a", "accessory": "M203"})
    assert any("M203 grenade launcher clicks: empty" in t for t in texts(empty, "public"))


def test_reload_attached_weapon_from_its_own_spare():
    """Reload names the attached weapon by its accessory: its own spare shells, not the carbine's rounds."""
    state = _carbine()
    state.creature("s1").weapon("M4A1 carbine").mounts["M203"].loaded = 0
    order = {"do": "reload", "accessory": "M203"}
    assert RULESET.validate(state, "s1", MazeOrders.model_validate({"action": order})) is None
    res = resolve(state, Scripted(seed=1), s1=order)
    carbine = res.state.creature("s1").weapon("M4A1 carbine")
    assert (carbine.mounts["M203"].loaded, carbine.mounts["M203"].spare, carbine.spare) == (1, 1, 30)
    bad = MazeOrders.model_validate({"action": {"do": "reload", "weapon": "Beretta M9", "accessory": "M203"}})
    assert "no M203 mounted" in RULESET.validate(state, "s1", bad)
