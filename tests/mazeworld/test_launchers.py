"""Mazeworld launchers and planted explosives (text "Combat skill types": grenade launcher, rocket launcher,
planted explosives; "Any form of planted explosive that is thrown instead of properly planted, is instead
covered by the Thrown weapons skill"; rulings "Explosives"; docs/rules/mazeworld.md, "Weapons: accessories,
launchers, shotguns, ammunition")."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.mazeworld.blast import power
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.state import Charge
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

GM94 = "s1 KBP GM-94 shell"


def _launcher(name="KBP GM-94", loaded=3, wolves=2):
    return fight(wolves=wolves, sheet={"weapons": [{"name": name, "loaded": loaded, "spare": 3}], "wielded": name})


def _valid(state, action, cid="s1"):
    return RULESET.validate(state, cid, MazeOrders.model_validate({"action": action}))


def test_explosives_power_bands():
    """Rulings "Explosives": effective = roll + 6 - FT; 11+ direct x1, 9-10 close x0.75, 7-8 far x0.5, 5-6
    distant x0.25, less a miss."""
    assert power(11, 6) == (1.0, "direct")
    assert power(10, 6) == (0.75, "close")
    assert power(8, 7) == (0.5, "far")
    assert power(5, 6) == (0.25, "distant")
    assert power(4, 6) is None


def test_launcher_one_2d6_per_shell_explosives_not_bullet_bands():
    """One 2d6 per shell at the creature: a 9 is "close" (x0.75: 45 Pain -> 34), not a bullet band; a natural 2
    is a dud; each shell spends a round."""
    state = _launcher(wolves=1)
    rng = Scripted(*two(GM94 + " 1", 9), *two(GM94 + " 2", 2), *two(GM94 + " 3", 4), ("limb damage", 1))
    res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a", "rounds": 3})
    public = texts(res, "public")
    assert any("KBP GM-94: 9 close" in t for t in public)
    assert any("KBP GM-94 is a dud" in t for t in public)
    assert any("KBP GM-94: 4 miss" in t for t in public)
    assert res.state.creature("wolf_a").pain == 34  # round(45 x 0.75 = 33.75); Explosive ignores AC
    assert res.state.creature("s1").weapon("KBP GM-94").loaded == 0
    shells = Counter(r.purpose.split(" 2d6")[0] for r in res.rolls if " 2d6 " in r.purpose)
    assert shells == {f"{GM94} {i}": 2 for i in (1, 2, 3)}


def test_launcher_splash_hits_others_on_the_side_not_in_cover_pain_only():
    """Rulings "Explosives": the others on the target's side not in cover take that Pain only."""
    state = _launcher(wolves=3)
    state.creature("wolf_c").cover = True
    rng = Scripted(*two(GM94 + " 1", 11))
    res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a"})
    wolves = {c.id: c for c in res.state.creatures if c.id.startswith("wolf")}
    assert wolves["wolf_a"].pain == 45 and wolves["wolf_b"].pain == 45 and wolves["wolf_c"].pain == 0
    assert wolves["wolf_b"].parts["body"].hp == 30


def test_launcher_skill_kill_credit_and_single_shot_limit():
    """A launcher uses its own skill (a kill adds a Grenade or Rocket launcher point); an RPG-7 (single shot)
    fires at most 1 a turn."""
    state = _launcher(name="RPG-7", loaded=1, wolves=1)
    assert _valid(state, {"do": "attack", "target": "wolf_a", "rounds": 2}) == "RPG-7 fires at most 1 a turn in that mode."
    assert "cannot be aimed" in _valid(state, {"do": "attack", "target": "wolf_a", "part": "head"})
    rng = Scripted(("s1 RPG-7 shell 1 @bodyaim", 1), *two("s1 RPG-7 shell 1", 12), ("limb damage", 8))
    res = resolve(state, rng, s1={"do": "attack", "target": "wolf_a"})
    assert res.state.creature("wolf_a").status == "dead"
    assert res.state.creature("s1").skills["rocket launcher"] == 11


def test_plant_then_detonate_hits_everyone_on_that_side_not_in_cover():
    """Our ruling: `plant` puts a charge on one's own side (non-combat, the planter's Planted explosives FT
    kept); a later `detonate` sets it off: one 2d6, and everyone on that side not in cover, the planter
    included, takes Pain and limb damage times the power on an @bodyaim part."""
    state = fight(wolves=2, sheet={"weapons": [{"name": "C4 charge", "loaded": 2}], "wielded": None})
    state.creature("s1").side = 2
    res = resolve(state, Scripted(seed=5), s1={"do": "plant", "weapon": "C4 charge"})
    after = res.state
    assert [(c.weapon, c.side, c.by, c.ft, c.explodes) for c in after.charges] == [("C4 charge", 2, "s1", 6, None)]
    assert after.creature("s1").weapon("C4 charge").loaded == 1
    assert any("Ann plants C4 charge on side 2" in t for t in texts(res, "public"))
    after.creature("s1").side = 1
    after.creature("wolf_b").cover = True
    rng = Scripted(*two("s1 C4 charge charge side 2", 10), ("@bodyaim", 5), ("limb damage", 1))
    boom = resolve(after, rng, s1={"do": "detonate"})
    assert not boom.state.charges
    assert any("C4 charge goes off on side 2 (10): close" in t for t in texts(boom, "public"))
    assert boom.state.creature("wolf_a").pain == 60  # 80 x 0.75 on the body (@bodyaim 5: upper body)
    assert boom.state.creature("wolf_b").pain == 0 and boom.state.creature("s1").pain == 0


def test_timed_charge_explodes_at_end_of_turn_its_fuse_says():
    """Default data: a Timed charge (fuse 1) planted on turn 1 goes off at the end of turn 2."""
    state = fight(wolves=1, sheet={"weapons": [{"name": "Timed charge", "loaded": 1}], "wielded": None})
    state.creature("s1").side = 2
    first = resolve(state, Scripted(seed=5), s1={"do": "plant", "weapon": "Timed charge"})
    assert first.state.charges[0].explodes == 2
    first.state.creature("s1").side = 1
    second = resolve(first.state, Scripted(*two("Timed charge charge side 2", 11), ("@bodyaim", 5)))
    assert not second.state.charges
    assert second.state.creature("wolf_a").pain == 70


def test_planted_explosive_thrown_uses_thrown_weapons_skill():
    """Text: a planted explosive thrown instead of planted is covered by the Thrown weapons skill (Unskilled
    FT+1, whatever the Planted explosives skill)."""
    state = fight(wolves=1, sheet={"weapons": [{"name": "C4 charge", "loaded": 1}], "wielded": "C4 charge",
                                   "skills": {"thrown weapons": 5, "planted explosives": 100}})
    res = resolve(state, Scripted(*two("s1 C4 charge throw", 11)), s1={"do": "attack", "target": "wolf_a"})
    assert any("C4 charge: 11 close" in t for t in texts(res, "public"))  # 11 + 6 - 7 = 10: close
    assert [e.data["skill"] for e in res.events if e.kind == "damage"][0] == "thrown weapons"


def test_plant_and_detonate_refusals():
    """Clear refusals: planting what is not a planted explosive or none left; detonating with no charge."""
    state = fight(sheet={"weapons": [{"name": "C4 charge", "loaded": 0}, {"name": "Beretta M9", "loaded": 1}],
                         "wielded": "Beretta M9"})
    assert _valid(state, {"do": "plant", "weapon": "Beretta M9"}) == "Beretta M9 is not an explosive to plant."
    assert _valid(state, {"do": "plant", "weapon": "C4 charge"}) == "Ann has no C4 charge left."
    assert _valid(state, {"do": "detonate"}) == "Ann has no planted charge waiting for a detonator."
    state.charges.append(Charge(weapon="Timed charge", side=2, by="s1", ft=6, explodes=3))
    assert _valid(state, {"do": "detonate"}) == "Ann has no planted charge waiting for a detonator."


def test_npc_charge_blast_hides_its_2d6():
    """Rulings "Visibility": an NPC's 2d6 is not public; its charge's band is."""
    state = fight(wolves=1)
    state.charges.append(Charge(weapon="C4 charge", side=1, by="wolf_a", ft=6, explodes=1))
    res = resolve(state, Scripted(*two("wolf_a C4 charge charge side 1", 7)))
    public = texts(res, "public")
    assert "C4 charge goes off on side 1: far." in public  # 7 + 6 - 6 = 7: far
    assert not any("(7)" in t for t in public)


def test_stealthed_planter_stays_unseen_planting_and_detonating():
    """Rulings "Visibility" and "Stealth": a creature in stealth is not announced; its planting and its
    detonation go to its own player, the blast is public but names no planter, and stealth is kept (a
    detonation from hiding is not a shot at anyone)."""
    state = fight(wolves=1, sheet={"weapons": [{"name": "C4 charge", "loaded": 1}], "wielded": None})
    state.creature("s1").stealth = True
    res = resolve(state, Scripted(seed=5), s1={"do": "plant", "weapon": "C4 charge"})
    assert not any("plants" in t for t in texts(res, "public"))
    assert any("Ann plants C4 charge on side 1" in t for t in texts(res, "players"))
    after = res.state
    after.creature("s1").side = 3
    boom = resolve(after, Scripted(*two("s1 C4 charge charge side 1", 2)), s1={"do": "detonate"})
    public = [e for e in boom.events if e.audience.kind == "public"]
    assert any(e.text == "C4 charge on side 1 is a dud." for e in public)
    assert not any("Ann" in e.text or "s1" in str(e.data) for e in public if e.kind in ("blast", "dud", "detonate"))
    assert boom.state.creature("s1").stealth
