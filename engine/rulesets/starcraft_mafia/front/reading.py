"""Reading what a player typed or picked back onto an order, from the player's own view.

Players are named by seat (what the choosers offer) or by name; one's own items and the items on bodies by
uid (the choosers' values) or by name; item kinds by id or name. A player or kind that cannot be read is
passed on as typed: the engine's `validate` refuses it with its own reason ("There is no player called ...").
An item one does not carry or that lies on no body is refused here, naming only the item typed.
"""

from __future__ import annotations

from typing import Any

from engine.front import Refused
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.texts import text


def me(view: dict[str, Any]) -> dict[str, Any]:
    return view.get("me") or {}


def names(view: dict[str, Any]) -> dict[str, str]:
    """Seat -> name of everyone the view knows, the player included."""
    out = {p["seat"]: p["name"] for p in view.get("players", [])}
    if me(view):
        out[me(view)["id"]] = me(view)["name"]
    return out


def player(view: dict[str, Any], typed: str | None) -> str | None:
    if not typed:
        return None
    typed = typed.strip()
    known = names(view)
    if typed in known:
        return typed
    return next((seat for seat, name in known.items() if name.lower() == typed.lower()), typed)


def kind(typed: str | None) -> str | None:
    if not typed:
        return None
    return catalog().kind_of(typed.strip()) or typed.strip()


def _matches(item: dict[str, Any], typed: str) -> bool:
    return item["uid"] == typed or item["kind"] == catalog().kind_of(typed)


def my_item(view: dict[str, Any], typed: str) -> str:
    typed = typed.strip()
    items = me(view).get("items", [])
    found = next((i for i in items if i["uid"] == typed), None) or next((i for i in items if _matches(i, typed)), None)
    if found is None:
        raise Refused(text("not_carried", item=_shown(typed)))
    return str(found["uid"])


def lying(view: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(body, item) for every item that may be picked up today: on players who died before today, not mounted."""
    out = []
    for body in view.get("players", []):
        died = body.get("died_day")
        if body["alive"] or died is None or died >= view["day"]:
            continue
        out += [(body, i) for i in body.get("items", []) if not _mounted(i["kind"])]
    return out


def body_item(view: dict[str, Any], typed: str) -> str:
    typed = typed.strip()
    there = [i for _, i in lying(view)]
    found = next((i for i in there if i["uid"] == typed), None) or next((i for i in there if _matches(i, typed)), None)
    if found is None:
        raise Refused(text("not_on_body", item=_shown(typed)))
    return str(found["uid"])


def item_on_body(view: dict[str, Any], uid: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    return next(
        ((b, i) for b in view.get("players", []) if not b["alive"] for i in b.get("items", []) if i["uid"] == uid), None
    )


def _mounted(kind_id: str) -> bool:
    weapon = catalog().weapon(kind_id)
    return bool(weapon and weapon.mounted)


def _shown(typed: str) -> str:
    """An item as the player typed it, by its name when it is a kind (never echoing what it is not)."""
    found = catalog().kind_of(typed)
    return catalog().item_name(found) if found else typed


def item_name(view: dict[str, Any], uid: str | None) -> str:
    """The name of an item the player can see (his own, or on a body) by uid."""
    for i in me(view).get("items", []):
        if i["uid"] == uid:
            return catalog().item_name(i["kind"])
    found = item_on_body(view, uid or "")
    return catalog().item_name(found[1]["kind"]) if found else str(uid)


def kind_name(kind_id: str | None) -> str:
    if not kind_id:
        return ""
    found = catalog().kind_of(kind_id)
    return catalog().item_name(found) if found else kind_id
