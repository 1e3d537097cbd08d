"""/day0: the Day 0 choices (handbook II) with select menus: starting zone, abilities, the Rival's reward.

The reply is an ephemeral message with the menu of `bot/ui/day0_menu.py` (one select menu per choice and
a Submit button); the choices are validated by the engine like any order when submitted.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.services import day_actions
from bot.services import player_views
from bot.services.player_views import player_view
from bot.ui.context import Ctx, GameCog, game_autocomplete
from bot.ui.day0_menu import Day0Choices
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine.rulesets.battle_royale.text import ROLE_NAMES


class Day0Cog(GameCog):
    @app_commands.command(name="day0", description=ui("cmd_day0"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def day0(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            view = await player_view(ctx.db, ctx.game_id, ctx.user_id)
            current = await day_actions.current_payload(ctx.db, ctx.game_id, ctx.user_id)
            if view.get("phase") != "day0" or current.get("kind") != "day0":
                return Reply(content=ui("day0_over"))
            me = view["me"]
            if not me.get("alive", True):
                return Reply(content=ui("day0_dead"))
            role = ROLE_NAMES.get(me["role"], me["role"])
            intro = (ui("day0_intro", role=role, school=me["school"]) if me.get("school")
                     else ui("day0_intro_no_school", role=role))
            embed = discord.Embed(title=ui("day0_title", game=ctx.game.name), description=intro)
            allowed = await player_views.rule_setting(ctx.db, ctx.game_id, "abilities_per_student", 1)
            menu = Day0Choices(ctx.db, self.bot.clock, ctx.game_id, ctx.user_id, view, current, allowed)
            return Reply(embeds=[embed], view=menu)
        await self.run(interaction, game, work)


COG = Day0Cog
