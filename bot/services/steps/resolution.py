"""Resolving a day exactly once and finding due games (checking a resolved day is in `verification`).

Resolution is one transaction: claim the game row (SQLite: the transaction began with BEGIN IMMEDIATE;
PostgreSQL: SELECT ... FOR UPDATE), check it is still the expected day, run the engine with the day's
committed seed (the game master's NPCs nobody ordered get their scripted orders: `pacing`), store the new
state, the events and their outbox rows and the resolution record, reveal the seed, open the next day (step)
with a new commitment (and the deadline the turn began with, when the step continued the same turn:
`pacing.turn_deadline`) and tell whoever it waits for, and commit all of it together. A crash before the
commit leaves everything as it was; a second resolver finds the day already advanced and does nothing.

No single stored order stalls a game (`usable_orders`): an actor's order the engine cannot read, that holds a
text no database can store, or without which the engine's failure goes away, is left out (the actor plays the
game's default orders; the row is kept in the history, no longer current, so `brbot verify` finds the orders
used) and the moderators are told whose and why. A failure no single order explains is the loop's to retry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import insert, select, update

from bot.db.models import Game, Order, Outbox, Resolution
from bot.db.repositories import Claimed, players_of, seat_map
from bot.db.session import Database
from bot.services.base import due, fairness, limits, snapshots
from bot.services.base.common import (
    announce,
    announce_picture,
    audit,
    dm_seats,
    load_game,
    load_state,
    open_day,
    outbox,
    ruleset_of,
    store_state,
    write_events,
)
from bot.services.base.errors import first_problem
from bot.services.base.replaying import day_seed, resolve_with_seed, reveal_held_seeds
from bot.services.base.snapshots import cache_of
from bot.services.orders import pacing
from bot.services.orders.orders import current_orders
from bot.services.people import absence, groups, profiles, records, spectators
from bot.services.setups import records as setup_records
from bot.services.steps.resuming import resume_if_due
from bot.text import say, when
from engine import registry
from engine.events import Event
from engine.keyed import joined
from engine.ruleset import Resolution as Outcome
from engine.ruleset import Ruleset


@dataclass
class Resolved:
    game_id: int
    day: int
    events: list[Event]
    over: bool


async def resolve_day(
    db: Database,
    game_id: int,
    now: datetime,
    expected_day: int | None = None,
    trigger: str = "timer",
    actor_id: int | None = None,
    seeds: fairness.SeedSource | None = None,
    skip_locked: bool = False,
) -> Resolved | None:
    """Resolve the game's current day; None if it was not resolvable (already resolved, not running, or,
    with `skip_locked`, being resolved by another process right now: PostgreSQL's SKIP LOCKED)."""
    async with db.transaction() as session:
        try:
            game = await load_game(session, game_id, lock=True, skip_locked=skip_locked)
        except Claimed:
            return None
        if game.status not in ("running",) and not (trigger == "moderator" and game.status == "paused"):
            return None
        if expected_day is not None and game.day != expected_day:
            return None
        if trigger == "timer" and game.retry_at is not None and game.retry_at > now:
            return None  # it failed moments ago (in another process, perhaps): wait as the backoff says
        resolved = await _resolve_locked(session, game, now, trigger, actor_id, seeds, _parsed(db, game))
        seats = await snapshots.seats_of(session, game.id) if snapshots.cached(db, game.id) else None
    if seats is not None:  # committed: the day's first orders find the new snapshot ready (`snapshots.refresh`)
        snapshots.refresh(db, game, seats)
    return resolved


def _parsed(db: Database, game: Game) -> Any:
    """The claimed game's state: its cached snapshot's when of the same revision (parsed for the step's orders
    already, and never changed in place), else parsed now (`load_state`)."""
    cached = cache_of(db).peek(game.id)
    if cached is not None and cached.rev == game.state_rev and cached.state is not None:
        return cached.state
    return load_state(game)


async def _resolve_locked(
    session,
    game: Game,
    now: datetime,
    trigger: str,
    actor_id: int | None,
    seeds: fairness.SeedSource | None,
    state: Any,
) -> Resolved:
    ruleset = ruleset_of(game)
    seed_row = await day_seed(session, game)
    current = await current_orders(session, game)
    given = set(current)  # before the NPCs' scripted orders join them (they are no player's seats)
    payloads = await pacing.with_npc_orders(session, game, ruleset, state, current, seed_row.seed, now)
    result, payloads, dropped, dumped = usable_orders(ruleset, state, payloads, seed_row.seed)
    if dropped:
        await _drop_orders(session, game, dropped)
    day, before = game.day, game.state
    deadline_passed = trigger == "timer" or game.deadline is None or game.deadline <= now
    awaited = set(ruleset.awaiting(state))
    # a step a moderator resolves before its deadline counts the orders given, never a miss
    missed = await records.count_step(session, game.id, awaited if deadline_passed else awaited & given, given)
    store_state(game, result.state, dumped.state)
    session.add(
        Resolution(
            game_id=game.id,
            day=day,
            phase=state.phase,
            state_before=before,
            orders=payloads,
            state_after=game.state,
            outcome_hash=dumped.outcome_hash,  # `fairness.outcome_hash` of what is stored, from `_storable`'s text
            rolls=[r.as_dict() for r in result.rolls],
            trigger=trigger,
        )
    )
    held = ruleset.seeds_revealed == "at_end"  # hidden teams: the seeds wait for the end of the game
    seed_row.revealed = not held
    seats = await seat_map(session, game.id)  # read once: nothing below changes who holds a seat
    post = await write_events(session, game, result.events, seats, day)
    announce_picture(session, game, day, post)  # a game that shows its picture after every step: with the post
    # Nothing pending here but that picture's row (write_events flushed the rest), which the groups' reads do not
    # look at: it is written with the step's other rows, not flushed alone (a flush is about a millisecond, and
    # the card game pictures every step)
    with session.no_autoflush:
        await groups.sync(session, game, result.state, seats)
    await _copy_to_the_dead(session, game, result.events, seats)
    front = registry.front(game.ruleset)
    reveal = say(
        "seed_held" if held else "seed_revealed",
        step=front.words.name(day),
        seed=seed_row.seed,
        commitment=seed_row.commitment,
    )
    if ruleset.is_over(result.state):
        game.status = "over"
        game.deadline = None
        await profiles.game_over(session, game, result.state)
        await setup_records.game_over(session, game, result.state)  # a clean game adds to its setup's record
        if held:
            reveal = await reveal_held_seeds(session, game)
        announce(
            session,
            game,
            joined("\n", [reveal, say("log_published", game_id=game.id)]),
            {"kind": "seed_reveal", "day": day},
        )
    else:
        kept = pacing.turn_deadline(ruleset, state, result.state, game.deadline, now)
        next_seed = await open_day(session, game, now, seeds, pacing.step_hours(ruleset, result.state))
        game.deadline = kept or game.deadline
        announce(
            session,
            game,
            say(
                "seed_revealed_next",
                reveal=reveal,
                step=front.words.name(game.day),
                deadline=when(game.deadline),
                commitment=next_seed.commitment,
            ),
            {"kind": "seed_reveal", "day": day},
        )
        await pacing.announce_step(session, game, ruleset, result.state, post, seats, dm_seats(result.events, seats))
    if game.resolve_failures:  # the deadline loop had been failing on this game: tell the moderators it is over
        outbox(
            session,
            game,
            "moderators",
            None,
            say("resolve_recovered", step=front.words.name(day), game=game.name, failures=game.resolve_failures),
            {"kind": "resolve_recovered", "day": day},
        )
        game.resolve_failures, game.retry_at = 0, None
    audit(session, game, actor_id, "resolve", day=day, trigger=trigger)
    if game.status != "over":  # a player absent `absence_steps` steps in a row: the seat is offered
        await absence.absent(session, game, missed, now)
    return Resolved(game_id=game.id, day=day, events=result.events, over=game.status == "over")


def usable_orders(
    ruleset: Ruleset, state: Any, payloads: dict[str, Any], seed: str
) -> tuple[Outcome, dict[str, Any], dict[str, str], Dumped]:
    """The engine's resolution with every order it can use, the orders used, the orders left out (actor ->
    why) and the resolution's JSON data (`Dumped`, stored as it is): one the engine cannot read or with a text
    no database can store first, then, if the engine still fails (or its result cannot be stored), the one
    order (in actor order) without which it succeeds. A failure no single order explains is raised as it was
    (the deadline loop records it and retries)."""
    texts_clean = limits.bad_character_in(payloads) is None  # one look at every order's texts (most steps)
    dropped = {
        actor: why for actor, payload in sorted(payloads.items()) if (why := _unusable(ruleset, payload, texts_clean))
    }
    kept = {actor: payload for actor, payload in payloads.items() if actor not in dropped}
    try:
        result, dumped = _storable(resolve_with_seed(ruleset, state, kept, seed))
        return result, kept, dropped, dumped
    except Exception as error:  # noqa: BLE001 (whatever the engine raised: is one order the cause?)
        failure = error
    for actor in sorted(kept):
        rest = {a: p for a, p in kept.items() if a != actor}
        try:
            result, dumped = _storable(resolve_with_seed(ruleset, state, rest, seed))
        except Exception:  # noqa: BLE001, S112 (not this one)
            continue
        return result, rest, dropped | {actor: _described(failure)}, dumped
    raise failure


def _unusable(ruleset: Ruleset, payload: Any, texts_clean: bool = False) -> str | None:
    """Why a stored order cannot be used (None: it can); `texts_clean`: every order's texts were found
    storable at once."""
    character = None if texts_clean else limits.bad_character_in(payload)
    if character is not None:
        return say("order_unstorable", character=character)
    try:
        ruleset.parse_orders(payload)
    except ValidationError as error:
        where, problem = first_problem(error)
        return say("malformed_order", where=where, problem=problem)
    except Exception as error:  # noqa: BLE001 (a ruleset's own parsing may raise anything)
        return _described(error)
    return None


@dataclass(frozen=True)
class Dumped:
    """A resolution's new state and events as JSON data (`model_dump(mode="json")`), as they are stored, and
    their `fairness.outcome_hash`."""

    state: dict[str, Any]
    events: list[dict[str, Any]]
    outcome_hash: str


def _storable(result: Outcome) -> tuple[Outcome, Dumped]:
    """The engine's result with its JSON data, refused (ValueError) when its state or an event holds a text no
    database stores. The state is dumped here once a step, and that dump is what is stored; its canonical text
    (`fairness.canonical`) gives the outcome hash and is where a bad character is looked for first (every one
    shows there as an escape: `limits.maybe_unstorable`), the data walked only if one may be there."""
    state, events = result.state.model_dump(mode="json"), [e.model_dump(mode="json") for e in result.events]
    text = fairness.canonical({"state": state, "events": events})
    character = limits.bad_character_in([events, state]) if limits.maybe_unstorable(text) else None
    if character is not None:
        raise ValueError(say("result_unstorable", character=character))
    return result, Dumped(state, events, fairness.hash_of_canonical(text))


def _described(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:300]


async def _drop_orders(session, game: Game, dropped: dict[str, str]) -> None:
    """The left-out orders' rows no longer current (kept in the history), and the moderators told why."""
    await session.execute(
        update(Order)
        .where(Order.game_id == game.id, Order.day == game.day, Order.seat.in_(sorted(dropped)))
        .where(Order.current.is_(True))
        .values(current=False)
    )
    names = {p.seat: p.name for p in await players_of(session, game.id)}  # a player's seat, or an actor's id
    names |= {a.id: a.name for a in ruleset_of(game).actors(load_state(game))}
    step = registry.front(game.ruleset).words.name(game.day)
    for actor, why in sorted(dropped.items()):
        name = names.get(actor, actor)
        told = say("resolve_order_dropped", step=step, game=game.name, name=name, reason=why)
        outbox(session, game, "moderators", None, told, {"kind": "order_dropped", "day": game.day, "seat": actor})
        audit(session, game, None, "order_dropped", day=game.day, seat=actor, reason=why)


async def _copy_to_the_dead(session, game: Game, events: list[Event], seats: dict[str, int]) -> None:
    """With `dead_see private`, the dead's thread gets this step's private results (`spectators.copies`)."""
    rows = await spectators.copies(session, game, events, seats)
    if rows:
        await session.execute(insert(Outbox), rows)


async def due_games(db: Database, now: datetime) -> list[tuple[int, int]]:
    """(game id, day) of running games whose deadline has passed or, with early resolution (always, for a
    game of one actor at a time: `pacing.resolves_early`), whose awaited actors have all acted with orders the
    game says are complete (`due.complete`: a step built over several commands waits until sent); paused
    games whose automatic resume time has come are resumed (`resuming.resume_if_due`: the players get time before
    the deadline). A game whose resolution failed is left alone until its `retry_at` (see `scheduler`).

    Only the games whose `due_at` has come are read (`due`: an indexed column, kept on every change), so a
    pass over hundreds of games that wait for their deadlines reads none of their states."""
    async with db.read() as session:
        candidates = (
            await session.execute(
                select(Game.id, Game.day, Game.status, Game.deadline, Game.retry_at, Game.paused_until)
                .where(Game.due_at <= now)
                .order_by(Game.due_at, Game.id)
            )
        ).all()
    due_now: list[tuple[int, int]] = []
    for game in candidates:
        if game.status == "paused":
            if game.paused_until is not None and game.paused_until <= now:
                await resume_if_due(db, game.id, now)
        elif (
            game.status == "running"
            and (game.retry_at is None or game.retry_at <= now)
            and game.deadline is not None
            and game.deadline <= now
        ):
            due_now.append((game.id, game.day))
        elif await _ready_or_settled(db, game.id, now):
            due_now.append((game.id, game.day))
    return due_now


async def _ready_or_settled(db: Database, game_id: int, now: datetime) -> bool:
    """Whether the game, which may resolve early, is due now; if not, its `due_at` is set to when it next may
    be (under the game's lock, so an order written meanwhile asks for a look again rather than being missed).
    The state comes from the game's cached snapshot when it is of the same revision (a game that takes
    orders has one), so the lock is not held while a big state is parsed."""
    async with db.transaction() as session:
        try:
            game = await load_game(session, game_id, lock=True, skip_locked=True)
        except Claimed:  # being resolved or written to right now: looked at again on the next pass
            return False
        if game.due_at is None or game.due_at > now:
            return False  # changed since the candidates were read
        if game.status == "running" and (game.retry_at is None or game.retry_at <= now):
            if game.deadline is not None and game.deadline <= now:
                return True
            if pacing.resolves_early(game):
                cached = cache_of(db).peek(game_id)  # the state orders were validated against, if still current
                try:
                    state = (
                        cached.state
                        if cached is not None and cached.rev == game.state_rev and cached.state is not None
                        else load_state(game)
                    )
                    ruleset = ruleset_of(game)
                    awaited = set(ruleset.awaiting(state))
                    scripted = {a for a in awaited if ruleset.scripted_now(state, a)}  # given at resolution
                except Exception:  # an unreadable game is due: resolving it records the failure
                    return True
                given = await current_orders(session, game)
                waiting = awaited - scripted
                complete = [due.complete(ruleset, state, a, given[a]) for a in sorted(waiting) if a in given]
                if awaited and len(complete) == len(waiting) and all(complete):
                    return True
        due.settled(game, now)
        return False
