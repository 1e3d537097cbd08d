"""What a player will hold once tonight's own free actions are done (handbook III.F.1: "All Free Actions
happen before any other actions"), read from their view and their current orders only.

`coming` lists the items the current orders bring (picked up from the ground of the zone, received in a
trade), as the view lists them; `holdings` lists the player's own items then those coming, each marked as
the free actions leave it, for the choosers of the night's action and equipment. Item keys
(`item_keys.keyed`) are counted over that same list, "mine then coming", as `Reader.item` reads them, so a
key chosen for an item that comes tonight is read back as that very item. Free actions do not chain: the
choosers for storing, dropping and trading read the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.report import labelled


def _free(orders: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return (orders or {}).get("free") or {}


def coming(view: dict[str, Any], orders: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Items tonight's free actions in `orders` bring (picked up, received in a trade), as the view lists them
    (ground entries, then each trade partner's carried entries)."""
    free = _free(orders)
    wanted = set(free.get("pick_up") or [])
    items = [i for i in view.get("ground", []) if i["uid"] in wanted]
    for trade in free.get("trades") or []:
        partner = next((s for s in view.get("here", []) if s["id"] == trade.get("partner")), None)
        received = set(trade.get("receive") or [])
        items += [i for i in (partner or {}).get("carried", []) if i["uid"] in received]
    return items


@cache
def _kinds() -> dict[str, str]:
    return {d.name.lower(): kind for kind, d in catalog.items().items()}


def kind_of(name: str) -> str | None:
    """An item's kind from its name: what a visible item is, is public (its name says it)."""
    return _kinds().get(name.lower())


def holdings(view: dict[str, Any], orders: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """My items, then the items coming tonight (with `coming` set and their `kind`), each with `stored` as
    the free actions leave it (taken out: at hand, with `taken_out` set and its label no longer saying it is
    in the Backpack; put away: stored) and `gone` when dropped or given away."""
    free = _free(orders)
    taken_out, put_away = set(free.get("take_out") or []), set(free.get("store") or [])
    leaving = set(free.get("drop") or []) | {u for t in free.get("trades") or [] for u in t.get("give") or []}
    out = []
    for item in (view.get("me") or {}).get("items", []):
        uid = item["uid"]
        out_tonight = item["stored"] and uid in taken_out
        stored = (item["stored"] and not out_tonight) or uid in put_away
        at_hand = labelled(item["name"], item.get("ammo"), item.get("uses"), False, bool(item.get("worn")))
        label = at_hand if out_tonight else item["label"]
        out.append({**item, "label": label, "stored": stored, "gone": uid in leaving, "taken_out": out_tonight})
    for item in coming(view, orders):
        name = item["name"]
        out.append(
            {
                **item,
                "kind": kind_of(name) or "",
                "label": name,
                "stored": False,
                "worn": False,
                "gone": False,
                "coming": True,
            }
        )
    return out
