"""What one player may know of their game, for /status, /map and autocomplete: the ruleset's view, nothing more.

`player_view` finds the player's seat and asks the ruleset for that seat's view of the current state; a
game that has not started, or a user who is not playing in it, is refused with the specific reason.
`actor_view` is the view of another actor the user orders for (`as`: a moderator for the game master's NPC).
`view_and_orders` gives, in one read, the view and the current orders for today of the player (or of the actor
named `as`), for autocomplete: what a player already ordered may bring choices (`Orders.choices`).
"""

from __future__ import annotations

from typing import Any

from bot.db.repositories import players_of
from bot.db.session import Database
from bot.services.base import limits, rights, snapshots
from bot.services.base.common import load_game, load_state, player_of, ruleset_of
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from bot.services.orders.actors import acting_for
from bot.services.orders.orders import seat_orders_now
from bot.text import say
from engine import registry


async def player_view(db: Database, game_id: int, user_id: int) -> dict[str, Any]:
    """The view of the player's seat (`Ruleset.view`): their own record, what they see, the public facts."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        state = load_state(game)
    return ruleset_of(game).view(state, player.seat)


async def gm_view(db: Database, game_id: int, caller: Caller) -> dict[str, Any]:
    """Everything the moderators may see of the game (`Ruleset.gm_view`; the caller is checked: `rights`)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        await rights.moderator(session, game, caller)
        state = load_state(game)
    return ruleset_of(game).gm_view(state)


async def actor_view(db: Database, game_id: int, user_id: int, actor: str, moderator: Caller | bool) -> dict[str, Any]:
    """The view of an actor the user orders for `as` (`actors.acting_for`: a moderator for an NPC, checked:
    `rights.game_master`)."""
    moderator = await rights.game_master(db, game_id, moderator)
    async with db.read() as session:
        game = await load_game(session, game_id)
        state = load_state(game)
        held = next((p.seat for p in await players_of(session, game_id) if p.user_id == user_id), None)
    ruleset = ruleset_of(game)
    return ruleset.view(state, acting_for(ruleset, state, held, actor, moderator).actor)


async def view_and_orders(
    db: Database, game_id: int, user_id: int, actor: str | None = None, moderator: Caller | bool = False
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The view of the player's seat (or of the actor they order for `as`, as `actor_view`) and that seat's
    current orders for today (None: none yet).

    Autocomplete asks for this at every keystroke, and a day's opening brings every player at once, so it reads
    the game's snapshot (`snapshots`, fresh: the game's row without its state and its seats, read once for
    every caller who asks together, the parsed state reused while its revision stands) and that one seat's
    orders, rather than the whole state's JSON, parsed again, and every seat's orders. Who holds which seat
    and the state's revision are read every time, so a change another process wrote shows at once."""
    moderator = await rights.game_master(db, game_id, moderator)
    limits.game_number(game_id)
    limits.user_id(user_id)
    snap = await snapshots.snapshot(db, game_id, fresh=True)  # the revision and seats read; the parsed state reused
    if snap.state is None:
        raise ServiceError(say("not_started"))
    held = snap.seats.get(user_id, (None, ""))[0]
    if held is None and not actor:
        raise ServiceError(say("not_playing"))
    ruleset = registry.get(snap.ruleset)
    seat = acting_for(ruleset, snap.state, held, actor or None, moderator if actor else False).actor
    live = await seat_orders_now(db, game_id, snap.day, seat)  # one read for every seat asking at this moment
    return ruleset.view(snap.state, seat), live
