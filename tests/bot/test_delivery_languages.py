"""Who reads what at delivery (issue 31, point 2): a game's channel post in the game's language, each player's
DM of the same step in their own (the one they chose, else their Discord locale as last seen, else the game's),
through the services and the outbox worker on both databases; rows stored without keys read as stored."""

from __future__ import annotations

import pytest
from sqlalchemy import select, update

from bot.db.models import Game, Outbox
from bot.delivery.worker import OutboxWorker
from bot.services.base.common import outbox
from bot.services.base.errors import ServiceError
from bot.services.moderators import game_admin
from bot.services.people import readers
from bot.services.steps import resolution
from tests.bot.delivery_helpers import CHANNEL, CREATOR, Clock, FakeCourier, drain
from tests.services.conftest import NOW, mod, started_game

SPANISH, ENGLISH_READER, NOBODY_KNOWN = 1, 2, 3  # players' user ids (user 4 too reads the game's language)


async def portuguese_night(db) -> int:
    """A Portuguese game whose first step is resolved: user 1 chose Spanish, user 2 was last seen in English."""
    game_id = await started_game(db, players=4, actor_id=CREATOR, language="pt-BR")
    await readers.choose(db, SPANISH, "es-ES")
    await readers.seen(db, ENGLISH_READER, "en-US")
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
    return game_id


async def delivered(db) -> FakeCourier:
    courier = FakeCourier()
    clock = Clock()
    await drain(OutboxWorker(db, courier, clock), clock)
    return courier


async def test_the_post_follows_the_game_and_each_dm_its_reader(db):
    await portuguese_night(db)
    courier = await delivered(db)
    post = courier.text_to("channel", CHANNEL)
    assert "Começa o Dia 1. 4 estudantes estão vivos." in post
    assert "## Resultados do Dia 0" in post and "### Jogo limpo" in post  # the post's title and own headings
    assert "Day 1 begins" not in post and "Fair play" not in post
    assert "Empiezas en " in courier.text_to("dm", SPANISH)
    assert "You start in " in courier.text_to("dm", ENGLISH_READER)
    assert "Você começa em " in courier.text_to("dm", NOBODY_KNOWN)  # no language of their own: the game's


async def test_the_stored_text_stays_english(db):
    game_id = await portuguese_night(db)
    await delivered(db)
    async with db.read() as session:
        texts = [t for (t,) in await session.execute(select(Outbox.text).where(Outbox.game_id == game_id))]
    assert any(t.startswith("Day 1 begins") for t in texts)
    assert not any("Começa o Dia" in t or "Empiezas" in t for t in texts)


async def test_a_row_without_keys_is_delivered_as_stored(db):
    game_id = await started_game(db, players=4, actor_id=CREATOR, language="pt-BR")
    await delivered(db)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        outbox(session, game, "channel", CHANNEL, "Day 1 begins. 4 students are alive.", {"kind": "old"})
        outbox(session, game, "dm", SPANISH, "You start in Field.", {"kind": "old"})
    async with db.transaction() as session:  # as a row written before keys were kept
        await session.execute(update(Outbox).where(Outbox.payload["kind"].as_string() == "old").values(keyed=None))
    await readers.choose(db, SPANISH, "es-ES")
    courier = await delivered(db)
    assert [m.content for m in courier.to("channel", CHANNEL)] == ["Day 1 begins. 4 students are alive."]
    assert [m.content for m in courier.to("dm", SPANISH)] == ["You start in Field."]


async def test_an_english_game_reads_as_before(db):
    game_id = await started_game(db, players=4, actor_id=CREATOR)
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
    courier = await delivered(db)
    assert "Day 1 begins. 4 students are alive." in courier.text_to("channel", CHANNEL)
    assert "You start in " in courier.text_to("dm", SPANISH)


async def test_the_game_language_setting(db):
    game_id = await started_game(db, players=4, actor_id=CREATOR)
    assert (await game_admin.settings_of(db, game_id))["language"] == "en-US"
    changed = await game_admin.change_setting(db, game_id, mod(), "language", "pt_br")
    assert changed.value == "pt-BR"
    assert (await game_admin.settings_of(db, game_id))["language"] == "pt-BR"
    with pytest.raises(ServiceError) as refused:
        await game_admin.change_setting(db, game_id, mod(), "language", "klingon")
    assert str(refused.value) == "There is no language 'klingon' here. Languages: en-US, es-ES, pt-BR."
    async with db.read() as session:
        assert (await session.get(Game, game_id)).language == "pt-BR"  # the refusal changed nothing


async def test_a_player_going_back_to_automatic_reads_their_discord_language(db):
    await started_game(db, players=4, actor_id=CREATOR)
    assert await readers.choose(db, SPANISH, "es-ES") == "es-ES"
    assert await readers.own_language(db, SPANISH) == "es-ES"
    await readers.seen(db, SPANISH, "pt-BR")
    assert await readers.own_language(db, SPANISH) == "es-ES"  # the chosen one wins over the locale
    assert await readers.choose(db, SPANISH, "auto") is None
    assert await readers.own_language(db, SPANISH) == "pt-BR"
    with pytest.raises(ServiceError, match="Languages: en-US, es-ES, pt-BR"):
        await readers.choose(db, SPANISH, "xx-YY")


async def test_moderator_notes_follow_the_game(db):
    from bot.languages.reader import localized
    from bot.text import say

    game_id = await started_game(db, players=4, actor_id=CREATOR, language="es-ES")
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.moderator_channel_id = 777
        outbox(session, game, "moderators", None, say("promoted", game=game.name), {"kind": "note"})
    courier = await delivered(db)
    spanish = localized(say("promoted", game="Test"), "es-ES")
    assert spanish != say("promoted", game="Test")
    assert [m.content for m in courier.to("channel", 777)][-1] == spanish


async def test_moderator_notes_sent_to_the_creators_dms_follow_the_creator(db):
    from bot.languages.reader import localized
    from bot.text import say

    game_id = await started_game(db, players=4, actor_id=CREATOR, language="pt-BR")
    clock, courier = Clock(), FakeCourier()
    worker = OutboxWorker(db, courier, clock)
    await drain(worker, clock)
    await readers.choose(db, CREATOR, "es-ES")
    worker.threads.moderators_refused[game_id] = clock()  # no moderators' thread to be had: notes go by DM
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.moderator_channel_id = None  # the moderators' thread opened at the start is gone
        outbox(session, game, "moderators", None, say("promoted", game=game.name), {"kind": "note"})
    await drain(worker, clock)
    assert courier.to("dm", CREATOR)[-1].content == localized(say("promoted", game="Test"), "es-ES")
