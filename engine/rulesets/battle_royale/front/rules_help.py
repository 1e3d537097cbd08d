"""Battle Royale's /rules and its part of /help, as cards.

/rules summarises docs/rules/battle-royale.md (roles and Day 0, actions, movement, free actions, votes, the
order of a night, winning), says where the full rules are and lists every house rule of `BRSettings` with its
default and what it does (the island is the game's data, a map file: not listed). /help lists the game's own
commands (roles, Day 0, actions, movement, free actions, votes); the bot adds its own (sign-up, information,
moderators).
The words are in `texts`.
"""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, rules_and_settings
from engine.front import setting_lines as listed
from engine.rulesets.battle_royale.front.texts import SETTINGS_DOMAIN, text
from engine.rulesets.battle_royale.settings import BRSettings

RULES_FIRST = ("day", "actions", "movement", "free")
RULES_SECOND = ("votes", "night", "winning", "full")
HELP_SECTIONS = ("roles", "day0", "actions", "movement", "free", "votes")


def _section(prefix: str, name: str) -> CardField:
    return CardField(name=text(f"{prefix}_{name}_title"), lines=(text(f"{prefix}_{name}"),))


def _value(value: Any) -> str:
    """A setting's value as a moderator types it (`true`, `false`, a number; `None` for no limit)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def setting_lines(settings: BRSettings | None = None) -> tuple[str, ...]:
    """One line per house rule of `BRSettings`, in the model's order: `name = value`: description."""
    return listed(settings or BRSettings(), text, _value, SETTINGS_DOMAIN, skip=("island",))


def rules_cards() -> list[Card]:
    """The rules in short: two cards, the day's orders, then nights, votes and winning; then the house rules."""
    first = Card(
        title=text("rules_title"),
        description=text("rules_intro"),
        colour="red",
        fields=tuple(_section("rules", s) for s in RULES_FIRST),
    )
    more = Card(title=text("rules_title_more"), colour="red", fields=tuple(_section("rules", s) for s in RULES_SECOND))
    settings = rules_and_settings(
        more, text("settings_title"), text("settings_intro"), text("settings_field"), setting_lines()
    )
    return [first, *settings]


def help_cards() -> list[Card]:
    """The game's own commands, grouped."""
    return [Card(title=text("help_title"), colour="blurple", fields=tuple(_section("help", s) for s in HELP_SECTIONS))]
