"""How a Battle Royale command's options become the player's orders (handbook III.B-E).

Each command replaces one part of tonight's orders (the action, the movement, a vote) or adds to the free
actions, keeping the rest; the summary says in words what changed. Names typed by hand are read against
the player's own view (`reading.Reader`). The engine's `validate` then checks the whole orders, so the
refusals here are only those of reading the options (an item or zone that is not there, a bad route).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.front import Asked, Change, Refused
from engine.rulesets.battle_royale.front import trade
from engine.rulesets.battle_royale.front.describe import describe
from engine.rulesets.battle_royale.front.reading import Reader
from engine.rulesets.battle_royale.front.texts import text

FREE_LISTS = ("pick_up", "drop", "store", "take_out", "wear", "remove")


def _night(asked: Asked, refusal: str = "day0_orders") -> dict[str, Any]:
    if asked.current.get("kind") != "night":
        raise Refused(text(refusal))
    return dict(asked.current)


def _part(asked: Asked, part: str, value: Any, summary: list[str] | None = None) -> Change:
    orders = _night(asked)
    orders[part] = value
    return Change(orders=orders, summary=summary or describe({"kind": "night", part: value}, asked.view))


def _attack(kind: str) -> Callable[[Asked, Reader], Change]:
    def apply(asked: Asked, r: Reader) -> Change:
        v = asked.values
        spread: dict[str, int] = {}
        for who, n in ((v["target"], v["attempts"]), (v["target2"], v["attempts2"]), (v["target3"], v["attempts3"])):
            if who:
                if n is None or n < 1:
                    raise Refused(text("attempts_range"))
                sid = r.student(who)
                spread[sid] = spread.get(sid, 0) + n
        return _part(asked, "action", {"kind": kind, "weapon": r.item(v["weapon"]), "attempts": spread})

    return apply


def _settrap(asked: Asked, r: Reader) -> Change:
    v = asked.values
    return _part(
        asked,
        "action",
        {
            "kind": "set_trap",
            "item": r.item(v["item"]),
            "to_zone": r.zone(v["to_zone"]),
            "day": v["day"],
            "target": r.student(v["target"]),
        },
    )


def _use(asked: Asked, r: Reader) -> Change:
    v = asked.values
    return _part(
        asked,
        "action",
        {"kind": "use_item", "use": v["use"], "item": r.item(v["item"]), "target": r.student(v["target"])},
    )


def _targeted(kind: str, *extra: str) -> Callable[[Asked, Reader], Change]:
    def apply(asked: Asked, r: Reader) -> Change:
        value = {"kind": kind, "target": r.student(asked.values["target"])}
        value.update({name: asked.values[name] for name in extra})
        return _part(asked, "action", value)

    return apply


def _simple(part: str, kind: str) -> Callable[[Asked, Reader], Change]:
    return lambda asked, r: _part(asked, part, {"kind": kind})


def _go(kind: str) -> Callable[[Asked, Reader], Change]:
    def apply(asked: Asked, r: Reader) -> Change:
        v = asked.values
        value: dict[str, Any] = {"kind": kind, "route": r.route(v["route"]), "follow": r.student(v["follow"])}
        if kind == "run":
            value["drop"] = r.item(v["drop"])
        return _part(asked, "movement", value)

    return apply


def _free(asked: Asked) -> tuple[dict[str, Any], dict[str, Any]]:
    orders = _night(asked, "night_orders_only")
    return orders, dict(orders.get("free") or {})


def _listed(key_of: Callable[[dict[str, Any]], str], ground: bool = False) -> Callable[[Asked, Reader], Change]:
    """/pickup, /drop, /equip: add the item to today's list of that free action, or with `undo` take it off."""

    def apply(asked: Asked, r: Reader) -> Change:
        v = asked.values
        key = key_of(v)
        orders, free = _free(asked)
        listed = list(free.get(key, []))
        uid = r.listed(v["item"], listed) if v["undo"] else r.item(v["item"], ground=ground)
        free[key] = [u for u in listed if u != uid] + ([] if v["undo"] else [uid])
        orders["free"] = free
        return Change(
            orders=orders, summary=describe({"kind": "night", "free": {key: [uid]}}, r.view), removed=bool(v["undo"])
        )

    return apply


def _track(asked: Asked, r: Reader) -> Change:
    target = asked.values["target"]
    orders, free = _free(asked)
    if not target and not any(
        i["kind"] == "tracking_unit" and not i["stored"] for i in (r.view.get("me") or {}).get("items", [])
    ):
        raise Refused(text("track_no_unit"))
    free["track"] = r.student(target)
    orders["free"] = free
    summary = (
        describe({"kind": "night", "free": {"track": free["track"]}}, r.view) if target else [text("track_counts")]
    )
    return Change(orders=orders, summary=summary)


def _vote(kind: str, option: str) -> Callable[[Asked, Reader], Change]:
    def apply(asked: Asked, r: Reader) -> Change:
        typed = asked.values[option]
        value = r.student(typed) if kind == "mark" else r.zone(typed)
        votes = dict(asked.current.get("votes") or {})
        votes[kind] = value
        return _part(asked, "votes", votes, describe({"kind": "night", "votes": {kind: value}}, r.view))

    return apply


APPLY: dict[str, Callable[[Asked, Reader], Change]] = {
    "attack": _attack("attack"),
    "allout": _attack("all_out"),
    "settrap": _settrap,
    "use": _use,
    "defend": _simple("action", "defend"),
    "search": _simple("action", "search"),
    "cover": _targeted("cover"),
    "analyze": _targeted("analyze"),
    "heal": _targeted("heal", "first_aid_kit"),
    "move": _go("move"),
    "run": _go("run"),
    "hold": _simple("movement", "hold"),
    "pickup": _listed(lambda v: "pick_up", ground=True),
    "drop": _listed(lambda v: "drop"),
    "equip": _listed(lambda v: v["how"]),
    "track": _track,
    "trade": lambda asked, r: trade.offer(asked),
    "vote mark": _vote("mark", "student"),
    "vote close": _vote("close", "zone"),
    "vote reward": _vote("reward", "zone"),
}


def apply(asked: Asked) -> Change:
    how = APPLY.get(asked.command)
    if how is None:
        raise Refused(text("not_a_command", command=asked.command))
    return how(asked, Reader(asked.view, asked.current))
