"""What screens are made of beside their lines: a button as a plain spec (its custom id, label and style),
turned into a discord.py component only where a message is sent (`ButtonSpec.button`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
