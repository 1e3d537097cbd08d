"""A game the bot was never told about gets its own `/mod` actions through the same commands: "Bazaar"
(registered for these tests only) declares a `/mod give` of its own; in its channel the command, its
autocomplete, the moderator's answer, the posts and the audit log are the Bazaar's, none of Battle Royale's."""
from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field
from sqlalchemy import select

from bot.cogs.moderation import ModerationCog
from bot.db.models import AuditLog, Game, Outbox
from bot.services.signup import games
from engine import registry
from engine.events import PUBLIC, make_event, to_players
from engine.front import Front, Moderation, Option
from engine.ruleset import Resolution, Ruleset
from tests.bot.fakes import FakeUser
from tests.bot.test_moderation_cog import complete, moderator, run


class BazaarState(BaseModel):
    gifts: dict[str, list[str]] = Field(default_factory=dict)


class Bazaar(Ruleset):
    name, version, title = "bazaar", "1", "Bazaar"
    state_model = orders_model = settings_model = BazaarState

    def moderate(self, state: BazaarState, action: str, params: dict[str, Any]) -> Resolution:
        given = state.model_copy(deep=True)
        given.gifts.setdefault(params["seat"], []).append(params["gift"])
        return Resolution(state=given, events=[
            make_event("gift", PUBLIC, "A gift changes hands.", None, 0, "moderation"),
            make_event("gift", to_players(params["seat"]), f"You receive the {params['gift']}.", {"gift": params["gift"]},
                       0, "moderation")])

    def moderation_choices(self, state: BazaarState, action: str, seat: str | None = None) -> list[tuple[str, str]]:
        return [("lamp", "A brass lamp"), ("rug", "A flying rug")] if action == "gifts" else []

    def _unused(self, *args: Any) -> Any:
        raise NotImplementedError("not needed by the moderators' commands")

    new_game = awaiting = validate = default_orders = resolve = view = is_over = _unused


BAZAAR_FRONT = Front(
    title="Bazaar",
    moderation=(Moderation("give", "Hand a player a gift", (Option("item", "the gift", required=True, source="gifts"),),
                           params={"item": "gift"}, audited_as={"item": "gift"}, recorded=("gift",),
                           done="{name} has a gift."),),
)


@pytest.fixture
async def bazaar(db):
    registry.register(Bazaar(), BAZAAR_FRONT)
    game = await games.create_game(db, name="Souk", ruleset="bazaar", channel_id=555, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    async with db.transaction() as session:
        row = await session.get(Game, game.id)
        row.status, row.state = "running", BazaarState().model_dump()
    yield game.id
    registry.unregister("bazaar")


async def test_another_games_action_goes_through_the_same_mod_command(gm, db, bazaar):
    cog = ModerationCog(gm)
    offered = await complete(cog, "mod give", "item", moderator(gm), "")
    assert [(c.value, c.name) for c in offered] == [("lamp", "A brass lamp"), ("rug", "A flying rug")]
    done = await run(cog, "mod give", user=FakeUser(1, "Player1"), item="rug")
    assert done.all_ephemeral and done.text.split("\n") == [
        "Player1 has a gift.", "Posted in the channel: A gift changes hands.",
        "Told Player1 privately: You receive the rug."]
    async with db.read() as session:
        game = await session.get(Game, bazaar)
        rows = (await session.execute(select(Outbox.target, Outbox.text).where(Outbox.game_id == bazaar).order_by(Outbox.id))).all()
        (entry,) = (await session.execute(select(AuditLog).where(AuditLog.action == "give").order_by(AuditLog.id))).scalars().all()
    assert game.state == {"gifts": {"s001": ["rug"]}}
    assert ("channel", "A gift changes hands.") in rows and ("dm", "You receive the rug.") in rows
    assert entry.details == {"user_id": 1, "gift": "rug"}
    refused = await run(cog, "mod kill", user=FakeUser(1, "Player1"), reason="inactive")
    assert refused.text == "This ruleset has no moderator action 'kill'." and refused.all_ephemeral
