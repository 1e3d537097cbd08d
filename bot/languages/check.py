"""`brbot texts check [LANG]`: what keeps a language from being complete and safe, as problems in words.

For each domain (`sources.domains`) a language is checked against English: keys missing (they fall back to
English) and keys the English no longer has; placeholders that differ from the English's (a translation that
drops `{name}` or adds `{nome}` would print wrongly or fail); plural specs (`{count:a|b}`) with a number of
forms other than the language's CLDR categories (`plurals.categories`); and texts over Discord's limits once
rendered: a command's or option's description over 100 characters, a button's label over 80, any text over
the 2,000 characters of a message (placeholders rendered as the English would need them, at most). No
problem, exit 0; any, exit 1.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from bot.languages import plurals
from bot.languages.catalogue import entries, translations
from bot.languages.sources import BOT, Domain, domains

DESCRIPTION_MAX = 100  # Discord: a command's or an option's description
LABEL_MAX = 80  # Discord: a button's label
MESSAGE_MAX = 2000  # Discord: a message's content
DESCRIBED = ("cmd_", "opt_", "desc_")  # bot keys that are command or option descriptions
LABELS = ("button_", "label_")


@dataclass(frozen=True)
class Problem:
    domain: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.domain}: {self.key}: {self.what}"


def fields(template: str) -> tuple[set[str], dict[str, int]]:
    """The placeholders of a template, and for each one with a format spec its number of plural forms."""
    names: set[str] = set()
    plural: dict[str, int] = {}
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return {"<unbalanced braces>"}, {}
    for _, name, spec, _ in parsed:
        if name is None:
            continue
        root = name.split(".")[0].split("[")[0]
        names.add(root)
        if spec:  # a plural spec has a form per category; any other spec counts as one
            plural[root] = len(spec.split("|")) if "|" in spec else plural.get(root, 1)
    return names, plural


def _limit(domain: str, key: str) -> int:
    if domain == BOT and key.startswith(DESCRIBED):
        return DESCRIPTION_MAX
    if key.startswith(LABELS):
        return LABEL_MAX
    return MESSAGE_MAX


def _rendered_length(template: str) -> int:
    """How long a template reads with its placeholders empty (the least it can be)."""
    out = []
    try:
        for literal, name, spec, _ in string.Formatter().parse(template):
            out.append(literal)
            if name is not None and spec and "|" in spec:
                out.append(max(spec.split("|"), key=len))
    except ValueError:
        return len(template)
    return len("".join(out))


def check_domain(
    language: str,
    domain: Domain,
    translated: dict[str, str],
    stale: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[Problem]:
    problems: list[Problem] = []
    forms = len(plurals.categories(language))
    for key, english in domain.texts.items():
        if not english:
            continue  # an empty text (a part left out) reads the same in every language
        if key in stale:
            problems.append(Problem(domain.name, key, "the English changed since it was translated (English is shown)"))
            continue
        if key not in translated:
            problems.append(Problem(domain.name, key, "missing (English is shown)"))
            continue
        text = translated[key]
        want, want_plural = fields(english)
        got, got_plural = fields(text)
        if want != got:
            lost, added = sorted(want - got), sorted(got - want)
            said = "; ".join(
                part
                for part in (
                    f"missing {', '.join(lost)}" if lost else "",
                    f"unknown {', '.join(added)}" if added else "",
                )
                if part
            )
            problems.append(Problem(domain.name, key, f"placeholders differ from English's: {said}"))
        for name, english_forms in want_plural.items():
            if english_forms > 1 and got_plural.get(name, 1) != forms:
                problems.append(
                    Problem(
                        domain.name,
                        key,
                        f"{{{name}:...}} has {got_plural.get(name, 1)} plural forms, {language} needs {forms}"
                        f" ({' | '.join(plurals.categories(language))})",
                    )
                )
        limit = _limit(domain.name, key)
        if _rendered_length(text) > limit:
            problems.append(Problem(domain.name, key, f"longer than Discord's {limit} characters once rendered"))
    problems += [
        Problem(domain.name, key, "not a key of the English (left over)")
        for key in translated.keys() - set(domain.texts)
    ]
    return problems


def check(language: str, only: set[str] | None = None) -> list[Problem]:
    """Every problem of `language`, domain by domain (only the domains named in `only`, if given)."""
    translated, held = translations(language), entries(language)
    known = domains()
    problems = []
    for domain in known:
        if only is None or domain.name in only:
            stale = set(held.get(domain.name, {})) - set(translated.get(domain.name, {}))
            problems += check_domain(language, domain, translated.get(domain.name, {}), stale)
    names = {d.name for d in known}
    problems += [
        Problem(name, "*", "a file for a domain the bot does not have") for name in sorted(set(translated) - names)
    ]
    return problems
