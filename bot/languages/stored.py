"""A `Keyed` text kept in the database, so it can be rendered again for a reader long after it was said.

An outbox row and an event row store their text in English (`text`: what the web pages, `brbot verify` and
`replay` read) and, beside it (`keyed`), what each of their texts was by key: `kept(text)` turns a `Keyed` into
JSON data (its English, catalogue, key and values, a value that is itself a `Keyed` kept the same way), and
`revived(data)` makes the `Keyed` again, to give to `bot.languages.reader.localized`. A value that is itself a
`Keyed` is kept in a short form without its English (`KEY_MARK`; a data name by its catalogue and key,
`NAME_MARK`; a joined or trimmed text by its parts, `JOINED_MARK`, `TRIMMED_MARK`), made again from the English
catalogue when it is revived: else a night's report keeps each of its lists' words once per text they are nested
in, some ten times its words. A plain `str` keeps
nothing (None): it reads as stored, which is also how rows written before keys were kept are delivered.

`row_keys(text, payload)` is what an outbox row keeps: its text, the title and section of a step's post
that `write_events` put in its payload (`placement`), a group thread's intro, the labels of the buttons its
payload carries (`buttons`: a step's buttons), each only when it is a `Keyed`; `texts_for` renders a row's
kept texts for a reader. (A lobby's roles are kept by key in its payload itself: `bot.services.signup.lobby`.)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from hashlib import blake2b
from typing import Any

from bot.languages import ENGLISH
from bot.languages.reader import JOINED, localized
from bot.wording import render_in
from engine.keyed import TRIMMED, Keyed, joined, trimmed

MARK = "$keyed"  # a kept `Keyed` among values: {MARK: [english, domain, key, values]}
PAYLOAD_TEXTS = ("title", "section", "intro")  # a payload's texts: a step's post's, a group thread's


_KEPT = "_kept"  # where a `Keyed` keeps the JSON data `kept` made of it (the reports of a step share parts)


def kept(text: Any) -> dict[str, Any] | None:
    """JSON data for a `Keyed` (None for any other text: it has no key to render again). Made once per text and
    remembered on it: a step's messages share their parts (the same list, the same name in many rows)."""
    if not isinstance(text, Keyed) or not text.key:
        return None
    known = text.__dict__.get(_KEPT, _UNKNOWN)
    if known is _UNKNOWN:
        if text.key == JOINED and not _keyed_part(text):
            known = None
        else:
            domain = text.domain or _first_domain(text)  # a joined text's parts are read within their own
            values = {name: _value(v, domain) for name, v in text.values.items()}
            known = {MARK: [str(text), domain, text.key, values]}
        text.__dict__[_KEPT] = known
    return known


_KEPT, _UNKNOWN = "_kept", object()  # where `kept` remembers a text's JSON data on it (never copied: `__reduce__`)


def _keyed_part(text: Keyed) -> bool:
    """Whether a joined text has a part to render again (else it reads as stored)."""
    return any(isinstance(part, Keyed) and part.key for part in text.values.get("parts", ()))


def _value(value: Any, within: str) -> Any:
    """A template's value as JSON data: a `Keyed` in the short form of a value (`_nested`), a number or a string as
    it is, anything else as text. `within`: the catalogue of the text it is a value of."""
    return _pair(value, within)[0]


def _pair(value: Any, within: str) -> tuple[Any, Any]:
    """A value as JSON data (`_value`) and what tells it apart (its shape: a short form by its digest or its
    parts, so a digest costs only the value's own parts)."""
    if isinstance(value, Keyed) and value.key:
        return _nested(value, within)
    if value is None or isinstance(value, bool | int | float):
        return value, value
    if isinstance(value, list | tuple):  # the parts of a joined text (`engine.keyed.joined`)
        pairs = [_pair(v, within) for v in value]
        return [p[0] for p in pairs], tuple(p[1] for p in pairs)
    return str(value), str(value)


def _nested(text: Keyed, within: str) -> tuple[Any, Any]:
    """A `Keyed` value without its English, which the values and the English catalogue give again (`revived`),
    and without its catalogue where it is that of the text it is a value of (or, for a data name, that game's
    data catalogue): a night's report would otherwise keep each list's words once for every text it is nested
    in. A value with values of its own that are texts or lists carries a digest of its content (`DIGEST`), by
    which `revived` makes it once for all the rows that share it. Remembered on the text, as `kept` is."""
    memo = text.__dict__.setdefault(_NESTED, {})
    known = memo.get(within, _UNKNOWN)
    if known is _UNKNOWN:
        known = memo[within] = _made_nested(text, within)
    return known


def _made_nested(text: Keyed, within: str) -> tuple[Any, Any]:
    if text.key == JOINED:
        if not _keyed_part(text):
            return str(text), str(text)
        parts, shape = _pair(text.values["parts"], within)
        return _digested(
            {JOINED_MARK: [text.values["separator"], parts]}, (JOINED, text.values["separator"], shape), within, True
        )
    if text.key == TRIMMED:
        inner, shape = _pair(text.values["text"], within)
        return _digested(
            {TRIMMED_MARK: [inner, text.values["chars"]]}, (TRIMMED, text.values["chars"], shape), within, True
        )
    if not text.values and text.key.partition(":")[2] == str(text):  # a data name: its English is its key's
        short = [text.key] if text.domain == _data_of(within) else [text.domain, text.key]
        return {NAME_MARK: short}, ("n", text.domain, text.key)
    pairs = {name: _pair(v, text.domain) for name, v in text.values.items()}
    values = {name: p[0] for name, p in pairs.items()}
    deep = any(isinstance(v, list | dict) and not (isinstance(v, dict) and NAME_MARK in v) for v in values.values())
    made = {KEY_MARK: [text.key, values] if text.domain == within else [text.domain, text.key, values]}
    shape = ("k", text.domain, text.key, tuple(sorted((name, p[1]) for name, p in pairs.items())))
    return _digested(made, shape, within, deep)


def _digested(made: dict[str, Any], shape: Any, within: str, deep: bool) -> tuple[Any, Any]:
    """A short form with its digest where it has parts of its own (a leaf is as quick to make again as to look
    up), and its shape for the text it is a value of: its digest, or its own parts."""
    if not deep:
        return made, shape
    made[DIGEST] = blake2b(repr((within, shape)).encode(), digest_size=6).hexdigest()
    return made, (DIGEST, made[DIGEST])


DIGEST = "#"  # a short form's digest of its content: a value many rows share is revived once (`revived`)


def _first_domain(text: Keyed) -> str:
    """The catalogue of a joined text's first part that has one (its parts are kept within it)."""
    return next((p.domain for p in text.values.get("parts", ()) if isinstance(p, Keyed) and p.domain), "")


def _data_of(domain: str) -> str:
    """The data catalogue of the game whose catalogue `domain` is (`<game>.data`)."""
    return f"{domain.partition('.')[0]}.data"


_NESTED = "_nested"
KEY_MARK, NAME_MARK, JOINED_MARK, TRIMMED_MARK = "$k", "$n", "$j", "$t"  # the short forms of a kept value


def revived(data: Any, within: str = "") -> Any:
    """The `Keyed` that `kept` made `data` of (values revived too, their English made again from the English
    catalogue and their catalogue that of the text they are values of where they were left out); anything else
    as it is. A value in its short form is made once for all the rows that keep the same one (by its digest: a
    step's messages share their lists' parts), so it is also rendered once per language
    (`bot.languages.reader.localized`)."""
    if isinstance(data, Mapping):
        if MARK in data:
            english, domain, key, values = data[MARK]
            return Keyed(english, domain, key, {name: revived(v, domain) for name, v in (values or {}).items()})
        if NAME_MARK in data:
            domain, key = data[NAME_MARK] if len(data[NAME_MARK]) == 2 else (_data_of(within), data[NAME_MARK][0])
            return _once(("n", domain, key), lambda: Keyed(key.partition(":")[2], domain, key))
        if DIGEST in data:
            return _once((DIGEST, within, data[DIGEST]), lambda: _revived(data, within))
        if KEY_MARK in data:  # a leaf: told apart by its catalogue, key and plain values
            domain, key, values = data[KEY_MARK] if len(data[KEY_MARK]) == 3 else (within, *data[KEY_MARK])
            made = {name: revived(v, domain) for name, v in (values or {}).items()}
            token = ("k", domain, key, tuple((n, ("@", id(v)) if isinstance(v, Keyed) else v) for n, v in made.items()))
            return _once(token, lambda: Keyed(_english(domain, key, made), domain, key, made))
        return _revived(data, within)
    if isinstance(data, list):
        return [revived(v, within) for v in data]
    return data


def _revived(data: Mapping[str, Any], within: str) -> Any:
    if JOINED_MARK in data:
        separator, parts = data[JOINED_MARK]
        return joined(separator, revived(parts, within))
    if TRIMMED_MARK in data:
        text, chars = data[TRIMMED_MARK]
        return trimmed(revived(text, within), chars)
    if KEY_MARK in data:
        domain, key, values = data[KEY_MARK] if len(data[KEY_MARK]) == 3 else (within, *data[KEY_MARK])
        made = {name: revived(v, domain) for name, v in (values or {}).items()}
        return Keyed(_english(domain, key, made), domain, key, made)
    return data


def _once(token: Any, make: Any) -> Any:
    try:
        made = _REVIVED.get(token)
    except TypeError:  # a value that cannot tell itself apart: made again
        return make()
    if made is None:
        if len(_REVIVED) > _REVIVED_MAX:
            _REVIVED.clear()
        made = _REVIVED[token] = make()
    return made


_REVIVED: dict[Any, Any] = {}  # the revived values, by their digest (a data name by its key)
_REVIVED_MAX = 50_000


def _english(domain: str, key: str, values: Mapping[str, Any]) -> str:
    """A kept value's English, from the English catalogue now (empty for a text the catalogues no longer have)."""
    template = _english_texts().get(domain, {}).get(key)
    if template is None:
        return ""
    try:
        return render_in(ENGLISH, template, **values)
    except (KeyError, IndexError, ValueError):
        return template


@lru_cache(maxsize=1)
def _english_texts() -> dict[str, Mapping[str, str]]:
    from bot.languages.sources import domains

    return {d.name: d.texts for d in domains()}


def row_keys(text: Any, payload: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """What an outbox row keeps by key: its `text`, and its payload's title and section (None: nothing keyed)."""
    found: dict[str, Any] = {}
    said = kept(text)
    if said is not None:
        found["text"] = said
    for name in PAYLOAD_TEXTS:
        said = kept((payload or {}).get(name))
        if said is not None:
            found[name] = said
    labels = [kept(b.get("label")) if isinstance(b, Mapping) else None for b in (payload or {}).get("buttons") or ()]
    if any(label is not None for label in labels):
        found["buttons"] = labels  # by position; None: a label kept as it is
    return found or None


def written_row_keys(said: str | None, payload: Mapping[str, Any] | None = None) -> str | None:
    """`row_keys(text, payload)` as the JSON text a JSON column writes for it (`json.dumps`), given `said`, the
    JSON text of `kept(text)` (None when that is None): an event's text is kept and written once for its own
    row and every outbox row that delivers it (`write_events`), only the payload's texts added."""
    found = [f'"text": {said}'] if said is not None else []
    for name in PAYLOAD_TEXTS:
        kept_text = kept((payload or {}).get(name))
        if kept_text is not None:
            found.append(f"{json.dumps(name)}: {json.dumps(kept_text)}")
    return "{" + ", ".join(found) + "}" if found else None


def texts_for(
    text: str, payload: dict[str, Any] | None, keyed: Mapping[str, Any] | None, language: str
) -> tuple[str, dict[str, Any] | None]:
    """A row's text and payload with its keyed texts rendered in `language` (as stored where there are none):
    what delivery sends a reader and what the game's web page shows."""
    if not keyed or language == ENGLISH:
        return text, payload
    if "text" in keyed:
        text = localized(revived(keyed["text"]), language)
    shown: dict[str, Any] = {name: localized(revived(keyed[name]), language) for name in PAYLOAD_TEXTS if name in keyed}
    labels = keyed.get("buttons")
    if labels and payload and isinstance(payload.get("buttons"), list):
        shown["buttons"] = [
            {**b, "label": str(localized(revived(label), language))[:80]} if label is not None else b
            for b, label in zip(payload["buttons"], labels, strict=False)
        ] + payload["buttons"][len(labels) :]
    return text, ({**(payload or {}), **shown} if shown else payload)
