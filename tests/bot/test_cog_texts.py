"""Every word a player reads in a command's description, an option's description or a fixed choice comes
from the text catalogue (`bot/ui/text.py`), so wording is reviewed and translated in one place."""
from __future__ import annotations

from discord import app_commands

from bot.cogs import cog_classes
from bot.ui.text import UI


def test_every_command_option_and_choice_text_is_in_the_catalogue():
    catalogue = set(UI.values())
    stray: list[str] = []
    for cog_class in cog_classes():
        for command in cog_class.__cog_app_commands__:
            found = [command] + (list(command.walk_commands()) if isinstance(command, app_commands.Group) else [])
            for cmd in found:
                if cmd.description not in catalogue:
                    stray.append(f"/{cmd.qualified_name}: {cmd.description!r}")
                for param in getattr(cmd, "parameters", []):
                    if param.description not in catalogue:
                        stray.append(f"/{cmd.qualified_name} {param.name}: {param.description!r}")
                    stray += [f"/{cmd.qualified_name} {param.name} choice: {c.name!r}"
                              for c in param.choices if c.name not in catalogue]
    assert stray == []
