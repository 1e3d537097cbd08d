"""What every order command shares: saving one part of today's orders and confirming it in words.

Option values arrive either as chosen from autocomplete (seat ids, item uids, zone numbers) or typed
by hand (names); `Resolver` maps typed names onto what the player's own view contains, so a player can
write "Bob" or "Rifle", and a name the player cannot see stays unresolved and is refused by the engine
with its specific reason.
"""
from __future__ import annotations

import re
from typing import Any

from bot.services import day_actions
from bot.services.errors import ServiceError
from bot.services.views import player_view
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
        text = text.strip()
        pool = ({i["uid"]: i["name"] for i in self.view.get("ground", [])} if ground else
                {i["uid"]: i["name"] for i in (self.view.get("me") or {}).get("items", [])})
        if text in pool:
            return text
        lowered = text.lower()
        matches = [uid for uid, name in pool.items() if name.lower() == lowered]
        if not matches:
            raise ServiceError(ui("no_such_item_ground" if ground else "no_such_item", item=text))
        return matches[0]

    def listed(self, text: str, entries: list[str]) -> str:
        """Which of today's listed item uids the player means (by uid or by name), for `undo`."""
        if text in entries:
            return text
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
