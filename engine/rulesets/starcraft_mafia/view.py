"""What a player of StarCraft Mafia may know now (rulings, "Public and private"): the ruleset's `view`, which the
front's choosers and cards and the scripted players read (never the state itself)."""

from __future__ import annotations

from typing import Any

from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.state import SCMState


def player_view(state: SCMState, seat: str) -> dict[str, Any]:
    """What `seat` may know (rulings, "Public and private"): his own everything; of the others their class and
    public HP while alive, class, team and items once dead; the infested also see their team."""
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
                team=p.team,
                items=[i.model_dump(mode="json") for i in p.items],
                cause=p.death_cause,
                died_day=p.died_day,
            )
        if me is not None and me.infested and p.infested:
            entry["team"] = "infested"
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
