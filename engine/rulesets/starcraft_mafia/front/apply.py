"""How a StarCraft Mafia command's options become the player's day orders (rulings, "The day").

A main-action command (/attack, /sleep, /heal, /repair, /probe, /nothing) replaces the day's main action;
an extra (/give, /pickup, /steal, /stim, /cloak, /sabotage, /vote lynch) fills its own slot, or with `undo`
empties it. The rest of the orders stay as they were, so orders can be changed one part at a time until the
deadline. Names typed by
hand are read against the player's own view (`reading`); the engine's `validate` then checks the whole orders
and gives the refusal reasons of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.front import Asked, Change, Refused
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front import reading
from engine.rulesets.starcraft_mafia.front.describe import extra_lines, main_line
from engine.rulesets.starcraft_mafia.front.texts import text
from engine.rulesets.starcraft_mafia.orders import DayOrders

YES, NO = ("yes", "true", "y", "1", "infest", "on"), ("no", "false", "n", "0", "off", "")


def _orders(asked: Asked) -> dict[str, Any]:
    return DayOrders().model_dump(mode="json") | dict(asked.current or {})


def _main(asked: Asked, main: dict[str, Any]) -> Change:
    orders = _orders(asked)
    orders["main"] = main
    return Change(orders=orders, summary=[main_line(main, asked.view)])


def _extra(asked: Asked, slot: str, value: Any) -> Change:
    orders = _orders(asked)
    orders[slot] = value
    return Change(orders=orders, summary=extra_lines({slot: value}, asked.view))


def _removed(asked: Asked, slot: str, what: str) -> Change:
    orders = _orders(asked)
    if not orders.get(slot) or (slot == "offensive" and orders[slot]["kind"] != asked.command):
        raise Refused(text("nothing_to_undo", what=what))
    orders[slot] = None
    return Change(orders=orders, summary=[text("said_removed", what=what)], removed=True)


def _needed(asked: Asked, *options: str) -> None:
    for option in options:
        if not asked.values.get(option):
            raise Refused(text("need_option", command=asked.command, option=option))


def _attack(asked: Asked) -> Change:
    v = asked.values
    form = (v.get("form") or "").strip().lower() or None
    if form not in (None, "human", "zerg"):
        raise Refused(text("unknown_form", form=v["form"]))
    typed = str(v.get("infest") or "").strip().lower()
    if typed not in YES + NO:
        raise Refused(text("unknown_infest", typed=v["infest"]))
    attack = {
        "kind": "attack",
        "target": reading.player(asked.view, v["target"]),
        "weapon": reading.kind(v.get("weapon")),
        "form": form,
        "infest": typed in YES,
    }
    return _main(asked, attack)


def _targeted(kind: str) -> Callable[[Asked], Change]:
    return lambda asked: _main(asked, {"kind": kind, "target": reading.player(asked.view, asked.values["target"])})


def _repair(asked: Asked) -> Change:
    v = asked.values
    return _main(
        asked,
        {"kind": "repair", "target": reading.player(asked.view, v["target"]), "item": reading.kind(v.get("item"))},
    )


def _simple(kind: str) -> Callable[[Asked], Change]:
    return lambda asked: _main(asked, {"kind": kind})


def _give(asked: Asked) -> Change:
    if asked.values.get("undo"):
        return _removed(asked, "give", text("what_give"))
    _needed(asked, "item", "to")
    item = reading.my_item(asked.view, asked.values["item"])
    return _extra(asked, "give", {"item": item, "to": reading.player(asked.view, asked.values["to"])})


def _pickup(asked: Asked) -> Change:
    if asked.values.get("undo"):
        return _removed(asked, "pickup", text("what_pickup"))
    _needed(asked, "item")
    return _extra(asked, "pickup", {"item": reading.body_item(asked.view, asked.values["item"])})


def _steal(asked: Asked) -> Change:
    if asked.values.get("undo"):
        return _removed(asked, "steal", text("what_steal"))
    _needed(asked, "target", "item")
    v = asked.values
    return _extra(asked, "steal", {"target": reading.player(asked.view, v["target"]), "item": reading.kind(v["item"])})


def _vote(asked: Asked) -> Change:
    """The lynch vote (the `day_vote` house rule): a seat in the orders' `vote`, an extra, not an action."""
    if asked.values.get("undo"):
        return _removed(asked, "vote", text("what_vote"))
    _needed(asked, "player")
    return _extra(asked, "vote", reading.player(asked.view, asked.values["player"]))


def _offensive(kind: str, ability: str) -> Callable[[Asked], Change]:
    def apply(asked: Asked) -> Change:
        if asked.values.get("undo"):
            return _removed(asked, "offensive", text("what_offensive", ability=catalog().ability(ability).name))
        value: dict[str, Any] = {"kind": kind}
        if kind == "sabotage":
            _needed(asked, "target")
            value |= {
                "target": reading.player(asked.view, asked.values["target"]),
                "item": reading.kind(asked.values.get("item")),
            }
        return _extra(asked, "offensive", value)

    return apply


APPLY: dict[str, Callable[[Asked], Change]] = {
    "attack": _attack,
    "sleep": _simple("sleep"),
    "heal": _targeted("heal"),
    "repair": _repair,
    "probe": _targeted("probe"),
    "nothing": _simple("nothing"),
    "give": _give,
    "pickup": _pickup,
    "steal": _steal,
    "stim": _offensive("stim", "stim_pack"),
    "cloak": _offensive("cloak", "cloak"),
    "sabotage": _offensive("sabotage", "sabotage"),
    "vote lynch": _vote,
}


def apply(asked: Asked) -> Change:
    how = APPLY.get(asked.command)
    if how is None:
        raise Refused(text("not_a_command", command=asked.command))
    return how(asked)
