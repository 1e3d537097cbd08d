"""The /day0 menu (handbook II): select menus for the starting zone, the abilities and the Rival's reward,
then Submit, which sends the choices as the player's Day 0 orders (validated by the engine like any order).

The choices are kept in the menu's view in memory until Submit. The abilities menu allows as many as the
game's `abilities_per_student` setting. The zone menu shows 23 zones at a time, with "More zones" to page
through an island of any size. A menu lives 15 minutes and does not outlive a restart of the bot; pressing
one that is gone is answered by `Day0Expired`, a `DynamicItem` registered at start-up, with "run /day0
again" instead of Discord's "This interaction failed".
"""
from __future__ import annotations

import time
from typing import Any

import discord

from bot.services import orders as order_service
from bot.services.player_views import player_view
from engine.rulesets.battle_royale.front.describe import describe
from bot.ui.respond import refusing, respond
from bot.ui.text import ui
from engine.rulesets.battle_royale import catalog

RANDOM_ZONE = "random"
MORE_ZONES = "more"
PAGE = 23  # zones per page: with "A random zone" and "More zones", Discord's 25 options
TIMEOUT = 900
LIVE: dict["Day0Choices", float] = {}  # menus still answering -> when they stop (time.monotonic())


class Day0Choices(discord.ui.View):
    """The select menus of one player's Day 0 message; Submit sends the orders."""

    def __init__(self, db, clock, game_id: int, user_id: int, view: dict[str, Any], current: dict[str, Any],
                 abilities_allowed: int) -> None:
        super().__init__(timeout=TIMEOUT)
        self.db, self.clock, self.game_id, self.user_id = db, clock, game_id, user_id
        me = view["me"]
        self.choice: dict[str, Any] = {"start_zone": current.get("start_zone"),
                                       "abilities": list(current.get("abilities") or []),
                                       "rival_reward": current.get("rival_reward")}
        self.zones = [z for z in view["zones"] if not z["closed"]]
        self.page = next((n // PAGE for n, z in enumerate(self.zones) if z["id"] == self.choice["start_zone"]), 0)
        self.zone_select = self.add_select("zone", ui("day0_pick_zone"), self.zone_options(), 1)
        abilities = [catalog.roles().ability(a) for a in me.get("ability_choices", [])]
        if abilities and abilities_allowed > 0:
            options = [discord.SelectOption(label=a.name[:100], value=a.id, description=a.text[:100],
                                            default=a.id in self.choice["abilities"]) for a in abilities]
            self.add_select("abilities", ui("day0_pick_abilities"), options, min(len(options), abilities_allowed),
                            minimum=0)
        if me.get("rival"):
            rewards = [discord.SelectOption(label=r.name, value=r.id, description=r.text[:100],
                                            default=self.choice["rival_reward"] == r.id)
                       for r in catalog.roles().rival_rewards]
            self.add_select("reward", ui("day0_pick_reward"), rewards, 1)
        submit = discord.ui.Button(label=ui("day0_submit"), style=discord.ButtonStyle.success, custom_id="day0:submit")
        submit.callback = self.submit
        self.add_item(submit)
        self.touch()

    def touch(self) -> None:
        """Keep the menu known as live as long as discord.py keeps it (its timeout restarts on each press)."""
        LIVE[self] = time.monotonic() + TIMEOUT

    def pages(self) -> int:
        return max(1, -(-len(self.zones) // PAGE))

    def zone_options(self) -> list[discord.SelectOption]:
        options = [discord.SelectOption(label=ui("day0_random_zone"), value=RANDOM_ZONE,
                                        default=self.choice["start_zone"] is None)]
        options += [discord.SelectOption(label=z["name"][:100], value=str(z["id"]),
                                         default=self.choice["start_zone"] == z["id"])
                    for z in self.zones[self.page * PAGE:(self.page + 1) * PAGE]]
        if self.pages() > 1:
            nxt = (self.page + 1) % self.pages()
            options.append(discord.SelectOption(label=ui("day0_more_zones", page=nxt + 1, pages=self.pages()),
                                                value=MORE_ZONES))
        return options

    def add_select(self, name: str, placeholder: str, options: list[discord.SelectOption], maximum: int,
                   minimum: int = 1) -> discord.ui.Select:
        select = discord.ui.Select(custom_id=f"day0:{name}", placeholder=placeholder, options=options,
                                   min_values=minimum, max_values=maximum)

        async def chosen(interaction: discord.Interaction) -> None:
            self.touch()
            values = select.values
            if name == "zone" and values[0] == MORE_ZONES:
                self.page = (self.page + 1) % self.pages()
                select.options = self.zone_options()
                await interaction.response.edit_message(view=self)
                return
            if name == "zone":
                self.choice["start_zone"] = None if values[0] == RANDOM_ZONE else int(values[0])
            elif name == "abilities":
                self.choice["abilities"] = list(values)
            else:
                self.choice["rival_reward"] = values[0]
            await interaction.response.defer()
        select.callback = chosen
        self.add_item(select)
        return select

    async def submit(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            payload = {"kind": "day0", **self.choice}
            done = await order_service.submit_orders(self.db, self.game_id, interaction.user.id, payload, self.clock())
            view = await player_view(self.db, self.game_id, interaction.user.id)
            summary = "; ".join(describe(done.payload, view))
            await interaction.response.edit_message(
                content=ui("order_saved", day=done.day, summary=summary, receipt=done.receipt), view=None, embed=None)
            self.stop()  # stays in LIVE until its time is up: a press racing the Submit is not "expired"

    async def on_timeout(self) -> None:
        LIVE.pop(self, None)


def live_for(user_id: int) -> bool:
    """Whether this user has a Day 0 menu that still answers (it handles their presses itself)."""
    now = time.monotonic()
    for menu, until in list(LIVE.items()):
        if until < now:
            LIVE.pop(menu, None)
    return any(menu.user_id == user_id for menu in LIVE)


class _Expired:
    """A press on a Day 0 menu that no longer answers (after a restart, or 15 minutes): say so."""

    async def callback(self, interaction: discord.Interaction) -> None:
        if live_for(interaction.user.id):
            return  # the player's live menu answers this press
        await respond(interaction, ui("day0_expired"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item, match):  # type: ignore[override]
        return cls(item.custom_id)


class Day0Expired(_Expired, discord.ui.DynamicItem[discord.ui.Button], template=r"day0:submit"):
    def __init__(self, custom_id: str = "day0:submit") -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id))


class Day0SelectExpired(_Expired, discord.ui.DynamicItem[discord.ui.Select], template=r"day0:(zone|abilities|reward)"):
    def __init__(self, custom_id: str = "day0:zone") -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id))
