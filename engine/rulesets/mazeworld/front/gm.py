"""The game master's cards (`/mod view`, ephemeral): every creature with its numbers, side by side, from the
moderators' whole view (`view.gm_view`): Pain, limbs, ammunition and cleanliness, stealth, effects, and who
controls it. Never shown to a player."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField
from engine.keyed import joined
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.front.texts import text


def _clean(w: dict[str, Any]) -> str:
    """A gun's cleanliness (a bow, a grenade or a charge has none)."""
    known = catalog().weapons.get(w["name"])
    return f" {w['cleanliness']:g}%" if known is not None and known.gun else ""


def _creature(c: dict[str, Any], turn: int) -> str:
    limbs = joined(
        ", ",
        [
            f"{p} {limb['hp']}/{limb['max_hp']}{'b' if limb['broken'] else ''}"
            for p, limb in c["parts"].items()
            if limb["hp"] < limb["max_hp"] or limb["broken"]
        ],
    )
    weapons = joined(
        ", ",
        [
            f"{w['name']} {w['loaded']}+{w['spare']}{_clean(w)}{' jam' if w.get('jam') else ''}"
            for w in c["weapons"]
            if not w["destroyed"] and (w["loaded"] or w["spare"])
        ],
    )
    effects = joined(", ", [e["name"] for e in c["effects"] if e["until"] is None or e["until"] >= turn])
    return text(
        "gm_line",
        name=c["name"],
        id=c["id"],
        who=c["controller"] or text("gm_npc"),
        status=c["status"].replace("_", " "),
        pain=f"{c['pain']:g}",
        pbt=c["pbt"],
        pdt=c["pdt"],
        limbs=limbs or text("gm_limbs_whole"),
        weapons=weapons or "-",
        extra="".join(
            [
                text("gm_cover") if c["cover"] else "",
                text("gm_stealth") if c["stealth"] else "",
                text("gm_wounds", count=len(c["wounds"])) if c["wounds"] else "",
                text("gm_effects", effects=effects) if effects else "",
            ]
        ),
    )


def gm_cards(view: dict[str, Any]) -> list[Card]:
    fields = []
    for side in (1, 2, 3, 4):
        here = tuple(_creature(c, view["day"]) for c in view["creatures"] if c["side"] == side)
        cover = text(f"cover_{view['cover'].get(str(side), 'none')}")
        fields.append(CardField(text("field_side", side=side, cover=cover), here, empty=text("nobody")))
    return [
        Card(
            title=text("gm_title", turn=view["day"], phase=view["phase"]),
            description=text("gm_intro", npc_orders=view["settings"]["npc_orders"]),
            fields=tuple(fields),
            colour="purple",
            footer=text("tally", tally=view.get("tally", 0)),
        )
    ]
