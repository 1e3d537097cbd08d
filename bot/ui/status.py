"""The /status reply: a student's own record, what they know, and what they see around them, as embeds.

Built only from the player's view (`student_view`), so it shows nothing the player may not know. Three
embeds: "You" (Health, zone, role, school, Lover and Rival, abilities, rewards, inventory and capacity),
"What you know" (schoolmates, what Analyzes taught), and "Around you" (who is here and what they visibly
carry, what lies on the ground, the closed zones). Discord's limits are kept: 1024 characters a field,
25 fields an embed, 6000 characters in all.
"""
from __future__ import annotations

from typing import Any

import discord

from bot.ui.text import ui
from engine.rulesets.battle_royale.front.texts import text
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.text import ROLE_NAMES

FIELD_MAX = 1024
FIELDS_MAX = 25
TOTAL_MAX = 6000
ALIVE, DEAD, ESCAPED, OVER = discord.Colour.green(), discord.Colour.dark_grey(), discord.Colour.blue(), discord.Colour.gold()


def add_lines(embed: discord.Embed, name: str, lines: list[str], empty: str | None = None, inline: bool = False,
              sep: str = "\n") -> None:
    """A field of the lines joined by `sep` (one a line by default); what does not fit in 1024 characters
    goes on into "(more)" fields."""
    lines = lines or ([empty] if empty else [])
    chunk: list[str] = []
    title = name
    for line in lines:
        line = line if len(line) <= FIELD_MAX else line[:FIELD_MAX - 1] + "…"
        if chunk and len(sep.join(chunk + [line])) > FIELD_MAX:
            _add(embed, title, sep.join(chunk), inline)
            chunk, title = [], ui("status_more", name=name)
        chunk.append(line)
    if chunk:
        _add(embed, title, sep.join(chunk), inline)


def _add(embed: discord.Embed, name: str, value: str, inline: bool) -> None:
    if len(embed.fields) < FIELDS_MAX:
        embed.add_field(name=name[:256], value=value, inline=inline)


def _ability(ability_id: str) -> str:
    try:
        ability = catalog.roles().ability(ability_id)
    except KeyError:
        return ability_id
    return ui("status_ability", name=ability.name, text=ability.text)


def _state_line(view: dict[str, Any], me: dict[str, Any], names: dict[str, str], zone_names: dict[int, str]) -> str:
    died = next((s["died_day"] for s in view["students"] if s["id"] == me["id"]), None)
    if me["escaped"]:
        line = ui("status_escaped")
    elif not me["alive"]:
        line = ui("status_dead", day=died if died is not None else "?")
    elif view["phase"] == "day0" or me["zone"] is None:
        line = ui("status_day0")
    else:
        line = ui("status_alive", day=view["day"], zone=zone_names.get(me["zone"], "?"), hp=me["hp"], max_hp=me["max_hp"])
    if view["phase"] == "over":
        winners = ", ".join(names.get(w, w) for w in view["winners"]) or ui("status_nobody")
        line += "\n" + ui("status_over", winners=winners)
    return line


def _partner(sid: str | None, students: dict[str, dict[str, Any]]) -> str:
    if not sid or sid not in students:
        return ui("status_none")
    s = students[sid]
    key = "status_person_escaped" if s["escaped"] else "status_person" if s["alive"] else "status_person_dead"
    return ui(key, name=s["name"])


def me_embed(view: dict[str, Any]) -> discord.Embed:
    me = view["me"]
    students = {s["id"]: s for s in view["students"]}
    names = {sid: s["name"] for sid, s in students.items()}
    zone_names = {z["id"]: z["name"] for z in view["zones"]}
    colour = OVER if view["phase"] == "over" else ESCAPED if me["escaped"] else ALIVE if me["alive"] else DEAD
    embed = discord.Embed(title=ui("status_title", name=me["name"], day=view["day"]),
                          description=_state_line(view, me, names, zone_names), colour=colour)
    embed.add_field(name=ui("status_health"), value=f"{me['hp']}/{me['max_hp']}")
    zone = zone_names.get(me["zone"]) if me["zone"] is not None else None
    embed.add_field(name=ui("status_zone"), value=text("choice_zone", id=me["zone"], name=zone) if zone else ui("status_not_placed"))
    embed.add_field(name=ui("status_role"), value=ROLE_NAMES.get(me["role"], me["role"]))
    embed.add_field(name=ui("status_school"), value=ui("status_school_value", school=me["school"]))
    if me["role"] == "lovers" or me["lover"]:
        embed.add_field(name=ui("status_lover"), value=_partner(me["lover"], students))
    embed.add_field(name=ui("status_rival"), value=_partner(me["rival"], students))
    flags = [ui("status_marked")] if students.get(me["id"], {}).get("marked") else []
    if me["collar_deactivated"]:
        flags.append(ui("status_collar_off"))
    if flags:
        add_lines(embed, ui("status_notes"), flags)
    add_lines(embed, ui("status_abilities"), [_ability(a) for a in me["abilities"]], ui("status_none"))
    if view["phase"] == "day0" and not me["abilities"]:
        add_lines(embed, ui("status_ability_choices"), [_ability(a) for a in me["ability_choices"]])
    if me["rewards"]:
        add_lines(embed, ui("status_rewards"), [_ability(a) for a in me["rewards"]])
    carried = [i for i in me["items"] if not i["stored"] and _counts(i["kind"])]
    add_lines(embed, ui("status_inventory", carried=len(carried), capacity=me["capacity"]),
              [i["label"] for i in me["items"]], ui("status_no_items"))
    return embed


def _counts(kind: str) -> bool:
    defn = catalog.items().get(kind)
    return defn.counts_toward_capacity if defn else True


def knowledge_embed(view: dict[str, Any]) -> discord.Embed | None:
    me = view["me"]
    names = {s["id"]: s["name"] for s in view["students"]}
    if not me["schoolmates"] and not me["knowledge"]:
        return None
    embed = discord.Embed(title=ui("status_knowledge_title"), colour=discord.Colour.purple())
    if me["schoolmates"]:
        add_lines(embed, ui("status_schoolmates"), [names.get(s, s) for s in me["schoolmates"]], sep=", ")
    lines = [ui("status_analysis", day=k["day"], name=names.get(k["target"], k["target"]),
                role=ROLE_NAMES.get(k["role"], k["role"]), school=k["school"],
                concealed=", ".join(k["concealed"]) or ui("status_none"))
             for k in me["knowledge"]]
    if lines:
        add_lines(embed, ui("status_analyses"), lines)
    return embed


def around_embed(view: dict[str, Any]) -> discord.Embed | None:
    me = view["me"]
    if not me["alive"] or me["escaped"] or me["zone"] is None:
        return None
    zone_names = {z["id"]: z["name"] for z in view["zones"]}
    embed = discord.Embed(title=ui("status_around_title", zone=zone_names.get(me["zone"], "?")), colour=discord.Colour.teal())
    here = [ui("status_here_line", name=s["name"], items=", ".join(s["items"]) or text("choice_empty_handed"))
            for s in view["here"]]
    add_lines(embed, ui("status_here"), here, ui("status_nobody_here"))
    counts: dict[str, int] = {}
    for item in view["ground"]:
        counts[item["name"]] = counts.get(item["name"], 0) + 1
    ground = [ui("status_count", name=n, count=c) if c > 1 else n for n, c in counts.items()]
    add_lines(embed, ui("status_ground"), ground, ui("status_nothing_ground"), sep=", ")
    closed = [z["name"] for z in view["zones"] if z["closed"]]
    if closed:
        add_lines(embed, ui("status_closed"), closed, sep=", ")
    return embed


def status_embeds(view: dict[str, Any]) -> list[discord.Embed]:
    """The /status embeds for a player's view (which must hold `me`)."""
    embeds = [e for e in (me_embed(view), knowledge_embed(view), around_embed(view)) if e is not None]
    return fit(embeds)


def fit(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Keep the message within 6000 characters: trailing fields give way first, with a note."""
    while sum(len(e) for e in embeds) > TOTAL_MAX:
        last = embeds[-1]
        if last.fields:
            last.remove_field(len(last.fields) - 1)
            last.set_footer(text=ui("status_cut"))
        elif len(embeds) > 1:
            embeds.pop()
        else:
            last.description = (last.description or "")[:max(0, TOTAL_MAX - len(last) + len(last.description or "") - 1)]
            break
    return embeds
