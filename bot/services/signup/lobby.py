"""The lobby: one sign-up message per game in its channel, with Join and Leave buttons (and one "Join as" button
per role the game offers at sign-up, the choice `/join` offers), kept up to date with the roster, each player's
reliability tier, the places left, the reserves, the start time and the muster.

`/game open` writes the first lobby row (`open_lobby`); every change of the roster or of what the lobby shows
calls `refresh` in its own transaction. A lobby row is an outbox row with target `lobby` holding the whole
message as it should read now: while one is still waiting to go out, `refresh` rewrites it instead of adding
another, so a rush of joins makes one edit. Delivery (`bot.delivery.lobby`) posts the message once, keeps its
id on the game (`lobby_message_id`), edits it afterwards, and never edits one game's lobby more than once a
second. Only names and tiers are shown: nothing private (delivery escapes the names, as in every post). A game
opened without `/game open` (a service or `brbot simulate`) has no lobby and `refresh` costs nothing for it.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Outbox
from bot.db.repositories import players_of
from bot.services.base import community
from bot.services.base.common import outbox, ruleset_of
from bot.services.people import records
from bot.text import say, when
from engine import registry

TARGET = "lobby"  # the outbox target of a lobby row
KIND = "lobby"  # its payload kind: `bot.ui.buttons` gives it the Join and Leave buttons while it is open
FLAG = "lobby"  # in `games.community`: the game has a lobby


def has_lobby(game: Game) -> bool:
    return bool((game.community or {}).get(FLAG)) and game.channel_id is not None


async def open_lobby(session: AsyncSession, game: Game) -> None:
    """Give the game its lobby (at `/game open`) and write its first message."""
    game.community = {**(game.community or {}), FLAG: True}
    await refresh(session, game)


async def refresh(session: AsyncSession, game: Game) -> None:
    """Bring the game's lobby message in line with the game as it is in this transaction."""
    if not has_lobby(game):
        return
    await session.flush()
    text = await lobby_text(session, game)
    payload: dict = {"kind": KIND, "game": game.id, "open": game.status == "signup"}
    if game.status == "signup":
        payload["roles"] = [[label, value] for label, value in registry.front(game.ruleset).signup_options.roles]
    pending = await session.execute(
        update(Outbox)
        .where(Outbox.game_id == game.id, Outbox.target == TARGET, Outbox.status == "pending")
        .values(text=text, payload=payload)
    )
    if not pending.rowcount:  # type: ignore[attr-defined]
        outbox(session, game, TARGET, game.channel_id, text, payload)


async def lobby_text(session: AsyncSession, game: Game) -> str:
    """The lobby message: the game, its roster with tiers, the places left, the reserves, when it starts."""
    front = registry.front(game.ruleset)
    joined = await players_of(session, game.id)
    reserves = await players_of(session, game.id, ("reserve",))
    tiers = await records.records_of(session, [p.user_id for p in joined + reserves])

    def named(player) -> str:
        ready = " ✓" if game.muster_until is not None and player.ready_at is not None else ""
        return say("lobby_player", name=player.name, tier=say(f"tier_{tiers[player.user_id].tier}")) + ready

    lines = [say("lobby_title", name=game.name, game=front.title or game.ruleset, id=game.id)]
    if game.status not in ("setup", "signup"):
        lines.append(say("lobby_started" if game.status != "over" else "lobby_over"))
    lines.append(say("lobby_players", count=len(joined), cap=game.signup_cap))
    lines += [f"- {named(p)}" for p in joined] or [say("lobby_nobody")]
    if reserves:
        lines.append(say("lobby_reserves", names=", ".join(named(p) for p in reserves)))
    if game.status == "signup":
        minimum = max(1, ruleset_of(game).min_players)
        lines.append(say("lobby_places", left=max(game.signup_cap - len(joined), 0), minimum=minimum))
        minimum_tier = community.value(game, "min_reliability")
        if minimum_tier != "none":
            lines.append(say("lobby_min_reliability", minimum=minimum_tier))
        if game.muster_until is not None:
            ready = sum(1 for p in joined if p.ready_at is not None)
            lines.append(say("lobby_muster", ready=ready, count=len(joined), until=when(game.muster_until)))
        elif game.start_at is not None:
            lines.append(say("lobby_start_at", at=when(game.start_at)))
        else:
            lines.append(say("lobby_start_full"))
        lines.append(say("lobby_how"))
    return "\n".join(lines)
