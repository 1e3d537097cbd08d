"""Moderator commands: /game (create, open, start, pause, resume, extend, end, settings), /resolve (now,
preview) and /mod (substitute, orders, audit, rolls, and the games' own actions on a player, declared by their
fronts and built by `bot.cogs.mod_actions`: kill, revive, give, take...).

Every command first checks that the caller moderates (Manage Server, or the server's moderator role set with
`/game settings moderator_role`: one role per server, for all its games), answers only them (ephemeral), and
leaves the work to `bot.services.moderators.moderation` and `bot.services.moderators.game_admin`. The commands
act on the game of the channel they are used in, and work only in servers. Every command but `/mod orders`
defers at once: each one writes (and waits for SQLite's single writer, which a resolution may hold) or runs
the engine, and Discord allows 3 seconds for the first answer. Long answers (the preview, the settings) are
split into several messages within Discord's limit; `/mod audit` shows a page of the most recent entries.
The actions' autocomplete is offered to moderators only.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.mod_actions import add_actions, channel_game
from bot.cogs.setups import SetupNumber, playable_autocomplete
from bot.db.models import DEFAULT_DEADLINE_TIME
from bot.delivery.written import escaped_cards
from bot.languages.reader import localized
from bot.screens import muster as muster_screen
from bot.screens import orders as order_screen
from bot.screens.split import pack
from bot.services.base import limits
from bot.services.moderators import game_admin, moderation
from bot.services.orders import day_actions, dice, order_card, player_views
from bot.services.people import readers, spectators
from bot.services.signup import data_files, sheets
from bot.text import when
from bot.ui import order_card as order_buttons
from bot.ui.cards import embeds
from bot.ui.context import Ctx, GameCog, caller_of, require_moderator
from bot.ui.respond import Reply, defer, refusing, respond
from bot.ui.text import ui
from engine import registry
from engine.front import Front
from engine.keyed import joined

LIMIT = 2000  # characters in one Discord message
USER_KEYS = {"user_id": "player", "old_user": "from", "new_user": "to"}  # audit details naming a user
IN_GUILD = app_commands.AppCommandContext(guild=True)  # never offered in DMs
# Shown by default only to members who may manage the server (a server gives its moderator role the
# commands in Server Settings > Integrations); every command still checks the caller's rights itself.
MODERATORS = discord.Permissions(manage_guild=True)
AUDIT_PAGE = 25  # audit entries per /mod audit page
# Every option bounded (the services check the same limits again: bot.services.base.limits)
GameName = app_commands.Range[str, 1, limits.GAME_NAME_MAX]
Time = app_commands.Range[str, 1, limits.TIME_MAX]
Zone = app_commands.Range[str, 1, limits.TIMEZONE_MAX]
Cap = app_commands.Range[int, 1, limits.SIGNUP_CAP_MAX]
Hours = app_commands.Range[float, 0, limits.HOURS_MAX]
Note = app_commands.Range[str, 1, limits.NOTE_MAX]
SettingName = app_commands.Range[str, 1, limits.SETTING_NAME_MAX]
SettingValue = app_commands.Range[str, 1, limits.SETTING_VALUE_MAX]
Page = app_commands.Range[int, 1, 100_000]


def game_choices() -> list[app_commands.Choice[str]]:
    """`/game create`'s games: every installed game by its title, as a choice list (Discord holds 25; past that
    the moderator types the game's name, checked by the service as before)."""
    games = [app_commands.Choice(name=registry.title(name)[:100], value=name) for name in registry.names()]
    return games if len(games) <= 25 else []


def data_file_description() -> str:
    """The create command's `file` option in words: the game's own description of the file it takes, or the
    bot's when several installed games take one (or none does)."""
    taken = [front.signup.data.file.description for front in registry.fronts().values() if front.signup.data]
    if len(taken) == 1 and len(taken[0]) <= 100:  # Discord's longest option description
        return taken[0]
    return ui("opt_data_file") if taken else ui("opt_data_file_none")


async def send_all(interaction: discord.Interaction, lines: list[str]) -> str:
    """Send all but the last message now (ephemeral follow-ups); the command's reply is the last. Each line is put in
    the reader's language before the lines are packed into messages (a message of several lines is a plain text)."""
    messages = pack([localized(line) for line in lines], LIMIT) or [""]
    for message in messages[:-1]:
        await respond(interaction, message)
    return messages[-1]


def shown(value: Any) -> str:
    if value is None:
        return ui("mod_none")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def moderated_lines(done: moderation.Moderated) -> list[str]:
    return (
        [done.done]
        + [ui("mod_posted", text=t) for t in done.posted]
        + [ui("mod_told", name=n, text=t) for n, t in done.told]
        + [ui("mod_note", text=t) for t in done.notes]
    )


def preview_lines(preview: game_admin.Preview, front: Front | None = None) -> list[str]:
    """The preview as the moderator reads it; its day named in the game's words (`front`)."""
    step = (front or Front(title="")).words.name(preview.day)
    lines = [ui("mod_preview_title", step=step), ui("mod_preview_public")]
    lines += preview.public or [ui("mod_preview_nothing")]
    for name, texts in preview.private:
        lines += [ui("mod_preview_to", name=name), *texts]
    if preview.moderators:
        lines += [ui("mod_preview_moderators"), *preview.moderators]
    if preview.over:
        lines.append(ui("mod_preview_over"))
    return lines


def audit_line(entry) -> str:
    details = []
    for key, value in sorted((entry.details or {}).items(), key=lambda kv: (kv[0] not in USER_KEYS, kv[0] == "notes")):
        if value is None:
            continue
        if key in USER_KEYS:
            key, value = USER_KEYS[key], f"<@{value}>"
        elif isinstance(value, list):
            value = " ".join(map(str, value))
        details.append(f"{key} {value}")
    actor = f"<@{entry.actor_id}>" if entry.actor_id is not None else ui("mod_audit_bot")
    moment = f"{entry.at:%Y-%m-%d %H:%M}" if entry.at is not None else "?"
    return ui("mod_audit_line", when=moment, actor=actor, action=entry.action, details=", ".join(details))


def roll_line(row) -> str:
    """One stored /roll as `/mod rolls` lists it (the label is the player's: escaped, as in the channel)."""
    return ui(
        "mod_rolls_line",
        when=f"{row.rolled_at:%Y-%m-%d %H:%M}",
        seq=row.seq,
        actor=f"<@{row.user_id}>",
        secret=ui("mod_rolls_secret") if row.secret else "",
        expression=row.expression.replace("`", "'"),
        text=row.text,
    )


def audit_page(trail: list, page: int, title: str, line=audit_line, command: str = "audit") -> list[str]:
    """Page `page` of the trail (1: the most recent AUDIT_PAGE entries), oldest first, with how many older
    entries there are and how to see them (`/mod <command> page:`); `line` shows one entry."""
    pages = max(1, -(-len(trail) // AUDIT_PAGE))
    if page > pages:
        return [ui("mod_audit_no_page", page=page, pages=pages)]
    end = len(trail) - (page - 1) * AUDIT_PAGE
    start = max(0, end - AUDIT_PAGE)
    lines = [ui("mod_audit_page", title=title, first=start + 1, last=end, total=len(trail))]
    lines += [line(entry) for entry in trail[start:end]]
    if start:
        lines.append(ui("mod_audit_older", count=start, page=page + 1, command=command))
    return lines


class ModerationCog(GameCog):
    """The moderators' commands. Each one: check rights, call one service, answer the moderator alone."""

    def __init__(self, bot) -> None:
        super().__init__(bot)
        # the games installed when the bot starts (a game added by a test or an entry point after this module
        # was imported is offered too)
        for command in self.walk_app_commands():
            if command.qualified_name == "game create" and isinstance(command, app_commands.Command):
                command._params["ruleset"].choices = game_choices()  # type: ignore[assignment]  # str choices

    game_group = app_commands.Group(
        name="game",
        description=ui("cmd_game"),
        guild_only=True,
        allowed_contexts=IN_GUILD,
        default_permissions=MODERATORS,
    )
    resolve_group = app_commands.Group(
        name="resolve",
        description=ui("cmd_resolve"),
        guild_only=True,
        allowed_contexts=IN_GUILD,
        default_permissions=MODERATORS,
    )
    mod_group = app_commands.Group(
        name="mod",
        description=ui("cmd_mod"),
        guild_only=True,
        allowed_contexts=IN_GUILD,
        default_permissions=MODERATORS,
    )

    async def moderate(self, interaction: discord.Interaction, work, slow: bool = True) -> None:
        await self.run(interaction, None, work, moderator=True, slow=slow)

    # --- /game ---------------------------------------------------------------------------------
    @game_group.command(name="create", description=ui("cmd_game_create"))
    @app_commands.describe(
        name=ui("opt_game_name"),
        deadline_time=ui("opt_deadline_time"),
        timezone=ui("opt_timezone"),
        signup_cap=ui("opt_signup_cap"),
        early_resolution=ui("opt_early_resolution"),
        ruleset=ui("opt_ruleset"),
        file=data_file_description(),
        setup=ui("opt_game_setup"),
    )
    @app_commands.choices(ruleset=game_choices())
    @app_commands.autocomplete(setup=playable_autocomplete)
    async def game_create(
        self,
        interaction: discord.Interaction,
        name: GameName,
        deadline_time: Time = DEFAULT_DEADLINE_TIME,
        timezone: Zone = "UTC",
        signup_cap: Cap | None = None,
        early_resolution: bool = True,
        ruleset: str = registry.DEFAULT,
        file: discord.Attachment | None = None,
        setup: SetupNumber | None = None,
    ) -> None:
        async with refusing(interaction):
            await require_moderator(self.bot, interaction)
            await defer(interaction)
            assert interaction.guild_id is not None and interaction.channel_id is not None  # moderators: never a DM
            data = None
            if file is not None:  # read and checked before anything is created
                data = await data_files.read_data_file(ruleset, file.filename, file.size, file.read)
            game = await game_admin.create(
                self.db,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                actor_id=caller_of(interaction),
                name=name,
                ruleset=ruleset,
                deadline_time=deadline_time,
                timezone=timezone,
                signup_cap=signup_cap,
                early_resolution=early_resolution,
                data=data,
                language=readers.default_for_server(getattr(interaction, "guild_locale", None)),  # the server's
                setup=setup,
            )
            created = ui("mod_created", id=game.id, name=game.name)
            await respond(interaction, f"{created}\n{data.summary}" if data is not None else created)

    @game_group.command(name="open", description=ui("cmd_game_open"))
    async def game_open(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> str:
            game = await game_admin.open_signups(ctx.db, ctx.game_id, ctx.caller)
            return ui("mod_opened", name=game.name)

        await self.moderate(interaction, work)

    @game_group.command(name="start", description=ui("cmd_game_start"))
    async def game_start(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> str:
            begun = await game_admin.start(ctx.db, ctx.game_id, ctx.caller, ctx.now)
            game = begun.game
            if not begun.started:
                return muster_screen.opened_reply(game.name, begun.until)
            step = registry.front(game.ruleset).words.name(game.day)
            return ui("mod_started", name=game.name, step=step, deadline=when(game.deadline))

        await self.moderate(interaction, work)

    @game_group.command(name="watch", description=ui("cmd_game_watch"))
    async def game_watch(self, interaction: discord.Interaction) -> None:
        """Anyone (not only moderators): watch the channel's game from its thread for the dead and spectators."""

        async def work(ctx: Ctx) -> str:
            return await spectators.watch(ctx.db, ctx.game_id, ctx.user_id)

        await self.run(interaction, None, work, slow=True)

    @game_group.command(name="pause", description=ui("cmd_game_pause"))
    @app_commands.describe(hours=ui("opt_pause_hours"))
    async def game_pause(self, interaction: discord.Interaction, hours: Hours | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            until = await moderation.pause_for(ctx.db, ctx.game_id, ctx.caller, ctx.now, hours)
            return ui("mod_paused_until", until=when(until)) if until else ui("mod_paused")

        await self.moderate(interaction, work)

    @game_group.command(name="resume", description=ui("cmd_game_resume"))
    async def game_resume(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> str:
            deadline = await moderation.resume(ctx.db, ctx.game_id, ctx.caller, ctx.now)
            return ui("mod_resumed_until", deadline=when(deadline)) if deadline else ui("mod_resumed")

        await self.moderate(interaction, work)

    @game_group.command(name="extend", description=ui("cmd_game_extend"))
    @app_commands.describe(hours=ui("opt_hours"))
    async def game_extend(self, interaction: discord.Interaction, hours: Hours) -> None:
        async def work(ctx: Ctx) -> str:
            deadline = await moderation.extend(ctx.db, ctx.game_id, ctx.caller, hours)
            return ui("mod_extended", deadline=when(deadline))

        await self.moderate(interaction, work)

    @game_group.command(name="end", description=ui("cmd_game_end"))
    @app_commands.describe(reason=ui("opt_reason"))
    async def game_end(self, interaction: discord.Interaction, reason: Note | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await moderation.end(ctx.db, ctx.game_id, ctx.caller, reason)
            return ui("mod_ended", name=ctx.game.name)

        await self.moderate(interaction, work)

    @game_group.command(name="settings", description=ui("cmd_game_settings"))
    @app_commands.describe(name=ui("opt_setting"), value=ui("opt_value"))
    async def game_settings(
        self, interaction: discord.Interaction, name: SettingName | None = None, value: SettingValue | None = None
    ) -> None:
        async def work(ctx: Ctx) -> str:
            if name is not None and value is not None:
                changed = await game_admin.change_setting(ctx.db, ctx.game_id, ctx.caller, name, value)
                lines = [ui("mod_setting_changed", name=changed.name, value=shown(changed.value))]
                if changed.next_day:
                    lines.append(ui("mod_setting_next_day"))
                if changed.promoted:
                    lines.append(ui("mod_promoted", users=", ".join(f"<@{u}>" for u in changed.promoted)))
                if changed.out_of_play:
                    asked = joined(
                        ", ", [ui("mod_asked_role", user=f"<@{u}>", role=role) for u, role in changed.out_of_play]
                    )
                    lines.append(ui("mod_requests_out_of_play", players=asked))
                return joined("\n", lines)
            settings = await game_admin.settings_of(ctx.db, ctx.game_id)
            if name is not None and name in settings:
                return ui("mod_setting_line", name=name, value=shown(settings[name]))
            title = ui("mod_settings_title", id=ctx.game_id, name=ctx.game.name, status=ctx.game.status)
            return await send_all(
                interaction, [title] + [ui("mod_setting_line", name=k, value=shown(v)) for k, v in settings.items()]
            )

        await self.moderate(interaction, work)

    @game_settings.autocomplete("name")
    async def setting_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = await channel_game(interaction)
        if game is None:
            return []
        names = await game_admin.settings_of(self.db, game.id)
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]

    # --- /resolve ------------------------------------------------------------------------------
    @resolve_group.command(name="now", description=ui("cmd_resolve_now"))
    async def resolve_now(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> str:
            done = await moderation.resolve_now(ctx.db, ctx.game_id, ctx.caller, ctx.now)
            step = registry.front(ctx.game.ruleset).words.name(done.day)
            return ui("mod_resolved_over" if done.over else "mod_resolved", step=step)

        await self.moderate(interaction, work)

    @resolve_group.command(name="preview", description=ui("cmd_resolve_preview"))
    async def resolve_preview(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> str:
            preview = await game_admin.preview_day(ctx.db, ctx.game_id, ctx.caller)
            return await send_all(interaction, preview_lines(preview, registry.front(ctx.game.ruleset)))

        await self.moderate(interaction, work)

    # --- /mod ----------------------------------------------------------------------------------
    @mod_group.command(name="substitute", description=ui("cmd_mod_substitute"))
    @app_commands.describe(old=ui("opt_old_player"), new=ui("opt_new_player"))
    async def mod_substitute(self, interaction: discord.Interaction, old: discord.Member, new: discord.Member) -> None:
        async def work(ctx: Ctx) -> str:
            new_name = getattr(new, "display_name", None) or new.name
            old_name = await moderation.substitute(ctx.db, ctx.game_id, ctx.caller, old.id, new.id, new_name, ctx.now)
            return ui("mod_substituted", new=new_name, old=old_name)

        await self.moderate(interaction, work)

    @mod_group.command(name="orders", description=ui("cmd_mod_orders"))
    async def mod_orders(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> list[Reply] | str:
            without, unsent = await day_actions.awaited_players(ctx.db, ctx.game_id, ctx.caller)
            said = [ui("mod_waiting", names=", ".join(without))] if without else []
            said += [ui("mod_unsent", names=", ".join(unsent))] if unsent else []
            text = "\n".join(localized(line) for line in said) or ui("mod_all_in")  # each line in the reader's words
            if ctx.game.status != "running":
                return text
            # the orders card of each of the game master's characters that may act now, as a player's own card
            # (Change, Withdraw, Add an order: `bot.ui.order_card.GameMasterPress`); or one line saying why none
            # a page of them at a time (`GM_CARDS_PAGE`), the last message turning to the next (a large cast)
            found = await order_card.game_master_cards(
                ctx.db, ctx.game_id, ctx.user_id, ctx.caller, per_page=order_screen.GM_CARDS_PAGE
            )
            if not found.cards:
                return f"{localized(text)}\n{localized(order_screen.gm_none(found.has_characters))}"
            return order_buttons.game_master_replies(text, found, ctx.user_id)

        await self.moderate(interaction, work, slow=False)  # one read: answered at once

    @mod_group.command(name="view", description=ui("cmd_mod_view"))
    async def mod_view(self, interaction: discord.Interaction) -> None:
        async def work(ctx: Ctx) -> Reply | str:
            if ctx.game.status in ("setup", "signup"):  # before the start: the sheets players attached, if any
                listed = await sheets.signup_sheets(ctx.db, ctx.game_id, ctx.caller)
                return "\n".join(listed) if listed else ui("mod_view_not_started", game=ctx.game.name)
            view = await player_views.gm_view(ctx.db, ctx.game_id, ctx.caller)
            cards = await escaped_cards(ctx.db, ctx.game_id, registry.front(ctx.game.ruleset).cards.gm(view))
            return Reply(embeds=embeds(cards)) if cards else ui("mod_view_none")

        await self.moderate(interaction, work, slow=False)  # one read: answered at once

    @mod_group.command(name="audit", description=ui("cmd_mod_audit"))
    @app_commands.describe(page=ui("opt_audit_page"))
    async def mod_audit(self, interaction: discord.Interaction, page: Page = 1) -> None:
        async def work(ctx: Ctx) -> str:
            trail = await moderation.audit_trail(ctx.db, ctx.game_id, ctx.caller)
            if not trail:
                return ui("mod_audit_empty")
            title = ui("mod_audit_title", id=ctx.game_id, name=ctx.game.name)
            return await send_all(interaction, audit_page(trail, page, title))

        await self.moderate(interaction, work)

    @mod_group.command(name="rolls", description=ui("cmd_mod_rolls"))
    @app_commands.describe(page=ui("opt_audit_page"))
    async def mod_rolls(self, interaction: discord.Interaction, page: Page = 1) -> None:
        async def work(ctx: Ctx) -> str:
            rolls = await dice.rolls_of_game(ctx.db, ctx.game_id, ctx.caller)
            if not rolls:
                return ui("mod_rolls_empty")
            title = ui("mod_rolls_title", id=ctx.game_id, name=ctx.game.name)
            return await send_all(interaction, audit_page(rolls, page, title, roll_line, "rolls"))

        await self.moderate(interaction, work)

    async def act(
        self, interaction: discord.Interaction, action: str, user: discord.Member | None, options: dict[str, Any]
    ) -> None:
        """A game's own action on a player, or on the fight (`user` None) (`bot.cogs.mod_actions`): done by the
        game's rules, then told."""

        async def work(ctx: Ctx) -> str:
            values = {k: getattr(v, "value", v) for k, v in options.items()}
            who = user.id if user is not None else None
            done = await moderation.act(ctx.db, ctx.game_id, ctx.caller, who, action, values)
            return await send_all(interaction, moderated_lines(done))

        await self.moderate(interaction, work)


add_actions(ModerationCog.mod_group, ModerationCog.__name__)
COG = ModerationCog
