"""/day0: the Day 0 choices (handbook II) with select menus: starting zone, abilities, the Rival's reward.

The reply is an ephemeral message with one select menu per choice and a Submit button; the choices are
kept in the message's view until submitted, then validated by the engine like any order.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.services import orders as order_service
from bot.services.views import player_view
from bot.ui.context import Ctx, GameCog, game_autocomplete
from bot.ui.order_text import describe
from bot.ui.respond import Reply, refusing
from bot.ui.text import ui
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.text import ROLE_NAMES

GAME = "the game's number (needed in a DM when you are in several games)"
RANDOM_ZONE = "random"


class Day0Choices(discord.ui.View):
    """The select menus of one player's Day 0 message; Submit sends the orders."""

    def __init__(self, cog: "Day0Cog", game_id: int, view: dict[str, Any], current: dict[str, Any]) -> None:
        super().__init__(timeout=900)
        self.cog, self.game_id = cog, game_id
        me = view["me"]
        self.choice: dict[str, Any] = {"start_zone": current.get("start_zone"),
                                       "abilities": list(current.get("abilities") or []),
                                       "rival_reward": current.get("rival_reward")}
        zones = [discord.SelectOption(label=ui("day0_random_zone"), value=RANDOM_ZONE,
                                      default=self.choice["start_zone"] is None)]
        zones += [discord.SelectOption(label=z["name"][:100], value=str(z["id"]), default=self.choice["start_zone"] == z["id"])
                  for z in view["zones"] if not z["closed"]][:24]
        self.add_select("zone", ui("day0_pick_zone"), zones, 1)
        abilities = [catalog.roles().ability(a) for a in me.get("ability_choices", [])]
        if abilities:
            options = [discord.SelectOption(label=a.name[:100], value=a.id, description=a.text[:100],
                                            default=a.id in self.choice["abilities"]) for a in abilities]
            self.add_select("abilities", ui("day0_pick_abilities"), options, len(options), minimum=0)
        if me.get("rival"):
            rewards = [discord.SelectOption(label=r.name, value=r.id, description=r.text[:100],
                                            default=self.choice["rival_reward"] == r.id)
                       for r in catalog.roles().rival_rewards]
            self.add_select("reward", ui("day0_pick_reward"), rewards, 1)
        submit = discord.ui.Button(label=ui("day0_submit"), style=discord.ButtonStyle.success, custom_id="day0:submit")
        submit.callback = self.submit
        self.add_item(submit)

    def add_select(self, name: str, placeholder: str, options: list[discord.SelectOption], maximum: int,
                   minimum: int = 1) -> None:
        select = discord.ui.Select(custom_id=f"day0:{name}", placeholder=placeholder, options=options,
                                   min_values=minimum, max_values=maximum)

        async def chosen(interaction: discord.Interaction) -> None:
            values = select.values
            if name == "zone":
                self.choice["start_zone"] = None if values[0] == RANDOM_ZONE else int(values[0])
            elif name == "abilities":
                self.choice["abilities"] = list(values)
            else:
                self.choice["rival_reward"] = values[0]
            await interaction.response.defer()
        select.callback = chosen
        self.add_item(select)

    async def submit(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            payload = {"kind": "day0", **self.choice}
            done = await order_service.submit_orders(self.cog.db, self.game_id, interaction.user.id, payload,
                                                     self.cog.bot.clock())
            view = await player_view(self.cog.db, self.game_id, interaction.user.id)
            summary = "; ".join(describe(done.payload, view))
            await interaction.response.edit_message(
                content=ui("order_saved", day=done.day, summary=summary, receipt=done.receipt), view=None, embed=None)
            self.stop()


class Day0Cog(GameCog):
    @app_commands.command(name="day0", description="Day 0: choose your starting zone, abilities and Rival's reward")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def day0(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            from bot.services import day_actions

            view = await player_view(ctx.db, ctx.game_id, ctx.user_id)
            current = await day_actions.current_payload(ctx.db, ctx.game_id, ctx.user_id)
            if view.get("phase") != "day0" or current.get("kind") != "day0":
                return Reply(content=ui("day0_over"))
            me = view["me"]
            if not me.get("alive", True):
                return Reply(content=ui("day0_dead"))
            embed = discord.Embed(title=ui("day0_title", game=ctx.game.name),
                                  description=ui("day0_intro", role=ROLE_NAMES.get(me["role"], me["role"]),
                                                 school=me.get("school") or "?"))
            return Reply(embeds=[embed], view=Day0Choices(self, ctx.game_id, view, current))
        await self.run(interaction, game, work)


COG = Day0Cog
