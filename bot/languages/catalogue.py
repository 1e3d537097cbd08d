"""The translated catalogues, read from gettext files, and the template a reader of a language gets for a key.

A language's files are `<dir>/<lang>/<domain>.po` in each of `directories()`: the bot's own (`bot/locales/`,
installed with it) and a community's (`BRBOT_LANGUAGES_DIR`), whose files win. In each, an entry's `msgctxt` is
the key and its `msgstr` the translation; an entry left empty or marked fuzzy is not translated yet. Files are
read once per process. `template(language, domain, key, english)` never fails: a language, a file or a key that
is missing gives the English.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from bot.languages import ENGLISH, normalized

OWN = Path(__file__).resolve().parent.parent / "locales"
ENVIRONMENT = "BRBOT_LANGUAGES_DIR"


def directories() -> list[Path]:
    """Where languages are looked for, the later winning: the bot's own, then a community's."""
    extra = os.environ.get(ENVIRONMENT)
    return [OWN, *([Path(extra)] if extra else [])]


def read_po(path: Path) -> dict[str, tuple[str, str]]:
    """A file's translated entries, key -> (template, the English it translated) (empty and fuzzy ones left
    out)."""
    from babel.messages.pofile import read_po as babel_read

    with path.open("rb") as handle:
        catalog = babel_read(handle)
    out: dict[str, tuple[str, str]] = {}
    for message in catalog:
        if not message.id or message.context is None or message.fuzzy:
            continue
        text = message.string if isinstance(message.string, str) else ""
        if text:
            out[message.context] = (text, str(message.id))
    return out


@lru_cache(maxsize=32)
def entries(language: str) -> dict[str, dict[str, tuple[str, str]]]:
    """domain -> key -> (template, the English it translated), as the files hold them."""
    found: dict[str, dict[str, tuple[str, str]]] = {}
    if language == ENGLISH:
        return found
    for base in directories():
        folder = base / language
        if folder.is_dir():
            for path in sorted(folder.glob("*.po")):
                found.setdefault(path.stem, {}).update(read_po(path))
    return found


@lru_cache(maxsize=32)
def translations(language: str) -> dict[str, dict[str, str]]:
    """domain -> key -> template, for `language` (empty for English and for a language with no files). A
    translation of an English text that has changed since is left out, so its reader gets the English, right,
    rather than an old sentence (`brbot texts check` lists it)."""
    from bot.languages.sources import domains

    english = {d.name: d.texts for d in domains()}
    found: dict[str, dict[str, str]] = {}
    for domain, table in entries(language).items():
        now = english.get(domain, {})
        found[domain] = {key: text for key, (text, was) in table.items() if key not in now or now[key] == was}
    return found


def available() -> list[str]:
    """The languages with at least one file, and English (looked for once per process and places: every
    command's name is translated through `language_for`, thousands of times at a start)."""
    return list(_available(tuple(directories())))


@lru_cache(maxsize=8)
def _available(places: tuple[Path, ...]) -> tuple[str, ...]:
    seen = {ENGLISH}
    for base in places:
        if base.is_dir():
            seen |= {normalized(p.name) for p in base.iterdir() if p.is_dir() and any(p.glob("*.po"))}
    return tuple(sorted(seen))


def template(language: str, domain: str, key: str, english: str) -> str:
    """The template of `key` for a reader of `language`, English where it has none."""
    return translations(language).get(domain, {}).get(key, english)


def language_for(locale: str | None) -> str:
    """The language a Discord locale reads: the same one if there are files for it, else one of the same
    language ("es-419" reads "es-ES"), else English."""
    if not locale:
        return ENGLISH
    return _language_for(str(locale), tuple(directories()))


@lru_cache(maxsize=256)
def _language_for(locale: str, places: tuple[Path, ...]) -> str:
    """`language_for`, once per locale and places (a command sync asks it some 15,000 times)."""
    wanted = normalized(locale)
    have = _available(places)
    if wanted in have:
        return wanted
    base = wanted.split("-")[0]
    same = [lang for lang in have if lang.split("-")[0] == base]
    return same[0] if same else ENGLISH


_GENERATION = [0]  # how many times the files were forgotten: what a text remembers it was rendered with


def generation() -> int:
    return _GENERATION[0]


def forget() -> None:
    """Read the files again next time (after `brbot texts import`, and in tests)."""
    _GENERATION[0] += 1
    translations.cache_clear()
    entries.cache_clear()
    _available.cache_clear()
    _language_for.cache_clear()
    from bot.languages import names  # what players type in each language, read from the same files

    names.forget()
