"""/roll: dice for everyone, in any channel the bot is in and in DMs (the notation: `engine.dice`, docs/dice.md).

The result is posted in the channel for all to see, naming who rolled, with the label escaped and no mention
able to ping. In a game's channel (a game not over) the roll belongs to that game and knows its dice words;
elsewhere it knows the words of every installed game that declares some. `secret` is for the moderators of
the channel's game: the result goes to them alone and the channel reads only that they rolled in secret;
anyone else asking for it is refused, and nothing is rolled. A result too long for one message is shortened
by whole repetitions, saying how many were left out (the stored roll keeps them all).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.services.base import lookup
from bot.services.base.errors import ServiceError
from bot.services.orders import dice
from bot.services.people import spectators
from bot.text import say
from bot.ui.context import GameCog, in_dm, is_moderator, parent_channel
from bot.ui.limits import CONTENT_MAX
from bot.ui.respond import refusing
from bot.ui.text import ui
from engine.dice import Rolled, notation

QUIET = discord.AllowedMentions.none()  # a roll never pings anyone, whatever its label says
Expression = app_commands.Range[str, 1, notation.INPUT_MAX]


def escaped(label: str) -> str:
    """A player's label as plain text: no markdown, and no mention (`@everyone`, `<@id>`, `<@&id>`): every `@`
    is followed by a zero-width space (the message's allowed mentions are none besides)."""
    return discord.utils.escape_markdown(label).replace("@", "@\u200b")


def roll_message(who: str, rolled: Rolled, most: int = CONTENT_MAX) -> str:
    """The post of a roll within `most` characters: whole repetitions give way from the end, with a note."""
    label = escaped(rolled.parsed.label)
    shown = list(rolled.repetitions)
    while True:
        text = f"{rolled.heading}: " + "; ".join(r.shown() for r in shown)
        left_out = len(rolled.repetitions) - len(shown)
        if left_out:
            text += ui("roll_shortened", count=left_out)
        line = ui("roll_labelled", who=who, label=label, text=text) if label else ui("roll_line", who=who, text=text)
        if len(line) <= most or len(shown) <= 1:
            return line if len(line) <= most else line[: most - 1] + "…"
        shown.pop()


class DiceCog(GameCog):
    @app_commands.command(name="roll", description=ui("cmd_roll"))
    @app_commands.describe(expression=ui("opt_roll_expression"), secret=ui("opt_roll_secret"))
    async def roll(self, interaction: discord.Interaction, expression: Expression, secret: bool = False) -> None:
        async with refusing(interaction):
            game = None
            if not in_dm(interaction) and interaction.channel_id is not None:
                game = await lookup.game_in_channel(self.db, interaction.channel_id, parent_channel(interaction))
                game = game if game is not None and game.status in lookup.LIVE else None
            if game is not None and not await spectators.may_post(self.db, game.id, interaction.user.id):
                raise ServiceError(say("dead_no_posting"))  # the dead talk in their own thread
            if secret:
                if game is None:
                    raise ServiceError(ui("roll_secret_dm" if in_dm(interaction) else "roll_secret_no_game"))
                if not await is_moderator(self.bot, interaction):
                    raise ServiceError(ui("roll_secret_moderators", game=game.name))
            where = dice.Where(game, interaction.guild_id, interaction.channel_id)
            user = interaction.user
            name = getattr(user, "display_name", None) or user.name
            stored = await dice.roll_dice(self.db, where, user.id, name, expression, secret, self.bot.clock())
            who = f"<@{user.id}>"
            if secret:
                room = CONTENT_MAX - len(ui("roll_secret_result", text=""))
                line = ui("roll_secret_result", text=roll_message(who, stored.rolled, room))
                await interaction.response.send_message(ui("roll_secret_public", who=who), allowed_mentions=QUIET)
                await interaction.followup.send(line, ephemeral=True, allowed_mentions=QUIET)
            else:
                await interaction.response.send_message(roll_message(who, stored.rolled), allowed_mentions=QUIET)


COG = DiceCog
