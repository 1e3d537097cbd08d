"""The community's commands and buttons (issue 24): `/sub volunteer|withdraw` and an absent player's seat taken
with the Accept button of the offer's DM, answered to the presser alone."""

from __future__ import annotations

import re

from sqlalchemy import select

from bot.cogs.community import CommunityCog
from bot.db.models import Player, SeatOffer
from bot.services.people import absence
from bot.ui.buttons import SeatAnswer
from tests.bot.cog_helpers import command
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.people.test_absence import _game_with, _step


async def test_sub_volunteer_and_withdraw(gm, db):
    cog = CommunityCog(gm)
    me = FakeUser(30, "Vol")
    joined = await call(command(cog, "sub volunteer"), cog, FakeInteraction(gm, me))
    assert "on this server's substitute list" in joined.text and joined.all_ephemeral
    again = await call(command(cog, "sub volunteer"), cog, FakeInteraction(gm, me))
    assert "already" in again.text
    assert await absence.volunteers(db, 1000) == [(30, "Vol")]
    left = await call(command(cog, "sub withdraw"), cog, FakeInteraction(gm, me))
    assert "off this server's" in left.text and await absence.volunteers(db, 1000) == []


async def test_the_accept_button_of_an_offer_takes_the_absent_players_seat(gm, db):
    game_id = await _game_with(db, reserves=1)
    await _step(db, game_id, [1, 2, 3])
    await _step(db, game_id, [1, 2, 3])
    async with db.read() as session:
        offer = (await session.execute(select(SeatOffer))).scalar_one()
    custom_id = f"brbot:seat:{offer.id}:yes"
    match = re.fullmatch(SeatAnswer.__discord_ui_compiled_template__, custom_id)
    item = SeatAnswer(custom_id, **match.groupdict())
    interaction = FakeInteraction(gm, FakeUser(11, "R11"), guild_id=None, channel_id=None)
    interaction.message = None
    await item.callback(interaction)
    assert "You now play in Absent" in interaction.text
    async with db.read() as session:
        holder = (await session.execute(select(Player.user_id).where(Player.position == 4, Player.status == "joined")))
        assert holder.scalar_one() == 11
