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
from bot.wording import discord_time, render
from engine.keyed import Keyed

__all__ = ["TEXT", "escape", "listed", "render", "say", "when"]


def say(key: str, **values: object) -> str:
    """The catalogue's text `key` filled in, in English; it remembers its key (`engine.keyed.Keyed`), so a reader
    of another language is shown it in theirs (`bot.languages.reader`)."""
    return Keyed(render(TEXT[key], **values), "bot", key, values)


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
    """A moment (a deadline) as Discord shows it to each reader (`bot.wording.discord_time`); "no deadline" for
    none."""
    return discord_time(moment) if moment is not None else TEXT["when_none"]
