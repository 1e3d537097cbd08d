"""The slash command cogs. Each stays thin: read the options, call a service, reply ephemerally.

Every module named in `COG_MODULES` defines `COG`, the cog class; `cog_classes()` loads them all.
"""

from __future__ import annotations

import importlib

COG_MODULES = [
    "bot.cogs.signup",
    "bot.cogs.forms",
    "bot.cogs.game_commands",
    "bot.cogs.my_orders",
    "bot.cogs.moderation",
    "bot.cogs.info",
    "bot.cogs.game_log",
    "bot.cogs.team",
    "bot.cogs.dice",
]


def cog_classes() -> list[type]:
    return [importlib.import_module(name).COG for name in COG_MODULES]
