"""Every player-facing sentence of the card game's engine, in one place: `say(key, **values)`.

Refusal reasons (validation) and every event's text come from here. A set-aside card is named only in a
sentence its owner alone receives.
"""

from __future__ import annotations

from engine.keyed import speaker

DOMAIN = "battle_royale_cards"  # this catalogue's name among the languages' (bot/languages/sources.py)

TEXT: dict[str, str] = {
    # --- sign-up and set-up --------------------------------------------------------------------------
    "too_few_players": "The card game needs at least {minimum} players; {count} signed up.",
    "too_many_players": "The card game takes at most {maximum} players; {count} signed up.",
    "game_starts": "{count} players gather around a diamond of 25 face-up cards.",
    "turn_order": "Turn order rolls: {rolls}. Turn order: {order}.",
    "placement_turn": "{name}, choose your starting square on the outer edge (free: {squares}).",
    "placed": "{name} starts on {square}.",
    # --- turns ---------------------------------------------------------------------------------------
    "turn_starts": "Round {round}: {name}'s turn.",
    "turn_starts_dead": "Round {round}: {name}'s turn ({name} is dead and must resurrect first).",
    "turn_ended": "{name} ends the turn.",
    "timed_out": "{name}'s turn timed out; the rest of it is played by default.",
    "idle_alert": "{name} has let {turns} turns in a row time out.",
    "equipped": "{name} equips {card}.",
    "swapped_public": "{name} swaps a set-aside card in: {card} is now active.",
    "swapped": "You set {card} aside.",
    "go_die_set": "Your standing directions for a lost battle: {directions}.",
    "moved": "{name} moves to {square}.",
    "grappled": "{name} uses the {card} to reach {square}.",
    "resurrected": "{name} resurrects on {square}.",
    "drinking_table": "Resurrection price list: pure strong liquor (over 20% alcohol) 1 sip; strong liquor mixed, or wine (over 10%) 2 sips; beer and the like (under 10%) 3 sips.",
    "step_refused": "Your step could not be taken: {reason}",
    # --- card attacks --------------------------------------------------------------------------------
    "card_attack": "{name} attacks the card on {square} (worth {worth}): {roll}.",
    "card_reroll": "{name} rolls {dice} and the Rabbit's Foot re-rolls all three dice.",
    "triples": "Three of a kind: {name} wins the card whatever the sum.",
    "died_card": "{name} fails and dies on {square}.",
    "card_active": "{name} wins {card} and equips it.",
    "card_cursed": "{name} gets {card}, a Curse, equipped at once.",
    "card_aside_public": "{name} wins a card and sets it aside.",
    "card_aside": "You set aside {card} (worth {worth}).",
    "displaced_public": "{card} pushes one of {name}'s active cards aside.",
    "displaced": "Your {card} was set aside to make room for the Curse.",
    # --- battles -------------------------------------------------------------------------------------
    "battle": "{attacker} attacks {defender}. Rounds: {rounds}. {winner} wins {score}.",
    "died_battle": "{name} goes to die on {square}.",
    "took": "{winner} takes {card} from {name}.",
    "took_active_public": "{winner} takes one of {name}'s active cards and sets it aside.",
    "took_aside_public": "{winner} takes one of {name}'s set-aside cards.",
    "took_private": "{winner} took {card} from {name}.",
    "smoke": "{name}'s Smoke Bomb: {winner} takes no card.",
    "nothing_to_take": "{name} has no card to take.",
    # --- the end -------------------------------------------------------------------------------------
    "round_limit": "{rounds} rounds have been played: the game ends.",
    "and": " and ",  # between the last two names of a list ("A and B")
    "over_a": "The game is over. Scores (cards): {scores}. Winner: {winners}.",
    "over_b": "One card is left and {winners} holds at least 4 more cards than anyone else: {winners} wins. Scores (cards): {scores}.",
    "over_rounds": "The game is over at the round limit. Scores (cards): {scores}. Winner: {winners}.",
    # --- moderation ----------------------------------------------------------------------------------
    "removed": "{name} has left the game; {count} cards leave with them.",
    "mod_unknown_action": "The card game has no moderator action {action!r}.",
    # --- refusals ------------------------------------------------------------------------------------
    "over": "The game is over.",
    "not_playing": "You are not playing in this game.",
    "not_your_turn": "It is not your turn: {name} plays now.",
    "place_first": "Choose your starting square first.",
    "placement_over": "Everyone has a starting square already.",
    "not_outer": "{square} is not on the outer edge. Outer squares: {squares}.",
    "square_taken": "{square} is taken by {name}.",
    "preturn_over": "Cards can only be equipped or swapped at the start of your turn, before any other step.",
    "equip_not_aside": "You can only equip your own set-aside cards, each once.",
    "equip_count": "Fill every empty active slot you can: equip exactly as many cards as you have empty slots (or set-aside cards).",
    "swap_both": "A swap needs both cards: one set-aside card in and one active card out.",
    "swap_in_not_aside": "The card to swap in must be one of your set-aside cards (not one you are equipping).",
    "swap_out_not_active": "The card to swap out must be one of your active cards.",
    "swap_out_curse": "A Curse can never be swapped out.",
    "dead": "You are dead: resurrect first (or end your turn).",
    "not_dead": "You are alive: there is nothing to resurrect.",
    "resurrect_cost": "Resurrecting costs {cost} actions and you have {left} left.",
    "move_how": "Give a direction or the adjacent square to move to, not both.",
    "off_grid": "There is no square {direction} of {square}.",
    "no_such_square": "{square} is not a square of the grid.",
    "not_adjacent": "{square} is not next to {here}.",
    "no_diagonal": "Heavy Boots: you cannot move diagonally.",
    "no_moves": "You have no action or movement left.",
    "no_actions": "You have no action left.",
    "no_such_ability": "You have no active card with that ability.",
    "ability_used": "You have used that ability this turn already.",
    "already_there": "You are on {square} already.",
    "no_card_here": "There is no card on {square} to attack.",
    "no_such_player": "Name another player of this game.",
    "target_dead": "{name} is dead.",
    "target_not_here": "{name} is not on your square (or, with Binoculars, next to it).",
    "endgame_forced": "One card is left: you must keep moving towards it and attacking while you can.",
    "endgame_closer": "One card is left, on {square}: every move must bring you closer to it.",
    "endgame_beat_first": "Living players stand on the last card: beat one of them this turn before attacking it.",
    "endgame_on_card": "One card is left, on {square}: attack only players standing on it, from it.",
}


say = speaker(DOMAIN, TEXT)
