"""/status, /map, /rules and /help know no game's words: whatever a game's front declares is what they show.

A small game of the tests' own ("Parlour", registered for these tests only) has commands, rules and
status cards but no picture: in its channel the info commands show its cards and none of Battle Royale's;
outside a game, /rules lists both games and /help lists both games' commands."""
from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from bot.db.models import Game
from bot.services.signup import games
from engine import registry
from engine.front import Card, CardField, Cards, Command, Front, Orders
from engine.ruleset import Ruleset
from tests.bot.test_info_cog import use, within_limits


class ParlourState(BaseModel):
    secret: int = 7


class ParlourSettings(BaseModel):
    pass


class Parlour(Ruleset):
    name, version, title = "parlour", "1", "Parlour"
    state_model = ParlourState
    orders_model = ParlourSettings
    settings_model = ParlourSettings

    def view(self, state, seat: str) -> dict[str, Any]:
        return {"seat": seat, "guesses": 2}

    def _unused(self, *args: Any) -> Any:
        raise NotImplementedError("not needed by the info commands")

    new_game = awaiting = validate = default_orders = resolve = is_over = _unused


def parlour_status(view: dict[str, Any]) -> list[Card]:
    return [Card(title=f"Seat {view['seat']}", fields=(CardField("Guesses left", (str(view["guesses"]),)),))]


def parlour_rules() -> list[Card]:
    return [Card(title="Parlour: the rules", description="Guess the number the host thinks of.")]


PARLOUR_FRONT = Front(
    title="Parlour",
    orders=Orders(commands=(Command("guess", "guess the number", section="Guessing"),)),
    cards=Cards(status=parlour_status, rules=parlour_rules),
)


@pytest.fixture
def parlour():
    registry.register(Parlour(), PARLOUR_FRONT)
    yield
    registry.unregister("parlour")


async def parlour_game(db, running: bool = False) -> int:
    game = await games.create_game(db, name="Evening", ruleset="parlour", channel_id=555, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    if running:
        async with db.transaction() as session:
            row = await session.get(Game, game.id)
            row.status, row.state = "running", ParlourState().model_dump()
    return game.id


BATTLE_ROYALE = ("Battle Royale", "`/attack`", "Health", "island", "Lone Wolf")


async def test_rules_and_help_in_another_games_channel_show_that_game_only(gm, db, parlour):
    await parlour_game(db)
    rules = await use(gm, "rules")
    assert "Parlour: the rules" in rules.text and "Guess the number the host thinks of." in rules.text
    helped = await use(gm, "help")
    assert [e.title for e in helped.sent[0]["embeds"]] == ["Parlour", "Commands"]
    assert "Guessing: `/guess`: guess the number" in helped.text and "`/join" in helped.text
    for done in (rules, helped):
        assert done.all_ephemeral
        for words in BATTLE_ROYALE:
            assert words not in done.text, words


async def test_status_shows_another_games_cards_and_map_says_it_has_none(gm, db, parlour):
    game_id = await parlour_game(db, running=True)
    status = await use(gm, "status")
    assert status.all_ephemeral and "Seat " in status.text and "Guesses left: 2" in status.text
    shown = await use(gm, "map")
    assert shown.all_ephemeral and shown.text == "Evening has no map to show."
    assert all(words not in status.text + shown.text for words in BATTLE_ROYALE)
    assert game_id


async def test_outside_a_game_rules_list_every_game_and_help_every_games_commands(gm, db, parlour):
    rules = await use(gm, "rules", channel_id=777)
    assert "**Battle Royale**" in rules.text and "**Parlour**" in rules.text
    assert "Parlour: the rules" not in rules.text and "Hold Ground" not in rules.text
    helped = await use(gm, "help", channel_id=777)
    titles = [e.title for message in helped.sent for e in message["embeds"]]
    assert titles == [
        "Commands", "Battle Royale: commands", "Battle Royale card game", "Infinity: Intervention: commands",
        "Mazeworld: commands", "Parlour",
        "StarCraft Mafia: commands",
    ]
    assert "`/guess`" in helped.text and "`/attack`" in helped.text and "`/join" in helped.text
    within_limits(rules)
    within_limits(helped)


async def test_simulating_a_game_without_computer_players_is_refused_with_the_reason(db, parlour):
    """`brbot simulate` of a game whose front gives no computer players: one clear refusal, no game made."""
    from bot.services.steps import simulation
    from bot.services.base.errors import ServiceError

    assert not registry.get("parlour").play.has_computer_players
    assert registry.get("battle_royale").play.has_computer_players
    with pytest.raises(ServiceError, match="Parlour has no computer players"):
        await simulation.simulate(db, ruleset="parlour", players=4, seed=1)
    async with db.read() as session:
        from sqlalchemy import func, select

        assert (await session.execute(select(func.count()).select_from(Game))).scalar_one() == 0
