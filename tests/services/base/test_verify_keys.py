"""`brbot verify` compares an event's key and values as well as its words (issue 31, point 3): a stored event
whose sentence was changed while its English stayed the same (another key, another value) is found, and named;
an event stored before keys were kept (none stored) is compared by its words, so older games still verify."""

from __future__ import annotations

import copy

from sqlalchemy import select, update

from bot.db.models import EventRow
from bot.languages.stored import MARK, english
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


async def test_a_value_an_older_version_kept_as_its_words_still_verifies(db):
    """A sentence's value the engine now keeps by key (a list it joins, a death's cause) was kept as plain words
    by an older version: the same sentence, its values reading the same words, verifies; another key does not."""
    result = await simulation.simulate(db, 4, 3)
    async with db.read() as session:
        events = (
            await session.execute(
                select(EventRow)
                .where(EventRow.game_id == result.game_id, EventRow.day >= 1, EventRow.keyed.is_not(None))
                .order_by(EventRow.day, EventRow.seq)
            )
        ).scalars().all()
    event = next(e for e in events if any(isinstance(v, dict) and MARK in v for v in e.keyed[MARK][3].values()))
    older = copy.deepcopy(event.keyed)
    values = older[MARK][3]
    name = next(n for n, v in values.items() if isinstance(v, dict) and MARK in v)
    values[name] = english(values[name])  # the value as its words alone
    await _store(db, event, older)
    assert (await verify_day(db, result.game_id, event.day)).ok
    older[MARK][2] = "another_key"
    await _store(db, event, older)
    assert not (await verify_day(db, result.game_id, event.day)).ok
