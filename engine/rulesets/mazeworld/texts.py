"""Every word a player or moderator reads of Mazeworld's engine, in one place: `text(key, **values)`."""

from __future__ import annotations

from engine.keyed import speaker, unfilled

DOMAIN = "mazeworld"  # this catalogue's name among the languages' (bot/languages/sources.py)

TEXTS: dict[str, str] = {
    # refusals (validate)
    "no_creature": "You have no one in this fight.",
    "not_able": "{name} cannot act now.",
    "no_target": "There is no {target} in this fight.",
    "not_targetable": "{target} cannot be targeted from here.",
    "own_side": "{target} is on your own team.",
    "no_weapon": "{name} has no weapon {weapon}.",
    "not_wielded": "{weapon} is not in hand: swap to it first.",
    "no_mode": "{weapon} has no {mode} mode (it has {modes}).",
    "no_modes": "{weapon} has no fire modes, so it cannot attack in {mode} mode: leave the mode out.",
    "too_many": "{weapon} fires at most {limit} a turn in that mode.",
    "no_part": "{target} has no {part} (parts: {parts}).",
    "unaimed": "{weapon} cannot be aimed at a body part.",
    "arms_lost": "{name} has no working arms: no weapon attacks.",
    "crippled": "{name} is crippled: no change of side or escape.",
    "crippled_melee": "{name} is crippled and cannot reach {target} on another side.",
    "no_spare": "{weapon} has no spare ammunition and no jam to clear.",
    "not_reloadable": "{weapon} is not reloaded.",
    "full": "{weapon} is already full.",
    "wielding": "{weapon} is already in hand.",
    "no_item": "{name} has no {item}.",
    "clean_what": "A Gun Cleaning Kit cleans a firearm: name one.",
    "same_side": "{name} is already on side {side}.",
    "no_cover": "There is no cover on side {side}.",
    "in_cover": "{name} is already in cover.",
    "not_helpless": "{target} is not blacked out or passed out.",
    "aftermath_only": "That is done after combat.",
    "combat_only": "That is done during combat.",
    "no_butcher": "{name} cannot hunt (Hunting level 0).",
    "no_meat": "{target} has nothing to butcher.",
    "game_over": "The fight is over.",
    "no_accessory": "{weapon} has no {accessory} mounted (mounted: {mounted}).",
    "no_ammo_type": "{weapon} takes no {ammo} ammunition (types: {types}).",
    "no_spare_type": "{weapon} has no spare {ammo} ammunition.",
    "not_plantable": "{weapon} is not an explosive to plant.",
    "none_left": "{name} has no {weapon} left.",
    "no_charge": "{name} has no planted charge waiting for a detonator.",
    "none": "none",
    # public
    "turn_start": "Start of Turn {turn}.",
    "turn_end": "End of Turn {turn}.",
    "order": "Order of passage: {order}.",
    "conflict": "Speed conflict among {names}: {rolls}.",
    "cover_ok": "{name} takes cover ({total}) and acts first.",
    "cover_fail": "{name} simply takes cover ({total}).",
    "cover_ok_npc": "{name} takes cover and acts first.",
    "cover_fail_npc": "{name} simply takes cover.",
    "attack": "{name} attacks {target} with {weapon}: {rolls}.",
    "roll_pc": "{score} {band} ({part})",
    "roll_npc": "{band} ({part})",
    "inaccurate_d2": "inaccurate, 1d2 {d2}: {result}",
    "dry_fire": "{name}'s {weapon} clicks: empty.",
    "void": "{name}'s action is void: {target} is gone.",
    "lost_action": "{name} cannot act and loses the action.",
    "stovepipe": "{name}'s {weapon} stovepipes.",
    "misfire": "{name}'s {weapon} misfires.",
    "feed": "{name}'s {weapon} fails to feed: it needs a reload.",
    "destroyed": "{name}'s {weapon} is destroyed.",
    "dud": "{name}'s {weapon} is a dud.",
    "self_hit": "{name} hurts itself.",
    "blast": "{weapon} lands {band} on {target} ({part}).",
    "execute": "{name} executes {target} with {weapon} ({part}).",
    "reload": "{name} reloads {weapon}.",
    "reload_ammo": "{name} loads {weapon} with {ammo}.",
    "plant": "{name} plants {weapon} on side {side}.",
    "detonate": "{name} sets off a detonator.",
    "charge_blast": "{weapon} goes off on side {side} ({score}): {band}.",
    "charge_blast_npc": "{weapon} goes off on side {side}: {band}.",
    "charge_dud": "{weapon} on side {side} is a dud.",
    "swap": "{name} takes {weapon} in hand.",
    "use": "{name} uses {item}.",
    "move": "{name} moves to side {side}.",
    "melee_move": "{name} closes in on side {side}.",
    "thrown_away": "{name}'s {weapon} now lies on side {side}.",
    "not_throwable": "Only a melee weapon can be thrown (not {weapon}); ask the game master with /act action:freeform.",
    "one_throw": "A weapon is thrown once a turn.",
    "item_throw_only": "An item is thrown at a creature, not swung: choose to throw it in the menu (/attack alone).",
    "item_or_weapon": "Throw either a weapon or an item, not both.",
    "not_throwable_item": (
        "{item} has no damage data, so it cannot be thrown to hurt (items that can: {items}); ask the game master "
        "with /act action:freeform."
    ),
    "no_use": "{item} has no use; it can only be thrown (/attack alone: its menu's item to throw).",
    "escape_ok": "{name} escapes through the door of side {side}.",
    "escape_ok_unseen": "{name} slips away unseen.",
    "escape_fail": "{name} fails to escape ({total}).",
    "escape_fail_npc": "{name} fails to escape.",
    "skip": "{name} skips the turn.",
    "condition": "{name}: {condition}.",
    "kill": "{killer} kills {name}.",
    "death": "{name} dies.",
    "blackout": "{name} blacks out.",
    "wakes": "{name} wakes up.",
    "temerity_public": "{name} {reaction}.",
    "combat_over": "Combat is over. Aftermath turns follow (execute, butcher, reload, use an item) until a turn "
    "in which every contestant skips: then the fight is over.",
    "combat_again": "{name} wakes: combat starts again.",
    "combat_again_attack": "{name} attacks: combat starts again.",
    "combat_again_unseen": "Combat starts again.",
    "fight_over": "The fight is over.",
    "butcher": "{name} butchers {target}: {meat} meat.",
    "hunting_level": "{name}'s Hunting is now level {level} ({points} skill points).",
    "stealth_lost": "{name} is seen.",
    # private and moderators
    "private_status": "{name}: Pain {pain}%, {limbs}; {weapons}.",
    "npc_order": "{name} intends: {order}.",
    "npc_rolls": "{name}'s 2d6: {scores}.",
    "damage": "{target} {part}: Pain +{pain}, limb -{limb}.",
    "cleanliness_roll": "{name}'s d100 against cleanliness {clean}: {roll}.",
    "count": "{species}: {count} (rolled {dice}).",
    "temerity_roll": "Temerity for {name}: {roll} ({reaction}).",
    "freeform": "{name} asks: {text}",
    "idle_alert": "{name} has skipped {turns} turns in a row.",
    "wound": "{name}'s wound on the {part} opens.",
    "wound_closes": "{name}'s wound on the {part} closes.",
    "fire_out": "{name} stops burning.",
    "condition_hurt": "hurt",
    "condition_agony": "in agony",
    "condition_blacked_out": "blacked out",
    "condition_passed_out": "passed out",
    "condition_dead": "dead",
    "condition_escaped": "gone",
    "condition_fine": "unhurt",
    "condition_disabled": "{part} disabled",
    "condition_severed": "{part} severed",
    "condition_broken": "{part} broken",
    "reaction_pass_out": "passes out",
    "reaction_quake": "quakes in fear",
    "reaction_anxious": "grows anxious",
    "reaction_normal": "fights on",
    "reaction_anger": "explodes in anger",
    "band_critical": "critical",
    "band_critical_failure": "critical failure",
    "band_miss": "miss",
    "band_inaccurate": "inaccurate",
    "band_hit": "hit",
    "band_direct": "direct",  # a blast's bands (`blast.POWER`): a direct hit, close, far, distant
    "band_close": "close",
    "band_far": "far",
    "band_distant": "distant",
    "status_rounds": "{name} {loaded}{ammo}+{spare}",
    "status_ammo": " {ammo}",
    "status_spare": ", {kind} {count}",
    "status_clean": " ({clean}% clean)",
    "status_more": ", {said}",
}

# A creature's conditions, its temerity reactions and an attack roll's bands (`dice.BANDS`, what a 1d2 of an
# inaccurate shot makes of it, and a blast's: `blast.POWER`), in words: texts of the catalogue too (`condition_*`, `reaction_*`, `band_*`), the
# ones naming a part still to be filled in (`engine.keyed.filled`).
CONDITIONS = {
    k: unfilled(DOMAIN, TEXTS, f"condition_{k}")
    for k in ("hurt", "agony", "blacked_out", "passed_out", "dead", "escaped", "fine", "disabled", "severed", "broken")
}
REACTIONS = {k: unfilled(DOMAIN, TEXTS, f"reaction_{k}") for k in ("pass_out", "quake", "anxious", "normal", "anger")}
_BANDS = ("critical", "critical_failure", "miss", "inaccurate", "hit", "direct", "close", "far", "distant")
BANDS = {k: unfilled(DOMAIN, TEXTS, f"band_{k}") for k in _BANDS}
# an order's action (`orders.*.do`) as what an NPC intends (`doing_attack`), its word the order's own
_DOINGS: tuple[str, ...] = ("attack", "execute", "reload", "swap", "use", "move", "plant", "detonate", "escape")
_DOINGS += ("skip", "freeform", "butcher", "cover")
TEXTS.update({f"doing_{k}": k for k in _DOINGS})
DOINGS = {k: unfilled(DOMAIN, TEXTS, f"doing_{k}") for k in _DOINGS}

text = speaker(DOMAIN, TEXTS)
