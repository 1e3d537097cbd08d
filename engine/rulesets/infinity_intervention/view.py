"""What one actor's player may know (the rulings' visibility): public are the post order, Heat, the turn, who
is awaited, each actor's name, side, cover, actions left and states (Immobilized, incapacitated,
killed); private is the player's own sheets (exact health, TNs, Infinity Points). NPC TNs and anyone's exact
health but one's own never appear."""

from __future__ import annotations

from typing import Any

from engine.rulesets.infinity_intervention.attack import can_react
from engine.rulesets.infinity_intervention.catalog import SKILL_ATTRIBUTE, items
from engine.rulesets.infinity_intervention.rolls import crit_range, focus, save_bonus, target_number
from engine.rulesets.infinity_intervention.state import CombatState, Fighter


def public_actor(fighter: Fighter) -> dict[str, Any]:
    """What everyone sees of an actor: what the post summaries show (cover, actions spent) and its states. Its
    readied item is on its sheet (private; an NPC's is the moderators'): the events name it when it is used."""
    return {
        "name": fighter.name,
        "side": fighter.side,
        "cover": fighter.cover,
        "actions_left": fighter.halves / 2,
        "immobilized": fighter.immobilized,
        "incapacitated": fighter.incapacitated,
        "killed": fighter.killed,
    }


def own_sheet(state: CombatState, fighter: Fighter) -> dict[str, Any]:
    """The player's own sheet: exact health, Infinity Points, TNs and critical ranges by skill, save bonuses."""
    tns = {}
    for skill in SKILL_ATTRIBUTE:
        tn = target_number(fighter, skill, None, state.settings, observe=False)
        tns[skill] = {"tn": tn, "critical": crit_range(tn, focus(fighter, skill))}
    return {
        "wounds": fighter.wounds,
        "consciousness": fighter.consciousness,
        "firewalls": fighter.firewalls,
        "maximum": {h: fighter.sheet.health_max(h) for h in ("wounds", "consciousness", "firewalls")},
        "infinity_points": fighter.infinity_points,
        "ip_action_used": fighter.ip_action_used,
        "items": [items()[i].label for i in fighter.sheet.items],
        "readied": fighter.readied,
        "item_ids": list(fighter.sheet.items),
        "tns": tns,
        "saves": {h: save_bonus(fighter, h, state.settings) for h in ("wounds", "consciousness", "firewalls")},
        "observe": fighter.observe,
        "focus_on": list(fighter.focus_on),
        "standing": fighter.standing.model_dump() if fighter.standing else None,
        "minors_used": fighter.minors,
    }


def _question(state: CombatState, mine: list[str]) -> dict[str, Any]:
    """The face-off asked: who attacks whom, and (for the asked player only) whether reacting is open to it."""
    pending = state.pending
    assert pending is not None
    asked = {"attacker": pending.attacker, "target": pending.target}
    return asked | ({"can_react": can_react(state, pending.target, pending.attacker)} if pending.target in mine else {})


def view(state: CombatState, seat: str) -> dict[str, Any]:
    """`seat` is a player's seat or an actor id: the actors it controls (or that actor) get their sheets."""
    mine = [i for i, f in state.fighters.items() if f.controller == seat or (i == seat and f.controller)]
    pending = state.pending
    return {
        "you": seat,
        "day": state.day,
        "phase": state.phase,
        "turn": state.turn,
        "heat": state.heat,
        "order": list(state.order),
        "awaited": state.awaited,
        "actors": {i: public_actor(state.fighters[i]) for i in state.order},
        "mine": {i: own_sheet(state, state.fighters[i]) for i in sorted(mine)},
        "question": _question(state, mine) if pending else None,
        "outcome": state.outcome,
    }
