"""A StarCraft Mafia player's day orders in words (the confirmation and /orders), from his own view.

`describe(orders, view)` gives one line for the main action and one per extra; `main_line` and `extra_lines`
are used alone by `apply` to say what one command changed.
"""

from __future__ import annotations

from typing import Any

from engine.front import OrderPart
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front import reading
from engine.rulesets.starcraft_mafia.front.texts import text

EXTRAS = ("give", "pickup", "steal", "offensive", "vote")  # the day's extras, beside the main action


def _who(view: dict[str, Any], seat: str | None) -> str:
    return reading.names(view).get(seat or "", seat or "?")


def main_line(main: dict[str, Any] | None, view: dict[str, Any]) -> str:
    main = main or {"kind": "nothing"}
    kind = main.get("kind", "nothing")
    target = _who(view, main.get("target"))
    if kind == "attack":
        if main.get("target") == reading.me(view).get("id"):
            return text("said_suicide")
        if main.get("infest"):
            return text("said_infest", target=target)
        weapon = text("said_weapon", item=reading.kind_name(main["weapon"])) if main.get("weapon") else ""
        form = {"zerg": text("said_zerg"), "human": text("said_human")}.get(main.get("form") or "", "")
        return text("said_attack", target=target, weapon=weapon, form=form)
    if kind == "repair" and main.get("item"):
        return text("said_re_enable", target=target, item=reading.kind_name(main["item"]))
    if kind in ("heal", "repair", "probe"):
        return text(f"said_{kind}", target=target)
    return text("said_sleep") if kind == "sleep" else text("said_nothing")


def extra_lines(orders: dict[str, Any], view: dict[str, Any]) -> list[str]:
    lines = []
    give = orders.get("give")
    if give:
        lines.append(text("said_give", item=reading.item_name(view, give["item"]), to=_who(view, give["to"])))
    pickup = orders.get("pickup")
    if pickup:
        found = reading.item_on_body(view, pickup["item"])
        if found is None:
            lines.append(text("said_pickup_unknown"))
        else:
            body, item = found
            lines.append(text("said_pickup", item=catalog().item_name(item["kind"]), body=body["name"]))
    steal = orders.get("steal")
    if steal:
        lines.append(text("said_steal", item=reading.kind_name(steal["item"]), target=_who(view, steal["target"])))
    offensive = orders.get("offensive")
    if offensive:
        kind = offensive["kind"]
        if kind == "sabotage":
            target = _who(view, offensive["target"])
            if offensive.get("item"):
                lines.append(text("said_sabotage_item", target=target, item=reading.kind_name(offensive["item"])))
            else:
                lines.append(text("said_sabotage_suit", target=target))
        else:
            lines.append(text(f"said_{kind}"))
    if orders.get("vote"):
        lines.append(text("said_vote", target=_who(view, orders["vote"])))
    return lines


def describe(orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    if not orders:
        return []
    return [main_line(orders.get("main"), view), *extra_lines(orders, view)]


def parts(orders: dict[str, Any], view: dict[str, Any]) -> list[OrderPart]:
    """The day's orders one by one for the orders card: the main action (changed by its verb's menu, withdrawn
    to doing nothing) and each extra (withdrawn alone, the rest kept)."""
    main = orders.get("main") or {"kind": "nothing"}
    kind = main.get("kind", "nothing")
    listed = [
        OrderPart(
            line=main_line(main, view),
            command=kind,
            values=tuple((k, v) for k, v in main.items() if k != "kind" and v not in (None, False)),
            rest=None if all(not orders.get(slot) for slot in EXTRAS) else orders | {"main": {"kind": "nothing"}},
        )
    ]
    for slot in EXTRAS:
        value = orders.get(slot)
        if not value:
            continue
        values: tuple[tuple[str, Any], ...]
        if slot == "vote":
            command, values = "vote lynch", (("player", value),)
        elif slot == "offensive":
            command, values = value["kind"], tuple((k, v) for k, v in value.items() if k != "kind" and v)
        else:
            command, values = slot, tuple((k, v) for k, v in value.items() if v)
        listed.append(
            OrderPart(
                line=extra_lines({slot: value}, view)[0], command=command, values=values, rest=orders | {slot: None}
            )
        )
    if kind == "nothing" and len(listed) > 1:
        listed.pop(0)  # nothing as the main action is no order of its own beside the extras
    return listed
