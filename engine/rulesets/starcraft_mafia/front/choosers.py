"""StarCraft Mafia's autocomplete choices, built only from the asking player's view and own orders.

Each chooser takes (view, typed, values chosen so far, the player's current orders) and returns (label, value)
pairs whose label contains the typed text. Living players are shown with their public class and HP; the
infested also see their teammates marked (their view holds the team). Kinds of item for Steal and Sabotage
are the game's whole list, never what another living player carries; the attack's weapons are the player's
own plus what today's own pick-up or steal may bring. `form` and `infest` are offered to the infested alone;
for anyone else every list is built from public facts only, so two humans' lists are the same whoever the
infested are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.front import Chooser
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front import reading
from engine.rulesets.starcraft_mafia.front.texts import text

Pair = tuple[str, str]
LIMIT, NAME_MAX = 25, 100  # Discord: 25 choices, names of at most 100 characters


def _choices(pairs: Iterable[Pair], typed: str) -> list[Pair]:
    wanted = (typed or "").strip().lower()
    out = [
        (name if len(name) <= NAME_MAX else name[:NAME_MAX], value)
        for name, value in pairs
        if not wanted or wanted in name.lower()
    ]
    return out[:LIMIT]


def _acting(view: dict[str, Any]) -> dict[str, Any] | None:
    me = reading.me(view)
    return me if me and me.get("alive") and view.get("phase") != "over" else None


def _living(view: dict[str, Any]) -> list[Pair]:
    pairs = []
    for p in view.get("players", []):
        if not p["alive"]:
            continue
        key = "choice_teammate" if p.get("team") == "infested" else "choice_player"
        cls = catalog().cls(p["cls"]).name
        pairs.append((text(key, name=p["name"], cls=cls, suit=p["suit_hp"], body=p["body_hp"]), p["seat"]))
    return pairs


def others(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """Every other living player (Heal, Probe, Give, Steal, Sabotage)."""
    return _choices(_living(view), typed) if _acting(view) else []


def attack_targets(
    view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]
) -> list[Pair]:
    """The living others, then oneself (suicide)."""
    me = _acting(view)
    if me is None:
        return []
    return _choices(_living(view) + [(text("choice_self", what=text("choice_suicide")), me["id"])], typed)


def repair_targets(
    view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]
) -> list[Pair]:
    """The living others, then oneself (only to re-enable one's own sabotaged item)."""
    me = _acting(view)
    if me is None:
        return []
    return _choices(_living(view) + [(text("choice_self", what=text("choice_self_repair")), me["id"])], typed)


def _own_label(item: dict[str, Any], day: int) -> str:
    name = catalog().item_name(item["kind"])
    if item.get("disabled_until") is not None and item["disabled_until"] >= day:
        return text("choice_my_item_disabled", item=name, day=item["disabled_until"])
    if item.get("uses") is not None:
        return text("choice_my_item_uses", item=name, uses=item["uses"])
    return text("choice_my_item", item=name)


def my_items(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """One's own items that can change hands (never the mounted flamethrowers), by uid."""
    me = _acting(view)
    if me is None:
        return []
    mine = [i for i in me["items"] if not _mounted(i["kind"])]
    return _choices(((_own_label(i, view["day"]), i["uid"]) for i in mine), typed)


def body_items(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """Items on the bodies of players who died before today (public), by uid."""
    if _acting(view) is None:
        return []
    pairs = [
        (text("choice_body_item", item=catalog().item_name(i["kind"]), body=b["name"]), i["uid"])
        for b, i in reading.lying(view)
    ]
    return _choices(pairs, typed)


def _weapon_label(kind_id: str, incoming: bool) -> str:
    w = catalog().weapon(kind_id)
    assert w is not None
    key = "choice_weapon_incoming" if incoming else "choice_weapon"
    return text(key, item=w.name, attack=w.attack, range=text(f"range_{w.range}"), damage=w.damage)


def weapons(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """The weapons one carries, then those today's own pick-up or steal may bring (by kind)."""
    me = _acting(view)
    if me is None:
        return []
    held = list(dict.fromkeys(i["kind"] for i in me["items"] if catalog().weapon(i["kind"])))
    incoming: list[str] = []
    pickup = (current or {}).get("pickup") or {}
    on_body = reading.item_on_body(view, pickup.get("item") or "")
    if on_body is not None:
        incoming.append(on_body[1]["kind"])
    steal = (current or {}).get("steal") or {}
    if steal.get("item"):
        incoming.append(reading.kind(steal["item"]) or "")
    coming = [k for k in dict.fromkeys(incoming) if catalog().weapon(k) and k not in held]
    pairs = [(_weapon_label(k, False), k) for k in held] + [(_weapon_label(k, True), k) for k in coming]
    return _choices(pairs, typed)


def _infested(view: dict[str, Any]) -> bool:
    me = _acting(view)
    return bool(me and me.get("team") == "infested")


def forms(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    if not _infested(view):
        return []
    return _choices(((text("choice_form_human"), "human"), (text("choice_form_zerg"), "zerg")), typed)


def infest(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    return _choices(((text("choice_infest"), "yes"),), typed) if _infested(view) else []


def _mounted(kind_id: str) -> bool:
    weapon = catalog().weapon(kind_id)
    return bool(weapon and weapon.mounted)


def _kinds(keep_mounted: bool) -> list[Pair]:
    return [
        (text("choice_kind", item=catalog().item_name(k)), k)
        for k in catalog().item_kinds()
        if keep_mounted or not _mounted(k)
    ]


def steal_kinds(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """Every kind of item that can be stolen (not the mounted flamethrowers), whoever the target."""
    return _choices(_kinds(False), typed) if _acting(view) else []


def sabotage_kinds(
    view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]
) -> list[Pair]:
    """Every kind of item (the flamethrowers too), whoever the target."""
    return _choices(_kinds(True), typed) if _acting(view) else []


def repair_items(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> list[Pair]:
    """On oneself: one's own sabotaged kinds; on another (or no target yet): every kind (theirs are private)."""
    me = _acting(view)
    if me is None:
        return []
    if reading.player(view, values.get("target")) == me["id"]:
        day = view["day"]
        mine = [i["kind"] for i in me["items"] if i.get("disabled_until") is not None and i["disabled_until"] >= day]
        return _choices(((text("choice_kind", item=catalog().item_name(k)), k) for k in dict.fromkeys(mine)), typed)
    return _choices(_kinds(True), typed)


CHOOSERS: dict[str, Chooser] = {
    "attack_targets": attack_targets,
    "others": others,
    "repair_targets": repair_targets,
    "my_items": my_items,
    "body_items": body_items,
    "weapons": weapons,
    "forms": forms,
    "infest": infest,
    "steal_kinds": steal_kinds,
    "sabotage_kinds": sabotage_kinds,
    "repair_items": repair_items,
}
