"""How the bot's sentences are said: `say(key, **values)` renders one of the catalogue's (`bot/texts/`, one
module per feature: refusals, channel posts, reminder DMs, the seed commitment and reveal posts, moderator
announcements, the `brbot` command line's output...), so wording can be reviewed, changed or translated
without touching the services. Values are formatted before they are passed in (dates through `when`); a word
after a count takes the count's number with `{count:player|players}` (`render`), and names listed in a
sentence are joined by `listed`. The engine's own texts live in its ruleset
(`engine/rulesets/battle_royale/texts.py`).
"""

from __future__ import annotations

from datetime import datetime

from bot.texts import TEXT  # the catalogue, by feature (bot/texts/)
from bot.wording import render

__all__ = ["TEXT", "escape", "listed", "render", "say", "when"]


def say(key: str, **values: object) -> str:
    return render(TEXT[key], **values)


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Cal", "Cal and Dee", "Ann, Cal and Dee"."""
    if len(names) < 2:
        return "".join(names)
    return TEXT["list_and"].format(most=", ".join(names[:-1]), last=names[-1])


def escape(text: str) -> str:
    """Free text someone wrote, as a post should show it: no Markdown formatting, no mention."""
    import discord

    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def when(moment: datetime | None) -> str:
    """A moment (a deadline) as Discord shows it to each reader in their own time zone and language: the
    date and time, and how far off it is ("1 March 2026 22:00 (in 10 hours)"): `<t:…:f> (<t:…:R>)`; "no
    deadline" for none. Discord's timestamp markup, written here rather than by importing discord.py, which a
    simulated game would otherwise load for this alone (a fifth of a second)."""
    if moment is None:
        return TEXT["when_none"]
    stamp = int(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"
