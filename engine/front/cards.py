"""What a game shows as cards (Discord embeds, the web page's panels) and pictures: `Card` of `CardField`s,
`Picture`, and the shared shape of a game's `/rules` (`setting_lines`, `rules_and_settings`).

A game that lists its house rules on `/rules` names the catalogue of their descriptions in its front's texts
module (`SETTINGS_DOMAIN = "<game>.settings"`): the settings model's field descriptions, by setting name
(`settings_catalogue`), translated as any other catalogue (bot/languages/sources.py lists it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.keyed import Keyed, Speaker


@dataclass(frozen=True)
class CardField:
    """A field of a card: lines joined by `sep`, or `empty` when there are none. A line may be one text of several
    lines (a rules section, one catalogue text, so that a reader of another language gets it whole)."""

    name: str
    lines: tuple[str, ...]
    sep: str = "\n"
    inline: bool = False
    empty: str | None = None

    def shown_lines(self) -> list[str]:
        """The lines as shown: a text of several lines broken at them, where lines are shown one below another."""
        return [piece for line in self.lines for piece in line.split("\n")] if self.sep == "\n" else list(self.lines)


@dataclass(frozen=True)
class Card:
    """A titled card (a Discord embed): `colour` is a name the bot maps ("green", "grey", "blue", "gold",
    "purple", "teal", "red", "blurple", or "plain" for none); long fields are continued by the bot within
    Discord's limits."""

    title: str
    description: str = ""
    fields: tuple[CardField, ...] = ()
    colour: str = "blurple"
    footer: str = ""


@dataclass(frozen=True)
class Picture:
    png: bytes
    filename: str
    caption: str


def settings_catalogue(model: Any) -> dict[str, str]:
    """The descriptions of a settings model's (pydantic) fields as a catalogue: setting name -> description."""
    return {name: field.description for name, field in model.model_fields.items() if field.description}


def setting_lines(
    settings: Any, say: Speaker, value_of: Callable[[Any], str], domain: str, skip: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """One line per setting of a game's settings model (pydantic), in the model's order, for its rules help:
    the game's text `setting_line` (`say`) with `{name}`, `{value}` (as `value_of` writes it) and
    `{description}` (the field's, a text of the catalogue `domain`, `<game>.settings`, so that a reader of
    another language reads it in theirs). `skip`: settings that are the game's data, not house rules (a roster)."""
    return tuple(
        say(
            "setting_line",
            name=name,
            value=value_of(getattr(settings, name)),
            description=Keyed(field.description or "", domain, name),
        )
        for name, field in type(settings).model_fields.items()
        if name not in skip
    )


def rules_and_settings(
    rules: Card, settings_title: str, settings_intro: str, settings_field: str, lines: tuple[str, ...]
) -> list[Card]:
    """A game's `/rules`: its rules card, then a card of every house rule with its value (`setting_lines`), in the
    rules card's colour."""
    settings = Card(
        title=settings_title,
        description=settings_intro,
        colour=rules.colour,
        fields=(CardField(settings_field, lines),),
    )
    return [rules, settings]
