"""The simple steps of the day's resolution (rulings, "The day"), each a function on a state being resolved.

Step 1's Stim Pack cost, step 4 (gives), step 6 (Heal and Repair) and step 8 (Psychic Probe). Each changes
the state in place (the resolution works on its own copy) and returns its private events. Scuffles, steals,
sabotage, pick-ups, combat order and step 9 are not here yet.
"""

from __future__ import annotations

from engine.events import Event, to_players
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.state import Player, Reading, SCMState
from engine.rulesets.starcraft_mafia.texts import say

STIM_COST = 5
HEAL = 5
REPAIR = 8
PROBE_CHANCE = 50


def _tell(state: SCMState, kind: str, seats: list[str], key: str, **values: object) -> Event:
    return Event(kind=kind, audience=to_players(*seats), text=say(key, **values), day=state.day, phase="day")


def _active(state: SCMState, seat: str) -> Player | None:
    p = state.players.get(seat)
    return p if p is not None and p.alive else None


def stim_cost(state: SCMState, seat: str) -> tuple[bool, list[Event]]:
    """Step 1: a Stim Pack user loses 5 body HP; with fewer than 6 it is not used (rulings; rulebook: "A player
    may not kill himself using his own special abilities")."""
    p = _active(state, seat)
    if p is None:
        return False, []
    if p.body_hp < STIM_COST + 1:
        return False, [_tell(state, "stim", [seat], "stim_not_used", hp=p.body_hp)]
    p.body_hp -= STIM_COST
    return True, [_tell(state, "stim", [seat], "stim_used", hp=p.body_hp)]


def give(state: SCMState, giver: str, uid: str, to: str) -> list[Event]:
    """Step 4: the item moves if the giver still has it and both are alive ("fails if the item is gone")."""
    a, b = _active(state, giver), _active(state, to)
    item = a.item(uid) if a else None
    if a is None:
        return []
    if item is None or b is None:
        return [_tell(state, "give", [giver], "give_failed")]
    a.items.remove(item)
    b.items.append(item)
    return [_tell(state, "give", [giver, to], "given", giver=a.name, item=item.name, to=b.name)]


def heal(state: SCMState, medic: str, target: str) -> list[Event]:
    """Step 6: +5 body HP to another living player, up to the class maximum; the Zerg form is never healed.
    An infested human form at 0 body HP that is healed fights in human form again."""
    a, b = _active(state, medic), _active(state, target)
    if a is None or b is None or a.id == b.id:
        return []
    gained = min(HEAL, b.body_max - b.body_hp)
    b.body_hp += gained
    if b.infested and b.body_hp > 0:
        b.form = "human"
    return [_tell(state, "heal", [medic, target], "healed", medic=a.name, target=b.name, hp=gained)]


def repair(state: SCMState, technician: str, target: str, kind: str | None) -> list[Event]:
    """Step 6: +8 suit HP to another living player, up to the maximum, or re-enable a sabotaged item of `kind`
    (his own too)."""
    a, b = _active(state, technician), _active(state, target)
    if a is None or b is None:
        return []
    if kind is None:
        if a.id == b.id:
            return []
        gained = min(REPAIR, b.suit_max - b.suit_hp)
        b.suit_hp += gained
        return [_tell(state, "repair", [technician, target], "repaired", tech=a.name, target=b.name, hp=gained)]
    item = next((i for i in b.items if i.kind == kind and i.disabled_on(state.day)), None)
    if item is None:
        return [_tell(state, "repair", [technician], "repair_nothing", target=b.name, item=catalog().item_name(kind))]
    item.disabled_until = None
    return [_tell(state, "repair", [technician, target], "re_enabled", tech=a.name, target=b.name, item=item.name)]


def probe(state: SCMState, ghost: str, target: str, rng: RecordingRng) -> list[Event]:
    """Step 8: 50%: the ghost learns whether the target is infested; else "no reading". Only the ghost is told."""
    a, b = _active(state, ghost), _active(state, target)
    if a is None or b is None:
        return []
    if rng.percent(PROBE_CHANCE, f"psychic probe {ghost} on {target}"):
        a.readings.append(_reading(state, b, b.infested))
        key = "probe_infested" if b.infested else "probe_clean"
    else:
        a.readings.append(_reading(state, b, None))
        key = "probe_nothing"
    return [_tell(state, "probe", [ghost], key, target=b.name)]


def _reading(state: SCMState, target: Player, infested: bool | None) -> Reading:
    return Reading(day=state.day, target=target.id, infested=infested)
