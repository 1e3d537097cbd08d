"""The pseudo-language of the tests (issue 31, point 5): every text of every catalogue in accented English between
markers, "⟦Ýóú áŕé ñóţ á šţúďéñţ...⟧", so a test can tell a text that went through the catalogue
from one that escaped it (written in English in code, or joined from pieces that read in English).

`install(folder)` writes it as a community's language would be (a PO file per catalogue, `bot.languages.po`)
under the locale `PSEUDO` (British English: Discord sends only its own locale names, and no shipped language
takes that one); `unmarked(text)` is what
of a rendered text is outside every marker. Placeholders (`{name}`), plural specs' names, Discord's markup
(`**`, `` `code` ``, `<t:…>`, `<@…>`), command names (`/attack`, `/act action:react`), URLs and hexadecimal
digits (seeds, receipts) stay as they are: only the words a translator would translate are changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.languages.po import write_domain
from bot.languages.sources import domains

PSEUDO = "en-GB"  # a locale Discord sends (it sends no other names) that no shipped language takes
OPEN, CLOSE = "⟦", "⟧"
_ACCENTS = str.maketrans(
    "abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ", "áƀçďéĝĥíĵķĺñóŕšţúŵýžÁƁÇĎÉĜĤÍĴĶĹÑÓŔŠŢÚŴÝŽ"
)
_KEPT = re.compile(
    r"(\{[^{}]*\}"  # a placeholder (its plural forms, after the colon, are accented below)
    r"|`[^`]*`"  # code
    r"|<[^<>\s]*>"  # Discord's mentions and timestamps
    r"|https?://\S+"  # an address
    r"|(?<![\w/])/[a-z][\w-]*(?: [a-z_]+:[\w-]+)*"  # a command's name, with any option given as typed
    r"|\b[0-9a-f]{12,}\b"  # a seed, a commitment, a salt or a receipt (hexadecimal digits)
    r")"
)


def _accented_placeholder(part: str) -> str:
    """`{count:player|players}` -> `{count:pĺáýéŕ|pĺáýéŕš}`; any other placeholder as it is."""
    name, colon, spec = part[1:-1].partition(":")
    if colon and "|" in spec:
        return "{" + name + ":" + spec.translate(_ACCENTS) + "}"
    return part


def pseudo(english: str) -> str:
    """`english` accented outside what stays as typed, between the markers (an empty text stays empty)."""
    if not english.strip():
        return english
    pieces = []
    for i, part in enumerate(_KEPT.split(english)):
        if i % 2:
            pieces.append(_accented_placeholder(part) if part.startswith("{") else part)
        else:
            pieces.append(part.translate(_ACCENTS))
    return OPEN + "".join(pieces) + CLOSE


def install(folder: Path) -> None:
    """Every catalogue of the bot and of each installed game in the pseudo-language, under `folder`."""
    for catalogue in domains():
        english = dict(catalogue.texts)
        write_domain(folder, PSEUDO, catalogue.name, {k: pseudo(v) for k, v in english.items()}, english)


_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def unmarked(text: str) -> str:
    """What of `text` lies outside every marker (markers nest where a text is a value of another)."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The English words outside every marker, other than `allowed` ones (names players chose, what stays as
    typed: commands, code, mentions, addresses)."""
    outside = _KEPT.sub(" ", unmarked(text))
    return [w for w in _WORD.findall(outside) if w not in allowed]


_ANY_WORD = re.compile(r"\w+")


def unaccented(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The English words anywhere in `text`, inside markers too (an English value filled into a catalogue text,
    such as a name from a game's data file), other than `allowed` ones and what stays as typed."""
    words = _ANY_WORD.findall(_KEPT.sub(" ", text))
    return [w for w in words if len(w) > 1 and w.isascii() and w.isalpha() and w not in allowed]
