"""The answer to a press on a menu that no longer answers (after a restart of the bot, or its 15 minutes):
one base for every menu's expired buttons and selects (`bot.ui.form_menu`, `bot.ui.order_menu`), and the
register of the menus still answering that both keep (`LiveMenus`), so each menu declares only which custom
ids are its own, which part of the id names the menu, its register and what to say.

Each is a discord.py `DynamicItem` registered at start-up (`bot.ui.buttons.dynamic_items`): a press is
answered with "run the command again" instead of Discord's "This interaction failed".
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any, ClassVar, Self

import discord

from bot.ui.text import ui


class LiveMenus:
    """The menus of one kind that still answer, each until its time is up (`time.monotonic()`); `name_of(menu)`
    is the name a custom id gives it (its command, its verb)."""

    def __init__(self, name_of: Callable[[Any], str]) -> None:
        self.name_of = name_of
        self._until: dict[Any, float] = {}

    def keep(self, menu: Any, seconds: float) -> None:
        """`menu` answers for `seconds` more."""
        self._until[menu] = time.monotonic() + seconds

    def drop(self, menu: Any) -> None:
        self._until.pop(menu, None)

    def clear(self) -> None:
        """No menu answers any more (as after a restart)."""
        self._until.clear()

    def answers(self, user_id: int, name: str) -> bool:
        """Whether this user has a menu of this name that still answers (it handles their presses itself)."""
        now = time.monotonic()
        for menu, until in list(self._until.items()):
            if until < now:
                self._until.pop(menu, None)
        return any(menu.user_id == user_id and self.name_of(menu) == name for menu in self._until)


class Expired:
    """A press on an expired menu: said so (the text `words`, given the menu's name as `command`), unless the
    presser's live menu of the same name (in `live`) answers it. `component` is the component it stands for,
    `name_at` the field of the custom id (split at ":") that names the menu."""

    live: ClassVar[LiveMenus]
    words: ClassVar[str]
    component: type[discord.ui.Item[Any]] = discord.ui.Button
    name_at = 0

    def __init__(self, custom_id: str) -> None:
        super().__init__(self.component(custom_id=custom_id))  # type: ignore[call-arg]  # the DynamicItem's item

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui.respond import respond

        name = self.custom_id.split(":")[self.name_at]  # type: ignore[attr-defined]
        if self.live.answers(interaction.user.id, name):
            return  # the player's live menu answers this press
        await respond(interaction, ui(self.words, command=name))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.group(0))  # the template matched the whole custom id
