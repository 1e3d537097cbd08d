"""What a spectator may see of a game, for the web site (bot/web/): decided here, once, and nothing else.

A game's page exists only if its moderators allow it (`/game settings web`): `off` (the default, no page),
`link` (a page at an unguessable address, `web_key`, which the bot posts in the game's channel) or `listed`
(the same page, also on the site's index). Everything a page shows comes from what a spectator in the game's
channel could read:

- the channel's own posts (the outbox rows posted in the game's own channel, `in_channel`: each step's public
  post, its fair-play lines, the moderators' announcements), in the order they were written, exactly as
  delivery renders them; never a row posted into a private thread (the moderators' thread, a player's
  closed-DM fallback thread, a group's thread), a DM or a note to the moderators;
- the picture after each resolved step, drawn from the stored state after it through the public view alone
  (`Ruleset.public_view`, then `Pictures.public`), drawn once and stored (`WebPicture`);
- the public figures now: the game's cards of its public view (`Cards.public`);
- the rules card and the house rules.

After the end, what the rules reveal: every order with its receipt and its player's salt (the published log,
`orders.published_log`), every step's seed with its commitment (`DaySeed`, revealed), and every step's
verification (`verification.verify_day`, computed once and stored: `WebCheck`). While the game runs, no
order, salt, receipt, unrevealed seed, private event or hidden field is ever read into a page.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from bot.db.models import DaySeed, Game, Outbox, Player, Resolution, WebCheck, WebPicture
from bot.db.session import Database
from bot.languages import ENGLISH
from bot.languages.reader import localized
from bot.languages.stored import revived, texts_for
from bot.services.base import verification
from bot.services.base.common import announce, ruleset_of
from bot.services.base.errors import ServiceError
from bot.services.orders import orders
from bot.services.pages.page_words import Setting, in_the_past, settings_in_words, was_open
from bot.services.people.readers import stored_language
from bot.text import say
from engine import registry
from engine.front import Card, Front
from engine.play import Play

MODES = ("off", "link", "listed")
FAIR = ("seed_reveal", "commitment")  # a step's fair-play rows (bot.screens.step_post.FAIR_PLAY)
KEY_BYTES = 24  # the address's secret: 32 URL-safe characters, 192 bits
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what an address can be (`new_key`, the column's 64 characters)
DAYS = range(-1, 2**31)  # a step's day: -1 (the start) up to the day column's 32-bit range
USERS = range(0, 2**63)  # a Discord user id: the 64-bit column's range


def in_channel(channel_id: Any) -> Any:
    """The outbox rows a spectator in the game's channel reads: those posted in the channel itself. A row with
    target "channel" may also go into a private thread the bot opened (the introduction of the moderators'
    thread, or of a player's closed-DM fallback thread: `bot.delivery.store.thread_opened`, whose `target_id`
    is the thread): those stay private. `channel_id` is the game's channel (a column, to correlate)."""
    return (Outbox.target == "channel") & Outbox.target_id.is_not_distinct_from(channel_id)


class NoPage(LookupError):
    """No page for this address: no such game, or its moderators have not allowed one (the site answers 404
    either way, so an address says nothing of a game without a page)."""


def _checked(key: str, day: int | None = None) -> str:
    """The address, if it can be one (`KEY`), and the day within the column's range; else `NoPage`, before
    any query (PostgreSQL refuses a NUL in a string and an integer past its column: an error, not a 404)."""
    if not KEY.fullmatch(key) or (day is not None and day not in DAYS):
        raise NoPage(key[:64])
    return key


def parse_number(text: str, allowed: range) -> int:
    """A number of an address (a day, a user id), within `allowed`; `NoPage` for anything else, without
    reading more than the range's digits (Python's int() refuses more than 4,300)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > len(str(max(abs(allowed.start), allowed.stop))):
        raise NoPage(text[:64])
    number = int(text)
    if number not in allowed:
        raise NoPage(text[:64])
    return number


@dataclass
class PostRow:
    """A row the game's channel received (what `bot.delivery.render` reads of an outbox row)."""

    id: int
    game_id: int
    target: str
    target_id: int | None
    text: str
    payload: dict[str, Any]
    nonce: str


@dataclass(frozen=True)
class Listed:
    """A game on the site's index."""

    key: str
    name: str
    title: str
    status: str
    day: int
    players: int


@dataclass(frozen=True)
class Seat:
    """A player of the game as the channel knows them: the name the posts give them (their character's,
    `Ruleset.actor_name`, else their own), their own name, and the user whose page lists their games."""

    name: str
    user_id: int
    status: str
    player: str = ""  # the player's own name, when the posts name their character otherwise


@dataclass(frozen=True)
class Result:
    """How a finished game ended, from what the game declares (`Play.outcome`): its winners and those still in
    it at the end, named as the posts name them, and its last step ("Day 7", "Turn 2": `Front.words`)."""

    winners: list[str]
    survivors: list[str]
    last: str


@dataclass
class Revealed:
    """What a finished game publishes: orders with receipts and salts, seeds with commitments, and each
    step's stored verification."""

    orders: list[dict[str, Any]]
    seeds: list[tuple[int, str, str]]  # (day, seed, commitment), revealed seeds only
    checks: dict[int, tuple[bool, list[str]]]  # day -> (matched, differences)


@dataclass
class GamePage:
    """Everything one game's page shows."""

    id: int
    key: str
    name: str
    ruleset: str
    title: str
    status: str
    day: int
    deadline: datetime | None
    timezone: str
    version: str  # changes whenever the page would (`page_version`)
    rules: list[Card]
    settings: list[Setting]
    posts: list[PostRow]
    pictures: set[int]  # the resolved days whose picture the game draws (`picture`)
    status_cards: list[Card]
    seats: list[Seat]
    revealed: Revealed | None = None
    result: Result | None = None  # a finished game's end (`Play.outcome`)
    groups: dict[int, str] = field(default_factory=dict)  # step -> its group in the contents (`Posts.step_group`)
    language: str = ENGLISH  # the game's (`/game settings language`): the page's words and posts are in it


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def base_url() -> str:
    """The site's public address (`BRBOT_WEB_URL`), without a trailing slash."""
    from bot.config import Settings

    return Settings().web_url.rstrip("/")


def address(key: str) -> str:
    return f"{base_url()}/g/{key}"


def set_mode(session: Any, game: Game, value: str) -> str:
    """`/game settings web <value>`: set who may see the game's page, in the caller's transaction. Turning a
    page on gives the game its unguessable address (kept: turning it off and on again keeps the same one)
    and posts it in the game's channel."""
    mode = value.strip().lower()
    if mode not in MODES:
        raise ServiceError(say("web_bad_mode", value=value, choices=", ".join(MODES)))
    if mode != "off" and game.web_key is None:
        game.web_key = new_key()
    if mode != "off" and game.web != mode:
        announce(session, game, say(f"web_{mode}", url=address(game.web_key or "")), {"kind": "web_page"})
    game.web = mode
    return mode


async def list_simulated(db: Database, game_id: int) -> None:
    """A simulated game (`brbot simulate`, `make demo`) is listed on the site's index: it has no channel and no
    real players, so nothing is announced."""
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        game.web, game.web_key = "listed", new_key()


async def listed_games(db: Database) -> list[Listed]:
    """The games on the site's index: listed by their moderators, newest first."""
    async with db.read() as session:
        counts = (
            select(Player.game_id, func.count().label("n"))
            .where(Player.status == "joined")
            .group_by(Player.game_id)
            .subquery()
        )
        rows = (
            await session.execute(
                select(Game.web_key, Game.name, Game.ruleset, Game.status, Game.day, counts.c.n)
                .outerjoin(counts, counts.c.game_id == Game.id)
                .where(Game.web == "listed")
                .order_by(Game.id.desc())
            )
        ).all()
    return [
        Listed(key=r[0], name=r[1], title=registry.title(r[2]), status=r[3], day=r[4], players=r[5] or 0)
        for r in rows
        if r[0] is not None
    ]


async def _game_for(session: Any, key: str) -> Game:
    _checked(key)
    game = (await session.execute(select(Game).where(Game.web_key == key))).scalar_one_or_none()
    if game is None or game.web not in ("link", "listed"):
        raise NoPage(key)
    return game


@dataclass(frozen=True)
class _Brief:
    id: int
    name: str
    ruleset: str
    web: str
    channel_id: int | None
    status: str
    language: str | None


async def _brief_for(session: Any, key: str) -> _Brief:
    """The game at this address without its state (a big game's state is the costly part of its row)."""
    _checked(key)
    row = (
        await session.execute(
            select(Game.id, Game.name, Game.ruleset, Game.web, Game.channel_id, Game.status, Game.language).where(
                Game.web_key == key
            )
        )
    ).one_or_none()
    if row is None or row[3] not in ("link", "listed"):
        raise NoPage(key)
    return _Brief(*row)


async def page_version(db: Database, key: str) -> str:
    """A short token that changes whenever the game's page would (a new channel post, a new state, a new
    status): what the live updates compare. One small query."""
    _checked(key)
    last = (  # in the same statement as the game row: one snapshot, never a new post with an old state
        select(func.max(Outbox.id))
        .where(Outbox.game_id == Game.id, in_channel(Game.channel_id))
        .correlate(Game)
        .scalar_subquery()
    )
    async with db.read() as session:
        row = (
            await session.execute(
                select(Game.id, Game.web, Game.state_rev, Game.status, Game.day, last).where(Game.web_key == key)
            )
        ).one_or_none()
    if row is None or row[1] not in ("link", "listed"):
        raise NoPage(key)
    return f"{row[1]}.{row[2]}.{row[3]}.{row[4]}.{row[5] or 0}"


async def game_page(db: Database, key: str) -> GamePage:
    """The page of the game at this address (`NoPage` when there is none)."""
    async with db.read() as session:
        game = await _game_for(session, key)
        rows = (
            await session.execute(
                select(Outbox).where(Outbox.game_id == game.id, in_channel(game.channel_id)).order_by(Outbox.id)
            )
        ).scalars()
        language = stored_language(game.language)
        posts = [_post(r, language, game.status == "over") for r in rows]
        days = list(
            (
                await session.execute(
                    select(Resolution.day).where(Resolution.game_id == game.id).order_by(Resolution.day)
                )
            ).scalars()
        )
        front = registry.front(game.ruleset)
        groups = await _groups(session, game, front) if front.posts.step_group is not None else {}
        players = (
            (
                await session.execute(
                    select(Player)
                    .where(Player.game_id == game.id, Player.status.in_(("joined", "replaced", "left")))
                    .order_by(Player.position, Player.id)
                )
            )
            .scalars()
            .all()
        )
    version = await page_version(db, key)
    ruleset = ruleset_of(game)
    cards: list[Card] = []
    state = ruleset.parse_state(game.state) if game.state is not None else None
    if state is not None:
        cards = front.cards.public(ruleset.public_view(state))
    seats = [_seat(ruleset, state, p) for p in players]
    page = GamePage(
        id=game.id,
        key=key,
        name=game.name,
        ruleset=game.ruleset,
        title=front.title or game.ruleset,
        status=game.status,
        day=game.day,
        deadline=game.deadline if game.status == "running" else None,
        timezone=game.timezone,
        version=version,
        rules=front.cards.rules(),
        settings=settings_in_words(game),
        posts=posts,
        pictures=set(days) if draws_pictures(front) else set(),
        status_cards=cards,
        seats=seats,
        groups=groups,
        language=language,
    )
    if game.status == "over":
        page.revealed = await revealed(db, game.id)
        if state is not None:
            page.result = _result_of(front, ruleset_of(game).play, state, seats, players, max(days, default=-1))
    return page


def _seat(ruleset: Any, state: Any, player: Player) -> Seat:
    """A player as the posts name them: their character's name where the game gives one."""
    character = ruleset.actor_name(state, player.seat) if state is not None else None
    if character and character != player.name:
        return Seat(character, player.user_id, player.status, player.name)
    return Seat(player.name, player.user_id, player.status)


def _result_of(front: Front, play: Play, state: Any, seats: list[Seat], players: Sequence[Player], last: int) -> Result:
    """The game's end (`Play.outcome`: seats, or a game master's creature by name) in the posts' names."""
    outcome = play.outcome(state)
    names = {p.seat: s.name for p, s in zip(players, seats, strict=True) if p.status == "joined"}
    return Result(
        winners=[names.get(seat, seat) for seat in outcome["winners"]],
        survivors=[names.get(seat, seat) for seat in outcome["survivors"]],
        last=front.words.name(last),
    )


async def _groups(session: Any, game: Game, front: Front) -> dict[int, str]:
    """Each resolved step's group (`Posts.step_group`) from the public view it was played in: the view after
    the step before it (the start's, -1, for the first)."""
    step_group = front.posts.step_group
    if step_group is None:
        return {}
    rows = (
        await session.execute(
            select(Resolution.day, Resolution.state_after).where(Resolution.game_id == game.id).order_by(Resolution.day)
        )
    ).all()
    ruleset = ruleset_of(game)
    groups: dict[int, str] = {}
    for (_, before), (day, _) in zip(rows, rows[1:], strict=False):
        group = step_group(ruleset.public_view(ruleset.parse_state(before)))
        if group:
            groups[day] = group
    return groups


def _post(row: Outbox, language: str, over: bool) -> PostRow:
    """A channel row as the page shows it: in the game's language (its kept keys: `bot.languages.stored`), a
    finished game's fair-play row said in the past (`in_the_past`)."""
    payload = dict(row.payload or {})
    past = over and payload.get("kind") in FAIR
    if language != ENGLISH and row.keyed and "text" in row.keyed and past:
        text = localized(was_open(revived(row.keyed["text"])), language)
    else:
        text, shown = texts_for(row.text, payload, row.keyed, language)
        payload = dict(shown or {})
        text = in_the_past(text) if past else text
    return PostRow(row.id, row.game_id, row.target, row.target_id, text, payload, row.nonce)


def draws_pictures(front: Front) -> bool:
    """Whether the game draws a picture of its public view (its front has one of its own)."""
    return front.picture is not None


@dataclass
class StepPage:
    """One resolved step's page: the channel's rows of that step, its picture's words, and its neighbours."""

    key: str
    name: str
    title: str
    day: int
    posts: list[PostRow]
    listed: bool
    picture: bool
    caption: str
    previous: int | None
    next: int | None
    language: str = ENGLISH  # the game's (`/game settings language`): the page's words and posts are in it


async def step_page(db: Database, key: str, day: int) -> StepPage:
    """The page of resolved step `day` (`NoPage` for a step not resolved): only that step's channel rows are
    read, and its picture's words from the store (drawn first if this is its first reader)."""
    _checked(key, day)
    async with db.read() as session:
        game = await _brief_for(session, key)
        days = list(
            (
                await session.execute(
                    select(Resolution.day).where(Resolution.game_id == game.id).order_by(Resolution.day)
                )
            ).scalars()
        )
        if day not in days:
            raise NoPage(key)
        rows = (
            await session.execute(
                select(Outbox)
                .where(
                    Outbox.game_id == game.id,
                    in_channel(game.channel_id),
                    Outbox.payload["day"].as_integer() == day,
                    Outbox.payload["post"].as_string().is_not(None) | Outbox.payload["kind"].as_string().in_(FAIR),
                )
                .order_by(Outbox.id)
            )
        ).scalars()
        language = stored_language(game.language)
        posts = [_post(r, language, game.status == "over") for r in rows]
        caption = await session.scalar(
            select(WebPicture.caption).where(WebPicture.game_id == game.id, WebPicture.day == day)
        )
        name, ruleset, listed = game.name, game.ruleset, game.web == "listed"
    front = registry.front(ruleset)
    drawn = draws_pictures(front)
    if drawn and caption is None:
        caption = (await picture(db, key, day)).caption
    at = days.index(day)
    return StepPage(
        key=key,
        name=name,
        title=front.title or ruleset,
        day=day,
        posts=posts,
        listed=listed,
        picture=drawn,
        caption=caption or "",
        language=language,
        previous=days[at - 1] if at > 0 else None,
        next=days[at + 1] if at + 1 < len(days) else None,
    )


async def picture(db: Database, key: str, day: int) -> WebPicture:
    """The public picture after resolved step `day`: drawn once from the stored state (public view only) and
    kept; later requests read the stored bytes."""
    _checked(key, day)
    async with db.read() as session:
        game = await _brief_for(session, key)
        stored = await session.get(WebPicture, (game.id, day))
        if stored is not None:
            return stored
        record = await session.get(Resolution, (game.id, day))
        if record is None:
            raise NoPage(key)
        game_id, ruleset, raw = game.id, game.ruleset, record.state_after
    drawn = await asyncio.to_thread(_draw, ruleset, raw)
    if drawn is None:
        raise NoPage(key)
    row = WebPicture(game_id=game_id, day=day, filename=drawn.filename, png=drawn.png, caption=drawn.caption)
    try:
        async with db.transaction() as session:
            session.add(row)
    except IntegrityError:  # another request drew it first: the same state gives the same picture
        pass
    return row


def _draw(ruleset_name: str, raw: dict[str, Any]):
    ruleset = registry.get(ruleset_name)
    picture = registry.front(ruleset_name).picture
    return picture.public(ruleset.public_view(ruleset.parse_state(raw))) if picture is not None else None


async def captions(db: Database, game_id: int) -> dict[int, str]:
    """The stored pictures' captions (the picture in words) by day."""
    async with db.read() as session:
        rows = await session.execute(
            select(WebPicture.day, WebPicture.caption).where(WebPicture.game_id == game_id).order_by(WebPicture.day)
        )
        return {day: caption for day, caption in rows.all()}


async def revealed(db: Database, game_id: int) -> Revealed:
    """A finished game's published orders, revealed seeds and stored verifications (computed the first
    time they are asked for)."""
    entries = await orders.published_log(db, game_id)
    async with db.read() as session:
        seeds = [
            (s.day, s.seed, s.commitment)
            for s in (
                await session.execute(
                    select(DaySeed).where(DaySeed.game_id == game_id, DaySeed.revealed.is_(True)).order_by(DaySeed.day)
                )
            ).scalars()
        ]
    return Revealed(orders=entries, seeds=seeds, checks=await stored_checks(db, game_id))


async def stored_checks(db: Database, game_id: int) -> dict[int, tuple[bool, list[str]]]:
    """Each resolved step's verification, computed once (`verify_day`) and stored; only for a finished game."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        if game is None or game.status != "over":
            return {}
        days = list(
            (
                await session.execute(
                    select(Resolution.day)
                    .where(Resolution.game_id == game_id, Resolution.day >= 0)  # -1, the start, has no seed
                    .order_by(Resolution.day)
                )
            ).scalars()
        )
        stored = {
            c.day: (c.ok, list(c.differences))
            for c in (await session.execute(select(WebCheck).where(WebCheck.game_id == game_id))).scalars()
        }
    missing = [day for day in days if day not in stored]
    if missing:
        fresh: list[WebCheck] = []
        for day in missing:
            try:
                result = await verification.verify_day(db, game_id, day)
                ok, differences = result.ok, result.differences
            except ServiceError as refused:
                ok, differences = False, [str(refused)]
            fresh.append(
                WebCheck(game_id=game_id, day=day, ok=ok, differences=differences, checked_at=datetime.now(UTC))
            )
            stored[day] = (ok, differences)
        try:
            async with db.transaction() as session:
                session.add_all(fresh)
        except IntegrityError:  # computed at the same time by another request: the same result
            pass
    return dict(sorted(stored.items()))
