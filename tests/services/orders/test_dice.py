"""Issue 12, `/roll`: every roll stored (who, when, where, the game, expression, result, secret); a game's rolls
drawn from its dice seed and roll number, so `brbot verify` recomputes them and reports a tampered or missing
roll; a refused roll stores nothing. On SQLite and PostgreSQL."""
from __future__ import annotations

from dataclasses import replace

import asyncio

import pytest
from sqlalchemy import func, select, update

from bot.cli import main
from bot.db.models import DiceRoll, DiceSeed
from bot.services.base import fairness, lookup
from bot.services.orders import dice
from bot.services.base.errors import ServiceError
from engine import registry
from engine.dice import Vocabulary, parse, roll
from engine.rulesets.mazeworld.dice import DICE
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _where(db, game_id: int | None) -> dice.Where:
    game = await lookup.game_by_id(db, game_id) if game_id else None
    return dice.Where(game, 1000, 555 if game_id else 777)


async def _rows(db) -> list[DiceRoll]:
    async with db.read() as session:
        return list((await session.execute(select(DiceRoll).order_by(DiceRoll.id))).scalars())


async def test_a_roll_outside_a_game_is_stored_with_its_own_seed(db):
    stored = await dice.roll_dice(db, await _where(db, None), 7, "Ann", "3#2d6 Sneak", False, NOW)
    [row] = await _rows(db)
    assert (row.game_id, row.seq, row.user_id, row.user_name, row.channel_id, row.guild_id) == (None, None, 7, "Ann", 777, 1000)
    assert (row.expression, row.secret, row.rolled_at) == ("3#2d6 Sneak", False, NOW)
    assert row.text == stored.rolled.text and row.text.startswith("3#2d6: ")
    again = roll(parse(row.expression), Vocabulary(), fairness.rng_for(row.seed))
    assert again.as_dict() == row.result


async def test_a_games_rolls_are_numbered_and_drawn_from_its_dice_seed(db):
    game_id = await started_game(db)
    where = await _where(db, game_id)
    for user, source in ((1, "2d6"), (2, "d100 Search"), (1, "4#d20")):
        await dice.roll_dice(db, where, user, f"Player{user}", source, user == 2, NOW)
    rows = await _rows(db)
    assert [(r.game_id, r.seq, r.secret) for r in rows] == [(game_id, 1, False), (game_id, 2, True), (game_id, 3, False)]
    async with db.read() as session:
        seed = (await session.get(DiceSeed, game_id)).seed
    for row in rows:
        assert roll(parse(row.expression), Vocabulary(), dice.roll_rng(seed, row.seq)).as_dict() == row.result
    assert (await dice.verify_rolls(db, game_id)).ok
    assert [r.seq for r in await dice.rolls_of_game(db, game_id, mod())] == [1, 2, 3]


async def test_a_refused_roll_is_rolled_and_stored_nowhere(db):
    game_id = await started_game(db)
    with pytest.raises(ServiceError, match="at most 100"):
        await dice.roll_dice(db, await _where(db, game_id), 1, "P", "101d6", False, NOW)
    assert await _rows(db) == []
    async with db.read() as session:
        assert await session.scalar(select(func.count()).select_from(DiceSeed)) == 0


async def test_verify_reports_a_tampered_and_a_missing_roll(db):
    game_id = await started_game(db)
    where = await _where(db, game_id)
    for source in ("2d6", "2d6", "2d6", "2d6"):
        await dice.roll_dice(db, where, 1, "Player1", source, False, NOW)
    async with db.transaction() as session:
        row = (await session.execute(select(DiceRoll).where(DiceRoll.seq == 2))).scalar_one()
        forged = dict(row.result, text="2d6: [6, 6] = 12")
        await session.execute(update(DiceRoll).where(DiceRoll.id == row.id).values(result=forged, text=forged["text"]))
        await session.execute(DiceRoll.__table__.delete().where(DiceRoll.seq == 3))
    checked = await dice.verify_rolls(db, game_id)
    assert not checked.ok
    assert any(d.startswith("roll #2 by Player1: stored '2d6: [6, 6] = 12'") for d in checked.differences), checked
    assert "roll #3 is missing" in checked.differences


async def test_brbot_verify_recomputes_the_rolls_and_fails_on_a_tampered_one(db, capsys):
    game_id = await started_game(db)
    where = await _where(db, game_id)
    await dice.roll_dice(db, where, 1, "Player1", "3#2d6", False, NOW)
    await dice.roll_dice(db, where, 2, "Player2", "d20", True, NOW)
    assert await asyncio.to_thread(main, ["verify", str(game_id), "--database", db.url]) == 0
    assert "Rolls: all 2 identical" in capsys.readouterr().out
    async with db.transaction() as session:
        await session.execute(update(DiceRoll).where(DiceRoll.seq == 2).values(expression="d19"))
    assert await asyncio.to_thread(main, ["verify", str(game_id), "--database", db.url]) == 1
    assert "Rolls: DIFFER: roll #2 by Player2" in capsys.readouterr().out


async def test_a_games_channel_knows_that_games_dice_words_and_no_others(db, monkeypatch):
    """The rule of docs/dice.md: in a game's channel its own words; elsewhere every game's that declares some."""
    game_id = await started_game(db)
    where = await _where(db, game_id)
    with pytest.raises(ServiceError, match="cannot read"):  # Battle Royale declares no dice words
        await dice.roll_dice(db, where, 1, "P", "bodyaim", False, NOW)
    outside = await dice.roll_dice(db, await _where(db, None), 1, "P", "bodyaim", False, NOW)
    assert outside.rolled.repetitions[0].result
    monkeypatch.setitem(registry._FRONTS, "battle_royale", replace(registry.front("battle_royale"), dice=DICE))
    inside = await dice.roll_dice(db, where, 1, "P", "2d6 ft=7", False, NOW)
    assert inside.rolled.heading == "2d6 (FT 7, IR 2)" and inside.seq == 1
    assert (await dice.verify_rolls(db, game_id)).ok


async def test_two_rolls_at_once_in_one_game_get_two_numbers(db):
    game_id = await started_game(db)
    where = await _where(db, game_id)
    await asyncio.gather(*(dice.roll_dice(db, where, u, f"P{u}", "d6", False, NOW) for u in range(1, 6)))
    assert sorted(r.seq for r in await _rows(db)) == [1, 2, 3, 4, 5]
    assert (await dice.verify_rolls(db, game_id)).ok
