"""The combat as cards (`/status`): the post order with whose post it is, Heat, each actor's cover, actions
left and states in words, and the asker's own sheets in full (exact health, Infinity Points, TNs, saves). All
from the asker's view alone, so no NPC's TN and nobody else's exact health ever appears."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.keyed import joined
from engine.rulesets.infinity_intervention.front.choosers import states
from engine.rulesets.infinity_intervention.front.texts import TEXTS, text
from engine.rulesets.infinity_intervention.texts import TEXT, say

COLOUR = {"post": "blue", "question": "gold", "over": "grey"}
HEALTH = ("wounds", "consciousness", "firewalls")


def _line(i: str, card: dict[str, Any], now: str | None) -> str:
    return text(
        "order_line",
        mark=text("mark_now") if i == now else "",
        name=card["name"],
        side=text(f"side_{card['side']}"),
        cover=text(f"cover_{card['cover']}"),
        states=states(card),
        actions=f"{card['actions_left']:g}",
    )


def order_card(view: dict[str, Any]) -> Card:
    now = view.get("awaited")
    heat = view["heat"]
    if view["phase"] == "over":
        said = text("status_over", heat=heat)
    elif view["phase"] == "question" and view.get("question"):
        said = text("status_question", name=view["actors"][view["question"]["target"]]["name"], heat=heat)
    else:
        said = text("status_post", name=view["actors"][now]["name"] if now in view["actors"] else "-", heat=heat)
    lines = tuple(_line(i, view["actors"][i], now) for i in view["order"])
    return Card(
        title=text("status_title", turn=view["turn"]),
        description=said,
        fields=(CardField(text("field_order"), lines),),
        colour=COLOUR.get(view["phase"], "blurple"),
    )


def _crit(found: Any) -> str:
    return f"{found[0]}-{found[1]}" if found else text("no_crit")


def _skill(skill: str) -> str:
    """A skill as a player reads it ("close combat"), a text of the front's catalogue where it has one."""
    return text(f"skill_{skill}") if f"skill_{skill}" in TEXTS else skill.replace("_", " ")


def _health(health: str) -> str:
    """A health type as the rules name it ("Wounds"), a text of their catalogue where it has one."""
    return say(health) if health in TEXT else health.capitalize()


def sheet_card(name: str, sheet: dict[str, Any]) -> Card:
    """One's own actor in full: only ever built from the asker's own `mine`."""
    top = sheet["maximum"]
    health = text(
        "sheet_health",
        **{h: sheet[h] for h in HEALTH},
        **{f"max_{h}": top[h] for h in HEALTH},
        points=sheet["infinity_points"],
    )
    standing = sheet.get("standing")
    said = (
        text("standing_line", choice=text(standing["choice"]), saves=standing["ip_saves"], crit=standing["ip_crit"])
        if standing
        else text("standing_none")
    )
    observe = text("observe_line", bonus=sheet["observe"]) if sheet.get("observe") else ""
    weapons = tuple(
        text("item_line", label=label, readied=text("readied") if i == sheet["readied"] else "")
        for i, label in zip(sheet["item_ids"], sheet["items"], strict=True)
    )
    tns = tuple(
        text("tn_line", skill=_skill(skill), tn=tn["tn"], crit=_crit(tn["critical"]))
        for skill, tn in sheet["tns"].items()
    )
    saves = tuple(text("save_line", health=_health(h), bonus=b) for h, b in sheet["saves"].items())
    return Card(
        title=text("sheet_title", name=name),
        description=joined("", [health, " ", said, observe]),
        fields=(
            CardField(text("sheet_items"), weapons, empty=text("none")),
            CardField(text("sheet_tns"), tns),
            CardField(text("sheet_saves"), saves),
        ),
        colour="teal",
    )


def status_cards(view: dict[str, Any]) -> list[Card]:
    mine = view.get("mine") or {}
    return [order_card(view), *(sheet_card(view["actors"][i]["name"], s) for i, s in mine.items())]
