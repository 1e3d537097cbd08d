"""Battle Royale movement commands (handbook III.D): /move, /run, /hold. The last one sent counts.

A route is typed or chosen from autocomplete ("Beach → Cliffs"); instead of a route, a player may follow
the target of their action.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.ordering import OrderCog
from bot.ui import autocomplete as ac
from bot.ui.context import Ctx, game_autocomplete
from bot.ui.text import ui

GAME = ui("opt_game")


class MovementCog(OrderCog):
    async def _go(self, interaction: discord.Interaction, kind: str, route: str | None, follow: str | None,
                  game: int | None, drop: str | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            value: dict[str, object] = {"kind": kind, "route": r.route(route), "follow": r.student(follow)}
            if kind == "run":
                value["drop"] = r.item(drop)
            return await self.save(ctx, "movement", value, r)
        await self.run(interaction, game, work)

    @app_commands.command(name="move", description=ui("cmd_move"))
    @app_commands.describe(route=ui("opt_move_route"), follow=ui("opt_follow"), game=GAME)
    @app_commands.autocomplete(route=ac.move_route_choices, follow=ac.target_choices, game=game_autocomplete)
    async def move(self, interaction: discord.Interaction, route: str | None = None, follow: str | None = None,
                   game: int | None = None) -> None:
        await self._go(interaction, "move", route, follow, game)

    @app_commands.command(name="run", description=ui("cmd_run"))
    @app_commands.describe(route=ui("opt_run_route"), follow=ui("opt_follow"), drop=ui("opt_run_drop"), game=GAME)
    @app_commands.autocomplete(route=ac.run_route_choices, follow=ac.target_choices, drop=ac.item_choices,
                               game=game_autocomplete)
    async def run_(self, interaction: discord.Interaction, route: str | None = None, follow: str | None = None,
                   drop: str | None = None, game: int | None = None) -> None:
        await self._go(interaction, "run", route, follow, game, drop)

    @app_commands.command(name="hold", description=ui("cmd_hold"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def hold(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, lambda ctx: self.save(ctx, "movement", {"kind": "hold"}))


COG = MovementCog
