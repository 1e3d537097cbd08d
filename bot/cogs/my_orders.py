"""/orders: what I have submitted for today, in words, with my receipts and a button to withdraw.

Only the player sees it (ephemeral). Withdrawing stores an empty submission (kept in the history with its
own receipt): the ruleset's default applies again.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.info import deadline_line
from bot.screens import orders as screen
from bot.services.orders import orders as order_service
from bot.services.orders.player_views import player_view
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine import registry

GAME = ui("opt_game")


async def orders_reply(ctx: Ctx) -> Reply:
    rows = await order_service.my_orders(ctx.db, ctx.game_id, ctx.user_id)
    view = await player_view(ctx.db, ctx.game_id, ctx.user_id)
    current = next((r for r in rows if r.current), None)
    front = registry.front(ctx.game.ruleset)
    step = front.words.name(ctx.game.day)  # the game's own count, never the view's
    card = screen.orders_card(
        ctx.game.name, step, front.orders.describe(current.payload if current else None, view), rows
    )
    embed = discord.Embed(title=card.title, description=card.description)
    if card.receipts is not None:
        embed.add_field(name=screen.receipts_title(), value=card.receipts, inline=False)
    buttons = None
    if current is not None and current.payload is not None:
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(screen.withdraw_button(ctx.game_id, current.day).button())
    return Reply(content=deadline_line(ctx), embeds=[embed], view=buttons)


class MyOrdersCog(GameCog):
    @app_commands.command(name="orders", description=ui("cmd_orders"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def orders(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await self.run(interaction, game, orders_reply)


COG = MyOrdersCog
