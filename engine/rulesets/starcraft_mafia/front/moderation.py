"""StarCraft Mafia's `/mod` actions as declarations: kill (rulings, "Public and private": a moderator kill is
public, reveals class and team, and leaves the items on the body). The rule itself is the ruleset's `moderate`
(`"kill"`, params `seat` and `cause`)."""

from __future__ import annotations

from engine.front import Moderation, Option
from engine.keyed import unfilled
from engine.rulesets.starcraft_mafia.front.texts import DOMAIN, TEXTS, text

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
)
