"""The /rules and /help replies: the Battle Royale rules in short, and every slash command grouped.

The words live in `bot/ui/text.py` (keys `rules_*` and `help_*`); this module arranges them into embeds
within Discord's limits. /rules summarises docs/rules/battle-royale.md (the order of a night, actions,
movement, free actions, votes, winning) and says where the full rules are.
"""
from __future__ import annotations

import discord

from bot.ui.status import add_lines
from bot.ui.text import ui

RULES_SECTIONS = ("day", "actions", "movement", "free", "votes", "night", "winning")
HELP_SECTIONS = ("signup", "day0", "actions", "movement", "free", "votes", "info", "moderators", "moderators_more")


def rules_embeds(ruleset: str = "battle_royale") -> list[discord.Embed]:
    """The rules summary of a ruleset (only Battle Royale so far: any other name gets its rules too)."""
    first = discord.Embed(title=ui("rules_title"), description=ui("rules_intro"), colour=discord.Colour.red())
    second = discord.Embed(title=ui("rules_title_more"), colour=discord.Colour.red())
    for index, section in enumerate(RULES_SECTIONS):
        target = first if index < 4 else second
        add_lines(target, ui(f"rules_{section}_title"), ui(f"rules_{section}").split("\n"))
    add_lines(second, ui("rules_full_title"), [ui("rules_full")])
    return [first, second]


def help_embeds() -> list[discord.Embed]:
    """Every command of the bot, grouped: sign-up, Day 0, actions, movement, free actions, votes,
    information, moderators."""
    embed = discord.Embed(title=ui("help_title"), description=ui("help_intro"), colour=discord.Colour.blurple())
    for section in HELP_SECTIONS:
        add_lines(embed, ui(f"help_{section}_title"), ui(f"help_{section}").split("\n"))
    return [embed]
