"""The commands that choose languages (issue 31, point 2): `/game settings language` (a moderator's; a new
game takes the server's locale), its refusal listing the languages the bot has, the lobby then posted in the
game's language; `/profile language` (one's own, or `auto` for the Discord locale again), which every reply
follows; and the Discord locale each interaction shows, remembered for the user's private messages."""

from __future__ import annotations

import discord

from bot.cogs.community import CommunityCog
from bot.cogs.info import InfoCog
from bot.cogs.moderation import ModerationCog
from bot.db.models import Game
from bot.delivery.worker import OutboxWorker
from bot.services.base import lookup
from bot.services.people import readers
from bot.services.signup import games
from tests.bot.cog_helpers import command
from tests.bot.delivery_helpers import CHANNEL, Clock, FakeCourier, drain
from tests.bot.fakes import FakeInteraction, FakeUser, call

MOD = 99


def moderator(gm, server_locale: str | None = None, **kwargs) -> FakeInteraction:
    interaction = FakeInteraction(gm, FakeUser(MOD, "Mod"), manage_guild=True, **kwargs)
    interaction.guild_locale = discord.Locale(server_locale) if server_locale else None
    return interaction


async def run(cog, qualified: str, interaction: FakeInteraction, **options) -> FakeInteraction:
    return await call(command(cog, qualified), cog, interaction, **options)


async def _game(db) -> Game:
    found = await lookup.game_in_channel(db, CHANNEL)
    assert found is not None
    async with db.read() as session:
        return await session.get(Game, found.id)


async def test_a_new_game_takes_the_servers_locale_and_english_without_one(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm, "pt-BR"), name="Ilha")
    assert (await _game(db)).language == "pt-BR"
    await run(cog, "game end", moderator(gm))
    await run(cog, "game create", moderator(gm, "ja"), name="Island")  # a locale the bot lacks: English
    assert (await _game(db)).language == "en-US"


async def test_the_game_language_setting_and_its_refusal(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm), name="Isla")
    shown = await run(cog, "game settings", moderator(gm))
    assert "`language`: en-US" in shown.text
    refused = await run(cog, "game settings", moderator(gm), name="language", value="fr-FR")
    assert refused.text == "There is no language 'fr-FR' here. Languages: en-US, es-ES, pt-BR."
    assert refused.all_ephemeral
    refused = await run(cog, "game settings", moderator(gm, locale="es-ES"), name="language", value="fr-FR")
    assert refused.text == "No hay ningún idioma 'fr-FR' aquí. Idiomas: en-US, es-ES, pt-BR."  # the moderator's own
    changed = await run(cog, "game settings", moderator(gm), name="language", value="es-es")
    assert changed.text == "`language` is now es-ES."
    assert (await _game(db)).language == "es-ES"


async def test_the_lobby_is_posted_in_the_games_language(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm, "pt-BR"), name="Ilha")
    await run(cog, "game open", moderator(gm))
    await games.join_game(db, (await _game(db)).id, 1, "Ana")
    clock, courier = Clock(), FakeCourier()
    worker = OutboxWorker(db, courier, clock)

    async def sleep(seconds: float) -> None:
        clock.advance(seconds=seconds)

    worker.lobbies.sleep = sleep
    await drain(worker, clock)
    lobbies = [m for k, _, m in courier.delivered if m.content and "Ilha" in m.content and "#" in m.content]
    lobby = lobbies[-1]
    assert "Jogadores (1/" in lobby.content and "- Ana" in lobby.content and "Players (" not in lobby.content
    labels = [item.label for item in lobby.view().children]
    assert labels[0] == "Entrar" and labels[-1] == "Sair"  # its buttons in the game's language too
    assert "Entrar como Lobo Solitário" in labels  # a "Join as" button's role too (the game's role name)


async def test_profile_language_is_ones_own_and_every_reply_follows_it(gm, db):
    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=CHANNEL, guild_id=1000)
    cog, info = CommunityCog(gm), InfoCog(gm)
    me = FakeUser(5, "Eva")
    chosen = await run(cog, "profile", FakeInteraction(gm, me, locale="pt-BR"), language="es-ES")
    assert chosen.text.startswith("A partir de ahora el bot te escribe en Español (España) (es-ES)")
    assert await readers.own_language(db, 5) == "es-ES"
    status = await run(info, "status", FakeInteraction(gm, me, locale="pt-BR"))
    assert status.text.startswith("Evening aún no ha empezado")  # the chosen language, not the Discord locale
    back = await run(cog, "profile", FakeInteraction(gm, me, locale="pt-BR"), language="auto")
    assert back.text.startswith("A partir de agora o bot escreve para você no idioma do seu Discord")
    assert (await run(info, "status", FakeInteraction(gm, me, locale="pt-BR"))).text.startswith("Evening ainda não")
    unknown = await run(cog, "profile", FakeInteraction(gm, me), language="Klingon")
    assert unknown.text == "There is no language 'Klingon' here. Languages: en-US, es-ES, pt-BR."
    other = await run(cog, "profile", FakeInteraction(gm, me), user=FakeUser(6, "Bo"), language="es-ES")
    assert other.text == "You can choose only your own language: leave out the user."
    assert await readers.own_language(db, 6) is None


async def test_the_discord_locale_of_each_interaction_is_remembered(gm, db):
    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=CHANNEL, guild_id=1000)
    info = InfoCog(gm)
    await run(info, "status", FakeInteraction(gm, FakeUser(8, "Ivo"), locale="es-ES"))
    assert await readers.known(db, 8) == (None, "es-ES")
    await run(info, "status", FakeInteraction(gm, FakeUser(8, "Ivo"), locale="pt-BR"))
    assert await readers.own_language(db, 8) == "pt-BR"
    await run(info, "status", FakeInteraction(gm, FakeUser(9, "Zoe")))  # Discord told no locale: nothing kept
    assert await readers.known(db, 9) == (None, None)


async def test_the_language_choices_offer_automatic_first(gm, db):
    cog = CommunityCog(gm)
    offered = await cog.language_choices(FakeInteraction(gm, FakeUser(5), locale="pt-BR"), "")
    assert [c.value for c in offered] == ["auto", "en-US", "es-ES", "pt-BR"]
    assert offered[0].name == "Automático: o idioma do meu Discord"
    assert [c.value for c in await cog.language_choices(FakeInteraction(gm, FakeUser(5)), "portu")] == ["pt-BR"]


async def test_changing_the_games_language_edits_the_lobby_into_it(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm), name="Isle")
    await run(cog, "game open", moderator(gm))
    clock, courier = Clock(), FakeCourier()
    worker = OutboxWorker(db, courier, clock)

    async def sleep(seconds: float) -> None:
        clock.advance(seconds=seconds)

    worker.lobbies.sleep = sleep
    await drain(worker, clock)
    assert "Players (0/" in courier.delivered[-1][2].content
    await run(cog, "game settings", moderator(gm), name="language", value="es-ES")
    await drain(worker, clock)
    kind, _, edited = courier.delivered[-1]
    assert kind == "edit" and "Jugadores (0/" in edited.content
