"""How a command's options become one step's orders (`apply`), and orders in words (`describe`).

Every command is one step, resolved as soon as it is given; the engine's `validate` checks it afterwards.
Cards are named by id (the choices' values) or by name, among the player's own cards.
"""

from __future__ import annotations

import re
from typing import Any

from engine.front import Asked, Change, Refused
from engine.keyed import joined
from engine.rulesets.battle_royale_cards.front.texts import text

DIRECTIONS = text("directions").split()


def _own_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    me = next((p for p in view["players"] if p["seat"] == view["you"]), None)
    return (me["active"] if me else []) + view.get("me", {}).get("aside", [])


def card_id(view: dict[str, Any], given: Any) -> int:
    """One of the player's own cards, by id or name (any case)."""
    wanted = str(given).strip().lower()
    for card in _own_cards(view):
        if wanted in (str(card["id"]), card["name"].lower()):
            return int(card["id"])
    raise Refused(text("unknown_card", card=given))


def directions(given: str | None) -> list[str]:
    words = [w.upper() for w in re.split(r"[\s,;]+", given or "") if w]
    wrong = [w for w in words if w not in DIRECTIONS]
    if wrong:
        raise Refused(text("bad_directions", wrong=wrong[0]))
    return words


def orders_of(asked: Asked) -> dict[str, Any]:
    """The orders a use of a command gives (the JSON form of `CardOrders`)."""
    v, view = asked.values, asked.view
    name = asked.command
    if name == "place":
        return {"step": {"kind": "place", "square": str(v["square"]).upper()}}
    if name == "move":
        if v.get("to") and v.get("direction"):
            raise Refused(text("move_both"))
        if v.get("to"):
            return {"step": {"kind": "move", "to": str(v["to"]).upper()}}
        return {"step": {"kind": "move", "direction": str(v.get("direction") or "").upper() or None}}
    if name == "attack":
        target = str(v["target"]).strip()
        if target.lower() == "card":
            return {"step": {"kind": "attack_card"}}
        seat = next((p["seat"] for p in view["players"] if target in (p["seat"], p["name"])), None)
        if seat is None:
            raise Refused(text("unknown_target"))
        return {"step": {"kind": "attack_player", "target": seat}}
    if name == "resurrect":
        return {"step": {"kind": "resurrect"}}
    if name == "ability":
        return {"step": {"kind": "ability", "card": card_id(view, v["card"]), "to": str(v["to"]).upper()}}
    if name == "equip":
        cards = [card_id(view, v[k]) for k in ("card", "card2", "card3") if v.get(k)]
        return {"step": {"kind": "preturn"}, "equip": cards}
    if name == "swap":
        return {
            "step": {"kind": "preturn"},
            "swap_in": card_id(view, v["card_in"]),
            "swap_out": card_id(view, v["card_out"]),
        }
    if name == "godie":
        return {"step": {"kind": "preturn"}, "go_die": directions(v.get("directions"))}
    if name == "end":
        return {"step": {"kind": "end_turn"}}
    raise Refused(f"/{name} is not a command of {text('title')}.")


def apply(asked: Asked) -> Change:
    orders = orders_of(asked)
    return Change(orders=orders, summary=describe(orders, asked.view))


def _name_of_card(view: dict[str, Any], card: int) -> str:
    known = _own_cards(view) + [c for c in view["board"].values() if c]
    return next((c["name"] for c in known if c["id"] == card), str(card))


def describe(orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    if not orders:
        return []
    lines: list[str] = []
    if orders.get("equip"):
        lines.append(text("said_equip", cards=joined(", ", [_name_of_card(view, c) for c in orders["equip"]])))
    if orders.get("swap_in") is not None:
        lines.append(
            text(
                "said_swap",
                card_in=_name_of_card(view, orders["swap_in"]),
                card_out=_name_of_card(view, orders["swap_out"]),
            )
        )
    if orders.get("go_die") is not None:
        lines.append(text("said_godie", directions=joined(" ", orders["go_die"]) or "-"))
    step = orders.get("step") or {"kind": "end_turn"}
    kind = step.get("kind")
    names = {p["seat"]: p["name"] for p in view["players"]}
    if kind == "place":
        lines.append(text("said_place", square=step["square"]))
    elif kind == "move":
        key = "said_move" if step.get("to") else "said_move_direction"
        lines.append(text(key, square=step.get("to"), direction=step.get("direction")))
    elif kind == "attack_card":
        lines.append(text("said_attack_card"))
    elif kind == "attack_player":
        lines.append(text("said_attack_player", name=names.get(step["target"], step["target"])))
    elif kind == "resurrect":
        lines.append(text("said_resurrect"))
    elif kind == "ability":
        lines.append(text("said_ability", card=_name_of_card(view, step["card"]), square=step["to"]))
    elif kind == "end_turn":
        lines.append(text("said_end"))
    elif kind == "timeout":
        lines.append(text("said_timeout"))
    elif not lines:
        lines.append(text("said_preturn"))
    return lines
