"""Free actions and votes (handbook III.B, III.E): /pickup, /drop, /equip, /track, /trade, /vote.

Free actions add up: each /pickup, /drop or /equip adds one to today's list (`undo` takes it off again).
A trade offer reaches the partner by DM with Accept and Decline buttons.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.ordering import OrderCog
from bot.services import day_actions, trading
from bot.ui import autocomplete as ac
from bot.ui.context import Ctx, game_autocomplete
from bot.ui.order_text import describe
from bot.ui.text import ui

GAME = "the game's number (needed in a DM when you are in several games)"
EQUIP = [app_commands.Choice(name="wear (Headband, Pretty Ribbon)", value="wear"),
         app_commands.Choice(name="take off", value="remove"),
         app_commands.Choice(name="put in the Backpack", value="store"),
         app_commands.Choice(name="take out of the Backpack", value="take_out")]


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

    @app_commands.command(name="pickup", description="Pick up an item lying in your zone (III.B)")
    @app_commands.describe(item="the item on the ground", undo="take this pick-up off your orders", game=GAME)
    @app_commands.autocomplete(item=ac.ground_choices, game=game_autocomplete)
    async def pickup(self, interaction: discord.Interaction, item: str, undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, "pick_up", item, undo, game, ground=True)

    @app_commands.command(name="drop", description="Drop an item in your zone (III.B)")
    @app_commands.describe(item="your item", undo="take this drop off your orders", game=GAME)
    @app_commands.autocomplete(item=ac.item_choices, game=game_autocomplete)
    async def drop(self, interaction: discord.Interaction, item: str, undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, "drop", item, undo, game)

    @app_commands.command(name="equip", description="Wear or take off the Headband or Ribbon; use the Backpack (III.B)")
    @app_commands.describe(item="your item", how="what you do with it", undo="take this off your orders", game=GAME)
    @app_commands.choices(how=EQUIP)
    @app_commands.autocomplete(item=ac.item_choices, game=game_autocomplete)
    async def equip(self, interaction: discord.Interaction, item: str, how: app_commands.Choice[str],
                    undo: bool = False, game: int | None = None) -> None:
        await self._listed(interaction, how.value, item, undo, game)

    @app_commands.command(name="track", description="Tracking Unit: locate one student, or leave empty for head counts")
    @app_commands.describe(target="the student to locate (empty: how many are in each zone)", game=GAME)
    @app_commands.autocomplete(target=ac.student_choices, game=game_autocomplete)
    async def track(self, interaction: discord.Interaction, target: str | None = None, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            free = await self.current_free(ctx)
            free["track"] = r.student(target)
            summary = "; ".join(describe({"kind": "night", "free": {"track": free["track"]}}, r.view)) if target \
                else ui("track_counts")
            return await self._save_free(ctx, free, summary)
        await self.run(interaction, game, work)

    @app_commands.command(name="trade", description="Offer a trade to a student in your zone; they must accept (III.B)")
    @app_commands.describe(partner="who you trade with", give="an item you give", give2="another item you give",
                           receive="an item of theirs you want", receive2="another item of theirs", game=GAME)
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

    vote = app_commands.Group(name="vote", description="Tonight's votes (handbook III.E)")

    async def _vote(self, interaction: discord.Interaction, kind: str, choice: str | int, game: int | None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            value = r.student(choice) if kind == "mark" else r.zone(choice)
            done = await day_actions.vote(ctx.db, ctx.game_id, ctx.user_id, kind, value, ctx.now)
            summary = "; ".join(describe({"kind": "night", "votes": {kind: value}}, r.view))
            return ui("order_saved", day=done.day, summary=summary, receipt=done.receipt)
        await self.run(interaction, game, work)

    @vote.command(name="mark", description="Vote to mark a student: whoever eliminates them gets a prize")
    @app_commands.describe(student="the student you vote to mark", game=GAME)
    @app_commands.autocomplete(student=ac.student_choices, game=game_autocomplete)
    async def mark(self, interaction: discord.Interaction, student: str, game: int | None = None) -> None:
        await self._vote(interaction, "mark", student, game)

    @vote.command(name="close", description="Vote to close a zone")
    @app_commands.describe(zone="the zone you vote to close", game=GAME)
    @app_commands.autocomplete(zone=ac.zone_choices, game=game_autocomplete)
    async def close(self, interaction: discord.Interaction, zone: str, game: int | None = None) -> None:
        await self._vote(interaction, "close", zone, game)

    @vote.command(name="reward", description="Vote for the zone that receives the reward package")
    @app_commands.describe(zone="the zone you vote for", game=GAME)
    @app_commands.autocomplete(zone=ac.zone_choices, game=game_autocomplete)
    async def reward(self, interaction: discord.Interaction, zone: str, game: int | None = None) -> None:
        await self._vote(interaction, "reward", zone, game)


COG = FreeActionsCog
