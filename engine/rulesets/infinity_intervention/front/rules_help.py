"""The rules in short and every house rule of `IISettings` with its value and what it does (`/rules`)."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, rules_and_settings
from engine.front import setting_lines as listed
from engine.keyed import joined
from engine.rulesets.infinity_intervention.front.texts import SETTINGS_DOMAIN, text
from engine.rulesets.infinity_intervention.settings import IISettings

RULES = (
    ("rules_rolls_field", "rules_rolls"),
    ("rules_faceoff_field", "rules_faceoff"),
    ("rules_heat_field", "rules_heat"),
)


def _value(value: Any) -> str:
    if isinstance(value, list):
        return joined(", ", [str(v) for v in value])
    return str(value).lower() if isinstance(value, bool) else str(value)


def setting_lines(settings: IISettings | None = None) -> tuple[str, ...]:
    """One line per house rule, in the model's order: `name = value`: description. The roster is the game's data,
    not a house rule (and a game's own may be a moderator's file): it is not listed."""
    return listed(settings or IISettings(), text, _value, SETTINGS_DOMAIN, skip=("roster",))


def rules_cards() -> list[Card]:
    rules = Card(
        title=text("rules_title"),
        description=text("rules_intro"),
        colour="blue",
        fields=tuple(CardField(text(name), (text(body),)) for name, body in RULES),
    )
    return rules_and_settings(
        rules, text("settings_title"), text("settings_intro"), text("settings_field"), setting_lines()
    )
