"""Mazeworld shotguns' multiple projectiles (text "Turn resolution steps" 6: "multiple projectiles"; our
ruling in docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition"): one 2d6 per shell;
a shell that hits lands every pellet on the part, each with the per-pellet Pain and its own 1d8 limb damage;
the pellet count is a datum of the weapon, changed by its ammunition type (a slug is one projectile)."""

from __future__ import annotations

from engine.rulesets.mazeworld.catalog import catalog
from tests.mazeworld.helpers import Scripted, fight, resolve, two

SHELL = "s1 Remington 870 round"


def _shotgun(ammo=None, loaded=6):
    carried = {"name": "Remington 870", "loaded": loaded, "spare": 6, "spares": {"Slug": 6}}
    if ammo:
        carried["ammo"] = ammo
    state = fight(sheet={"weapons": [carried], "wielded": "Remington 870"})
    wolf = state.creature("wolf_a")  # tough enough to take every pellet (a dead target takes no more)
    wolf.pbt, wolf.pdt = 10_000, 10_000
    for limb in wolf.parts.values():
        limb.hp = limb.max_hp = 1_000
    return state


def _hits(res, target="wolf_a"):
    return [e.data for e in res.events if e.kind == "damage" and e.data["target"] == target]


def test_pellet_count_is_a_weapon_and_ammunition_datum():
    """Default data: the Remington 870 fires 8 buckshot pellets (Pain 9, LDV 0 each); a slug is one (45, +4)."""
    weapon = catalog().weapons["Remington 870"]
    assert (weapon.pellets, weapon.pain, weapon.ldv) == (8, 9, 0)
    assert weapon.ammunition["Slug"].pellets == 1


def test_one_2d6_per_shell_every_pellet_lands():
    """One 2d6 for the shell; a hit lands all 8 pellets on the aimed part, each Pain 9 (C2 bullet 1.0) and its
    own 1d8 limb damage."""
    state = _shotgun()
    res = resolve(state, Scripted(*two(SHELL + " 1", 10), *[("limb damage", 1)] * 8),
                  s1={"do": "attack", "target": "wolf_a"})
    hits = _hits(res)
    assert len(hits) == 8 and {(h["pain"], h["limb"], h["part"]) for h in hits} == {(9, 1, "body")}
    two_d6 = [r for r in res.rolls if r.purpose.startswith(SHELL) and " 2d6 " in r.purpose]
    assert len(two_d6) == 2  # one 2d6: its two dice
    assert res.state.creature("s1").weapon("Remington 870").loaded == 5
    d8 = [r for r in res.rolls if "limb damage 1d8" in r.purpose]
    assert len(d8) == 8


def test_missed_or_inaccurate_1d2_miss_lands_no_pellet():
    """The shell's band decides for all its pellets: a miss or an inaccurate 1d2 of 1 lands none."""
    state = _shotgun()
    res = resolve(state, Scripted(*two(SHELL + " 1", 5)), s1={"do": "attack", "target": "wolf_a"})
    assert _hits(res) == []
    res = resolve(state, Scripted(*two(SHELL + " 1", 7), (SHELL + " 1 inaccurate 1d2", 1)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert _hits(res) == []
    res = resolve(state, Scripted(*two(SHELL + " 1", 7), (SHELL + " 1 inaccurate 1d2", 2)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert len(_hits(res)) == 8


def test_critical_applies_to_every_pellet_of_the_shell():
    """A 12's @critwin (one d6 for the shell) applies to each pellet: 1-2 Pain x2 -> 18 each."""
    state = _shotgun()
    res = resolve(state, Scripted(*two(SHELL + " 1", 12), ("@critwin", 1)), s1={"do": "attack", "target": "wolf_a"})
    assert [h["pain"] for h in _hits(res)] == [18] * 8
    assert len([r for r in res.rolls if "@critwin" in r.purpose]) == 1


def test_slug_is_one_projectile_with_its_own_pain():
    """A slug loaded: one projectile, Pain 45 (x C2 bullet 1.0), LDV +4."""
    state = _shotgun(ammo="Slug")
    res = resolve(state, Scripted(*two(SHELL + " 1", 10), ("limb damage", 2)), s1={"do": "attack", "target": "wolf_a"})
    assert [(h["pain"], h["limb"]) for h in _hits(res)] == [(45, 6)]


def test_buckshot_pain_per_shell_statistically():
    """Fixed seed, 300 single shells at FT 6: the share of shells landing pellets matches the 2d6 odds of a hit
    or landed inaccurate hit (9+: 10/36, 12 included; 7-8: 11/36 halved), and every landing shell lands 8."""
    state = _shotgun(loaded=6)
    landed, shells = 0, 300
    rng = Scripted(seed=11)
    for _ in range(shells):
        fresh = state.model_copy(deep=True)
        res = resolve(fresh, rng, s1={"do": "attack", "target": "wolf_a"})
        count = len(_hits(res))
        assert count in (0, 8)
        landed += count == 8
    expected = (10 / 36 + 11 / 72) * shells  # about 129
    assert abs(landed - expected) < 3 * (shells * 0.43 * 0.57) ** 0.5
