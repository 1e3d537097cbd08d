"""What the bot answers when Discord sends it something it cannot handle as sent, instead of silence.

- A button or select whose custom id no handler knows (from an older message or an older version of the
  bot, or a menu that lived in memory before a restart): a short ephemeral answer saying to use the command
  again. Without it Discord shows "This interaction failed".
- A slash command whose shape is out of date (Discord keeps a stale registration for a while after the
  bot's commands change: a missing required option, an option of another type, an unknown option or
  subcommand): `outdated(interaction)` names the mismatch before the command runs, and the tree's error
  handler answers ephemerally with one line in the log, never a traceback.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands


class OutdatedCommand(app_commands.AppCommandError):
    """The command arrived in a shape the bot no longer declares (Discord's registration is stale)."""


OUTDATED = (
    OutdatedCommand,
    app_commands.CommandNotFound,
    app_commands.CommandSignatureMismatch,
    app_commands.TransformerError,
)


def _leaf_options(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options given to the subcommand itself (below any subcommand group and subcommand)."""
    for option in options:
        if option.get("type") in (1, 2):  # a subcommand (group): its options are the ones given
            return _leaf_options(option.get("options") or [])
    return options


def outdated(interaction: discord.Interaction) -> str | None:
    """Why this slash command does not match what the bot declares (None: it matches, or it is no command
    the bot knows, which discord.py itself reports as CommandNotFound)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    declared = {p.display_name: p for p in command.parameters}
    data: dict[str, Any] = dict(interaction.data or {})
    given = _leaf_options(data.get("options") or [])
    for option in given:
        parameter = declared.get(option.get("name", ""))
        if parameter is None:
            return f"unknown option {option.get('name')!r}"
        if option.get("type") != parameter.type.value:
            return f"option {parameter.display_name!r} has type {option.get('type')}, not {parameter.type.value}"
    names = {o.get("name") for o in given}
    missing = [p.display_name for p in command.parameters if p.required and p.display_name not in names]
    return f"missing option {missing[0]!r}" if missing else None


def component_known(client: discord.Client, interaction: discord.Interaction) -> bool:
    """Whether a handler will answer this button or select: a persistent `DynamicItem` whose template
    matches its custom id, or a live view holding an item with that id. (discord.py keeps these in the
    client's view store, which has no public way to ask.)"""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id, kind = str(data.get("custom_id", "")), data.get("component_type")
    store = client._connection._view_store  # noqa: SLF001 (see the docstring)
    if any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):  # noqa: SLF001
        return True
    return any((kind, custom_id) in items for items in store._views.values())  # noqa: SLF001
