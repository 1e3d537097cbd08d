"""/log: a finished game's published order log, so every player can check the receipts they were given.

While a game runs, a receipt reveals nothing (it hashes the order with the player's secret salt). Once the
game is over the log is published: every submission of every day with its receipt and its player's salt,
as the JSON file `brbot log --json` prints. Anyone who can see the game may fetch it; the reply (ephemeral,
like every reply) sums up the caller's own entries, and the file lets them recompute each hash themselves.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.services.base import lookup
from bot.services.orders import orders as order_service
from bot.text import say
from bot.ui.context import Ctx, GameCog, GameNumber, in_dm
from bot.ui.respond import Reply, respond
from bot.ui.text import ui
from engine import registry
from engine.front import Front


async def finished_games(db, user_id: int) -> list[lookup.GameRef]:
    """The games this user played that are over, newest first: the ones whose log is out."""
    return [g for g in await lookup.games_of_user(db, user_id, include_over=True) if g.status == "over"]


async def finished_game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's finished games (and, in a channel, the channel's game): the ones whose log may be out."""
    bot = interaction.client
    games = await finished_games(bot.db, interaction.user.id)  # type: ignore[attr-defined]
    if not in_dm(interaction) and interaction.channel_id is not None:
        here = await lookup.game_in_channel(bot.db, interaction.channel_id)  # type: ignore[attr-defined]
        if here is not None and here.status == "over" and here.id not in {g.id for g in games}:
            games.insert(0, here)
    choices = [
        app_commands.Choice(name=ui("game_choice", id=g.id, name=g.name, status=g.status)[:100], value=g.id)
        for g in games
    ]
    return [c for c in choices if current.lower() in c.name.lower()][:25]


def summary_of_mine(entries: list[dict], user_id: int, front: Front | None = None) -> str:
    """What the caller's own entries say: how many, and any whose receipt is not the hash of its order (each
    with its day named in the game's words: `front`)."""
    front = front or Front(title="")
    mine = [e for e in entries if e["user_id"] == user_id]
    if not mine:
        return ui("log_mine_none")
    wrong = [e for e in mine if not e["receipt_matches"]]
    if wrong:
        receipts = ", ".join(f"`{e['receipt']}` ({front.words.name(e['day'])})" for e in wrong)
        return ui("log_mine_wrong", receipts=receipts)
    return ui("log_mine_ok", count=len(mine))


async def log_reply(ctx: Ctx) -> Reply:
    entries = await order_service.published_log(ctx.db, ctx.game_id)
    days = len({e["day"] for e in entries})
    front = registry.front(ctx.game.ruleset)
    embed = discord.Embed(
        title=ui("log_title", game=ctx.game.name),
        description=ui("log_intro", count=len(entries), days=days, steps=front.words.steps),
    )
    embed.add_field(name=ui("log_mine_title"), value=summary_of_mine(entries, ctx.user_id, front)[:1024], inline=False)
    embed.add_field(name=ui("log_check_title"), value=ui("log_check"), inline=False)
    document = order_service.log_document(ctx.game_id, entries).encode("utf-8")
    return Reply(embeds=[embed], file=discord.File(io.BytesIO(document), filename=f"game-{ctx.game_id}-order-log.json"))


class GameLogCog(GameCog):
    @app_commands.command(name="log", description=ui("cmd_log"))
    @app_commands.describe(game=ui("opt_game_finished"))
    @app_commands.autocomplete(game=finished_game_autocomplete)
    async def log(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        if game is None and in_dm(interaction):  # in a DM the game meant is a finished one, not a live one
            finished = await finished_games(self.db, interaction.user.id)
            if len(finished) == 1:
                game = finished[0].id
            elif finished:
                await respond(interaction, say("which_game", games=", ".join(f"#{g.id} {g.name}" for g in finished)))
                return
        await self.run(interaction, game, log_reply, slow=True)


COG = GameLogCog
