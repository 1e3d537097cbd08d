"""Infinity: Intervention's commands as declarations. A post is built one action at a time (attack, cover,
switch, observe, reset, negotiate, freeform, each adding to it; undo takes the last off; points spends Infinity
Points: the extra action in one's post, a move in the post order at any time) and send sends it as it stands (a
post that leaves nothing to spend goes without it); react answers a face-off, or sets a standing
answer while posting. The game master orders an NPC with the bot's `as` option on the same commands."""

from __future__ import annotations

from engine.front import Command, Option, grouped, slotted
from engine.rulesets.infinity_intervention.front.texts import text

POST = ("post",)
QUESTION = ("question", "post")

POINTS = (
    Option("ip_saves", text("opt_ip_saves"), type="integer", min_value=0, max_value=10),
    Option("ip_crit", text("opt_ip_crit"), type="integer", min_value=0, max_value=2),
)

COMMANDS: tuple[Command, ...] = (
    Command(
        "attack",
        text("cmd_attack"),
        (Option("target", text("opt_target"), required=True, source="targets"), *POINTS),
        phases=POST,
    ),
    Command(
        "cover", text("cmd_cover"), (Option("level", text("opt_level"), required=True, source="covers"),), phases=POST
    ),
    Command(
        "switch", text("cmd_switch"), (Option("item", text("opt_item"), required=True, source="my_items"),), phases=POST
    ),
    Command("observe", text("cmd_observe"), (), phases=POST),
    Command("reset", text("cmd_reset"), (), phases=POST),
    Command("negotiate", text("cmd_negotiate"), (Option("text", text("opt_text"), max_length=500),), phases=POST),
    Command(
        "freeform",
        text("cmd_freeform"),
        (Option("text", text("opt_text"), required=True, max_length=1000),),
        section="game master",
        phases=POST,
    ),
    Command(
        "points",
        text("cmd_points"),
        (
            Option("extra_action", text("opt_extra"), type="boolean"),
            Option("after", text("opt_after"), source="actors"),
        ),
        phases=QUESTION,  # the move may be ordered at any time (the engine says when it cannot)
    ),
    Command("undo", text("cmd_undo"), (), phases=POST),
    Command("send", text("cmd_send"), (), phases=POST),
    Command(
        "react",
        text("cmd_react"),
        (
            Option("choice", text("opt_choice"), choices=((text("react"), "react"), (text("take"), "take"))),
            *POINTS,
            Option("standing", text("opt_standing"), type="boolean"),
            Option("clear", text("opt_clear"), type="boolean"),
        ),
        phases=QUESTION,
    ),
)

# The verbs filed under the shared grouped commands (`/item action:...`, `/skill action:...`, `/act action:...`)
# rather than top-level: docs/rulesets.md, "Command budget".
COMMANDS = grouped(
    COMMANDS,
    {
        "switch": "item",
        "points": "skill",
        "react": "act",
        "observe": "act",
        "reset": "act",
        "negotiate": "act",
        "freeform": "act",
        "undo": "act",
        "send": "act",
    },
)

COMMANDS = slotted(
    COMMANDS,
    {"target": "target", "level": "target", "item": "with", "text": "how", "after": "target", "choice": "how"},
    {"attack": {"ip_saves": "amount"}},
)
