"""The game master's card (`/mod view`, ephemeral): every actor with its exact health, Infinity Points, cover,
readied weapon and states, the Heat, the reserve and the negotiations and freeform actions awaiting a ruling,
from the moderators' whole view (the state). Never shown to a player."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.rulesets.infinity_intervention.front.choosers import states
from engine.rulesets.infinity_intervention.front.texts import text


def _line(i: str, f: dict[str, Any]) -> str:
    return text(
        "gm_line",
        name=f["sheet"]["name"],
        id=i,
        who=f["controller"] or text("gm_npc"),
        wounds=f["wounds"],
        consciousness=f["consciousness"],
        firewalls=f["firewalls"],
        points=f["infinity_points"],
        cover=text(f"cover_{f['cover']}"),
        readied=f["readied"] or "-",
        states=states(f),
    )


def gm_cards(view: dict[str, Any]) -> list[Card]:
    lines = tuple(_line(i, view["fighters"][i]) for i in view["order"])
    reserve = tuple(f"{s['name']} `{s['id']}`" for s in view.get("reserve", []))
    names = {i: f["sheet"]["name"] for i, f in view["fighters"].items()}
    to_rule = tuple(
        text("gm_to_rule_line", name=names.get(r["actor"], r["actor"]), what=text(f"gm_{r['kind']}"), turn=r["turn"])
        for r in view.get("to_rule", [])
    )
    return [
        Card(
            title=text("gm_title", turn=view["turn"], heat=view["heat"]),
            description=text("gm_intro"),
            fields=(
                CardField(text("field_order"), lines),
                CardField(text("gm_reserve"), reserve, empty=text("none")),
                CardField(text("gm_to_rule"), to_rule, empty=text("none")),
            ),
            colour="purple",
        )
    ]
