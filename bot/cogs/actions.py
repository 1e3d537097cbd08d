"""Battle Royale action commands (handbook III.C): one action a night, the last one sent counts.

/attack, /allout, /settrap, /use, /defend, /cover, /search, /analyze, /heal. Each replaces the action
part of today's orders; the engine validates the whole submission and refuses with its reason.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.ordering import OrderCog
from bot.services.errors import ServiceError
from bot.ui import autocomplete as ac
from bot.ui.context import Ctx, game_autocomplete
from bot.ui.text import ui

GAME = ui("opt_game")
USES = [app_commands.Choice(name=ui(f"use_{value}"), value=value) for value in ("deactivator", "megaphone", "escape")]
ATTACK_OPTIONS = {"weapon": ui("opt_weapon"), "target": ui("opt_attack_target"), "attempts": ui("opt_attempts"),
                  "target2": ui("opt_target2"), "attempts2": ui("opt_attempts2"), "target3": ui("opt_target3"),
                  "attempts3": ui("opt_attempts3"), "game": GAME}


class ActionsCog(OrderCog):
    async def _attack(self, interaction: discord.Interaction, kind: str, weapon: str, target: str, attempts: int,
                      target2: str | None, attempts2: int, target3: str | None, attempts3: int, game: int | None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            spread: dict[str, int] = {}
            for who, n in ((target, attempts), (target2, attempts2), (target3, attempts3)):
                if who:
                    if n < 1:
                        raise ServiceError(ui("attempts_range"))
                    sid = r.student(who)
                    spread[sid] = spread.get(sid, 0) + n  # type: ignore[index]
            value = {"kind": kind, "weapon": r.item(weapon), "attempts": spread}
            return await self.save(ctx, "action", value, r)
        await self.run(interaction, game, work)

    @app_commands.command(name="attack", description=ui("cmd_attack"))
    @app_commands.describe(**ATTACK_OPTIONS)
    @app_commands.autocomplete(weapon=ac.weapon_choices, target=ac.target_choices, target2=ac.target_choices,
                               target3=ac.target_choices, game=game_autocomplete)
    async def attack(self, interaction: discord.Interaction, weapon: str, target: str, attempts: int = 1,
                     target2: str | None = None, attempts2: int = 1, target3: str | None = None,
                     attempts3: int = 1, game: int | None = None) -> None:
        await self._attack(interaction, "attack", weapon, target, attempts, target2, attempts2, target3, attempts3, game)

    @app_commands.command(name="allout", description=ui("cmd_allout"))
    @app_commands.describe(**ATTACK_OPTIONS)
    @app_commands.autocomplete(weapon=ac.weapon_choices, target=ac.target_choices, target2=ac.target_choices,
                               target3=ac.target_choices, game=game_autocomplete)
    async def allout(self, interaction: discord.Interaction, weapon: str, target: str, attempts: int = 1,
                     target2: str | None = None, attempts2: int = 1, target3: str | None = None,
                     attempts3: int = 1, game: int | None = None) -> None:
        await self._attack(interaction, "all_out", weapon, target, attempts, target2, attempts2, target3, attempts3, game)

    @app_commands.command(name="settrap", description=ui("cmd_settrap"))
    @app_commands.describe(item=ui("opt_trap_item"), to_zone=ui("opt_trap_zone"), day=ui("opt_trap_day"),
                           target=ui("opt_trap_target"), game=GAME)
    @app_commands.autocomplete(item=ac.trap_item_choices, to_zone=ac.adjacent_zone_choices, target=ac.target_choices,
                               game=game_autocomplete)
    async def settrap(self, interaction: discord.Interaction, item: str, to_zone: str | None = None,
                      day: int | None = None, target: str | None = None, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            value = {"kind": "set_trap", "item": r.item(item), "to_zone": r.zone(to_zone), "day": day,
                     "target": r.student(target)}
            return await self.save(ctx, "action", value, r)
        await self.run(interaction, game, work)

    @app_commands.command(name="use", description=ui("cmd_use"))
    @app_commands.describe(use=ui("opt_use"), item=ui("opt_use_item"), target=ui("opt_use_target"), game=GAME)
    @app_commands.choices(use=USES)
    @app_commands.autocomplete(item=ac.use_item_choices, target=ac.target_or_self_choices, game=game_autocomplete)
    async def use(self, interaction: discord.Interaction, use: app_commands.Choice[str], item: str | None = None,
                  target: str | None = None, game: int | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            value = {"kind": "use_item", "use": use.value, "item": r.item(item), "target": r.student(target)}
            return await self.save(ctx, "action", value, r)
        await self.run(interaction, game, work)

    @app_commands.command(name="defend", description=ui("cmd_defend"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def defend(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, lambda ctx: self.save(ctx, "action", {"kind": "defend"}))

    @app_commands.command(name="search", description=ui("cmd_search"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete)
    async def search(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.run(interaction, game, lambda ctx: self.save(ctx, "action", {"kind": "search"}))

    async def _targeted(self, interaction: discord.Interaction, kind: str, target: str, game: int | None,
                        **extra: object) -> None:
        async def work(ctx: Ctx) -> str:
            r = await self.resolver(ctx)
            return await self.save(ctx, "action", {"kind": kind, "target": r.student(target), **extra}, r)
        await self.run(interaction, game, work)

    @app_commands.command(name="cover", description=ui("cmd_cover"))
    @app_commands.describe(target=ui("opt_cover_target"), game=GAME)
    @app_commands.autocomplete(target=ac.target_choices, game=game_autocomplete)
    async def cover(self, interaction: discord.Interaction, target: str, game: int | None = None) -> None:
        await self._targeted(interaction, "cover", target, game)

    @app_commands.command(name="analyze", description=ui("cmd_analyze"))
    @app_commands.describe(target=ui("opt_analyze_target"), game=GAME)
    @app_commands.autocomplete(target=ac.target_choices, game=game_autocomplete)
    async def analyze(self, interaction: discord.Interaction, target: str, game: int | None = None) -> None:
        await self._targeted(interaction, "analyze", target, game)

    @app_commands.command(name="heal", description=ui("cmd_heal"))
    @app_commands.describe(target=ui("opt_heal_target"), first_aid_kit=ui("opt_first_aid_kit"), game=GAME)
    @app_commands.autocomplete(target=ac.target_or_self_choices, game=game_autocomplete)
    async def heal(self, interaction: discord.Interaction, target: str, first_aid_kit: bool = False,
                   game: int | None = None) -> None:
        await self._targeted(interaction, "heal", target, game, first_aid_kit=first_aid_kit)


COG = ActionsCog
