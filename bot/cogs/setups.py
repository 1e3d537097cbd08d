"""/setup: a community's own versions of a game (issue 32; docs/setups.md), one command group over
`bot.services.setups`: `save` (from a game's current settings, for its moderators, or from a setup file or a
game's plain data file: a map, a deck, a roster, of the game `ruleset:` or `game:` names, else of the
channel's game, else of the only game that takes it, the reply saying which and what the file holds),
`show`, `list`, `fork`, `edit`, `share`, `delete` (the author's: the games played with it keep their record)
and, for a server's moderators, `hide`.

Every command defers at once (saving writes, and SQLite's one writer may be busy with a resolution), so Discord's
3 seconds are never at stake, and answers the caller alone. A saved version's balance is predicted in the
background (`bot.services.setups.predict.start`: a worker process plays it); the reply says so at once,
`/setup show` shows how far it got, and a follow-up tells the saver the result. The `setup` option is
autocompleted with the setups the caller may read here (`setups.listed`): never someone else's private setup,
never one this server hid from another author (and `/game create setup:` never one this server hid at all).
"""

from __future__ import annotations

from typing import Any

import discord
import yaml
from discord import app_commands

from bot.screens import setup as setup_screen
from bot.services.base import limits, lookup
from bot.services.base.errors import ServiceError
from bot.services.pages import public_pages
from bot.services.setups import files, predict, setups
from bot.ui.context import (
    GameCog,
    GameNumber,
    bot_of,
    game_autocomplete,
    in_dm,
    is_moderator,
    parent_channel,
    require_moderator,
)
from bot.ui.respond import defer, refusing, respond
from bot.ui.text import ui
from engine import registry

SetupNumber = app_commands.Range[int, 1, limits.INTEGER_MAX]
SetupName = app_commands.Range[str, 1, setups.NAME_MAX]
Changelog = app_commands.Range[str, 1, setups.CHANGELOG_MAX]
SettingName = app_commands.Range[str, 1, limits.SETTING_NAME_MAX]
SettingValue = app_commands.Range[str, 1, limits.SETTING_VALUE_MAX]
VersionNumber = app_commands.Range[int, 1, 100_000]
SCOPES = ("all", "mine", "server", "public", "played")


def title(ruleset: str) -> str:
    try:
        return registry.title(ruleset)
    except KeyError:
        return ruleset


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=title(name)[:100], value=name) for name in registry.names()][:25]


def choices_of(infos: list[setups.SetupInfo]) -> list[app_commands.Choice[int]]:
    return [
        app_commands.Choice(
            name=ui("setup_choice", id=i.id, name=i.name, game=title(i.ruleset), number=i.latest.number)[:100],
            value=i.id,
        )
        for i in infos
    ][:25]


async def setup_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The setups the caller may read here whose name holds what they typed."""
    found = await setups.listed(
        bot_of(interaction).db, user_id=interaction.user.id, guild_id=interaction.guild_id, typed=current.strip()
    )
    return choices_of(found)


async def playable_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """`/game create setup:`: as `setup_autocomplete`, and never one this server hid (not even the caller's)."""
    found = await setups.listed(
        bot_of(interaction).db,
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        typed=current.strip(),
        own_hidden=False,
    )
    return choices_of(found)


def value_of(text: str) -> Any:
    """A typed setting's value as data: `true`, `10`, `0.5`, `null`, a word (YAML's safe reading of one line,
    without aliases, as a setup file is read)."""
    try:
        return files.parsed_value(text) if text.strip() else None
    except yaml.YAMLError:
        raise ServiceError(ui("setup_value_unreadable")) from None


async def uploaded(file: discord.Attachment) -> bytes:
    if file.size > files.FILE_MAX_BYTES:
        raise ServiceError(ui("setup_file_too_big", most=files.FILE_MAX_BYTES // 1024))
    return await file.read()


class SetupCog(GameCog):
    """/setup: each command reads its options, calls one service, and answers the caller alone."""

    setup_group = app_commands.Group(name="setup", description=ui("cmd_setup"))

    async def predicting(self, interaction: discord.Interaction, info: setups.SetupInfo) -> str:
        """Start predicting the latest version's balance in the background (the caller is told the result in a
        follow-up when it is known); the line saying so."""
        latest = info.latest

        async def told(done: predict.Prediction) -> None:
            balance = setup_screen.balance_line(setups.Balance(done, None, info.ruleset))
            await respond(interaction, ui("setup_predicted", name=info.name, number=latest.number, balance=balance))

        await predict.start(self.db, latest.id, on_done=told)
        return ui("setup_predicting", id=info.id)

    @setup_group.command(name="save", description=ui("cmd_setup_save"))
    @app_commands.describe(
        name=ui("opt_setup_name"), game=ui("opt_setup_game"), file=ui("opt_setup_file"),
        changelog=ui("opt_setup_changelog"), ruleset=ui("opt_setup_file_game"),
    )  # fmt: skip
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(ruleset=game_choices())
    async def save(
        self,
        interaction: discord.Interaction,
        name: SetupName | None = None,
        game: GameNumber | None = None,
        file: discord.Attachment | None = None,
        changelog: Changelog | None = None,
        ruleset: str | None = None,
    ) -> None:
        async with refusing(interaction):
            await defer(interaction)
            user, guild = interaction.user.id, interaction.guild_id
            lines: list[str] = []
            if file is not None:
                raw = await uploaded(file)
                if ruleset is None and game is not None:  # a data file of the game `game:` names
                    ruleset = (await self.context(interaction, game)).game.ruleset
                here = None
                if ruleset is None and not in_dm(interaction) and interaction.channel_id is not None:
                    here = await lookup.game_in_channel(self.db, interaction.channel_id, parent_channel(interaction))
                made = await files.saved_file(
                    self.db, raw, author_id=user, guild_id=guild, visibility="private", name=name,
                    filename=file.filename, ruleset=ruleset, changelog=changelog,
                    fallback=here.ruleset if here is not None else None,
                )  # fmt: skip
                info = made.info
                if made.chosen in ("channel", "only"):  # the file did not say its game: say which was taken
                    lines.append(ui(f"setup_file_game_{made.chosen}", game=title(info.ruleset)))
                if made.summary:  # what the game's loader read, as /game create file: says it
                    lines.append(made.summary)
            else:
                ctx = await self.context(interaction, game)
                if in_dm(interaction) or not await is_moderator(self.bot, interaction):
                    raise ServiceError(ui("setup_save_moderators"))
                info = await setups.save_from_game(self.db, ctx.game_id, name=name, author_id=user, changelog=changelog)
            saved = ui("setup_saved", id=info.id, name=info.name, game=title(info.ruleset), number=info.latest.number)
            await respond(interaction, "\n".join([saved, *lines, await self.predicting(interaction, info)]))

    @setup_group.command(name="show", description=ui("cmd_setup_show"))
    @app_commands.describe(setup=ui("opt_setup"))
    @app_commands.autocomplete(setup=setup_autocomplete)
    async def show(self, interaction: discord.Interaction, setup: SetupNumber) -> None:
        async with refusing(interaction):
            await defer(interaction)
            info = await setups.show(self.db, setup, user_id=interaction.user.id, guild_id=interaction.guild_id)
            balances = await setups.balance(self.db, [v.id for v in info.versions])
            lines = setup_screen.show_lines(info, title(info.ruleset), balances)
            if info.visibility == "public":  # only a public setup has a page
                lines.append(ui("setup_on_web", url=f"{public_pages.base_url()}/s/{info.id}"))
            await respond(interaction, "\n".join(lines))

    @setup_group.command(name="list", description=ui("cmd_setup_list"))
    @app_commands.describe(ruleset=ui("opt_setup_list_game"), scope=ui("opt_setup_scope"), name=ui("opt_setup_typed"))
    @app_commands.choices(
        ruleset=game_choices(),
        scope=[app_commands.Choice(name=ui(f"setup_scope_{s}"), value=s) for s in SCOPES],
    )
    async def list_(
        self,
        interaction: discord.Interaction,
        ruleset: str | None = None,
        scope: str = "all",
        name: SetupName | None = None,
    ) -> None:
        async with refusing(interaction):
            await defer(interaction)
            found = await setups.listed(
                self.db,
                user_id=interaction.user.id,
                guild_id=interaction.guild_id,
                ruleset=ruleset,
                scope=scope if scope in SCOPES else "all",
                typed=(name or "").strip(),
            )
            await respond(interaction, "\n".join(setup_screen.list_lines(found, title)))

    @setup_group.command(name="fork", description=ui("cmd_setup_fork"))
    @app_commands.describe(setup=ui("opt_setup"), name=ui("opt_setup_name"), version=ui("opt_setup_version"))
    @app_commands.autocomplete(setup=setup_autocomplete)
    async def fork(
        self,
        interaction: discord.Interaction,
        setup: SetupNumber,
        name: SetupName,
        version: VersionNumber | None = None,
    ) -> None:
        async with refusing(interaction):
            await defer(interaction)
            info = await setups.fork(
                self.db, setup, author_id=interaction.user.id, guild_id=interaction.guild_id, name=name, version=version
            )
            done = ui("setup_fork_saved", id=info.id, name=info.name, game=title(info.ruleset))
            await respond(interaction, f"{done}\n{await self.predicting(interaction, info)}")

    @setup_group.command(name="edit", description=ui("cmd_setup_edit"))
    @app_commands.describe(
        setup=ui("opt_setup"), changelog=ui("opt_setup_changelog"), setting=ui("opt_setup_setting"),
        value=ui("opt_setup_value"), file=ui("opt_setup_changes"),
    )  # fmt: skip
    @app_commands.autocomplete(setup=setup_autocomplete)
    async def edit(
        self,
        interaction: discord.Interaction,
        setup: SetupNumber,
        changelog: Changelog,
        setting: SettingName | None = None,
        value: SettingValue | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        async with refusing(interaction):
            await defer(interaction)
            changes: dict[str, Any] = {}
            if file is not None:
                data = files.parsed_mapping(await uploaded(file))
                if data is None:
                    raise ServiceError(ui("setup_changes_not_mapping"))
                changes.update(data)
            if setting is not None:
                changes[setting.strip()] = value_of(value or "")
            if not changes:
                raise ServiceError(ui("setup_changes_what"))
            info = await setups.edit(
                self.db, setup, author_id=interaction.user.id, changes=changes, changelog=changelog
            )
            latest = info.latest
            done = ui("setup_version_saved", name=info.name, number=latest.number, changelog=latest.changelog)
            await respond(interaction, f"{done}\n{await self.predicting(interaction, info)}")

    @setup_group.command(name="share", description=ui("cmd_setup_share"))
    @app_commands.describe(setup=ui("opt_setup"), visibility=ui("opt_setup_visibility"))
    @app_commands.autocomplete(setup=setup_autocomplete)
    @app_commands.choices(
        visibility=[app_commands.Choice(name=ui(f"setup_share_{v}"), value=v) for v in setups.VISIBILITIES]
    )
    async def share(self, interaction: discord.Interaction, setup: SetupNumber, visibility: str) -> None:
        async with refusing(interaction):
            await defer(interaction)
            info = await setups.share(self.db, setup, author_id=interaction.user.id, visibility=visibility)
            await respond(interaction, ui(f"setup_shared_{info.visibility}", name=info.name))

    @setup_group.command(name="delete", description=ui("cmd_setup_delete"))
    @app_commands.describe(setup=ui("opt_setup"))
    @app_commands.autocomplete(setup=setup_autocomplete)
    async def delete(self, interaction: discord.Interaction, setup: SetupNumber) -> None:
        async with refusing(interaction):
            await defer(interaction)
            name = await setups.delete(self.db, setup, author_id=interaction.user.id)
            await respond(interaction, ui("setup_deleted", name=name))

    @setup_group.command(name="hide", description=ui("cmd_setup_hide"))
    @app_commands.describe(setup=ui("opt_setup"), hidden=ui("opt_setup_hidden"))
    @app_commands.autocomplete(setup=setup_autocomplete)
    async def hide(self, interaction: discord.Interaction, setup: SetupNumber, hidden: bool = True) -> None:
        async with refusing(interaction):
            await require_moderator(self.bot, interaction)
            await defer(interaction)
            assert interaction.guild_id is not None  # moderators: never a DM
            info = await setups.show(self.db, setup, user_id=interaction.user.id, guild_id=interaction.guild_id)
            await setups.hide(self.db, info.id, guild_id=interaction.guild_id, hidden=hidden)
            await respond(interaction, ui("setup_hid" if hidden else "setup_unhid", name=info.name))


COG = SetupCog
