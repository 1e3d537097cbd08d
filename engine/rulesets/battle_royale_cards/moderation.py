"""A moderator's hand on a card game (rulings, "Timer, idle, visibility"): removing a player. Pure: no I/O, no
clock, no random; the input state is never mutated.

"A substitute takes the seat and its cards": the bot gives the seat to the substitute and the engine keeps
everything. "A removed player's cards leave the game": the player leaves the turn order with all his cards
(none goes back to the grid); if it was his turn, the next player's begins; while starting squares are being
chosen, the next player chooses. With fewer than two players left the game ends and is scored as (a).
"""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.ruleset import ModerationRefused, Resolution
from engine.rulesets.battle_royale_cards.ending import finish
from engine.rulesets.battle_royale_cards.news import public
from engine.rulesets.battle_royale_cards.setup import start_turn
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.texts import say

PHASE = "moderation"


def moderate(state: CardState, action: str, params: dict[str, Any]) -> Resolution[CardState]:
    if action != "remove":
        raise ModerationRefused(say("mod_unknown_action", action=action))
    return remove(state, str(params.get("seat")))


def remove(state: CardState, seat: str) -> Resolution[CardState]:
    if state.phase == "over":
        raise ModerationRefused(say("over"))
    if seat not in state.players:
        raise ModerationRefused(say("not_playing"))
    new = state.copied()
    events: list[Event] = []
    player = new.players[seat]
    events.append(
        public(
            "removed",
            "removed",
            {"seat": seat, "cards": len(player.cards())},
            name=player.name,
            count=len(player.cards()),
        )
    )
    was_turn = new.phase == "turn" and new.turn is not None and new.turn.seat == seat
    index = new.order.index(seat)
    new.order.remove(seat)
    del new.players[seat]
    if len(new.order) < 2:
        finish(new, "a", events)
    elif was_turn:
        if index >= len(new.order):  # the round's last turn: the next round begins
            if new.round >= new.settings.max_rounds:
                events.append(public("round_limit", "round_limit", {"rounds": new.round}, rounds=new.round))
                finish(new, "rounds", events)
                return _done(state, new, events)
            index, new.round = 0, new.round + 1
        start_turn(new, new.order[index], events)
    elif new.phase == "placement":
        if index < new.placing:
            new.placing -= 1
        if new.placing >= len(new.order):
            new.phase, new.round = "turn", 1
            start_turn(new, new.order[0], events)
    return _done(state, new, events)


def _done(state: CardState, new: CardState, events: list[Event]) -> Resolution[CardState]:
    for event in events:
        event.day, event.phase = state.day, PHASE
    return Resolution(state=new, events=events)
