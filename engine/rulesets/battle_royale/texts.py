"""Every player-facing sentence of Battle Royale, in one place.

`say(key, **values)` renders one. Refusal reasons (validation) and event texts (resolution) both
come from here, so wording can be reviewed, changed or translated without touching the rules.
"""

from __future__ import annotations

from engine.keyed import joined, speaker

DOMAIN = "battle_royale"  # this catalogue's name among the languages' (bot/languages/sources.py)

TEXT: dict[str, str] = {
    # --- the pieces other texts are made of (a list, an item's label, a verb that agrees) ---------------
    "list_and": "{rest} and {last}",
    "list_nothing": "nothing",
    "list_nobody": "nobody",
    "list_none": "none",
    "list_empty_handed": "empty-handed",
    "verb_is": "is",  # filled into `marked` and `zones_close` for one ({verb}); a translation may leave it out
    "verb_are": "are",  # the same for more than one
    "label_ammo": " ({ammo} left)",
    "label_uses": " ({uses} uses)",
    "label_stored": " [in Backpack]",
    "label_worn": " [worn]",
    "report_zone_seen": "{zone_name}: {names}",
    "start_lover": "Your Lover is {name}.",
    "start_rival": "Your Rival is {name}.",
    "start_choose": "Choose {count} of: {abilities}.",
    "lovers_request": "Lovers request",
    "lovers_request_denied": "both of you must name each other. You are a Dedicated Student.",
    "cause_poison": "poison",
    "cause_smoke": "smoke",
    "cause_melee": "melee attack",
    "cause_ranged": "ranged attack",
    "cause_explosive": "explosive attack",
    "cause_land_mine": "land mine",
    "cause_closed_zone": "closed zone",
    "cause_c4": "C-4",
    "end_last_day": "Day {day} has ended",
    "end_one_left": "at most one student is left on the island",
    "end_all_win": "every student left would win as things stand",
    # --- refusals ---------------------------------------------------------------------------
    "not_in_game": "You are not a student in this game.",
    "dead": "You are dead and can no longer act.",
    "escaped": "You have escaped the island and can no longer act.",
    "game_over": "The game is over.",
    "wrong_phase_day0": "It is Day 0: choose your starting zone and abilities first.",
    "wrong_phase_night": "Day 0 is over: submit your orders for the day instead.",
    "unknown_zone": "There is no zone {zone} on the island.",
    "zone_closed": "{zone_name} is closed: ending your move there would kill you.",
    "zone_closed_pass": "{zone_name} is closed: only a deactivated collar lets you pass through it.",
    "vote_zone_closed": "{zone_name} is already closed.",
    "too_many_abilities": "You may choose at most {count} abilit{plural}.",
    "unknown_ability": "{ability} is not an ability of the {role} role. Choose from: {choices}.",
    "duplicate_ability": "You chose {ability} twice.",
    "no_rival": "You have no Rival, so there is no Rival reward to choose.",
    "unknown_student": "There is no student called {target} in this game.",
    "target_inactive": "{target} is no longer on the island.",
    "target_not_here": "{target} is not in your zone.",
    "self_target": "You cannot {verb} yourself.",
    "no_item": "You do not have that item.",
    "item_leaves": "Your {item} leaves your hands in tonight's free actions (dropped or traded away), "
    "and free actions come first: it cannot serve tonight too.",
    "item_not_gained": "{item} did not reach you (someone else picked it up first, or the trade did not happen).",
    "trap_extra": "A {item} takes {takes}, not {extra}: leave {extra} out.",
    "trap_takes_to_zone": "the zone its path leads to",
    "trap_takes_day": "the day it goes off",
    "trap_takes_target": "a target",
    "use_no_target": "{use} takes no target.",
    "use_deactivator": "The Deactivator",
    "use_megaphone": "The Megaphone",
    "use_escape": "Escaping",
    "escape_no_item": "Escaping needs no item: leave the item out.",
    "escape_nowhere": "This island has no escape point.",
    "listed_twice": "You name {item} twice.",
    "already_worn": "You already wear {item}.",
    "not_worn": "You are not wearing {item}.",
    "item_gained_tonight": "{item} reaches you only in tonight's free actions: tonight it can serve your action "
    "or be worn; store, drop or trade it from the next night on.",
    "heal_without_kit": "Your First Aid Kit did not reach you (someone else picked it up first, or the trade did "
    "not happen): you heal without it.",
    "item_stored": "{item} is in your Backpack and cannot be used until you take it out.",
    "not_a_weapon": "{item} is not a weapon.",
    "no_attempts": "Say how many hit attempts go to each target.",
    "too_many_attempts": "{weapon} allows {allowed} hit attempt{plural} today; you asked for {asked}.",
    "unarmed_while_armed": "You hold a weapon ({weapon}): the unarmed attack is for students holding none.",
    "no_ammo": "{weapon} has no ammunition left.",
    "low_ammo": "{weapon} has only {ammo} shot{plural} left; you asked for {asked}.",
    "attempts_positive": "Hit attempts must be at least 1 for each target.",
    "all_out_one_use": "One-use items like the {weapon} cannot be used with an All-Out Attack.",
    "not_a_trap": "{item} is not a trap you can set.",
    "mine_needs_route": "Say which adjacent zone the Land Mine's path leads to.",
    "not_adjacent": "{zone_name} is not next to {from_name}.",
    "c4_needs_day": "Say which day the C-4 goes off (today, Day {day}, or later).",
    "c4_past_day": "The C-4 cannot go off on Day {asked}: today is Day {day}.",
    "c4_after_end": "The game ends after Day {last}; the C-4 would never go off.",
    "poison_needs_target": "Say whom you want to poison.",
    "use_needs_item": "You need a {item} for that.",
    "already_deactivated": "{target}'s collar is already deactivated.",
    "escape_needs_collar": "Your collar is still active: deactivate it before you try to escape.",
    "escape_wrong_zone": "You can only escape from {zones}.",
    "heal_no_kit": "You have no First Aid Kit.",
    "move_length": "A Move goes one or two zones; your route has {count}.",
    "run_length": "A Run goes one to five zones; your route has {count}.",
    "route_needed": "Give the route of your move, or follow a target of your action.",
    "route_and_follow": "Either give a route or follow a target, not both.",
    "route_not_adjacent": "Your route goes from {from_name} to {zone_name}, which are not adjacent.",
    "follow_not_target": "You can only follow a target of your Attack, All-Out Attack, Cover or Analyze.",
    "follow_run_all_out": "After an All-Out Attack you may only Move, not Run.",
    "no_run_after": "You cannot Run after a {action} action.",
    "no_hold_after_all_out": "You cannot Hold Ground after an All-Out Attack.",
    "run_full": "Your inventory is full: name an item to drop so you can Run.",
    "run_drop_not_carried": "You can only drop an item you carry ({item}).",
    "pickup_missing": "That item is not lying in your zone to pick up.",
    "inventory_full": "Your inventory would hold {count} items; you can carry {cap}. Drop something first.",
    "no_backpack_space": "Your Backpack has no room for {item}.",
    "backpack_in_backpack": "A Backpack cannot be stored inside a Backpack.",
    "backpack_not_empty": "Empty your Backpack before giving it away or dropping it.",
    "not_wearable": "{item} is not something you wear.",
    "not_stored": "{item} is not in your Backpack.",
    "trade_empty": "A trade must give or receive at least one item.",
    "trade_their_item": "{partner} does not have that item.",
    "item_twice": "You use {item} in two ways at once.",
    "track_no_unit": "You need a Tracking Unit to locate a student.",
    "vote_self": "You cannot vote to mark yourself.",
    # --- events -----------------------------------------------------------------------------
    "day_opens": "Day {day} begins. {alive} students are alive.",
    "game_starts": "The Program begins: {count} students from {schools} schools. Day 0: choose a starting zone and your abilities.",
    "day0_private": "You are {name}, a {role} of School {school}. {extra}",
    "placed": "You start in {zone_name}.",
    "start_item": "You begin with: {items}.",
    "lone_wolf_denied": "Your Lone Wolf request was not granted: you are a Dedicated Student.",
    "role_not_in_play": "This setup has no {role} (or has them all already): you are a Dedicated Student.",
    "order_failed": "Your {what} could not be carried out: {reason}",
    "dropped": "You dropped {item}.",
    "picked_up": "You picked up {item}.",
    "pickup_lost": "{item} was taken by someone else before you could pick it up.",
    "trade_done": "Trade with {partner} done: you gave {gave} and received {got}.",
    "trade_failed": "The trade between {a} and {b} did not happen: {reason}",
    "trade_apart": "you were no longer in the same zone.",
    "trade_item_gone": "one of the items was no longer there.",
    "trade_no_room": "someone's hands would have been too full.",
    "trade_unmatched": "Your trade with {partner} did not happen: they did not confirm the same deal.",
    "deactivated": "{target}'s collar is deactivated.",
    "deactivated_by": "{user} deactivated your collar.",
    "deactivator_broke": "Your Deactivator broke down after its last use.",
    "megaphone": "{user}'s Megaphone blares across {zone_name}: everyone's aim suffers tonight.",
    "healed": "{healer} healed {target} by {amount} (now {hp}/{max_hp}).",
    "you_healed": "You healed {target} by {amount}.",
    "smoke_caught": "{attacker}'s Smoke Grenade caught {target}: their actions tonight are lost ({damage} damage).",
    "smoke_collateral": "The smoke also caught {target}: their actions tonight are lost ({damage} damage).",
    "smoked_out": "You were caught in smoke: your action tonight did not happen.",
    "attack_hit": "{attacker} hit {target} with {weapon} for {damage} damage.",
    "attack_missed": "{attacker} missed {target} with {weapon}.",
    "attack_blocked_lid": "{target}'s Pot Lid blocked {attacker}'s {weapon}.",
    "attack_no_target": "{attacker}'s attack on {target} found no one: {target} had already fallen.",
    "out_of_ammo": "{weapon} ran out of ammunition.",
    "redirected": "{coverer} stepped in front of {target} and took the attack.",
    "collateral_hit": "The blast of {attacker}'s {weapon} caught {target} for {damage} damage.",
    "collateral_missed": "The blast of {attacker}'s {weapon} just missed {target}.",
    "painted": "{target} is splattered with paint: easier to hit tomorrow.",
    "poisoned": "{target} was poisoned for {damage} damage.",
    "poison_failed": "Your poison failed: {target} was targeting you.",
    "poison_attempt_on_you": "{user} tried to poison you, but you were on your guard.",
    "mine_set": "You set a Land Mine on the path between {zone_name} and {to_name}.",
    "c4_set": "You set C-4 in {zone_name} to go off at the end of Day {day}'s movement.",
    "search_found": "Your search turned up {item}.",
    "search_found_full": "Your search turned up {item}, but your hands are full: it lies on the ground.",
    "search_nothing": "Your search found nothing.",
    "analyzed": "Analysis of {target}: {role}, School {school}. Concealed items: {concealed}.",
    "escaped_public": "{name} escaped the island.",
    "escaped_private": "You escaped the island. You are out of the game, alive.",
    "mine_hit": "{target} stepped on a Land Mine for {damage} damage and stopped in {zone_name}.",
    "c4_blast": "C-4 exploded in {zone_name}.",
    "c4_hit": "The C-4 blast hit {target} for {damage} damage.",
    "died": "{name} has died.",
    "you_died": "You died ({cause}).",
    "killed_by": "You killed {victim}.",
    "loot": "From {victim} you took {items}.",
    "loot_left": "{items} left lying in {zone_name}.",
    "bounty": "You eliminated a marked student and receive a reward: {item}.",
    "rival_reward": "You killed your Rival and gained {reward}.",
    "lover_lost": "Your Lover has died. You lose 1 maximum Health and take a -5% Hit Penalty for the rest of the game.",
    "marked": "{names} {verb} marked for elimination. Whoever eliminates a marked student earns a reward.",
    "reward_drop": "A reward package is dropped into {zone_name}.",
    "reward_recovered": "You recovered the reward package: {item}.",
    "zones_close": "From tomorrow on, {zones} {verb} closed. Anyone inside must leave or die.",
    "game_over_public": "The game is over ({reason}). Winners: {winners}. Survivors: {survivors}.",
    "report_header": "Night {day} report: you are in {zone_name} with {hp}/{max_hp} Health.",
    "report_items": "You carry: {items}.",
    "report_zone": "Also in {zone_name}: {students}.",
    "report_ground": "On the ground here: {items}.",
    "item_repeat": "{name} ({n})",
    "report_binoculars": "Through your Binoculars: {zones}.",
    "report_lookout": "From your lookout: {zones}.",
    "report_tracking_counts": "Tracking Unit: {counts}.",
    "report_tracking_one": "Tracking Unit: {target} is in {zone_name}.",
    "report_tracking_gone": "Tracking Unit: {target} cannot be found.",
    "report_heartbeat": "Your Lover {lover} is in {zone_name} with {hp} Health.",
    # --- moderators' actions (engine/rulesets/battle_royale/moderation.py) ---------------------
    "mod_unknown_action": "Unknown moderator action {action!r}.",
    "mod_unknown_student": "There is no student {sid} in this game.",
    "mod_not_on_island": "{name} is not alive on the island.",
    "mod_not_dead": "{name} is not dead.",
    "mod_bad_hp": "Health must be between 1 and {max_hp}.",
    "mod_unknown_item": "There is no item kind {kind!r}.",
    "mod_not_carried": "{name} does not carry an item {uid}.",
    "mod_backpack_full": "{name}'s Backpack still holds items: take those first.",
    "mod_no_room": "{name} has no free hands and no zone yet to drop {item} in.",
    "mod_loot_ground": "{name}'s items lie on the ground in {zone_name}: {items}.",
    "mod_loot_gone": "{name} had no zone yet: their items ({items}) leave the game.",
    "revived_public": "{name} is back on the island.",
    "revived_private": "A moderator brought you back to life: you are in {zone_name} with {hp}/{max_hp} Health.",
    "revived_no_zone": "A moderator brought you back to life with {hp}/{max_hp} Health.",
    "lover_returned": "Your Lover {name} is alive again: your loss is undone.",
    "mod_given": "A moderator gave you {item}.",
    "mod_given_ground": "A moderator gave you {item}, but your hands are full: it lies on the ground in {zone_name}.",
    "mod_taken": "A moderator took {item} from you.",
    # --- a setup's choice of items and roles (selection.py), refused with its problems ------------------------
    "selection_items_shape": "items must map item names to how many times each is drawn",
    "selection_unknown_item": "there is no item {item} (the items are {known})",
    "selection_item_count": "{item} is drawn {count} times, but it must be a whole number from 0 to {most}",
    "selection_no_item": "at least one item must be drawn at least once",
    "selection_roles_shape": "roles must map role names to the most students of each (or nothing: no limit)",
    "selection_unknown_role": "there is no role {role} (the roles are {known})",
    "selection_dedicated_limited": "dedicated_student cannot be limited: every student granted no other role is one",
    "selection_role_count": "at most {count} {role}, but it must be a whole number from 0 to {most}",
    "selection_lovers_odd": "Lovers come in pairs: at most {count} lovers would leave one without a partner",
    "selection_more": "and {n} more",
    # --- the roles' names (`ROLE_NAMES`), filled into the sentences above and the status card -----------------
    "role_dedicated_student": "Dedicated Student",
    "role_lovers": "Lover",
    "role_lone_wolf": "Lone Wolf",
}

say = speaker(DOMAIN, TEXT)

# a student's role by its id, as a player reads it (the name of one student's: "a Lover")
ROLE_NAMES = {role: say(f"role_{role}") for role in ("dedicated_student", "lovers", "lone_wolf")}


def listing(names: list[str], empty: str | None = None) -> str:
    """ "A, B and C" in the reader's language (`list_and`); `empty` (default "nothing") for no names."""
    if not names:
        return say("list_nothing") if empty is None else empty
    if len(names) == 1:
        return names[0]
    return say("list_and", rest=joined(", ", names[:-1]), last=names[-1])


def verb_for(count: int) -> str:
    """The English verb that agrees with `count` names ("is", "are"), a text of the catalogue."""
    return say("verb_is") if count == 1 else say("verb_are")


# why a student died, as the engine names it (`Student.death_cause`, the event's data), as a player reads it
CAUSES = {
    "poison": "cause_poison",
    "smoke": "cause_smoke",
    "melee attack": "cause_melee",
    "ranged attack": "cause_ranged",
    "explosive attack": "cause_explosive",
    "land mine": "cause_land_mine",
    "closed zone": "cause_closed_zone",
    "C-4": "cause_c4",
}


def cause_of(cause: str) -> str:
    """A death's cause as a player reads it (a moderator's own words, `/mod kill`, as typed)."""
    return say(CAUSES[cause]) if cause in CAUSES else cause
