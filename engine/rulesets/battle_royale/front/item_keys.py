"""How a player names one of their own items (or one on the ground) without the engine's item ids.

The engine numbers items in the order it creates them (starting items seat by seat, then hidden items
zone by zone), so an id like `i7` would tell a player who started with an item or where it was hidden.
Choices and typed names therefore use keys made from the player's own view: the item's name ("Knife"),
and "Knife (2)", "Knife (3)" for the second and third of the same name, counted in the order the view
lists them. Autocomplete offers the keys (`keyed`), and `reading` maps a key back to the item
(`find`), so what a player picks is what is submitted.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.battle_royale.front.texts import text


def keyed(items: list[dict[str, Any]]) -> list[tuple[str, int, dict[str, Any]]]:
    """(key, n, item) for each item in view order; n counts the items of that name so far (1 for the first)."""
    seen: dict[str, int] = {}
    out = []
    for item in items:
        name = item["name"]
        n = seen[name.lower()] = seen.get(name.lower(), 0) + 1
        out.append((name if n == 1 else text("item_key_repeat", name=name, n=n), n, item))
    return out


def shown(label: str, n: int) -> str:
    """What a choice shows: the item's label, with its number when it is not the first of its name."""
    return label if n == 1 else text("item_repeat", label=label, n=n)


def find(items: list[dict[str, Any]], text: str) -> str | None:
    """The uid of the item this key (or, typed by hand, name in any case; or uid) means, else None."""
    token = text.strip()
    if any(i["uid"] == token for i in items):
        return token
    lowered = token.lower()
    return next((item["uid"] for key, _, item in keyed(items) if key.lower() == lowered), None)


def key_of(items: list[dict[str, Any]], uid: str) -> str | None:
    """The key of the item with this uid, else None."""
    return next((key for key, _, item in keyed(items) if item["uid"] == uid), None)
