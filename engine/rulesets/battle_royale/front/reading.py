"""Reading what a player typed or chose into the ids of an order, against their own view.

Option values arrive either as chosen from autocomplete (seat ids, item keys such as "Knife (2)", zone
numbers) or typed by hand (names); `Reader` maps them onto what the player's own view contains, so a player
can write "Bob" or "Rifle". A student name the player cannot see stays as typed and is refused by the
engine with its specific reason; an item or zone that is not there is refused here. Items are never named
by the engine's ids (`item_keys`).
"""

from __future__ import annotations

import re
from typing import Any, overload

from engine.digits import DIGITS, whole
from engine.front import Refused
from engine.rulesets.battle_royale.front import item_keys, tonight
from engine.rulesets.battle_royale.front.describe import Names
from engine.rulesets.battle_royale.front.texts import text


class Reader:
    def __init__(self, view: dict[str, Any], current: dict[str, Any] | None = None) -> None:
        self.view = view
        self.names = Names(view)
        self.current = current or {}

    def coming(self) -> list[dict[str, Any]]:
        """Items tonight's free actions in the current orders bring (picked up, received in a trade): free
        actions come first (handbook III.F.1), so the night's action may name them."""
        return tonight.coming(self.view, self.current)

    @overload
    def student(self, typed: str) -> str: ...
    @overload
    def student(self, typed: None) -> None: ...

    def student(self, typed: str | None) -> str | None:
        if typed is None:
            return None
        typed = typed.strip()
        if typed in self.names.students:
            return typed
        lowered = typed.lower().lstrip("@")
        matches = [sid for sid, name in self.names.students.items() if name.lower() == lowered]
        return matches[0] if len(matches) == 1 else typed

    def item(self, typed: str | None, *, ground: bool = False) -> str | None:
        if typed is None or typed == "unarmed":
            return typed
        # Mine come first, then what tonight's pick-ups and trades bring: a second Knife picked up is "Knife (2)".
        items = self.view.get("ground", []) if ground else (self.view.get("me") or {}).get("items", []) + self.coming()
        uid = item_keys.find(items, typed)
        if uid is None:
            raise Refused(text("no_such_item_ground" if ground else "no_such_item", item=typed.strip()))
        return uid

    def listed(self, typed: str, entries: list[str]) -> str:
        """Which of today's listed item uids the player means (by key, name or uid), for `undo`."""
        mine = (self.view.get("me") or {}).get("items", [])
        for items in (mine, self.view.get("ground", [])):
            uid = item_keys.find(items, typed)
            if uid in entries:
                return uid
        for uid in entries:
            if self.names.item(uid).lower() == typed.strip().lower():
                return uid
        raise Refused(text("not_listed", item=typed))

    def zone(self, typed: str | int | None) -> int | None:
        if typed is None or isinstance(typed, int):
            return typed
        token = typed.strip()
        number = whole(token)  # ASCII digits only: "²" is a name (and no zone's), not a number
        if number is not None:
            return number
        for zid, name in self.names.zones.items():
            if name.lower() == token.lower():
                return zid
        raise Refused(text("no_such_zone", zone=token))

    def route(self, typed: str | None) -> list[int]:
        """ "4 6", "4,6", "Beach → Cliffs" or "Beach, Cliffs" into zone numbers."""
        if not typed:
            return []
        names = sorted(self.names.zones.values(), key=len, reverse=True)
        pattern = "|".join(re.escape(n) for n in names) + f"|{DIGITS}+"
        tokens = re.findall(pattern, typed, flags=re.IGNORECASE)
        leftover = re.sub(pattern, "", typed, flags=re.IGNORECASE)
        if not tokens or re.sub(r"[\s,;>→-]", "", leftover):
            raise Refused(text("bad_route", route=typed))
        return [self.zone(t) for t in tokens]  # type: ignore[misc]
