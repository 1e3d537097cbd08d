"""/team say: a player's words to the other members of their private group in a game, by DM.

A game may put players in private groups (`Ruleset.groups`: a mafia's team); the bot keeps a private thread
for each, where its members talk. When Discord refuses that thread (the bot may not create private threads in
the game channel), `/team say text:` is the fallback: the bot sends the words by DM to the group's other
members (`bot.services.people.groups.relay`), escaped and pinging nobody. While the thread works the command is
refused and points to it. The reply is ephemeral, like every reply.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.services.people import groups
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.respond import Reply
from bot.ui.text import ui

SayText = app_commands.Range[str, 1, groups.SAY_MAX]
GroupName = app_commands.Range[str, 1, 100]


class TeamCog(GameCog):
    team_group = app_commands.Group(name="team", description=ui("cmd_team"))

    @team_group.command(name="say", description=ui("cmd_team_say"))
    @app_commands.describe(text=ui("opt_team_text"), group=ui("opt_team_group"), game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def say(
        self,
        interaction: discord.Interaction,
        text: SayText,
        group: GroupName | None = None,
        game: GameNumber | None = None,
    ) -> None:
        async def work(ctx: Ctx) -> Reply:
            return Reply(content=await groups.relay(ctx.db, ctx.game_id, ctx.user_id, text, group))

        await self.run(interaction, game, work)


COG = TeamCog
