"""How a command's options become a Mazeworld order (`apply`), and an order in words (`describe`).

Names are read against the actor's own view: a target among the creatures it sees (by id or name), a weapon
or item among its own. What needs the whole state (a mode the weapon lacks, a part out of reach, no cover)
is the engine's `validate`, run by the bot afterwards."""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Change, Refused
from engine.keyed import joined
from engine.rulesets.mazeworld.front.choosers import me, weapon_names
from engine.rulesets.mazeworld.front.commands import THEN
from engine.rulesets.mazeworld.front.texts import text
from engine.rulesets.mazeworld.rules import BODYAIM


def _target(view: dict[str, Any], given: Any) -> str:
    wanted = str(given or "").strip().lower()
    for card in view["others"]:
        if wanted in (card["id"].lower(), card["name"].lower()):
            return str(card["id"])
    raise Refused(text("unknown_target", target=given))


def _weapon(mine: dict[str, Any], given: Any) -> str | None:
    if given in (None, ""):
        return None
    wanted = str(given).strip().lower()
    found = next((n for n in weapon_names(mine) if n.lower() == wanted), None)
    if found is None:
        raise Refused(text("unknown_weapon", weapon=given))
    return found


def _item(mine: dict[str, Any], given: Any) -> str:
    wanted = str(given or "").strip().lower()
    found = next((i for i, n in mine["items"].items() if n > 0 and i.lower() == wanted), None)
    if found is None:
        raise Refused(text("unknown_item", item=given))
    return found


def _word(given: Any) -> str | None:
    """An accessory or ammunition type as typed (the engine's `validate` says when it is absent)."""
    return str(given).strip()[:40] if given not in (None, "") else None


def _given(**values: str | None) -> dict[str, str]:
    """Only the options the player gave (an order without them reads as before they existed)."""
    return {k: v for k, v in values.items() if v is not None}


def _part(given: Any) -> str | None:
    return str(given).strip().lower() if given not in (None, "") else None


def action(name: str, v: dict[str, Any], view: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """The JSON of one action (`orders.Action`) from a command's options."""
    if name == "attack":
        if v.get("target") in (None, ""):
            raise Refused(text("then_needs", then=name, option="target"))
        order: dict[str, Any] = {"do": "attack", "target": _target(view, v["target"])}
        order |= {"weapon": _weapon(mine, v.get("weapon")), "mode": v.get("mode") or None}
        order |= {"rounds": v.get("rounds"), "part": _part(v.get("part")), "concentrate": bool(v.get("concentrate"))}
        item = _item(mine, v["item"]) if v.get("item") not in (None, "") else None
        if item is not None:  # an item is only ever thrown (the engine refuses a weapon named with it)
            return order | {"item": item, "throw": True}
        return order | _given(accessory=_word(v.get("accessory"))) | ({"throw": True} if v.get("throw") else {})
    if name == "execute":
        if v.get("target") in (None, ""):
            raise Refused(text("then_needs", then=name, option="target"))
        order = {"do": "execute", "target": _target(view, v["target"]), "weapon": _weapon(mine, v.get("weapon"))}
        return order | {"rounds": v.get("rounds"), "part": _part(v.get("part"))}
    if name == "reload":
        order = {"do": "reload", "weapon": _weapon(mine, v.get("weapon"))}
        return order | _given(ammo=_word(v.get("ammo")), accessory=_word(v.get("accessory")))
    if name == "plant":
        weapon = _weapon(mine, v.get("weapon"))
        if weapon is None:
            raise Refused(text("then_needs", then=name, option="weapon"))
        return {"do": "plant", "weapon": weapon}
    if name == "swap":
        weapon = _weapon(mine, v.get("weapon"))
        if weapon is None:
            raise Refused(text("then_needs", then=name, option="weapon"))
        return {"do": "swap", "weapon": weapon}
    if name == "use":
        if v.get("item") in (None, ""):
            raise Refused(text("then_needs", then=name, option="item"))
        return {"do": "use", "item": _item(mine, v["item"]), "weapon": _weapon(mine, v.get("weapon"))}
    if name == "move":
        if v.get("side") is None:
            raise Refused(text("then_needs", then=name, option="side"))
        if int(v["side"]) not in (1, 2, 3, 4):
            raise Refused(text("bad_side"))
        return {"do": "move", "side": int(v["side"])}
    if name in ("escape", "skip", "detonate"):
        return {"do": name}
    if name == "freeform":
        return {"do": "freeform", "text": str(v.get("text") or "").strip()[:1000] or "-"}
    if name == "butcher":
        return {"do": "butcher", "target": _target(view, v.get("target"))}
    raise Refused(text("not_command", name=name))


def orders_of(asked: Asked) -> dict[str, Any]:
    mine = me(asked.view)
    if mine is None:
        raise Refused(text("no_fighter"))
    if asked.command == "cover":
        then = str(asked.values.get("then") or "skip")
        if then not in THEN:
            raise Refused(text("no_then", choices=joined(", ", THEN)))
        return {"action": {"do": "cover", "then": action(then, asked.values, asked.view, mine)}}
    return {"action": action(asked.command, asked.values, asked.view, mine)}


def apply(asked: Asked) -> Change:
    orders = orders_of(asked)
    return Change(orders=orders, summary=describe(orders, asked.view))


def _name(view: dict[str, Any], cid: str) -> str:
    return next((c["name"] for c in view.get("others", []) if c["id"] == cid), cid)


def said(order: dict[str, Any], view: dict[str, Any]) -> str:
    """One action in words."""
    do = order.get("do", "skip")
    weapon = order.get("weapon") or text("in_hand")
    if do == "attack":
        part = order.get("part")
        weapon = order.get("item") or weapon
        return text(
            "said_attack",
            target=_name(view, order["target"]),
            weapon=weapon,
            mode=text("said_mode", mode=order["mode"]) if order.get("mode") else "",
            rounds=1 if order.get("concentrate") else order.get("rounds") or 1,
            unit=text("rounds_unit"),
            part=_part_said(part),
            concentrate=text("said_concentrate") if order.get("concentrate") else "",
            accessory=text("said_accessory", accessory=order["accessory"]) if order.get("accessory") else "",
            throw=text("said_throw") if order.get("throw") else "",
        )
    if do == "execute":
        return text(
            "said_execute",
            target=_name(view, order["target"]),
            weapon=weapon,
            rounds=order.get("rounds") or 1,
            unit=text("rounds_unit"),
            part=order.get("part") or "head",
        )
    if do == "cover":
        return text("said_cover", then=said(order.get("then") or {"do": "skip"}, view))
    if do == "use":
        return (
            text("said_use_on", item=order["item"], weapon=order["weapon"])
            if order.get("weapon")
            else (text("said_use", item=order["item"]))
        )
    if do == "butcher":
        return text("said_butcher", target=_name(view, order["target"]))
    if do == "reload" and order.get("accessory"):
        ammo = text("said_with_ammo", ammo=order["ammo"]) if order.get("ammo") else ""
        return text("said_reload_attached", accessory=order["accessory"], weapon=weapon, ammo=ammo)
    if do == "reload" and order.get("ammo"):
        return text("said_reload_ammo", weapon=weapon, ammo=order["ammo"])
    if do in ("reload", "swap", "plant"):
        return text(f"said_{do}", weapon=weapon)
    if do == "detonate":
        return text("said_detonate")
    if do == "move":
        return text("said_move", side=order["side"])
    if do == "freeform":
        return text("said_freeform", text=order["text"])
    return text("said_escape") if do == "escape" else text("said_skip")


def describe(orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    if not orders:
        return []
    return [said(orders.get("action") or {"do": "skip"}, view)]


def _part_said(part: str | None) -> str:
    """Where an attack is aimed, as the player chose: unaimed (no part named), the @bodyaim die, or a part."""
    if part is None:
        return text("said_unaimed")
    return text("said_bodyaim") if part == BODYAIM else text("said_part", part=part)
