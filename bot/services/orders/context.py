"""What one order command reads of its game, once, at its start (issue 30, point 4).

A player's command (`commands.give_order`, a step button) used to read its game about six times on the way
down: the game's row, the player's view (the whole state parsed), the current orders (parsed again), the
check that the seat may act, the submission's own snapshot, the offers' view. `OrderContext` is built once
from the game's cached snapshot (`snapshots.snapshot`: no query while it is current) and the one query for the
seat's current orders, and handed down: the checks, the front, `submit_orders` and `trading.send_offers` read
it instead of the database.

The checks are those the layers made, in the same order and with the same words (`checked`). A snapshot may be
stale (another process resolved the step): as the submission does, a refusal stands only when a fresh
snapshot refuses too; the write re-checks the revision anyway (`order_writer`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bot.db.models import Order
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.errors import ServiceError
from bot.services.base.snapshots import Snapshot, snapshot
from bot.services.orders.actors import acting_for
from bot.text import say
from engine import registry


@dataclass(frozen=True)
class OrderContext:
    """One command's reading of its game: the snapshot (game, seats, parsed state), the player's seat, their view,
    the actor they order for without `as` (their seat, or a character of theirs with an id of its own) and that
    actor's current orders for the step (or the game's default)."""

    snap: Snapshot
    user_id: int
    seat: str
    view: dict[str, Any]
    actor: str
    current: dict[str, Any]

    def others(self) -> list[str]:
        """The seats of the game's other joined players (whom an order may offer terms)."""
        return [seat for user, (seat, _) in self.snap.seats.items() if user != self.user_id]


class Unreadable(Exception):
    """The snapshot could not be made (a state of another schema, a state the ruleset cannot parse): the
    command reads the game as before, so that its refusals come in their usual order."""


async def game_snapshot(db: Database, game_id: int, fresh: bool) -> Snapshot:
    """The game's snapshot (refused as no such game, as a game's lookup refuses it); `Unreadable` when the
    game exists but its state cannot be read."""
    limits.game_number(game_id)
    try:
        return await snapshot(db, game_id, fresh=fresh)
    except ServiceError as refusal:
        if str(refusal) == say("no_game", game_id=game_id):
            raise
        raise Unreadable from refusal
    except Exception as error:  # noqa: BLE001 - whatever a ruleset's parsing raises: read as before, raised there
        raise Unreadable from error


def seat_of_player(snap: Snapshot, user_id: int) -> str:
    """The user's seat, refused as `player_of` refuses (a user id no Discord user has; not playing); then a
    game not started yet is refused as `load_state` refuses it."""
    limits.user_id(user_id)
    held = snap.seats.get(user_id)
    if held is None:
        raise ServiceError(say("not_playing"))
    if snap.state is None:
        raise ServiceError(say("not_started"))
    return held[0]


def view_of(snap: Snapshot, seat: str) -> dict[str, Any]:
    """The view of the player's seat (`Ruleset.view`), as `player_views.player_view` gives it."""
    return registry.get(snap.ruleset).view(snap.state, seat)


async def order_context(db: Database, snap: Snapshot, user_id: int, seat: str, view: dict[str, Any]) -> OrderContext:
    """The context of the player holding `seat` (`seat_of_player`) who sees `view`: the actor they order for,
    and its current orders (one query) or the game's default."""
    ruleset = registry.get(snap.ruleset)
    actor = acting_for(ruleset, snap.state, seat, None, False).actor
    async with db.read() as session:
        rows = (
            await session.execute(
                select(Order.payload)
                .where(Order.game_id == snap.game_id, Order.day == snap.day, Order.seat == actor)
                .where(Order.current.is_(True))
                .order_by(Order.id)
            )
        ).all()
    live = [row.payload for row in rows if row.payload is not None]
    current = live[-1] if live else ruleset.default_orders(snap.state, actor).model_dump(mode="json")
    return OrderContext(snap=snap, user_id=user_id, seat=seat, view=view, actor=actor, current=current)
