"""A `Keyed` text kept in the database, so it can be rendered again for a reader long after it was said.

An outbox row and an event row store their text in English (`text`: what the web pages, `brbot verify` and
`replay` read) and, beside it (`keyed`), what each of their texts was by key: `kept(text)` turns a `Keyed` into
JSON data (its English, catalogue, key and values, a value that is itself a `Keyed` kept the same way), and
`revived(data)` makes the `Keyed` again, to give to `bot.languages.reader.localized`. A plain `str` keeps
nothing (None): it reads as stored, which is also how rows written before keys were kept are delivered.

`row_keys(text, payload)` is what an outbox row keeps: its text, the title and section of a step's post
that `write_events` put in its payload (`placement`), a group thread's intro, the labels of the buttons its
payload carries (`buttons`: a step's buttons) and of the roles a lobby offers (`roles`), each only when it is a
`Keyed`; `texts_for` renders a row's kept
texts for a reader.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.languages import ENGLISH
from bot.languages.reader import JOINED, localized
from engine.keyed import Keyed

MARK = "$keyed"  # a kept `Keyed` among values: {MARK: [english, domain, key, values]}
PAYLOAD_TEXTS = ("title", "section", "intro")  # a payload's texts: a step's post's, a group thread's


_KEPT = "_kept"  # where a `Keyed` keeps the JSON data `kept` made of it (the reports of a step share parts)


def kept(text: Any) -> dict[str, Any] | None:
    """JSON data for a `Keyed` (None for any other text: it has no key to render again). Made once per text: the
    same `Keyed` said in many rows (a part of every player's private report, each listing the others) is kept from
    the first."""
    if not isinstance(text, Keyed) or not text.key:
        return None
    made = text.__dict__.get(_KEPT, False)
    if made is False:
        if text.key == JOINED and not _keyed_part(text):
            made = None
        else:  # a joined text's words are its parts' (`english`): not kept twice
            words = "" if text.key == JOINED else str(text)
            made = {MARK: [words, text.domain, text.key, {name: _value(v) for name, v in text.values.items()}]}
        text.__dict__[_KEPT] = made
    return made


def _keyed_part(text: Keyed) -> bool:
    """Whether a joined text has a part to render again (else it reads as stored)."""
    return any(isinstance(part, Keyed) and part.key for part in text.values.get("parts", ()))


def _value(value: Any) -> Any:
    """A template's value as JSON data: a `Keyed` kept, a number or a string as it is, anything else as text."""
    if isinstance(value, Keyed) and value.key:
        said = kept(value)  # a text joined of names alone keeps nothing: its words, as any other string
        return said if said is not None else str(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, list | tuple):  # the parts of a joined text (`engine.keyed.joined`)
        return [_value(v) for v in value]
    return str(value)


def english(data: Mapping[str, Any]) -> str:
    """The English words of a kept text: as kept, or a joined text's, from its parts (kept without them)."""
    words, _, key, values = data[MARK]
    if words or key != JOINED:
        return words
    parts = (values or {}).get("parts") or []
    separator = (values or {}).get("separator") or ""
    said = english(separator) if isinstance(separator, Mapping) and MARK in separator else str(separator)
    return said.join(english(p) if isinstance(p, Mapping) and MARK in p else str(p) for p in parts)


def revived(data: Any) -> Any:
    """The `Keyed` that `kept` made `data` of (values revived too); anything else as it is."""
    if isinstance(data, Mapping) and MARK in data:
        _, domain, key, values = data[MARK]
        return Keyed(english(data), domain, key, {name: revived(v) for name, v in (values or {}).items()})
    if isinstance(data, list):
        return [revived(v) for v in data]
    return data


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
    roles = [kept(r[0]) if isinstance(r, list | tuple) and r else None for r in (payload or {}).get("roles") or ()]
    if any(role is not None for role in roles):
        found["roles"] = roles  # a lobby's roles to join as ([label, value]), by position
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
    roles = keyed.get("roles")
    if roles and payload and isinstance(payload.get("roles"), list):
        shown["roles"] = [
            [str(localized(revived(label), language)), *r[1:]] if label is not None else r
            for r, label in zip(payload["roles"], roles, strict=False)
        ] + payload["roles"][len(roles) :]
    return text, ({**(payload or {}), **shown} if shown else payload)
