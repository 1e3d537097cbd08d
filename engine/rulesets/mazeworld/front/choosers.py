"""The choosers of Mazeworld's options, built from the asking actor's own view only (never the state): the
creatures it may attack or execute, its own weapons, a weapon's fire modes, a target's body parts, its own
items, firearms and launchers, a weapon's accessories, attached weapons and ammunition types, its charges.
Labels are names and conditions in words: never another creature's numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.keyed import joined
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.front.texts import text
from engine.rulesets.mazeworld.rules import BODYAIM, FISTS

Pairs = list[tuple[str, str]]


def me(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The actor's own sheet: the view's first own creature (a player's contestant, or the NPC ordered `as`)."""
    mine = view.get("mine") or []
    return next((c for c in mine if c["id"] == view.get("you")), mine[0] if mine else None)


def _typed(pairs: Pairs, typed: str) -> Pairs:
    wanted = typed.strip().lower()
    return [(label, value) for label, value in pairs if wanted in label.lower() or wanted == value.lower()]


def label(card: Mapping[str, Any]) -> str:
    """A creature as a choice: name, side and conditions in words."""
    said = joined(", ", card["conditions"]) if card.get("conditions") else text("picture_unhurt")
    return f"{card['name']} (side {card['side']}, {said})"


def _hostile(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return (a["team"] == "hostile") != (b["team"] == "hostile")


def _present(card: Mapping[str, Any]) -> bool:
    return not ({"dead", "gone"} & set(card.get("conditions") or []))


def targets(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """Present creatures of the other team the actor sees (the view leaves out those it cannot target)."""
    mine = me(view)
    if mine is None:
        return []
    found = [c for c in view["others"] if _hostile(mine, c) and _present(c)]
    return _typed([(label(c), c["id"]) for c in found], typed)


def helpless(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """Blacked-out or passed-out creatures the actor sees (executions)."""
    out = {"blacked out", "passed out"}
    found = [c for c in view["others"] if out & set(c.get("conditions") or [])]
    return _typed([(label(c), c["id"]) for c in found], typed)


def carcasses(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    found = [c for c in view["others"] if "dead" in (c.get("conditions") or [])]
    return _typed([(label(c), c["id"]) for c in found], typed)


def weapon_names(mine: Mapping[str, Any]) -> list[str]:
    """What the actor may attack with: its natural attacks, its weapons not destroyed, Fists."""
    names = [*mine.get("attacks", []), *(w["name"] for w in mine.get("weapons", []) if not w["destroyed"])]
    return [*names, FISTS] if FISTS not in names else names


def my_weapons(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    mine = me(view)
    if mine is None:
        return []
    pairs = [(f"{n} (in hand)" if n == mine.get("wielded") else n, n) for n in weapon_names(mine)]
    return _typed(pairs, typed)


def my_firearms(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    mine = me(view)
    if mine is None:
        return []
    table = catalog().weapons
    pairs = [
        (f"{w['name']}: {w['loaded']} loaded, {w['spare']} spare", w["name"])
        for w in mine["weapons"]
        if not w["destroyed"] and w["name"] in table and table[w["name"]].fed
    ]
    return _typed(pairs, typed)


def _chosen(view: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any] | None:
    """The actor's carried weapon chosen so far (else the one in hand), as its own sheet has it."""
    mine = me(view)
    if mine is None:
        return None
    name = str(values.get("weapon") or mine.get("wielded") or "").lower()
    return next((w for w in mine.get("weapons", []) if w["name"].lower() == name and not w["destroyed"]), None)


def _mounted(carried: Mapping[str, Any]) -> list[str]:
    own = carried.get("accessories")
    known = catalog().weapons.get(carried["name"])
    return list(own) if own is not None else list(known.accessories if known else [])


def _accessory_label(carried: Mapping[str, Any], name: str) -> str:
    found = catalog().accessories.get(name)
    if found is None:
        return name
    if found.weapon is not None:
        rounds = carried.get("mounts", {}).get(name) or {"loaded": 0, "spare": 0}
        return text("accessory_weapon", name=name, weapon=found.weapon, loaded=rounds["loaded"], spare=rounds["spare"])
    return text("accessory_passive", name=name) if found.passive else name


def accessories(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The accessories mounted on the weapon chosen so far (else the one in hand)."""
    carried = _chosen(view, values)
    if carried is None:
        return []
    return _typed([(_accessory_label(carried, n), n) for n in _mounted(carried)], typed)


def attached(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The attached weapons (accessories with a weapon) on the weapon chosen so far, to reload."""
    carried = _chosen(view, values)
    if carried is None:
        return []
    table = catalog().accessories
    names = [n for n in _mounted(carried) if n in table and table[n].weapon is not None]
    return _typed([(_accessory_label(carried, n), n) for n in names], typed)


def ammo_types(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The ammunition types of the weapon chosen so far (of its attached weapon when `accessory` names one),
    with the spare rounds of each."""
    carried = _chosen(view, values)
    fitted = catalog().accessories.get(str(values.get("accessory") or ""))
    if carried is not None and fitted is not None and fitted.weapon is not None:
        rounds = carried.get("mounts", {}).get(values["accessory"]) or {"loaded": 0, "spare": 0}
        carried = {"spares": {}, **rounds, "name": fitted.weapon} if values["accessory"] in _mounted(carried) else None
    weapon = catalog().weapons.get(carried["name"]) if carried else None
    if carried is None or weapon is None or not weapon.ammunition:
        return []
    default = next(iter(weapon.ammunition))
    loaded = carried.get("ammo") or default
    pairs = [
        (
            text(
                "ammo_choice",
                name=kind,
                spare=carried["spare"] if kind == default else carried.get("spares", {}).get(kind, 0),
                loaded=text("ammo_loaded") if kind == loaded else "",
            ),
            kind,
        )
        for kind in weapon.ammunition
    ]
    return _typed(pairs, typed)


def my_charges(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The actor's planted explosives it still carries."""
    mine = me(view)
    if mine is None:
        return []
    table = catalog().weapons
    pairs = [
        (text("charge_choice", name=w["name"], count=w["loaded"]), w["name"])
        for w in mine["weapons"]
        if not w["destroyed"] and w["loaded"] > 0 and w["name"] in table and table[w["name"]].kind == "planted"
    ]
    return _typed(pairs, typed)


def modes(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The fire modes of the weapon chosen so far (else the one in hand)."""
    mine = me(view)
    name = values.get("weapon") or (mine or {}).get("wielded")
    weapon = catalog().weapons.get(str(name or ""))
    return _typed([(m, m) for m in weapon.modes], typed) if weapon else []


def body_of(card: Mapping[str, Any]) -> str:
    """The body plan of a creature as its public card names its species."""
    table = catalog()
    species = table.species.get(card.get("species", ""))
    return species.body if species else str(card.get("body") or card.get("species") or "human")


def parts(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The parts of the target chosen so far (else a human's): parts and weak points."""
    wanted = values.get("target")
    card = next((c for c in view["others"] if c["id"] == wanted or c["name"] == wanted), None)
    body = catalog().bodies.get(body_of(card) if card else "human")
    if body is None:
        return []
    return _typed([(p, p) for p in [*body.parts, *body.weak, BODYAIM]], typed)


def my_items(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    mine = me(view)
    if mine is None:
        return []
    return _typed([(f"{i} ({n})", i) for i, n in mine["items"].items() if n > 0], typed)


def my_throwables(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The actor's items that can be thrown to hurt (those with damage data), with their counts."""
    mine = me(view)
    if mine is None:
        return []
    table = catalog().items
    found = [(f"{i} ({n})", i) for i, n in mine["items"].items() if n > 0 and i in table and table[i].thrown]
    return _typed(found, typed)


CHOOSERS = {
    "targets": targets,
    "helpless": helpless,
    "carcasses": carcasses,
    "my_weapons": my_weapons,
    "my_firearms": my_firearms,
    "modes": modes,
    "parts": parts,
    "my_items": my_items,
    "accessories": accessories,
    "attached": attached,
    "ammo_types": ammo_types,
    "my_charges": my_charges,
    "my_throwables": my_throwables,
}
