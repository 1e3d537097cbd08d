"""`brbot verify` compares an event's key and values as well as its words (issue 31, point 3): a stored event
whose sentence was changed while its English stayed the same (another key, another value) is found, and named;
an event stored before keys were kept (none stored) is compared by its words, so older games still verify."""

from __future__ import annotations

import copy

from sqlalchemy import select, update

from bot.db.models import EventRow
from bot.languages.stored import MARK, revived
from bot.services.base.verification import verify_day
from bot.services.steps import simulation


async def _first_keyed_event(db) -> tuple[int, EventRow]:
    result = await simulation.simulate(db, 4, 3)
    async with db.read() as session:
        event = (
            (
                await session.execute(
                    select(EventRow)
                    .where(EventRow.game_id == result.game_id, EventRow.day == 1, EventRow.keyed.is_not(None))
                    .order_by(EventRow.seq)
                )
            )
            .scalars()
            .first()
        )
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


def _as_words(value, domain: str):
    """A kept value as a game stored before the games' data names and joined texts were kept by key: its words."""
    if isinstance(value, dict):
        return str(revived(value, domain))
    if isinstance(value, list):
        return [_as_words(v, domain) for v in value]
    return value


async def test_an_event_stored_with_data_names_as_words_still_verifies(db):
    """A game stored before the names from the games' data ("Knife", "The Septagon") were texts of a catalogue kept
    them as words: it still verifies, and a value that reads otherwise is still found."""
    result = await simulation.simulate(db, 4, 3)
    async with db.read() as session:
        events = (
            (
                await session.execute(
                    select(EventRow).where(EventRow.game_id == result.game_id, EventRow.day == 1).order_by(EventRow.seq)
                )
            )
            .scalars()
            .all()
        )
    named = [e for e in events if e.keyed and any(isinstance(v, dict) for v in e.keyed[MARK][3].values())]
    assert named, "a night names an item or a zone"
    event = named[0]
    old = copy.deepcopy(event.keyed)
    old[MARK][3] = {k: _as_words(v, old[MARK][1]) for k, v in old[MARK][3].items()}
    await _store(db, event, old)
    assert (await verify_day(db, result.game_id, 1)).ok
    name = next(k for k, v in event.keyed[MARK][3].items() if isinstance(v, dict))
    old[MARK][3][name] = "Something else"
    await _store(db, event, old)
    assert not (await verify_day(db, result.game_id, 1)).ok


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
    event = next(e for e in events if any(isinstance(v, dict) for v in e.keyed[MARK][3].values()))  # a text
    older = copy.deepcopy(event.keyed)
    values = older[MARK][3]
    name = next(n for n, v in values.items() if isinstance(v, dict))
    values[name] = str(revived(values[name], older[MARK][1]))  # the value as its words alone
    await _store(db, event, older)
    assert (await verify_day(db, result.game_id, event.day)).ok
    older[MARK][2] = "another_key"
    await _store(db, event, older)
    assert not (await verify_day(db, result.game_id, event.day)).ok


async def test_a_night_report_stored_before_its_parts_were_kept_by_key_still_verifies(db):
    """A night's report is lines joined: stored before, its parts kept their words and the joined text no
    catalogue; it still verifies against the replay's short forms."""
    result = await simulation.simulate(db, 4, 3)
    async with db.read() as session:
        events = (
            (
                await session.execute(
                    select(EventRow).where(EventRow.game_id == result.game_id, EventRow.day == 1).order_by(EventRow.seq)
                )
            )
            .scalars()
            .all()
        )
    report = next(e for e in events if e.keyed and e.keyed[MARK][2] == "$joined")
    old = copy.deepcopy(report.keyed)
    old[MARK][1] = ""  # a joined text belonged to no catalogue
    parts = old[MARK][3]["parts"]
    old[MARK][3]["parts"] = [
        {
            MARK: [
                str(revived(p, report.keyed[MARK][1])),
                report.keyed[MARK][1],
                p["$k"][0],
                {k: _as_words(v, report.keyed[MARK][1]) for k, v in p["$k"][1].items()},
            ]
        }
        if isinstance(p, dict)
        else p
        for p in parts
    ]
    await _store(db, report, old)
    assert (await verify_day(db, result.game_id, 1)).ok
