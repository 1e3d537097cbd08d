"""`Keyed`: a text as English reads it that remembers where it came from (its catalogue, its key and the values
it was filled in with), so that a reader of another language can be given the same sentence in theirs.

It is a `str`: everything that takes a text takes it unchanged, and English readers get exactly these
characters (transcripts, the log, the stored events). Nothing in the engine reads the key; the bot renders a
`Keyed` again for a reader of another language where it shows it (`bot.languages.reader`). A text made by
cutting texts is a plain `str` and reads in English; texts joined with `joined` keep their parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
TRIMMED = "$trimmed"  # the key of a text with its last characters cut (`trimmed`): no catalogue's


def joined(separator: str, parts: Iterable[Any]) -> Keyed:
    """Texts joined as `separator.join(parts)` reads, each part still rendered for its reader (a `Keyed`) or
    left as it is (a name, a command, a mark): a line made of a command and its description, the lobby."""
    parts = list(parts)
    return Keyed(separator.join(parts), "", JOINED, {"separator": separator, "parts": parts})


def trimmed(text: str, chars: str) -> Keyed:
    """`text.rstrip(chars)`, as a reader of another language reads it: their text, cut the same way (a sentence's
    full stop left out where another text goes on after it)."""
    return Keyed(text.rstrip(chars), "", TRIMMED, {"text": text, "chars": chars})


def unfilled(domain: str, texts: Mapping[str, str], key: str) -> Keyed:
    """The text `key` of the catalogue `domain` as a template still to be filled in (`filled`): a `/mod` action's
    `done` ("{name} is dead.")."""
    return Keyed(texts[key], domain, key)


def filled(template: str, /, **values: object) -> str:
    """`template.format(**values)`, keeping the template's key where it has one (`unfilled`, or a text with no
    values), so that a reader of another language reads it in theirs."""
    english = template.format(**values)
    if isinstance(template, Keyed) and template.key and template.key not in (JOINED, TRIMMED):
        return Keyed(english, template.domain, template.key, {**template.values, **values})
    return english


def named(domain: str, kind: str, english: Any) -> Any:
    """A name from a game's data files (an item, a zone, a class: "Knife", "The Septagon") as a text of the game's
    data catalogue `domain` (`<game>.data`, the game's `names.py`), keyed by its kind and its English
    (`item:Knife`), so that a reader of another language reads it in theirs wherever it is filled into a sentence.
    Keyed by the English, not by a row's id, so that a map or a roster read from another file reads its names
    translated where they are the default data's and as written where they are its own. An empty name stays
    empty."""
    return Keyed(english, domain, f"{kind}:{english}") if english else english


def names(domain: str, kind: str, englishes: Sequence[str]) -> dict[str, str]:
    """The catalogue entries (`kind:English` -> English) of these data names, as a game's `names.TEXTS` lists
    them."""
    return {f"{kind}:{english}": str(english) for english in englishes if english}


def name_fields(model: Any, domain: str, **kinds: str) -> Any:
    """`model` (a data file's row, once validated) with each of these fields' text made a data name of `domain`
    (`named`, field=kind), frozen models too: a row's `name` and `text`."""
    for field, kind in kinds.items():
        object.__setattr__(model, field, named(domain, kind, getattr(model, field)))
    return model
