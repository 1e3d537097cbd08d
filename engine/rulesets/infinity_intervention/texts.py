"""Every player-facing sentence of Infinity: Intervention, in one place; `say(key, **values)` renders one, and
`written(text)` quotes what someone typed (a ruling, a complication) so a post shows it as typed."""

from __future__ import annotations

import re

from engine.keyed import speaker

# What Discord's Markdown reads in a post (emphasis, spoilers, code, quotes, headings, lists, links, mentions):
# a backslash before it shows it as typed. `@` gets a zero-width space so no @everyone or @here pings.
_MARKUP = re.compile(r"([\\*_~|`>#\-\[\]<])")

DOMAIN = "infinity_intervention"  # this catalogue's name among the languages' (bot/languages/sources.py)

TEXT: dict[str, str] = {
    # --- outcomes and words ---
    "critical": "critical",
    "success": "success",
    "failure": "failure",
    "saved": "saved",
    "failed": "failed",
    "wounds": "Wounds",
    "consciousness": "Consciousness",
    "firewalls": "Firewalls",
    "cover_none": "no cover",
    "cover_low": "low cover",
    "cover_high": "high cover",
    "action_attack": "an attack",
    "action_reset": "a Reset",
    "action_negotiate": "a negotiation",
    "action_freeform": "a freeform action",
    "action_cover": "a move to cover",
    "action_switch": "a weapon switch",
    "action_observe": "Observe",
    # --- the start and turns ---
    "combat_starts": "Combat begins. Post order: {order}. Heat: {heat}.",
    "tie_roll": "Post order tie broken by a d20 roll-off: {listing}.",
    "your_sheet": "You play {name}. Your sheet is in your status.",
    "new_turn": "Turn {turn} begins. Post order: {order}. Heat: {heat}.",
    "over_pc": "The combat is over: the PCs prevail.",
    "over_npc": "The combat is over: the PCs are defeated.",
    "over_undecided": "The combat ends undecided.",
    "over_ended": "A moderator has ended the combat.",
    "over_undecided_mods": "The combat reached {turns} turns and ended undecided.",
    # --- a post ---
    "forfeit": "{name} did not post in time and forfeits the rest of this turn's actions.",
    "passes": "{name} passes.",
    "idle_alert": "{name} has missed {posts} posts in a row.",
    "npc_orders": "{name}'s orders before they resolve: {plan}.",
    "plan_attack": "attack {target}",
    "plan_cover": "move to {level}",
    "plan_switch": "ready the {item}",
    "plan_observe": "observe",
    "plan_reset": "reset",
    "plan_negotiate": "negotiate",
    "plan_freeform": "a freeform action",
    "plan_extra": "an Infinity Point for an extra action",
    "plan_none": "no action",
    "ip_action": "{name} spends an Infinity Point for an extra action.",
    "ip_insert": "{name} spends an Infinity Point to move in the post order: {order}.",
    "ip_reaction": "{name} spends an Infinity Point to buy the action to react.",
    "void_rest": "The rest of {name}'s post is void.",
    "void_action": "{name}'s action is void (not spent): {reason}",
    "reset": "{name} resets and is no longer Immobilized.",
    "cover": "{name} moves to {level}.",
    "switch": "{name} readies the {item}.",
    "observe": "{name} observes the battlefield.",
    "negotiate": "{name} attempts to negotiate; the moderators will rule.",
    "negotiate_mods": "{name} negotiates: d20 {die} against TN {tn}: {result}. Text: {text}",
    "freeform": "{name} takes a freeform action; the moderators will rule.",
    "freeform_mods": "{name}'s freeform action: {text}",
    # --- attacks ---
    "attack": "{name} attacks {target} with the {item}.",
    "asked": "{name} must choose: react or take the attack.",
    "takes": "{name} takes the attack.",
    "reacts": "{name} reacts with the {item}: a face-off.",
    "roll_line": "{name} rolls: {dice}.",
    "die_outcome": "{die} {outcome}",
    "tn_line": "{name}'s TN was {tn}.",
    "faceoff_tns": "Face-off TNs: {name} {tn}, {reactor} {reactor_tn}.",
    "faceoff_void": "The face-off cancels out: nothing happens.",
    "faceoff_won": "{name} wins the face-off.",
    "focus_reached": "{name}'s opportunity {number} reaches the focus threshold.",
    "critical_hit": "A critical strike hits {name}: no save.",
    "ip_soften": "{name} spends an Infinity Point: the critical strikes become normal ones.",
    "ip_negate": "{name} spends two Infinity Points: the critical strikes are negated.",
    "save_line": "{name}'s save against {against}: rolled {die}, {result}.",
    "save_ip": "{name}'s save against {against}: rolled {die}, passed with an Infinity Point.",
    "save_total": "{name}'s save total {total} against {against}.",
    "damage": "{name} takes {amount} {health} damage.",
    "health_left": "{name} has {left} {health} left.",
    "killed": "{name} is killed.",
    "incapacitated": "{name} is incapacitated.",
    "immobilized": "{name} is Immobilized.",
    "firewalls_down": "{name}'s Firewalls are down: their Hacking focus counts 0.",
    "heat_focus": "A PC reached the focus threshold: Heat is now {heat}.",
    "heat_crit": "A critical in the face-off: Heat is now {heat}.",
    "question": "{attacker} attacks you with the {item} ({strikes} strike(s)). React or take it? "
    "Infinity Points: {points}.",
    "react": "React",
    "take": "Take it",
    "react_costs_point": " You have no action left: reacting spends an Infinity Point to buy one.",
    "react_no_point": "You have no action left and no Infinity Point to buy one: you cannot react, only take it.",
    # --- refusals ---
    "over_already": "The combat is over.",
    "not_in_combat": "You have no character in this combat.",
    "no_pc_left": (
        "{name} has no character to play: the fight's {pcs} PC(s) are taken. They attach their own sheet"
        " (/sheet upload), the game master loads a roster with more PCs, or they leave the game."
    ),
    "timed_out_reserved": "That is what happens at the deadline; post your actions instead.",
    "not_your_question": "The question waits for {name}'s answer.",
    "answer_needed": "Answer the face-off: react or take.",
    "no_question": "Nobody is asking you anything now.",
    "not_your_post": "It is {name}'s post now.",
    "cannot_react": "You cannot react now (Immobilized, no action left, or your item cannot reach the attacker).",
    "not_enough_points": "That needs {want} Infinity Point(s); you have {have}.",
    "no_extra_action": "You cannot buy an extra action now (once a turn, with an Infinity Point).",
    "pc_only": "Only a PC can do that.",
    "out_of_fight": "{name} is out of the fight (killed or incapacitated).",
    "extra_in_own_post": "An extra action is bought in your own post; a move in the post order can be ordered "
    "at any time.",
    "already_after": "You already post just after {name}.",
    "answer_first": "Answer the face-off first (/act action:react): it resolves at once, and you can move in the "
    "post order right after.",
    "ip_insert_void": "{name}'s move in the post order is void (no Infinity Point spent): {reason}",
    "must_reset": "You are Immobilized: your post must start with Reset, and you cannot move or attack before it.",
    "no_actions_left": "Not enough actions left for {action}.",
    "too_many_minors": "At most {most} minor actions a turn.",
    "no_such_target": "There is nobody called {target} in this combat.",
    "target_down": "{target} is dead.",
    "nothing_readied": "You have no readied weapon.",
    "not_hackable": "{target} cannot be hacked.",
    "not_carried": "You do not carry {item}.",
    "already_readied": "The {item} is already readied.",
    "no_such_cover": "There is no {level} here.",
    "not_immobilized": "You are not Immobilized: nothing to reset.",
    # --- Heat and moderation ---
    "heat_short": "That costs {cost} Heat; there is {heat}.",
    "heat_boost": "Heat spent ({cost}): {name} is boosted. Heat: {heat}.",
    "heat_reorder": "Heat spent ({cost}): the post order changes: {order}. Heat: {heat}.",
    "heat_reinforce": "Heat spent ({cost}): {name} arrives and acts from next turn. Heat: {heat}.",
    "heat_complication": "Heat spent ({cost}): {text} Heat: {heat}.",
    "bad_spend": "Heat is spent on boost, reorder, reinforce or complication.",
    "npc_only": "{name} is not an NPC.",
    "no_such_sheet": "There is no NPC sheet {sheet} on the roster.",
    "bad_skill": "{skill} is not a skill of attacks (ballistics, close_combat, hacking, persuade).",
    "complication_text": "A complication needs its narration.",
    "set_order_bad": "The new order must name every actor once: {order}.",
    "set_order": "The moderators change the post order: {order}.",
    "after_itself": "{name} cannot move after itself.",
    "at_top": "at the top",
    "just_after": "just after {name}",
    "order_unchanged": "{name} already posts {where}: nothing changes.",
    "nothing_to_rule": "{name} has no negotiation or freeform action awaiting a ruling.",
    "ruling_text": "A ruling needs its narration.",
    "ruled_negotiate": "negotiation",
    "ruled_freeform": "freeform action",
    "ruling": "The moderators rule on {name}'s {what}: {text}",
    "ruling_told": "The moderators have ruled on {name}'s {what}: see the game's channel.",
    "ruling_too_long": "That ruling would be a post of {length} characters; the most is {most}.",
    "cannot_immobilize": "{name} cannot be Immobilized now (already Immobilized, incapacitated or killed).",
    "to_rule_label": "{name}: {what} (turn {turn})",
    "actor_label": "{n}. {name}",
    "revived": "{name} is revived.",
    "not_incapacitated": "{name} is not incapacitated.",
    # --- the audit's additions (rule by rule) ---
    "script_posts": "In this game the script posts for the game master's actors (npc_orders = script).",
    # /roll's words (dice.py)
    "dice_tn": "TN: each d20 at or under it succeeds (1-40)",
    "dice_focus": "Focus: widens the critical range under the TN (0-10; with tn)",
    "dice_vs": "a number the total must beat to save (1-60)",
    "dice_needs_d20": "`tn` and `focus` mark d20 rolls: roll `d20` (or `2#d20`, `3#d20`) with them.",
    "dice_focus_needs_tn": "`focus` widens the critical range under a TN: give `tn` too.",
    "dice_tn_heading": "TN {tn}",
    "dice_focus_heading": "focus {focus}",
    "dice_vs_heading": "vs {vs}",
}


say = speaker(DOMAIN, TEXT)


def written(text: str) -> str:
    """Free text someone typed, as a post shows it: no Markdown formatting, no mention (pure; the engine knows
    no Discord library, so this is the game's own small version of the bot's escaping)."""
    return _MARKUP.sub(r"\\\1", text).replace("@", "@\u200b")
