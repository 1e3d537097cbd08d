"""A moderator's hand on a StarCraft Mafia game: `kill` (rulings, "Idle": "A moderator kill is public, reveals
class and team, and leaves the items on the body"). Pure: no I/O, no clock, no random.

`kill(state, seat, cause)` returns `Resolution(new state, events)`; the input is never changed. The player
dies now, in both forms if infested; the items stay on the body (they can be picked up from the next day,
as the rulings' step 5 takes items "of players dead before today"). The death is posted with class, team and
the moderator's cause whatever `reveal_on_death` says. The win check stays at step 9 (rulings, "End"): a
kill that leaves one team alone ends the game at that day's resolution, and the moderators are told so.
Refusals (`ModerationRefused`): the game is over, no such seat, the player is already dead.
"""

from __future__ import annotations

from typing import Any

from engine.events import MODERATORS, PUBLIC, Event, to_players
from engine.keyed import joined
from engine.ruleset import ModerationRefused, Resolution
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.texts import say

PHASE = "moderation"
ACTIONS = ("kill",)


def _event(state: SCMState, kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), data=data or {}, day=state.day, phase=PHASE)


def moderate(state: SCMState, action: str, params: dict[str, Any]) -> Resolution[SCMState]:
    if action not in ACTIONS:
        raise ModerationRefused(say("mod_unknown_action", action=action, actions=joined(", ", ACTIONS)))
    cause = params.get("cause")
    return kill(state, str(params.get("seat", "")), str(cause).strip() if cause else "")


def kill(state: SCMState, seat: str, cause: str = "") -> Resolution[SCMState]:
    """The player on `seat` dies now, by the moderators' hand, with `cause` (default: "the moderators")."""
    if state.phase == "over":
        raise ModerationRefused(say("game_over"))
    if seat not in state.players:
        raise ModerationRefused(say("mod_unknown_seat", seat=seat))
    s = SCMState.model_validate(state.model_dump())  # a deep copy: the input is never changed
    p = s.players[seat]
    if not p.alive:
        raise ModerationRefused(say("mod_already_dead", name=p.name))
    p.alive, p.died_day = False, s.day
    p.death_cause = cause or say("cause_moderators")
    p.team_posted = True  # the kill's post gives the team, so every view may show it
    if p.infested:
        p.zerg_hp = 0  # both forms die
    team = say(f"team_{p.team}")
    cls = catalog().cls(p.cls).name
    events = [
        _event(
            s, "death", PUBLIC, "death_revealed", {"seat": seat}, name=p.name, cause=p.death_cause, cls=cls, team=team
        ),
        _event(s, "mod_killed", to_players(seat), "mod_killed_you", cause=p.death_cause),
    ]
    if p.infested:
        mates = [x.id for x in s.living() if x.infested]
        if mates:
            events.append(_event(s, "infested_lost", to_players(*mates), "mod_killed_mate", name=p.name))
    teams = sorted({x.team for x in s.living()})
    if len(teams) < 2:  # decided: the day's step 9 will end the game (rulings, "End")
        result = teams[0] if teams else "draw"
        events.append(_event(s, "mod_note", MODERATORS, f"mod_decided_{result}", day=s.day))
    return Resolution(state=s, events=events)
