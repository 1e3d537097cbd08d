"""Battle Royale's `/mod` actions as declarations: kill, revive, give and take (the rules are in
`engine/rulesets/battle_royale/moderation.py`).

Moderators type the options they know (`/mod kill user: reason:`, `/mod revive user: hp: zone:`, `/mod give
user: item:`, `/mod take user: item:`); `params` names the engine's parameter each one fills, and the audit
log keeps the names it always had (`kind` for the item given, `uid` for the one taken, and the new item's id).
"""

from __future__ import annotations

from engine.front import Moderation, Option
from engine.keyed import unfilled
from engine.rulesets.battle_royale.front.texts import DOMAIN, TEXTS, text

MODERATION: tuple[Moderation, ...] = (
    Moderation(
        "kill",
        text("mod_kill"),
        (Option("reason", text("mod_opt_reason"), required=True, default=text("mod_default_reason")),),
        params={"reason": "cause"},
        brief=text("mod_brief_kill"),
        done=unfilled(DOMAIN, TEXTS, "mod_done_kill"),
        help=text("mod_help_kill"),
    ),
    Moderation(
        "revive",
        text("mod_revive"),
        (
            Option("hp", text("mod_opt_hp"), type="integer"),
            Option("zone", text("mod_opt_zone"), type="integer"),
        ),
        done=unfilled(DOMAIN, TEXTS, "mod_done_revive"),
        help="",
    ),
    Moderation(
        "give",
        text("mod_give"),
        (Option("item", text("mod_opt_give_item"), required=True, source="give"),),
        params={"item": "kind"},
        audited_as={"item": "kind"},
        recorded=("item",),
        done=unfilled(DOMAIN, TEXTS, "mod_done_give"),
        help=text("mod_help_give"),
    ),
    Moderation(
        "take",
        text("mod_take"),
        (Option("item", text("mod_opt_take_item"), required=True, source="take"),),
        params={"item": "uid"},
        audited_as={"item": "uid"},
        done=unfilled(DOMAIN, TEXTS, "mod_done_take"),
        help="",
    ),
)
