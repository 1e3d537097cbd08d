"""Every word the bot shows of Mazeworld's front, in one place: `text(key, **values)`. The engine's own
words (refusals, events) stay in `engine/rulesets/mazeworld/texts.py`."""

from __future__ import annotations

from engine.keyed import speaker

DOMAIN = "mazeworld.front"  # this catalogue's name among the languages' (bot/languages/sources.py)
SETTINGS_DOMAIN = "mazeworld.settings"  # its house rules' descriptions (`engine.front.settings_catalogue`)

TEXTS: dict[str, str] = {
    # the sides a setup's balance counts (`Play.sides`, named in front/community.py): "<side> win 23% ± 4"
    "side_contestant": "contestant",
    "side_ally": "ally",
    "side_hostile": "hostile",
    # what one resolution is called in the texts every game shares (`engine.front.words_of`)
    "word_step": "Turn",
    "word_steps": "turns",
    "word_one": "turn",
    "word_numbered": "Turn {day}",
    "word_start": "the start",
    "profile_kills": "Kills",  # a headline figure on /profile and /leaderboard (front/community.py)
    "title": "Mazeworld",
    # commands
    "cmd_attack": "Attack a creature: weapon, fire mode, rounds, body part, concentrate, accessory, throw",
    "cmd_cover": "Take cover on your side; on success act first with then:",
    "cmd_reload": "Reload a firearm or launcher (or clear a jam), with another ammunition type if named",
    "cmd_plant": "Plant an explosive charge on your side",
    "cmd_detonate": "Set off the charges you planted that wait for a detonator",
    "cmd_swap": "Take another weapon in hand",
    "cmd_use": "Use an item (a Gun Cleaning Kit names the weapon it cleans)",
    "cmd_move": "Move to another side of the room",
    "cmd_escape": "Escape through your side's door",
    "cmd_execute": "Execute a blacked-out or passed-out creature",
    "cmd_skip": "Do nothing this turn",
    "cmd_freeform": "Ask the game master for something the commands do not cover",
    "cmd_butcher": "Butcher a dead creature for meat (after combat)",
    "opt_target": "Who to attack",
    "opt_weapon": "Weapon (default: the one in hand)",
    "opt_mode": "Fire mode (default: the lowest)",
    "opt_rounds": "Rounds, bursts or hits (default 1)",
    "opt_part": "Body part to aim at, or bodyaim for the @bodyaim die (default: unaimed)",
    "opt_concentrate": "Concentrate fire on the part",
    "opt_throw": "Throw the melee weapon in hand instead of striking (Thrown weapons skill; it leaves your hands)",
    "opt_accessory": "Accessory to use (passive ones always apply; an attached weapon fires instead)",
    "opt_ammo": "Ammunition type to load (default: the type loaded now)",
    "opt_reload_accessory": "Reload the weapon attached to it instead (e.g. an underslung launcher)",
    "opt_plant_weapon": "The explosive charge to plant",
    "opt_then": "What to do once in cover (default: nothing)",
    "opt_swap_weapon": "The weapon to take in hand",
    "opt_reload_weapon": "Firearm or launcher to reload (default: the one in hand)",
    "opt_item": "The item to use",
    "opt_throw_item": "An item to throw instead of a weapon (one that can hurt, e.g. a brick; throws it)",
    "opt_clean_weapon": "Firearm a Gun Cleaning Kit cleans (default: the one in hand)",
    "opt_side": "Side of the room (1-4)",
    "opt_execute_target": "Who to execute (blacked out or passed out)",
    "opt_execute_part": "Part every hit lands on (default: head)",
    "opt_text": "What you ask the game master",
    "opt_butcher_target": "The dead creature",
    # refusals
    "unknown_target": "There is no {target} you can see in this fight.",
    "unknown_weapon": "You carry no weapon {weapon}.",
    "unknown_item": "You carry no {item}.",
    "no_fighter": "You have no one in this fight.",
    "then_needs": "then:{then} needs {option}.",
    "bad_side": "Sides are 1 to 4.",
    "no_then": "then: is one of {choices}.",
    "not_command": "/{name} is not a command of Mazeworld.",
    # orders in words
    "said_attack": "Attack {target} with {weapon}{mode}, {rounds} {unit}{part}{concentrate}{accessory}{throw}.",
    "said_mode": " ({mode})",
    "said_part": " at the {part}",
    "said_unaimed": ", unaimed",
    "said_bodyaim": ", at the part the @bodyaim die picks",
    "said_concentrate": ", concentrating fire",
    "said_accessory": ", using {accessory}",
    "said_throw": ", throwing it",
    "said_reload_ammo": "Reload {weapon} with {ammo}.",
    "said_reload_attached": "Reload the {accessory} on {weapon}{ammo}.",
    "said_with_ammo": " with {ammo}",
    "said_plant": "Plant {weapon} on your side.",
    "said_detonate": "Set off your planted charges.",
    "accessory_passive": "{name} (passive, always on)",
    "accessory_weapon": "{name} ({weapon}: {loaded} loaded, {spare} spare)",
    "ammo_choice": "{name} ({spare} spare{loaded})",
    "ammo_loaded": ", loaded",
    "charge_choice": "{name} ({count} carried)",
    "said_execute": "Execute {target} with {weapon}, {rounds} {unit} at the {part}.",
    "said_cover": "Take cover, then: {then}",
    "said_reload": "Reload {weapon}.",
    "said_swap": "Take {weapon} in hand.",
    "said_use": "Use {item}.",
    "said_use_on": "Use {item} on {weapon}.",
    "said_move": "Move to side {side}.",
    "said_escape": "Escape through the door.",
    "said_skip": "Skip the turn.",
    "said_freeform": "Ask the game master: {text}",
    "said_butcher": "Butcher {target}.",
    "in_hand": "the weapon in hand",
    "rounds_unit": "round(s)",
    "idle": "A fighter who gives no order skips the turn.",
    "help_title": "Mazeworld: commands",
    "help_intro": "One action a turn. /status shows the fight and your own sheet. The game master orders a "
    "creature with any command's `as` option (`/attack as:wolf_a target:Ann`).",
    # status
    "status_title": "Mazeworld: turn {turn}",
    "status_title_over": "Mazeworld: the fight ended after turn {turn}",
    "phase_combat": "Combat: one action each this turn.",
    "phase_aftermath": "After combat: reload, swap, use items, execute or butcher.",
    "phase_over": "The fight is over.",
    "field_side": "Side {side} ({cover} cover)",
    "cover_none": "no",
    "cover_light": "light",
    "cover_heavy": "heavy",
    "nobody": "nobody seen",
    "fighter_line": "{name}{team}{cover}: {conditions}",
    "team_ally": " (ally)",
    "team_hostile": " (hostile)",
    "team_contestant": "",
    "in_cover": ", in cover",
    "sheet_title": "{name}: your sheet",
    "sheet_state": "Status {status}; Pain {pain}% (black-out {pbt}, death {pdt}); side {side}{cover}",
    "sheet_limbs": "Body",
    "limb_line": "{part}: {hp}/{max_hp} HP{broken}",
    "limb_broken": ", broken",
    "sheet_weapons": "Weapons",
    "weapon_line": "{name}{wielded}: {loaded} loaded, {spare} spare{clean}{jam}",
    "clean_part": ", {clean}% clean",
    "weapon_melee_line": "{name}{wielded}",
    "rounds_typed": "{count} {ammo}",
    "spares_other": " (other spares: {spares})",
    "mount_line": "{name}: {loaded} loaded, {spare} spare",
    "weapon_thrown_line": "{name}{wielded}: {count} carried",
    "wielded": " (in hand)",
    "jammed": ", jammed",
    "sheet_items": "Items",
    "item_line": "{item}: {count}",
    "sheet_wounds": "Wounds",
    "wound_line": "open wound: {part}",
    "none": "none",
    "tally": "Kills by the contestants: {tally}",
    # the game master's view
    "gm_title": "Mazeworld (moderators): turn {turn}, {phase}",
    "gm_intro": "Every number; only you see this. NPC orders: {npc_orders}. Order a creature with any command's "
    "`as` option.",
    "gm_line": "**{name}** `{id}` ({who}): {status}, Pain {pain} (PBT {pbt}, PDT {pdt}); {limbs}; {weapons}{extra}",
    "gm_npc": "NPC",
    "gm_limbs_whole": "limbs whole",
    "gm_cover": "; in cover",
    "gm_stealth": "; in stealth",
    "gm_wounds": "; {count} wound(s)",
    "gm_effects": "; {effects}",
    # the sections of /help (the commands' `section`) and the game master's `/mod` actions (front/game.py)
    "help_section_orders": "orders",
    "help_section_game_master": "game master",
    "mod_end_combat": "End combat now: the aftermath begins",
    "mod_start_combat": "Start combat again after the aftermath",
    "mod_temerity": "Call a temerity roll for a creature at this turn's end",
    "opt_temerity_target": "The creature id the moderators were told",
    "mod_done_end_combat": "Combat ended.",
    "mod_done_start_combat": "Combat started.",
    "mod_done_temerity": "Temerity called.",
    # the picture of the battlespace (front/picture.py) and its caption, the same in words
    "section_picture": "Picture",
    "help_picture": "`/{command}` (or `/map`): the battlespace as a picture, with the same in words",
    "picture_title": "Mazeworld: the battlespace {when} ({phase})",
    "picture_when_start": "as the fight begins",
    "picture_when_after": "after turn {turn}",
    "picture_phase_combat": "combat",
    "picture_phase_aftermath": "after combat",
    "picture_phase_over": "the fight is over",
    "picture_side": "Side {side} ({wall} door, {cover} cover)",
    "wall_1": "south",
    "wall_2": "north",
    "wall_3": "west",
    "wall_4": "east",
    "door": "{wall} door",
    "picture_name": "{name} ({team}{you})",
    "picture_team_contestant": "contestant",
    "picture_team_ally": "ally",
    "picture_team_hostile": "hostile",
    "picture_you": ", you",
    "picture_unhurt": "unhurt",
    "picture_in_cover": "in cover",
    "picture_in_stealth": "in stealth",
    "picture_gone": "Left the room: {names}",
    "picture_legend_you": "yours",
    "picture_legend_dead": "dead",
    "picture_legend_out": "blacked or passed out",
    "picture_side_line": "{side}: {fighters}.",
    "picture_fighter": "{name}: {conditions}",
    "picture_caption": "{title}.\n{sides}\n{tally}",
    # posts
    "section_order": "Order of passage",
    "section_actions": "Actions",
    "section_harm": "Wounds and deaths",
    "section_end": "End of turn",
    "post_title": "Mazeworld: turn {day}",
    "post_start": "Mazeworld: the fight begins",
    "day_title": "Turn {day}",
    # rules
    "rules_title": "Mazeworld combat in short",
    "rules_intro": "A game-master-run fight: you order your contestant, the game master the creatures. "
    "Each turn every fighter takes one action; the order of passage is cover-takers first, then the stealthy, "
    "then by the weight of what they carry.",
    "rules_attack_field": "Attacks",
    "rules_attack": "Each round is 2d6 against FT (miss at or under it) and IR (inaccurate up to FT+IR, then "
    "a hit). 12 is a critical, 2 a critical failure. Aim at a part, or leave it unaimed.",
    "rules_pain_field": "Pain",
    "rules_pain": "Hits add Pain and take limb HP. At the black-out threshold you black out, at the death "
    "threshold or with the head or upper body gone you die. Others see your condition only in words.",
    "rules_sides_field": "Sides and cover",
    "rules_sides": "The room has four sides. /cover on a side with cover makes you harder to hit; /move "
    "changes side; /act action:escape leaves by your side's door.",
    "settings_title": "Mazeworld house rules",
    "settings_intro": "A moderator may change any of these with /game settings.",
    "settings_field": "Settings",
    "setting_line": "`{name} = {value}`: {description}",
    "encounter_value": "{groups} group(s)",
    # data file
    "roster_label": "roster",
    "roster_description": "An encounter file (YAML or JSON): each side's cover and the creature groups",
    "roster_loaded": "an encounter of {groups} group(s): {species}",
    # a player's own sheet (/sheet)
    "sheet_label": "character sheet",
    "sheet_description": "Your contestant's sheet (YAML or JSON): name, species, armour, skills, weapons, items",
    "sheet_summary": "{name} ({species}, armour {armour}, side {side}); weapons: {weapons}; items: {items}",
    "sheet_in_hand": "{weapon} (in hand)",
    "sheet_summary_more": "{summary}; also {more}",
    "sheet_limb": "{part} {hp} HP",
    "sheet_skill": "{skill} {points} points",
    "sheet_item": "{item} ×{count}",
    "sheet_gm_only": "sheet: {fields} cannot be set on a player's sheet (the fight sets them, or the game master in the roster).",
    "sheet_bad_name": "sheet: name: use letters, digits, spaces and ' . - only.",
    "sheet_bad_skill": "sheet: skills: no skill {skills} (known: {known})",
    "picture_description": "The battlespace as it stands: the room's sides and who is where",  # what Discord shows for the picture's command
    "sheet_status_active": "active",
    "sheet_status_blacked_out": "blacked out",
    "sheet_status_passed_out": "passed out",
    "sheet_status_dead": "dead",
    "sheet_status_escaped": "escaped",
}


# The example sheet `/sheet template` sends (YAML with comments): a sheet the game takes, as a test checks.
SHEET_TEMPLATE = """\
# A Mazeworld character sheet: edit it, then attach it with /sheet upload before the game starts.
# Every field but the name may be left out: it then has the rulings' default (docs/rules/mazeworld.md).
# The game master sees your sheet before the start and may replace it with the roster's sheet for you.
name: Ada Marsh            # your contestant's name (letters, digits, spaces, ' . - ; at most 40)
species: human            # a body plan of the catalog (human)
side: 1                   # where you start: sides 1 to 4 (contestants start on side 1)
agility: 0                # -5 to 5, added to cover, escape and dodge rolls
pain_sensitivity: 1.0     # how much of each hit's Pain you feel
ac: C2                    # armour class for every part, or one per part: {head: C1, torso: C2}
skills:                   # combat skill points (a skill not listed has 10: Basic)
  semi-auto pistol: 10
hunting: 0                # noncombat levels: Hunting 0 to 5, Repair 1 to 5
repair: 1
weapons:                  # weapons of the catalog; firearms: rounds loaded and spare
  - {name: Beretta M9, loaded: 15, spare: 30}
  - {name: Combat knife}
  - {name: M67 grenade, loaded: 1}
wielded: Beretta M9       # the weapon in hand at the start (one of your weapons)
items:                    # items of the catalog and how many
  Bandage: 1
"""


text = speaker(DOMAIN, TEXTS)
