"""The languages the bot speaks: English, the source of every text, and the catalogues translated from it.

Every sentence is a key in a catalogue (the bot's, `bot.texts`; each game's rules and front texts): English
is written in the code, and each other language is a gettext file per catalogue, `bot/locales/<lang>/<domain>.po`
(with a community's files in `BRBOT_LANGUAGES_DIR` beside them), keyed by the text's key (`msgctxt`), with the
English as `msgid`. A key a language lacks falls back to English, never to a raw key or a crash
(`catalogue.template`). Plurals follow the language's CLDR rules through Babel (`plurals`); `brbot texts
check`, `export` and `import` are the translators' tools (`check`, `po`). docs/languages.md says how a
community adds a language.
"""

from __future__ import annotations

ENGLISH = "en-US"
BUILT_IN = {"en-US": "English", "pt-BR": "Português (Brasil)", "es-ES": "Español (España)"}
"""The languages shipped complete with the bot, by Discord's locale names."""


def normalized(tag: str) -> str:
    """A language tag in Discord's spelling ("pt_br" -> "pt-BR", "ES-es" -> "es-ES", "pl" -> "pl")."""
    parts = tag.replace("_", "-").split("-")
    return "-".join([parts[0].lower(), *(p.upper() if len(p) == 2 else p for p in parts[1:])])
