"""The order commands of every installed game, built from the games' declarations (`engine.front`).

`GameCommandsCog` is made when the bot starts: one Discord command per merged name (`bot.ui.declared`),
top-level (`/attack`) or in a group (`/vote mark`), each with the game's options plus `game` (the game's
number, for a DM when the player is in several) and `as` (the actor ordered for: a moderator names the game
master's NPC, a player one of the actors they control; autocompleted with exactly those). A grouped command
(`/skill`) has `action` first, the verb of the player's game, autocompleted from their own game and phase,
then its verbs' options, each autocompleted for the verb chosen. Using one finds the game it
is about, hands the options
to `bot.services.orders.commands.give_order` (the game's front turns them into orders, the engine validates
them) and confirms the saved orders in words with the receipt, or says why nothing changed.
"""

from __future__ import annotations

import inspect
from typing import Any, Optional

import discord
from discord import app_commands

from bot.screens.orders import confirmation
from bot.services.base import limits
from bot.services.orders import commands as game_orders
from bot.ui.autocomplete import actor_choices, option_choices, verb_choices
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete, is_moderator
from bot.ui.declared import MergedCommand, MergedOption, check_limits, merge
from bot.ui.text import ui
from engine import registry
from engine.front import ACTION_OPTION

GAME_OPTION = "game"
AS_OPTION, AS_PARAMETER = "as", "as_actor"  # `as` is a Python keyword: the callback's parameter is renamed
TYPES: dict[str, Any] = {"text": str, "integer": int, "number": float, "boolean": bool, "user": discord.User}
P = inspect.Parameter
AS_TEXT = app_commands.Range[str, 1, limits.OPTION_TEXT_MAX]


def _annotation(option: MergedOption) -> Any:
    """The option's type as discord.py reads it, always bounded: a number within the game's range (the
    bot's, `bot.services.base.limits`, on a side the game leaves open), a text within its length."""
    base = TYPES[option.type]
    if option.type in ("integer", "number"):
        least = option.min_value if option.min_value is not None else limits.INTEGER_MIN
        most = option.max_value if option.max_value is not None else limits.INTEGER_MAX
        base = app_commands.Range[base, least, most]
    elif option.type == "text" and not option.choices:
        base = app_commands.Range[str, 1, option.max_length or limits.OPTION_TEXT_MAX]
    return base if option.required else Optional[base]  # noqa: UP045 (a runtime type for discord.py)


def _callback(command: MergedCommand):
    """A callback whose signature is the command's options, as discord.py reads them."""

    async def callback(self: GameCommandsCog, interaction: discord.Interaction, **options: Any) -> None:
        await self.order(interaction, command.name, options, grouped=command.grouped)

    parameters = [
        P("self", P.POSITIONAL_OR_KEYWORD),
        P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
    ]
    parameters += [
        P(o.name, P.KEYWORD_ONLY, annotation=_annotation(o), **({} if o.required else {"default": None}))
        for o in command.options
    ]
    parameters.append(P(GAME_OPTION, P.KEYWORD_ONLY, annotation=Optional[GameNumber], default=None))  # noqa: UP045
    parameters.append(P(AS_PARAMETER, P.KEYWORD_ONLY, annotation=Optional[AS_TEXT], default=None))  # noqa: UP045
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = command.path[-1]
    callback.__qualname__ = f"GameCommandsCog.{'_'.join(command.path)}"
    callback.__discord_app_commands_param_description__ = (  # type: ignore[attr-defined]
        {o.name: o.description for o in command.options} | {GAME_OPTION: ui("opt_game"), AS_PARAMETER: ui("opt_as")}
    )
    callback.__discord_app_commands_param_rename__ = {AS_PARAMETER: AS_OPTION}  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_autocomplete__ = (  # type: ignore[attr-defined]
        {
            o.name: verb_choices(command.name)
            if command.grouped and o.name == ACTION_OPTION
            else option_choices(command.name, o.name, command.grouped)
            for o in command.options
            if o.autocomplete
        }
        | {GAME_OPTION: game_autocomplete, AS_PARAMETER: actor_choices}
    )
    callback.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        o.name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
        for o in command.options
        if o.choices
    }
    return callback


class GameCommandsCog(GameCog):
    """The games' order commands; made by `build_cog` from what the installed games declare."""

    async def order(
        self, interaction: discord.Interaction, name: str, options: dict[str, Any], grouped: bool = False
    ) -> None:
        """Give the order of `/name` (`grouped`: of the verb its `action` names) in the game it is about."""
        game = options.pop(GAME_OPTION, None)
        actor = options.pop(AS_PARAMETER, None)
        under = name if grouped else None
        # a verb typed by hand rather than picked: any case, or a choice's whole label ("verb: what it does")
        verb = str(options.pop(ACTION_OPTION)).split(":")[0].strip().lower() if grouped else name

        async def work(ctx: Ctx) -> str:
            values = {k: getattr(v, "value", v) for k, v in options.items()}
            moderator = ctx.caller if actor is not None and await is_moderator(self.bot, interaction) else False
            given = await game_orders.give_order(
                ctx.db, ctx.game_id, ctx.user_id, verb, values, ctx.now, actor, moderator, under=under
            )
            return confirmation(given)

        await self.run(interaction, game, work)


def build_cog(fronts: dict | None = None, other_top_level: int = 0) -> type[GameCommandsCog]:
    """The cog class holding one command per merged name over `fronts` (default: every installed game).
    Raises ValueError if the merged commands do not fit Discord's limits, counting `other_top_level`
    commands of the bot's own (`bot.cogs.cog_classes` checks the whole set again)."""
    merged = merge(
        fronts if fronts is not None else registry.fronts(),
        ui("cmd_generic"),
        grouped_description=ui("cmd_grouped"),
        action_description=ui("opt_action"),
    )
    problems = check_limits(
        merged, extra_options=2, other_top_level=other_top_level, reserved=(GAME_OPTION, AS_OPTION, AS_PARAMETER)
    )
    if problems:
        raise ValueError("the games' commands do not fit Discord: " + "; ".join(problems))
    attributes: dict[str, Any] = {}
    groups: dict[str, app_commands.Group] = {}
    for command in merged:
        callback = _callback(command)
        if len(command.path) == 1:
            attributes[f"command_{command.name}"] = app_commands.Command(
                name=command.name, description=command.description, callback=callback
            )
            continue
        group_name, sub = command.path
        group = groups.get(group_name)
        if group is None:
            group = groups[group_name] = app_commands.Group(name=group_name, description=command.group_description)
            attributes[f"group_{group_name}"] = group
        group.add_command(
            app_commands.Command(name=sub, description=command.description, callback=callback, parent=group)
        )
    return type("GameCommandsCog", (GameCommandsCog,), attributes)


COG = build_cog()
