"""The rulebook's own examples and the rules the audit of `mazeworld-mechanics.txt` found untested or missing
(docs/rules/mazeworld.md, "Rules and their tests"): the firearm failure example, the wolf-and-bat and
side-change examples of "Range and movement", IS tier lowering, misfires skipped by recoil, mindless
creatures and temerity, the Gun Cleaning Kit by Repair level, cover's second action, the 20 combat skill
types, and the Hunting level reached by skill points."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.ruleset import ModerationRefused
from engine.rulesets.mazeworld import catalog as catalog_module
from engine.rulesets.mazeworld.catalog import COMBAT_SKILLS, catalog
from engine.rulesets.mazeworld.orders import Attack, MazeOrders
from engine.rulesets.mazeworld.passage import action_tier
from engine.rulesets.mazeworld.roster import load_sheet
from engine.rulesets.mazeworld.rules import TIER_WEIGHTS, skill_level
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.state import Effect, Wound
from tests.mazeworld.helpers import SHEET, Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round"
BAT = {"weapons": [*SHEET["weapons"], {"name": "Iron baseball bat"}], "wielded": "Iron baseball bat"}


def test_firearm_failures_the_texts_example():
    """Text "Firearm failures", Example: FT 6, a semi-automatic pistol at 83.57% cleanliness fires 8 times and
    rolls 7, 8, 5, 2, 8, 2, 7, 10. The first 2's d100 is 67 (at or under 83.57: a normal failure), the
    second's 92 (above: a critical failure, a stovepipe, and the turn ends: shots 7 and 8 are not fired)."""
    state = fight()
    state.creature("s1").weapons[0].cleanliness = 83.57
    scores = (7, 8, 5, 2, 8, 2, 7, 10)
    script = [d for i, s in enumerate(scores) for d in two(f"{SHOT} {i + 1}", s)]
    d2s = [(f"{SHOT} {i} inaccurate 1d2", 1) for i in (1, 2, 5)]  # the inaccurate hits all miss
    d100s = [(f"{SHOT} 4 cleanliness d100", 67), (f"{SHOT} 6 cleanliness d100", 92)]
    res = resolve(state, Scripted(*script, *d2s, *d100s), s1={"do": "attack", "target": "wolf_a", "rounds": 8})
    assert [r.result for r in res.rolls if "cleanliness d100" in r.purpose] == [67, 92]
    assert not [r for r in res.rolls if r.purpose.startswith((f"{SHOT} 7 ", f"{SHOT} 8 "))]
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 15 - 6
    public = texts(res, "public")
    assert sum("stovepipes" in t for t in public) == 1  # the first 2 was a plain failure
    assert not [t for t in public if "d100" in t or "67" in t]  # "Those rolls are hidden"


def test_range_and_movement_the_wolf_and_bat_example():
    """Text "Range and movement", first example: the Contestant on Side 1 with an iron baseball bat (IS 18)
    against a wolf on Side 2 biting (IS 3): the wolf goes first, moves to Side 1 and bites in one move; the
    Contestant then strikes it where it stands, without moving."""
    state = fight(sheet=BAT)
    res = resolve(state, Scripted(), s1={"do": "attack", "target": "wolf_a"}, wolf_a={"do": "attack", "target": "s1"})
    public = texts(res, "public")
    assert "Order of passage: Wolf A, Ann." in public
    assert "Wolf A closes in on side 1." in public and not any(t.startswith("Ann closes in") for t in public)
    assert res.state.creature("wolf_a").side == 1 and res.state.creature("s1").side == 1
    assert [r for r in res.rolls if r.purpose.startswith("s1 Iron baseball bat round 1 2d6")]


def test_non_combat_movement_cannot_evade_a_melee_attack_example():
    """Text "Range and movement", non-combat movement: the Contestant moves from Side 1 to Side 3 (IS 0, first),
    and the wolf "simply follows the Contestant from Side 2 into Side 3 and makes their attack"."""
    state = fight(sheet=BAT)
    res = resolve(state, Scripted(), s1={"do": "move", "side": 3}, wolf_a={"do": "attack", "target": "s1"})
    assert "Order of passage: Ann, Wolf A." in texts(res, "public")
    assert res.state.creature("wolf_a").side == 3 and res.state.creature("s1").side == 3
    assert [r for r in res.rolls if r.purpose.startswith("wolf_a Bite round 1 2d6")]


def test_is_tier_lowering_the_texts_examples():
    """Text "Initiative system": a Weight 14 weapon with IS tier -1 "IS thus becomes 9"; "Initiative Speed
    tiers": a Weight 2 weapon with an effect of 2 tiers down reaches IS tier 0, as fast as non-combat actions."""
    sheet = {"weapons": [{"name": "RPG-7", "loaded": 1}, {"name": "M67 grenade", "loaded": 1}], "wielded": "RPG-7"}
    state = fight(sheet={**sheet, "effects": [{"name": "Drilled", "is_tier": -1}]})
    tier = action_tier(state.creature("s1"), Attack(target="wolf_a"), 1)
    assert TIER_WEIGHTS[tier - 1] == 9
    state = fight(sheet={**sheet, "wielded": "M67 grenade", "effects": [{"name": "Drilled", "is_tier": -2}]})
    assert action_tier(state.creature("s1"), Attack(target="wolf_a"), 1) == 0


def test_misfires_do_not_count_for_recoil(monkeypatch):
    """Text "Firearm failure types", Misfire NOTE: "if six shots are attempted, but only 5 go off, then recoil
    is calculated as though only 5 shots have been fired". A pump-action at recoil level 5 (window of 3
    rounds): with round 1 misfiring, round 4 is only the third fired and keeps its aim; round 5 is shifted."""
    weapons = catalog().weapons
    monkeypatch.setitem(weapons, "Beretta M9", weapons["Beretta M9"].model_copy(
        update={"action": "pump", "modes": {"pump": 1}, "recoil": 5}))
    state = fight()
    script = [*two(f"{SHOT} 1", 2), (f"{SHOT} 1 cleanliness d100", 99)]
    script += [d for i in range(2, 6) for d in two(f"{SHOT} {i}", 3)]
    res = resolve(state, Scripted(*script), s1={"do": "attack", "target": "wolf_a", "rounds": 5, "part": "head"})
    assert any("misfires" in t for t in texts(res, "public"))
    shifted = [r.purpose.split(" @bodyaim")[0] for r in res.rolls if "@bodyaim" in r.purpose]
    assert shifted == [f"{SHOT} 5"]


def test_mindless_creatures_are_never_affected_by_temerity():
    """Text "Encounter generation and behavior": "certain creatures can never be affected by a temerity roll,
    such as mindless beings"; rulings "Temerity": for each non-mindless NPC."""
    for mindless, rolled in ((False, True), (True, False)):
        state = fight(wolves=2)
        state.creature("wolf_b").mindless = mindless
        state.creature("wolf_a").parts["head"].hp = 1
        res = resolve(state, Scripted(*two(f"{SHOT} 1", 11), ("limb damage", 3)),
                      s1={"do": "attack", "target": "wolf_a", "part": "head"})
        assert res.state.creature("wolf_a").status == "dead"
        assert bool([r for r in res.rolls if "wolf_b temerity" in r.purpose]) is rolled
    with pytest.raises(ModerationRefused):  # nor on a moderator's call
        RULESET.moderate(state, "temerity", {"target": "wolf_b"})


@pytest.mark.parametrize(("repair", "gain"), [(1, 10), (2, 15), (3, 20), (4, 25), (5, 30)])
def test_gun_cleaning_kit_by_repair_level(repair, gain):
    """Text "Repair skill", effects of skill levels: kits restore 10% (Lv1), 15, 20, 25, 30% per use; rulings
    "Cleanliness": a Gun Cleaning Kit use adds 10/15/20/25/30 by Repair level; never over 100%."""
    state = fight(sheet={"repair": repair})
    state.creature("s1").weapons[0].cleanliness = 50
    res = resolve(state, Scripted(), s1={"do": "use", "item": "Gun Cleaning Kit"})
    ann = res.state.creature("s1")
    assert ann.weapon("Beretta M9").cleanliness == 50 + gain and ann.items["Gun Cleaning Kit"] == 2
    ann.weapons[0].cleanliness = 95
    again = resolve(res.state, Scripted(), s1={"do": "use", "item": "Gun Cleaning Kit"})
    assert again.state.creature("s1").weapon("Beretta M9").cleanliness == 100


def test_cover_allows_another_action_except_taking_cover_again():
    """Text "Cover roll": success "allows the user to perform another action this turn (except taking cover
    again)": a `then:` of cover is refused when the order is read."""
    with pytest.raises(ValidationError):
        MazeOrders.model_validate({"action": {"do": "cover", "then": {"do": "cover"}}})
    assert MazeOrders.model_validate({"action": {"do": "cover", "then": {"do": "reload"}}}).action.then.do == "reload"


def test_contestants_enter_on_side_1_and_encounters_on_side_2_unless_placed():
    """Text "Doors and positioning": the Contestant always comes in from the South door (Side 1); "Range and
    movement": enemies start in sides 2-4; rulings "Sides": encounters on Side 2 unless placed."""
    state = fight()
    assert state.creature("s1").side == 1 and state.creature("wolf_a").side == 2
    assert load_sheet({"name": "Bo"}).side == 1


def test_combat_skill_types_are_the_texts_twenty_and_its_notes():
    """Text "Combat skill types": 11 firearm, 3 explosives and 6 melee skills; its Notes: automatic skills cover
    burst and full-auto, the KBP GM-94 is a grenade launcher (not pump-action), underslung launchers are
    grenade launchers, hand grenades are thrown weapons, unarmed combat is martial arts."""
    assert len(COMBAT_SKILLS) == len(set(COMBAT_SKILLS)) == 20
    weapons = catalog().weapons
    assert {w.skill for w in weapons.values()} <= set(COMBAT_SKILLS)
    assert weapons["AR70/90"].skill == "automatic rifle" and {"burst", "auto"} <= set(weapons["AR70/90"].modes)
    assert weapons["KBP GM-94"].skill == "grenade launcher" and "pump" in weapons["KBP GM-94"].modes
    assert weapons["M203 grenade launcher"].skill == "grenade launcher"
    assert weapons["M67 grenade"].skill == "thrown weapons" and weapons["Fists"].skill == "martial arts"
    with pytest.raises(ValueError, match="no skill lasers"):
        load_sheet({"name": "Bo", "skills": {"lasers": 40}})
    assert load_sheet({"name": "Bo", "skills": {"bolt-action": 40}}).skills == {"bolt-action": 40}
    raw = {"weapons": {"Laser": {"skill": "lasers", "weight": 3, "kind": "melee", "type": "Blunt", "pain": 1,
                                 "ldv": 0}}, "armour": {}, "bodies": {}, "species": {}, "items": {}, "recoil": {}}
    with pytest.raises(ValueError, match="not one of the 20 combat skill types"):
        catalog_module.build(raw)


def test_hunting_level_rises_with_its_skill_points():
    """Text "Hunting skill": "Successfully butcher a creature to acquire 1 Skill Point"; "Skill point
    requirements": Lv2 10 SP, Lv3 25, Lv4 100, Lv5 200. The contestant's player is told; a level given by the
    sheet is never lowered."""
    state = fight(wolves=2, sheet={"hunting": 1})
    state.phase = "aftermath"
    for wolf in ("wolf_a", "wolf_b"):
        state.creature(wolf).status = "dead"
    state.creature("s1").hunting_points = 9
    res = resolve(state, Scripted(), s1={"do": "butcher", "target": "wolf_a"})
    ann = res.state.creature("s1")
    assert (ann.hunting, ann.hunting_points) == (2, 10)
    said = [e for e in res.events if e.kind == "hunting"]
    assert [e.text for e in said] == ["Ann's Hunting is now level 2 (10 skill points)."]
    assert said[0].audience.kind == "players" and said[0].audience.ids == ["s1"]
    res = resolve(res.state, Scripted(), s1={"do": "butcher", "target": "wolf_b"})
    assert res.state.creature("s1").hunting == 2  # 11 points: still Lv2
    state.creature("s1").hunting, state.creature("s1").hunting_points = 4, 24
    res = resolve(state, Scripted(), s1={"do": "butcher", "target": "wolf_a"})
    assert res.state.creature("s1").hunting == 4 and not [e for e in res.events if e.kind == "hunting"]


def test_executions_cannot_miss_and_may_be_tried_again_during_combat():
    """Text "Executions": "executions cannot miss. An execution can fail if it doesn't kill immediately,
    however it can be attempted again"; "Executions can be performed during combat"."""
    state = fight(wolves=2)  # Wolf B stands: combat goes on
    wolf = state.creature("wolf_a")
    wolf.status, wolf.pain, wolf.parts["head"].hp = "blacked_out", 110, 6
    first = resolve(state, Scripted(("limb damage", 1)), s1={"do": "execute", "target": "wolf_a"})
    assert first.state.phase == "combat" and not [r for r in first.rolls if "2d6" in r.purpose]
    assert first.state.creature("wolf_a").status == "blacked_out"  # head 6 - (1 + 1): alive, not missed
    assert first.state.creature("wolf_a").parts["head"].hp == 4
    second = resolve(first.state, Scripted(("limb damage", 8)), s1={"do": "execute", "target": "wolf_a"})
    assert second.state.creature("wolf_a").status == "dead"


@pytest.mark.parametrize(("points", "level"), [
    (0, "unskilled"), (9.9, "unskilled"), (10, "basic"), (24.9, "basic"), (25, "skilled"), (49.9, "skilled"),
    (50, "expert"), (99.9, "expert"), (100, "master"), (400, "master")])
def test_combat_skill_levels_at_their_bounds(points, level):
    """Text "Combat skill levels": Unskilled 0-9.9, Basic 10-24.9, Skilled 25-49.9, Expert 50-99.9, Master 100+
    (their FT and IR: test_attack_rolls.py::test_attack_rolls_ft_base_part_skill_pain_cover)."""
    assert skill_level(points) == level


def test_critical_failure_with_a_melee_weapon_simply_misses():
    """Text "Scoring 2": "Melee weapons will simply fail to hit in most cases"; rulings "Critical failure (2):
    melee misses": no d100, no harm to the user, and its next hit is rolled as usual."""
    state = fight(sheet={"wielded": "Combat knife"})
    state.creature("wolf_a").side = 1
    knife = "s1 Combat knife round"
    res = resolve(state, Scripted(*two(f"{knife} 1", 2), *two(f"{knife} 2", 10), ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a", "rounds": 2})
    assert not [r for r in res.rolls if "d100" in r.purpose or "self-harm" in r.purpose]
    assert res.state.creature("s1").pain == 0
    assert res.state.creature("wolf_a").pain == 10  # only the second hit: 12 x C2 .86 = 10.32


def test_temerity_anxious_and_anger_change_ft_for_the_next_turn():
    """Rulings "Temerity": 26-45 anxious (FT+1 next turn); 91-100 anger (FT-1, never flees); gone after."""
    from engine.rng import RecordingRng
    from engine.rulesets.mazeworld.aim import ft_ir
    from engine.rulesets.mazeworld.turn import Turn

    state = fight()
    wolf, ann = state.creature("wolf_a"), state.creature("s1")
    bite = catalog().species["Wolf"].attacks["Bite"]

    def ft() -> int:
        return ft_ir(Turn(state, RecordingRng(0)), wolf, ann, bite, False, "torso", 0, False)[0]

    assert ft() == 6
    wolf.effects = [Effect(name="anxious", until=2)]
    state.day = 2
    assert ft() == 7
    state.day = 3
    assert ft() == 6
    wolf.effects = [Effect(name="anger", until=3)]
    assert ft() == 5


def test_a_passed_out_creature_is_helpless_until_damaged():
    """Text "Encounter generation and behavior": a creature that passes out "can be looted and robbed from
    without retaliation, until something wakes it up"; rulings: "1-10 pass out (helpless until damaged)"."""
    state = fight(wolves=2)
    state.creature("wolf_a").status = "passed_out"
    assert "wolf_a" not in RULESET.awaiting(state)
    res = resolve(state, Scripted(*two(f"{SHOT} 1", 10), ("limb damage", 1)), s1={"do": "attack", "target": "wolf_a"})
    assert res.state.creature("wolf_a").status == "active" and "Wolf A wakes up." in texts(res, "public")


def test_turn_resolution_steps_in_order():
    """Text "Turn resolution steps": 3) "Start of Turn x"; 5) the order of passage; 6) the actions in that order;
    8) end-of-turn effects on all concerned (a wound bleeds), then "End of Turn x"."""
    state = fight()
    state.creature("wolf_a").wounds = [Wound(part="body", by="s1")]
    res = resolve(state, Scripted(*two(f"{SHOT} 1", 4), ("wolf_a wound body 1d6", 1)),
                  s1={"do": "attack", "target": "wolf_a"})
    public = texts(res, "public")
    shot = next(i for i, t in enumerate(public) if t.startswith("Ann attacks Wolf A"))
    steps = [public.index("Start of Turn 1."), public.index("Order of passage: Wolf A, Ann."), shot,
             public.index("End of Turn 1.")]
    assert steps == sorted(steps) and steps[0] == 0
    assert res.state.creature("wolf_a").pain == 2  # the bleed of step 8


def test_turn_resolution_steps_in_order_in_the_turns_post():
    """Text "Turn resolution steps": "End of Turn x" comes after the actions in the turn's post too, where the
    front groups the public events by section (it was listed with the order of passage, before the actions)."""
    from engine.rulesets.mazeworld.front.game import FRONT

    state = fight()
    res = resolve(state, Scripted(*two(f"{SHOT} 1", 4)), s1={"do": "attack", "target": "wolf_a"})
    public = [e for e in res.events if e.audience.kind == "public"]

    def rank(event) -> int:
        return FRONT.posts.rank(FRONT.posts.section_of(event.kind))

    end = next(e for e in public if e.text == "End of Turn 1.")
    shot = next(e for e in public if e.text.startswith("Ann attacks Wolf A"))
    start = next(e for e in public if e.text == "Start of Turn 1.")
    assert rank(start) < rank(shot) < rank(end)
    assert all(rank(e) <= rank(end) for e in public)  # nothing is listed after the turn's end


@pytest.mark.parametrize(("part", "pain", "hurt", "limb"), [
    ("head", 17, "head", 4), ("upper body", 17, "upper body", 4), ("left arm", 7, "left arm", 4),
    ("right hand", 9, "right hand", 4), ("left foot", 9, "left foot", 4), ("crotch", 34, "lower body", 8)])
def test_aiming_and_body_parts_every_group_on_a_human(part, pain, hurt, limb):
    """Text "Aiming and body parts", the table: HEAD 1x, BODY 1x, LIMB 0.4x Pain, EXTREMITY 0.5x Pain, WEAK
    POINT 2x Pain and 2x limb damage to the nearest part (crotch -> lower body). A Beretta (Pain 20) on a C3
    Thug (bullet x0.85): 17, 17, 6.8 -> 7, 8.5 -> 9, 34; limb damage (1d8 3 + LDV 1) x1, or x2."""
    state = fight(wolves=0)
    res = resolve(state, Scripted(*two(f"{SHOT} 1", 11), ("limb damage", 3)),
                  s1={"do": "attack", "target": "thug_a", "part": part})
    thug = res.state.creature("thug_a")
    assert thug.pain == pain + 2 * len(thug.wounds)  # a wound (5+ limb damage) bleeds 2 at the turn's end
    assert thug.parts[hurt].max_hp - thug.parts[hurt].hp == limb


def test_a_bare_bones_description_takes_the_defaults():
    """Text "How to describe a combat action": "Jack fires at the hellhound with his AR70/90" is read as
    semi-auto, one shot, at the chest; "Remember the following steps" 4-6: torso, the lowest fire mode, the
    lowest non-zero amount."""
    state = fight(sheet={"wielded": "AR70/90"})
    res = resolve(state, Scripted(*two("s1 AR70/90 round 1", 10), ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert [r.purpose for r in res.rolls if r.purpose.startswith("s1 AR70/90") and "2d6 a" in r.purpose] == [
        "s1 AR70/90 round 1 2d6 a"]
    assert res.state.creature("s1").weapon("AR70/90").loaded == 29
    assert "Ann attacks Wolf A with AR70/90: 10 hit (body)." in texts(res, "public")


def test_explosive_and_fire_ignore_armour():
    """Rulings "Damage": "Explosive and Fire ignore AC": full Pain and no armour level on an A5 part."""
    from engine.rulesets.mazeworld.damage import compute
    from engine.rulesets.mazeworld.turn import Turn

    state = fight()
    ann, wolf = state.creature("s1"), state.creature("wolf_a")
    wolf.armour["body"] = "A5"
    bullet = catalog().weapons["Beretta M9"]
    for kind, pain in (("Bullet", 1), ("Blunt", 0), ("Explosive", 20), ("Fire", 20)):
        hit = compute(Turn(state, Scripted(("limb damage", 8))), ann, wolf, bullet.model_copy(update={"type": kind}),
                      "body", False)
        assert (hit.pain, hit.limb) == (pain, 9 if pain == 20 else 4), kind


def test_hunting_needs_the_skill_and_happens_after_combat():
    """Text "Hunting skill": "Lv0 - Unaware: Skill is inactive and the Contestant cannot hunt at all"; rulings
    "Hunting": `butcher` after combat (Lv1+)."""
    state = fight()
    state.phase = "aftermath"
    state.creature("wolf_a").status = "dead"
    order = MazeOrders.model_validate({"action": {"do": "butcher", "target": "wolf_a"}})
    assert RULESET.validate(state, "s1", order) == "Ann cannot hunt (Hunting level 0)."
    state.creature("s1").hunting = 1
    assert RULESET.validate(state, "s1", order) is None


def test_an_execution_may_be_done_outside_of_combat():
    """Text "Executions": "Executions can be performed during combat, or outside of combat" (the aftermath)."""
    state = fight()
    state.phase = "aftermath"
    state.creature("wolf_a").status = "blacked_out"
    for do, refused in (("execute", False), ("attack", True)):
        order = MazeOrders.model_validate({"action": {"do": do, "target": "wolf_a"}})
        assert (RULESET.validate(state, "s1", order) is not None) is refused
