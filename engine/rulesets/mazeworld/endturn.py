"""The end of a turn (text step 8; rulings "Damage", "Temerity, NPCs, end"): planted charges whose fuse runs
out go off (docs "Weapons: accessories, launchers, shotguns, ammunition"), held hits land (`end_of_turn`
timing), wounds bleed (+2 Pain each, then 1d6 5+ closes), fire burns (+10 Pain, 1d6 5+ puts it out), Pain
regenerates (`pain_regen`), the blacked out under PBT wake; temerity rolls; then whether combat is over."""

from __future__ import annotations

from engine.keyed import named
from engine.rulesets.mazeworld.blast import fuses
from engine.rulesets.mazeworld.catalog import DOMAIN
from engine.rulesets.mazeworld.damage import apply, conditions, private_status, settle
from engine.rulesets.mazeworld.state import Creature, Effect
from engine.rulesets.mazeworld.texts import REACTIONS
from engine.rulesets.mazeworld.turn import Turn

WOUND_PAIN, BURN_PAIN, CLOSES = 2, 10, 5
TEMERITY = ((10, "pass_out"), (25, "quake"), (45, "anxious"), (90, "normal"), (100, "anger"))


def end_of_turn(turn: Turn) -> None:
    fuses(turn)
    for hit in turn.queued:
        apply(turn, hit)
    turn.queued.clear()
    for me in turn.state.creatures:
        if me.present:
            _bleed_and_burn(turn, me)
    for me in turn.state.creatures:
        if me.present:
            me.pain = max(0.0, me.pain - turn.state.settings.pain_regen)
            if me.status == "blacked_out" and me.pain < me.pbt:
                me.status = "active"
                turn.about(me, "wakes", "wakes", {"id": me.id}, name=me.name)
    auto = turn.state.settings.temerity == "auto"
    if turn.state.phase == "combat":
        for me in turn.state.creatures:
            due = auto and (me.team in turn.state.losses or me.id in turn.state.crossed)
            if me.controller is None and not me.mindless and me.able and (due or me.id in turn.state.called):
                temerity(turn, me)
    turn.state.losses.clear()
    turn.state.crossed.clear()
    turn.state.called.clear()


def _bleed_and_burn(turn: Turn, me: Creature) -> None:
    for wound in list(me.wounds):
        before, old = conditions(me), me.pain
        me.pain += WOUND_PAIN
        settle(turn, me, wound.by, wound.skill, old, before)
        if not me.present:
            return
        if turn.d(6, f"{me.id} wound {wound.part} 1d6") >= CLOSES:
            me.wounds.remove(wound)
            turn.private(me, "wound", "wound_closes", name=me.name, part=named(DOMAIN, "part", wound.part))
    if me.burning is not None:
        before, old = conditions(me), me.pain
        me.pain += BURN_PAIN
        settle(turn, me, me.burning, me.burning_skill, old, before)
        if me.present and turn.d(6, f"{me.id} fire 1d6") >= CLOSES:
            me.burning, me.burning_skill = None, ""
            turn.private(me, "fire", "fire_out", name=me.name)


def temerity(turn: Turn, me: Creature) -> None:
    """d100: 1-10 pass out (helpless until damaged); 11-25 quake (next turn: escape, else skip); 26-45 anxious
    (FT+1 next turn); 46-90 normal; 91-100 anger (FT-1, never flees)."""
    roll = turn.d(100, f"{me.id} temerity d100")
    reaction = next(name for top, name in TEMERITY if roll <= top)
    turn.moderators(
        "temerity", "temerity_roll", {"id": me.id, "roll": roll}, name=me.name, roll=roll, reaction=reaction
    )
    nxt = turn.state.day + 1
    if reaction == "pass_out":
        me.status = "passed_out"
    elif reaction in ("quake", "anxious", "anger"):
        me.effects.append(Effect(name=reaction, until=nxt))
        if reaction == "anger":
            me.never_flees = True
    if reaction != "normal":
        turn.about(me, "temerity", "temerity_public", {"id": me.id}, name=me.name, reaction=REACTIONS[reaction])


def standing(me: Creature) -> bool:
    return me.present and me.status == "active"


def combat_over(turn: Turn) -> bool:
    """A team with no creature alive, awake and present ends combat."""
    creatures = turn.state.creatures
    ours = [c for c in creatures if c.team != "hostile" and standing(c)]
    theirs = [c for c in creatures if c.team == "hostile" and standing(c)]
    return not ours or not theirs


def statuses(turn: Turn) -> None:
    for me in turn.state.creatures:
        if me.present:
            private_status(turn, me)
