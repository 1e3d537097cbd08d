"""Battle Royale's autocomplete choices, built only from the player's view.

Each chooser takes a view (`ruleset.view(state, seat)`, i.e. `student_view`), the text typed so far, the
options chosen so far and the player's own current orders for the day, and returns at most 25 (label, value)
pairs whose label contains the typed text (case-insensitive). They read nothing but the view, which already
leaves out other zones' occupants, concealed items and everyone else's orders, and the player's own orders,
so a choice list never leaks what the player may not know. The choosers of the night's action and of
wearing also offer the items tonight's own free actions bring (handbook III.F.1, `tonight`). Values
are what `reading` maps back onto an order: student ids, item keys ("Knife", "Knife (2)": never the
engine's item ids, which would tell who started with an item or where it was hidden; see `item_keys`;
"unarmed" for the bare-handed attack), zone ids as text ("4"), routes as zone ids separated by spaces
("4 6"), and, for a trade, the names of another student's visible items.

`CHOOSERS` maps each option `source` of the commands (`commands.py`) to its chooser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.keyed import joined
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.front import item_keys, tonight
from engine.rulesets.battle_royale.front.texts import text

Pair = tuple[str, str]

LIMIT = 25  # Discord shows at most 25 choices
NAME_MAX = 100  # and a choice's name is at most 100 characters


def _choices(pairs: Iterable[tuple[str, str]], current: str, match_value: bool = False) -> list[Pair]:
    """Choices whose name (or, with `match_value`, value) contains the typed text; never more than 25."""
    typed = (current or "").strip().lower()
    out: list[Pair] = []
    for name, value in pairs:
        if typed and typed not in name.lower() and not (match_value and str(value).startswith(typed)):
            continue
        out.append((name if len(name) <= NAME_MAX else name[:NAME_MAX], str(value)))  # a `Keyed` kept whole
        if len(out) == LIMIT:
            break
    return out


def _zone_names(view: dict[str, Any]) -> dict[int, str]:
    return {z["id"]: z["name"] for z in view.get("zones", [])}


# --- students ------------------------------------------------------------------------------------


def targets_here(view: dict[str, Any], current: str = "", include_self: bool = False) -> list[Pair]:
    """Students I can see in my zone, with what they visibly carry (attack, cover, analyze, trade, heal).
    `include_self` adds me first (heal, deactivator)."""
    me = view.get("me") or {}
    if not me.get("alive") or me.get("escaped"):
        return []
    pairs = [(text("choice_self", name=me["name"]), me["id"])] if include_self else []
    for other in view.get("here", []):
        items = [i if isinstance(i, str) else i.get("label", i.get("name", "")) for i in other.get("items", [])]
        pairs.append(
            (
                text(
                    "choice_student_here", name=other["name"], items=joined(", ", items) or text("choice_empty_handed")
                ),
                other["id"],
            )
        )
    return _choices(pairs, current)


def living_students(view: dict[str, Any], current: str = "", include_self: bool = False) -> list[Pair]:
    """Every student alive on the island, wherever they are (public: marks, votes, tracking)."""
    me_id = (view.get("me") or {}).get("id")
    pairs = []
    for s in view.get("students", []):
        if not s["alive"] or s["escaped"] or (s["id"] == me_id and not include_self):
            continue
        pairs.append((text("choice_student_marked", name=s["name"]) if s.get("marked") else s["name"], s["id"]))
    return _choices(pairs, current)


# --- items ---------------------------------------------------------------------------------------


def _defn(kind: str) -> catalog.ItemDef | None:
    return catalog.items().get(kind)


def _keyed(items: list[dict[str, Any]], current: str, keep: Callable[[dict[str, Any]], bool] | None) -> list[Pair]:
    """Items (those `keep` accepts) by their label, valued by their key among all of `items`; one that comes
    or is taken out of the Backpack tonight says so."""
    pairs = []
    for key, n, item in item_keys.keyed(items):
        if keep is None or keep(item):
            label = item_keys.shown(item["label"], n)
            if item.get("coming") or item.get("taken_out"):
                label = text("choice_coming" if item.get("coming") else "choice_taken_out", label=label)
            pairs.append((label, key))
    return _choices(pairs, current)


def my_items(
    view: dict[str, Any], current: str = "", keep: Callable[[dict[str, Any]], bool] | None = None
) -> list[Pair]:
    """My items (all, or those `keep` accepts), by their label; the value is the item's key among all my
    items ("Knife", "Knife (2)"), and a second item of a name shows its number too. Storing, dropping and
    trading offer these only: free actions do not chain."""
    return _keyed((view.get("me") or {}).get("items", []), current, keep)


def at_hand(
    view: dict[str, Any],
    current: str = "",
    keep: Callable[[dict[str, Any]], bool] | None = None,
    orders: Mapping[str, Any] | None = None,
) -> list[Pair]:
    """What I will hold out of the Backpack once tonight's free actions in my current `orders` are done
    (handbook III.F.1; `tonight.holdings`): taken out tonight, picked up, received in a trade; not what I
    drop, give away or put away. Keys count mine then those coming, as `Reader.item` reads them."""
    return _keyed(
        tonight.holdings(view, orders),
        current,
        lambda i: not i["stored"] and not i["gone"] and (keep is None or keep(i)),
    )


def usable_items(
    view: dict[str, Any], current: str = "", kinds: Iterable[str] | None = None, orders: Mapping[str, Any] | None = None
) -> list[Pair]:
    """Items out of the Backpack tonight (optionally of some kinds): what an action can use."""
    wanted = set(kinds) if kinds is not None else None
    return at_hand(view, current, lambda i: wanted is None or i["kind"] in wanted, orders)


def stored_items(view: dict[str, Any], current: str = "") -> list[Pair]:
    """Items in my Backpack (to take out)."""
    return my_items(view, current, lambda i: i["stored"])


def storable_items(view: dict[str, Any], current: str = "") -> list[Pair]:
    """Items out of the Backpack, other than a Backpack (to put in one)."""
    return my_items(view, current, lambda i: not i["stored"] and i["kind"] != "backpack")


def _wearable(item: dict[str, Any]) -> bool:
    return bool((d := _defn(item["kind"])) and d.wearable)


def wearables(view: dict[str, Any], current: str = "", worn: bool | None = None) -> list[Pair]:
    """Headband, Pretty Ribbon: what can be worn or removed (`worn`: only those worn, or not worn)."""
    return my_items(view, current, lambda i: _wearable(i) and not i["stored"] and worn in (None, bool(i.get("worn"))))


def to_wear(view: dict[str, Any], current: str = "", orders: Mapping[str, Any] | None = None) -> list[Pair]:
    """Wearables not worn, including those tonight's free actions bring or take out: wearing comes last."""
    return at_hand(view, current, lambda i: _wearable(i) and not i.get("worn"), orders)


EQUIP_CHOOSERS: dict[str, Callable[[dict[str, Any], str, Mapping[str, Any] | None], list[Pair]]] = {
    "wear": to_wear,
    "remove": lambda v, c, o: wearables(v, c, worn=True),
    "store": lambda v, c, o: storable_items(v, c),
    "take_out": lambda v, c, o: stored_items(v, c),
}


def equip_items(
    view: dict[str, Any], current: str = "", how: str | None = None, orders: Mapping[str, Any] | None = None
) -> list[Pair]:
    """/equip: the items `how` can apply to (wear, take off, into or out of the Backpack); all mine until
    `how` is chosen."""
    chooser = EQUIP_CHOOSERS.get(str(getattr(how, "value", how)))
    return chooser(view, current, orders) if chooser else my_items(view, current)


USE_KINDS = {"deactivator": ("deactivator",), "megaphone": ("megaphone",)}


def use_items(
    view: dict[str, Any], current: str = "", use: str | None = None, orders: Mapping[str, Any] | None = None
) -> list[Pair]:
    """/use: the Deactivators or Megaphones out of the Backpack tonight (per `use`), or every usable item."""
    kinds = USE_KINDS.get(str(getattr(use, "value", use)))
    return usable_items(view, current, kinds, orders) if kinds or use is None else []


def weapons(view: dict[str, Any], current: str = "", orders: Mapping[str, Any] | None = None) -> list[Pair]:
    """Weapons out of the Backpack tonight, and the bare-handed attack (value "unarmed")."""
    armed = at_hand(view, "", lambda i: bool((d := _defn(i["kind"])) and d.is_weapon), orders)
    pairs = list(armed) + [(catalog.item("unarmed").name, "unarmed")]
    return _choices(pairs, current)


def trap_items(
    view: dict[str, Any], current: str = "", trap: str | None = None, orders: Mapping[str, Any] | None = None
) -> list[Pair]:
    """Land Mines, C-4 and Poison Vials out of the Backpack tonight (`trap`: "mine", "c4" or "poison" only)."""

    def keep(i: dict[str, Any]) -> bool:
        d = _defn(i["kind"])
        return d is not None and d.trap is not None and trap in (None, d.trap)

    return at_hand(view, current, keep, orders)


def ground_items(view: dict[str, Any], current: str = "") -> list[Pair]:
    """Items lying on the ground of my zone (to pick up), by key as for my items ("Knife", "Knife (2)")."""
    keyed = item_keys.keyed(view.get("ground", []))
    return _choices(((item_keys.shown(i["name"], n), key) for key, n, i in keyed), current)


def _item_name(label: str) -> str:
    """The item's name in a label as others see it ("Headband [worn]" -> "Headband")."""
    names = [d.name for d in catalog.items().values() if label.lower().startswith(d.name.lower())]
    return max(names, key=len) if names else label


def items_on(view: dict[str, Any], student_id: str | None, current: str = "") -> list[Pair]:
    """What a student in my zone visibly carries (to ask for in a trade), by name as `trading.offer` takes
    it (an entry that carries a uid submits the uid); nothing for a student elsewhere."""
    other = next((s for s in view.get("here", []) if s["id"] == student_id), None)
    if other is None:
        return []
    pairs = [
        (i, _item_name(i)) if isinstance(i, str) else (i.get("label", i.get("name", "")), i["uid"])
        for i in other["items"]
    ]
    return _choices(pairs, current)


# --- zones and routes ----------------------------------------------------------------------------


def _zone_label(zone: dict[str, Any]) -> str:
    return text("choice_zone_closed" if zone["closed"] else "choice_zone", id=zone["id"], name=zone["name"])


def zones(view: dict[str, Any], current: str = "", include_closed: bool = False) -> list[Pair]:
    """Zones of the island: the open ones (votes, the Day 0 start), or all of them."""
    return _choices(
        ((_zone_label(z), str(z["id"])) for z in view.get("zones", []) if include_closed or not z["closed"]), current
    )


def adjacent_zones(view: dict[str, Any], current: str = "", include_closed: bool = False) -> list[Pair]:
    """Zones next to mine (a Land Mine's path): the open ones, or all of them."""
    here = (view.get("me") or {}).get("zone")
    by_id = {z["id"]: z for z in view.get("zones", [])}
    if here not in by_id:
        return []
    near = [by_id[z] for z in by_id[here]["adjacent"] if z in by_id]
    return _choices(((_zone_label(z), str(z["id"])) for z in near if include_closed or not z["closed"]), current)


def route_list(view: dict[str, Any], max_steps: int) -> list[list[int]]:
    """Every route of 1..max_steps steps from my zone along adjacent zones, never back to a zone already on
    it, each step into an open zone (III.D); with a deactivated collar a closed zone may be crossed, never
    the last (III.E.2). Shortest first, then by zone ids."""
    me = view.get("me") or {}
    start = me.get("zone")
    by_id = {z["id"]: z for z in view.get("zones", [])}
    if start not in by_id or not me.get("alive") or me.get("escaped"):
        return []
    crosses_closed = bool(me.get("collar_deactivated"))
    out: list[list[int]] = []
    frontier: list[list[int]] = [[]]
    for _ in range(max_steps):
        grown: list[list[int]] = []
        for route in frontier:
            for nxt in by_id[route[-1] if route else start]["adjacent"]:
                if nxt == start or nxt in route or nxt not in by_id:
                    continue
                longer = route + [nxt]
                if not by_id[nxt]["closed"]:
                    out.append(longer)
                if not by_id[nxt]["closed"] or crosses_closed:
                    grown.append(longer)
        frontier = grown
    return sorted(out, key=lambda r: (len(r), r))


def routes(view: dict[str, Any], current: str = "", max_steps: int = 2) -> list[Pair]:
    """Routes "Beach → Cliffs" (value "4 6"); routes ending in a zone whose name was typed come first."""
    names = _zone_names(view)
    typed = (current or "").strip().lower()
    found = route_list(view, max_steps)
    if typed:
        found.sort(key=lambda r: typed not in names[r[-1]].lower())
    pairs = ((text("route_arrow").join(names[z] for z in r), joined(" ", [str(z) for z in r])) for r in found)
    return _choices(pairs, current, match_value=True)


def move_routes(view: dict[str, Any], current: str = "") -> list[Pair]:
    """/move: one or two zones (III.D.1)."""
    return routes(view, current, 2)


def run_routes(view: dict[str, Any], current: str = "") -> list[Pair]:
    """/run: up to five zones (III.D.2)."""
    return routes(view, current, 5)


def _chosen(values: Mapping[str, Any], name: str) -> Any:
    value = values.get(name)
    return getattr(value, "value", value)


Orders = Mapping[str, Any]

CHOOSERS: dict[str, Callable[[dict[str, Any], str, Mapping[str, Any], Orders], list[Pair]]] = {
    "targets": lambda v, c, ns, o: targets_here(v, c),
    "targets_or_self": lambda v, c, ns, o: targets_here(v, c, include_self=True),
    "students": lambda v, c, ns, o: living_students(v, c),
    "my_items": lambda v, c, ns, o: my_items(v, c),
    "equip_items": lambda v, c, ns, o: equip_items(v, c, _chosen(ns, "how"), o),
    "use_items": lambda v, c, ns, o: use_items(v, c, _chosen(ns, "use"), o),
    "weapons": lambda v, c, ns, o: weapons(v, c, o),
    "trap_items": lambda v, c, ns, o: trap_items(v, c, orders=o),
    "ground_items": lambda v, c, ns, o: ground_items(v, c),
    "zones": lambda v, c, ns, o: zones(v, c),
    "adjacent_zones": lambda v, c, ns, o: adjacent_zones(v, c),
    "move_routes": lambda v, c, ns, o: move_routes(v, c),
    "run_routes": lambda v, c, ns, o: run_routes(v, c),
    "partner_items": lambda v, c, ns, o: items_on(v, _chosen(ns, "partner"), c),
}
