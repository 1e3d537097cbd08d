"""The numbers an attack roll is made against (rulings "Attack rolls"): FT and IR with every modifier (body
part, skill, Pain, limbs, cover, recoil, temerity, Concentrate, and the accessories and effects of
docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition"), the @bodyaim die, and an
attack roll in words (a contestant's 2d6 public, an NPC's only by band and part)."""

from __future__ import annotations

from engine.keyed import named
from engine.rulesets.mazeworld import rules
from engine.rulesets.mazeworld.arms import Mods
from engine.rulesets.mazeworld.catalog import DOMAIN, Weapon
from engine.rulesets.mazeworld.dice import tables
from engine.rulesets.mazeworld.state import Creature
from engine.rulesets.mazeworld.texts import BANDS, text
from engine.rulesets.mazeworld.turn import Turn

NONE = Mods()


def ft_ir(
    turn: Turn,
    me: Creature,
    target: Creature,
    weapon: Weapon,
    weak: bool,
    role: str,
    shift: int,
    concentrate: bool,
    mods: Mods = NONE,
) -> tuple[int, int]:
    """FT = base + body part + skill + Pain + cover + recoil + effects, clamped 3..10; IR = 2 - skill -
    effects, floor 0 (rulings "Attack rolls"; Concentrate FT-1, IR-1; `mods`: accessories and effects)."""
    level = rules.skill_level(me.skills.get(weapon.skill, rules.SKILL_DEFAULT)) if weapon.skill else "basic"
    ft = me.ft_base + (rules.WEAK_FT if weak else rules.PART_FT[role]) + rules.skill_ft(level)
    ft += rules.pain_ft(me) + rules.limb_ft(me) + shift
    if target.cover and weapon.ranged and target.side != me.side:
        ft += {"light": 1, "heavy": 2}.get(turn.state.cover[target.side], 0)
    day = turn.state.day
    ft += me.effect("anxious", day) - me.effect("anger", day) - concentrate + mods.ft
    return rules.clamp_ft(ft), max(0, 2 - rules.skill_ir(level) - concentrate + mods.ir)


def bodyaim(turn: Turn, target: Creature, purpose: str) -> str:
    """A @bodyaim d20 on the human table, mapped onto the target's body."""
    face = turn.d(20, purpose + " @bodyaim d20")
    return rules.resolve_part(target, tables()["bodyaim"].result(face))[0]


def shown(me: Creature, score: int, word: str, part: str) -> str:
    """A contestant's 2d6 is public; an NPC's only by its band and part."""
    label = BANDS[word] if word in BANDS else word  # a band's word, or a text already (a 1d2's result)
    return (
        text("roll_pc", score=score, band=label, part=named(DOMAIN, "part", part))
        if me.controller
        else text("roll_npc", band=label, part=named(DOMAIN, "part", part))
    )
