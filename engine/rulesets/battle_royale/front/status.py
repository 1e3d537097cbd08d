"""The /status cards: a student's own record, what they know, and what they see around them.

Built only from the player's view (`student_view`), so they show nothing the player may not know. Three
cards: "You" (Health, zone, role, school, Lover and Rival, abilities, rewards, inventory and capacity),
"What you know" (schoolmates, what Analyzes taught), and "Around you" (who is here and what they visibly
carry, what lies on the ground, the closed zones). Pure data (`engine.front.Card`): the bot turns them into
embeds and keeps Discord's limits.
"""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.keyed import joined
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.front.texts import text
from engine.rulesets.battle_royale.texts import ROLE_NAMES


def _ability(ability_id: str) -> str:
    try:
        ability = catalog.roles().ability(ability_id)
    except KeyError:
        return ability_id
    return text("status_ability", name=ability.name, text=ability.text)


def _counts(kind: str) -> bool:
    defn = catalog.items().get(kind)
    return defn.counts_toward_capacity if defn else True


def _state_line(view: dict[str, Any], me: dict[str, Any], names: dict[str, str], zone_names: dict[int, str]) -> str:
    died = next((s["died_day"] for s in view["students"] if s["id"] == me["id"]), None)
    if me["escaped"]:
        line = text("status_escaped")
    elif not me["alive"]:
        line = text("status_dead", day=died if died is not None else "?")
    elif view["phase"] == "day0" or me["zone"] is None:
        line = text("status_day0")
    else:
        line = text(
            "status_alive", day=view["day"], zone=zone_names.get(me["zone"], "?"), hp=me["hp"], max_hp=me["max_hp"]
        )
    if view["phase"] == "over":
        winners = joined(", ", [names.get(w, w) for w in view["winners"]]) or text("status_nobody")
        line = joined("\n", [line, text("status_over", winners=winners)])
    return line


def _partner(sid: str | None, students: dict[str, dict[str, Any]]) -> str:
    if not sid or sid not in students:
        return text("status_none")
    s = students[sid]
    key = "status_person_escaped" if s["escaped"] else "status_person" if s["alive"] else "status_person_dead"
    return text(key, name=s["name"])


def _short(name: str, value: str) -> CardField:
    """A one-value field shown side by side with its neighbours."""
    return CardField(name=name, lines=(value,), inline=True)


def me_card(view: dict[str, Any]) -> Card:
    me = view["me"]
    students = {s["id"]: s for s in view["students"]}
    names = {sid: s["name"] for sid, s in students.items()}
    zone_names = {z["id"]: z["name"] for z in view["zones"]}
    colour = "gold" if view["phase"] == "over" else "blue" if me["escaped"] else "green" if me["alive"] else "grey"
    zone = zone_names.get(me["zone"]) if me["zone"] is not None else None
    fields = [
        _short(text("status_health"), f"{me['hp']}/{me['max_hp']}"),
        _short(
            text("status_zone"),
            text("status_zone_value", id=me["zone"], name=zone) if zone else text("status_not_placed"),
        ),
        _short(text("status_role"), ROLE_NAMES.get(me["role"], me["role"])),
        _short(text("status_school"), text("status_school_value", school=me["school"])),
    ]
    if me["role"] == "lovers" or me["lover"]:
        fields.append(_short(text("status_lover"), _partner(me["lover"], students)))
    fields.append(_short(text("status_rival"), _partner(me["rival"], students)))
    flags = [text("status_marked")] if students.get(me["id"], {}).get("marked") else []
    if me["collar_deactivated"]:
        flags.append(text("status_collar_off"))
    if flags:
        fields.append(CardField(text("status_notes"), tuple(flags)))
    fields.append(
        CardField(text("status_abilities"), tuple(_ability(a) for a in me["abilities"]), empty=text("status_none"))
    )
    if view["phase"] == "day0" and not me["abilities"]:
        fields.append(CardField(text("status_ability_choices"), tuple(_ability(a) for a in me["ability_choices"])))
    if me["rewards"]:
        fields.append(CardField(text("status_rewards"), tuple(_ability(a) for a in me["rewards"])))
    carried = [i for i in me["items"] if not i["stored"] and _counts(i["kind"])]
    fields.append(
        CardField(
            text("status_inventory", carried=len(carried), capacity=me["capacity"]),
            tuple(i["label"] for i in me["items"]),
            empty=text("status_no_items"),
        )
    )
    return Card(
        title=text("status_title", name=me["name"], day=view["day"]),
        description=_state_line(view, me, names, zone_names),
        fields=tuple(fields),
        colour=colour,
    )


def knowledge_card(view: dict[str, Any]) -> Card | None:
    me = view["me"]
    names = {s["id"]: s["name"] for s in view["students"]}
    if not me["schoolmates"] and not me["knowledge"]:
        return None
    fields = []
    if me["schoolmates"]:
        fields.append(
            CardField(text("status_schoolmates"), tuple(names.get(s, s) for s in me["schoolmates"]), sep=", ")
        )
    lines = tuple(
        text(
            "status_analysis",
            day=k["day"],
            name=names.get(k["target"], k["target"]),
            role=ROLE_NAMES.get(k["role"], k["role"]),
            school=k["school"],
            concealed=joined(", ", k["concealed"]) or text("status_none"),
        )
        for k in me["knowledge"]
    )
    if lines:
        fields.append(CardField(text("status_analyses"), lines))
    return Card(title=text("status_knowledge_title"), fields=tuple(fields), colour="purple")


def around_card(view: dict[str, Any]) -> Card | None:
    me = view["me"]
    if not me["alive"] or me["escaped"] or me["zone"] is None:
        return None
    zone_names = {z["id"]: z["name"] for z in view["zones"]}
    here = tuple(
        text("status_here_line", name=s["name"], items=joined(", ", s["items"]) or text("status_empty_handed"))
        for s in view["here"]
    )
    counts: dict[str, int] = {}
    for item in view["ground"]:
        counts[item["name"]] = counts.get(item["name"], 0) + 1
    ground = tuple(text("status_count", name=n, count=c) if c > 1 else n for n, c in counts.items())
    fields = [
        CardField(text("status_here"), here, empty=text("status_nobody_here")),
        CardField(text("status_ground"), ground, sep=", ", empty=text("status_nothing_ground")),
    ]
    closed = tuple(z["name"] for z in view["zones"] if z["closed"])
    if closed:
        fields.append(CardField(text("status_closed"), closed, sep=", "))
    return Card(
        title=text("status_around_title", zone=zone_names.get(me["zone"], "?")), fields=tuple(fields), colour="teal"
    )


def status_cards(view: dict[str, Any]) -> list[Card]:
    """The /status cards for a player's view (which must hold `me`)."""
    return [c for c in (me_card(view), knowledge_card(view), around_card(view)) if c is not None]
