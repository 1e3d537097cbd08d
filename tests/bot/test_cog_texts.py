"""Every word a player reads in a command's description, an option's description or a fixed choice comes
from a text catalogue: the bot's (`bot/ui/text.py`) for its own commands, the game's text module for the
commands a game declares, so wording is reviewed and translated in one place."""
from __future__ import annotations

from discord import app_commands

from bot.cogs import cog_classes
from bot.ui.text import UI
from engine import registry
from engine.rulesets.battle_royale.front.commands import COMMANDS
from engine.rulesets.battle_royale.front.moderation import MODERATION
from engine.rulesets.battle_royale.front.texts import TEXTS


def declared_texts() -> set[str]:
    """Every description and fixed choice the installed games declare for their commands, `/mod` actions,
    sign-up and data file."""
    out: set[str] = set()
    for front in registry.fronts().values():
        out.add(front.title)  # the game's name (its texts module's), a choice of /leaderboard
        if front.picture is not None:
            out.add(front.picture.description)  # its picture command's (/board)
        for command in (*front.orders.commands, *front.moderation, *front.orders.forms):
            out |= {command.description, command.group_description, command.brief}
            for option in command.options:
                out.add(option.description)
                out |= {label for label, _ in option.choices}
        signup = front.signup
        out |= {label for label, _ in signup.roles} | set(signup.role_texts.values())
        out |= {text for p in signup.pairings for text in (p.description, p.option_description)}
        if front.signup.data is not None:
            out.add(front.signup.data.file.description)
    return out


def test_every_command_option_and_choice_text_is_in_the_catalogue():
    catalogue = set(UI.values()) | declared_texts()
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


def test_battle_royale_declares_its_commands_with_the_words_of_its_own_catalogue():
    """The game's command and `/mod` action texts come from `engine/rulesets/battle_royale/front/texts.py`."""
    catalogue = set(TEXTS.values())
    declared = (*COMMANDS, *MODERATION)
    stray = [c.name for c in declared if c.description not in catalogue
             or (c.group_description and c.group_description not in catalogue)]
    stray += [f"{c.name} {o.name}" for c in declared for o in c.options
              if o.description not in catalogue or any(label not in catalogue for label, _ in o.choices)]
    assert stray == []
