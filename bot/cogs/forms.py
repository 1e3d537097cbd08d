"""Commands answered with a menu rather than options (`/day0`), one per form command the installed games
declare (`Orders.forms`).

The reply is an ephemeral message with the game's card on top and the menu of `bot/ui/form_menu.py` (one
select menu per choice and a Submit button); the choices are validated by the engine like any order when
submitted. When the game has no form for the player now, its reason is the reply.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Optional

import discord
from discord import app_commands

from bot.services.orders import forms
from bot.ui.cards import card_embeds
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.form_menu import FormMenu
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine import registry
from engine.front import Command, Front

GAME = "game"


class FormsBase(GameCog):
    """The form commands; `build_cog` adds one per name."""

    async def show(self, interaction: discord.Interaction, name: str, game: int | None) -> None:
        async def work(ctx: Ctx) -> Reply:
            form = await forms.form_for(ctx.db, ctx.game_id, ctx.user_id, name)
            card = dataclasses.replace(form.card, title=ui("form_title", title=form.card.title, game=ctx.game.name))
            menu = FormMenu(ctx.db, self.bot.clock, ctx.game_id, ctx.user_id, name, form)
            return Reply(embeds=card_embeds(card), view=menu)

        await self.run(interaction, game, work)


def _command(name: str, description: str) -> app_commands.Command:
    async def callback(self: FormsBase, interaction: discord.Interaction, game: Optional[GameNumber] = None) -> None:  # noqa: UP045
        await self.show(interaction, name, game)

    callback.__name__ = name
    callback.__qualname__ = f"FormsCog.{name}"
    callback.__discord_app_commands_param_description__ = {GAME: ui("opt_game")}  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_autocomplete__ = {GAME: game_autocomplete}  # type: ignore[attr-defined]
    return app_commands.Command(name=name, description=description, callback=callback)


def build_cog(fronts: Mapping[str, Front] | None = None) -> type[FormsBase]:
    """The cog of these games' form commands (default: every installed game); a name declared by several
    games is one command, described by the first."""
    declared: dict[str, Command] = {}
    for _, front in sorted((fronts if fronts is not None else registry.fronts()).items()):
        for command in front.orders.forms:
            declared.setdefault(command.name, command)
    attributes: dict[str, Any] = {f"form_{name}": _command(name, c.description) for name, c in declared.items()}
    return type("FormsCog", (FormsBase,), attributes)


FormsCog = build_cog()
COG = FormsCog
