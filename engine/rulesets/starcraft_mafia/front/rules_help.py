"""StarCraft Mafia's /rules and its part of /help, as cards.

/rules: the game in short (the day, the order of a day, combat, the infested, what is public, winning) and
every house rule of `SCMSettings`, under the name the rulings give it, with its default value and what it
does. /help: every order command with an example (`commands.EXAMPLES`). The words are in `texts`.
"""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, rules_and_settings
from engine.front import setting_lines as listed
from engine.keyed import joined
from engine.rulesets.starcraft_mafia.front.commands import COMMANDS, EXAMPLES, EXTRAS, MAIN
from engine.rulesets.starcraft_mafia.front.texts import SETTINGS_DOMAIN, text
from engine.rulesets.starcraft_mafia.settings import SCMSettings

RULES = ("day", "order", "combat", "infested", "public", "winning")


def _section(name: str) -> CardField:
    return CardField(name=text(f"rules_{name}_title"), lines=(text(f"rules_{name}"),))


def _value(value: Any) -> str:
    """A setting's value as a moderator types it: the infested table as `5-7: 1, 8-11: 2, ...`."""
    if isinstance(value, list):
        return joined(
            ", ", [text("table_row", low=row.players_min, high=row.players_max, count=row.infested) for row in value]
        )
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def setting_lines(settings: SCMSettings | None = None) -> tuple[str, ...]:
    """One line per setting of `SCMSettings`, in the model's order: `name = value`: description."""
    return listed(settings or SCMSettings(), text, _value, SETTINGS_DOMAIN)


def rules_cards() -> list[Card]:
    rules = Card(
        title=text("rules_title"),
        description=text("rules_intro"),
        colour="red",
        fields=tuple(_section(s) for s in RULES),
    )
    return rules_and_settings(
        rules, text("settings_title"), text("settings_intro"), text("settings_field"), setting_lines()
    )


def _lines(section: str) -> tuple[str, ...]:
    return tuple(
        text("help_line", name=c.usage, description=c.description, example=joined("`, `", EXAMPLES[c.name]))
        for c in COMMANDS
        if c.section == section
    )


def help_cards() -> list[Card]:
    return [
        Card(
            title=text("help_title"),
            colour="blurple",
            fields=(
                CardField(text("help_main_title"), _lines(MAIN)),
                CardField(text("help_extras_title"), _lines(EXTRAS)),
            ),
        )
    ]
