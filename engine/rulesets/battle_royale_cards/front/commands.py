"""The card game's commands as declarations, and the choosers that fill their choices from the player's own
view (never the state): free outer squares, adjacent squares, what may be attacked, one's own cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.front import Command, Option, grouped, slotted
from engine.keyed import joined
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.front.status import worth_label
from engine.rulesets.battle_royale_cards.front.texts import text

DIRECTIONS = tuple((d, d) for d in text("directions").split())
TURN = ("turn",)

COMMANDS: tuple[Command, ...] = (
    Command(
        "place",
        text("cmd_place"),
        (Option("square", text("opt_square"), required=True, source="outer_squares"),),
        phases=("placement",),
    ),
    Command(
        "move",
        text("cmd_move"),
        (
            Option("direction", text("opt_direction"), choices=DIRECTIONS),
            Option("to", text("opt_to"), source="adjacent_squares"),
        ),
        phases=TURN,
    ),
    Command(
        "attack",
        text("cmd_attack"),
        (Option("target", text("opt_attack_target"), required=True, source="attack_targets"),),
        phases=TURN,
    ),
    Command("resurrect", text("cmd_resurrect"), (), phases=TURN),
    Command(
        "ability",
        text("cmd_ability"),
        (
            Option("card", text("opt_card"), required=True, source="ability_cards"),
            Option("to", text("opt_ability_to"), required=True, source="any_square"),
        ),
        phases=TURN,
    ),
    Command(
        "equip",
        text("cmd_equip"),
        (
            Option("card", text("opt_equip1"), required=True, source="my_aside"),
            Option("card2", text("opt_equip2"), source="my_aside"),
            Option("card3", text("opt_equip3"), source="my_aside"),
        ),
        section="preturn",
        phases=TURN,
    ),
    Command(
        "swap",
        text("cmd_swap"),
        (
            Option("card_in", text("opt_swap_in"), required=True, source="my_aside"),
            Option("card_out", text("opt_swap_out"), required=True, source="my_swappable"),
        ),
        section="preturn",
        phases=TURN,
    ),
    Command("end", text("cmd_end"), (), phases=TURN),
    Command(
        "godie",
        text("cmd_godie"),
        (Option("directions", text("opt_directions"), max_length=40),),
        section="settings",
        phases=TURN,
    ),
)

# The verbs filed under the shared grouped commands (`/item action:...`, `/skill action:...`, `/act action:...`)
# rather than top-level: docs/rulesets.md, "Command budget".
COMMANDS = grouped(
    COMMANDS,
    {
        "equip": "item",
        "swap": "item",
        "ability": "skill",
        "resurrect": "skill",
        "godie": "act",
        "place": "act",
        "end": "act",
    },
)

COMMANDS = slotted(
    COMMANDS,
    {"square": "target", "target": "target", "direction": "how", "to": "target", "card": "with", "directions": "how"},
    {"swap": {"card_in": "with", "card_out": "target"}},
)

Pairs = list[tuple[str, str]]


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    return next((p for p in view["players"] if p["seat"] == view["you"]), None)


def _card_label(square: str, view: dict[str, Any]) -> str:
    card = view["board"].get(square)
    return joined(": ", [square, worth_label(card) if card else text("board_empty")])


def _typed(pairs: Pairs, typed: str) -> Pairs:
    wanted = typed.strip().lower()
    return [(label, value) for label, value in pairs if wanted in label.lower()]


def outer_squares(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    taken = {p["square"] for p in view["players"]}
    return _typed([(_card_label(s, view), s) for s in grid.RING if s not in taken], typed)


def adjacent_squares(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    me = _me(view)
    if me is None or me["square"] is None:
        return []
    orthogonal = any("orthogonal" in c["effects"] for c in me["active"])
    return _typed([(_card_label(s, view), s) for s in grid.neighbours(me["square"], orthogonal)], typed)


def any_square(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    return _typed([(_card_label(s, view), s) for s in grid.SQUARES], typed)


def attack_targets(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    """The card on the player's square and the living players there (with Binoculars, next to it too)."""
    me = _me(view)
    if me is None or me["square"] is None:
        return []
    pairs: Pairs = []
    card = view["board"].get(me["square"])
    if card is not None:
        pairs.append((text("the_card", name=card["name"], worth=card["attack_worth"]), "card"))
    near = {me["square"]}
    if any("reach" in c["effects"] for c in me["active"]):
        near |= set(grid.neighbours(me["square"]))
    for p in view["players"]:
        if p["seat"] != me["seat"] and p["alive"] and p["square"] in near:
            pairs.append((f"{p['name']} ({p['square']})", p["seat"]))
    return _typed(pairs, typed)


def ability_cards(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    me = _me(view)
    cards = me["active"] if me else []
    return _typed([(c["name"], str(c["id"])) for c in cards if "grapple" in c["effects"]], typed)


def my_aside(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    cards = view.get("me", {}).get("aside", [])
    return _typed([(worth_label(c), str(c["id"])) for c in cards], typed)


def my_swappable(view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any]) -> Pairs:
    me = _me(view)
    cards = me["active"] if me else []
    return _typed([(worth_label(c), str(c["id"])) for c in cards if not c["curse"]], typed)


CHOOSERS = {
    "outer_squares": outer_squares,
    "adjacent_squares": adjacent_squares,
    "any_square": any_square,
    "attack_targets": attack_targets,
    "ability_cards": ability_cards,
    "my_aside": my_aside,
    "my_swappable": my_swappable,
}
