"""A seat taken over by another person: `/mod substitute` (`bot.services.moderators.moderation`) and an absent
player's seat accepted by a reserve or a volunteer (`bot.services.people.absence`) share it. Apart from both, so
that the absence offers, which resolution makes, do not import moderation, which imports resolution."""

from __future__ import annotations

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.services.base import fairness, limits
from bot.services.base.common import announce, audit, load_state, outbox, player_of, ruleset_of
from bot.services.base.errors import ServiceError
from bot.services.people import groups, records
from bot.text import say


async def take_over(session, game: Game, actor_id: int | None, old_user: int, new_user: int, new_name: str) -> str:
    """`substitute` in the caller's transaction, on the game it locked (also an absent player's seat taken by the
    reserve or volunteer who accepted it: `absence`). In play, the old player abandoned the game (`records`)."""
    new_name = limits.name(new_name)
    game_id = game.id
    if game.status == "over":
        raise ServiceError(say("already_over"))
    old = await player_of(session, game_id, old_user, say("mod_not_playing", user_id=old_user))
    existing = (
        await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == new_user))
    ).scalar_one_or_none()
    if existing is not None and existing.status == "joined":
        raise ServiceError(say("already_playing", name=new_name))
    if existing is not None and existing.status == "replaced":
        raise ServiceError(say("mod_was_replaced", user_id=new_user))
    old.status = "replaced"
    if game.state is not None:  # in play: the replaced player abandoned the game (records)
        await records.ended(session, [old], abandoned=True)
        await records.started(session, [new_user])
    await session.flush()  # the seat is free before the new holder takes it
    if existing is None:
        session.add(
            Player(
                game_id=game_id,
                user_id=new_user,
                name=new_name,
                status="joined",
                requests=old.requests,
                salt=fairness.new_salt(),
                position=old.position,
            )
        )
    else:  # from the reserve list, or back after leaving before the start: they never held a seat
        existing.status, existing.name, existing.requests, existing.position = (
            "joined",
            new_name,
            old.requests,
            old.position,
        )
        existing.steps_given = existing.steps_missed = existing.missed_streak = 0
    await session.flush()  # the new holder of the seat is in before the groups are brought in line
    await groups.sync(session, game)
    audit(session, game, actor_id, "substitute", old_user=old_user, new_user=new_user)
    announce(session, game, say("substituted", new=new_name, old=old.name), {"kind": "substitute"})
    actor = (ruleset_of(game).actor_name(load_state(game), old.seat) if game.state else None) or old.name
    outbox(session, game, "dm", new_user, say("substitute_dm", actor=actor, game=game.name), {"kind": "substitute"})
    return old.name
