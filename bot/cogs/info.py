"""Information commands: /status (your own record and surroundings), /map (the game's picture, also under
the name a game gives it: `Pictures.command`, like /board), /rules (the rules in short) and /help
(every command). All replies are ephemeral.

Whatever the game, the cog asks its front (`registry.front(game.ruleset)`) for the cards and the picture
and shows them (`bot/ui/cards.py`). /status and /map need a started game the caller plays in, and refuse
clearly otherwise; /rules and /help work anywhere: without a game they name no game's rules, but list the
installed games (/rules) or every game's commands (/help).
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands

from bot.delivery.pictures import caption_of
from bot.delivery.written import escaped_cards
from bot.screens import status as status_screen
from bot.services.base.errors import ServiceError
from bot.services.orders import order_card, player_views
from bot.ui import order_card as order_buttons
from bot.ui.cards import embeds, messages
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.respond import Reply, refusing, respond
from bot.ui.rules_help import help_cards, rules_cards
from bot.ui.text import ui
from engine import registry
from engine.front import Front

NOT_STARTED = ("setup", "signup")


def deadline_line(ctx: Ctx) -> str | None:
    """When the current orders close, shown in each reader's own time (None: no deadline runs); the day (turn,
    step) named as the game names it (`bot.screens.status`)."""
    step = registry.front(ctx.game.ruleset).words.name(ctx.game.day)
    return status_screen.deadline_line(step, ctx.game.deadline or None)


def _started(ctx: Ctx, key: str) -> None:
    if ctx.game.status in NOT_STARTED:
        raise ServiceError(ui(key, game=ctx.game.name))


class InfoCog(GameCog):
    @app_commands.command(name="status", description=ui("cmd_status"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            if ctx.game.status in NOT_STARTED:
                raise ServiceError(status_screen.not_started(ctx.game.name))
            front = registry.front(ctx.game.ruleset)
            view = await player_views.player_view(ctx.db, ctx.game_id, ctx.user_id)
            cards = await escaped_cards(ctx.db, ctx.game_id, front.cards.status(view))
            shown = status_screen.status(front.words.name(ctx.game.day), ctx.game.deadline or None, cards)
            buttons = None
            if ctx.game.status == "running":  # the orders card's buttons: change, withdraw, add (`bot.ui.order_card`)
                buttons = order_buttons.buttons(await order_card.card(ctx.db, ctx.game_id, ctx.user_id), ctx.user_id)
            return Reply(content=shown.content, embeds=embeds(shown.cards), view=buttons)

        await self.run(interaction, game, work)

    @app_commands.command(name="map", description=ui("cmd_map"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def map(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await self.show_picture(interaction, game)

    async def show_picture(self, interaction: discord.Interaction, game: int | None) -> None:
        """The game's picture (`Pictures.draw`) with its caption, the picture in words for screen readers."""

        async def work(ctx: Ctx) -> Reply:
            _started(ctx, "map_not_started")
            view = await player_views.player_view(ctx.db, ctx.game_id, ctx.user_id)
            drawn = registry.front(ctx.game.ruleset).picture
            picture = await asyncio.to_thread(drawn.draw, view) if drawn is not None else None
            if picture is None:
                raise ServiceError(ui("map_none", game=ctx.game.name))
            caption = await caption_of(ctx.db, ctx.game_id, picture)
            return Reply(content=caption, file=discord.File(io.BytesIO(picture.png), filename=picture.filename))

        await self.run(interaction, game, work, slow=True)

    @app_commands.command(name="rules", description=ui("cmd_rules"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async with refusing(interaction):
            front = await self._front(interaction, game)
            for shown in messages(rules_cards(front)):  # a game's rules and house rules may need more than one
                await respond(interaction, Reply(embeds=shown))

    @app_commands.command(name="help", description=ui("cmd_help"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def help(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async with refusing(interaction):
            front = await self._front(interaction, game)
            for shown in messages(help_cards(front)):  # every game's commands may need more than one message
                await respond(interaction, Reply(embeds=shown))

    async def _front(self, interaction: discord.Interaction, game: int | None) -> Front | None:
        """The front of the game meant, or None when no game is; a game named but not found is refused."""
        try:
            ruleset = (await self.context(interaction, game)).game.ruleset
        except ServiceError:
            if game is not None:
                raise
            return None
        return registry.front(ruleset)


def _picture_command(name: str, description: str = "") -> app_commands.Command:
    """A game's own name for /map (`Pictures.command`, e.g. /board): the same picture, described in the
    game's words (`Pictures.description`) or the bot's."""

    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def picture(self: InfoCog, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        await self.show_picture(interaction, game)

    picture.__name__ = name
    picture.__qualname__ = f"InfoCog.{name}"
    return app_commands.Command(name=name, description=description or ui("cmd_picture", name=name), callback=picture)


def build_cog(fronts: dict[str, Front] | None = None) -> type[InfoCog]:
    """InfoCog with one more command per picture command the games name (`Pictures.command`), each
    showing the game's picture as /map does. Raises ValueError for a name another command already has."""
    fronts = fronts if fronts is not None else registry.fronts()
    taken = {c.name for c in InfoCog.__cog_app_commands__} | {
        c.path[0] for front in fronts.values() for c in (*front.orders.commands, *front.orders.forms)
    }
    names = sorted({f.picture.command for f in fronts.values() if f.picture is not None and f.picture.command})
    clashing = [n for n in names if n in taken]
    if clashing:
        raise ValueError(f"the picture command /{clashing[0]} is already another command")
    described = {f.picture.command: f.picture.description for f in fronts.values() if f.picture is not None}
    attributes = {f"picture_{n}": _picture_command(n, described.get(n, "")) for n in names}
    return type("InfoCog", (InfoCog,), attributes) if attributes else InfoCog


COG = build_cog()
