"""A game's private groups (`Ruleset.groups`: a mafia's team that knows itself) and their private chats.

`sync(session, game, state)` runs in the transaction of every change of a game's state or seats: the start,
each resolution, each moderator action and each substitution. It asks the ruleset which groups exist now and
which seats are in them, maps the seats to whoever holds them now, stores that as the group's `members`
(`GameGroup`, one row per game and group key) and writes one outbox row per group (target `group`, with the
front's title and introduction of the group). The delivery worker turns it into Discord calls
(`bot.delivery.groups`): open the group's private thread, add the new members, remove the ones who left
(dead, substituted out), open it again if it was deleted. Nothing here calls Discord, and a sync with
nothing changed still writes its row, so a deleted thread is noticed at the next change of state. A group
nobody is in yet gets no thread until someone joins it; a game whose ruleset has no groups costs nothing.

When Discord refuses the thread (the bot may not create private threads), the members talk through
`relay`: `/team say text:` DMs the sender's words to the other members of their group, escaped, pinging
nobody. It is refused while the group's thread works (the reply points to it).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GameGroup
from bot.db.repositories import seat_map
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.common import load_game, load_state, outbox, player_of, ruleset_of
from bot.services.base.errors import ServiceError
from bot.text import escape, say
from engine import registry
from engine.ruleset import Ruleset

TARGET = "group"  # the outbox target of a group's sync row
SAY_MAX = 1500  # a relayed message: Discord's 2,000 less the heading


async def sync(
    session: AsyncSession, game: Game, state: Any | None = None, seats: dict[str, int] | None = None
) -> None:
    """Store each private group's members as the game says now and ask delivery to bring its chat in line; the
    dead's thread too (`spectators.sync`). `seats`: the game's `seat_map`, if the caller has just read it."""
    if state is None:
        if game.state is None:
            return
        state = load_state(game)
    from bot.services.people import spectators  # the dead's thread: a group of the bot's own, kept beside the game's

    await spectators.sync(session, game, state, seats)
    ruleset = ruleset_of(game)
    if type(ruleset).groups is Ruleset.groups:  # a game without groups costs no more
        return
    wanted = ruleset.groups(state)
    stored = {
        g.key: g
        for g in (
            await session.execute(
                select(GameGroup).where(GameGroup.game_id == game.id, GameGroup.key != spectators.DEAD)
            )
        ).scalars()
    }
    if not wanted and not stored:
        return
    if seats is None:
        seats = await seat_map(session, game.id)
    front = registry.front(game.ruleset)
    for key in sorted(set(wanted) | set(stored)):
        members = sorted({seats[seat] for seat in wanted.get(key, ()) if seat in seats})
        group = stored.get(key)
        if group is None:
            if not members:
                continue
            session.add(GameGroup(game_id=game.id, key=key, members=members, joined=[], introduced=False))
        elif list(group.members or []) != members:
            group.members = members
        told = {"kind": "group_sync", "group": key, "title": front.groups.title(key), "intro": front.groups.intro(key)}
        outbox(session, game, TARGET, None, say("group_sync", group=key), told)


async def relay(db: Database, game_id: int, user_id: int, text: str, group: str | None = None) -> str:
    """`/team say`: the sender's words by DM to the other members of their group, when the group has no working
    private thread. `group` picks one (its key or title) for a player in several. Returns the reply."""
    limits.user_id(user_id)
    text = limits.text(text, say("what_group_text"), SAY_MAX) or ""
    if not text.strip():
        raise ServiceError(say("group_empty"))
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        if game.state is None:
            raise ServiceError(say("not_started"))
        dead = await _relay_to_the_dead(session, game, user_id, text, group)
        if dead is not None:
            return dead
        player = await player_of(session, game_id, user_id)
        front = registry.front(game.ruleset)
        mine = {key: seats for key, seats in ruleset_of(game).groups(load_state(game)).items() if player.seat in seats}
        key = _chosen(mine, group, front.groups.title)
        title = front.groups.title(key)
        row = (
            await session.execute(select(GameGroup).where(GameGroup.game_id == game_id, GameGroup.key == key))
        ).scalar_one_or_none()
        if row is not None and row.thread_id is not None and row.refused_at is None:
            raise ServiceError(say("group_use_thread", group=title, thread_id=row.thread_id))
        seats = await seat_map(session, game_id)
        others = [seats[seat] for seat in mine[key] if seat != player.seat and seat in seats]
        if not others:
            raise ServiceError(say("group_alone", group=title))
        words = say("group_relayed_text", game=game.name, group=title, name=player.name, text=escape(text))
        for other in others:
            outbox(session, game, "dm", other, words, {"kind": "group_relay", "group": key, "from": player.seat})
        return say("group_relayed", group=title, count=len(others))


def _chosen(mine: dict[str, list[str]], group: str | None, title) -> str:
    """The group meant: the player's only one, or the one `group` names (key or title, any case)."""
    if not mine:
        raise ServiceError(say("group_none"))
    if group is None or not group.strip():
        if len(mine) == 1:
            return next(iter(mine))
        raise ServiceError(say("group_which", groups=", ".join(title(k) for k in sorted(mine))))
    wanted = group.strip().lower()
    for key in sorted(mine):
        if wanted in (key.lower(), title(key).lower()):
            return key
    raise ServiceError(say("group_not_yours", group=group, groups=", ".join(title(k) for k in sorted(mine))))


async def _relay_to_the_dead(session, game: Game, user_id: int, text: str, group: str | None) -> str | None:
    """`relay` for a member of the dead's thread (`spectators`) who is in no group of the game's, or names it:
    by DM to the thread's other members while Discord refuses the thread. None: not for the dead's thread."""
    from bot.services.people import spectators

    dead = await spectators.members_of(session, game.id)
    if user_id not in dead:
        return None
    title = say("dead_title")
    seats = await seat_map(session, game.id)
    seat = next((s for s, u in seats.items() if u == user_id), None)
    living_groups = [k for k, members in ruleset_of(game).groups(load_state(game)).items() if seat in members]
    named = group is not None and group.strip().lower() in (spectators.DEAD, title.lower())
    if living_groups and not named:
        return None
    row = (
        await session.execute(select(GameGroup).where(GameGroup.game_id == game.id, GameGroup.key == spectators.DEAD))
    ).scalar_one()
    if row.thread_id is not None and row.refused_at is None:
        raise ServiceError(say("group_use_thread", group=title, thread_id=row.thread_id))
    others = [u for u in dead if u != user_id]
    if not others:
        raise ServiceError(say("group_alone", group=title))
    player = await _name_of(session, game.id, user_id)
    name = player.name if player is not None else f"<@{user_id}>"
    words = say("group_relayed_text", game=game.name, group=title, name=name, text=escape(text))
    for other in others:
        outbox(session, game, "dm", other, words, {"kind": "group_relay", "group": spectators.DEAD})
    return say("group_relayed", group=title, count=len(others))


async def _name_of(session, game_id: int, user_id: int):
    from bot.db.models import Player

    return (
        (
            await session.execute(
                select(Player).where(Player.game_id == game_id, Player.user_id == user_id).order_by(Player.id.desc())
            )
        )
        .scalars()
        .first()
    )
