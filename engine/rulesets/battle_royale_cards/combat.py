"""Attacking a card and attacking a player (text, 3.3 and 3.4; rulings, "Attacking a card", "Attacking a
player").

A card attack rolls 3 dice plus the active card-attack bonuses: at or above the card's worth wins it, three
equal faces always win (not under Broken Mirror); a failure kills the attacker on his square (Rabbit's Foot
first re-rolls it once per turn). Once every card left is worth 13 or 14, each counts as 12 for attacks.

A battle is rounds of one die each plus battle-die bonuses until one side reaches 3 round wins plus the
other's shields; ties count for nobody; an attacker holding no cards keeps the lower of two dice. The loser
goes to die on an adjacent square; the winner takes a card (Black Death, Smoke Bomb, Pickpocket Gloves).
"""

from __future__ import annotations

from engine.events import Event
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.cards import SLOTS, first_with, gain, has, lose, total
from engine.rulesets.battle_royale_cards.news import private, public
from engine.rulesets.battle_royale_cards.state import CardState, Player

WINS_NEEDED = 3  # "until one player wins three rounds" (text, 3.4)
ENDGAME_WORTHS = (13, 14)  # "When only cards with values 13 and 14 remain ... reduced to 12" (text, 4)
ENDGAME_WORTH = 12


def effective_worth(state: CardState, card_id: int) -> int:
    deck = state.settings.deck
    left = [deck.card(c).worth for _, c in state.cards_left()]
    if left and all(w in ENDGAME_WORTHS for w in left):
        return ENDGAME_WORTH
    return deck.card(card_id).worth


def card_attack_wins(dice: list[int], bonus: int, worth: int, triples: bool) -> bool:
    return sum(dice) + bonus >= worth or (triples and len(set(dice)) == 1)


def _three_dice(rng: RecordingRng, seat: str) -> list[int]:
    return [rng.randint(1, 6, f"card attack {seat} die {i}") for i in (1, 2, 3)]


def attack_card(state: CardState, player: Player, rng: RecordingRng, events: list[Event]) -> bool:
    """`player` attacks the card on his square; True if he won it."""
    assert player.square is not None and state.turn is not None
    square = player.square
    card_id = state.board[square]
    assert card_id is not None
    worth = effective_worth(state, card_id)
    bonus = total(state, player, "card_attack")
    triples = not has(state, player, "no_triples")
    dice = _three_dice(rng, player.seat)
    won = card_attack_wins(dice, bonus, worth, triples)
    facts = {"seat": player.seat, "square": square, "worth": worth, "bonus": bonus}
    if not won and has(state, player, "reroll") and not state.turn.reroll_used:
        state.turn.reroll_used = True
        events.append(public("reroll", "card_reroll", facts | {"dice": dice}, name=player.name, dice=_faces(dice)))
        dice = _three_dice(rng, player.seat)
        won = card_attack_wins(dice, bonus, worth, triples)
    facts |= {"dice": dice, "won": won}
    total_text = f"{_faces(dice)}{_signed(bonus)} = {sum(dice) + bonus}"
    events.append(
        public("card_attack", "card_attack", facts, name=player.name, square=square, worth=worth, roll=total_text)
    )
    if not won:
        player.alive = False
        events.append(public("died", "died_card", facts, name=player.name, square=square))
        return False
    if len(set(dice)) == 1 and sum(dice) + bonus < worth:
        events.append(public("triples", "triples", facts, name=player.name))
    state.board[square] = None
    receive(state, player, card_id, events)
    return True


def receive(state: CardState, player: Player, card_id: int, events: list[Event], told: str | None = None) -> None:
    """Give a won or taken card and say where it went: named publicly only if it is now active. `told`: where
    the public has already been told it goes ("active", "aside": a battle's spoils say so), not said twice."""
    card = state.settings.deck.card(card_id)
    where, displaced = gain(state, player, card_id)
    if where == "active" and told != "active":
        key = "card_cursed" if card.curse else "card_active"
        events.append(
            public("card_gained", key, {"seat": player.seat, "card": card_id}, name=player.name, card=card.name)
        )
    elif where != "active" and told != "aside":
        events.append(public("card_gained", "card_aside_public", {"seat": player.seat}, name=player.name))
    if where != "active":
        events.append(
            private([player.seat], "card_aside", "card_aside", {"card": card_id}, card=card.name, worth=card.worth)
        )
    if displaced is not None:
        moved = state.settings.deck.card(displaced)
        events.append(public("displaced", "displaced_public", {"seat": player.seat}, name=player.name, card=card.name))
        events.append(private([player.seat], "displaced", "displaced", {"card": displaced}, card=moved.name))


def battle(state: CardState, attacker: Player, defender: Player, rng: RecordingRng, events: list[Event]) -> Player:
    """Fight the battle to its end; the loser goes to die and the winner takes his card. Returns the winner."""
    a_bonus, d_bonus = total(state, attacker, "battle_die"), total(state, defender, "battle_die")
    a_lower = not attacker.cards()  # a card-less attacker keeps the lower of two dice; a defender rolls normally
    need = {
        attacker.seat: WINS_NEEDED + total(state, defender, "shield"),
        defender.seat: WINS_NEEDED + total(state, attacker, "shield"),
    }
    score = {attacker.seat: 0, defender.seat: 0}
    rounds: list[dict[str, object]] = []
    while score[attacker.seat] < need[attacker.seat] and score[defender.seat] < need[defender.seat]:
        n = len(rounds) + 1
        a_faces = [rng.randint(1, 6, f"battle round {n} {attacker.seat}") for _ in range(2 if a_lower else 1)]
        d_face = rng.randint(1, 6, f"battle round {n} {defender.seat}")
        a, d = min(a_faces) + a_bonus, d_face + d_bonus
        if a != d:
            score[attacker.seat if a > d else defender.seat] += 1
        rounds.append({"attacker": a_faces, "defender": d_face, "a": a, "d": d})
    winner, loser = (attacker, defender) if score[attacker.seat] >= need[attacker.seat] else (defender, attacker)
    facts = {"attacker": attacker.seat, "defender": defender.seat, "rounds": rounds, "winner": winner.seat}
    listing = joined(", ", [f"{r['a']}-{r['d']}" for r in rounds])
    events.append(
        public(
            "battle",
            "battle",
            facts,
            attacker=attacker.name,
            defender=defender.name,
            rounds=listing,
            winner=winner.name,
            score=f"{score[winner.seat]}-{score[loser.seat]}",
        )
    )
    _go_die(state, loser, rng, events)
    _spoils(state, winner, loser, rng, events)
    return winner


def _go_die(state: CardState, loser: Player, rng: RecordingRng, events: list[Event]) -> None:
    """The loser "must choose one of the adjacent squares to move to and die there": the first square of his
    standing direction list, else a random adjacent square (Heavy Boots: orthogonal squares only)."""
    assert loser.square is not None
    orthogonal = has(state, loser, "orthogonal")
    chosen = None
    if state.settings.go_die == "preference_then_random":
        for direction in loser.go_die:
            if orthogonal and direction not in grid.ORTHOGONAL:
                continue
            chosen = grid.step(loser.square, direction)
            if chosen is not None:
                break
    if chosen is None:
        chosen = rng.choice(list(grid.neighbours(loser.square, orthogonal)), f"go die square {loser.seat}")
    loser.square, loser.alive = chosen, False
    events.append(public("died", "died_battle", {"seat": loser.seat, "square": chosen}, name=loser.name, square=chosen))


def _spoils(state: CardState, winner: Player, loser: Player, rng: RecordingRng, events: list[Event]) -> None:
    deck = state.settings.deck
    taken = first_with(state, loser, "forfeit")
    if taken is None and has(state, loser, "smoke"):
        events.append(public("spoils", "smoke", {"seat": loser.seat}, name=loser.name, winner=winner.name))
        return
    if taken is None and has(state, winner, "pickpocket") and loser.active:
        taken = min(loser.active, key=lambda c: (-deck.card(c).worth, c))
    if taken is None and loser.active:
        taken = rng.choice(list(loser.active), f"card taken from {loser.seat}")
    from_aside = taken is None
    if taken is None and loser.aside:
        taken = rng.choice(list(loser.aside), f"set-aside card taken from {loser.seat}")
    if taken is None:
        events.append(public("spoils", "nothing_to_take", {"seat": loser.seat}, name=loser.name))
        return
    card = deck.card(taken)
    lose(loser, taken)
    told = None
    if not from_aside and (len(winner.active) < SLOTS or card.curse):  # it stays public: active on both sides
        facts = {"seat": winner.seat, "card": taken}
        events.append(public("spoils", "took", facts, winner=winner.name, name=loser.name, card=card.name))
        told = "active"  # "takes X from Y": the winner's card, active; not told again as won
    else:  # it was or will be set aside: only the two players learn which card
        key = "took_aside_public" if from_aside else "took_active_public"
        told = None if from_aside else "aside"  # "takes one of Y's active cards and sets it aside"
        events.append(public("spoils", key, {"seat": winner.seat}, winner=winner.name, name=loser.name))
        events.append(
            private(
                [winner.seat, loser.seat],
                "spoils",
                "took_private",
                {"card": taken},
                winner=winner.name,
                name=loser.name,
                card=card.name,
            )
        )
    receive(state, winner, taken, events, told)


def _faces(dice: list[int]) -> str:
    return joined("+", [str(d) for d in dice])


def _signed(bonus: int) -> str:
    return f"{bonus:+d}" if bonus else ""
