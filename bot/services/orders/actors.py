"""Who orders for whom: the actors of a game (players' characters, NPCs) and their controllers.

An order is stored for an actor (`Order.seat` holds its id). Without `as`, a player orders for their own seat
(or, when the game's actors are not seats, for the actor of theirs the game awaits: `own_actor`). With `as`, a
user orders for another actor: a moderator for an NPC of the game master (its controller is None), a player
for an actor their seat controls; one user may control several actors. `acting_for` checks that, and says
whose hold on the game the order writer re-checks when it stores the order (`holder`: the user's seat, or None
for the game master). `actor_choices` lists whom a user may name. Whoever reads a player's orders back (`/orders`,
the history, `/mod orders`) looks them up the same way: under `acting_for`'s actor, or `seat_actors`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.db.session import Database
from bot.services.base import rights
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from bot.services.base.snapshots import snapshot
from bot.text import say
from engine import registry
from engine.ruleset import Ruleset


@dataclass(frozen=True)
class Acting:
    actor: str  # whom the order is for
    holder: str | None  # the seat of the user giving it; None: a moderator, as the game master


def acting_for(ruleset: Ruleset, state: Any, seat: str | None, actor: str | None, moderator: bool) -> Acting:
    """Who a user (holding `seat`, or none) orders for when they name `actor` (None: their own seat);
    refused with the reason when they may not."""
    listed = {a.id: a for a in ruleset.actors(state)}
    if actor is None and seat is not None and seat not in listed:
        actor = own_actor(ruleset, state, seat, listed)
    if actor is None or actor == seat:
        if seat is None:
            raise ServiceError(say("not_playing"))
        return Acting(seat, seat)
    if actor not in listed:  # another player (whose seat is no actor to name), or nobody: say whom `as` may name
        if seat is None and not moderator:
            raise ServiceError(say("not_playing"))
        mine = [a.name for a in listed.values() if (a.controller is None and moderator) or a.controller == seat]
        raise ServiceError(
            say("not_orderable", actor=actor, yours=say("as_yours", names=", ".join(mine)) if mine else "")
        )
    controller, name = listed[actor].controller, listed[actor].name
    if controller is None:
        if not moderator:
            raise ServiceError(say("actor_of_the_game_master", actor=name))
        return Acting(actor, None)
    if controller != seat:
        raise ServiceError(say("not_your_actor", actor=name))
    return Acting(actor, seat)


def seat_actors(ruleset: Ruleset, state: Any, seat: str) -> list[str]:
    """The ids a seat's orders are stored under: the seat's own and those of the actors it controls."""
    return [seat, *(a.id for a in ruleset.actors(state) if a.controller == seat and a.id != seat)]


def unable(ruleset: Ruleset, state: Any, seat: str) -> str | None:
    """Why `seat` can give no orders now, in the game's words ("" when it gives none), or None when it can: awaited,
    taking orders at any time (`Ruleset.orders_anytime`), or with default orders the game would take (a dead or
    escaped actor's are refused with the reason)."""
    if seat in ruleset.awaiting(state) or ruleset.orders_anytime(state, seat):
        return None
    return ruleset.validate(state, seat, ruleset.default_orders(state, seat)) or ""


def own_actor(ruleset: Ruleset, state: Any, seat: str, listed: dict[str, Any]) -> str | None:
    """The actor a seat orders for without `as`, when the game's actors are not seats (a player's PC with an id
    of its own): the one of the seat's actors the game awaits, else its only one; None: the seat itself."""
    own = [i for i, a in listed.items() if a.controller == seat]
    if not own:
        return None
    awaited = [i for i in ruleset.awaiting(state) if i in own]
    return awaited[0] if awaited else (own[0] if len(own) == 1 else None)


async def actor_choices(db: Database, game_id: int, user_id: int, moderator: Caller | bool) -> list[tuple[str, str]]:
    """(name, id) of the actors this user may order for with `as` (a moderator: the game master's NPCs, checked:
    `rights.game_master`; a player: the actors their seat controls besides itself), leaving out those that
    cannot act (the dead)."""
    moderator = await rights.game_master(db, game_id, moderator)
    snap = await snapshot(db, game_id)
    if snap.state is None:
        return []
    held = snap.seats.get(user_id)
    seat = held[0] if held else None
    ruleset = registry.get(snap.ruleset)
    return [
        (a.name, a.id)
        for a in ruleset.actors(snap.state)
        if a.id != seat
        and ((a.controller is None and moderator) or (seat is not None and a.controller == seat))
        and unable(ruleset, snap.state, a.id) is None
    ]
