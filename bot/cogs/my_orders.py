"""/orders: what I have submitted for today, in words, with my receipts and a button to withdraw.

Only the player sees it (ephemeral). Withdrawing stores an empty submission (kept in the history with its
own receipt): the ruleset's default applies again.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.info import deadline_line
from bot.services.orders import orders as order_service
from bot.services.orders.player_views import player_view
from bot.ui.buttons import ButtonSpec
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine import registry

GAME = ui("opt_game")


def withdraw_button(game_id: int, day: int) -> ButtonSpec:
    return ButtonSpec(f"brbot:withdraw:{game_id}:{day}", ui("button_withdraw"), "danger")


async def orders_reply(ctx: Ctx) -> Reply:
    rows = await order_service.my_orders(ctx.db, ctx.game_id, ctx.user_id)
    view = await player_view(ctx.db, ctx.game_id, ctx.user_id)
    current = next((r for r in rows if r.current), None)
    step = registry.front(ctx.game.ruleset).step_name(ctx.game.day)  # the game's own count, never the view's
    embed = discord.Embed(title=ui("orders_title", game=ctx.game.name, step=step))
    lines = registry.front(ctx.game.ruleset).describe(current.payload if current else None, view)
    embed.description = "\n".join(f"• {line}" for line in lines)[:4000]
    if rows:
        receipts = "\n".join(
            ui(
                "receipt_line",
                receipt=r.receipt,
                when=f"{r.submitted_at:%H:%M:%S}",
                current=ui("receipt_current") if r.current else "",
            )
            for r in rows[:10]
        )
        embed.add_field(name=ui("receipts_title"), value=receipts[:1024], inline=False)
    buttons = None
    if current is not None and current.payload is not None:
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(withdraw_button(ctx.game_id, current.day).button())
    return Reply(content=deadline_line(ctx), embeds=[embed], view=buttons)


class MyOrdersCog(GameCog):
    @app_commands.command(name="orders", description=ui("cmd_orders"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def orders(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await self.run(interaction, game, orders_reply)


COG = MyOrdersCog
