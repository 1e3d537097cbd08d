"""`Keyed`: a text as English reads it that remembers where it came from (its catalogue, its key and the values
it was filled in with), so that a reader of another language can be given the same sentence in theirs.

It is a `str`: everything that takes a text takes it unchanged, and English readers get exactly these
characters (transcripts, the log, the stored events). Nothing in the engine reads the key; the bot renders a
`Keyed` again for a reader of another language where it shows it (`bot.languages.reader`). A text made by
cutting texts is a plain `str` and reads in English; texts joined with `joined` keep their parts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Keyed(str):
    domain: str
    key: str
    values: Mapping[str, Any]

    def __new__(cls, english: str = "", domain: str = "", key: str = "", values: Mapping[str, Any] | None = None):
        made = super().__new__(cls, english)
        made.domain, made.key, made.values = domain, key, dict(values or {})
        return made

    def __reduce__(self):  # noqa: ANN204 (pickled with its key, as any str would be without it)
        return (Keyed, (str(self), self.domain, self.key, self.values))


class Speaker(Protocol):
    """A catalogue's `say` (or `text`): the text `key` filled in with `values`, in English (a `Keyed`)."""

    def __call__(self, key: str, /, **values: object) -> str: ...


def speaker(domain: str, texts: Mapping[str, str]) -> Speaker:
    """The `say` of the catalogue `domain` whose English is `texts`: every game's texts modules make theirs so."""

    def say(key: str, /, **values: object) -> str:
        return Keyed(texts[key].format(**values), domain, key, values)

    return say


JOINED = "$joined"  # the key of a text made of texts (`joined`): no catalogue's


def joined(separator: str, parts: Sequence[Any]) -> Keyed:
    """Texts joined as `separator.join(parts)` reads, each part still rendered for its reader (a `Keyed`) or
    left as it is (a name, a command, a mark): a line made of a command and its description, the lobby."""
    return Keyed(separator.join(parts), "", JOINED, {"separator": separator, "parts": list(parts)})


def unfilled(domain: str, texts: Mapping[str, str], key: str) -> Keyed:
    """The text `key` of the catalogue `domain` as a template still to be filled in (`filled`): a `/mod` action's
    `done` ("{name} is dead.")."""
    return Keyed(texts[key], domain, key)


def filled(template: str, /, **values: object) -> str:
    """`template.format(**values)`, keeping the template's key where it has one (`unfilled`, or a text with no
    values), so that a reader of another language reads it in theirs."""
    english = template.format(**values)
    if isinstance(template, Keyed) and template.key and template.key != JOINED:
        return Keyed(english, template.domain, template.key, {**template.values, **values})
    return english
