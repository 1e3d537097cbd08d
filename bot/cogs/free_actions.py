"""Free actions and votes (handbook III.B, III.E): /pickup, /drop, /equip, /track, /trade, /vote.

Free actions add up: each /pickup, /drop or /equip adds one to today's list (`undo` takes it off again).
A trade offer reaches the partner by DM with Accept and Decline buttons.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.ordering import OrderCog
from bot.services import day_actions, trading
from bot.services.errors import ServiceError
from bot.ui import autocomplete as ac
from bot.ui.context import Ctx, game_autocomplete
from bot.ui.order_text import describe
from bot.ui.text import ui

GAME = ui("opt_game")
EQUIP = [app_commands.Choice(name=ui(f"equip_{value}"), value=value) for value in ("wear", "remove", "store", "take_out")]


class FreeActionsCog(OrderCog):
    async def _listed(self, interaction: discord.Interaction, key: str, item: str, undo: bool, game: int | None,
                      ground: bool = False) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            free = await self.current_free(ctx)
            listed = list(free.get(key, []))
            uid = r.listed(item, listed) if undo else r.item(item, ground=ground)
            free[key] = [u for u in listed if u != uid] + ([] if undo else [uid])
            summary = "; ".join(describe({"kind": "night", "free": {key: [uid]}}, r.view))
            return await self._save_free(ctx, free, summary, "free_removed" if undo else "order_saved")
        await self.run(interaction, game, work)

    async def _save_free(self, ctx: Ctx, free: dict, summary: str, key: str = "order_saved") -> str:
        done = await day_actions.set_part(ctx.db, ctx.game_id, ctx.user_id, "free", free, ctx.now)
        return ui(key, day=done.day, summary=summary, receipt=done.receipt)

    @app_commands.command(name="pickup", description=ui("cmd_pickup"))
    @app_commands.describe(item=ui("opt_ground_item"), undo=ui("opt_pickup_undo"), game=GAME)
    @app_commands.autocomplete(item=ac.ground_choices, game=game_autocomplete)
    async def pickup(self, interaction: discord.Interaction, item: str, undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, "pick_up", item, undo, game, ground=True)

    @app_commands.command(name="drop", description=ui("cmd_drop"))
    @app_commands.describe(item=ui("opt_my_item"), undo=ui("opt_drop_undo"), game=GAME)
    @app_commands.autocomplete(item=ac.item_choices, game=game_autocomplete)
    async def drop(self, interaction: discord.Interaction, item: str, undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, "drop", item, undo, game)

    @app_commands.command(name="equip", description=ui("cmd_equip"))
    @app_commands.describe(item=ui("opt_my_item"), how=ui("opt_equip_how"), undo=ui("opt_equip_undo"), game=GAME)
    @app_commands.choices(how=EQUIP)
    @app_commands.autocomplete(item=ac.equip_item_choices, game=game_autocomplete)
    async def equip(self, interaction: discord.Interaction, item: str, how: app_commands.Choice[str],
                    undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, how.value, item, undo, game)

    @app_commands.command(name="track", description=ui("cmd_track"))
    @app_commands.describe(target=ui("opt_track_target"), game=GAME)
    @app_commands.autocomplete(target=ac.student_choices, game=game_autocomplete)
    async def track(self, interaction: discord.Interaction, target: str | None = None, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            free = await self.current_free(ctx)
            if not target and not any(i["kind"] == "tracking_unit" and not i["stored"]
                                      for i in (r.view.get("me") or {}).get("items", [])):
                raise ServiceError(ui("track_no_unit"))
            free["track"] = r.student(target)
            summary = "; ".join(describe({"kind": "night", "free": {"track": free["track"]}}, r.view)) if target \
                else ui("track_counts")
            return await self._save_free(ctx, free, summary)
        await self.run(interaction, game, work)

    @app_commands.command(name="trade", description=ui("cmd_trade"))
    @app_commands.describe(partner=ui("opt_trade_partner"), give=ui("opt_trade_give"), give2=ui("opt_trade_give2"),
                           receive=ui("opt_trade_receive"), receive2=ui("opt_trade_receive2"), game=GAME)
    @app_commands.autocomplete(partner=ac.target_choices, give=ac.item_choices, give2=ac.item_choices,
                               receive=ac.partner_item_choices, receive2=ac.partner_item_choices, game=game_autocomplete)
    async def trade(self, interaction: discord.Interaction, partner: str, give: str | None = None,
                    give2: str | None = None, receive: str | None = None, receive2: str | None = None,
                    game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            gives = [r.item(g) for g in (give, give2) if g]
            wants = [w for w in (receive, receive2) if w]
            done = await trading.offer(ctx.db, ctx.game_id, ctx.user_id, r.student(partner), gives, wants, ctx.now)
            return ui("trade_sent", partner=r.names.student(r.student(partner)), day=done.day, receipt=done.receipt)
        await self.run(interaction, game, work)

    vote = app_commands.Group(name="vote", description=ui("cmd_vote"))

    async def _vote(self, interaction: discord.Interaction, kind: str, choice: str | int, game: int | None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            value = r.student(choice) if kind == "mark" else r.zone(choice)
            done = await day_actions.vote(ctx.db, ctx.game_id, ctx.user_id, kind, value, ctx.now)
            summary = "; ".join(describe({"kind": "night", "votes": {kind: value}}, r.view))
            return ui("order_saved", day=done.day, summary=summary, receipt=done.receipt)
        await self.run(interaction, game, work)

    @vote.command(name="mark", description=ui("cmd_vote_mark"))
    @app_commands.describe(student=ui("opt_vote_student"), game=GAME)
    @app_commands.autocomplete(student=ac.student_choices, game=game_autocomplete)
    async def mark(self, interaction: discord.Interaction, student: str, game: int | None = None) -> None:
        await self._vote(interaction, "mark", student, game)

    @vote.command(name="close", description=ui("cmd_vote_close"))
    @app_commands.describe(zone=ui("opt_vote_close_zone"), game=GAME)
    @app_commands.autocomplete(zone=ac.zone_choices, game=game_autocomplete)
    async def close(self, interaction: discord.Interaction, zone: str, game: int | None = None) -> None:
        await self._vote(interaction, "close", zone, game)

    @vote.command(name="reward", description=ui("cmd_vote_reward"))
    @app_commands.describe(zone=ui("opt_vote_reward_zone"), game=GAME)
    @app_commands.autocomplete(zone=ac.zone_choices, game=game_autocomplete)
    async def reward(self, interaction: discord.Interaction, zone: str, game: int | None = None) -> None:
        await self._vote(interaction, "reward", zone, game)


COG = FreeActionsCog
