"""Step 3 of the day: Steal and Sabotage (rulings, "Sleep, abilities, items"; rulebook, Steal Weapon and
Sabotage). The resolution calls these in player-id order on its own copy of the state.

Both roll a d12 and need 11 or more (+6 if the target sleeps). On failure the target fires one shot at the
culprit (usual weapon, no abilities, sleep penalty applies) and learns who it was; on success the victim
learns what, not who. Orders name an item kind (the living's items are private): a target without one
yields nothing.
"""

from __future__ import annotations

from engine.events import PUBLIC, Event, to_players
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.combat import BattleSetup, Side, fire, in_zerg_form, side_for
from engine.rulesets.starcraft_mafia.report import shot_line
from engine.rulesets.starcraft_mafia.state import Player, SCMState
from engine.rulesets.starcraft_mafia.texts import say

NEEDED = 11
SLEEP_BONUS = 6
SABOTAGE_SUIT = 12
SABOTAGE_DAYS = 3  # today and the next 2 days


def _tell(state: SCMState, kind: str, seats: list[str], key: str, **values: object) -> Event:
    return Event(kind=kind, audience=to_players(*seats), text=say(key, **values), day=state.day, phase="day")


def _transformed(state: SCMState, culprit: Player, record: dict) -> list[Event]:
    """Rulings, "Public": a transformation is posted, also one caused by a failed theft's shot."""
    if not record.get("transformed"):
        return []
    return [
        Event(
            kind="transform",
            audience=PUBLIC,
            text=say("transformed", name=culprit.name),
            data={"seat": culprit.id},
            day=state.day,
            phase="day",
        )
    ]


def _roll(state: SCMState, culprit: Player, target: Player, asleep: bool, rng: RecordingRng, what: str) -> bool:
    d12 = rng.randint(1, 12, f"{what} roll {culprit.id} on {target.id}")
    return d12 + (SLEEP_BONUS if asleep else 0) >= NEEDED


def _failure_shot(
    state: SCMState, culprit: Player, target: Player, asleep: bool, weapon: str | None, rng: RecordingRng
) -> tuple[dict, list[str]]:
    """The target's one shot at the culprit; returns the shot and who died."""
    setup = BattleSetup(defender_weapon=weapon, asleep=frozenset({target.id} if asleep else ()))
    shooter: Side = side_for(state, target, False, in_zerg_form(target), weapon, setup)
    victim: Side = side_for(state, culprit, True, False, None, BattleSetup())
    record = fire(state, shooter, victim, rng, 1, False)
    dead: list[str] = []
    if culprit.body_hp <= 0:
        if culprit.infested:
            culprit.form = "zerg"
            record["transformed"] = True
        else:
            culprit.alive = False
            dead.append(culprit.id)
    return record, dead


def steal(
    state: SCMState, thief_id: str, target_id: str, kind: str, rng: RecordingRng, asleep: bool, weapon: str | None
) -> list[Event]:
    """`weapon`: the kind the target named for the day, used for the failure shot."""
    thief, target = state.players[thief_id], state.players[target_id]
    if not (thief.alive and target.alive):
        return []
    name = catalog().item_name(kind)
    if _roll(state, thief, target, asleep, rng, "steal"):
        item = next((i for i in target.items if i.kind == kind), None)
        if item is None:
            return [_tell(state, "steal", [thief_id], "steal_nothing", target=target.name, item=name)]
        target.items.remove(item)
        thief.items.append(item)
        return [
            _tell(state, "steal", [thief_id], "stole", target=target.name, item=name),
            _tell(state, "steal", [target_id], "was_stolen", item=name),
        ]
    record, dead = _failure_shot(state, thief, target, asleep, weapon, rng)
    line = shot_line(record, lambda x: state.players[x].name)
    events = [
        _tell(state, "steal", [thief_id, target_id], "steal_failed", thief=thief.name, target=target.name, shot=line)
    ]
    events[0].data["shot"] = record
    if dead:
        events[0].data["dead"] = dead
    return events + _transformed(state, thief, record)


def sabotage(
    state: SCMState,
    tech_id: str,
    target_id: str,
    kind: str | None,
    rng: RecordingRng,
    asleep: bool,
    weapon: str | None,
) -> list[Event]:
    """Disable an item of `kind` today and the next 2 days, or, without `kind`, remove 12 suit HP (no defense)."""
    tech, target = state.players[tech_id], state.players[target_id]
    if not (tech.alive and target.alive):
        return []
    if _roll(state, tech, target, asleep, rng, "sabotage"):
        if kind is None:
            lost = min(SABOTAGE_SUIT, target.suit_hp)
            target.suit_hp -= lost
            return [
                _tell(state, "sabotage", [tech_id], "sabotaged_suit", target=target.name, hp=lost),
                _tell(state, "sabotage", [target_id], "suit_was_sabotaged", hp=lost),
            ]
        name = catalog().item_name(kind)
        item = next((i for i in target.items if i.kind == kind and not i.disabled_on(state.day)), None)
        if item is None:
            return [_tell(state, "sabotage", [tech_id], "sabotage_nothing", target=target.name, item=name)]
        item.disabled_until = state.day + SABOTAGE_DAYS - 1
        return [
            _tell(state, "sabotage", [tech_id], "sabotaged", target=target.name, item=name),
            _tell(state, "sabotage", [target_id], "was_sabotaged", item=name, day=item.disabled_until),
        ]
    record, dead = _failure_shot(state, tech, target, asleep, weapon, rng)
    line = shot_line(record, lambda x: state.players[x].name)
    events = [
        _tell(state, "sabotage", [tech_id, target_id], "sabotage_failed", tech=tech.name, target=target.name, shot=line)
    ]
    events[0].data["shot"] = record
    if dead:
        events[0].data["dead"] = dead
    return events + _transformed(state, tech, record)
