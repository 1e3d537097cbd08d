"""Every player-facing word of Infinity: Intervention's front (commands, options, refusals, orders in words,
cards, rules, moderator actions) in one place; `text(key, **values)` renders one."""

from __future__ import annotations

from engine.keyed import speaker

DOMAIN = "infinity_intervention.front"  # this catalogue's name among the languages' (bot/languages/sources.py)
SETTINGS_DOMAIN = "infinity_intervention.settings"  # its house rules' descriptions (`engine.front.settings_catalogue`)

TEXTS: dict[str, str] = {
    # what one resolution is called in the texts every game shares (`engine.front.words_of`)
    "word_step": "Step",
    "word_steps": "steps",
    "word_one": "step",
    "word_numbered": "Step {day}",
    "word_start": "the start",
    "title": "Infinity: Intervention",
    # commands
    "cmd_attack": "Attack an enemy with your readied weapon (a standard action)",
    "cmd_cover": "Move to cover (a minor action)",
    "cmd_switch": "Ready another weapon you carry (a minor action)",
    "cmd_observe": "Observe: +TN to your next attack this turn (a minor action)",
    "cmd_reset": "Reset: stop being Immobilized (a standard action)",
    "cmd_negotiate": "Negotiate: a Persuade roll the game master rules on (a standard action)",
    "cmd_freeform": "Anything else: the game master rules on it (a standard action)",
    "cmd_react": "Answer a face-off (react or take), or set a standing answer",
    "cmd_points": "Spend Infinity Points: an extra action (in your post), a new place in the post order (any time)",
    "cmd_undo": "Take the last action off your post",
    "cmd_send": "Send your post as it stands (no action: a post that spends nothing)",
    "opt_target": "The enemy to attack",
    "opt_level": "The cover to move to",
    "opt_item": "The weapon to ready",
    "opt_text": "What you do or say",
    "opt_choice": "React or take it",
    "opt_ip_saves": "Infinity Points to spend on saves that fail (in order)",
    "opt_ip_crit": "Infinity Points on a critical strike (1 softens it, 2 negate it)",
    "opt_standing": "Keep this answer for every later face-off (a standing answer)",
    "opt_clear": "Forget your standing answer",
    "opt_extra": "Spend 1 Infinity Point for an extra action this turn",
    "opt_after": "Spend 1 Infinity Point to post just after this actor from the next post (any time)",
    # refusals
    "no_fighter": "You have no character in this combat.",
    "unknown_target": "There is no enemy {target} you can attack.",
    "unknown_item": "You carry no {item}.",
    "unknown_actor": "There is nobody called {actor} in this combat.",
    "bad_cover": "Cover is one of {levels}.",
    "bad_choice": "Answer react or take.",
    "nothing_to_undo": "Your post has no action to take off.",
    "not_command": "/{name} is not a command of Infinity: Intervention.",
    # orders in words
    "said_attack": "Attack {target} with your readied weapon{points}.",
    "said_attack_points": " (if they react and win: {saves} point(s) on saves, {crit} on a critical)",
    "said_cover": "Move to {level}.",
    "said_switch": "Ready the {item}.",
    "said_observe": "Observe.",
    "said_reset": "Reset.",
    "said_negotiate": "Negotiate: {text}",
    "said_freeform": "Freeform: {text}",
    "said_answer": "Face-off: {choice}, {saves} point(s) on saves, {crit} on a critical.",
    "said_standing": "Standing answer: {choice}, {saves} point(s) on saves, {crit} on a critical.",
    "said_clear": "Forget the standing answer.",
    "said_sent": "Sent.",
    "post_nothing": "no action yet.",
    "post_sent_nothing": "no action (you spend nothing this time).",
    "post_so_far": "Your post so far: {post} Left: {left} action(s){capped}. Add more, or /act action:send it as it stands.",
    "post_no_minors": " (no more minor actions this turn)",
    "post_full": "Your post: {post} Nothing is left to spend: it goes now, no /act action:send needed.",
    "post_sent": "Your post is sent: {post} It goes now.",
    "step_hint": "Build your post one command at a time ({left} action(s) left): add more, or /act action:send it as it stands.",
    "said_extra": "Spend an Infinity Point for an extra action.",
    "said_after": "Spend an Infinity Point to post just after {name}, from the next post.",
    "react": "react",
    "take": "take it",
    "cover_none": "no cover",
    "cover_low": "low cover",
    "cover_high": "high cover",
    "idle": "An actor who does not post by the deadline forfeits the rest of the turn's actions; an unanswered "
    "face-off is taken, without points.",
    "help_title": "Infinity: Intervention: commands",
    "help_intro": "On your post, each command adds one action (two actions a turn; minor ones cost half). "
    "/act action:undo takes the last one off. Add more, or /act action:send the post as it stands: it goes when sent (a post that "
    "leaves nothing to spend goes by itself; one not sent goes at the deadline). Asked in a face-off, answer "
    "with /act action:react. The game master orders an NPC with any command's `as` option (and /act action:send as it too).",
    # status
    "status_title": "Infinity: Intervention: turn {turn}",
    "step_group": "Turn {turn}",
    "status_post": "{name} is posting. Heat: {heat}.",
    "status_question": "{name} must answer a face-off. Heat: {heat}.",
    "status_over": "The combat is over. Heat: {heat}.",
    "field_order": "Post order",
    "order_line": "{mark}{name} ({side}, {cover}{states}): {actions} action(s) left",
    "mark_now": "▶ ",
    "side_pc": "PC",
    "side_npc": "NPC",
    "state_immobilized": ", Immobilized",
    "state_incapacitated": ", incapacitated",
    "state_killed": ", killed",
    "sheet_title": "{name}: your sheet",
    "sheet_health": "Wounds {wounds}/{max_wounds}, Consciousness {consciousness}/{max_consciousness}, "
    "Firewalls {firewalls}/{max_firewalls}. Infinity Points: {points}.",
    "sheet_items": "Weapons",
    "item_line": "{label}{readied}",
    "readied": " (readied)",
    "sheet_tns": "Target numbers",
    "tn_line": "{skill}: TN {tn}, critical {crit}",
    "no_crit": "none",
    "skill_ballistics": "ballistics",
    "skill_close_combat": "close combat",
    "skill_hacking": "hacking",
    "skill_persuade": "persuade",
    "skill_resistance": "resistance",
    "skill_discipline": "discipline",
    "sheet_saves": "Save bonuses",
    "save_line": "{health}: +{bonus}",
    "standing_none": "No standing answer.",
    "standing_line": "Standing answer: {choice}, {saves} on saves, {crit} on a critical.",
    "observe_line": " Observe: +{bonus} to your next attack.",
    "none": "none",
    # a player's own sheet (/sheet)
    "sheet_label": "character sheet",
    "sheet_description": "Your PC's sheet (YAML or JSON): name, attributes, skills, armour, items",
    "sheet_summary": "{name} (id {id}, a PC): Agility {agility}, Awareness {awareness}; Wounds {wounds}, "
    "Consciousness {consciousness}, Firewalls {firewalls}; items: {items}",
    "sheet_refused": "sheet: {where}: {problem}",
    "sheet_summary_more": "{summary}; also {more}",
    "sheet_skill": "{skill} expertise {expertise} focus {focus}",
    "sheet_armour": "armour {armour}",
    "sheet_points": "{points} Infinity Points",
    "sheet_no_name": "sheet: name: Field required (your PC's name, as text)",
    "sheet_bad_name": "sheet: name: use letters, digits, spaces and ' . - only.",
    # moderators
    "gm_title": "Infinity: Intervention (moderators): turn {turn}, Heat {heat}",
    "gm_intro": "Every number; only you see this. Spend Heat with /mod spend_heat; order an NPC with `as`.",
    "gm_line": "**{name}** `{id}` ({who}): W {wounds}, C {consciousness}, F {firewalls}; IP {points}; "
    "{cover}; readied {readied}{states}",
    "gm_npc": "NPC",
    "gm_reserve": "Reserve (reinforcements)",
    "gm_to_rule": "Awaiting your ruling (/mod rule)",
    "gm_to_rule_line": "{name}: {what} (turn {turn})",
    "gm_negotiate": "negotiation",
    "gm_freeform": "freeform action",
    "help_section_orders": "orders",  # the sections of /help (the commands' `section`)
    "help_section_game_master": "game master",
    "mod_spend_heat": "Spend Heat: a boost, a reorder, reinforcements or a complication",
    "mod_revive": "Revive an incapacitated actor (a player's character or an NPC)",
    "mod_end_combat": "End the combat now: it is over",
    "mod_set_order": "Move an actor in the post order, from the next post",
    "mod_rule": "Post your ruling on a negotiation or a freeform action",
    "mod_done_set_order": "The post order is changed.",
    "mod_done_rule": "Your ruling is posted.",
    "mod_done_spend_heat": "Heat spent.",
    "mod_done_revive": "Revived.",
    "mod_done_end_combat": "The combat is over.",
    "opt_actor_move": "The actor to move",
    "opt_after_order": "The actor it moves just after (leave out: to the top)",
    "opt_actor_rule": "The actor whose negotiation or freeform action you rule on",
    "opt_ruling": "Your ruling, posted as narration in the game's channel",
    "opt_immobilize": "Optionally, an actor the ruling Immobilizes",
    "opt_kind": "What the Heat buys",
    "opt_actor": "The actor it concerns",
    "opt_skill": "The skill a boost raises",
    "opt_after_mod": "Reorder: the actor the NPC moves after",
    "opt_sheet": "Reinforce: the reserve sheet (id)",
    "opt_text_mod": "Complication: its narration",
    # posts
    "post_title": "Infinity: Intervention: step {day}",
    "post_start": "Infinity: Intervention: the combat begins",
    # rules
    "rules_title": "Infinity: Intervention combat in short",
    "rules_intro": "A game-master-run combat in posts: each actor in the post order posts its actions (two a "
    "turn: attacks, Reset, negotiate and freeform are standard; cover, switch and Observe are minor, half).",
    "rules_rolls_field": "Rolls",
    "rules_rolls": "A d20 at or under your TN (attribute + expertise) succeeds; at or under TN and above TN minus "
    "Focus it is a critical. Criticals strike without a save.",
    "rules_faceoff_field": "Face-offs",
    "rules_faceoff": "Attacked, you react (a face-off: both roll, the better success wins) or take it (you save). "
    "Infinity Points pass failed saves, soften or negate criticals, buy an action or a place in the order.",
    "rules_heat_field": "Heat",
    "rules_heat": "The game master's pool, public: it grows with PC criticals and focus, and buys NPC boosts, "
    "reorders, reinforcements and complications. Heat never damages a PC.",
    "settings_title": "Infinity: Intervention house rules",
    "settings_intro": "A moderator may change any of these with /game settings.",
    "settings_field": "Settings",
    "setting_line": "`{name} = {value}`: {description}",
    # the roster file (`/game create file:`)
    "roster_label": "roster",
    "roster_description": "A roster file (YAML or JSON): the NPC (and PC) sheets and who is in the fight",
    "roster_refused": "That roster cannot be used: {reason}.",
    "roster_loaded": "a roster: the PCs {pcs} against {npcs} ({reserve} NPC sheet(s) for reinforcements)",
}


# The example sheet `/sheet template` sends (YAML with comments): a sheet the game takes, as a test checks.
SHEET_TEMPLATE = """\
# An Infinity: Intervention character sheet: edit it, then attach it with /sheet upload before the game starts.
# It becomes your PC (side is always pc). Every field but the name may be left out: attributes default to 8,
# expertise and focus to 0. Health is computed: Wounds = Brawn + Resistance expertise (+ health_bonus), and so on.
# The game master sees your sheet before the start.
name: Kira Vance           # your PC's name (letters, digits, spaces, ' . - ; at most 60)
id: kira                   # how commands name your PC: lowercase letters, digits, _ (made from the name if left out)
attributes: {agility: 9, awareness: 10, brawn: 8, coordination: 11, intelligence: 9, personality: 8, willpower: 8}
skills:                    # expertise (0-20) and focus (0-10) per skill
  ballistics: {expertise: 3, focus: 1}
  close_combat: {expertise: 1}
  resistance: {expertise: 1}
  discipline: {expertise: 1}
armour: 1                  # armour save bonus
items: [combirifle, pistol, knife]   # items of the table (docs/rules/infinity-intervention.md)
readied: combirifle        # the item in hand at the start (default: the first)
cover: none                # none, low or high at the start
hackable: false            # whether hackers can attack your Firewall
"""


text = speaker(DOMAIN, TEXTS)
