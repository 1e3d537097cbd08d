"""The rules in short and every house rule of `MazeworldSettings` with its value and what it does
(`/rules`)."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, rules_and_settings
from engine.front import setting_lines as listed
from engine.rulesets.mazeworld.front.texts import SETTINGS_DOMAIN, text
from engine.rulesets.mazeworld.settings import MazeworldSettings

RULES = (
    ("rules_attack_field", "rules_attack"),
    ("rules_pain_field", "rules_pain"),
    ("rules_sides_field", "rules_sides"),
)


def _value(value: Any) -> str:
    if hasattr(value, "groups"):
        return text("encounter_value", groups=len(value.groups))
    return str(value).lower() if isinstance(value, bool) else str(value)


def setting_lines(settings: MazeworldSettings | None = None) -> tuple[str, ...]:
    """One line per setting, in the model's order: `name = value`: description."""
    return listed(settings or MazeworldSettings(), text, _value, SETTINGS_DOMAIN)


def rules_cards() -> list[Card]:
    rules = Card(
        title=text("rules_title"),
        description=text("rules_intro"),
        colour="red",
        fields=tuple(CardField(text(name), (text(body),)) for name, body in RULES),
    )
    return rules_and_settings(
        rules, text("settings_title"), text("settings_intro"), text("settings_field"), setting_lines()
    )
