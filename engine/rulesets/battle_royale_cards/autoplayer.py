"""Computer players for the card game: one sensible, always legal step at a time, from what the seat may know.

`orders_for(state, seat, rng)` reads `player_view(state, seat)` (the grid, positions, active cards, its own
set-aside cards); the one-card endgame's forced step is worked out from public facts (`endgame.forced_step`).
Every plan is checked with `validate`; an illegal plan falls back to the next, finally to ending the turn.

The policy (kept simple on purpose, documented in docs/rules/battle-royale-cards.md):
- Placement: the free outer square whose card it is likeliest to win, weighted by worth.
- Dead: resurrect if it can, else end the turn.
- On a card it wins with at least `CARD_NERVE` chance (exact 3d6 odds with its bonuses), or on the card it
  would head for anyway (the best below): attack it.
- A living rival on its square (Binoculars: next to it) holding cards, beaten with at least `BATTLE_NERVE`
  chance (exact round odds, shields, the card-less attacker's lower die): attack him.
- Otherwise head for the card with the best chance x worth / (distance + 1) among those it likely wins (all
  cards when it likely wins none): the Grappling Hook when it is two or more squares away, else one step;
  when no step is left, end the turn.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.catalog import Deck
from engine.rulesets.battle_royale_cards.combat import WINS_NEEDED
from engine.rulesets.battle_royale_cards.endgame import forced_step
from engine.rulesets.battle_royale_cards.odds import battle_chance, card_chance, die, round_chances
from engine.rulesets.battle_royale_cards.orders import (
    Ability,
    AttackCard,
    AttackPlayer,
    CardOrders,
    EndTurn,
    Move,
    Place,
    Resurrect,
)
from engine.rulesets.battle_royale_cards.preturn import after_preturn
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.validate import validate
from engine.rulesets.battle_royale_cards.view import player_view

CARD_NERVE = 0.5  # attack a card won at least this often
BATTLE_NERVE = 0.6  # attack a player beaten at least this often


def orders_for(state: CardState, seat: str, rng: RecordingRng) -> CardOrders:
    """The next step of the computer player on `seat`: the first legal of its plans, else end the turn."""
    state = after_preturn(state)  # the step comes after the default preturn: count its actions
    view = player_view(state, seat)
    for plan in _plans(state, view, seat):
        orders = CardOrders(step=plan)
        if validate(state, seat, orders) is None:
            return orders
    return CardOrders(step=EndTurn())


def _plans(state: CardState, view: dict[str, Any], seat: str) -> list[Any]:
    if view["phase"] == "placement":
        return [Place(square=_best_start(view))]
    if view["phase"] != "turn":
        return []
    if view["last_card"]:
        step = forced_step(state, seat)
        return [step] if step is not None else [EndTurn()]
    deck = state.settings.deck  # the deck is public: every card lies face up at the start
    me = _me(view)
    if not me["alive"]:
        return [Resurrect(), EndTurn()]
    plans: list[Any] = []
    here = view["board"].get(me["square"])
    target = _best_card(deck, view, me)
    if here is not None and (_card_odds(deck, me, here) >= CARD_NERVE or target == me["square"]):
        plans.append(AttackCard())
    for rival in _rivals(deck, view, me):
        if rival["cards"] and _battle_odds(deck, me, rival) >= BATTLE_NERVE:
            plans.append(AttackPlayer(target=rival["seat"]))
    if target is not None and target != me["square"]:
        grapple = next((c["id"] for c in me["active"] if deck.card(c["id"]).grapple), None)
        if grapple is not None and grid.distance(me["square"], target) >= 2:
            plans.append(Ability(card=grapple, to=target))
        orthogonal = _bonus(deck, me["active"], "orthogonal") > 0
        table = grid.distances(target, orthogonal)
        for square in grid.neighbours(me["square"], orthogonal):
            if table[square] < table[me["square"]]:
                plans.append(Move(to=square))
                break
    plans.append(EndTurn())
    return plans


def _bonus(deck: Deck, cards: list[dict[str, Any]], effect: str) -> int:
    """The sum of an effect over cards as the view lists them (active cards are public, with their ids)."""
    return sum(int(getattr(deck.card(c["id"]), effect)) for c in cards)


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == view["you"])


def _card_odds(deck: Deck, me: dict[str, Any], card: dict[str, Any]) -> float:
    bonus = _bonus(deck, me["active"], "card_attack")
    triples = not _bonus(deck, me["active"], "no_triples")
    return card_chance(card["attack_worth"], bonus, triples)


def _battle_odds(deck: Deck, me: dict[str, Any], rival: dict[str, Any]) -> float:
    win, lose = round_chances(
        die(lower_of_two=me["cards"] == 0),
        _bonus(deck, me["active"], "battle_die"),
        die(),
        _bonus(deck, rival["active"], "battle_die"),
    )
    need = WINS_NEEDED + _bonus(deck, rival["active"], "shield")
    their_need = WINS_NEEDED + _bonus(deck, me["active"], "shield")
    return battle_chance(win, lose, need, their_need)


def _rivals(deck: Deck, view: dict[str, Any], me: dict[str, Any]) -> list[dict[str, Any]]:
    reach = _bonus(deck, me["active"], "reach") > 0
    near = {me["square"]} | (set(grid.neighbours(me["square"])) if reach else set())
    return [p for p in view["players"] if p["seat"] != me["seat"] and p["alive"] and p["square"] in near]


def _best_card(deck: Deck, view: dict[str, Any], me: dict[str, Any]) -> str | None:
    """The square of the card with the best chance x worth / (distance + 1) among those it likely wins (at
    least `CARD_NERVE`), or among all when it likely wins none."""
    cards = [(s, c, _card_odds(deck, me, c)) for s, c in view["board"].items() if c is not None]
    likely = [entry for entry in cards if entry[2] >= CARD_NERVE] or cards
    best: tuple[float, int, str] | None = None
    for square, card, odds in likely:
        value = odds * card["worth"] / (grid.distance(me["square"], square) + 1)
        key = (value, -grid.reading_index(square), square)
        if best is None or key > best:
            best = key
    return best[2] if best else None


def _best_start(view: dict[str, Any]) -> str:
    taken = {p["square"] for p in view["players"]}
    free = [s for s in grid.RING if s not in taken]
    return max(
        free,
        key=lambda s: (card_chance(view["board"][s]["attack_worth"]) * view["board"][s]["worth"], -grid.RING.index(s)),
    )
