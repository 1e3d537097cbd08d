"""The slash command cogs. Each stays thin: read the options, call a service, reply ephemerally.

Every module named in `COG_MODULES` defines `COG`, the cog class (None when no installed game uses it, like
/sheet when no game takes players' sheets); `cog_classes()` loads them all.
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
]


def cog_classes() -> list[type]:
    cogs = [importlib.import_module(name).COG for name in COG_MODULES]
    return [cog for cog in cogs if cog is not None]
