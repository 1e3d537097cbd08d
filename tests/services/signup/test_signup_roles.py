"""Role requests at sign-up in every game (issue 22): a game without roles (the card game, Mazeworld,
Infinity) refuses `/join role:` and `/role choose` in one sentence instead of failing, and a game with roles
refuses a role it does not have naming it and its own roles (StarCraft Mafia rulings, "Players, teams,
classes": a class is asked for at sign-up)."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import Player
from bot.services.signup import games
from bot.services.base.errors import ServiceError
from engine import registry

WITHOUT_ROLES = ["battle_royale_cards", "infinity_intervention", "mazeworld"]


async def _players(db, game_id: int) -> list[Player]:
    async with db.read() as session:
        return list((await session.execute(
            select(Player).where(Player.game_id == game_id).order_by(Player.user_id))).scalars())


@pytest.mark.parametrize("ruleset", WITHOUT_ROLES)
async def test_a_game_without_roles_refuses_a_role_in_one_sentence_and_signs_nobody_up(db, ruleset):
    game = await games.create_game(db, name="Roleless", ruleset=ruleset)
    with pytest.raises(ServiceError) as refused:
        await games.join_game(db, game.id, 1, "Ann", "dedicated_student")
    assert "has no roles to choose" in str(refused.value) and "/join without a role" in str(refused.value)
    assert str(refused.value).startswith(registry.front(ruleset).title)
    assert await _players(db, game.id) == []
    await games.join_game(db, game.id, 1, "Ann")
    with pytest.raises(ServiceError, match="has no roles to choose"):
        await games.request_role(db, game.id, 1, "marine")
    assert [p.requests for p in await _players(db, game.id)] == [{}]


async def test_starcraft_mafia_refuses_another_games_role_naming_its_classes(db):
    game = await games.create_game(db, name="Koprulu", ruleset="starcraft_mafia")
    await games.join_game(db, game.id, 1, "Ann")
    with pytest.raises(ServiceError) as refused:
        await games.request_role(db, game.id, 1, "Dedicated Student")
    message = str(refused.value)
    assert message.startswith("'Dedicated Student' is not a class of StarCraft Mafia")
    assert "Marine" in message
    with pytest.raises(ServiceError, match="'lone_wolf' is not a class of StarCraft Mafia"):
        await games.join_game(db, game.id, 2, "Bob", "lone_wolf")
    assert [p.user_id for p in await _players(db, game.id)] == [1]


async def test_a_class_may_be_named_by_its_label_and_is_kept_by_its_id(db):
    game = await games.create_game(db, name="Koprulu", ruleset="starcraft_mafia")
    await games.join_game(db, game.id, 1, "Ann", "Marine")
    assert await games.request_role(db, game.id, 1, "medic") == "You asked for the Medic class."
    await games.join_game(db, game.id, 2, "Bob", "marine")
    assert [p.requests for p in await _players(db, game.id)] == [{"role": "medic"}, {"role": "marine"}]


async def test_battle_royale_refuses_an_unknown_role_and_lovers_through_role_choose(db):
    """Handbook II.A: Lovers are chosen by both players (`/role lovers`), not with /role choose."""
    game = await games.create_game(db, name="Island")
    await games.join_game(db, game.id, 1, "Ann")
    with pytest.raises(ServiceError, match="Unknown role 'marine'"):
        await games.request_role(db, game.id, 1, "marine")
    with pytest.raises(ServiceError, match="to become Lovers, propose"):
        await games.request_role(db, game.id, 1, "lovers")
    assert await games.request_role(db, game.id, 1, "Lone Wolf") == "You asked to be a Lone Wolf."
