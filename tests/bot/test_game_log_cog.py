"""/log: the published order log of a finished game (issue 3, receipts "checkable against the game's
published log once the game is over"). Refused while the game runs; afterwards a JSON file of every order,
receipt and salt from which a player recomputes the receipts they were given, by the rule the reply states."""
from __future__ import annotations

import hashlib
import json

from sqlalchemy import update

from bot.cogs import cog_classes
from bot.cogs.game_log import GameLogCog, finished_game_autocomplete
from bot.db.models import Order
from bot.services.moderators import moderation
from bot.services.orders import orders as order_service
from bot.text import say
from bot.ui.text import ui
from tests.bot.cog_helpers import NOW, run
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.services.conftest import started_game
from tests.services.conftest import mod


def test_the_log_cog_is_loaded_with_the_bot():
    assert GameLogCog in cog_classes()


def receipt_by_the_stated_rule(game: int, entry: dict) -> str:
    """What the reply tells players to compute, written out independently of the bot's code (issue 22: the
    game, the day and the seat are hashed with the order)."""
    bound = {"day": entry["day"], "game": game, "order": entry["payload"], "seat": entry["seat"]}
    canonical = json.dumps(bound, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((canonical + entry["salt"]).encode()).hexdigest()[:12]


def attached_log(done) -> dict:
    [reply] = done.sent
    assert reply["file"].filename.endswith("order-log.json")
    return json.loads(reply["file"].fp.read().decode("utf-8"))


async def test_log_is_refused_while_the_game_runs(gm, db):
    """Salts stay secret while the game runs: a receipt must not let anyone work out an order."""
    game_id = await started_game(db)
    await order_service.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 3}, NOW)
    done = await run(GameLogCog(gm), "log", 1)
    assert done.text == say("log_not_published") and done.all_ephemeral
    assert not any(m.get("file") for m in done.sent)


async def test_after_the_game_every_receipt_a_player_was_given_is_recomputed_from_the_published_file(gm, db):
    game_id = await started_game(db)
    given = {}
    for user, zone in ((1, 3), (2, 5)):
        given[user] = (await order_service.submit_orders(db, game_id, user,
                                                         {"kind": "day0", "start_zone": zone}, NOW)).receipt
    replaced = (await order_service.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 4}, NOW)).receipt
    await moderation.end(db, game_id, mod(7), "test over")

    done = await run(GameLogCog(gm), "log", 1)
    assert done.all_ephemeral and done.deferred_ephemeral is True
    document = attached_log(done)
    assert document["game"] == game_id
    entries = document["orders"]
    assert len(entries) == 3
    for receipt in (given[1], replaced, given[2]):
        [entry] = [e for e in entries if e["receipt"] == receipt]
        assert receipt_by_the_stated_rule(game_id, entry) == receipt and entry["receipt_version"] == 2
    final = next(e for e in entries if e["receipt"] == replaced)
    assert final["current"] is True and final["payload"]["start_zone"] == 4 and final["name"] == "Player1"
    assert ui("log_mine_ok", count=2) in done.text
    assert ui("log_check") in done.text and "SHA-256" in done.text


async def test_a_receipt_that_does_not_hash_to_its_logged_order_is_named(gm, db):
    """If the stored order is not the one the player sent, the hash no longer fits and the reply says which."""
    game_id = await started_game(db)
    receipt = (await order_service.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 3}, NOW)).receipt
    await moderation.end(db, game_id, mod(7))
    async with db.transaction() as session:
        await session.execute(update(Order).where(Order.receipt == receipt)
                              .values(payload={"kind": "day0", "start_zone": 6}))
    done = await run(GameLogCog(gm), "log", 1)
    assert ui("log_mine_wrong", receipts=f"`{receipt}` (Day 0)") in done.text
    other = await run(GameLogCog(gm), "log", 2)
    assert ui("log_mine_none") in other.text


async def test_log_in_a_dm_takes_the_game_option_and_refuses_a_stranger(gm, db):
    game_id = await started_game(db)
    await moderation.end(db, game_id, mod(7))
    mine = await run(GameLogCog(gm), "log", 1, game=game_id,
                     interaction=FakeInteraction(gm, FakeUser(1, "Player1"), guild_id=None, channel_id=None))
    assert attached_log(mine)["game"] == game_id and mine.all_ephemeral
    stranger = await run(GameLogCog(gm), "log", 99, game=game_id,
                         interaction=FakeInteraction(gm, FakeUser(99, "Stranger"), guild_id=None, channel_id=None))
    assert stranger.text == say("not_playing") and not any(m.get("file") for m in stranger.sent)


async def test_log_autocomplete_offers_only_the_callers_finished_games(gm, db):
    running = await started_game(db)
    finished = await started_game(db)
    await moderation.end(db, finished, mod(7))
    choices = await finished_game_autocomplete(
        FakeInteraction(gm, FakeUser(1, "Player1"), guild_id=None, channel_id=None), "")
    assert [c.value for c in choices] == [finished] and running != finished


async def test_log_in_a_dm_without_the_game_option_means_the_finished_game(gm, db):
    """A player's only live games are not what /log is about: in a DM it takes their one finished game, and
    with several asks which."""
    first = await started_game(db)
    await started_game(db)  # still running
    await moderation.end(db, first, mod(7))

    def dm():
        return FakeInteraction(gm, FakeUser(1, "Player1"), guild_id=None, channel_id=None)
    only = await run(GameLogCog(gm), "log", 1, interaction=dm())
    assert attached_log(only)["game"] == first
    second = await started_game(db)
    await moderation.end(db, second, mod(7))
    several = await run(GameLogCog(gm), "log", 1, interaction=dm())
    assert several.text == say("which_game", games=f"#{second} Test, #{first} Test") and several.all_ephemeral
