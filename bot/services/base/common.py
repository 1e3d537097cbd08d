"""Helpers every service uses: loading a game or a player's seat, refused when there is none (the queries are
`bot.db.repositories`'), the ruleset, events into rows and outbox rows."""

from __future__ import annotations

import json
import re
import secrets
from datetime import datetime, timedelta
from functools import cache
from typing import Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import Table, bindparam, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import repositories
from bot.db.models import WRITTEN_JSON, AuditLog, DaySeed, EventRow, Game, Outbox, Player
from bot.languages.stored import kept, row_keys, written_row_keys
from bot.services.base import due, fairness, limits  # noqa: F401 (due: its hooks keep games.due_at on every change)
from bot.services.base.errors import ServiceError
from bot.text import say
from engine import registry
from engine.digits import DIGITS, whole
from engine.events import Event, Players
from engine.front import Front
from engine.ruleset import Ruleset


def ruleset_of(game: Game) -> Ruleset:
    return registry.get(game.ruleset)


async def front_of_game(db: Any, game_id: int) -> Front:
    """The front of game `game_id` (its words: `Front.words`, `Front.words`), for a caller holding no session."""
    async with db.read() as session:
        return registry.front((await load_game(session, game_id)).ruleset)


async def load_game(session: AsyncSession, game_id: int, lock: bool = False, skip_locked: bool = False) -> Game:
    """The game row (`repositories.game_row`: with `lock`, claimed for this transaction; with `skip_locked`, a
    row another transaction holds raises `Claimed` at once), refused as no such game when there is none. A
    number no game can have (beyond 64 bits, below 1) is no game's, refused before the query
    (`limits.game_number`)."""
    limits.game_number(game_id)
    game = await repositories.game_row(session, game_id, lock, skip_locked)
    if game is None:
        raise ServiceError(say("no_game", game_id=game_id))
    return game


async def player_of(session: AsyncSession, game_id: int, user_id: int, refusal: str | None = None) -> Player:
    """The user's seat in the game; refused (with `refusal`, or "you are not playing") when they hold none, and
    as no user's when no Discord user can have that id (`limits.user_id`)."""
    limits.user_id(user_id)
    player = await repositories.seat_held(session, game_id, user_id)
    if player is None:
        raise ServiceError(refusal or say("not_playing"))
    return player


def load_state(game: Game) -> Any:
    """The engine state of a game; a state of another schema version is refused with a clear message
    (version 1 is the only one so far, so there is nothing to migrate from yet)."""
    return parse_state(game, game.state)


def parse_state(game: Game, raw: dict[str, Any] | None) -> Any:
    ruleset = ruleset_of(game)
    if raw is None:
        raise ServiceError(say("not_started"))
    current = getattr(ruleset.state_model.model_fields.get("schema_version"), "default", None)
    if current is not None and game.schema_version != current:
        raise ServiceError(say("schema_mismatch", stored=game.schema_version, current=current))
    return ruleset.parse_state(raw)


def store_state(game: Game, state: Any, dumped: dict[str, Any] | None = None) -> None:
    """The new state into the game row (`dumped`: its JSON data, when the caller made it already)."""
    game.state_rev = (game.state_rev or 0) + 1
    game.state = dumped if dumped is not None else state.model_dump(mode="json")
    game.schema_version = getattr(state, "schema_version", 0)
    game.day = getattr(state, "day", game.day)
    game.phase = getattr(state, "phase", game.phase)


async def open_day(
    session: AsyncSession, game: Game, now: datetime, seeds: fairness.SeedSource | None = None, hours: int | None = None
) -> DaySeed:
    """Draw the day's (step's) secret seed, publish its commitment, set the deadline (`hours` from now, for a
    step with a length of its own: a pending question)."""
    seed = (seeds or fairness.new_seed)()
    row = DaySeed(game_id=game.id, day=game.day, seed=seed, commitment=fairness.commitment(seed))
    session.add(row)
    game.deadline = next_deadline(game, now, hours)
    return row


def next_deadline(game: Game, now: datetime, hours: int | None = None) -> datetime:
    """When the step opened now ends, by the game's deadline rule: `hours` (a pending question's own) or the
    game's `step_hours` after now; otherwise the next time the game's daily deadline comes round, in its
    timezone, at least an hour from now."""
    step = hours or game.step_hours
    if step is not None:
        return now + timedelta(hours=step)
    zone = ZoneInfo(game.timezone)
    hour, minute = hour_minute(game.deadline_time)
    local = now.astimezone(zone)
    candidate = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    while candidate <= local + timedelta(hours=1):
        candidate += timedelta(days=1)
    return candidate


def hour_minute(value: str) -> tuple[int, int]:
    """The hour and minute of a daily deadline time "HH:MM" (refused when it is not a time of day)."""
    parts = value.split(":")
    hour, minute = (whole(parts[0]), whole(parts[1])) if len(parts) == 2 else (None, None)  # ASCII digits only
    if hour is None or minute is None:
        raise ServiceError(say("bad_deadline_time", deadline_time=value))
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise ServiceError(say("bad_deadline_time", deadline_time=value))
    return hour, minute


def deadline_time(value: str) -> str:
    """A daily deadline time as the game stores it: "9:05" -> "09:05" (refused when it is not one)."""
    hour, minute = hour_minute(value)
    return f"{hour:02d}:{minute:02d}"


LONGEST_STEP_HOURS = 24 * 14


def step_hours(value: str | int | None) -> int | None:
    """Hours per step as the game stores them: "6", "6h" or 6 -> 6; "daily" or nothing -> None (the daily
    deadline time applies). Refused when it is neither."""
    text = str(value if value is not None else "").strip().lower()
    if text in ("daily", "none", ""):
        return None
    match = re.fullmatch(rf"({DIGITS}+)\s*h?", text)
    if match is None or not 1 <= int(match.group(1)) <= LONGEST_STEP_HOURS:
        raise ServiceError(say("bad_step_hours", value=value, most=LONGEST_STEP_HOURS))
    return int(match.group(1))


def timezone_name(value: str) -> str:
    """An IANA timezone name the game can keep its deadlines in (refused when there is no such zone)."""
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(say("unknown_timezone", timezone=value)) from None
    return value


async def write_events(
    session: AsyncSession, game: Game, events: list[Event], seats: dict[str, int], day: int, post: str | None = None
) -> str:
    """Store the events of resolving `day` (-1: the start) and, per audience, the outbox rows that deliver them.

    The public and private rows carry one `post` token: delivery groups rows with the same token (the
    resolution's post, each player's one DM of it) and nothing else, so a moderator's announcement that
    also names a day never joins a resolution's post. Public rows also carry their place in the post
    (`placement`), so delivery needs to know no game.

    A 1,000-player resolution writes thousands of rows: they go in as two multi-row inserts of the tables, not
    one ORM object each. Rows added to the session before are flushed first, so the outbox keeps the order
    things happened.
    Returns the post token (`announce_picture` joins the post with it): `post` when given (rows written before
    with it join the same messages), else a new one."""
    last = (await session.execute(_last_seq(), {"game_id": game.id})).scalar_one()
    start = 0 if last is None else last + 1
    post = post or new_post()
    front = registry.front(game.ruleset)
    placed = {kind: placement(front, kind, day) for kind in {e.kind for e in events if e.audience.kind == "public"}}
    rows: list[dict[str, Any]] = []
    boxes: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        # its text by key, rendered again for a reader (`brbot simulate --language`, delivery): kept and written
        # to JSON once, for this row and for every outbox row that delivers it (a night's report is kilobytes)
        said = kept(event.text)
        written = json.dumps(said) if said is not None else None
        rows.append(
            {
                "game_id": game.id,
                "day": day,
                "phase": event.phase,
                "seq": start + index,
                "kind": event.kind,
                "audience": event.audience.model_dump(),
                "text": event.text,
                "data": event.data,
                "keyed": written,
            }
        )
        payload = {"kind": event.kind, "day": day}
        boxes += delivery_rows(game, event, seats, payload, post, placed.get(event.kind), True, written)[0]
    await session.flush()
    # Core inserts of the tables, not the ORM's bulk insert of the models: the same rows, columns and defaults,
    # without the ORM collecting each row's parameters again (a 1,000-player step writes thousands); the texts
    # by key go in as the JSON text written above (`WrittenJSON`: the bytes the JSON column writes)
    if rows:
        await session.execute(_insert_written(EventRow), rows)
    if boxes:
        await session.execute(_insert_written(Outbox), boxes)
    return post


@cache
def _last_seq() -> Any:
    """The query of a game's last event's number, built once (every resolution asks)."""
    return select(func.max(EventRow.seq)).where(EventRow.game_id == bindparam("game_id"))


def _insert_written(model: Any) -> Any:
    """An insert of `model`'s table whose `keyed` is given as JSON text already written (`WrittenJSON`)."""
    return insert(cast(Table, model.__table__)).values(keyed=bindparam("keyed", type_=WRITTEN_JSON))


def new_post() -> str:
    """A new token for the rows of one resolution (`write_events`)."""
    return secrets.token_hex(8)


def deliver(
    session: AsyncSession,
    game: Game,
    event: Event,
    seats: dict[str, int],
    payload: dict[str, Any],
    post: str | None = None,
    placed: dict[str, Any] | None = None,
) -> list[str]:
    """The outbox rows that take one event to its audience (`delivery_rows`), added to the session. Returns
    the seats it was sent to by DM."""
    rows, sent = delivery_rows(game, event, seats, payload, post, placed)
    session.add_all([Outbox(**row) for row in rows])
    return sent


def delivery_rows(
    game: Game,
    event: Event,
    seats: dict[str, int],
    payload: dict[str, Any],
    post: str | None = None,
    placed: dict[str, Any] | None = None,
    written: bool = False,
    said: str | None = None,
) -> tuple[list[dict[str, Any]], list[str]]:
    """The outbox rows (as `outbox_row`s) that take one event to its audience: the game's channel, the
    moderators, or a DM to each seat of `seats` (seat -> user id) it names, and the seats sent to by DM.
    With `post`, every row carries that token (see `write_events`: one post, one DM per player, one message to
    the moderators), and a channel row carries `placed`, where the event goes in that post (`placement`).
    `written` (`write_events`): each row's `keyed` as JSON text (`written_row_keys`), `said` being the JSON text
    of the event's text kept by key (`kept`; None: nothing kept)."""
    grouped = payload | ({"post": post} if post is not None else {})

    def row(target: str, target_id: int | None, payload: dict[str, Any], keyed: Any = KEPT_HERE) -> dict[str, Any]:
        if written and keyed is KEPT_HERE:
            keyed = written_row_keys(said, payload)
        return outbox_row(game, target, target_id, event.text, payload, keyed)

    if event.audience.kind == "public":
        return [row("channel", game.channel_id, grouped | (placed or {}))], []
    if event.audience.kind == "moderators":
        return [row("moderators", None, grouped)], []
    sent = [seat for seat in event.audience.ids if seat in seats]
    # one JSON text of its keys for every DM of it (a seat is none of a payload's texts)
    keyed = written_row_keys(said, grouped) if written else KEPT_HERE
    return [row("dm", seats[seat], grouped | {"seat": seat}, keyed) for seat in sent], sent


def dm_seats(events: list[Event], seats: dict[str, int]) -> frozenset[str]:
    """The seats that these events reach by DM (`delivery_rows`): a resolution's private results."""
    return frozenset(
        seat for event in events if isinstance(event.audience, Players) for seat in event.audience.ids if seat in seats
    )


def placement(front: Front, kind: str, day: int) -> dict[str, Any]:
    """Where a public event goes in its resolution's post, as the game's front says: the post's title, and
    the event's section with its rank (no section: the narration). Delivery renders it as written."""
    section = front.posts.section_of(kind)
    return {"title": front.posts.title(day), "section": section, "rank": front.posts.rank(section)}


def outbox(session: AsyncSession, game: Game, target: str, target_id: int | None, text: str, payload: dict) -> None:
    session.add(Outbox(**outbox_row(game, target, target_id, text, payload)))


KEPT_HERE: Any = object()  # `outbox_row`'s texts by key not given: kept from its text and payload


def outbox_row(
    game: Game, target: str, target_id: int | None, text: str, payload: dict, keyed: Any = KEPT_HERE
) -> dict[str, Any]:
    """The columns of one new outbox row (each with its own nonce), with its texts by key (`row_keys`), which
    delivery renders again in its reader's language; `keyed`: those as JSON text already written (`write_events`:
    `written_row_keys`)."""
    return {
        "game_id": game.id,
        "target": target,
        "target_id": target_id,
        "text": text,
        "payload": payload,
        "nonce": secrets.token_hex(12),
        "keyed": row_keys(text, payload) if keyed is KEPT_HERE else keyed,
    }


def announce(session: AsyncSession, game: Game, text: str, payload: dict) -> None:
    """A post in the game's own channel (what every player reads)."""
    outbox(session, game, "channel", game.channel_id, text, payload)


def announce_picture(session: AsyncSession, game: Game, day: int, post: str) -> None:
    """For a game whose front posts its picture after every step (`Pictures.after_each_step`), a row of
    the step's post (token `post`) asking delivery to attach the picture of the state after `day`: drawn at
    delivery from the stored resolution (bot/delivery/pictures.py), so no picture is stored. Other games: none."""
    front = registry.front(game.ruleset)
    if front.picture is not None and front.picture.after_each_step:
        payload = {"kind": "picture", "day": day, "post": post, "attach": "picture"}  # bot.screens.step_post.ATTACH
        announce(session, game, "", payload | {"title": front.posts.title(day)})


def audit(session: AsyncSession, game: Game, actor_id: int | None, action: str, **details: Any) -> None:
    session.add(AuditLog(game_id=game.id, actor_id=actor_id, action=action, details=details))
