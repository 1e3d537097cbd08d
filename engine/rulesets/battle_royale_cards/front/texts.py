"""Every word the card game's front shows a player, in one place: `text(key, **values)`."""

from __future__ import annotations

from engine.keyed import speaker

DOMAIN = "battle_royale_cards.front"  # this catalogue's name among the languages' (bot/languages/sources.py)
SETTINGS_DOMAIN = "battle_royale_cards.settings"  # its house rules' descriptions (`engine.front.settings_catalogue`)

TEXTS: dict[str, str] = {
    # the sides a setup's balance counts (`Play.sides`, named in front/community.py): "<side> win 23% ± 4"
    "side_turn_1": "first player",
    "side_turn_2": "second player",
    "side_turn_3": "third player",
    "side_turn_4": "fourth player",
    "side_turn_5": "fifth player",
    "side_turn_6": "sixth player",
    # what one resolution is called in the texts every game shares (`engine.front.words_of`)
    "word_step": "Step",
    "word_steps": "steps",
    "word_one": "step",
    "word_numbered": "Step {day}",
    "word_start": "the start",
    "profile_battles": "Battles won",  # a headline figure on /profile and /leaderboard (front/community.py)
    "title": "Battle Royale card game",
    # --- commands ------------------------------------------------------------------------------------
    "cmd_place": "Choose your starting square on the outer edge",
    "opt_square": "A free square on the outer edge",
    "cmd_move": "Move one square (a movement if you have one, else an action)",
    "opt_direction": "The direction (N is towards row A, E towards column 7)",
    "opt_to": "Or the adjacent square",
    "cmd_attack": "Attack the card on your square, or a player there (1 action)",
    "opt_attack_target": "The card, or a living player on your square",
    "cmd_resurrect": "Resurrect where you died",
    "cmd_ability": "Use a card's ability (the Grappling Hook: move to any square)",
    "opt_card": "Your active card with the ability",
    "opt_ability_to": "The square to reach",
    "cmd_equip": "Preturn: fill your empty active slots with set-aside cards, in this order",
    "opt_equip1": "First card to equip",
    "opt_equip2": "Second card to equip",
    "opt_equip3": "Third card to equip",
    "cmd_swap": "Preturn: swap one set-aside card for one active card (not a Curse)",
    "opt_swap_in": "The set-aside card to make active",
    "opt_swap_out": "The active card to set aside",
    "cmd_end": "End your turn",
    "cmd_godie": "Your standing directions for a lost battle, in order of preference",
    "opt_directions": "Directions separated by spaces or commas, e.g. S SW W (empty: at random)",
    "the_card": "The card here: {name} (worth {worth})",
    "directions": "N NE E SE S SW W NW",
    "section_picture": "picture",
    "help_section_orders": "orders",  # the sections of /help (the commands' `section`)
    "help_section_preturn": "preturn",
    "help_section_settings": "settings",
    "help_board": "`/{command}`: the grid as a picture at any time, with the board in words (for screen readers)",
    # --- step buttons ---------------------------------------------------------------------------------
    "button_place": "Start on {square}",
    "button_move": "Move {direction} to {square}",
    "button_attack_card": "Attack the card: {name} ({worth})",
    "button_attack_player": "Attack {name} ({square})",
    "button_resurrect": "Resurrect (cost: {cost})",
    "button_end": "End the turn",
    "button_equip": "Equip {cards}",
    "and": " and ",
    # --- refusals of the front -----------------------------------------------------------------------
    "move_both": "Give a direction or a square, not both: `/move direction:N` or `/move to:D4`.",
    "bad_directions": "Directions are N, NE, E, SE, S, SW, W and NW; {wrong} is not one.",
    "unknown_card": "{card} is not one of your cards.",
    "unknown_target": "Name the card or a player on your square.",
    # --- orders in words -----------------------------------------------------------------------------
    "said_place": "Start on {square}",
    "said_move": "Move to {square}",
    "said_move_direction": "Move {direction}",
    "said_attack_card": "Attack the card on your square",
    "said_attack_player": "Attack {name}",
    "said_resurrect": "Resurrect",
    "said_ability": "Use {card} to reach {square}",
    "said_end": "End the turn",
    "said_timeout": "The rest of the turn by default",
    "said_preturn": "Preturn only",
    "said_equip": "Equip {cards}",
    "said_swap": "Swap {card_in} in for {card_out}",
    "said_godie": "Go-die directions: {directions}",
    "idle": "When your turn times out it is played by default: the preturn's default, then the end of the turn (in the one-card endgame, the forced moves and attacks).",
    # --- status --------------------------------------------------------------------------------------
    "status_title": "Battle Royale card game, round {round}",
    "step_group": "Round {round}",
    "step_group_start": "Starting squares",
    "status_placement": "{name} chooses a starting square.",
    "status_turn": "{name}'s turn: {actions} actions and {movements} movements left.",
    "status_turn_new": "{name}'s turn begins.",
    "status_over": "The game is over. Winner: {winners}.",
    "status_last_card": "One card is left, on {square}: everyone must head for it.",
    "field_you": "You",
    "field_players": "Players",
    "field_aside": "Your set-aside cards",
    "field_drinks": "Drinks (house rule)",
    "you_line": "{square}, {state}. Active: {active}.",
    "player_line": "{name}: {square}, {state}, active: {active}; {aside} set aside",
    "alive": "alive",
    "dead": "dead",
    "none": "none",
    "card_line": "{name} ({worth}): {ability}",
    "score_line": "{name}: {score} points, {cards} cards",
    "field_scores": "Scores",
    # --- the board in words (the picture's text fallback) --------------------------------------------
    "board_row": "Row {row}: {squares}",
    "board_square": "{square} {card}{people}",
    "board_empty": "empty",
    "board_people": " [{names}]",
    "board_dead": "{name} (dead)",
    "board_turn": "Now: {name}.",
    "picture_caption": "The grid after step {day}. {text}",
    "picture_caption_start": "The grid at the start. {text}",
    # --- posts ---------------------------------------------------------------------------------------
    "post_title": "Battle Royale card game, step {day}",
    "post_start": "Battle Royale card game: the start",
    "day_title": "Step {day}",
    # --- rules ---------------------------------------------------------------------------------------
    "rules_title": "Battle Royale card game: the rules in short",
    "rules_text": "25 cards lie face up on a diamond. On your turn you have actions (2, plus cards) and movements (0, plus cards). Move one square in 8 directions; attack the card on your square with 3 dice plus bonuses at or above its worth (three of a kind always wins), or die there; attack a living player on your square: one die each per round, first to 3 round wins (shields add more), the loser goes to die next door and the winner takes a card. The dead resurrect with an action. At most 3 active cards; more are set aside, seen only by you. Highest total worth wins when the cards are gone, or a lead of 4 cards when one card is left.",
    "settings_title": "Battle Royale card game: house rules (defaults)",
    "settings_intro": "A moderator may change any of these before the game starts (`/game settings` shows a game's).",
    "settings_field": "Settings",
    "setting_line": "`{name} = {value}`: {description}",
    # --- moderation ----------------------------------------------------------------------------------
    "mod_remove": "Remove a player from the game; their cards leave the game with them",
    "mod_done_remove": "{name} has been removed; their cards left the game.",
    # --- balance -------------------------------------------------------------------------------------
    "study_worth": "worth {worth}",
    "study_place": "player {place} in turn order wins ({games} games, chance alone within ±{margin})",
    "setup_deck_summary": "a deck of {count} cards",  # what a moderator's deck file is, once read
    "picture_description": "The board as it stands: every square's card and where the players are",  # what Discord shows for the picture's command
}


text = speaker(DOMAIN, TEXTS)
