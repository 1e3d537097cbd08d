"""Mazeworld IS tier effects (text "Initiative Speed tiers": "If multiple tier lowering effects are active,
they stack"; "IS Tier 0 can be reached through effects modifying IS ... as fast as non-combat actions";
rulings "Order of passage": "Tier effects stack, floor 0"): accessories, items and a sheet's `effects` move a
weapon's tier; an attack at tier 0 ties with the non-combat actions in a speed conflict."""

from __future__ import annotations

from engine.rulesets.mazeworld.orders import Attack, Detonate, Skip
from engine.rulesets.mazeworld.passage import action_tier
from engine.rulesets.mazeworld.state import Effect
from tests.mazeworld.helpers import Scripted, fight, resolve, texts


def _tier(state, action, cid="s1"):
    return action_tier(state.creature(cid), action, state.day)


def test_weight_tier_then_accessory_and_effect_stack():
    """Beretta M9 weight 3 is tier 3; a skeleton stock (IS tier -1) and a sheet effect (-1) stack: tier 1."""
    state = fight()
    shot = Attack(target="wolf_a")
    assert _tier(state, shot) == 3
    state.creature("s1").weapon("Beretta M9").accessories = ["Skeleton stock"]
    assert _tier(state, shot) == 2
    state.creature("s1").effects.append(Effect(name="Quick hands", is_tier=-1))
    assert _tier(state, shot) == 1


def test_tier_floor_zero_and_concentration_untouched():
    """"Tier effects stack, floor 0"; tier 99 is reached only by Concentrating, whatever the effects."""
    state = fight(sheet={"effects": [{"name": "Blur", "is_tier": -5}]})
    assert _tier(state, Attack(target="wolf_a")) == 0
    assert _tier(state, Attack(target="wolf_a", concentrate=True)) == 99
    assert _tier(state, Skip()) == 0


def test_effects_expire_and_raise_too():
    """An effect lasts through its `until` turn; an announced bipod (IS tier +1) slows the attack."""
    state = fight(sheet={"effects": [{"name": "Rush", "is_tier": -2, "until": 1}]})
    assert _tier(state, Attack(target="wolf_a")) == 1
    state.day = 2
    assert _tier(state, Attack(target="wolf_a")) == 3
    rifle = fight(sheet={"weapons": [{"name": "AR70/90", "loaded": 30, "accessories": ["Bipod"]}],
                         "wielded": "AR70/90"})
    assert _tier(rifle, Attack(target="wolf_a")) == 5
    assert _tier(rifle, Attack(target="wolf_a", accessory="Bipod")) == 6


def test_tier_zero_attack_ties_with_non_combat_action_speed_conflict():
    """Text: attacks at IS 0 "are as fast as non-combat actions": a tier-0 attack and a wolf's skip are a speed
    conflict (1d2); at tier 3 the skipping wolf simply goes first."""
    state = fight()
    res = resolve(state, Scripted(seed=4), s1={"do": "attack", "target": "wolf_a"}, wolf_a={"do": "skip"})
    assert not any("Speed conflict" in t for t in texts(res, "public"))
    assert any("Order of passage: Wolf A, Ann." in t for t in texts(res, "public"))
    state.creature("s1").effects.append(Effect(name="Blur", is_tier=-3))
    res = resolve(state, Scripted(("speed conflict 1d2", 2), seed=4), s1={"do": "attack", "target": "wolf_a"},
                  wolf_a={"do": "skip"})
    public = texts(res, "public")
    assert any("Speed conflict among Ann, Wolf A: 1d2=2" in t for t in public)
    assert any("Order of passage: Wolf A, Ann." in t for t in public)  # 1d2=2 picks the second sorted: wolf_a


def test_boost_item_lowers_tier_for_its_turns():
    """Default data: an Adrenaline shot (item effect `boost`, IS tier -1 for 3 turns) gives its user an effect
    from the turn it is used."""
    state = fight(sheet={"items": {"Adrenaline shot": 1}})
    res = resolve(state, Scripted(seed=1), s1={"do": "use", "item": "Adrenaline shot"})
    after = res.state
    assert "Adrenaline shot" not in after.creature("s1").items
    assert [(e.name, e.is_tier, e.until) for e in after.creature("s1").effects] == [("Adrenaline shot", -1, 4)]
    assert _tier(after, Attack(target="wolf_a")) == 2
    after.day = 5
    assert _tier(after, Attack(target="wolf_a")) == 3


def test_detonation_is_tier_one_moved_by_effects():
    """Our ruling: a detonator is tier 1 (the lightest weight), moved by the creature's effects, floor 0."""
    state = fight()
    assert _tier(state, Detonate()) == 1
    state.creature("s1").effects.append(Effect(name="Blur", is_tier=-2))
    assert _tier(state, Detonate()) == 0


def test_sheet_effect_ft_and_ir_apply_to_attacks():
    """Rulings "Attack rolls": FT = ... + effects; IR = 2 - skill - effects (a sheet's effects count)."""
    from engine.rulesets.mazeworld import arms
    from engine.rulesets.mazeworld.aim import ft_ir
    from engine.rulesets.mazeworld.catalog import catalog
    from engine.rulesets.mazeworld.turn import Turn
    from engine.rng import RecordingRng

    state = fight(sheet={"effects": [{"name": "Steady", "ft": -1, "ir": -1}]})
    me = state.creature("s1")
    mods = arms.modifiers(me, me.weapon("Beretta M9"), None, 1)
    turn = Turn(state, RecordingRng(0))
    weapon = catalog().weapons["Beretta M9"]
    assert ft_ir(turn, me, state.creature("wolf_a"), weapon, False, "torso", 0, False, mods) == (5, 1)
