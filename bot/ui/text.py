"""`ui(key, **values)`: a sentence the Discord bot itself says (a command's reply, a button's label, help),
rendered from the one catalogue (`bot/texts/`, by feature), as `bot.text.say` renders the services'. What
the engine narrates comes from the ruleset's text module.
"""

from __future__ import annotations

from bot.text import render
from bot.texts import TEXT
from engine.keyed import Keyed

UI: dict[str, str] = TEXT  # one catalogue, by feature (bot/texts/): `ui` and `bot.text.say` read the same


def ui(key: str, **values: object) -> str:
    """One of these filled in; `{count:game|games}` picks the word for the count, as in `bot.text.render`."""
    return Keyed(render(UI[key], **values), "bot", key, values)
