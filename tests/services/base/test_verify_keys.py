"""`brbot verify` compares an event's key and values as well as its words (issue 31, point 3): a stored event
whose sentence was changed while its English stayed the same (another key, another value) is found, and named;
an event stored before keys were kept (none stored) is compared by its words, so older games still verify."""

from __future__ import annotations

import copy

from sqlalchemy import select, update

from bot.db.models import EventRow
from bot.languages.stored import MARK
from bot.services.base.verification import verify_day
from bot.services.steps import simulation


async def _first_keyed_event(db) -> tuple[int, EventRow]:
    result = await simulation.simulate(db, 4, 3)
    async with db.read() as session:
        event = (
            await session.execute(
                select(EventRow)
                .where(EventRow.game_id == result.game_id, EventRow.day == 1, EventRow.keyed.is_not(None))
                .order_by(EventRow.seq)
            )
        ).scalars().first()
    assert event is not None and MARK in event.keyed
    return result.game_id, event


async def _store(db, event: EventRow, keyed) -> None:
    async with db.transaction() as session:
        await session.execute(
            update(EventRow).where(EventRow.game_id == event.game_id, EventRow.seq == event.seq).values(keyed=keyed)
        )


async def test_an_event_said_with_another_key_but_the_same_words_is_found(db):
    game_id, event = await _first_keyed_event(db)
    assert (await verify_day(db, game_id, 1)).ok
    changed = copy.deepcopy(event.keyed)
    changed[MARK][2] = "another_key"  # the words stay; the sentence is another
    await _store(db, event, changed)
    found = await verify_day(db, game_id, 1)
    assert not found.ok
    [difference] = found.differences
    assert "another_key" in difference and event.keyed[MARK][2] in difference and "said as" in difference


async def test_an_event_stored_before_keys_were_kept_verifies_by_its_words(db):
    game_id, event = await _first_keyed_event(db)
    await _store(db, event, None)
    assert (await verify_day(db, game_id, 1)).ok
