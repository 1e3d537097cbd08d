"""A whole game played by computer players through the same services and database as the bot.

Used by `brbot simulate` (and so `make demo`). Seats sign up with the requests of the game's computer
players (`Play.signups`), every day each awaited player submits the autoplayer's orders through
`submit_orders`, and the day is resolved through `resolve_day`, exactly as the deadline loop would. The
clock is simulated (one day per resolution) and the day seeds come from `--seed`, so the same seed gives
the same game and the same log. `brbot simulate` gives it a database that drives SQLite on the event loop's
thread (`bot.db.inline_sqlite`): the same statements and transactions, without a worker thread per connection.

The log has one JSON object per event and ends with exactly one `game_over` line, the summary
`{"kind": "game_over", "data": {"winners": [...], "survivors": [...], "days": N}, ...}`: the engine's own
`game_over` event is not written where it occurs but folded into that last line (its text, day and phase).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import IO, Any

from sqlalchemy import bindparam, select

from bot.db.models import EventRow, Game, Player, seat_of
from bot.db.session import Database
from bot.services.base import fairness, snapshots
from bot.services.base.errors import ServiceError
from bot.services.orders import orders
from bot.services.pages import public_pages
from bot.services.signup import games
from bot.services.signup.data_files import DataLoaded
from bot.services.steps import resolution
from bot.text import say
from engine import registry
from engine.rng import RecordingRng

EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
# the queries of every step, built once (building a statement costs about as much as running a small one)
_REV = select(Game.state_rev).where(Game.id == bindparam("game_id"))
_ROSTER = (
    select(Player.position, Player.name, Player.user_id, Player.status)
    .where(Player.game_id == bindparam("game_id"))
    .order_by(Player.position)
)
USER_BASE = 100_000


@dataclass
class SimulationResult:
    game_id: int
    days: int  # the engine's day counter at the end (the log's `days`)
    winners: list[str]
    survivors: list[str]
    resolved: int = 0  # how many days (or steps, turns) were resolved, the start's (Battle Royale's Day 0) too
    last: int | None = None  # the day (or step, turn) resolved last: the summary's "Game over after Day 7"


def _audience(raw: dict[str, Any], names: dict[str, str]) -> Any:
    if raw["kind"] in ("public", "moderators"):
        return raw["kind"]
    return {"players": [names.get(i, i) for i in raw["ids"]]}


async def simulate(
    db: Database,
    players: int,
    seed: int,
    log: IO[str] | None = None,
    on_event: Callable[[EventRow, Any], None] | None = None,
    on_day: Callable[[int, int], None] | None = None,
    ruleset: str = registry.DEFAULT,
    data: DataLoaded | None = None,
    setup: tuple[int, dict[str, Any]] | None = None,
    keyed: bool = True,
) -> SimulationResult:
    """A whole game played by computer players through the services; `setup`: (version id, settings) of a setup
    version to play (the game remembers it, as `/game create setup:` does); `keyed`: the rows `on_event` is
    given carry their texts by key (`EventRow.keyed`, for a reader of another language); without it they are
    not read (a night's report keeps tens of kilobytes of them, which an English transcript never reads)."""
    front, play = registry.front(ruleset), registry.get(ruleset).play
    if not play.has_computer_players:
        raise ServiceError(say("cli_no_computer_players", game=front.title or ruleset))
    seeds = fairness.seeded_source(seed)
    rng = RecordingRng(seed, record=False)
    rules = registry.get(ruleset)
    cap = min(max(players, 2), rules.max_players or max(players, 2))  # a seat each; a sign-up cap is 2 at least
    settings: dict[str, Any] = dict(setup[1]) if setup is not None else {}
    if data is not None:  # a data file the game takes (`brbot simulate --data`)
        settings.update(data.settings)
    game = await games.create_game(
        db,
        name=say("simulation_name", seed=seed),
        ruleset=ruleset,
        channel_id=1,
        settings=settings,
        signup_cap=cap,
        setup_version_id=setup[0] if setup is not None else None,
    )
    await public_pages.list_simulated(db, game.id)  # its page is on the site's index (`brbot web`)
    signups = play.computer_signups(players, rng, rules.parse_settings(game.settings))  # what the setup offers
    users = {s.seat: USER_BASE + n for n, s in enumerate(signups)}  # the n-th computer player's account
    await games.join_many(db, game.id, [(users[s.seat], s.name, s.requests.get("role")) for s in signups])
    await _pair_requests(db, game.id, signups, users, front.signup.pairings)
    now = EPOCH
    resolved = 0
    last: int | None = None
    await games.start_game(db, game.id, now, seeds=seeds)
    seen = 0
    names: dict[str, str] = {}
    ending: list[EventRow] = []  # the engine's game_over event, written as the log's last line
    while True:
        async with db.read() as session:
            rev = (await session.execute(_REV, {"game_id": game.id})).scalar_one()
            roster = (await session.execute(_ROSTER, {"game_id": game.id})).all()
            seats = {seat_of(p.position): p.user_id for p in roster if p.status == "joined"}  # `seat_map`'s
            names = {seat_of(p.position): p.name for p in roster}
            seen = await _emit(session, game.id, seen, names, log, on_event, ending, keyed)
        # The state as the orders are validated against it: the game's snapshot, which the resolution that
        # opened this step left in place (`snapshots.refresh`), read again only if the game changed since.
        current = await snapshots.snapshot(db, game.id)
        if current.rev != rev:
            current = await snapshots.snapshot(db, game.id, fresh=True)
        state = current.state
        if current.status == "over":
            break
        rules = registry.get(current.ruleset)
        awaited = rules.awaiting(state)
        day = current.day
        # Every player's orders are chosen in seat order (the rng's order), then all are submitted at once, as
        # players do before a deadline: the order writer stores them in one transaction, not one each.
        # The game master's NPCs are left out: their script plays them at resolution.
        # An awaited actor that is not a seat (a player's character with an id of its own) is its controller's.
        owners = {actor: rules.controller(state, actor) for actor in awaited}
        chosen = [
            (seats[seat], actor, play.computer_orders(state, actor, rng))
            for actor, seat in owners.items()
            if seat is not None and seat in seats
        ]
        await asyncio.gather(
            *(
                orders.submit_orders(db, game.id, user, payload, now, actor=None if actor in seats else actor)
                for user, actor, payload in chosen
            )
        )
        now = now + timedelta(days=1)
        if await resolution.resolve_day(db, game.id, now, expected_day=day, trigger="simulate", seeds=seeds):
            resolved, last = resolved + 1, day
        length = play.length(state)
        if on_day is not None and length is not None:  # a progress bar needs the game's length
            on_day(day, length)
    outcome = play.outcome(state)
    winners = [names.get(s, s) for s in outcome["winners"]]
    survivors = [names.get(s, s) for s in outcome["survivors"]]
    if log is not None:
        event = ending[-1] if ending else None
        log.write(
            json.dumps(
                {
                    "game": game.id,
                    "day": event.day if event else state.day,
                    "phase": event.phase if event else state.phase,
                    "kind": "game_over",
                    "audience": "public",
                    "text": event.text if event else None,
                    "data": {"winners": winners, "survivors": survivors, "days": state.day},
                },
                sort_keys=True,
            )
            + "\n"
        )
    return SimulationResult(
        game_id=game.id, days=state.day, winners=winners, survivors=survivors, resolved=resolved, last=last
    )


async def _pair_requests(db: Database, game_id: int, signups, user: dict[str, int], pairings) -> None:
    """Turn the roster's pairing requests into the service calls players would make: a mutual pairing
    proposed by the first of the two and accepted by the other, a one-sided one set (unless it names a
    player an excluded pairing already names), pairing by pairing in the game's order."""
    for pairing in pairings:
        for s in signups:
            other = s.requests.get(pairing.key)
            if not other:
                continue
            if pairing.mutual and s.seat < other:
                await games.pair(db, game_id, user[s.seat], pairing.name, user[other])
                await games.answer_pairing(db, game_id, user[other], user[s.seat], pairing.key, accept=True)
            elif not pairing.mutual and other not in [s.requests.get(k) for k in pairing.excludes]:
                await games.pair(db, game_id, user[s.seat], pairing.name, user[other])


@cache
def _events_query(keyed: bool, data: bool = True) -> Any:
    """The events of a game from a number on, the columns only, with EventRow's names (no ORM object per event),
    their texts by key with `keyed` (for `brbot simulate --language`), their data with `data` (for the log);
    built once."""
    columns = [EventRow.day, EventRow.phase, EventRow.kind, EventRow.audience, EventRow.text]
    if data:
        columns.append(EventRow.data)
    if keyed:
        columns.append(EventRow.keyed)
    return (
        select(*columns)
        .where(EventRow.game_id == bindparam("game_id"), EventRow.seq >= bindparam("seen"))
        .order_by(EventRow.seq)
    )


async def _emit(
    session,
    game_id: int,
    seen: int,
    names: dict[str, str],
    log: IO[str] | None,
    on_event: Callable[[EventRow, Any], None] | None,
    ending: list[EventRow],
    keyed: bool = True,
) -> int:
    query = _events_query(keyed, log is not None)
    rows = (await session.execute(query, {"game_id": game_id, "seen": seen})).all()
    for row in rows:
        audience = _audience(row.audience, names)
        if row.kind == "game_over":
            ending.append(row)
        elif log is not None:
            log.write(
                json.dumps(
                    {
                        "game": game_id,
                        "day": row.day,
                        "phase": row.phase,
                        "kind": row.kind,
                        "audience": audience,
                        "text": row.text,
                        "data": row.data,
                    },
                    sort_keys=True,
                )
                + "\n"
            )
        if on_event is not None:
            on_event(row, audience)
    return seen + len(rows)
