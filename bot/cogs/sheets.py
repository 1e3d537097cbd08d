"""/sheet: a player's own character sheet, for the games that take one (`Signup.sheet`).

`/sheet upload file:` attaches a sheet (YAML or JSON, checked by the game) to the player's sign-up before the
start; `/sheet template` sends the game's example file to edit; `/sheet show` shows the player's own sheet
(before the start the attached one, during play their sheet as it stands); `/sheet clear` takes it off (with
`player:`, a moderator takes another player's off, in the game's channel, and the player is told by DM).
Every reply is ephemeral, in the game's channel or by DM (`game:` when the player is in several games). The
group is registered only when an installed game takes sheets; the work is in `bot.services.signup.sheets`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.delivery.written import escaped_cards
from bot.services.signup import sheets
from bot.ui.cards import embeds
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete, require_moderator
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine import registry
from engine.front import Front


class SheetCog(GameCog):
    sheet_group = app_commands.Group(name="sheet", description=ui("cmd_sheet"))

    @sheet_group.command(name="upload", description=ui("cmd_sheet_upload"))
    @app_commands.describe(file=ui("opt_sheet_file"), game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def upload(
        self, interaction: discord.Interaction, file: discord.Attachment, game: GameNumber | None = None
    ) -> None:
        async def work(ctx: Ctx) -> str:
            return await sheets.attach(ctx.db, ctx.game_id, ctx.user_id, file.filename, file.size, file.read)

        await self.run(interaction, game, work, slow=True)

    @sheet_group.command(name="template", description=ui("cmd_sheet_template"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def template(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            name, text = sheets.template(ctx.game.ruleset)
            attached = discord.File(io.BytesIO(text.encode("utf-8")), filename=name)
            return Reply(content=ui("sheet_template", game=ctx.game.name), file=attached)

        await self.run(interaction, game, work)

    @sheet_group.command(name="show", description=ui("cmd_sheet_show"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def show(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async def work(ctx: Ctx) -> Reply:
            shown = await sheets.show(ctx.db, ctx.game_id, ctx.user_id)
            return Reply(content=shown.text, embeds=embeds(await escaped_cards(ctx.db, ctx.game_id, shown.cards)))

        await self.run(interaction, game, work)

    @sheet_group.command(name="clear", description=ui("cmd_sheet_clear"))
    @app_commands.describe(player=ui("opt_sheet_player"), game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def clear(
        self, interaction: discord.Interaction, player: discord.User | None = None, game: GameNumber | None = None
    ) -> None:
        async def work(ctx: Ctx) -> str:
            if player is None or player.id == ctx.user_id:
                return await sheets.clear(ctx.db, ctx.game_id, ctx.user_id)
            await require_moderator(self.bot, interaction)  # another player's sheet: the game's moderators only
            return await sheets.clear(ctx.db, ctx.game_id, player.id, by=ctx.caller)

        await self.run(interaction, game, work)


def build_cog(fronts: Mapping[str, Front] | None = None) -> type[SheetCog] | None:
    """The /sheet cog when one of these games (default: every installed game) takes players' sheets."""
    installed = fronts if fronts is not None else registry.fronts()
    return SheetCog if any(front.signup.sheet is not None for front in installed.values()) else None


COG = build_cog()
