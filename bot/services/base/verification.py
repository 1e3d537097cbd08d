"""Checking and showing resolved days: verify a day, replay its events, list its rolls, name the seats.

`verify_day` re-runs a resolved day from the stored state before it, the orders its resolution record
says it used and the revealed seed, and compares the new state, the events and the outcome hash with what
was stored. It does not trust the record alone: the current order rows of the day (what the players were
given receipts for) must be the orders the record used, and every receipt must be the hash of its order
(with the game, day and seat, for rows of receipt version 2) and its player's salt. Each difference is
named (the seat and player, the first differing event).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from bot.db.models import DaySeed, EventRow, Order, Player, Resolution
from bot.db.session import Database
from bot.languages.stored import MARK, kept, revived
from bot.services.base import fairness
from bot.services.base.common import load_game, ruleset_of
from bot.services.base.errors import ServiceError
from bot.services.base.replaying import resolve_with_seed
from bot.text import say
from engine import registry
from engine.keyed import JOINED, TRIMMED, Keyed


@dataclass
class Verification:
    ok: bool
    differences: list[str] = field(default_factory=list)


async def verify_day(db: Database, game_id: int, day: int) -> Verification:
    """Re-run a resolved day from its stored state, orders and revealed seed; compare with what was stored
    and with the day's order rows and receipts."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        front = registry.front(game.ruleset)
        if day < 0:
            raise ServiceError(say("verify_day_invalid", day=day, steps=front.words.steps))
        record = await session.get(Resolution, (game_id, day))
        seed_row = await session.get(DaySeed, (game_id, day))
        if record is None:
            raise ServiceError(say("not_resolved", step=front.words.name(day), game_id=game_id))
        if seed_row is None or not seed_row.revealed:
            raise ServiceError(say("seed_hidden", step=front.words.name(day)))
        events = (
            (
                await session.execute(
                    select(EventRow).where(EventRow.game_id == game_id, EventRow.day == day).order_by(EventRow.seq)
                )
            )
            .scalars()
            .all()
        )
        stored_events = [(e.kind, e.text, e.keyed) for e in events]
        rows = (
            (
                await session.execute(
                    select(Order).where(Order.game_id == game_id, Order.day == day, Order.current.is_(True))
                )
            )
            .scalars()
            .all()
        )
        players = (await session.execute(select(Player).where(Player.game_id == game_id))).scalars().all()
    differences: list[str] = []
    if fairness.commitment(seed_row.seed) != seed_row.commitment:
        differences.append(say("verify_commitment"))
    differences += _order_differences(record.orders, rows, players)
    ruleset = ruleset_of(game)
    state = ruleset.parse_state(record.state_before)
    result = resolve_with_seed(ruleset, state, record.orders, seed_row.seed)
    after = result.state.model_dump(mode="json")
    if after != record.state_after:
        differences.append(say("verify_state", difference=_first_difference(record.state_after, after)))
    replayed = [(e.kind, e.text, kept(e.text)) for e in result.events]
    if len(replayed) != len(stored_events) or not all(map(_same_event, stored_events, replayed)):
        differences.append(_event_difference(stored_events, replayed))
    if (
        fairness.outcome_hash(record.state_after, [e.model_dump(mode="json") for e in result.events])
        != record.outcome_hash
    ):
        differences.append(say("verify_hash"))
    return Verification(ok=not differences, differences=differences)


def _order_differences(used: dict[str, Any], rows: Sequence[Order], players: Sequence[Player]) -> list[str]:
    """The seats whose current order row is not the order the resolution used, or whose receipt does not
    match their order and salt."""
    current = {o.seat: o for o in rows}
    names = seat_names(players)
    salts = {(p.user_id, p.seat): p.salt for p in players}
    by_user = {p.user_id: p.salt for p in players}

    def salt_of(user_id: int | None, seat: str) -> str:
        """The salt the receipt was made with: the seat's player's, or (an actor of theirs named by id, not a
        seat) the player's who gave it."""
        if user_id is None or user_id < 1:  # the script's (`pacing.SCRIPT`; 0 in older rows): no salt
            return ""
        return salts.get((user_id, seat)) or by_user.get(user_id, "")

    found: list[str] = []
    for seat in sorted(set(used) | {s for s, o in current.items() if o.payload is not None}):
        row = current.get(seat)
        payload = row.payload if row is not None else None
        who = say("verify_who", name=names.get(seat, seat), seat=seat)
        if payload != used.get(seat):
            found.append(say("verify_order", who=who, used=_order_text(used.get(seat)), row=_order_text(payload)))
        elif row is not None and _receipt_of(row, salt_of(row.user_id, seat)) != row.receipt:
            found.append(say("verify_receipt", who=who, receipt=row.receipt))
    return found


def _receipt_of(row: Order, salt: str) -> str:
    """The receipt an order row should have, by its receipt version (1: stored before migration 0009)."""
    return fairness.receipt(row.payload, salt, row.game_id, row.day, row.seat, row.receipt_version)


def _order_text(payload: dict[str, Any] | None) -> str:
    return say("verify_no_order") if payload is None else json.dumps(payload, sort_keys=True)


Event = tuple[str, str, Any]  # kind, text, its key and values as kept (`bot.languages.stored.kept`; None: none)


def _same_event(stored: Event, replayed: Event) -> bool:
    """The same kind and words, and the same sentence by key and values where the stored event kept them (an
    event stored before keys were kept compares its words alone)."""
    return stored[:2] == replayed[:2] and (stored[2] is None or _same_value(stored[2], replayed[2]))


def _same_value(stored: Any, replayed: Any) -> bool:
    """A sentence kept as the replay keeps it: the same catalogue, key and values, each value a text kept the same
    way or, stored before the games' data names and joined texts were kept by key (a name as its words), words the
    replay's value reads the same (`bot.languages.stored`: older and shorter forms alike)."""
    return stored == replayed or _same(revived(stored), revived(replayed))


def _same(stored: Any, replayed: Any) -> bool:
    if isinstance(replayed, Keyed) and replayed.key:
        if not (isinstance(stored, Keyed) and stored.key):
            return str(stored) == str(replayed)
        same_sentence = stored.key == replayed.key and (
            stored.domain == replayed.domain or stored.key in (JOINED, TRIMMED)  # a joined text's: no catalogue's
        )
        if not same_sentence or stored.values.keys() != replayed.values.keys():
            return False
        return all(_same(stored.values[name], value) for name, value in replayed.values.items())
    if isinstance(stored, list) and isinstance(replayed, list):
        return len(stored) == len(replayed) and all(_same(a, b) for a, b in zip(stored, replayed, strict=True))
    return str(stored) == str(replayed) if isinstance(stored, Keyed) else stored == replayed


def _event_difference(stored: list[Event], replayed: list[Event]) -> str:
    index = next(
        i
        for i in range(max(len(stored), len(replayed)))
        if i >= len(stored) or i >= len(replayed) or not _same_event(stored[i], replayed[i])
    )
    same_words = index < min(len(stored), len(replayed)) and stored[index][:2] == replayed[index][:2]

    def shown(events: list[Event]) -> str:
        if index >= len(events):
            return say("verify_no_event")
        kind, text, keyed = events[index]
        if same_words:  # the words agree, the sentence does not: which key and values each is
            said = (keyed or {}).get(MARK) or ["", "", "", {}]
            return say("verify_event_key", kind=kind, text=text, sentence=f"{said[1]}:{said[2]}", values=said[3])
        return say("verify_event", kind=kind, text=text)

    return say(
        "verify_events",
        number=index + 1,
        stored=shown(stored),
        replayed=shown(replayed),
        stored_count=len(stored),
        replayed_count=len(replayed),
    )


def _first_difference(a: Any, b: Any, path: str = "state") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return say("verify_difference", path=path, stored=a, replayed=b)


def seat_names(players: Sequence[Player]) -> dict[str, str]:
    """Seat -> the name of whoever holds it now (or held it last, if nobody does)."""
    names: dict[str, str] = {}
    for p in sorted(players, key=lambda p: (p.status == "joined", p.id)):
        if p.status in ("joined", "replaced"):
            names[p.seat] = p.name
    return names


@dataclass
class Replay:
    """A resolved day's events in order, and the names of the seats they are addressed to."""

    events: list[EventRow]
    names: dict[str, str]


async def replay_day(db: Database, game_id: int, day: int) -> Replay:
    """Every event a resolved day produced, in order (public and private: for moderators); refused for a
    day that has not been resolved."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        if await session.get(Resolution, (game_id, day)) is None:
            raise ServiceError(say("not_resolved", step=registry.front(game.ruleset).words.name(day), game_id=game_id))
        rows = await session.execute(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.day == day).order_by(EventRow.seq)
        )
        players = (await session.execute(select(Player).where(Player.game_id == game_id))).scalars().all()
        return Replay(events=list(rows.scalars()), names=seat_names(list(players)))


async def rolls_of_day(db: Database, game_id: int, day: int) -> list[dict[str, Any]]:
    """Every roll of a resolved day, in order, with what it was for (the moderators' audit)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        record = await session.get(Resolution, (game_id, day))
        if record is None:
            raise ServiceError(say("not_resolved", step=registry.front(game.ruleset).words.name(day), game_id=game_id))
        return list(record.rolls or [])
