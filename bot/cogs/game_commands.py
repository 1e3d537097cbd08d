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
import keyword
from typing import Any, Optional

import discord
from discord import app_commands

from bot.screens import refusal
from bot.screens.orders import confirmation
from bot.services.base import limits
from bot.services.orders import commands as game_orders
from bot.services.orders import menus
from bot.ui.autocomplete import actor_choices, slot_choices, verb_choices
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete, is_moderator
from bot.ui.declared import MergedCommand, MergedOption, SlotTexts, check_limits, merge, slot_problems
from bot.ui.order_menu import MoreOptions, menu_reply
from bot.ui.respond import Reply
from bot.ui.text import ui
from engine import registry
from engine.front import ACTION_OPTION, GROUPED_COMMANDS, SHARED_COMMANDS, SLOTS

GAME_OPTION = "game"
AS_OPTION, AS_PARAMETER = "as", "as_actor"  # `as` is a Python keyword: the callback's parameter is renamed
TYPES: dict[str, Any] = {"text": str, "integer": int, "number": float, "boolean": bool, "user": discord.User}
P = inspect.Parameter
AS_TEXT = app_commands.Range[str, 1, limits.OPTION_TEXT_MAX]


OPTION_OF = {"with_": "with"}  # a shared option whose name is a Python keyword: its callback parameter's name


def parameter(option: str) -> str:
    """The callback's parameter for an option (a Python keyword gets a trailing underscore)."""
    return f"{option}_" if keyword.iskeyword(option) else option


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
        options = {OPTION_OF.get(k, k): v for k, v in options.items()}
        await self.order(interaction, command.name, options, grouped=command.grouped)

    parameters = [
        P("self", P.POSITIONAL_OR_KEYWORD),
        P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
    ]
    parameters += [
        P(parameter(o.name), P.KEYWORD_ONLY, annotation=_annotation(o), **({} if o.required else {"default": None}))
        for o in command.options
    ]
    parameters.append(P(GAME_OPTION, P.KEYWORD_ONLY, annotation=Optional[GameNumber], default=None))  # noqa: UP045
    parameters.append(P(AS_PARAMETER, P.KEYWORD_ONLY, annotation=Optional[AS_TEXT], default=None))  # noqa: UP045
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = command.path[-1]
    callback.__qualname__ = f"GameCommandsCog.{'_'.join(command.path)}"
    callback.__discord_app_commands_param_description__ = (  # type: ignore[attr-defined]
        {parameter(o.name): o.description for o in command.options}
        | {GAME_OPTION: ui("opt_game"), AS_PARAMETER: ui("opt_as")}
    )
    callback.__discord_app_commands_param_rename__ = (  # type: ignore[attr-defined]
        {AS_PARAMETER: AS_OPTION} | {parameter(o.name): o.name for o in command.options if parameter(o.name) != o.name}
    )
    callback.__discord_app_commands_param_autocomplete__ = (  # type: ignore[attr-defined]
        {
            parameter(o.name): verb_choices(command.name)
            if command.grouped and o.name == ACTION_OPTION
            else slot_choices(command, o.name)
            for o in command.options
            if o.autocomplete
        }
        | {GAME_OPTION: game_autocomplete, AS_PARAMETER: actor_choices}
    )
    callback.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        parameter(o.name): [app_commands.Choice(name=label, value=value) for label, value in o.choices]
        for o in command.options
        if o.choices
    }
    return callback


class GameCommandsCog(GameCog):
    """The games' order commands; made by `build_cog` from what the installed games declare."""

    async def order(
        self, interaction: discord.Interaction, name: str, options: dict[str, Any], grouped: bool = False
    ) -> None:
        """Give the order of `/name` (`grouped`: of the verb its `action` names, whichever grouped command it
        was typed in) in the game it is about, from what was typed in the shared options; a verb left without
        an option it needs answers with its menu."""
        game = options.pop(GAME_OPTION, None)
        actor = options.pop(AS_PARAMETER, None)
        under = name if grouped else None
        # a verb typed by hand rather than picked: any case, or a choice's whole label ("verb: what it does")
        verb = str(options.pop(ACTION_OPTION)).split(":")[0].strip().lower() if grouped else name
        typed = {k: getattr(v, "value", v) for k, v in options.items()}
        await self.give(interaction, verb, typed, game, actor, under=under, slotted=True)

    async def give(
        self,
        interaction: discord.Interaction,
        verb: str,
        values: dict[str, Any],
        game: int | None = None,
        actor: str | None = None,
        under: str | None = None,
        slotted: bool = False,
    ) -> None:
        """Give the order of the game's verb `verb` with `values` (`slotted`: keyed by the shared options as
        typed; else by the verb's own options, as its menu gives them)."""

        async def work(ctx: Ctx) -> Any:
            moderator = ctx.caller if actor is not None and await is_moderator(self.bot, interaction) else False
            try:
                given = await game_orders.give_order(
                    ctx.db,
                    ctx.game_id,
                    ctx.user_id,
                    verb,
                    values,
                    ctx.now,
                    actor,
                    moderator,
                    under=under,
                    slotted=slotted,
                )
            except game_orders.NeedsMenu as wanted:
                command, form = await menus.menu_for(
                    ctx.db, ctx.game_id, ctx.user_id, wanted.command.name, wanted.values, actor, moderator
                )
                said = "\n".join(t for t in (wanted.reason, form.card.description) if t)  # the game's refusal first
                return menu_reply(
                    ctx.db,
                    self.bot.clock,
                    ctx.game_id,
                    ctx.game.name,
                    ctx.user_id,
                    command,
                    form,
                    actor,
                    moderator,
                    said,
                )
            except game_orders.OrderRefused as refused:
                if not (slotted and game_orders.left_out(refused.command, refused.values)):
                    raise
                more = MoreOptions(  # the refusal, and the verb's menu prefilled with what was typed
                    ctx.db,
                    self.bot.clock,
                    ctx.game_id,
                    ctx.game.name,
                    ctx.user_id,
                    refused.command,
                    refused.values,
                    actor,
                    moderator,
                )
                return Reply(content=refusal.shown(refused), view=more)
            if slotted and given.command is not None and given.more_options():
                more = MoreOptions(
                    ctx.db,
                    self.bot.clock,
                    ctx.game_id,
                    ctx.game.name,
                    ctx.user_id,
                    given.command,
                    given.values,
                    actor,
                    moderator,
                )
                return Reply(content=confirmation(given), view=more)
            return confirmation(given)

        await self.run(interaction, game, work)


def slot_texts() -> SlotTexts:
    """The bot's words for the shared options and the shared and grouped commands."""
    return SlotTexts(
        slots={slot: ui(f"opt_slot_{slot}") for slot in SLOTS},
        commands={name: ui(f"cmd_{name}") for name in (*SHARED_COMMANDS, *GROUPED_COMMANDS)},
    )


def merged_commands(fronts: dict | None = None) -> list[MergedCommand]:
    """The order commands as Discord shows them: one per name over `fronts` (default: every installed game),
    each with the shared options its games' verbs use."""
    return merge(
        fronts if fronts is not None else registry.fronts(),
        ui("cmd_generic", name="{name}"),
        grouped_description=ui("cmd_grouped", name="{name}"),
        action_description=ui("opt_action"),
        slots=slot_texts(),
    )


def build_cog(fronts: dict | None = None, other_top_level: int = 0) -> type[GameCommandsCog]:
    """The cog class holding one command per merged name over `fronts` (default: every installed game).
    Raises ValueError if the merged commands do not fit Discord's limits, counting `other_top_level`
    commands of the bot's own (`bot.cogs.cog_classes` checks the whole set again)."""
    merged = merged_commands(fronts)
    problems = check_limits(
        merged, extra_options=2, other_top_level=other_top_level, reserved=(GAME_OPTION, AS_OPTION, AS_PARAMETER)
    )
    installed = fronts if fronts is not None else registry.fronts()
    problems += [f"{name}: {p}" for name, front in sorted(installed.items()) for p in slot_problems(front)]
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
