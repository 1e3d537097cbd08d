"""Every word a StarCraft Mafia player or moderator reads from the front, in one place: `text(key, **values)`.

The engine's own sentences (refusals, reports) are in `engine/rulesets/starcraft_mafia/texts.py`; these are the
front's: command and option descriptions, choice labels, orders in words, cards, post headings, help and rules.
"""

from __future__ import annotations

from engine.keyed import speaker

DOMAIN = "starcraft_mafia.front"  # this catalogue's name among the languages' (bot/languages/sources.py)
SETTINGS_DOMAIN = "starcraft_mafia.settings"  # its house rules' descriptions (`engine.front.settings_catalogue`)

TEXTS: dict[str, str] = {
    # the sides a setup's balance counts (`Play.sides`, named in front/community.py): "<side> win 23% ± 4"
    "side_human": "human",
    "side_infested": "infested",
    # what one resolution is called in the texts every game shares (`engine.front.words_of`)
    "word_step": "Day",
    "word_steps": "days",
    "word_one": "day",
    "word_numbered": "Day {day}",
    "word_start": "the start",
    "title": "StarCraft Mafia",
    "public_title": "StarCraft Mafia on Day {day}",
    "public_living": "Living ({n})",
    "public_dead": "Dead ({n})",
    "public_died": "{name}, {team}: {cause} (Day {day})",
    "public_none": "nobody",
    # --- commands (descriptions at most 100 characters) -------------------------------------------
    "cmd_attack": "Attack a player today (yourself: suicide); the infested may attack in Zerg form or infest",
    "cmd_sleep": "Sleep today: +2 body HP and -3 fatigue, but you defend badly",
    "cmd_heal": "Medic: heal another living player (+5 body HP)",
    "cmd_repair": "Technician: repair another player's suit (+8 suit HP) or re-enable a sabotaged item",
    "cmd_probe": "Ghost: Psychic Probe a player (50%: you learn whether they are infested)",
    "cmd_nothing": "Do Nothing today (-1 fatigue); your extras stay",
    "cmd_give": "Extra: give one of your items to a living player",
    "cmd_pickup": "Extra: pick up an item from the body of a player who died before today",
    "cmd_steal": "Extra: try to steal an item from a living player (d12 of 11+)",
    "cmd_stim": "Marine, Firebat: use your Stim Pack today (-5 body HP)",
    "cmd_cloak": "Ghost: Cloak in your first battle today",
    "cmd_sabotage": "Technician: sabotage a player's item, or without an item their suit (-12 suit HP)",
    "cmd_vote": "Votes",
    "cmd_vote_lynch": "Vote to execute a player after today's combat (only when the day_vote house rule is on)",
    "opt_vote_player": "Who you vote for",
    "opt_attack_target": "Who you attack (yourself: suicide)",
    "opt_weapon": "The weapon to use (default: your strongest usable one)",
    "opt_form": "Infested only: fight in human or Zerg form",
    "opt_infest": "Infested only: a Zerg attack that tries to infest the target",
    "opt_heal_target": "Who you heal",
    "opt_repair_target": "Whose suit you repair (yourself: only to re-enable an item)",
    "opt_repair_item": "A sabotaged item to re-enable instead of repairing the suit",
    "opt_probe_target": "Who you probe",
    "opt_give_item": "The item you give",
    "opt_give_to": "Who gets it",
    "opt_pickup_item": "The item on a body",
    "opt_steal_target": "Who you steal from",
    "opt_steal_item": "The kind of item you try to steal",
    "opt_sabotage_target": "Whose item or suit you sabotage",
    "opt_sabotage_item": "The kind of item to disable (leave out: their suit)",
    "opt_undo": "Take this extra off today's orders",
    # --- choice labels --------------------------------------------------------------------------------
    "choice_player": "{name} ({cls}): suit {suit}, body {body}",
    "choice_teammate": "{name} ({cls}, infested): suit {suit}, body {body}",
    "choice_self": "Yourself: {what}",
    "choice_suicide": "suicide",
    "choice_self_repair": "re-enable your own sabotaged item",
    "choice_my_item": "{item}",
    "choice_my_item_uses": "{item} ({uses} uses left)",
    "choice_my_item_disabled": "{item} (sabotaged through Day {day})",
    "choice_body_item": "{item} on {body}'s body",
    "choice_weapon": "{item} (attack {attack}, {range}, d{damage})",
    "choice_weapon_incoming": "{item} (attack {attack}, {range}, d{damage}): comes to you today",
    "range_long": "long",  # a weapon's range, as the classes' table names it (`catalog.Range`)
    "range_medium": "medium",
    "range_short": "short",
    "range_melee": "melee",
    "choice_kind": "{item}",
    "choice_form_human": "Human form",
    "choice_form_zerg": "Zerg form (secret)",
    "choice_infest": "Infest (a Zerg attack, halved damage)",
    # --- reading options ------------------------------------------------------------------------------
    "not_a_command": "/{command} is not a command of StarCraft Mafia.",
    "unknown_form": "{form!r} is not a form: choose human or zerg.",
    "unknown_infest": "Answer infest with yes or no (you typed {typed!r}).",
    "not_carried": "You carry no {item}.",
    "not_on_body": "There is no {item} on a body to pick up.",
    "need_option": "/{command} needs `{option}`.",
    "nothing_to_undo": "Your orders for today have no {what} to take off.",
    "what_give": "give",
    "what_pickup": "pick-up",
    "what_steal": "steal",
    "what_offensive": "{ability}",
    "what_vote": "vote",
    # --- orders in words ------------------------------------------------------------------------------
    "said_attack": "Attack {target}{weapon}{form}.",
    "said_suicide": "Attack yourself (suicide).",
    "said_weapon": " with your {item}",
    "said_zerg": " in Zerg form (secret)",
    "said_human": " in human form",
    "said_infest": "Infest {target} (a secret Zerg attack).",
    "said_sleep": "Sleep.",
    "said_heal": "Heal {target}.",
    "said_repair": "Repair {target}'s suit.",
    "said_re_enable": "Re-enable {target}'s sabotaged {item}.",
    "said_probe": "Psychic Probe {target}.",
    "said_nothing": "Do Nothing.",
    "said_give": "Give your {item} to {to}.",
    "said_pickup": "Pick up the {item} from {body}'s body.",
    "said_pickup_unknown": "Pick up an item no longer on a body.",
    "said_steal": "Steal a {item} from {target}.",
    "said_stim": "Use your Stim Pack.",
    "said_cloak": "Cloak.",
    "said_sabotage_item": "Sabotage {target}'s {item}.",
    "said_sabotage_suit": "Sabotage {target}'s suit.",
    "said_vote": "Vote to execute {target}.",
    "said_removed": "No {what} today.",
    "orders_idle": "Do Nothing, with no extras (a day with no orders counts as idle).",
    # --- status cards ---------------------------------------------------------------------------------
    "status_title": "{name}: Day {day}",
    "status_dead": "You are dead ({cause}).",
    "status_over": "The game is over.",
    "status_class": "{cls}, {team}",
    "team_human": "uninfested",
    "team_infested": "infested",
    "field_class": "Class and team",
    "field_hp": "HP",
    "hp_line": "Suit {suit}/{suit_max}, body {body}/{body_max}",
    "hp_zerg": "Zerg form {hp}/50",
    "hp_form_down": "Your human form is down: you fight only in Zerg form until healed.",
    "field_fatigue": "Fatigue (only you see it, and an opponent in a battle's rolls)",
    "fatigue_line": "{fatigue}: +{fatigue} on your hit rolls; {awake} day(s) in a row without Sleep",
    "field_items": "Items",
    "no_items": "None",
    "field_abilities": "Abilities",
    "ability_line": "{name}: {text}",
    "cloak_ready": "Cloak: available today.",
    "cloak_yesterday": "Cloak: not today (you cloaked yesterday).",
    "cloak_suit": "Cloak: not today (your suit has {hp} HP; it needs 3).",
    "field_readings": "Psychic Probe readings",
    "reading_infested": "Day {day}: {name} is infested",
    "reading_clean": "Day {day}: {name} is not infested",
    "reading_none": "Day {day}: no reading on {name}",
    "field_team": "The infested team (secret)",
    "team_line": "{name} ({cls}): Zerg form {hp}/50",
    "team_line_dead": "{name} ({cls}): dead",
    "players_title": "The outpost: Day {day}",
    "players_infested_count": "{count} infested at the start.",
    "field_living": "Alive",
    "field_dead": "Dead",
    "living_line": "{name} ({cls}): suit {suit}, body {body}",
    "living_teammate": "{name} ({cls}, infested): suit {suit}, body {body}",
    "dead_line": "{name} ({cls}, {team}): {cause}; items: {items}",
    "dead_line_hidden": "{name} ({cls}): {cause}; items: {items}",
    "nobody": "Nobody",
    # --- posts ----------------------------------------------------------------------------------------
    "post_start_title": "StarCraft Mafia: the outpost on Mar Sara",
    "post_day_title": "StarCraft Mafia: Day {day}",
    "post_deaths": "Deaths",
    "post_battles": "Battles",
    "post_transformations": "Transformations",
    "post_pickups": "Pick-ups",
    "post_vote": "The vote",
    "post_stats": "Stat list",
    "log_signup": "Sign-up",
    "log_day": "Day {day}",
    # --- the infested's private thread (Ruleset.groups) -----------------------------------------------
    "group_infested": "The infested",
    "group_infested_intro": "The infested: only you, the other infested and the moderators read this thread. "
    "Whoever is infested joins it at once and the dead leave it. Plan your Zerg attacks here; your orders still go "
    "to the bot by command.",
    # --- moderation -----------------------------------------------------------------------------------
    "mod_brief_kill": "Kill a player now: the death is announced",
    "mod_kill": "Kill a player (public; reveals class and team; items stay on the body)",
    "mod_opt_reason": "Why (shown publicly as the cause of death)",
    "mod_default_reason": "moderator kill",
    "mod_done_kill": "{name} is dead: the kill is posted with their class and team.",
    "mod_help_kill": "`/mod kill user: reason:` kills a player at once (public, reveals class and team; the items "
    "stay on the body). Example: `/mod kill user:@Raynor reason:left the game`",
    # --- sign-up --------------------------------------------------------------------------------------
    "opt_role": "The class you ask for (granted while it has room)",
    "opt_join_role": "A class to ask for (leave out: any)",
    "cmd_role_choose": "Ask for a class (granted in sign-up order while it has room)",
    "role_requested": "You asked for the {role} class.",
    "signup_next": "Ask for a class with /role choose, or wait for the start.",
    "unknown_role": "{role!r} is not a class of StarCraft Mafia: choose one of {roles}.",
    "request_role_choice": "Choose a class with /role choose.",
    "class_out_of_play": "This game's setup does not put the {role} class in play: choose one of {roles}.",
    # --- help and rules -------------------------------------------------------------------------------
    "help_title": "StarCraft Mafia: commands",
    "help_main_title": "Main action (one a day; the last one given counts)",
    "help_extras_title": "Extras (at most one of each; undo, in its menu, takes one off)",
    "help_line": "`/{name}` {description}. Example: `{example}`",
    "rules_title": "StarCraft Mafia: the rules in short",
    "rules_intro": "Uninfested soldiers against the infested hiding among them. Orders are secret and due at the "
    "deadline every day; the last orders given count. Full rules: docs/rules/starcraft-mafia.md.",
    "rules_day_title": "Your day",
    "rules_day": "One main action: Attack, Sleep, your class's active ability (Heal, Repair, Psychic Probe) or Do "
    "Nothing (also what an idle player does).\nPlus at most one each of Give, Pick up, Steal and one offensive "
    "ability (Stim Pack, Cloak, Sabotage).",
    "rules_order_title": "Order of the day",
    "rules_order": "1. Stim Pack costs, sleepers fall asleep. 2. Scuffles over contested items. 3. Steals and "
    "sabotage. 4. Gives. 5. Pick-ups. 6. Heal and Repair. 7. Combat: suicides, then every attack in a random "
    "order. 8. Psychic Probe. 9. Sleep, fatigue, deaths, the stat list, the win check.",
    "rules_combat_title": "Combat",
    "rules_combat": "Longer range fires first; d12 + fatigue must be at most the weapon's attack; a natural 1 is a "
    "critical. Damage goes to the suit, then the body, less defense. At 0 suit HP and 1-4 body HP you flee and "
    "the other fires one last shot.",
    "rules_infested_title": "The infested",
    "rules_infested": "They know each other. A Zerg attack is secret: posted only if someone dies or flees, and "
    "then only as 'Infested Terran'. Its first critical can infest the victim. A human form at 0 body HP becomes "
    "the Zerg form (50 HP).",
    "rules_public_title": "Public and private",
    "rules_public": "Public: deaths (class, team, cause), human-form battles, transformations, pick-ups, the stat "
    "list. Private: your items and fatigue (but a battle's rolls, which both combatants get, show the fatigue added "
    "to each roll), what was stolen from you, probe readings.",
    "rules_winning_title": "Winning",
    "rules_winning": "No uninfested soldier alive: the infested win. No infested alive: the uninfested win. "
    "Nobody alive, or the last day passed: a draw. A team wins with its dead.",
    "settings_title": "StarCraft Mafia: house rules (defaults)",
    "settings_intro": "A moderator may change any of these when creating a game (`/game settings` shows a game's).",
    "settings_field": "Settings",
    "setting_line": "`{name} = {value}`: {description}",
    "table_row": "{low}-{high}: {count}",
    # --- studies --------------------------------------------------------------------------------------
    "study_wins": "win % by players (games played: {games})",
    "study_length": "mean days by players (games played: {games})",
    "study_actions": "% of orders (games played: {games})",
    "row_win": "{players} players: {team}",
    "row_draw": "{players} players: draw",
    "row_length": "{players} players",
    "row_action": "{action}",
}


text = speaker(DOMAIN, TEXTS)
