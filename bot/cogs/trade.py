"""/trade (handbook III.B.3): offer a trade to a student in your zone; it happens tonight if they accept.

The offer joins the proposer's free actions and reaches the partner by DM with Accept and Decline buttons
(`bot/ui/buttons.py`). Still Battle Royale's own command in the bot: a trade is a proposal answered by
another player, which the game plug-in contract (`engine.front`) does not carry yet (see docs/rulesets.md).
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.services import trading
from bot.services.errors import engine_refusals
from bot.services.player_views import player_view
from bot.ui.autocomplete import source_choices
from bot.ui.context import Ctx, GameCog, game_autocomplete
from bot.ui.text import ui
from engine.rulesets.battle_royale.front.reading import Reader


class TradeCog(GameCog):
    @app_commands.command(name="trade", description=ui("cmd_trade"))
    @app_commands.describe(partner=ui("opt_trade_partner"), give=ui("opt_trade_give"), give2=ui("opt_trade_give2"),
                           receive=ui("opt_trade_receive"), receive2=ui("opt_trade_receive2"), game=ui("opt_game"))
    @app_commands.autocomplete(partner=source_choices("targets"), give=source_choices("my_items"),
                               give2=source_choices("my_items"), receive=source_choices("partner_items"),
                               receive2=source_choices("partner_items"), game=game_autocomplete)
    async def trade(self, interaction: discord.Interaction, partner: str, give: str | None = None,
                    give2: str | None = None, receive: str | None = None, receive2: str | None = None,
                    game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = Reader(await player_view(ctx.db, ctx.game_id, ctx.user_id))
            with engine_refusals():
                gives = [r.item(g) for g in (give, give2) if g]
            wants = [w for w in (receive, receive2) if w]
            done = await trading.offer(ctx.db, ctx.game_id, ctx.user_id, r.student(partner), gives, wants, ctx.now)
            return ui("trade_sent", partner=r.names.student(r.student(partner)), day=done.day, receipt=done.receipt)
        await self.run(interaction, game, work)


COG = TradeCog
