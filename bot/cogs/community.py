"""The community's commands (issue 24): `/profile [user]` (a player's games per game type, wins, survivals, the
games' headline figures, and reliability: the whole record for one's own profile, the tier for another's;
`/profile language:` chooses the language the bot writes to the caller in, or `auto` for their Discord's),
`/leaderboard game:` (a server's best players of one game type) and `/sub volunteer|withdraw` (a server's list
of substitutes for absent players). Each reads or writes through one service (`bot.services.people.profiles`,
`records`, `absence`) and answers the caller alone."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.languages.catalogue import available
from bot.languages.reader import language_of, localized
from bot.screens.profile import board_lines, profile_lines
from bot.services.base import limits
from bot.services.people import absence, profiles, readers
from bot.ui.context import GameCog
from bot.ui.respond import refusing, respond
from bot.ui.text import ui
from engine import registry

Language = app_commands.Range[str, 1, limits.SETTING_VALUE_MAX]


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
    @app_commands.describe(user=ui("opt_profile_user"), language=ui("opt_profile_language"))
    async def profile(
        self, interaction: discord.Interaction, user: discord.User | None = None, language: Language | None = None
    ) -> None:
        async with refusing(interaction):
            if language is not None:
                await respond(interaction, await self._choose_language(interaction, user, language))
                return
            who = user.id if user is not None else interaction.user.id
            shown = await profiles.profile(self.db, who)
            await respond(interaction, "\n".join(profile_lines(shown, own=who == interaction.user.id)))

    async def _choose_language(self, interaction: discord.Interaction, user: discord.User | None, value: str) -> str:
        """`/profile language:`: the caller's own language from now on, confirmed in it."""
        if user is not None and user.id != interaction.user.id:
            return ui("language_own_only")
        chosen = await readers.choose(self.db, interaction.user.id, value)
        language = chosen or language_of(interaction)
        said = ui("language_chosen" if chosen else "language_automatic", name=readers.name_of(language), tag=language)
        return localized(said, language)

    @profile.autocomplete("language")
    async def language_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        automatic = str(localized(ui("language_choice_automatic"), language_of(interaction)))
        offered = [(automatic, readers.AUTOMATIC[0])] + [(readers.name_of(tag), tag) for tag in available()]
        wanted = current.strip().lower()
        return [
            app_commands.Choice(
                name=f"{name} ({value})"[:100] if value != readers.AUTOMATIC[0] else name[:100], value=value
            )
            for name, value in offered
            if wanted in name.lower() or wanted in value.lower()
        ][:25]

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
