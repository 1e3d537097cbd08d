"""The Discord bot: a discord.py client whose slash commands (cogs) call the services, plus two loops.

`GameMasterBot` wires the pieces: the database, a clock (replaced in tests), the cogs, the persistent
buttons (answers to proposals and trades, withdrawing orders) that keep working after a restart, the deadline loop
(`bot.loops`) and the outbox delivery worker (`bot.delivery`). `run(settings)` is `brbot run`.

Nothing Discord sends goes unanswered (`bot.ui.fallback`): a command in an out-of-date shape and a button or
menu no handler knows get a short ephemeral answer. No message the bot sends can ping @everyone, @here or a
role (`allowed_mentions`); users are pinged only where a message names them on purpose.

The bot is discord.py's `AutoShardedBot`: one process connects the shards its settings name (all of them by
default), and several processes against one PostgreSQL share the shards out (`bot.sharding`,
docs/scaling.md). Only the process with shard 0 registers the slash commands.

With `BRBOT_DISCORD_API_BASE` (a REST proxy in front of Discord, docs/scaling.md), every REST request goes to
that address: the bot sets discord.py's `Route.BASE` when it logs in, and puts the old one back when it closes.
Route.BASE is discord.py's one place for the API's address (its own API-version switch sets it): its HTTP
client, the interaction answers and follow-ups (sent by its webhook adapter, not by the HTTP client) and the
gateway lookup (`GET /gateway/bot`) all build their URLs from it, so a subclass of the HTTP client would miss
the interactions. A process runs one bot, so the process-wide attribute is the bot's setting. The gateway's
websocket is not REST and does not go through a REST proxy: it is the address Discord's lookup gives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.db.session import Database

if TYPE_CHECKING:
    from bot.delivery.courier import Courier
    from bot.loops import Loops
    from bot.sharding import ShardClaim

log = logging.getLogger(__name__)


SHARD_CHECK_SECONDS = 10  # how often a process with an `auto` shard checks that it still holds it


def utcnow() -> datetime:
    return datetime.now(UTC)


def intents() -> discord.Intents:
    """Slash commands need no privileged intents: guilds (channels, threads) and DMs are enough."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    return wanted


def allowed_mentions() -> discord.AllowedMentions:
    """The default for every message: never @everyone, @here or a role; users named in it may be pinged."""
    return discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class CommandTree(app_commands.CommandTree):
    """The slash command tree, refusing a command whose shape is out of date before it runs."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        from bot.ui.fallback import OutdatedCommand, outdated

        if interaction.type is discord.InteractionType.application_command:
            problem = outdated(interaction)
            if problem is not None:
                raise OutdatedCommand(problem)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await self.client.on_tree_error(interaction, error)  # type: ignore[attr-defined]


class GameMasterBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        db: Database,
        *,
        clock: Callable[[], datetime] = utcnow,
        start_loops: bool = True,
        **options,
    ) -> None:
        options.setdefault("allowed_mentions", allowed_mentions())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=CommandTree,
            **options,
        )
        self.settings = settings
        self.db = db
        from bot.services.setups import predict

        predict.configure(settings.prediction_workers)  # the setups' predictions played at once
        self.clock = clock
        self.start_loops = start_loops
        self.sync_commands = settings.sync_commands  # `run` turns it off in all but the process with shard 0
        self.delivery_share = 1.0  # of Discord's global rate limit; `run` gives a process its shards' share
        self._plain_api_base: str | None = None  # discord.py's API address before `login` set the setting's
        self.loops: Loops | None = None
        self.heartbeat: asyncio.Task | None = None

    async def login(self, token: str) -> None:
        """Point discord.py's REST requests at BRBOT_DISCORD_API_BASE (when set), then log in through it."""
        from discord.http import Route

        if self.settings.discord_api_base and self._plain_api_base is None:
            self._plain_api_base, Route.BASE = Route.BASE, self.settings.discord_api_base
        await super().login(token)

    async def setup_hook(self) -> None:
        from bot.cogs import cog_classes
        from bot.ui.buttons import DYNAMIC_ITEMS

        for cog in cog_classes():
            await self.add_cog(cog(self))
        player_contexts = discord.app_commands.AppCommandContext(guild=True, dm_channel=True)
        for command in self.tree.get_commands():  # player commands work in the game's channel and in DMs
            if command.allowed_contexts is None:
                command.allowed_contexts = player_contexts
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_commands:
            from bot.languages.translator import CatalogueTranslator

            await self.tree.set_translator(CatalogueTranslator())  # descriptions in each user's language
            await self.tree.sync()
        if self.start_loops:
            from bot.loops import Loops

            self.loops = Loops(self)
            self.loops.start()
        if self.settings.health_file:
            from bot.health import heartbeat

            self.heartbeat = asyncio.create_task(heartbeat(self, Path(self.settings.health_file)), name="heartbeat")

    def courier(self) -> Courier:
        """What sends this bot's messages to Discord (the outbox worker's courier)."""
        from bot.delivery.courier import DiscordCourier
        from bot.delivery.pace import delivery_pace

        return DiscordCourier(self, delivery_pace(self.settings.discord_pacing, self.delivery_share))

    def kick(self) -> None:
        """A command or a button changed something: deliver what it wrote to the outbox now, and look now for
        a step it made ready (the last orders of a game that resolves early, a post sent), rather than on the
        next tick of either loop."""
        if self.loops is not None:
            self.loops.kick()
            self.loops.look()

    async def on_ready(self) -> None:
        """One line for whoever runs the bot: who it is, its guilds and its games (again after a new session)."""
        from sqlalchemy import func, select

        from bot.db.models import Game

        async with self.db.read() as session:
            rows = await session.execute(select(Game.status, func.count()).group_by(Game.status))
            games = {status: count for status, count in rows}
        guilds = ", ".join(f"{guild.name} ({guild.id})" for guild in self.guilds) or "none"
        known = [status for status in ("running", "paused", "signup", "setup", "over") if status in games]
        counts = ", ".join(f"{games[s]} {s}" for s in known + sorted(set(games) - set(known))) or "none"
        log.info("ready as %s: %d guild(s): %s; games: %s", self.user, len(self.guilds), guilds, counts)

    async def on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """A command that failed outside its own handling: out of date (one line in the log, and the user
        is told to let Discord catch up), or a bug (the traceback in the log, an apology to the user)."""
        from bot.ui.fallback import OUTDATED
        from bot.ui.respond import respond
        from bot.ui.text import ui

        data: dict[str, Any] = dict(interaction.data or {})
        name = getattr(interaction.command, "qualified_name", None) or data.get("name", "?")
        if isinstance(error, OUTDATED):
            log.warning("/%s arrived in an out-of-date shape (Discord's commands are stale): %s", name, error)
            key = "command_outdated"
        else:
            log.error("command /%s failed", name, exc_info=error)
            key = "crashed"
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    await interaction.response.autocomplete([])
                return
            await respond(interaction, ui(key))
        except discord.HTTPException as failure:  # the interaction may have expired
            log.warning("could not answer /%s: %s", name, failure)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu no handler knows (an old message, an old version, a menu lost in a restart) is
        answered, so Discord never shows "This interaction failed"."""
        from bot.ui.fallback import component_known
        from bot.ui.respond import respond
        from bot.ui.text import ui

        if interaction.type is not discord.InteractionType.component or component_known(self, interaction):
            return
        data: dict[str, Any] = dict(interaction.data or {})
        log.info("a component with an unknown custom id was used: %r", data.get("custom_id"))
        try:
            await respond(interaction, ui("component_unknown"))
        except discord.HTTPException as failure:
            log.warning("could not answer an unknown component: %s", failure)

    async def close(self) -> None:
        if self.loops is not None:
            await self.loops.stop()
        if self.heartbeat is not None:
            self.heartbeat.cancel()
            await asyncio.gather(self.heartbeat, return_exceptions=True)
        from bot.services.setups import predict

        predict.shutdown()  # the setups' balance predictions and their worker process
        await super().close()
        if self._plain_api_base is not None:
            from discord.http import Route

            Route.BASE, self._plain_api_base = self._plain_api_base, None


def run(settings: Settings) -> None:
    """`brbot run`: check the token with Discord, migrate, then connect to Discord until stopped (Ctrl+C)."""
    from bot.migrate import upgrade
    from bot.sharding import AUTO, require_postgres

    if settings.shard_ids == AUTO:
        require_postgres(settings.database_url)
    # before migrating: a bad token leaves no database behind
    asyncio.run(check_login(settings.discord_token, settings.discord_api_base))
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    upgrade(settings.database_url)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(settings))


async def check_login(token: str, api_base: str = "") -> None:
    """Log in to Discord's HTTP API once (`GET /users/@me`), as the bot will (through `api_base`, the
    BRBOT_DISCORD_API_BASE proxy, when set): a token Discord refuses raises
    `discord.LoginFailure` (`brbot run` says so in one line); another refusal (403, an outage), and a Discord
    that cannot be reached (no DNS, refused, no network), raise `ServiceError` naming the address tried,
    rather than aiohttp's bare "Name or service not known", which the command line would take for the
    database's."""
    import aiohttp
    from discord.http import HTTPClient, Route

    http = HTTPClient(asyncio.get_running_loop())
    plain_base = Route.BASE
    if api_base:
        Route.BASE = api_base
    try:
        await http.static_login(token)
    except (aiohttp.ClientConnectionError, TimeoutError) as error:
        raise discord_unreachable(error) from None
    except discord.HTTPException as error:  # an answer other than 401 (which is LoginFailure): say it as it came
        from bot.services.base.errors import ServiceError
        from bot.text import say

        detail = f"{error.status} {error.text or error.response.reason}".strip()
        raise ServiceError(say("cli_discord_login_failed", where=Route.BASE, detail=detail)) from None
    finally:
        await http.close()
        Route.BASE = plain_base


def discord_unreachable(error: BaseException) -> Exception:
    """The one-line refusal for a connection to Discord that failed (`error`), naming the address tried."""
    from discord.http import Route

    from bot.services.base.errors import ServiceError
    from bot.text import say

    cause = getattr(error, "os_error", None)
    reason = getattr(cause, "strerror", None) or str(cause or error) or error.__class__.__name__
    return ServiceError(say("cli_discord_unreachable", where=Route.BASE, reason=reason))


async def serve(settings: Settings) -> None:
    """Take this process's shards (with `auto`, wait for a free one), then run the bot until it closes. With
    `auto`, a lost hold on the shard closes the bot and raises `ServiceError` (`brbot run` exits with an error
    and is restarted), since another process may connect the shard meanwhile."""
    from bot.sharding import AUTO, claim_shard, standby_heartbeat

    claim = None
    if settings.shard_ids == AUTO:
        standing_by = standby_heartbeat(settings.health_file)
        try:
            claim = await claim_shard(settings.database_url, settings.shard_count or 1)
        finally:
            if standing_by is not None:
                standing_by.cancel()
                await asyncio.gather(standing_by, return_exceptions=True)
    plan = settings.shard_plan(claim.shard if claim else None)
    db = Database(settings.database_url)
    bot = GameMasterBot(settings, db, shard_count=plan.count, shard_ids=plan.ids)
    bot.sync_commands = settings.sync_commands and plan.syncs_commands
    bot.delivery_share = plan.delivery_share(settings.discord_pacing)
    lost = False

    async def keep_shard(claim: ShardClaim) -> None:
        nonlocal lost
        while await claim.held():
            await asyncio.sleep(SHARD_CHECK_SECONDS)
        lost = True
        await bot.close()

    watch = asyncio.create_task(keep_shard(claim)) if claim else None
    loop = asyncio.get_running_loop()
    # `docker compose stop` and scaling down send SIGTERM: close as Ctrl+C does (shard, gateway, loops). asyncio
    # takes signal handlers on Unix, in the main thread only (elsewhere Ctrl+C and the process's end still work).
    handles_signals = sys.platform != "win32" and threading.current_thread() is threading.main_thread()
    if handles_signals:
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        if handles_signals:
            loop.remove_signal_handler(signal.SIGTERM)
        if watch is not None:
            watch.cancel()
        if claim is not None:
            await claim.release()
        await db.dispose()
    if lost and claim is not None:
        from bot.services.base.errors import ServiceError
        from bot.text import say

        raise ServiceError(say("cli_shard_lost", shard=claim.shard))  # `brbot run` prints it, exits with an error
