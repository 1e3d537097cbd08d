"""Every player-facing sentence of StarCraft Mafia built so far, in one place.

`say(key, **values)` renders one. Refusal reasons (validation) and the opening events (set-up) come from here.
Item uids are never echoed in a refusal; items are named by their kind.
"""

from __future__ import annotations

from engine.keyed import joined, speaker

DOMAIN = "starcraft_mafia"  # this catalogue's name among the languages' (bot/languages/sources.py)

TEXT: dict[str, str] = {
    # --- sign-up -------------------------------------------------------------------------------
    "too_few_players": "StarCraft Mafia needs at least {minimum} players; {count} signed up.",
    "too_many_players": "StarCraft Mafia takes at most {maximum} players; {count} signed up.",
    "bad_request": "{seat}'s sign-up asks for something this game does not offer ({fields}); only a class.",
    "unknown_class": "{seat} asked for {requested!r}, which is not a class. Classes: {choices}.",
    # --- opening -------------------------------------------------------------------------------
    "game_starts": "The outpost on Mar Sara holds {count} soldiers. Day 1 begins.",
    "infested_count": "{count} of you {verb} infested.",
    "classes_public": "Classes: {listing}.",
    "your_class": "{name}, you are a {cls} ({team}). {granted}",
    "your_class_alone": "{name}, you are a {cls} ({team}).",  # `your_class` when there is no request to answer
    "list_and": "{rest} and {last}",
    "name_and_class": "{name} ({cls})",
    "list_nobody": "nobody",
    "list_nothing": "nothing",
    "verb_is": "is",  # filled into `infested_count` for one ({verb})
    "verb_are": "are",  # the same for more than one
    "request_granted": "Your class request was granted.",
    "request_denied": "Your request for {requested} was full; you were given the {cls} class.",
    "request_not_in_play": "This setup has no {requested}; you were given the {cls} class.",
    # a setup's `classes` refused (settings.py), each problem of the list
    "classes_shape": "classes must map class names to their weights",
    "classes_unknown": "there is no class {cls} (the classes are {known})",
    "classes_weight": "{cls} has the weight {weight}, but it must be a whole number from 0 to {most}",
    "classes_none": "at least one class must have a weight above 0",
    "no_request": "",
    "infested_team": "You are infested. The infested team: {listing}.",
    "setup_told": "Set-up: {listing}.",
    "setup_line": "{name}: {cls}, {team}",
    "team_human": "uninfested",
    "team_infested": "infested",
    # --- the day's private results -------------------------------------------------------------
    "stim_used": "Stim Pack: you lose 5 body HP ({hp} left) and fight your first battle today stimmed.",
    "stim_not_used": "Stim Pack not used: it needs at least 6 body HP and you have {hp}.",
    "give_failed": "Your give failed: the item is gone or the recipient is dead.",
    "given": "{giver} gave {to} the {item}.",
    "healed": "{medic} healed {target}: +{hp} body HP.",
    "repaired": "{tech} repaired {target}'s suit: +{hp} suit HP.",
    "re_enabled": "{tech} re-enabled {target}'s {item}.",
    "repair_nothing": "{target} has no sabotaged {item}: nothing to re-enable.",
    "probe_infested": "Psychic Probe: {target} is infested.",
    "probe_clean": "Psychic Probe: {target} is not infested.",
    "probe_nothing": "Psychic Probe: no reading on {target} today.",
    "stole": "You stole a {item} from {target}.",
    "was_stolen": "Someone stole your {item}.",
    "steal_nothing": "Your steal worked, but {target} carries no {item}.",
    "steal_failed": "{thief} tried to steal from {target} and failed; {target} fired one shot back.\n{shot}",
    "sabotaged": "You sabotaged {target}'s {item}.",
    "was_sabotaged": "Someone sabotaged your {item}: it is disabled through Day {day} unless repaired.",
    "sabotage_nothing": "Your sabotage worked, but {target} carries no working {item}.",
    "sabotaged_suit": "You sabotaged {target}'s suit: -{hp} suit HP.",
    "suit_was_sabotaged": "Someone sabotaged your suit: -{hp} suit HP.",
    "sabotage_failed": "{tech} tried to sabotage {target} and failed; {target} fired one shot back.\n{shot}",
    "picked_up": "{name} picked up the {item} from {body}'s body.",
    "idle_alert": "{name} has given no orders for {days} days in a row.",
    # --- the day's reports ---------------------------------------------------------------------
    "order_dropped": "{name}'s orders were no longer legal at the deadline ({reason}); they did nothing.",
    "scuffle_told": "You were caught in a scuffle over {item}; the rest of your orders for today are lost. {result}\n{rolls}",
    "contested_body": "the {item} on {body}'s body",
    "contested_steal": "{target}'s {item}",
    "scuffle_won": "{name} came out of it with the most body HP.",
    "scuffle_nobody": "Nobody was left standing in it to take the item.",
    "scuffle_skipped": "{shooter} cannot punch (no suit HP).",
    "scuffle_miss": "{shooter} swings at {target}: d12 {d12}, miss.",
    "scuffle_hit": "{shooter} swings at {target}: d12 {d12}, hit for {damage}; {target} has {body} body HP.",
    "battle_private": "Your battle: {attacker} attacked {target}. {outcome}\n{rolls}",
    "battle_public": "{attacker} attacked {target}. {outcome}",
    "no_shots": "No shot was fired.",
    "shot_round": "Round {round}",
    "shot_last": "Last shot",
    "shot_flare": "{where}: {shooter} throws an Optical Flare Grenade (-2 to the damage {shooter} takes for 5 rounds).",
    "shot_skipped": "{where}: {shooter} cannot fire.",
    "shot_fatigue": " + {fatigue} fatigue",
    "shot_roll": "{where}: {shooter} ({weapon}) rolls {d12}{fatigue}",
    "shot_miss": "{roll} against {attack}: miss.",
    "shot_hit": "{roll} against {attack}: hit, {damage} damage; {hp}.",
    "shot_critical": "{roll}: CRITICAL HIT, {damage} damage; {hp}.",
    "shot_hp": "{target} has suit {suit}, body {body}",
    "shot_zerg_hp": "{target}'s Zerg form has {hp}/50 HP",
    "outcome_killed": "{name} was killed.",
    "outcome_fled": "{name} fled the fight.",
    "outcome_infested": "{name} was infested.",
    "outcome_unarmed": "Neither side could fight: no result.",
    "outcome_no_result": "After {rounds} rounds neither side had won: no result.",
    "infestation_told": "{target} has been infested and joins the infested team.",
    "transformed": "{name} has transformed into an Infested Terran!",
    "cause_zerg": "killed by an Infested Terran",
    "cause_killer": "killed by {name}",
    "cause_suicide": "suicide",
    "cause_scuffle": "killed in a scuffle",
    "cause_theft": "shot dead in a failed theft",
    "death_revealed": "{name} has died ({cause}). {name} was a {cls}, {team}.",
    "death": "{name} has died ({cause}).",
    "stat_list": "{listing}",  # under the post's "Stat list" heading (front/posts.py)
    "stat_living": "{name} ({cls}): suit {suit}, body {body}",
    "stat_zerg": "Infested Terran: {hp}/50",
    "stat_dead": "{name} ({cls}, {team}), dead; items: {items}",
    "stat_dead_hidden": "{name} ({cls}), dead; items: {items}",
    "won_infested": "No uninfested soldier is left: the infested win.",
    "won_human": "The last infested has fallen: the uninfested win.",
    "won_draw": "The game ends in a draw.",
    # --- the lynch vote (day_vote) --------------------------------------------------------------
    "vote_tally": "The vote:\n{lines}\n{outcome}",
    "vote_line": "{name}: {votes} ({voters})",
    "vote_none_counted": "No vote counted (every vote was by or for a player who died today).",
    "vote_lynched": "{name} has strictly the most votes ({votes}) and is executed by the outpost.",
    "vote_nobody": "No one has strictly the most votes with at least {minimum}: nobody is executed.",
    "cause_vote": "the vote",
    "vote_off": "There is no lynch vote in this game (the day_vote house rule is off).",
    # --- moderation ------------------------------------------------------------------------------
    "cause_moderators": "the moderators",
    "mod_unknown_action": "StarCraft Mafia has no moderator action {action!r}; it has: {actions}.",
    "mod_unknown_seat": "There is no player on seat {seat} in this game.",
    "mod_already_dead": "{name} is already dead.",
    "mod_killed_you": "The moderators have killed you ({cause}). Your items stay on your body.",
    "mod_killed_mate": "{name}, one of the infested, has been killed by the moderators.",
    "mod_decided_human": "No infested is left alive: the uninfested win at this day's resolution (Day {day}), when the win is checked.",
    "mod_decided_infested": "No uninfested player is left alive: the infested win at this day's resolution (Day {day}), when the win is checked.",
    "mod_decided_draw": "Nobody is left alive: the game ends in a draw at this day's resolution (Day {day}).",
    # --- refusals ------------------------------------------------------------------------------
    "game_over": "The game is over.",
    "not_in_game": "You are not a player in this game.",
    "dead": "You are dead and can no longer act.",
    "unknown_player": "There is no player called {target} in this game.",
    "target_dead": "{target} is dead.",
    "self_target": "You cannot {verb} yourself.",
    "no_ability": "{ability} is not an ability of the {cls} class.",
    "no_item": "You do not have that item.",
    "not_a_weapon": "The {item} is not a weapon.",
    "no_weapon": "You carry no {item}, and none comes to you today.",
    "unknown_item_kind": "There is no item called {item!r}. Items: {choices}.",
    "weapon_given": "You give your {item} away today, so you cannot attack with it.",
    "mounted": "The {item} is part of the suit: it cannot be given, stolen or picked up.",
    "no_body_item": "That item is not on the body of a player who died before today.",
    "zerg_only_infested": "Only the infested can attack in Zerg form or infest.",
    "infest_human_form": "Infesting is a Zerg-form attack: drop `how:human` or type `how:zerg`.",
    "zerg_no_weapon": "In Zerg form you use none of your human form's weapons.",
    "infest_infested": "{target} is already infested.",
    "human_form_down": "Your human form has 0 body HP: it can only fight in Zerg form until healed.",
    "repair_self_suit": "You cannot repair your own suit (you may re-enable your own sabotaged item).",
    "not_disabled": "None of your {item}s is sabotaged, so there is nothing to re-enable.",
    "stim_low_hp": "Stim Pack costs 5 body HP and needs at least 6; you have {hp}.",
    "cloak_suit": "Cloak needs at least 3 HP on your Hostile Environment Suit; it has {hp}.",
    "cloak_twice": "You cloaked yesterday: Cloak cannot be used two days in a row.",
    # --- the verbs of "You cannot ... yourself" (refusals) -------------------------------------------------
    "self_verb_give_an_item_to": "give an item to",
    "self_verb_steal_from": "steal from",
    "self_verb_heal": "heal",
    "self_verb_probe": "probe",
    "self_verb_repair": "repair",
    "self_verb_attack": "attack",
    "self_verb_sabotage": "sabotage",
    "self_verb_vote_for": "vote for",
    "self_verb_infest": "infest",
}


say = speaker(DOMAIN, TEXT)


def listing(names: list[str], empty: str | None = None) -> str:
    """ "A, B and C" in the reader's language (`list_and`), each name still read in its reader's language;
    `empty` (default "nobody") for no names."""
    if not names:
        return say("list_nobody") if empty is None else empty
    if len(names) == 1:
        return names[0]
    return say("list_and", rest=joined(", ", names[:-1]), last=names[-1])
