"""The moderators' actions on a Mazeworld fight (rulings "Temerity, NPCs, end"): `end_combat` (to the
aftermath, which lasts until `start_combat` or a hostile's attack, even with hostiles standing),
`start_combat` (back to combat), `temerity` (a temerity roll for an NPC at the end of this turn, whatever the
`temerity` setting). Pure; a refusal says why."""

from __future__ import annotations

from typing import Any

from engine.events import MODERATORS, make_event
from engine.ruleset import ModerationRefused, Resolution
from engine.rulesets.mazeworld.state import MazeState

MODERATION = {
    "end_combat": "Combat is ended by a moderator.",
    "start_combat": "Combat is started by a moderator.",
    "temerity": "{name} will roll for temerity at the end of this turn.",
    "no_such": "This fight has no moderator action {action!r}.",
    "over": "The fight is over.",
    "already": "The fight is already in that phase.",
    "no_npc": "{target!r} is not an NPC in this fight.",
}


def moderate(state: MazeState, action: str, params: dict[str, Any]) -> Resolution[MazeState]:
    if action not in ("end_combat", "start_combat", "temerity"):
        raise ModerationRefused(MODERATION["no_such"].format(action=action))
    if state.phase == "over":
        raise ModerationRefused(MODERATION["over"])
    work = state.model_copy(deep=True)
    if action == "temerity":
        target = work.get(str(params.get("target", "")))
        if target is None or target.controller is not None or target.mindless or not target.present:
            raise ModerationRefused(MODERATION["no_npc"].format(target=params.get("target")))
        work.called.append(target.id)
        said = MODERATION["temerity"].format(name=target.name)
    else:
        phase = "aftermath" if action == "end_combat" else "combat"
        if work.phase == phase:
            raise ModerationRefused(MODERATION["already"])
        work.phase = phase  # type: ignore[assignment]
        work.ended_on = work.day if action == "end_combat" else None  # until `start_combat` or a hostile attacks
        said = MODERATION[action]
    return Resolution(
        state=work, events=[make_event("moderation", MODERATORS, said, {"action": action}, work.day, work.phase)]
    )
