"""Command and option descriptions and choice names in each user's language (`app_commands.Translator`).

Discord shows a command's description, its options' descriptions and its fixed choices' names in the user's
own language when the bot gives them per locale. The bot sets this translator on its command tree before it
syncs (`bot.app`); discord.py hands it every such English text (commands declare plain strings, which it
wraps itself), and it answers with the catalogue's translation of that text: the text is found by its English
(a description is a catalogue text with no placeholder: the bot's `cmd_*`/`opt_*`, a game's command
descriptions), rendered in the locale's language within Discord's limits (100 characters), or None, which
leaves Discord showing the English. Command and option names stay as typed everywhere (names players type,
quote to each other and find in /help).
"""

from __future__ import annotations

from functools import lru_cache

from discord import Locale, app_commands

from bot.languages import ENGLISH
from bot.languages.catalogue import language_for, translations
from bot.languages.check import fields
from bot.languages.sources import domains
from engine.keyed import Keyed

DESCRIPTION_MAX = 100
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


@lru_cache(maxsize=1)
def by_english() -> dict[str, tuple[str, str]]:
    """Each catalogue text with no placeholder, by its English: (domain, key); the first domain wins a tie."""
    index: dict[str, tuple[str, str]] = {}
    for domain in domains():
        for key, english in domain.texts.items():
            if english and not fields(english)[0]:
                index.setdefault(english, (domain.name, key))
    return index


def translated(text: str, language: str) -> str | None:
    """The catalogue's translation of the English `text` into `language`, or None (none, or too long)."""
    if language == ENGLISH:
        return None
    found = (text.domain, text.key) if isinstance(text, Keyed) and text.key else by_english().get(str(text))
    if found is None:
        return None
    domain, key = found
    template = translations(language).get(domain, {}).get(key)
    if not template or fields(template)[0] or len(template) > DESCRIPTION_MAX:
        return None
    return template.replace("{{", "{").replace("}}", "}")


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if context.location in NAMES:
            return None
        return translated(string.message, language_for(locale.value))
