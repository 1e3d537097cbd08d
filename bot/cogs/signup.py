"""Sign-up commands: /join (with a role request), /leave, /role choose and one /role <pairing> per pairing.

Built when the bot starts from what the installed games declare (`Front.signup`): the `role` option
of /join and /role choose is free text whose autocomplete offers the roles of the game the command is about
(none in a game without roles; the service refuses anything else in one sentence), and each game's pairings
(a request naming another player) become `/role <name> <option>:`. A mutual pairing's proposal reaches the
other player by DM with Accept and Decline buttons (bot/ui/buttons.py); the service checks everything against
the game of the channel (or the `game` option).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Optional

import discord
from discord import app_commands

from bot.services.base import limits
from bot.services.signup import games, muster
from bot.ui.autocomplete import role_choices
from bot.ui.context import Ctx, GameCog, GameNumber, game_autocomplete
from bot.ui.joined import joined_reply
from bot.ui.text import ui
from engine import registry
from engine.front import Front, Pairing
from engine.keyed import filled

GAME = "game"
P = inspect.Parameter


@dataclass
class Signup:
    """The sign-up options of all installed games, merged: what the cog registers."""

    role_option: str
    join_option: str
    choose: str
    pairings: list[Pairing]


def _one(values: list[str], fallback: str) -> str:
    return values[0] if len(set(values)) == 1 else fallback


def merged(fronts: Mapping[str, Front]) -> Signup:
    """The role option's words (the games' own when they agree) and every game's pairings (the first game to
    declare a name). The roles themselves are not merged: autocomplete offers those of the caller's game."""
    options = [fronts[name].signup for name in sorted(fronts)]
    pairings: dict[str, Pairing] = {}
    for o in options:
        for pairing in o.pairings:
            pairings.setdefault(pairing.name, pairing)
    with_roles = [o for o in options if o.roles]
    return Signup(
        role_option=_one([o.role_texts.get("option", "") for o in with_roles], ui("opt_role")) or ui("opt_role"),
        join_option=_one([o.role_texts.get("join_option", "") for o in with_roles], ui("opt_role")) or ui("opt_role"),
        choose=_one([o.role_texts.get("choose", "") for o in with_roles], ui("cmd_role_choose"))
        or ui("cmd_role_choose"),
        pairings=list(pairings.values()),
    )


class SignUpBase(GameCog):
    """/join, /leave and /role; `build_cog` adds the roles' choices and the pairings' subcommands."""

    async def joining(self, interaction: discord.Interaction, role: Any, game: int | None) -> None:
        async def work(ctx: Ctx) -> str:
            player = await games.join_game(
                ctx.db, ctx.game_id, ctx.user_id, ctx.user_name, getattr(role, "value", role)
            )
            asked = (player.requests or {}).get("role") if role is not None else None  # as the service read it
            await muster.begin_if_full(ctx.db, ctx.game_id, ctx.now)  # a full lobby begins the game
            return joined_reply(registry.front(ctx.game.ruleset), ctx.game.name, player.status != "joined", asked)

        await self.run(interaction, game, work, joining=True)

    @app_commands.command(name="leave", description=ui("cmd_leave"))
    @app_commands.describe(game=ui("opt_game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: GameNumber | None = None) -> None:
        async def work(ctx: Ctx) -> str:
            await games.leave_game(ctx.db, ctx.game_id, ctx.user_id, ctx.now)
            return ui("left", game=ctx.game.name)

        await self.run(interaction, game, work)

    async def choosing(self, interaction: discord.Interaction, role: Any, game: int | None) -> None:
        async def work(ctx: Ctx) -> str:
            return await games.request_role(ctx.db, ctx.game_id, ctx.user_id, getattr(role, "value", role))

        await self.run(interaction, game, work)

    async def pairing(
        self, interaction: discord.Interaction, name: str, other: discord.User | None, game: int | None
    ) -> None:
        async def work(ctx: Ctx) -> str:
            done = await games.pair(ctx.db, ctx.game_id, ctx.user_id, name, other.id if other else None)
            if other is None:
                return done.texts["cleared"]
            return filled(done.texts["sent" if done.mutual else "set"], partner=other.display_name)

        await self.run(interaction, game, work)


def _declare(callback: Any, **params: Any) -> None:
    """What discord.py's decorators would set on a callback whose signature is built at run time: each
    parameter's `description`, `autocomplete` and `choices`."""
    for kind, value in params.items():
        setattr(callback, f"__discord_app_commands_param_{kind}__", value)


def _signature(callback, options: list[P]) -> None:
    game = P(GAME, P.KEYWORD_ONLY, annotation=Optional[GameNumber], default=None)  # noqa: UP045
    callback.__signature__ = inspect.Signature(
        [P("self", P.POSITIONAL_OR_KEYWORD), P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
        + options
        + [game]
    )


def _role_command(
    name: str,
    description: str,
    option: str,
    signup: Signup,
    required: bool,
    method: str,
    parent: app_commands.Group | None = None,
) -> app_commands.Command:
    """/join or /role choose: a `role` option, free text with the roles of the caller's game offered."""

    async def callback(self: SignUpBase, interaction: discord.Interaction, **given: Any) -> None:
        await getattr(self, method)(interaction, given.get("role"), given.get(GAME))

    annotation: Any = app_commands.Range[str, 1, limits.OPTION_TEXT_MAX]
    if not required:
        annotation = Optional[annotation]  # noqa: UP045 - like the other option annotations in this file
    _signature(callback, [P("role", P.KEYWORD_ONLY, annotation=annotation, **({} if required else {"default": None}))])
    callback.__name__ = name
    callback.__qualname__ = f"SignUpCog.{name}"
    _declare(
        callback,
        description={"role": option, GAME: ui("opt_game")},
        autocomplete={"role": role_choices, GAME: game_autocomplete},
    )
    return app_commands.Command(name=name, description=description, callback=callback, parent=parent)


def _pairing_command(pairing: Pairing, parent: app_commands.Group) -> app_commands.Command:
    """/role <name> <option>: the other player (optional when the pairing may be cleared)."""

    async def callback(self: SignUpBase, interaction: discord.Interaction, **given: Any) -> None:
        await self.pairing(interaction, pairing.name, given.get(pairing.option), given.get(GAME))

    required = not pairing.clearable
    _signature(
        callback,
        [
            P(
                pairing.option,
                P.KEYWORD_ONLY,
                annotation=discord.User if required else Optional[discord.User],  # noqa: UP045
                **({} if required else {"default": None}),
            )
        ],
    )
    callback.__name__ = pairing.name
    callback.__qualname__ = f"SignUpCog.role_{pairing.name}"
    _declare(
        callback,
        description={pairing.option: pairing.option_description, GAME: ui("opt_game")},
        autocomplete={GAME: game_autocomplete},
    )
    return app_commands.Command(name=pairing.name, description=pairing.description, callback=callback, parent=parent)


def build_cog(fronts: Mapping[str, Front] | None = None) -> type[SignUpBase]:
    """The sign-up cog for these games (default: every installed game)."""
    signup = merged(fronts if fronts is not None else registry.fronts())
    role = app_commands.Group(name="role", description=ui("cmd_role"))
    role.add_command(_role_command("choose", signup.choose, signup.role_option, signup, True, "choosing", role))
    for pairing in signup.pairings:
        role.add_command(_pairing_command(pairing, role))
    attributes = {
        "join": _role_command("join", ui("cmd_join"), signup.join_option, signup, False, "joining"),
        "role": role,
    }
    return type("SignUpCog", (SignUpBase,), attributes)


SignUpCog = build_cog()
COG = SignUpCog
