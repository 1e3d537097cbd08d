"""Information commands: /status (your own record and surroundings), /map (the island as a picture),
/rules (the rules in short) and /help (every command). All replies are ephemeral.

/status and /map need a started game the caller plays in, and refuse clearly otherwise; /rules and /help
work anywhere, showing the Battle Royale ones when no game is meant.
"""
from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands

from bot.services import views
from bot.services.errors import ServiceError
from bot.ui.context import Ctx, GameCog, game_autocomplete
from bot.ui.map_image import render_map
from bot.ui.respond import Reply, refusing, respond
from bot.ui.rules_help import help_embeds, rules_embeds
from bot.ui.status import status_embeds
from bot.ui.text import ui

NOT_STARTED = ("setup", "signup")


def _started(ctx: Ctx, key: str) -> None:
    if ctx.game.status in NOT_STARTED:
        raise ServiceError(ui(key, game=ctx.game.name))


class InfoCog(GameCog):
    @app_commands.command(name="status", description=ui("cmd_status"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            _started(ctx, "status_not_started")
            view = await views.player_view(ctx.db, ctx.game_id, ctx.user_id)
            return Reply(embeds=status_embeds(view))
        await self.run(interaction, game, work)

    @app_commands.command(name="map", description=ui("cmd_map"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def map(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            _started(ctx, "map_not_started")
            view, layout = await views.player_map(ctx.db, ctx.game_id, ctx.user_id)
            png = await asyncio.to_thread(render_map, view, layout)
            return Reply(content=ui("map_caption", day=view.get("day", 0)),
                         file=discord.File(io.BytesIO(png), filename="island.png"))
        await self.run(interaction, game, work, slow=True)

    @app_commands.command(name="rules", description=ui("cmd_rules"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusing(interaction):
            ruleset = await self._ruleset(interaction, game)
            await respond(interaction, Reply(embeds=rules_embeds(ruleset)))

    @app_commands.command(name="help", description=ui("cmd_help"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def help(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusing(interaction):
            await self._ruleset(interaction, game)
            await respond(interaction, Reply(embeds=help_embeds()))

    async def _ruleset(self, interaction: discord.Interaction, game: int | None) -> str:
        """The ruleset of the game meant, or Battle Royale when none is; a game named but not found is refused."""
        try:
            return (await self.context(interaction, game)).game.ruleset
        except ServiceError:
            if game is not None:
                raise
            return "battle_royale"


COG = InfoCog
