"""What screens are made of beside their lines: a line said from a screen's strings (`said`), and a button as a
plain spec (its custom id, label and style), turned into a discord.py component only where a message is sent
(`ButtonSpec.button`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.wording import render
from engine.keyed import Keyed


def said(texts: Mapping[str, str], key: str, **values: object) -> str:
    """A screen's line `key` filled in, in English, remembering its key (the catalogue's `bot` domain holds every
    screen's strings), so a reader of another language reads it in theirs (`bot.languages.reader`)."""
    return Keyed(render(texts[key], **values), "bot", key, values)


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = "secondary"  # success | danger | primary | secondary

    def button(self) -> Any:
        """The discord.py button (discord.py is imported here, when a message is built, not by the screens)."""
        import discord

        return discord.ui.Button(
            custom_id=self.custom_id, label=self.label, style=getattr(discord.ButtonStyle, self.style)
        )
