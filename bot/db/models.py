"""SQLAlchemy 2 models: guild settings, games, players, orders, events, the outbox, day seeds,
resolutions, games' private groups, the moderators' audit trail, the languages users read (`Reader`), and the
community's tables: players' records across games, per-server statistics, substitutes, seat offers and watchers
(bot/services/base/community).

Discord ids, games' numbers and every row id are 64-bit (`BigID`: BIGINT on PostgreSQL, SQLite's INTEGER,
already 64-bit there and the only type it auto-increments). Game state is JSON with the ruleset's schema
version beside it. Every order submission is kept (`current` marks the live one per game, day and player).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy import false as sa_false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

BigID = BigInteger().with_variant(Integer(), "sqlite")  # a 64-bit id (see the docstring)


def seat_of(position: int) -> str:
    """A player's seat: the actor id the engine knows them by ("s001" for position 1), kept by whoever
    takes the place over. The one place a seat is spelled; `position_of` reads it back."""
    return f"s{position:03d}"


def position_of(seat: str) -> int:
    """The position of a player's seat (the inverse of `seat_of`)."""
    return int(seat[1:])


def is_seat(actor: str) -> bool:
    """Whether an actor id is a player's seat (`seat_of`), not a character, a creature or an NPC of the game's
    own (a creature "spider_a" or an NPC "sniper" begins with an s too)."""
    return len(actor) > 1 and actor[0] == "s" and actor[1:].isascii() and actor[1:].isdigit()


DEFAULT_DEADLINE_TIME = "22:00"  # a new game's daily deadline (in its `timezone`) until changed
DEFAULT_SIGNUP_CAP = 20  # players a new game admits when its ruleset sets no most


class UTCDateTime(TypeDecorator):
    """A timezone-aware timestamp stored in UTC on every backend (SQLite keeps no offset of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class WrittenJSON(TypeDecorator):
    """A JSON column's value given as the text that column writes for it (`json.dumps` of the value, as
    SQLAlchemy's JSON type writes it on SQLite and on PostgreSQL), bound as it is instead of written again: a
    value many rows share is written once (`write_events`: an event's text by key, on its row and on every
    outbox row that delivers it). Only for a bound parameter that asks for it (`bindparam(type_=WRITTEN_JSON)`);
    the columns keep the JSON type."""

    impl = JSON
    cache_ok = True

    def bind_processor(self, dialect):  # noqa: ANN201 - the text is bound as it is
        return None


WRITTEN_JSON = WrittenJSON()


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class GuildSettings(Base):
    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    moderator_role_id: Mapped[int | None] = mapped_column(BigInteger)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(100))
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)
    ruleset: Mapped[str] = mapped_column(String(50))
    ruleset_version: Mapped[str] = mapped_column(String(20))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    schema_version: Mapped[int] = mapped_column(Integer, default=0)
    state_rev: Mapped[int] = mapped_column(Integer, default=0)
    day: Mapped[int] = mapped_column(Integer, default=0)
    phase: Mapped[str] = mapped_column(String(20), default="signup")
    status: Mapped[str] = mapped_column(String(20), default="signup")
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime())
    deadline_time: Mapped[str] = mapped_column(String(5), default=DEFAULT_DEADLINE_TIME)
    step_hours: Mapped[int | None] = mapped_column(Integer)  # each step lasts this long; None: daily at deadline_time
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    early_resolution: Mapped[bool] = mapped_column(Boolean, default=True)
    signup_cap: Mapped[int] = mapped_column(Integer, default=DEFAULT_SIGNUP_CAP)
    paused_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    reminded_day: Mapped[int | None] = mapped_column(Integer)
    moderator_channel_id: Mapped[int | None] = mapped_column(BigInteger)  # moderator notes; None: DM the creator
    resolve_failures: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # failed tries in a row
    retry_at: Mapped[datetime | None] = mapped_column(UTCDateTime())  # no automatic try before this (backoff)
    due_at: Mapped[datetime | None] = mapped_column(
        UTCDateTime(), index=True
    )  # the loop's next look (services/base/due)
    web: Mapped[str] = mapped_column(String(10), default="off", server_default="off")  # off | link | listed
    web_key: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)  # the page's unguessable address
    community: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # community settings set (services/base/community)
    lobby_message_id: Mapped[int | None] = mapped_column(BigInteger)  # the sign-up message kept up to date
    start_at: Mapped[datetime | None] = mapped_column(UTCDateTime())  # start by itself then (if enough joined)
    muster_until: Mapped[datetime | None] = mapped_column(UTCDateTime())  # mustering: confirm by then
    # the setup version it was created from, if any (indexed: a setup's games are counted by it)
    setup_version_id: Mapped[int | None] = mapped_column(BigID, index=True)
    language: Mapped[str | None] = mapped_column(String(20))  # its public posts' and lobby's; None: English
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())

    __table_args__ = (Index("ix_games_status_deadline", "status", "deadline"),)


class Player(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(20), default="joined")  # joined | reserve | left | replaced | dropped
    requests: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    salt: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer, default=0)
    thread_id: Mapped[int | None] = mapped_column(BigInteger)  # private thread used while the player's DMs are closed
    ready_at: Mapped[datetime | None] = mapped_column(UTCDateTime())  # confirmed at the muster
    steps_given: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # awaited steps with orders
    steps_missed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # awaited steps without
    missed_streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # missed in a row now
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())

    __table_args__ = (UniqueConstraint("game_id", "user_id", name="uq_players_game_user"),)

    @property
    def seat(self) -> str:
        """The id the engine knows this player by (stable across substitutions): see `seat_of`."""
        return seat_of(self.position)


class Order(Base):
    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"))
    day: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(20))  # the actor ordered: a player's seat, or an NPC's id
    user_id: Mapped[int] = mapped_column(BigInteger)  # who gave the order (a moderator, for an NPC)
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    receipt: Mapped[str] = mapped_column(String(32))
    # fairness.receipt's formula: 2 binds the game, day and seat; 1 (rows stored before 0009) the order alone
    receipt_version: Mapped[int] = mapped_column(Integer, default=2, server_default="1")
    current: Mapped[bool] = mapped_column(Boolean, default=True)
    submitted_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())

    __table_args__ = (Index("ix_orders_live", "game_id", "day", "seat", "current"),)


class DaySeed(Base):
    __tablename__ = "day_seeds"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)


class Resolution(Base):
    __tablename__ = "resolutions"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[int] = mapped_column(Integer, primary_key=True)
    phase: Mapped[str] = mapped_column(String(20))
    state_before: Mapped[dict[str, Any]] = mapped_column(JSON)
    orders: Mapped[dict[str, Any]] = mapped_column(JSON)
    state_after: Mapped[dict[str, Any]] = mapped_column(JSON)
    outcome_hash: Mapped[str] = mapped_column(String(64))
    rolls: Mapped[list[Any]] = mapped_column(JSON, default=list)
    trigger: Mapped[str] = mapped_column(String(20))
    resolved_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())


class EventRow(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    day: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(20))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(50))
    audience: Mapped[dict[str, Any]] = mapped_column(JSON)
    text: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    keyed: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))  # its text by key; None: none


class Outbox(Base):
    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    target: Mapped[str] = mapped_column(String(20))  # channel | dm | moderators
    target_id: Mapped[int | None] = mapped_column(BigInteger)
    text: Mapped[str] = mapped_column(Text)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    nonce: Mapped[str] = mapped_column(String(25), unique=True)
    status: Mapped[str] = mapped_column(String(20), default="pending")  # pending | sent | failed | held (see delivery)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    parts_sent: Mapped[int] = mapped_column(
        Integer, default=0, server_default="0"
    )  # messages of a split post already sent
    keyed: Mapped[dict[str, Any] | None] = mapped_column(
        JSON(none_as_null=True)
    )  # its texts by key, rendered for the reader at delivery (`bot.languages.stored`); None: as stored

    __table_args__ = (
        Index("ix_outbox_pending", "status", "next_attempt_at"),
        Index("ix_outbox_game_target", "game_id", "target"),  # the web pages read a game's channel rows
    )


class Reader(Base):
    """The language a Discord user reads the bot's private messages in: the one they chose (`/profile
    language`), else their Discord locale as last seen (each interaction tells it), else their game's."""

    __tablename__ = "readers"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    chosen: Mapped[str | None] = mapped_column(String(20))
    seen: Mapped[str | None] = mapped_column(String(20))


class GameGroup(Base):
    """A game's private group (`Ruleset.groups`) and its chat: who the game puts in it now (`members`, written by
    the services), who delivery has let in so far (`joined`: added to the thread, or told of the fallback), the
    private thread once opened, and when Discord last refused one (the fallback is in use meanwhile)."""

    __tablename__ = "game_groups"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(50))
    members: Mapped[list[Any]] = mapped_column(JSON, default=list)  # Discord user ids, sorted
    joined: Mapped[list[Any]] = mapped_column(JSON, default=list)  # user ids let in by delivery, sorted
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    introduced: Mapped[bool] = mapped_column(Boolean, default=False)  # the thread's first message is posted
    refused_at: Mapped[datetime | None] = mapped_column(UTCDateTime())  # Discord refused the thread then

    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_game_groups_game_key"),)


class AuditLog(Base):
    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(50))
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())


class DiceSeed(Base):
    """A game's secret seed for `/roll`: roll number n of the game is drawn from an rng derived from it and n
    (`bot.services.orders.dice`), so `brbot verify` recomputes every stored roll."""

    __tablename__ = "dice_seeds"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seed: Mapped[str] = mapped_column(String(64))


class DiceRoll(Base):
    """One `/roll`: who, when, where, the game it belongs to (None outside a game's channel; then `seed` is
    its own), the expression as typed, the result (data and text) and whether it was secret."""

    __tablename__ = "dice_rolls"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int | None] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int | None] = mapped_column(Integer)  # the game's roll number, from 1
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    user_name: Mapped[str] = mapped_column(String(100))
    expression: Mapped[str] = mapped_column(String(250))
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    text: Mapped[str] = mapped_column(Text)
    secret: Mapped[bool] = mapped_column(Boolean, default=False)
    seed: Mapped[str | None] = mapped_column(String(64))  # a roll outside any game: its own seed
    rolled_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_dice_rolls_game_seq"),)


class WebPicture(Base):
    """The public picture after a step as the web site shows it (bot/services/pages/public_pages.py): drawn once from
    the stored resolution's public view and kept, so a page never redraws it."""

    __tablename__ = "web_pictures"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[int] = mapped_column(Integer, primary_key=True)
    filename: Mapped[str] = mapped_column(String(100))
    png: Mapped[bytes] = mapped_column(LargeBinary)
    caption: Mapped[str] = mapped_column(Text)


class WebCheck(Base):
    """A finished game's step as `brbot verify` found it (`verification.verify_day`), computed once and kept
    for its web page: whether it matched and each difference named."""

    __tablename__ = "web_checks"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[int] = mapped_column(Integer, primary_key=True)
    ok: Mapped[bool] = mapped_column(Boolean)
    differences: Mapped[list[Any]] = mapped_column(JSON, default=list)
    checked_at: Mapped[datetime] = mapped_column(UTCDateTime())


class PlayerRecord(Base):
    """A Discord user's record across every game and server the bot runs (`bot.services.people.records`): games
    played (started with them), finished (played to the end in their seat), abandoned (replaced or removed for
    absence), awaited steps with orders given in time and missed, and `recent`: [given, awaited] per finished
    game, the last `records.RECENT` of them, newest last (the reliability figure reads it)."""

    __tablename__ = "player_records"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    games_played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    games_finished: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    games_abandoned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    steps_given: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    steps_missed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    recent: Mapped[list[Any]] = mapped_column(JSON, default=list)


class PlayerStat(Base):
    """One user's results in one game type on one server (`bot.services.people.profiles`), added to when a game ends:
    games, wins, survivals and the game's own headline figures (`engine.front.Community.figures`)."""

    __tablename__ = "player_stats"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # 0: a game outside any server
    ruleset: Mapped[str] = mapped_column(String(50), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    survivals: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    figures: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)

    __table_args__ = (
        Index("ix_player_stats_board", "guild_id", "ruleset", "wins", "games"),
        Index("ix_player_stats_user", "user_id"),
    )


class Substitute(Base):
    """A server's volunteer to take an absent player's seat in any of its games (`/sub volunteer`)."""

    __tablename__ = "substitutes"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    since: Mapped[datetime] = mapped_column(UTCDateTime())


class SeatOffer(Base):
    """An absent player's seat offered by DM (`bot.services.people.absence`): to `user_id` (None: waiting for a
    candidate, or nobody was left to ask), `status` open | waiting (everyone left to ask holds another offer) |
    accepted | closed | moderators (nobody left: they decide); `asked`: every user asked so far."""

    __tablename__ = "seat_offers"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[str] = mapped_column(String(20))
    absent_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(20), default="open")
    asked: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (Index("ix_seat_offers_game", "game_id", "status"),)


class Watcher(Base):
    """A spectator of a game (`/game watch`): a member of its dead's thread, never of its living's chats."""

    __tablename__ = "watchers"

    game_id: Mapped[int] = mapped_column(BigID, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)


class Setup(Base):
    """A community's own version of a game (docs/setups.md): a named line of immutable versions (`SetupVersion`),
    owned by its author, shared `private` (the author alone), `server` (its server) or `public`. Deleting it marks
    it deleted: its versions stay, for the games played with them."""

    __tablename__ = "setups"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    ruleset: Mapped[str] = mapped_column(String(50))
    name: Mapped[str] = mapped_column(String(100))
    author_id: Mapped[int] = mapped_column(BigInteger, index=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)  # the server it was saved in (None: imported)
    visibility: Mapped[str] = mapped_column(String(10), default="private")  # private | server | public
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())

    __table_args__ = (Index("ix_setups_ruleset_visibility", "ruleset", "visibility"),)


class SetupVersion(Base):
    """One immutable version of a setup: its settings (house rules and data, as the game's settings model reads
    them), a changelog line, and the version it was made from (`parent_id`: the previous version, or the
    version of another setup it was forked from)."""

    __tablename__ = "setup_versions"

    id: Mapped[int] = mapped_column(BigID, primary_key=True, autoincrement=True)
    setup_id: Mapped[int] = mapped_column(BigID, ForeignKey("setups.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    parent_id: Mapped[int | None] = mapped_column(BigID, ForeignKey("setup_versions.id", ondelete="SET NULL"))
    changelog: Mapped[str] = mapped_column(String(200))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    author_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())

    __table_args__ = (UniqueConstraint("setup_id", "number", name="uq_setup_versions_number"),)


class HiddenSetup(Base):
    """A public setup a server's moderators keep out of their server's lists."""

    __tablename__ = "hidden_setups"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    setup_id: Mapped[int] = mapped_column(BigID, ForeignKey("setups.id", ondelete="CASCADE"), primary_key=True)


class SetupPrediction(Base):
    """A setup version's balance predicted by its computer players (`bot.services.setups.predict`): `running`
    (with the games played so far), `done`, `unplayable` (the game's computer players cannot play it) or
    `failed`. `sides`: side -> [win rate, half-width of its 95% interval], fractions of 1; `length`: the average
    number of resolutions; `figures`: headline figure -> its average a game."""

    __tablename__ = "setup_predictions"

    version_id: Mapped[int] = mapped_column(
        BigID, ForeignKey("setup_versions.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(12), default="running")
    players: Mapped[int] = mapped_column(Integer, default=0)
    games: Mapped[int] = mapped_column(Integer, default=0)
    sides: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    length: Mapped[float | None] = mapped_column(Float)
    figures: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), server_default=func.now())


class SetupRecord(Base):
    """A setup version's measured balance: the finished clean games played with it (no moderator kill, revive
    or end, no substitution: `bot.services.setups.records`). `sides`: side -> [the sum over those games of the
    share of its seats among the winners, the games it had seats in] (a lone number, in a record older than
    that: the sum, over every game); `length`: the sum of their resolutions."""

    __tablename__ = "setup_records"

    version_id: Mapped[int] = mapped_column(
        BigID, ForeignKey("setup_versions.id", ondelete="CASCADE"), primary_key=True
    )
    games: Mapped[int] = mapped_column(Integer, default=0)
    sides: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    length: Mapped[float] = mapped_column(Float, default=0.0)
