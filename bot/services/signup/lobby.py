"""The lobby: one sign-up message per game in its channel, with Join and Leave buttons (and one "Join as" button
per role the game offers at sign-up under its setup, the choice `/join` offers: `offered.roles`), kept up to date
with the roster, each player's reliability tier, the places left, the reserves, the start time and the muster.

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
from bot.languages.stored import kept, row_keys
from bot.screens import lobby as screen
from bot.services.base import community
from bot.services.base.common import outbox, ruleset_of
from bot.services.people import records
from bot.services.signup import offered
from engine import registry

TARGET = "lobby"  # the outbox target of a lobby row
KIND = "lobby"  # its payload kind: `bot.screens.lobby.buttons` gives it Join and Leave while it is open
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
        # each label kept by its key (`kept`), so that the "Join as" buttons read in the lobby's language
        roles = offered.roles(game.ruleset, game.settings)  # only those its setup puts in play
        payload["roles"] = [[kept(label) or label, value] for label, value in roles]
    pending = await session.execute(
        update(Outbox)
        .where(Outbox.game_id == game.id, Outbox.target == TARGET, Outbox.status == "pending")
        .values(text=text, payload=payload, keyed=row_keys(text, payload))
    )
    if not pending.rowcount:  # type: ignore[attr-defined]
        outbox(session, game, TARGET, game.channel_id, text, payload)


async def lobby_text(session: AsyncSession, game: Game) -> str:
    """The lobby message as the game stands in this transaction (its look: `bot.screens.lobby`)."""
    joined = await players_of(session, game.id)
    reserves = await players_of(session, game.id, ("reserve",))
    tiers = await records.records_of(session, [p.user_id for p in joined + reserves])

    def seats(players) -> tuple[screen.Seat, ...]:
        return tuple(screen.Seat(p.name, tiers[p.user_id].tier, p.ready_at is not None) for p in players)

    return screen.text(
        screen.Lobby(
            name=game.name,
            game=registry.front(game.ruleset).title or game.ruleset,
            game_id=game.id,
            status=game.status,
            cap=game.signup_cap,
            joined=seats(joined),
            reserves=seats(reserves),
            minimum=max(1, ruleset_of(game).min_players),
            min_reliability=community.value(game, "min_reliability"),
            muster_until=game.muster_until,
            start_at=game.start_at,
        )
    )
