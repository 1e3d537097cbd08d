"""The games' own `/mod` actions (`Front.moderation`: kill, revive, give, take...), built as
subcommands of the moderators' `/mod` group from what the installed games declare.

Each action is one subcommand for every game that declares it (`bot.ui.declared.merge`, as for the order
commands), with the player as its first option (`user`, the bot's own; none for an action on the fight
rather than a player, `Moderation.about_player`) and the games' options after it. A
use goes to `ModerationCog.act`, which hands the options to `bot.services.moderators.moderation.act` for the game of
the channel. An option with a `source` is offered by autocomplete, to moderators only, from the ruleset's
`moderation_choices` for the player chosen so far. `check` proves the whole `/mod` group fits Discord.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.cogs.game_commands import _annotation
from bot.services.base import lookup
from bot.services.base.errors import ServiceError
from bot.services.moderators import moderation
from bot.ui.context import bot_of, is_moderator
from bot.ui.declared import MergedCommand, check_limits, merge
from bot.ui.text import ui
from engine import registry
from engine.front import Front

USER_OPTION = "user"  # the player an action is about: the bot's own option, first in every action
P = inspect.Parameter


def declared_actions(fronts: Mapping[str, Front]) -> list[MergedCommand]:
    """One `/mod` subcommand per action name over the games' declarations."""
    return merge(fronts, ui("cmd_mod_generic", name="{name}"), declared=lambda front: front.moderation)


def check(actions: list[MergedCommand], own: Mapping[str, str]) -> list[str]:
    """Every way the `/mod` group (the bot's own subcommands, `own` name -> description, and the games'
    actions) breaks Discord's limits; an action may not take the name of one of the bot's own."""
    problems = [f"/mod {a.name}: the name is the bot's own" for a in actions if a.name in own]
    group = ui("cmd_mod")
    everything = [
        MergedCommand(name=f"mod {a.name}", description=a.description, options=a.options, group_description=group)
        for a in actions
    ]
    everything += [
        MergedCommand(name=f"mod {name}", description=text, group_description=group) for name, text in own.items()
    ]
    return problems + check_limits(everything, extra_options=1, reserved=(USER_OPTION,))


def user_id_of(value: Any) -> int | None:
    """A user option as autocomplete sees it: a resolved member, or only its id."""
    if value is None:
        return None
    found = getattr(value, "id", value)
    try:
        return int(found)
    except (TypeError, ValueError):
        return None


async def channel_game(interaction: discord.Interaction) -> lookup.GameRef | None:
    """The channel's game, for a moderator of its server only (autocomplete never shows others anything)."""
    bot = bot_of(interaction)
    if interaction.channel_id is None or not await is_moderator(bot, interaction):
        return None
    game = await lookup.game_in_channel(bot.db, interaction.channel_id)
    return game if game is not None and game.guild_id in (None, interaction.guild_id) else None


def option_choices(action: str, option: str):
    """The autocomplete of one action's option: the channel game's choices for the player chosen so far."""

    async def choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = await channel_game(interaction)
        what = registry.front(game.ruleset).moderation_action(action) if game is not None else None
        declared = what.option(option) if what is not None else None
        if game is None or declared is None:
            return []
        if declared.source is None:
            pairs = [(value, label) for label, value in declared.choices]
        else:
            user_id = user_id_of(getattr(interaction.namespace, USER_OPTION, None))
            try:
                pairs = await moderation.choices(bot_of(interaction).db, game.id, declared.source, user_id)
            except ServiceError:
                return []
        wanted = current.lower()
        return [
            app_commands.Choice(name=label[:100], value=value)
            for value, label in pairs
            if wanted in label.lower() or wanted in value.lower()
        ][:25]

    return choices


def about_player(name: str, fronts: Mapping[str, Front]) -> bool:
    """Whether the action `name` names a player (the `user` option): so if any game declaring it says so."""
    found = [front.moderation_action(name) for front in fronts.values()]
    return any(action.about_player for action in found if action is not None)


def action_command(
    action: MergedCommand, group: app_commands.Group, owner: str, with_user: bool = True
) -> app_commands.Command:
    """The subcommand of one action; its callback's signature is the action's options, as discord.py reads
    them, and it calls `act` on the cog (`owner`: the cog class's name, so discord.py binds it). Without
    `with_user` (an action on the fight, not a player) it has no `user` option."""

    async def callback(self, interaction: discord.Interaction, **options: Any) -> None:
        user = options.pop(USER_OPTION, None)
        await self.act(interaction, action.name, user, options)

    parameters = [
        P("self", P.POSITIONAL_OR_KEYWORD),
        P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
    ]
    if with_user:
        parameters.append(P(USER_OPTION, P.KEYWORD_ONLY, annotation=discord.Member))
    parameters += [
        P(o.name, P.KEYWORD_ONLY, annotation=_annotation(o), **({} if o.required else {"default": None}))
        for o in action.options
    ]
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = f"mod_{action.name}"
    callback.__qualname__ = f"{owner}.mod_{action.name}"
    callback.__discord_app_commands_param_description__ = (  # type: ignore[attr-defined]
        ({USER_OPTION: ui("opt_player")} if with_user else {}) | {o.name: o.description for o in action.options}
    )
    callback.__discord_app_commands_param_autocomplete__ = {  # type: ignore[attr-defined]
        o.name: option_choices(action.name, o.name) for o in action.options if o.autocomplete
    }
    callback.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        o.name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
        for o in action.options
        if o.choices
    }
    return app_commands.Command(name=action.name, description=action.description, parent=group, callback=callback)  # type: ignore[arg-type]  # its signature is set above, at run time


def add_actions(group: app_commands.Group, owner: str, fronts: Mapping[str, Front] | None = None) -> None:
    """Add the installed games' actions (or these `fronts`') to the `/mod` group; raises ValueError if the
    group would not fit Discord."""
    installed = fronts if fronts is not None else registry.fronts()
    actions = declared_actions(installed)
    own = {c.name: c.description for c in group.commands}
    problems = check(actions, own)
    if problems:
        raise ValueError("the games' moderator actions do not fit Discord: " + "; ".join(problems))
    for action in actions:
        group.add_command(action_command(action, group, owner, about_player(action.name, installed)))
