"""Battle Royale's order commands as declarations: names, options, where each option's choices come from.

Names and options are the ones players know (handbook III.B-E), as verbs: one action a night (attack,
allout, settrap, use, defend, search, cover, analyze, heal), one movement (move, run, hold), free actions
that add up (pickup, drop, equip, track, trade: a proposal the partner answers, `trade.py`) and three votes (/vote
mark, /vote close, /vote reward). How a
command's options become orders is in `apply.py`; the choosers named by `source` are in `choosers.py`.
"""

from __future__ import annotations

from engine.front import Command, Option, grouped, slotted
from engine.rulesets.battle_royale.front.texts import text

USES = tuple((text(f"use_{value}"), value) for value in ("deactivator", "megaphone", "escape"))
EQUIP = tuple((text(f"equip_{value}"), value) for value in ("wear", "remove", "store", "take_out"))
ACTIONS, MOVEMENT, FREE, VOTES = "actions", "movement", "free", "votes"


def _target(description_key: str, source: str = "targets", required: bool = True) -> Option:
    return Option("target", text(description_key), required=required, source=source)


ATTACK_OPTIONS = (
    Option("weapon", text("opt_weapon"), required=True, source="weapons"),
    _target("opt_attack_target"),
    Option("attempts", text("opt_attempts"), type="integer", default=1),
    Option("target2", text("opt_target2"), source="targets"),
    Option("attempts2", text("opt_attempts2"), type="integer", default=1),
    Option("target3", text("opt_target3"), source="targets"),
    Option("attempts3", text("opt_attempts3"), type="integer", default=1),
)

COMMANDS: tuple[Command, ...] = (
    Command("attack", text("cmd_attack"), ATTACK_OPTIONS, ACTIONS),
    Command("allout", text("cmd_allout"), ATTACK_OPTIONS, ACTIONS),
    Command(
        "settrap",
        text("cmd_settrap"),
        (
            Option("item", text("opt_trap_item"), required=True, source="trap_items"),
            Option("to_zone", text("opt_trap_zone"), source="adjacent_zones"),
            Option("day", text("opt_trap_day"), type="integer"),
            _target("opt_trap_target", required=False),
        ),
        ACTIONS,
    ),
    Command(
        "use",
        text("cmd_use"),
        (
            Option("use", text("opt_use"), required=True, choices=USES),
            Option("item", text("opt_use_item"), source="use_items"),
            _target("opt_use_target", source="targets_or_self", required=False),
        ),
        ACTIONS,
    ),
    Command("defend", text("cmd_defend"), (), ACTIONS),
    Command("search", text("cmd_search"), (), ACTIONS),
    Command("cover", text("cmd_cover"), (_target("opt_cover_target"),), ACTIONS),
    Command("analyze", text("cmd_analyze"), (_target("opt_analyze_target"),), ACTIONS),
    Command(
        "heal",
        text("cmd_heal"),
        (
            _target("opt_heal_target", source="targets_or_self"),
            Option("first_aid_kit", text("opt_first_aid_kit"), type="boolean", default=False),
        ),
        ACTIONS,
    ),
    Command(
        "move",
        text("cmd_move"),
        (
            Option("route", text("opt_move_route"), source="move_routes"),
            Option("follow", text("opt_follow"), source="targets"),
        ),
        MOVEMENT,
    ),
    Command(
        "run",
        text("cmd_run"),
        (
            Option("route", text("opt_run_route"), source="run_routes"),
            Option("follow", text("opt_follow"), source="targets"),
            Option("drop", text("opt_run_drop"), source="my_items"),
        ),
        MOVEMENT,
    ),
    Command("hold", text("cmd_hold"), (), MOVEMENT),
    Command(
        "pickup",
        text("cmd_pickup"),
        (
            Option("item", text("opt_ground_item"), required=True, source="ground_items"),
            Option("undo", text("opt_pickup_undo"), type="boolean", default=False),
        ),
        FREE,
    ),
    Command(
        "drop",
        text("cmd_drop"),
        (
            Option("item", text("opt_my_item"), required=True, source="my_items"),
            Option("undo", text("opt_drop_undo"), type="boolean", default=False),
        ),
        FREE,
    ),
    Command(
        "equip",
        text("cmd_equip"),
        (
            Option("item", text("opt_my_item"), required=True, source="equip_items"),
            Option("how", text("opt_equip_how"), required=True, choices=EQUIP),
            Option("undo", text("opt_equip_undo"), type="boolean", default=False),
        ),
        FREE,
    ),
    Command("track", text("cmd_track"), (Option("target", text("opt_track_target"), source="students"),), FREE),
    Command(
        "trade",
        text("cmd_trade"),
        (
            Option("partner", text("opt_trade_partner"), required=True, source="targets"),
            Option("give", text("opt_trade_give"), source="my_items"),
            Option("give2", text("opt_trade_give2"), source="my_items"),
            Option("receive", text("opt_trade_receive"), source="partner_items"),
            Option("receive2", text("opt_trade_receive2"), source="partner_items"),
        ),
        FREE,
    ),
    Command(
        "vote mark",
        text("cmd_vote_mark"),
        (Option("student", text("opt_vote_student"), required=True, source="students"),),
        VOTES,
        group_description=text("cmd_vote"),
    ),
    Command(
        "vote close",
        text("cmd_vote_close"),
        (Option("zone", text("opt_vote_close_zone"), required=True, source="zones"),),
        VOTES,
        group_description=text("cmd_vote"),
    ),
    Command(
        "vote reward",
        text("cmd_vote_reward"),
        (Option("zone", text("opt_vote_reward_zone"), required=True, source="zones"),),
        VOTES,
        group_description=text("cmd_vote"),
    ),
)

# The verbs filed under the shared grouped commands (`/item action:...`, `/skill action:...`, `/act action:...`)
# rather than top-level: docs/rulesets.md, "Command budget".
COMMANDS = grouped(
    COMMANDS,
    {
        "pickup": "item",
        "drop": "item",
        "equip": "item",
        "trade": "item",
        "use": "item",
        "allout": "skill",
        "analyze": "skill",
        "heal": "skill",
        "track": "skill",
        "settrap": "skill",
        "defend": "act",
        "search": "act",
        "hold": "act",
        "run": "act",
    },
)

COMMANDS = slotted(
    COMMANDS,
    {
        "target": "target",
        "weapon": "with",
        "attempts": "amount",
        "item": "with",
        "use": "how",
        "route": "target",
        "how": "how",
        "partner": "target",
        "give": "with",
        "student": "target",
        "zone": "target",
    },
    {"allout": {"attempts": ""}, "pickup": {"item": "target"}, "drop": {"item": "target"}, "equip": {"item": "target"}},
)
