"""The fight as cards (`/status`): one card of the sides (who stands where, cover, conditions in words) and
the asker's own sheet in full (Pain %, limbs, weapons, items, wounds). All from the asker's view alone, so
another creature's numbers never appear."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.keyed import joined, named
from engine.rulesets.mazeworld.arms import default_ammo
from engine.rulesets.mazeworld.catalog import DOMAIN, Weapon, catalog
from engine.rulesets.mazeworld.damage import conditions
from engine.rulesets.mazeworld.front.texts import text
from engine.rulesets.mazeworld.state import Creature

COLOUR = {"combat": "red", "aftermath": "gold", "over": "grey"}


def _line(card: dict[str, Any], said: list[str]) -> str:
    return text(
        "fighter_line",
        name=card["name"],
        team=text(f"team_{card['team']}"),
        cover=text("in_cover") if card.get("cover") else "",
        conditions=joined(", ", said) or text("picture_unhurt"),
    )


def _own_conditions(sheet: dict[str, Any]) -> list[str]:
    """The conditions of one's own creature in the same words the others read."""
    return conditions(Creature.model_validate(sheet))


def fighters(view: dict[str, Any]) -> list[tuple[dict[str, Any], list[str]]]:
    """Everyone the view shows, one's own first, each with its conditions in words (the cards' and the
    picture's words: the same for one's own creature as for the others)."""
    return [(c, _own_conditions(c)) for c in view["mine"]] + [(c, c["conditions"]) for c in view["others"]]


def _title(view: dict[str, Any]) -> str:
    """The card's title: the turn now; after the end, the last turn played (the turn counter has moved past it)."""
    if view["phase"] == "over":
        return text("status_title_over", turn=max(view["turn"] - 1, 1))
    return text("status_title", turn=view["turn"])


def fight_card(view: dict[str, Any]) -> Card:
    everyone = fighters(view)
    fields = []
    for side in (1, 2, 3, 4):
        here = tuple(_line(c, said) for c, said in everyone if c["side"] == side)
        cover = text(f"cover_{view['cover'].get(str(side), 'none')}")
        fields.append(CardField(text("field_side", side=side, cover=cover), here, inline=True, empty=text("nobody")))
    return Card(
        title=_title(view),
        description=text(f"phase_{view['phase']}"),
        fields=tuple(fields),
        colour=COLOUR.get(view["phase"], "blurple"),
        footer=text("tally", tally=view.get("tally", 0)),
    )


def _weapon_line(w: dict[str, Any], wielded: str | None) -> str:
    """One carried weapon on its owner's sheet: a fed weapon's (firearm, launcher, bow) rounds loaded with
    their type, spares by type, cleanliness (not a bow's), a jam and the rounds of attached weapons; thrown
    weapons and charges counted; melee by name."""
    hand = text("wielded") if w["name"] == wielded else ""
    name = named(DOMAIN, "weapon", w["name"])
    known = catalog().weapons.get(w["name"])
    kind = known.kind if known else "melee"
    if known is not None and known.fed:
        loaded, spare, others = _rounds(known, w)
        line = text(
            "weapon_line",
            name=name,
            wielded=hand,
            loaded=loaded,
            spare=spare,
            clean=text("clean_part", clean=f"{w['cleanliness']:g}") if known.gun else "",
            jam=text("jammed") if w.get("jam") else "",
        )
        mounted = [_mount_line(name, m) for name, m in sorted(w.get("mounts", {}).items())]
        return joined("; ", [joined("", [line, others]), *mounted])
    if kind in ("thrown", "planted"):
        return text("weapon_thrown_line", name=name, wielded=hand, count=w["loaded"])
    return text("weapon_melee_line", name=name, wielded=hand)


def _rounds(known: Weapon, w: dict[str, Any]) -> tuple[str, str, str]:
    """A fed weapon's rounds in words: loaded (with its type), the default type's spare, the other types'."""
    loaded_type = w.get("ammo") or default_ammo(known)
    if loaded_type is None:
        return str(w["loaded"]), str(w["spare"]), ""
    loaded = text("rounds_typed", count=w["loaded"], ammo=named(DOMAIN, "ammo", loaded_type))
    spare = text("rounds_typed", count=w["spare"], ammo=named(DOMAIN, "ammo", default_ammo(known)))
    spares = sorted(w.get("spares", {}).items())
    others = [text("rounds_typed", count=n, ammo=named(DOMAIN, "ammo", t)) for t, n in spares if n]
    return loaded, spare, text("spares_other", spares=joined(", ", others)) if others else ""


def _mount_line(name: str, m: dict[str, Any]) -> str:
    """An attached weapon's rounds (with their ammunition types), named by its accessory."""
    known = catalog().weapons.get(m.get("name") or "")
    if known is None:
        return text("mount_line", name=named(DOMAIN, "weapon", name), loaded=m["loaded"], spare=m["spare"])
    loaded, spare, others = _rounds(known, m)
    return joined("", [text("mount_line", name=named(DOMAIN, "weapon", name), loaded=loaded, spare=spare), others])


def sheet_card(sheet: dict[str, Any]) -> Card:
    """One's own creature in full: only ever built from the asker's own `mine`."""
    limbs = tuple(
        text(
            "limb_line",
            part=named(DOMAIN, "part", p),
            hp=limb["hp"],
            max_hp=limb["max_hp"],
            broken=text("limb_broken") if limb["broken"] else "",
        )
        for p, limb in sheet["parts"].items()
    )
    weapons = tuple(_weapon_line(w, sheet.get("wielded")) for w in sheet["weapons"] if not w["destroyed"])
    items = tuple(text("item_line", item=named(DOMAIN, "item", i), count=n) for i, n in sheet["items"].items() if n > 0)
    wounds = tuple(text("wound_line", part=named(DOMAIN, "part", w["part"])) for w in sheet["wounds"])
    state = text(
        "sheet_state",
        status=text(f"sheet_status_{sheet['status']}"),
        pain=f"{sheet['pain']:g}",
        pbt=sheet["pbt"],
        pdt=sheet["pdt"],
        side=sheet["side"],
        cover=text("in_cover") if sheet["cover"] else "",
    )
    return Card(
        title=text("sheet_title", name=sheet["name"]),
        description=state,
        fields=(
            CardField(text("sheet_limbs"), limbs),
            CardField(text("sheet_weapons"), weapons, empty=text("none")),
            CardField(text("sheet_items"), items, empty=text("none")),
            CardField(text("sheet_wounds"), wounds, empty=text("none")),
        ),
        colour="teal",
    )


def status_cards(view: dict[str, Any]) -> list[Card]:
    return [fight_card(view), *(sheet_card(sheet) for sheet in view["mine"])]
