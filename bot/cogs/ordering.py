"""What every order command shares: saving one part of today's orders and confirming it in words.

Option values arrive either as chosen from autocomplete (seat ids, item keys such as "Knife (2)", zone
numbers) or typed by hand (names); `Resolver` maps them onto what the player's own view contains, so a
player can write "Bob" or "Rifle", and a name the player cannot see stays unresolved and is refused by
the engine with its specific reason. Items are never named by the engine's ids (`bot.ui.item_keys`).
"""
from __future__ import annotations

import re
from typing import Any

from bot.services import day_actions
from bot.services.errors import ServiceError
from bot.services.views import player_view
from bot.ui import item_keys
from bot.ui.context import Ctx, GameCog
from bot.ui.order_text import Names, describe
from bot.ui.text import ui


class Resolver:
    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.names = Names(view)

    def student(self, text: str | None) -> str | None:
        if text is None:
            return None
        text = text.strip()
        if text in self.names.students:
            return text
        lowered = text.lower().lstrip("@")
        matches = [sid for sid, name in self.names.students.items() if name.lower() == lowered]
        return matches[0] if len(matches) == 1 else text

    def item(self, text: str | None, *, ground: bool = False) -> str | None:
        if text is None or text == "unarmed":
            return text
        items = self.view.get("ground", []) if ground else (self.view.get("me") or {}).get("items", [])
        uid = item_keys.find(items, text)
        if uid is None:
            raise ServiceError(ui("no_such_item_ground" if ground else "no_such_item", item=text.strip()))
        return uid

    def listed(self, text: str, entries: list[str]) -> str:
        """Which of today's listed item uids the player means (by key, name or uid), for `undo`."""
        mine = (self.view.get("me") or {}).get("items", [])
        for items in (mine, self.view.get("ground", [])):
            uid = item_keys.find(items, text)
            if uid in entries:
                return uid  # type: ignore[return-value]
        for uid in entries:
            if self.names.item(uid).lower() == text.strip().lower():
                return uid
        raise ServiceError(ui("not_listed", item=text))

    def zone(self, text: str | int | None) -> int | None:
        if text is None or isinstance(text, int):
            return text
        token = text.strip()
        if token.isdigit():
            return int(token)
        for zid, name in self.names.zones.items():
            if name.lower() == token.lower():
                return zid
        raise ServiceError(ui("no_such_zone", zone=token))

    def route(self, text: str | None) -> list[int]:
        """"4 6", "4,6", "Beach → Cliffs" or "Beach, Cliffs" into zone numbers."""
        if not text:
            return []
        names = sorted(self.names.zones.values(), key=len, reverse=True)
        pattern = "|".join(re.escape(n) for n in names) + r"|\d+"
        tokens = re.findall(pattern, text, flags=re.IGNORECASE)
        leftover = re.sub(pattern, "", text, flags=re.IGNORECASE)
        if not tokens or re.sub(r"[\s,;>→-]", "", leftover):
            raise ServiceError(ui("bad_route", route=text))
        return [self.zone(t) for t in tokens]  # type: ignore[misc]


class OrderCog(GameCog):
    """Base of the order cogs: `save` replaces one part of today's orders and confirms it."""

    async def resolver(self, ctx: Ctx) -> Resolver:
        return Resolver(await player_view(ctx.db, ctx.game_id, ctx.user_id))

    async def save(self, ctx: Ctx, part: str, value: Any, resolver: Resolver | None = None) -> str:
        submitted = await day_actions.set_part(ctx.db, ctx.game_id, ctx.user_id, part, value, ctx.now)
        view = resolver.view if resolver else await player_view(ctx.db, ctx.game_id, ctx.user_id)
        summary = "; ".join(describe({"kind": "night", part: value}, view))
        return ui("order_saved", day=submitted.day, summary=summary, receipt=submitted.receipt)

    async def current_free(self, ctx: Ctx) -> dict[str, Any]:
        payload = await day_actions.current_payload(ctx.db, ctx.game_id, ctx.user_id)
        if payload.get("kind") != "night":
            raise ServiceError(ui("night_orders_only"))
        return dict(payload.get("free") or {})
