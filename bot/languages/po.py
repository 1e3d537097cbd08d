"""`brbot texts export LANG` and `brbot texts import FILE`: a language to and from gettext's PO format, the one
translators' tools (Poedit, Weblate, Crowdin, Lokalize) read.

An exported file holds every text of the domains asked for (all by default): `msgctxt` is "<domain>|<key>",
`msgid` the English, `msgstr` the translation so far (empty where there is none), and a translator's comment
says the placeholders to keep and, for a plural spec, the language's forms in order. Importing a file writes
its translated entries into `<dir>/<lang>/<domain>.po` (the language from the file's `Language` header, or
given), refusing entries whose domain or key the bot does not have; `brbot texts check` is then the gate.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from bot.languages import normalized, plurals
from bot.languages.catalogue import forget, translations
from bot.languages.check import fields
from bot.languages.sources import domains

SEPARATOR = "|"


def _catalog(language: str, header_comment: str = ""):  # noqa: ANN202 (babel's Catalog)
    from babel.messages.catalog import Catalog

    comment = header_comment or f"# brbot texts, {language}."
    return Catalog(locale=language.replace("-", "_"), project="brbot", header_comment=comment)


def _comment(english: str, language: str) -> str:
    names, plural = fields(english)
    parts = []
    if names:
        parts.append("keep: " + " ".join("{" + n + "}" for n in sorted(names)))
    if any(n > 1 for n in plural.values()):
        parts.append(f"plural forms in order: {' | '.join(plurals.categories(language))}")
    return "; ".join(parts)


def export(language: str, only: set[str] | None = None) -> bytes:
    """The PO file of `language` for the domains in `only` (all if None)."""
    from babel.messages.pofile import write_po

    language = normalized(language)
    done = translations(language)
    catalog = _catalog(language, f"# brbot texts, {language}: translate each msgstr; keep placeholders as they are.")
    for domain in domains():
        if only is not None and domain.name not in only:
            continue
        for key, english in domain.texts.items():
            if not english:
                continue  # nothing to translate (and PO keeps an empty msgid for its header)
            comment = _comment(english, language)
            catalog.add(
                english,
                done.get(domain.name, {}).get(key, ""),
                context=f"{domain.name}{SEPARATOR}{key}",
                auto_comments=[comment] if comment else [],
            )
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, sort_output=False)
    return out.getvalue()


@dataclass
class Imported:
    language: str
    written: dict[str, int]  # domain -> entries written
    refused: list[str]  # "<context>: why"


def write_domain(folder: Path, language: str, domain: str, entries: dict[str, str], english: dict[str, str]) -> None:
    """`<folder>/<language>/<domain>.po` holding `entries` (key -> translation), with the English as msgid."""
    from babel.messages.pofile import write_po

    catalog = _catalog(language)
    for key in english:
        if key in entries and english[key]:
            catalog.add(english[key], entries[key], context=key)
    target = folder / language / f"{domain}.po"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=False)


def import_file(path: Path, into: Path, language: str | None = None) -> Imported:
    """Write the translated entries of the PO file `path` into `into`, merged with what is there."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle)
    lang = normalized(language or (str(catalog.locale).replace("_", "-") if catalog.locale else ""))
    if not lang:
        raise ValueError(f"{path}: the file names no language (its Language header); give one with --language")
    known = {d.name: dict(d.texts) for d in domains()}
    by_domain: dict[str, dict[str, str]] = {}
    refused = []
    for message in catalog:
        if not message.id or not message.context:
            continue
        domain, _, key = message.context.partition(SEPARATOR)
        text = message.string if isinstance(message.string, str) else ""
        if domain not in known or key not in known[domain]:
            refused.append(f"{message.context}: no such text")
            continue
        if text and not message.fuzzy:
            by_domain.setdefault(domain, {})[key] = text
    existing = translations(lang)
    written = {}
    for domain, entries in by_domain.items():
        merged = {**existing.get(domain, {}), **entries}
        write_domain(into, lang, domain, merged, known[domain])
        written[domain] = len(entries)
    forget()
    return Imported(lang, written, refused)
