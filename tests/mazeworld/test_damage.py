"""Mazeworld damage (mazeworld-rulings.md "Damage"; text "Aiming and body parts", "Kill assists",
"Executions"): Pain and limb damage formulas, part factors, weak points, Pain states, limbs disabled and
severed, injuries, deaths, kills and skill points, end-of-turn Pain."""

from __future__ import annotations

from engine.rulesets.mazeworld.catalog import Item, Thrown, catalog
from engine.rulesets.mazeworld.damage import half_up
from engine.rulesets.mazeworld.state import Wound
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round 1"


def _hit(state, part, limb_face=3, **extra):
    return resolve(state, Scripted(*two(SHOT, 11), ("limb damage", limb_face), **extra),
                   s1={"do": "attack", "target": "wolf_a", "part": part})


def test_damage_pain_and_limb_formula_torso():
    """Pain = 20 x C2 bullet 1.0 x torso 1 x 1.0 = 20; limb = (1d8 3 + LDV 1 - level 0) x 1 = 4."""
    res = _hit(fight(), "body")
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 20 and wolf.parts["body"].hp == 26


def test_aiming_part_factors_limb_and_weak_point():
    """Text "Aiming and body parts": LIMB 0.4x Pain; WEAK POINT 2x Pain, 2x limb damage to the nearest part
    (eyes -> head)."""
    leg = _hit(fight(), "front left leg").state.creature("wolf_a")
    assert leg.pain == 8 and leg.parts["front left leg"].hp == 12 - 4
    eyes = _hit(fight(), "eyes", limb_face=1).state.creature("wolf_a")
    assert eyes.pain == 40 and eyes.parts["head"].hp == 6 - 4


def test_damage_round_half_up():
    assert (half_up(10.5), half_up(10.49), half_up(2.5)) == (11, 10, 3)


def test_damage_armour_class_factor_and_level():
    """A1 against a bullet: Pain x0.7, limb damage - armour level 1."""
    state = fight()
    state.creature("wolf_a").armour = dict.fromkeys(state.creature("wolf_a").armour, "A1")
    wolf = _hit(state, "body").state.creature("wolf_a")
    assert wolf.pain == 14 and wolf.parts["body"].hp == 30 - 3


def test_human_limbs_head_disabled_is_death_and_kill_credit():
    """"Human limbs": head disabled: dead. "Kill": +1 to the weapon's skill, the contestants' tally."""
    state = fight()
    state.creature("wolf_a").parts["head"].hp = 1
    res = _hit(state, "head")
    assert res.state.creature("wolf_a").status == "dead"
    ann = res.state.creature("s1")
    assert ann.kills == 1 and ann.skills["semi-auto pistol"] == 11 and res.state.tally == 1
    assert "Ann kills Wolf A." in texts(res, "public")


def test_pain_blackout_and_death_thresholds():
    """Pain 100 blacked out; 150 dead; blacked out and under 100 at the end of a turn: wakes."""
    state = fight()
    state.creature("wolf_a").pain = 85
    res = _hit(state, "body")
    assert res.state.creature("wolf_a").status == "blacked_out"
    state.creature("wolf_a").pain = 135
    assert _hit(state, "body").state.creature("wolf_a").status == "dead"
    state = fight(pain_regen=2)
    state.creature("wolf_a").pain = 101
    state.creature("wolf_a").status = "blacked_out"
    woke = resolve(state, Scripted())
    assert woke.state.creature("wolf_a").status == "active" and woke.state.creature("wolf_a").pain == 99


def test_pain_states_public_in_words_private_in_numbers():
    """Visibility: conditions in words are public; the contestant's own Pain % only to them."""
    state = fight()
    state.creature("wolf_a").side = 1
    bite = "wolf_a Bite round 1"
    res = resolve(state, Scripted(*two(bite, 10), ("limb damage", 3)), wolf_a={"do": "attack", "target": "s1"})
    public = texts(res, "public")
    assert "Ann: hurt." in public
    assert not any("%" in t for t in public)
    mine = [e for e in res.events if e.audience.kind == "players"]
    assert mine and all(e.audience.ids == ["s1"] for e in mine)
    assert any("Pain 13%" in e.text for e in mine)


def test_human_limbs_severed_lower_body_and_disabled_arm():
    """Lower body severed (-50%): dead; a disabled limb is said in words."""
    state = fight(wolves=0)  # a Thug: human
    thug = state.creature("thug_a")
    thug.parts["lower body"].hp = -10
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 8)),
                  s1={"do": "attack", "target": "thug_a", "part": "lower body"})
    assert res.state.creature("thug_a").status == "dead"
    state = fight(wolves=0)
    state.creature("thug_a").parts["left arm"].hp = 2
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 4)),
                  s1={"do": "attack", "target": "thug_a", "part": "left arm"})
    assert any("left arm disabled" in t for t in texts(res, "public"))


def test_injuries_blunt_fracture():
    """A Blunt hit of 25+ Pain breaks the part (head: FT+1, not death)."""
    state = fight(sheet={"weapons": [{"name": "Iron baseball bat"}], "wielded": "Iron baseball bat"})
    state.creature("wolf_a").side = 1
    state.creature("wolf_a").armour = dict.fromkeys(state.creature("wolf_a").armour, "C1")
    bat = "s1 Iron baseball bat round 1"
    res = resolve(state, Scripted(*two(bat, 10), ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a", "part": "head"})
    wolf = res.state.creature("wolf_a")
    assert wolf.parts["head"].broken and wolf.parts["head"].hp == 3 and wolf.status == "active"
    assert any("head broken" in t for t in texts(res, "public"))


def test_injuries_wound_bleeds_and_closes_bandage_closes_all():
    """A Bullet hit of 5+ limb damage opens a wound: +2 Pain at end of turn, then 1d6 5+ closes it."""
    state = fight()
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 4), ("wound body 1d6", 4)),
                  s1={"do": "attack", "target": "wolf_a", "part": "body"})
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 22 and len(wolf.wounds) == 1
    closed = resolve(res.state, Scripted(("wound body 1d6", 5)))
    assert closed.state.creature("wolf_a").pain == 24 and not closed.state.creature("wolf_a").wounds
    state.creature("s1").wounds = [Wound(part="upper body"), Wound(part="left arm")]
    bandaged = resolve(state, Scripted(), s1={"do": "use", "item": "Bandage"})
    assert not bandaged.state.creature("s1").wounds and "Bandage" not in bandaged.state.creature("s1").items


def test_injuries_wound_kill_goes_to_who_opened_it():
    """"Kill: whose hit, wound or fire killed"."""
    state = fight()
    wolf = state.creature("wolf_a")
    wolf.pain = 149
    state = state.model_validate({**state.model_dump(), "creatures": [
        {**c.model_dump(), "wounds": [{"part": "body", "by": "s1"}]} if c.id == "wolf_a" else c.model_dump()
        for c in state.creatures]})
    res = resolve(state, Scripted())
    assert res.state.creature("wolf_a").status == "dead" and res.state.creature("s1").kills == 1


def test_injuries_burning():
    """Fire: +10 Pain at end of turn, 1d6 5+ puts it out."""
    state = fight()
    state.creature("wolf_a").burning = "s1"
    res = resolve(state, Scripted(("fire 1d6", 4)))
    assert res.state.creature("wolf_a").pain == 10 and res.state.creature("wolf_a").burning == "s1"
    out = resolve(res.state, Scripted(("fire 1d6", 6)))
    assert out.state.creature("wolf_a").pain == 20 and out.state.creature("wolf_a").burning is None


def test_pain_regen_end_of_turn_and_painkillers():
    """End of turn -2 (`pain_regen = 2`); Painkillers -20 Pain."""
    state = fight(pain_regen=2)
    state.creature("s1").pain = 50
    res = resolve(state, Scripted(), s1={"do": "use", "item": "Painkillers"})
    assert res.state.creature("s1").pain == 28


def test_execution_no_roll_every_hit_lands_on_the_head():
    """Execution: blacked-out target, no 2d6, each hit a Hit on the named part (default head)."""
    state = fight()
    state.creature("wolf_a").status = "blacked_out"
    state.creature("wolf_a").pain = 120
    res = resolve(state, Scripted(("limb damage", 5)), s1={"do": "execute", "target": "wolf_a"})
    assert not [r for r in res.rolls if "2d6" in r.purpose]
    assert res.state.creature("wolf_a").status == "dead"  # head 6 - (5 + 1) = 0


def test_kill_by_a_wound_gives_the_point_to_the_skill_of_the_weapon_that_opened_it():
    """Rulings "Skills, kills, hunting": "Kill: whose hit, wound or fire killed. +1 point to that weapon's
    skill". A Beretta hit on a leg (limb 4 + LDV 1 = 5) opens a wound without killing (140 + 8 Pain); the
    wound's +2 at the end of the turn kills: the kill and a semi-auto pistol point go to Ann."""
    state = fight()
    state.creature("wolf_a").pain = 140
    res = resolve(state, Scripted(*two(SHOT, 10), ("limb damage", 4)),
                  s1={"do": "attack", "target": "wolf_a", "part": "front left leg"})
    ann, wolf = res.state.creature("s1"), res.state.creature("wolf_a")
    assert wolf.status == "dead" and wolf.pain == 150  # 148 after the hit, the wound's 2 at the end
    assert ann.kills == 1 and ann.skills.get("semi-auto pistol") == 11


def test_kill_by_fire_gives_the_point_to_the_skill_of_the_item_that_set_it(monkeypatch):
    """Rulings "Skills, kills, hunting" and "Injuries" (fire: +10 Pain at the end of the turn): a burning item
    thrown (Fire 1, Thrown weapons) sets the wolf burning without killing it; the fire kills it at the end
    of the turn: the kill and a Thrown weapons point go to Ann."""
    monkeypatch.setitem(catalog().items, "Torch", Item(thrown=Thrown(type="Fire", pain=1, ldv=-9)))
    state = fight(sheet={"items": {"Torch": 1}})
    state.creature("wolf_a").pain = 145
    torch = "s1 Torch round 1"
    res = resolve(state, Scripted(*two(torch, 10), ("limb damage", 1), ("fire 1d6", 1)),
                  s1={"do": "attack", "target": "wolf_a", "throw": True, "item": "Torch"})
    ann, wolf = res.state.creature("s1"), res.state.creature("wolf_a")
    assert wolf.status == "dead" and wolf.pain == 156  # 146 after the throw, the fire's 10 at the end
    assert ann.kills == 1 and ann.skills.get("thrown weapons") == 11


def test_states_stored_before_wounds_and_fire_kept_their_skill_still_load():
    """A state stored before wounds and burning kept the weapon's skill loads (no skill: a kill, no point)."""
    state = fight()
    dumped = state.model_dump(mode="json")
    wolf = next(c for c in dumped["creatures"] if c["id"] == "wolf_a")
    del wolf["burning_skill"]
    wolf["wounds"], wolf["burning"] = [{"part": "body", "by": "s1"}], "s1"
    loaded = type(state).model_validate(dumped)
    assert loaded.creature("wolf_a").wounds[0].skill == "" and loaded.creature("wolf_a").burning_skill == ""
