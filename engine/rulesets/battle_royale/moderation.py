"""A moderator's hand on a Battle Royale game: kill, revive, give, take. Pure: no I/O, no clock, no random.

Each function takes a state and returns `Resolution(new state, events)`; the input is never mutated.

- A kill is a death like any other (`deaths.py`): the student dies with the moderator's reason as the
  cause, a surviving Lover suffers the loss, a mark is cleared, and the items fall to the ground of the
  zone (there is no killer: no loot, no bounty, no Rival reward). The death is posted with the usual
  wording, without cause or place. Before Day 0 is resolved a student has no zone: the items leave the game.
- A revive brings a dead student back at the given Health (default: their maximum) in the zone where they
  died (or another one named); if the death had cost their Lover the Lovers' loss, that is undone.
- A give creates a new item of a catalogue kind, with its ammunition or uses; if the student's hands are
  full it lies on the ground of their zone. A take removes an item the student holds from the game.

The student hears of each change privately; kills and revives are also announced publicly. What a
moderator may name is listed by `choices` (item kinds to give, a student's items to take).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.events import MODERATORS, PUBLIC, Event, make_event, to_players
from engine.ruleset import ModerationRefused, Resolution
from engine.rulesets.battle_royale import catalog, deaths, rules
from engine.rulesets.battle_royale.night import Night
from engine.rulesets.battle_royale.report import item_label
from engine.rulesets.battle_royale.state import BRState, Student
from engine.rulesets.battle_royale.texts import listing, say

PHASE = "moderation"


class _NoRng:
    """A kill by a moderator has no killer, so nothing in the death effects may roll; fail loudly if it does."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a moderator's action must not roll dice ({name})")


def _refuse(key: str, **values: object) -> ModerationRefused:
    return ModerationRefused(say(key, **values))


def _prepare(state: BRState, sid: str) -> tuple[BRState, Student]:
    if state.phase == "over":
        raise _refuse("game_over")
    if sid not in state.students:
        raise _refuse("mod_unknown_student", sid=sid)
    state = state.fork()
    return state, state.students[sid]


def _event(state: BRState, kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return make_event(kind, audience, say(key, **values), data, state.day, PHASE)


def kill(state: BRState, sid: str, cause: str) -> Resolution[BRState]:
    """The student dies now, with every consequence of a death that has no killer."""
    state, student = _prepare(state, sid)
    if not student.active:
        raise _refuse("mod_not_on_island", name=student.name)
    night = Night(state=state, orders={}, rng=_NoRng())  # type: ignore[arg-type]
    night.began_on_island = [s.id for s in state.active()]
    names = [i.name for i in student.items]
    zone = student.zone
    deaths.die(night, student, cause, None)
    events: list[Event] = []
    if zone is not None:
        deaths.distribute_loot(night)
        if names:
            events.append(
                _event(
                    state,
                    "mod_loot",
                    MODERATORS,
                    "mod_loot_ground",
                    {"student": sid, "zone": zone},
                    name=student.name,
                    zone_name=state.island.zone(zone).name,
                    items=listing(names),
                )
            )
    else:
        student.items, student.marked = [], False
        if names:
            events.append(
                _event(
                    state,
                    "mod_loot",
                    MODERATORS,
                    "mod_loot_gone",
                    {"student": sid},
                    name=student.name,
                    items=listing(names),
                )
            )
    deaths.announce_deaths(night)
    moved = [e.model_copy(update={"phase": PHASE}) for e in night.events]
    return Resolution(state=state, events=moved + events)


def revive(state: BRState, sid: str, hp: int | None = None, zone: int | None = None) -> Resolution[BRState]:
    """Back to life at `hp` (default: full) in the zone where they died, or in `zone`."""
    state, student = _prepare(state, sid)
    if student.alive or student.escaped:
        raise _refuse("mod_not_dead", name=student.name)
    hp = student.max_hp if hp is None else hp
    if not 1 <= hp <= student.max_hp:
        raise _refuse("mod_bad_hp", max_hp=student.max_hp)
    if zone is not None and zone not in state.zones:
        raise _refuse("unknown_zone", zone=zone)
    student.alive, student.hp = True, hp
    student.died_day = student.death_cause = None
    if zone is not None:
        student.zone = zone
    state.census_changed()
    events = [_event(state, "revived", PUBLIC, "revived_public", {"student": sid}, name=student.name)]
    if student.zone is None:
        events.append(
            _event(state, "revived", to_players(sid), "revived_no_zone", {"hp": hp}, hp=hp, max_hp=student.max_hp)
        )
    else:
        events.append(
            _event(
                state,
                "revived",
                to_players(sid),
                "revived_private",
                {"hp": hp, "zone": student.zone},
                hp=hp,
                max_hp=student.max_hp,
                zone_name=state.island.zone(student.zone).name,
            )
        )
    lover = state.students.get(student.lover or "")
    if lover is not None and lover.active and lover.lover_lost:
        lover.lover_lost = False
        lover.max_hp += state.settings.lover_loss_max_hp
        events.append(
            _event(state, "lover_returned", to_players(lover.id), "lover_returned", {"lover": sid}, name=student.name)
        )
    return Resolution(state=state, events=events)


def give(state: BRState, sid: str, kind: str) -> Resolution[BRState]:
    """A new item of this kind, in the student's hands if they have room, else on the ground of their zone."""
    if kind not in catalog.items():
        raise _refuse("mod_unknown_item", kind=kind)
    state, student = _prepare(state, sid)
    if not student.active:
        raise _refuse("mod_not_on_island", name=student.name)
    item = state.new_item(kind)
    held = not item.defn.counts_toward_capacity or rules.free_slots(state, student) > 0
    if held:
        student.items.append(item)
        text = say("mod_given", item=item_label(item))
    elif student.zone is None:
        raise _refuse("mod_no_room", name=student.name, item=item.name)
    else:
        state.zones[student.zone].ground.append(item)
        text = say("mod_given_ground", item=item_label(item), zone_name=state.island.zone(student.zone).name)
    data = {"item": item.uid, "kind": kind, "held": held}
    return Resolution(state=state, events=[make_event("mod_given", to_players(sid), text, data, state.day, PHASE)])


def take(state: BRState, sid: str, uid: str) -> Resolution[BRState]:
    """Remove an item the student holds (a Backpack only when what it holds still fits elsewhere)."""
    state, student = _prepare(state, sid)
    item = student.item(uid)
    if item is None:
        raise _refuse("mod_not_carried", name=student.name, uid=uid)
    if (
        item.kind == "backpack"
        and not item.stored
        and student.stored()
        and rules.backpack_space(student) < item.defn.backpack_slots
    ):
        raise _refuse("mod_backpack_full", name=student.name)
    student.items.remove(item)
    data = {"item": uid, "kind": item.kind}
    return Resolution(
        state=state, events=[_event(state, "mod_taken", to_players(sid), "mod_taken", data, item=item.name)]
    )


ACTIONS: dict[str, Callable[..., Resolution[BRState]]] = {"kill": kill, "revive": revive, "give": give, "take": take}


def moderate(state: BRState, action: str, params: dict[str, Any]) -> Resolution[BRState]:
    """The Ruleset contract's entry point: `moderate(state, "give", {"seat": "s001", "kind": "rifle"})` (the
    seat is the student's id)."""
    handler = ACTIONS.get(action)
    if handler is None:
        raise _refuse("mod_unknown_action", action=action)
    named = dict(params)
    return handler(state, sid=named.pop("seat"), **named)


def choices(state: BRState, action: str, sid: str | None = None) -> list[tuple[str, str]]:
    """(value, label) a moderator may name: every item kind for a give; the student's items for a take."""
    if action == "give":
        return sorted(((kind, defn.name) for kind, defn in catalog.items().items()), key=lambda c: c[1])
    if action == "take" and sid in state.students:
        return [(i.uid, f"{item_label(i)} ({i.uid})") for i in state.students[sid].items]
    return []
