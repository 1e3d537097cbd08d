"""/orders: what I have submitted for today, in words, with my receipts, and the orders card's buttons
(`bot.ui.order_card`): Change and Withdraw for each order, Add an order.

Only the player sees it (ephemeral). Withdrawing every order stores an empty submission (kept in the history
with its own receipt): the ruleset's default applies again; withdrawing one submits the others.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.info import deadline_line
from bot.languages.reader import localized
from bot.screens import orders as screen
from bot.services.orders import order_card
from bot.services.orders import orders as order_service
from bot.services.orders.player_views import player_view
from bot.ui import order_card as order_buttons
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
    buttons, listed = None, None
    if ctx.game.status == "running":
        orders_now = await order_card.card(ctx.db, ctx.game_id, ctx.user_id)
        buttons, listed = order_buttons.buttons(orders_now, ctx.user_id), order_buttons.description(orders_now)
    embed = discord.Embed(title=localized(card.title), description=listed or localized(card.description))
    if card.receipts is not None:  # an embed of its own making: its texts in the reader's language here
        embed.add_field(name=localized(screen.receipts_title()), value=localized(card.receipts), inline=False)
    return Reply(content=deadline_line(ctx), embeds=[embed], view=buttons)


class MyOrdersCog(GameCog):
    @app_commands.command(name="orders", description=ui("cmd_orders"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def orders(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await self.run(interaction, game, orders_reply)


COG = MyOrdersCog
