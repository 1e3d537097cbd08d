"""Autocomplete for the game commands: the choices come from the game's front and the caller's own view.

`caller_view` finds the game a command is about (the channel's, or the `game` option in a DM) and loads the
caller's view through `bot.services.orders.player_views.view_and_orders`, the ruleset's view of their seat, which
leaves out everything they may not know, with their own current orders for today (with the `as` option, those
of the actor they order for): the game's choosers may offer what those orders bring.
The callbacks never raise: a refusal or a failure gives no choices.

- `option_choices(command, option)`: for a merged command's option, the choices of the game the command is
  about: its chooser (`Option.source`), or its fixed choices when the games' fixed choices differ.
- `verb_choices(under)`: the `action` option of a grouped command (`/skill action:<verb>`): the verbs the
  game the command is about files under it that apply in the caller's phase (their view's), as "verb: what
  it does"; `option_choices(under, option, grouped=True)` then offers the chosen verb's own choices.
- `actor_choices`: the `as` option's choices, the actors the caller may order for.
- `role_choices`: the sign-up `role` option's choices, the roles of the caller's game.
- `source_choices(game_source)`: a game's chooser by name, for the commands the bot still defines itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.languages import ENGLISH
from bot.languages.reader import READER, localized, reading
from bot.services.base import lookup
from bot.services.base.errors import ServiceError
from bot.services.orders import actors, player_views
from bot.services.signup import games
from bot.ui.context import bot_of, caller_of, in_dm, is_moderator, parent_channel
from bot.ui.respond import reader_language
from engine import registry
from engine.front import ACTION_OPTION, Command, Front
from engine.keyed import joined

log = logging.getLogger(__name__)

Callback = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice]]]


class Chosen(Mapping[str, Any]):
    """The options chosen so far (discord.py's namespace) as a read-only mapping for a game's choosers."""

    def __init__(self, namespace: Any) -> None:
        self.namespace = namespace

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self.namespace, name)
        except AttributeError:
            raise KeyError(name) from None

    def __iter__(self):
        return iter(k for k, _ in self.namespace) if hasattr(self.namespace, "__iter__") else iter(())

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def get(self, name: str, default: Any = None) -> Any:
        return getattr(self.namespace, name, default)


async def caller_game(interaction: discord.Interaction, joining: bool = False) -> lookup.GameRef | None:
    """The game the command is about (the channel's, or the `game` option), or None when there is none;
    `joining`: in a DM the `game` option may also be a game open for sign-ups the caller has not joined."""
    raw = getattr(interaction.namespace, "game", None)
    try:
        game_id = int(raw) if raw not in (None, "") else None
    except (TypeError, ValueError):
        return None
    game = await lookup.find_game(
        bot_of(interaction).db,
        user_id=interaction.user.id,
        channel_id=interaction.channel_id,
        in_dm=in_dm(interaction),
        game_id=game_id,
        joining=joining,
        parent_id=parent_channel(interaction),
    )
    if not in_dm(interaction) and game.guild_id not in (None, interaction.guild_id):
        return None
    return game


@dataclass(frozen=True)
class Caller:
    """What a game's choosers are given of the caller: their view and current orders for today (None: none)."""

    view: dict[str, Any]
    orders: dict[str, Any] | None = None


async def caller_view(interaction: discord.Interaction) -> tuple[lookup.GameRef, Caller] | None:
    """The game the command is about and the caller's view of it with their current orders (of the actor
    named `as`, when the caller orders for one), or None when there is none to give."""
    game = await caller_game(interaction)
    if game is None:
        return None
    db = bot_of(interaction).db
    actor = getattr(interaction.namespace, "as", None)
    moderator = caller_of(interaction) if actor and await is_moderator(bot_of(interaction), interaction) else False
    view, orders = await player_views.view_and_orders(
        db, game.id, interaction.user.id, str(actor) if actor else None, moderator
    )
    return game, Caller(view, orders)


def _as_choices(pairs: list[tuple[str, str]], kind: str) -> list[app_commands.Choice]:
    """Discord's choices, each labelled in the reader's language (`reading`: the caller's); the values stay as the
    game gave them (what the game reads back)."""
    out: list[app_commands.Choice] = []
    for label, value in pairs[:25]:
        try:
            typed: Any = int(value) if kind == "integer" else float(value) if kind == "number" else str(value)
        except ValueError:
            continue
        out.append(app_commands.Choice(name=str(localized(label))[:100], value=typed))  # in the reader's language
    return out


def _matching(pairs: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The fixed choices whose label, in English or in the reader's language, holds what was typed."""
    lowered = typed.strip().casefold()
    return [(label, value) for label, value in pairs if lowered in label.casefold() or lowered in _shown(label)]


def _shown(label: str) -> str:
    return str(localized(label)).casefold()


def _sourced(front: Front, source: str, caller: Caller, typed: str, chosen: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A chooser's choices for what was typed: those whose label holds it in the reader's language first (among
    the chooser's first 25), then those the game matched in English (a name typed as the data files spell it)."""
    matched = front.orders.choices(source, caller.view, typed, chosen, caller.orders)
    lowered = typed.strip().casefold()
    if READER.get() == ENGLISH or not lowered:
        return matched
    every = front.orders.choices(source, caller.view, "", chosen, caller.orders)
    out = [(label, value) for label, value in every if lowered in _shown(label)]
    values = {value for _, value in out}
    return (out + [(label, value) for label, value in matched if value not in values])[:25]


def _never_raising(
    pick: Callable[[lookup.GameRef, Caller, str, Mapping[str, Any]], list[app_commands.Choice]],
) -> Callback:
    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
        try:
            found = await caller_view(interaction)
            if found is None:
                return []
            game, caller = found
            with reading(await reader_language(interaction)):
                return pick(game, caller, current or "", Chosen(interaction.namespace))
        except ServiceError:
            return []
        except Exception:
            log.exception("autocomplete failed")
            return []

    return callback


def grouped_verb(front: Front, under: str, verb: Any) -> Command | None:
    """The game's verb `verb` typed in the grouped command `under` (the verb decides: any of the game's verbs
    is given from any grouped command), or None when the game has no verb by that name."""
    typed = str(verb).split(":")[0].strip().lower() if verb not in (None, "") else ""
    return front.orders.command(typed) if typed else None


def verb_choices(under: str) -> Callback:
    """The `action` of a grouped command: the verbs of the game the command is about that apply in the
    caller's phase, those it files under `/under` first (the others work here too), matching what they
    typed (in the verb or in what it does)."""

    def pick(game: lookup.GameRef, caller: Caller, typed: str, chosen: Mapping[str, Any]) -> list[app_commands.Choice]:
        front = registry.front(game.ruleset)
        lowered = typed.strip().lower()
        verbs = [c for c in front.orders.commands if len(c.path) == 1 and front.orders.offered(c, caller.view)]
        verbs.sort(key=lambda c: c.under != under)
        pairs = [(str(localized(joined(": ", [c.name, c.description]))), c.name) for c in verbs]  # as they read
        return _as_choices([(label, value) for label, value in pairs if lowered in label.lower()], "text")

    return _never_raising(pick)


class Typed(Mapping[str, Any]):
    """The options chosen so far by the verb's own names, read from the shared options they are typed in."""

    def __init__(self, command: Command, chosen: Mapping[str, Any]) -> None:
        self.command, self.chosen = command, chosen

    def __getitem__(self, name: str) -> Any:
        option = self.command.option(name)
        if option is None or not option.slot:
            raise KeyError(name)
        value = self.chosen.get(option.slot)
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self):
        return iter(o.name for o in self.command.options if o.slot and self.chosen.get(o.slot) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def slot_choices(command: Any, slot: str) -> Callback:
    """The choices of the shared option `slot` of a merged order command (`bot.ui.declared.MergedCommand`) in
    the game it is about: those of the option the verb (the command's own, or the one chosen in `action`)
    files in it, its chooser's from the caller's view, or its fixed choices, or the numbers a bounded number
    takes."""

    def pick(game: lookup.GameRef, caller: Caller, typed: str, chosen: Mapping[str, Any]) -> list[app_commands.Choice]:
        front = registry.front(game.ruleset)
        if command.grouped:
            declared = grouped_verb(front, command.name, chosen.get(ACTION_OPTION))
        else:
            declared = front.orders.command(command.name)
        spec = declared.in_slot(slot) if declared else None
        if declared is None or spec is None:
            return []
        kind = "integer" if slot == "amount" else "text"
        lowered = typed.strip().lower()
        if spec.source:
            return _as_choices(_sourced(front, spec.source, caller, typed, Typed(declared, chosen)), kind)
        if spec.choices:
            pairs = list(spec.choices)
        elif spec.type == "integer" and spec.min_value is not None and spec.max_value is not None:
            pairs = [(str(n), str(n)) for n in range(int(spec.min_value), int(spec.max_value) + 1)]
        else:
            return []
        return _as_choices(_matching(pairs, lowered), kind)

    return _never_raising(pick)


def option_choices(command: str, option: str, grouped: bool = False) -> Callback:
    """The choices of `option` of `/command` by the game's own option name (`grouped`: of the verb chosen in
    the grouped command's `action`)."""

    def pick(game: lookup.GameRef, caller: Caller, typed: str, chosen: Mapping[str, Any]) -> list[app_commands.Choice]:
        front = registry.front(game.ruleset)
        declared = grouped_verb(front, command, chosen.get(ACTION_OPTION)) if grouped else front.orders.command(command)
        spec = declared.option(option) if declared else None
        if spec is None:
            return []
        if spec.source:
            return _as_choices(_sourced(front, spec.source, caller, typed, chosen), spec.type)
        return _as_choices(_matching(list(spec.choices), typed), spec.type)

    return _never_raising(pick)


async def actor_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
    """The `as` option: the actors the caller may order for (a moderator: the game master's NPCs)."""
    try:
        game = await caller_game(interaction)
        if game is None:
            return []
        moderator = caller_of(interaction) if await is_moderator(bot_of(interaction), interaction) else False
        pairs = await actors.actor_choices(bot_of(interaction).db, game.id, interaction.user.id, moderator)
        return _as_choices([(label, value) for label, value in pairs if current.lower() in label.lower()], "text")
    except ServiceError:
        return []
    except Exception:
        log.exception("autocomplete failed")
        return []


async def role_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice]:
    """The `role` option of /join and /role choose: the roles of the game the command is about (the
    channel's, or the `game` option, or the caller's own game in a DM) that its setup puts in play, none in a
    game without roles. The
    option is free text, so the service checks what comes (`games.role_value`)."""
    try:
        game = await caller_game(interaction, joining=True)
        if game is None:
            return []
        typed = (current or "").strip().casefold()
        roles = await games.offered_roles(bot_of(interaction).db, game.id)  # only those its setup puts in play
        with reading(await reader_language(interaction)):
            matching = [
                (label, value)
                for label, value in roles
                if typed in value.casefold() or _matching([(label, value)], typed)
            ]
            return _as_choices(matching, "text")
    except ServiceError:
        return []
    except Exception:
        log.exception("autocomplete failed")
        return []


def source_choices(source: str) -> Callback:
    """A chooser of the game the command is about, by its name (`Orders.choosers`)."""

    def pick(game: lookup.GameRef, caller: Caller, typed: str, chosen: Mapping[str, Any]) -> list[app_commands.Choice]:
        front = registry.front(game.ruleset)
        return _as_choices(_sourced(front, source, caller, typed, chosen), "text")

    return _never_raising(pick)
