"""The buttons of the player's next step (`Orders.step_buttons`), from his own view only: a starting square
while he places; on his turn, resurrect (dead), a move in each direction the grid allows (in the one-card
endgame only the moves that bring him closer to the card), attack the card on his square, attack each living
player in reach, end the turn, and before the preturn, with empty active slots, one button per choice of
set-aside cards that fills them. Each names a declared command and its option values, so a click is the same
as typing the command; the engine still validates the step. The Grappling Hook, the swap and the standing
"go die" list stay commands (they need more than one click's worth of choice)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.front import STEP_BUTTONS_MAX, STEP_LABEL_MAX, StepButton
from engine.keyed import joined
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.cards import SLOTS
from engine.rulesets.battle_royale_cards.front.status import worth_label
from engine.rulesets.battle_royale_cards.front.texts import text

EQUIP_OPTIONS = ("card", "card2", "card3")  # the /equip command's options, in order


def _label(words: str) -> str:
    return words if len(words) <= STEP_LABEL_MAX else words[: STEP_LABEL_MAX - 1] + "…"


def step_buttons(view: dict[str, Any]) -> list[StepButton]:
    me = next((p for p in view["players"] if p["seat"] == view["you"]), None)
    if me is None:
        return []
    if view["phase"] == "placement" and view.get("placing") == me["seat"]:
        taken = {p["square"] for p in view["players"]}
        return [
            StepButton(_label(text("button_place", square=s)), "place", (("square", s),), "primary")
            for s in grid.RING
            if s not in taken
        ][:STEP_BUTTONS_MAX]
    turn = view.get("turn")
    if view["phase"] != "turn" or not turn or turn["seat"] != me["seat"] or me["square"] is None:
        return []
    counted = turn["preturn_done"]  # before the preturn the turn's actions are not counted yet
    actions = turn["actions"] if counted else 1
    steps = turn["actions"] + turn["movements"] if counted else 1
    buttons: list[StepButton] = []
    if not me["alive"]:
        cost = view.get("me", {}).get("resurrect_cost", 1)
        if not counted or cost <= turn["actions"]:
            buttons.append(StepButton(text("button_resurrect", cost=cost), "resurrect", (), "success"))
    else:
        if steps > 0:
            buttons += _moves(me, view)
        if actions > 0:
            buttons += _attacks(me, view)
    buttons.append(StepButton(text("button_end"), "end", (), "secondary"))
    if not counted:  # the preturn: the empty slots filled with set-aside cards (exactly as many as fit)
        buttons = _equips(me, view)[: STEP_BUTTONS_MAX - len(buttons)] + buttons
    return buttons[:STEP_BUTTONS_MAX]


def _moves(me: dict[str, Any], view: dict[str, Any]) -> list[StepButton]:
    orthogonal = any("orthogonal" in c["effects"] for c in me["active"])
    allowed = set(grid.neighbours(me["square"], orthogonal))
    buttons = []
    last = view.get("last_card")  # the one-card endgame: only moves that bring the player closer to it
    here = grid.distance(me["square"], last, orthogonal) if last else 0
    for direction in text("directions").split():
        to = grid.step(me["square"], direction)
        if to in allowed and (not last or grid.distance(to, last, orthogonal) < here):
            label = text("button_move", direction=direction, square=to)
            buttons.append(StepButton(_label(label), "move", (("direction", direction),), "primary"))
    return buttons


def _attacks(me: dict[str, Any], view: dict[str, Any]) -> list[StepButton]:
    buttons = []
    card = view["board"].get(me["square"])
    if card is not None:
        label = text("button_attack_card", name=card["name"], worth=card["attack_worth"])
        buttons.append(StepButton(_label(label), "attack", (("target", "card"),), "danger"))
    near = {me["square"]}
    if any("reach" in c["effects"] for c in me["active"]):
        near |= set(grid.neighbours(me["square"]))
    for p in view["players"]:
        if p["seat"] != me["seat"] and p["alive"] and p["square"] in near:
            label = text("button_attack_player", name=p["name"], square=p["square"])
            buttons.append(StepButton(_label(label), "attack", (("target", p["seat"]),), "danger"))
    return buttons


def _equips(me: dict[str, Any], view: dict[str, Any]) -> list[StepButton]:
    """One button per choice of set-aside cards filling every empty slot that can be filled (text, 3.6)."""
    aside = view.get("me", {}).get("aside", [])
    fill = min(SLOTS - len(me["active"]), len(aside))
    if fill <= 0:
        return []
    buttons = []
    for chosen in combinations(aside, fill):
        names = joined(text("and"), [worth_label(c) for c in chosen])
        values = tuple(zip(EQUIP_OPTIONS, (str(c["id"]) for c in chosen), strict=False))
        buttons.append(StepButton(_label(text("button_equip", cards=names)), "equip", values))
    return buttons
