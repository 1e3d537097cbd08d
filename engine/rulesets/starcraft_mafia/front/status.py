"""StarCraft Mafia's /status cards, from the player's view alone.

"You": class and team, suit and body HP (and the Zerg form's, for the infested), fatigue (one's own only),
items, abilities with Cloak's availability, and the Psychic Probe readings; the infested also get their team.
"The outpost": the living with their public class and HP, the dead with class, cause, items and the team when the
reader may know it.
"""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.keyed import joined
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front import reading
from engine.rulesets.starcraft_mafia.front.texts import text


def _cls(cls_id: str) -> str:
    return catalog().cls(cls_id).name


def _item_line(item: dict[str, Any], day: int) -> str:
    name = catalog().item_name(item["kind"])
    if item.get("disabled_until") is not None and item["disabled_until"] >= day:
        return text("choice_my_item_disabled", item=name, day=item["disabled_until"])
    if item.get("uses") is not None:
        return text("choice_my_item_uses", item=name, uses=item["uses"])
    return name


def _abilities(me: dict[str, Any], day: int) -> tuple[str, ...]:
    lines = []
    for ability_id in catalog().cls(me["cls"]).abilities:
        ability = catalog().ability(ability_id)
        lines.append(text("ability_line", name=ability.name, text=ability.text))
        if ability_id == "cloak":
            if me["suit_hp"] < 3:
                lines.append(text("cloak_suit", hp=me["suit_hp"]))
            elif me.get("cloak_day") is not None and me["cloak_day"] == day - 1:
                lines.append(text("cloak_yesterday"))
            else:
                lines.append(text("cloak_ready"))
    return tuple(lines)


def _readings(me: dict[str, Any], view: dict[str, Any]) -> tuple[str, ...]:
    names = reading.names(view)
    keys = {True: "reading_infested", False: "reading_clean", None: "reading_none"}
    return tuple(
        text(keys[r["infested"]], day=r["day"], name=names.get(r["target"], r["target"]))
        for r in me.get("readings", [])
    )


def _team(me: dict[str, Any], view: dict[str, Any]) -> tuple[str, ...]:
    team = [me] + [p | {"id": p["seat"]} for p in view.get("players", []) if p.get("team") == "infested"]
    lines = []
    for p in team:
        if p["alive"]:
            lines.append(text("team_line", name=p["name"], cls=_cls(p["cls"]), hp=p.get("zerg_hp") or 0))
        else:
            lines.append(text("team_line_dead", name=p["name"], cls=_cls(p["cls"])))
    return tuple(lines)


def you_card(view: dict[str, Any]) -> Card:
    me, day = view["me"], view["day"]
    title = text("status_title", name=me["name"], day=day)
    team = text(f"team_{me['team']}")
    fields = [CardField(text("field_class"), (text("status_class", cls=_cls(me["cls"]), team=team),))]
    if not me["alive"]:
        return Card(
            title=title,
            description=text("status_dead", cause=me.get("death_cause") or "?"),
            colour="grey",
            fields=tuple(fields),
        )
    hp = [text("hp_line", suit=me["suit_hp"], suit_max=me["suit_max"], body=me["body_hp"], body_max=me["body_max"])]
    if me["team"] == "infested":
        hp.append(text("hp_zerg", hp=me.get("zerg_hp") or 0))
        if me["body_hp"] <= 0:
            hp.append(text("hp_form_down"))
    fields += [
        CardField(text("field_hp"), tuple(hp)),
        CardField(text("field_fatigue"), (text("fatigue_line", fatigue=me["fatigue"], awake=me["awake_days"]),)),
        CardField(text("field_items"), tuple(_item_line(i, day) for i in me["items"]), empty=text("no_items")),
        CardField(text("field_abilities"), _abilities(me, day)),
    ]
    if me.get("readings"):
        fields.append(CardField(text("field_readings"), _readings(me, view)))
    if me["team"] == "infested":
        fields.append(CardField(text("field_team"), _team(me, view)))
    description = text("status_over") if view.get("phase") == "over" else ""
    return Card(
        title=title,
        description=description,
        colour="purple" if me["team"] == "infested" else "blue",
        fields=tuple(fields),
    )


def outpost_card(view: dict[str, Any]) -> Card:
    living, dead = [], []
    for p in view.get("players", []):
        cls = _cls(p["cls"])
        if p["alive"]:
            key = "living_teammate" if p.get("team") == "infested" else "living_line"
            living.append(text(key, name=p["name"], cls=cls, suit=p["suit_hp"], body=p["body_hp"]))
        else:
            items = joined(", ", [catalog().item_name(i["kind"]) for i in p.get("items", [])]) or text("no_items")
            cause = p.get("cause") or "?"
            if "team" in p:
                team = text(f"team_{p['team']}")
                dead.append(text("dead_line", name=p["name"], cls=cls, team=team, cause=cause, items=items))
            else:  # `reveal_on_death` off: a team the reader does not know stays hidden (view.knows_team)
                dead.append(text("dead_line_hidden", name=p["name"], cls=cls, cause=cause, items=items))
    count = view.get("infested_at_start")
    return Card(
        title=text("players_title", day=view["day"]),
        description=text("players_infested_count", count=count) if count is not None else "",
        colour="teal",
        fields=(
            CardField(text("field_living"), tuple(living), empty=text("nobody")),
            CardField(text("field_dead"), tuple(dead), empty=text("nobody")),
        ),
    )


def status_cards(view: dict[str, Any]) -> list[Card]:
    return [you_card(view), outpost_card(view)]
