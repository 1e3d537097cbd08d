"""The Discord bot: a discord.py client whose slash commands (cogs) call the services, plus two loops.

`GameMasterBot` wires the pieces: the database, a clock (replaced in tests), the cogs, the persistent
buttons (answers to proposals and trades, withdrawing orders) that keep working after a restart, the deadline loop
(`bot.loops`) and the outbox delivery worker (`bot.delivery`). `run(settings)` is `brbot run`.

The bot is discord.py's `AutoShardedBot`: one process connects the shards its settings name (all of them by
default), and several processes against one PostgreSQL share the shards out (`bot.sharding`,
docs/scaling.md). Only the process with shard 0 registers the slash commands.
"""
from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.config import Settings
from bot.db.session import Database

if TYPE_CHECKING:
    from bot.delivery.courier import Courier

log = logging.getLogger(__name__)


SHARD_CHECK_SECONDS = 10  # how often a process with an `auto` shard checks that it still holds it


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def intents() -> discord.Intents:
    """Slash commands need no privileged intents: guilds (channels, threads) and DMs are enough."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    return wanted


class GameMasterBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, db: Database, *, clock: Callable[[], datetime] = utcnow,
                 start_loops: bool = True, **options) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None, **options)
        self.settings = settings
        self.db = db
        self.clock = clock
        self.start_loops = start_loops
        self.sync_commands = settings.sync_commands  # `run` turns it off in all but the process with shard 0
        self.loops = None

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
        self.tree.on_error = self.on_tree_error
        if self.sync_commands:
            await self.tree.sync()
        if self.start_loops:
            from bot.loops import Loops

            self.loops = Loops(self)
            self.loops.start()

    def courier(self) -> Courier:
        """What sends this bot's messages to Discord (the outbox worker's courier)."""
        from bot.delivery.courier import DiscordCourier

        return DiscordCourier(self)

    def kick(self) -> None:
        """Something was written to the outbox: deliver it now rather than on the next tick."""
        if self.loops is not None:
            self.loops.kick()

    async def on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        from bot.ui.respond import respond
        from bot.ui.text import ui

        log.error("command failed", exc_info=error)
        try:
            await respond(interaction, ui("crashed"))
        except Exception:
            log.exception("could not report a failed command")

    async def close(self) -> None:
        if self.loops is not None:
            await self.loops.stop()
        await super().close()


def run(settings: Settings) -> None:
    """`brbot run`: migrate, then connect to Discord until stopped (Ctrl+C)."""
    from bot.migrate import upgrade
    from bot.sharding import AUTO, require_postgres

    if settings.shard_ids == AUTO:
        require_postgres(settings.database_url)
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    upgrade(settings.database_url)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        pass


async def serve(settings: Settings) -> None:
    """Take this process's shards (with `auto`, wait for a free one), then run the bot until it closes. With
    `auto`, a lost hold on the shard closes the bot and raises `ServiceError` (`brbot run` exits with an error
    and is restarted), since another process may connect the shard meanwhile."""
    from bot.sharding import AUTO, claim_shard

    claim = None
    if settings.shard_ids == AUTO:
        claim = await claim_shard(settings.database_url, settings.shard_count or 1)
    plan = settings.shard_plan(claim.shard if claim else None)
    db = Database(settings.database_url)
    bot = GameMasterBot(settings, db, shard_count=plan.count, shard_ids=plan.ids)
    bot.sync_commands = settings.sync_commands and plan.syncs_commands
    lost = False

    async def keep_shard() -> None:
        nonlocal lost
        while await claim.held():
            await asyncio.sleep(SHARD_CHECK_SECONDS)
        lost = True
        await bot.close()

    watch = asyncio.create_task(keep_shard()) if claim else None
    loop = asyncio.get_running_loop()
    try:  # `docker compose stop` and scaling down send SIGTERM: close as Ctrl+C does (shard, gateway, loops)
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
        pass
    try:
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        try:
            loop.remove_signal_handler(signal.SIGTERM)
        except (NotImplementedError, RuntimeError):
            pass
        if watch is not None:
            watch.cancel()
        if claim is not None:
            await claim.release()
        await db.dispose()
    if lost:
        from bot.services.errors import ServiceError
        from bot.text import say

        raise ServiceError(say("cli_shard_lost", shard=claim.shard))  # `brbot run` prints it and exits with 1
