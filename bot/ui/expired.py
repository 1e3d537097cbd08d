"""The answer to a press on a menu that no longer answers (after a restart of the bot, or its 15 minutes):
one base for every menu's expired buttons and selects (`bot.ui.form_menu`, `bot.ui.order_menu`), so each
menu declares only which custom ids are its own, which part of the id names the menu, whether the player
still has a live one (which then answers the press itself) and what to say.

Each is a discord.py `DynamicItem` registered at start-up (`bot.ui.buttons.dynamic_items`): a press is
answered with "run the command again" instead of Discord's "This interaction failed".
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord


class Expired:
    """A press on an expired menu: said so, unless the presser's live menu of the same name answers it.

    A subclass says which component it stands for (`component`), which field of the custom id (split at
    ":") names the menu (`name_at`), and gives `live_for(user_id, name)` and `said(name)`."""

    component: type[discord.ui.Item[Any]] = discord.ui.Button
    name_at = 0

    def __init__(self, custom_id: str) -> None:
        super().__init__(self.component(custom_id=custom_id))  # type: ignore[call-arg]  # the DynamicItem's item

    @staticmethod
    def live_for(user_id: int, name: str) -> bool:
        raise NotImplementedError

    @staticmethod
    def said(name: str) -> str:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui.respond import respond

        name = self.custom_id.split(":")[self.name_at]  # type: ignore[attr-defined]
        if self.live_for(interaction.user.id, name):
            return  # the player's live menu answers this press
        await respond(interaction, self.said(name))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.group(0))  # the template matched the whole custom id
