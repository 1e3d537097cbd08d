"""Battle Royale orders in words, for the player who gave them: confirmations and /orders.

Names come from the player's own view (students they may know of, their own items, zones), so a
description never says more than the player already knows. Unknown ids are shown as given.
"""

from __future__ import annotations

from typing import Any

from engine.front import OrderPart
from engine.keyed import joined
from engine.rulesets.battle_royale.front.texts import text


class Names:
    def __init__(self, view: dict[str, Any]) -> None:
        self.students = {s["id"]: s["name"] for s in view.get("students", [])}
        self.zones = {z["id"]: z["name"] for z in view.get("zones", [])}
        me = view.get("me") or {}
        self.items = {i["uid"]: i["name"] for i in me.get("items", [])}
        self.items.update({i["uid"]: i["name"] for i in view.get("ground", [])})
        for other in view.get("here", []):  # what zone-mates visibly carry: a trade may bring it tonight
            self.items.update({i["uid"]: i["name"] for i in other.get("carried", []) if i["uid"] not in self.items})

    def student(self, sid: str | None) -> str:
        return self.students.get(sid, str(sid))

    def zone(self, zid: int | None) -> str:
        return self.zones.get(zid, str(zid))

    def item(self, uid: str | None) -> str:
        if uid in (None, "unarmed"):
            return text("unarmed")
        return self.items.get(uid, text("their_item"))

    def route(self, route: list[int]) -> str:
        return joined(" → ", [self.zone(z) for z in route])


def describe(payload: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    """One line per part of today's orders that differs from doing nothing."""
    if not payload:
        return [text("orders_default", idle=text("orders_idle"))]
    names = Names(view)
    if payload.get("kind") == "day0":
        return _day0(payload, names)
    lines = _free(payload.get("free") or {}, names)
    if payload.get("action"):
        lines.append(action(payload["action"], names))
    if payload.get("movement"):
        lines.append(movement(payload["movement"], names))
    votes = payload.get("votes") or {}
    if votes.get("mark"):
        lines.append(text("vote_mark_line", name=names.student(votes["mark"])))
    if votes.get("close") is not None:
        lines.append(text("vote_close_line", zone=names.zone(votes["close"])))
    if votes.get("reward") is not None:
        lines.append(text("vote_reward_line", zone=names.zone(votes["reward"])))
    return lines or [text("orders_default", idle=text("orders_idle"))]


def _day0(payload: dict[str, Any], names: Names) -> list[str]:
    lines = []
    if payload.get("start_zone") is not None:
        lines.append(text("day0_zone_line", zone=names.zone(payload["start_zone"])))
    if payload.get("abilities"):
        lines.append(
            text(
                "day0_abilities_line",
                abilities=joined(", ", [a.replace("_", " ").title() for a in payload["abilities"]]),
            )
        )
    if payload.get("rival_reward"):
        lines.append(text("day0_reward_line", reward=payload["rival_reward"].replace("_", " ").title()))
    return lines or [text("orders_default", idle=text("orders_idle"))]


def _free(free: dict[str, Any], names: Names) -> list[str]:
    lines = []
    for key in ("pick_up", "drop", "store", "take_out", "wear", "remove"):
        for uid in free.get(key) or []:
            lines.append(text(f"free_{key}", item=names.item(uid)))
    for trade in free.get("trades") or []:
        lines.append(
            text(
                "trade_line",
                partner=names.student(trade["partner"]),
                give=joined(", ", [names.item(u) for u in trade["give"]]) or text("nothing"),
                receive=joined(", ", [names.item(u) for u in trade["receive"]]) or text("nothing"),
            )
        )
    if "track" in free and free.get("track") is not None:
        lines.append(text("track_line", name=names.student(free["track"])))
    return lines


def action(part: dict[str, Any], names: Names) -> str:
    kind = part["kind"]
    if kind in ("attack", "all_out"):
        spread = joined(", ", [text("attempts", name=names.student(t), n=n) for t, n in part["attempts"].items()])
        return text(f"action_{kind}", weapon=names.item(part.get("weapon")), spread=spread)
    if kind == "set_trap":
        where = (
            names.zone(part["to_zone"])
            if part.get("to_zone") is not None
            else text("on_day", day=part["day"])
            if part.get("day") is not None
            else names.student(part.get("target"))
        )
        return text("action_set_trap", item=names.item(part["item"]), where=where)
    if kind == "use_item":
        return text(
            f"action_use_{part['use']}",
            item=names.item(part.get("item")),
            target=names.student(part["target"]) if part.get("target") else text("yourself"),
        )
    if kind == "heal":
        return text(
            "action_heal_kit" if part.get("first_aid_kit") else "action_heal", name=names.student(part["target"])
        )
    if kind in ("cover", "analyze"):
        return text(f"action_{kind}", name=names.student(part["target"]))
    return text(f"action_{kind}")


def movement(part: dict[str, Any], names: Names) -> str:
    kind = part["kind"]
    if kind == "hold":
        return text("move_hold")
    how = (
        text("move_follow", name=names.student(part["follow"]))
        if part.get("follow")
        else names.route(part.get("route") or [])
    )
    line = text(f"move_{kind}", how=how)
    if part.get("drop"):
        line += text("move_drop", item=names.item(part["drop"]))
    return line


ACTION_VERBS = {"all_out": "allout", "set_trap": "settrap", "use_item": "use"}  # an action's kind -> its verb
FREE_VERBS = {"pick_up": "pickup", "drop": "drop"}  # the free actions a verb's menu gives again, item by item


def parts(payload: dict[str, Any], view: dict[str, Any]) -> list[OrderPart]:
    """The night's orders one by one for the orders card: each free action, the action, the movement and
    each vote, each withdrawn alone (the rest kept) and changed with its verb's menu."""
    if payload.get("kind") == "day0":
        return [OrderPart(line=line, command="day0") for line in _day0(payload, Names(view))]
    names = Names(view)
    listed: list[OrderPart] = []
    free = payload.get("free") or {}
    for key in ("pick_up", "drop", "store", "take_out", "wear", "remove"):
        for uid in free.get(key) or []:
            rest = payload | {"free": free | {key: [u for u in free[key] if u != uid]}}
            verb = FREE_VERBS.get(key, "equip")
            given: tuple[tuple[str, Any], ...] = (
                (("item", uid),) if key in FREE_VERBS else (("item", uid), ("how", key))
            )
            listed.append(OrderPart(text(f"free_{key}", item=names.item(uid)), verb, given, rest))
    for index, trade in enumerate(free.get("trades") or []):
        rest = payload | {"free": free | {"trades": [t for i, t in enumerate(free["trades"]) if i != index]}}
        line = _free({"trades": [trade]}, names)[0]
        listed.append(OrderPart(line, "trade", (("partner", trade["partner"]),), rest))
    if free.get("track") is not None:
        line = text("track_line", name=names.student(free["track"]))
        listed.append(
            OrderPart(line, "track", (("target", free["track"]),), payload | {"free": free | {"track": None}})
        )
    if payload.get("action"):
        part = payload["action"]
        verb = ACTION_VERBS.get(part["kind"], part["kind"])
        values = tuple((k, part[k]) for k in ("target",) if part.get(k))
        if part["kind"] in ("attack", "all_out"):  # the weapon and up to three targets with their attempts
            values = (("weapon", part.get("weapon") or "unarmed"),)
            for n, (target, attempts) in enumerate(sorted(part.get("attempts", {}).items())[:3], 1):
                suffix = "" if n == 1 else str(n)
                values += ((f"target{suffix}", target), (f"attempts{suffix}", attempts))
        listed.append(OrderPart(action(part, names), verb, values, payload | {"action": None}))
    if payload.get("movement"):
        part = payload["movement"]
        listed.append(OrderPart(movement(part, names), part["kind"], (), payload | {"movement": None}))
    votes = payload.get("votes") or {}
    for key, option in (("mark", "student"), ("close", "zone"), ("reward", "zone")):
        if votes.get(key) is not None:
            said = names.student(votes[key]) if key == "mark" else names.zone(votes[key])
            line = text(f"vote_{key}_line", **{"name" if key == "mark" else "zone": said})
            rest = payload | {"votes": votes | {key: None}}
            listed.append(OrderPart(line, f"vote {key}", ((option, str(votes[key])),), rest))
    return listed
