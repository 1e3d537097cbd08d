"""The community's commands (issue 24): `/profile [user]` (a player's games per game type, wins, survivals, the
games' headline figures, and reliability: the whole record for one's own profile, the tier for another's),
`/leaderboard game:` (a server's best players of one game type) and `/sub volunteer|withdraw` (a server's list
of substitutes for absent players). Each reads or writes through one service (`bot.services.people.profiles`,
`records`, `absence`) and answers the caller alone."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.screens.profile import board_lines, profile_lines
from bot.services.people import absence, profiles
from bot.ui.context import GameCog
from bot.ui.respond import refusing, respond
from bot.ui.text import ui
from engine import registry


def game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=(front.title or name)[:100], value=name)
        for name, front in sorted(registry.fronts().items())
    ][:25]


class CommunityCog(GameCog):
    sub_group = app_commands.Group(name="sub", description=ui("cmd_sub"), guild_only=True)

    @sub_group.command(name="volunteer", description=ui("cmd_sub_volunteer"))
    async def sub_volunteer(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            assert interaction.guild_id is not None  # guild_only
            user = interaction.user
            name = getattr(user, "display_name", None) or user.name
            added = await absence.volunteer(self.db, interaction.guild_id, user.id, name, self.bot.clock())
            await respond(interaction, ui("sub_added" if added else "sub_already"))

    @sub_group.command(name="withdraw", description=ui("cmd_sub_withdraw"))
    async def sub_withdraw(self, interaction: discord.Interaction) -> None:
        async with refusing(interaction):
            assert interaction.guild_id is not None  # guild_only
            removed = await absence.withdraw(self.db, interaction.guild_id, interaction.user.id)
            await respond(interaction, ui("sub_removed" if removed else "sub_not_on"))

    @app_commands.command(name="profile", description=ui("cmd_profile"))
    @app_commands.describe(user=ui("opt_profile_user"))
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async with refusing(interaction):
            who = user.id if user is not None else interaction.user.id
            shown = await profiles.profile(self.db, who)
            await respond(interaction, "\n".join(profile_lines(shown, own=who == interaction.user.id)))

    @app_commands.command(name="leaderboard", description=ui("cmd_leaderboard"))
    @app_commands.describe(game=ui("opt_leaderboard_game"))
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        async with refusing(interaction):
            if interaction.guild_id is None:
                await respond(interaction, ui("board_in_guild"))
                return
            standings = await profiles.leaderboard(self.db, interaction.guild_id, game.value)
            await respond(interaction, "\n".join(board_lines(game.name, standings)))


COG = CommunityCog
