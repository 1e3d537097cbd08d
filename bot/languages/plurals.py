"""Which plural form a number takes in a language, by CLDR's rules (Babel's data).

A template says a word that follows a count as `{count:form|form|...}`: the forms of the language's plural
categories in CLDR's order (zero, one, two, few, many, other), as many as the language has. English has two
("{count:player|players}"); Brazilian Portuguese and Spanish three (one, many, other: "1 jogador", "1 milhão de
jogadores", "2 jogadores"); Polish four. `brbot texts check` fails a translation with too few or too many.
"""

from __future__ import annotations

from functools import lru_cache

ORDER = ("zero", "one", "two", "few", "many", "other")


@lru_cache(maxsize=64)
def _locale(language: str):  # noqa: ANN202 (babel.Locale: Babel is imported only when a language asks)
    from babel import Locale

    return Locale.parse(language.replace("-", "_"))


@lru_cache(maxsize=64)
def categories(language: str) -> tuple[str, ...]:
    """The language's plural categories, in CLDR's order ("other" last, always there)."""
    if language.startswith("en"):
        return ("one", "other")
    tags = set(_locale(language).plural_form.tags) | {"other"}
    return tuple(c for c in ORDER if c in tags)


def form(language: str, count: int, forms: list[str]) -> str:
    """The one of `forms` (one per category of `categories(language)`) that `count` takes."""
    if language.startswith("en"):
        return forms[0] if count == 1 else forms[-1]
    category = _locale(language).plural_form(abs(count))
    names = categories(language)
    index = names.index(category) if category in names else len(names) - 1
    return forms[min(index, len(forms) - 1)]
