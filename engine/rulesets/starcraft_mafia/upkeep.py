"""Step 5 (uncontested pick-ups) and the bookkeeping of step 9 (sleep, fatigue, idle players) of the day.

Rulings, "The day": 5. "Uncontested pick-ups (items of players dead before today)"; 9. "Sleep +2 body HP;
fatigue; deaths, stat list, win check". "Fatigue" for the changes; "Idle" for the moderators' alert.
Each function changes the state in place (the resolution's copy) and returns its events.
"""

from __future__ import annotations

from engine.events import MODERATORS, PUBLIC, Event
from engine.rulesets.starcraft_mafia.rules import fatigue_after
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.texts import say

SLEEP_HEAL = 2


def _event(state: SCMState, kind: str, audience, key: str, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), day=state.day, phase="day")


def pick_up(state: SCMState, seat: str, uid: str) -> list[Event]:
    """An uncontested pick-up: the item moves from a body (dead before today) to the living picker. Public."""
    picker = state.players.get(seat)
    body = state.holder(uid)
    if picker is None or not picker.alive or body is None or body.alive:
        return []
    if body.died_day is None or body.died_day >= state.day:
        return []
    item = body.item(uid)
    if item is None or item.mounted:
        return []
    body.items.remove(item)
    picker.items.append(item)
    return [_event(state, "pickup", PUBLIC, "picked_up", name=picker.name, item=item.name, body=body.name)]


def rest(state: SCMState, seat: str) -> None:
    """Step 9: a sleeper still alive gains 2 body HP, up to the class maximum (a fallen human form too)."""
    p = state.players[seat]
    if p.alive:
        p.body_hp = min(p.body_max, p.body_hp + SLEEP_HEAL)
        if p.infested and p.body_hp > 0:
            p.form = "human"


def tire(state: SCMState, seat: str, main: str, stole: bool, sabotaged: bool, scuffled: bool) -> None:
    """Step 9: the day's fatigue change (rules.fatigue_after) for a living player."""
    p = state.players[seat]
    if p.alive:
        p.fatigue, p.awake_days = fatigue_after(p.fatigue, p.awake_days, main, stole, sabotaged, scuffled)


def idle(state: SCMState, seat: str, gave_orders: bool) -> list[Event]:
    """Rulings, Idle: no orders is Do Nothing; after `idle_alert_days` idle days in a row the moderators are told
    (once, on the day the count is reached)."""
    p = state.players[seat]
    p.idle_days = 0 if gave_orders else p.idle_days + 1
    if p.alive and p.idle_days == state.settings.idle_alert_days:
        return [_event(state, "idle", MODERATORS, "idle_alert", name=p.name, days=p.idle_days)]
    return []
