"""What a player of StarCraft Mafia may know now (rulings, "Public and private"): the ruleset's `view`, which the
front's choosers and cards and the scripted players read (never the state itself).

Who may know a player's team (`knows_team`): everyone once it is public (`team_public`: posted with his death,
which `reveal_on_death` or a moderator's kill does, or shown by a public transformation) and once the game is
over; the player himself; the infested their mates (they know each other while both are in the team, the
dead mates from before the death only); a ghost whose Psychic Probe read him infested (infestation is for
good), or read him clean on the day he died. Nobody else: with `reveal_on_death` off a dead player's team stays
hidden in every view, `public_view` included, until the end.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.state import Player, SCMState


def team_public(state: SCMState, p: Player) -> bool:
    """Whether anyone may know `p`'s team: posted with his death, shown by a transformation, or the game over."""
    if state.phase == "over" or p.revealed_day is not None:
        return True
    return not p.alive and (p.team_posted or state.settings.reveal_on_death)


def knows_team(state: SCMState, seat: str, p: Player) -> bool:
    """Whether the player on `seat` (`SPECTATOR`, "", for the public) may know `p`'s team now."""
    if p.id == seat or team_public(state, p):
        return True
    me = state.players.get(seat)
    if me is None:
        return False
    if me.infested and p.infested and me.infested_day is not None:
        return p.died_day is None or me.infested_day < p.died_day
    reading = next((r for r in reversed(me.readings) if r.target == p.id and r.infested is not None), None)
    if reading is None:
        return False
    return bool(reading.infested) or (p.died_day is not None and reading.day >= p.died_day)


def player_view(state: SCMState, seat: str) -> dict[str, Any]:
    """What `seat` may know (rulings, "Public and private"): his own everything; of the others their class and
    public HP while alive, class, items and cause once dead; the team of the dead (of all, once the game is over)
    where `knows_team` says so, and of the living only to the infested, their mates'."""
    me = state.players.get(seat)
    others: list[dict[str, Any]] = []
    for p in state.players.values():
        if p.id == seat:
            continue
        entry: dict[str, Any] = {"seat": p.id, "name": p.name, "cls": p.cls, "alive": p.alive}
        if p.alive:
            entry.update(suit_hp=p.suit_hp, body_hp=p.body_hp, revealed_day=p.revealed_day)
        else:
            entry.update(
                items=[i.model_dump(mode="json") for i in p.items],
                cause=p.death_cause,
                died_day=p.died_day,
            )
        if not p.alive or state.phase == "over":
            if knows_team(state, seat, p):
                entry["team"] = p.team
        elif me is not None and me.infested and p.infested:
            entry["team"] = p.team  # the living: only the infested see a team, their mates'
        if me is not None and me.infested and p.infested and "team" in entry:
            entry["zerg_hp"] = p.zerg_hp
        others.append(entry)
    view: dict[str, Any] = {
        "day": state.day,
        "phase": state.phase,
        "infested_at_start": state.infested_at_start if state.settings.announce_infested_count else None,
        "players": others,
        "winners": state.winners,
    }
    if me is not None:
        view["me"] = me.model_dump(mode="json") | {"class_name": catalog().cls(me.cls).name}
    return view
