"""Sign-up commands: /join (with a role request), /leave, and /role choose | lovers | rival.

A Lovers proposal reaches the partner by DM with Accept and Decline buttons (bot/ui/buttons.py).
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.services import games
from bot.ui.context import Ctx, GameCog, game_autocomplete
from bot.ui.text import ui

ROLE_CHOICES = [app_commands.Choice(name=ui("role_dedicated_student"), value="dedicated_student"),
                app_commands.Choice(name=ui("role_lone_wolf"), value="lone_wolf")]
GAME = ui("opt_game")


class SignUpCog(GameCog):
    @app_commands.command(name="join", description=ui("cmd_join"))
    @app_commands.describe(role=ui("opt_join_role"), game=GAME)
    @app_commands.choices(role=ROLE_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: discord.Interaction, role: app_commands.Choice[str] | None = None,
                   game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            player = await games.join_game(ctx.db, ctx.game_id, ctx.user_id, ctx.user_name,
                                           role.value if role else None)
            key = "joined" if player.status == "joined" else "joined_reserve"
            return ui(key, game=ctx.game.name)
        await self.run(interaction, game, work, joining=True)

    @app_commands.command(name="leave", description=ui("cmd_leave"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await games.leave_game(ctx.db, ctx.game_id, ctx.user_id)
            return ui("left", game=ctx.game.name)
        await self.run(interaction, game, work)

    role = app_commands.Group(name="role", description=ui("cmd_role"))

    @role.command(name="choose", description=ui("cmd_role_choose"))
    @app_commands.describe(role=ui("opt_role"), game=GAME)
    @app_commands.choices(role=ROLE_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def choose(self, interaction: discord.Interaction, role: app_commands.Choice[str],
                     game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await games.request_role(ctx.db, ctx.game_id, ctx.user_id, role.value)
            return ui("role_requested", role=role.name)
        await self.run(interaction, game, work)

    @role.command(name="lovers", description=ui("cmd_role_lovers"))
    @app_commands.describe(partner=ui("opt_lovers_partner"), game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def lovers(self, interaction: discord.Interaction, partner: discord.User,
                     game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await games.propose_lovers(ctx.db, ctx.game_id, ctx.user_id, partner.id)
            return ui("lovers_sent", partner=partner.display_name)
        await self.run(interaction, game, work)

    @role.command(name="rival", description=ui("cmd_role_rival"))
    @app_commands.describe(rival=ui("opt_rival"), game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def rival(self, interaction: discord.Interaction, rival: discord.User | None = None,
                    game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await games.declare_rival(ctx.db, ctx.game_id, ctx.user_id, rival.id if rival else None)
            return ui("rival_set", rival=rival.display_name) if rival else ui("rival_cleared")
        await self.run(interaction, game, work)


COG = SignUpCog
