"""A game master's inbox stays readable (issue 23, "A game master's inbox"): the moderators' notes of one
resolution go out as one message (split only at Discord's 2,000 characters), not one each, and no note is
lost. Measured over whole fights played by computer players through the services (`brbot simulate`), as
delivery groups and renders the outbox rows."""

from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import select

from bot.db.models import Outbox
from bot.delivery.render import group, render_parcel
from tests.finished_games import finished_game
from tests.services.conftest import db  # noqa: F401  (db: the two-database fixture)

QUESTIONS = {"question"}  # a question the game master must answer is a message of its own


async def moderators_rows(db, game_id: int) -> list[Outbox]:
    async with db.read() as session:
        query = select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "moderators").order_by(Outbox.id)
        return list((await session.execute(query)).scalars())


@pytest.mark.parametrize("ruleset", ["infinity_intervention", "mazeworld", "starcraft_mafia"])
async def test_a_whole_fight_sends_the_moderators_at_most_one_message_per_resolved_step(db, templates, ruleset):
    result = await finished_game(templates, db, ruleset, 6, 11)
    notes = await moderators_rows(db, result.game_id)
    assert notes, "the fight gave the moderators nothing to read"
    parcels = group(notes)
    assert sorted(r.id for p in parcels for r in p) == [r.id for r in notes]  # no note lost
    for parcel in parcels:  # every note of a parcel is in its messages
        shown = "\n".join(m.content or "" for m in render_parcel(parcel))
        assert all(row.text in shown for row in parcel)
    per_step = Counter(
        (p[0].payload or {}).get("day") for p in parcels if (p[0].payload or {}).get("kind") not in QUESTIONS
    )
    steps = result.resolved + 1  # every resolution, and the start
    assert len(parcels) - sum(1 for p in parcels if p[0].payload.get("kind") in QUESTIONS) <= steps
    assert max(per_step.values()) == 1, per_step
