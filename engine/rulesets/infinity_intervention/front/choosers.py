"""The choosers of Infinity: Intervention's options, built from the asking actor's own view only (never the
state): the enemies it may attack, its own weapons, the cover levels, the other actors (post order). Labels are
names, sides and states in words: never an NPC's TN or anyone's exact health."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.infinity_intervention.front.texts import text

Pairs = list[tuple[str, str]]
COVER = ("none", "low", "high")


def me(view: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The acting actor's id and own sheet: the view's `you` when it is one of the player's own PCs (named with
    `as`); an NPC the game master orders `as` (its sheet stays the moderators': `{}`); else the awaited one
    among the player's own, else the first; None for someone with no character."""
    you, mine = view.get("you"), view.get("mine") or {}
    if you in mine:
        return str(you), mine[you]
    if you in view.get("actors", {}):
        return str(you), {}
    if not mine:
        return None
    chosen = view["awaited"] if view.get("awaited") in mine else sorted(mine)[0]
    return str(chosen), mine[chosen]


def _typed(pairs: Pairs, typed: str) -> Pairs:
    wanted = typed.strip().lower()
    return [(label, value) for label, value in pairs if wanted in label.lower() or wanted == value.lower()]


def states(card: Mapping[str, Any]) -> str:
    """An actor's states in words (public)."""
    return "".join(text(f"state_{s}") for s in ("immobilized", "incapacitated", "killed") if card.get(s))


def label(card: Mapping[str, Any]) -> str:
    return f"{card['name']} ({text('side_' + card['side'])}, {text('cover_' + card['cover'])}{states(card)})"


def targets(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The other side's actors not killed (an incapacitated one may still be attacked)."""
    found = me(view)
    if found is None:
        return []
    side = view["actors"][found[0]]["side"]
    pairs = [(label(c), i) for i, c in view["actors"].items() if c["side"] != side and not c["killed"]]
    return _typed(pairs, typed)


def my_items(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    found = me(view)
    if found is None:
        return []
    sheet = found[1]
    if not sheet:
        return []
    pairs = [
        (text("item_line", label=lab, readied=text("readied") if i == sheet["readied"] else ""), i)
        for i, lab in zip(sheet["item_ids"], sheet["items"], strict=True)
    ]
    return _typed(pairs, typed)


def covers(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    return _typed([(text(f"cover_{c}"), c) for c in COVER], typed)


def actors(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """Everyone else in the post order (to post after)."""
    found = me(view)
    mine = found[0] if found else None
    return _typed([(label(view["actors"][i]), i) for i in view["order"] if i != mine], typed)


CHOOSERS = {"targets": targets, "my_items": my_items, "covers": covers, "actors": actors}
