"""Autocomplete choices for the Battle Royale commands, built only from the player's view.

The pure functions take a view (`ruleset.view(state, seat)`, i.e. `student_view`) and the text typed so
far, and return at most 25 `Choice`s (name shown, value submitted) that contain it (case-insensitive).
They read nothing but the view, which already leaves out other zones' occupants, concealed items and
everyone's orders, so a choice list never leaks what the player may not know. Values are what the
order cogs map back onto an order: student ids, item keys ("Knife", "Knife (2)": never the engine's item
ids, which would tell who started with an item or where it was hidden; see `bot.ui.item_keys`; "unarmed"
for the bare-handed attack), zone ids as text ("4": the order cogs take typed text too), routes as zone
ids separated by spaces ("4 6"), and, for a trade, the names of another student's visible items.

The `*_choices` callbacks are ready for `@app_commands.autocomplete(option=...)`: they find the game (channel,
or the `game` option in a DM), load the caller's view through `bot.services.views.player_view` and
never raise: any refusal or failure gives no choices.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.services import lookup, views
from bot.services.errors import ServiceError
from bot.ui import item_keys
from bot.ui.context import in_dm, parent_channel
from bot.ui.text import ui
from engine.rulesets.battle_royale import catalog

log = logging.getLogger(__name__)

LIMIT = 25  # Discord shows at most 25 choices
NAME_MAX = 100  # and a choice's name is at most 100 characters
V = TypeVar("V", str, int)
Choice = app_commands.Choice


def _choices(pairs: Iterable[tuple[str, V]], current: str, match_value: bool = False) -> list[Choice[V]]:
    """Choices whose name (or, with `match_value`, value) contains the typed text; never more than 25."""
    typed = (current or "").strip().lower()
    out: list[Choice[V]] = []
    for name, value in pairs:
        if typed and typed not in name.lower() and not (match_value and str(value).startswith(typed)):
            continue
        out.append(Choice(name=name[:NAME_MAX], value=value))
        if len(out) == LIMIT:
            break
    return out


def _zone_names(view: dict[str, Any]) -> dict[int, str]:
    return {z["id"]: z["name"] for z in view.get("zones", [])}


# --- students ------------------------------------------------------------------------------------

def targets_here(view: dict[str, Any], current: str = "", include_self: bool = False) -> list[Choice[str]]:
    """Students I can see in my zone, with what they visibly carry (attack, cover, analyze, trade, heal).
    `include_self` adds me first (heal, deactivator)."""
    me = view.get("me") or {}
    if not me.get("alive") or me.get("escaped"):
        return []
    pairs = [(ui("choice_self", name=me["name"]), me["id"])] if include_self else []
    for other in view.get("here", []):
        items = [i if isinstance(i, str) else i.get("label", i.get("name", "")) for i in other.get("items", [])]
        pairs.append((ui("choice_student_here", name=other["name"], items=", ".join(items) or ui("choice_empty_handed")),
                      other["id"]))
    return _choices(pairs, current)


def living_students(view: dict[str, Any], current: str = "", include_self: bool = False) -> list[Choice[str]]:
    """Every student alive on the island, wherever they are (public: marks, votes, tracking)."""
    me_id = (view.get("me") or {}).get("id")
    pairs = []
    for s in view.get("students", []):
        if not s["alive"] or s["escaped"] or (s["id"] == me_id and not include_self):
            continue
        pairs.append((ui("choice_student_marked", name=s["name"]) if s.get("marked") else s["name"], s["id"]))
    return _choices(pairs, current)


# --- items ---------------------------------------------------------------------------------------

def _defn(kind: str) -> catalog.ItemDef | None:
    return catalog.items().get(kind)


def my_items(view: dict[str, Any], current: str = "", keep: Callable[[dict[str, Any]], bool] | None = None) -> list[Choice[str]]:
    """My items (all, or those `keep` accepts), by their label; the value is the item's key among all my
    items ("Knife", "Knife (2)"), and a second item of a name shows its number too."""
    keyed = item_keys.keyed((view.get("me") or {}).get("items", []))
    return _choices(((item_keys.shown(i["label"], n), key) for key, n, i in keyed if keep is None or keep(i)), current)


def usable_items(view: dict[str, Any], current: str = "", kinds: Iterable[str] | None = None) -> list[Choice[str]]:
    """Items out of the Backpack (optionally of some kinds): what an action can use."""
    wanted = set(kinds) if kinds is not None else None
    return my_items(view, current, lambda i: not i["stored"] and (wanted is None or i["kind"] in wanted))


def stored_items(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """Items in my Backpack (to take out)."""
    return my_items(view, current, lambda i: i["stored"])


def storable_items(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """Items out of the Backpack, other than a Backpack (to put in one)."""
    return my_items(view, current, lambda i: not i["stored"] and i["kind"] != "backpack")


def wearables(view: dict[str, Any], current: str = "", worn: bool | None = None) -> list[Choice[str]]:
    """Headband, Pretty Ribbon: what can be worn or removed (`worn`: only those worn, or not worn)."""
    return my_items(view, current, lambda i: bool((d := _defn(i["kind"])) and d.wearable) and not i["stored"]
                    and worn in (None, bool(i.get("worn"))))


EQUIP_CHOOSERS: dict[str, Callable[..., list[Choice[str]]]] = {
    "wear": lambda v, c: wearables(v, c, worn=False),
    "remove": lambda v, c: wearables(v, c, worn=True),
    "store": storable_items,
    "take_out": stored_items,
}


def equip_items(view: dict[str, Any], current: str = "", how: str | None = None) -> list[Choice[str]]:
    """/equip: the items `how` can apply to (wear, take off, into or out of the Backpack); all mine until
    `how` is chosen."""
    chooser = EQUIP_CHOOSERS.get(str(getattr(how, "value", how)))
    return chooser(view, current) if chooser else my_items(view, current)


USE_KINDS = {"deactivator": ("deactivator",), "megaphone": ("megaphone",)}


def use_items(view: dict[str, Any], current: str = "", use: str | None = None) -> list[Choice[str]]:
    """/use: the Deactivators or Megaphones out of the Backpack (per `use`), or every usable item."""
    kinds = USE_KINDS.get(str(getattr(use, "value", use)))
    return usable_items(view, current, kinds) if kinds or use is None else []


def weapons(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """Weapons out of the Backpack, and the bare-handed attack (value "unarmed")."""
    armed = my_items(view, "", lambda i: not i["stored"] and bool((d := _defn(i["kind"])) and d.is_weapon))
    pairs = [(c.name, c.value) for c in armed] + [(catalog.item("unarmed").name, "unarmed")]
    return _choices(pairs, current)


def trap_items(view: dict[str, Any], current: str = "", trap: str | None = None) -> list[Choice[str]]:
    """Land Mines, C-4 and Poison Vials out of the Backpack (`trap`: "mine", "c4" or "poison" only)."""
    def keep(i: dict[str, Any]) -> bool:
        d = _defn(i["kind"])
        return not i["stored"] and d is not None and d.trap is not None and trap in (None, d.trap)
    return my_items(view, current, keep)


def ground_items(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """Items lying on the ground of my zone (to pick up), by key as for my items ("Knife", "Knife (2)")."""
    keyed = item_keys.keyed(view.get("ground", []))
    return _choices(((item_keys.shown(i["name"], n), key) for key, n, i in keyed), current)


def _item_name(label: str) -> str:
    """The item's name in a label as others see it ("Headband [worn]" -> "Headband")."""
    names = [d.name for d in catalog.items().values() if label.lower().startswith(d.name.lower())]
    return max(names, key=len) if names else label


def items_on(view: dict[str, Any], student_id: str | None, current: str = "") -> list[Choice[str]]:
    """What a student in my zone visibly carries (to ask for in a trade), by name as `trading.offer` takes
    it (an entry that carries a uid submits the uid); nothing for a student elsewhere."""
    other = next((s for s in view.get("here", []) if s["id"] == student_id), None)
    if other is None:
        return []
    pairs = [(i, _item_name(i)) if isinstance(i, str) else (i.get("label", i.get("name", "")), i["uid"])
             for i in other["items"]]
    return _choices(pairs, current)


# --- zones and routes ----------------------------------------------------------------------------

def _zone_label(zone: dict[str, Any]) -> str:
    return ui("choice_zone_closed" if zone["closed"] else "choice_zone", id=zone["id"], name=zone["name"])


def zones(view: dict[str, Any], current: str = "", include_closed: bool = False) -> list[Choice[str]]:
    """Zones of the island: the open ones (votes, the Day 0 start), or all of them."""
    return _choices(((_zone_label(z), str(z["id"])) for z in view.get("zones", []) if include_closed or not z["closed"]),
                    current)


def adjacent_zones(view: dict[str, Any], current: str = "", include_closed: bool = False) -> list[Choice[str]]:
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


def routes(view: dict[str, Any], current: str = "", max_steps: int = 2) -> list[Choice[str]]:
    """Routes "Beach → Cliffs" (value "4 6"); routes ending in a zone whose name was typed come first."""
    names = _zone_names(view)
    typed = (current or "").strip().lower()
    found = route_list(view, max_steps)
    if typed:
        found.sort(key=lambda r: typed not in names[r[-1]].lower())
    pairs = ((ui("route_arrow").join(names[z] for z in r), " ".join(str(z) for z in r)) for r in found)
    return _choices(pairs, current, match_value=True)


def move_routes(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """/move: one or two zones (III.D.1)."""
    return routes(view, current, 2)


def run_routes(view: dict[str, Any], current: str = "") -> list[Choice[str]]:
    """/run: up to five zones (III.D.2)."""
    return routes(view, current, 5)


# --- discord.py callbacks --------------------------------------------------------------------------

async def view_for(interaction: discord.Interaction) -> dict[str, Any] | None:
    """The caller's view of the game the command is about, or None when there is none to give."""
    bot = interaction.client
    raw = getattr(interaction.namespace, "game", None)
    try:
        game_id = int(raw) if raw not in (None, "") else None
    except (TypeError, ValueError):
        return None
    game = await lookup.find_game(bot.db, user_id=interaction.user.id, channel_id=interaction.channel_id,  # type: ignore[attr-defined]
                                  in_dm=in_dm(interaction), game_id=game_id, parent_id=parent_channel(interaction))
    if not in_dm(interaction) and game.guild_id not in (None, interaction.guild_id):
        return None
    return await views.player_view(bot.db, game.id, interaction.user.id)  # type: ignore[attr-defined]


def view_autocomplete(pick: Callable[..., list[Choice]], with_namespace: bool = False
                      ) -> Callable[[discord.Interaction, str], Awaitable[list[Choice]]]:
    """An autocomplete callback from a pure chooser: `pick(view, current)`, or with `with_namespace`
    `pick(view, current, namespace)` to read the options chosen so far. Never raises: [] instead."""
    async def callback(interaction: discord.Interaction, current: str) -> list[Choice]:
        try:
            view = await view_for(interaction)
            if view is None:
                return []
            return pick(view, current, interaction.namespace) if with_namespace else pick(view, current)
        except ServiceError:
            return []
        except Exception:
            log.exception("autocomplete failed")
            return []
    return callback


target_choices = view_autocomplete(targets_here)
target_or_self_choices = view_autocomplete(lambda v, c: targets_here(v, c, include_self=True))
student_choices = view_autocomplete(living_students)
item_choices = view_autocomplete(my_items)
usable_item_choices = view_autocomplete(usable_items)
stored_item_choices = view_autocomplete(stored_items)
wearable_choices = view_autocomplete(wearables)
equip_item_choices = view_autocomplete(lambda v, c, ns: equip_items(v, c, getattr(ns, "how", None)), with_namespace=True)
use_item_choices = view_autocomplete(lambda v, c, ns: use_items(v, c, getattr(ns, "use", None)), with_namespace=True)
weapon_choices = view_autocomplete(weapons)
trap_item_choices = view_autocomplete(trap_items)
ground_choices = view_autocomplete(ground_items)
zone_choices = view_autocomplete(zones)
adjacent_zone_choices = view_autocomplete(adjacent_zones)
move_route_choices = view_autocomplete(move_routes)
run_route_choices = view_autocomplete(run_routes)


def items_on_choices(option: str = "partner") -> Callable[[discord.Interaction, str], Awaitable[list[Choice]]]:
    """What the student chosen in another option (default `partner`) visibly carries, for trade receive."""
    return view_autocomplete(lambda v, c, ns: items_on(v, getattr(ns, option, None), c), with_namespace=True)


partner_item_choices = items_on_choices("partner")
