"""The slash command cogs. Each stays thin: read the options, call a service, reply ephemerally.

Every module named in `COG_MODULES` defines `COG`, the cog class (None when no installed game uses it, like
/sheet when no game takes players' sheets); `cog_classes()` loads them all, and refuses (ValueError) a set of
cogs whose top-level commands Discord would not take: more than 100, or one name twice (`top_level_names`).
"""

from __future__ import annotations

import importlib

COG_MODULES = [
    "bot.cogs.signup",
    "bot.cogs.sheets",
    "bot.cogs.forms",
    "bot.cogs.game_commands",
    "bot.cogs.my_orders",
    "bot.cogs.moderation",
    "bot.cogs.info",
    "bot.cogs.game_log",
    "bot.cogs.team",
    "bot.cogs.dice",
    "bot.cogs.community",
    "bot.cogs.setups",
]


COMMANDS_MAX = 100  # Discord's limit of top-level slash commands per application


def top_level_names(cogs: list[type]) -> list[str]:
    """The top-level slash commands these cog classes register, one entry per command (a group is one)."""
    return [c.name for cog in cogs for c in getattr(cog, "__cog_app_commands__", []) if c.parent is None]


def cog_classes() -> list[type]:
    loaded = [importlib.import_module(name).COG for name in COG_MODULES]
    cogs = [cog for cog in loaded if cog is not None]
    names = top_level_names(cogs)
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice or len(names) > COMMANDS_MAX:
        raise ValueError(
            f"the bot's commands do not fit Discord: {len(names)} top-level commands (at most {COMMANDS_MAX})"
            + (f", registered twice: {', '.join('/' + n for n in twice)}" if twice else "")
        )
    return cogs
