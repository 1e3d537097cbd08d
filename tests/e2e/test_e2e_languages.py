"""Issue 31 end to end: a Portuguese server's game, on the fake Discord with the real bot and outbox worker.
The game takes the server's locale; its posts are in Portuguese, while each player's role DM of the same start
is in their own Discord language: Spanish for Eva, English for Ed, Portuguese for Ana."""

from __future__ import annotations

import pytest

from bot.services.base import fairness
from tests.e2e.conftest import BotRunner
from tests.e2e.game_steps import game_row
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


async def test_the_posts_follow_the_game_and_each_dm_its_reader(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))
    fake.world.guild_locale = "pt-BR"
    mod = fake.add_user("Mestre", moderator=True, locale="pt-BR")
    ana, eva, ed = (fake.add_user(name, locale=locale) for name, locale in
                    (("Ana", "pt-BR"), ("Eva", "es-ES"), ("Ed", "en-US")))
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await fake.slash(mod, "game create", {"name": "Ilha", "early_resolution": False})
        assert (await game_row(runner.db)).language == "pt-BR"  # the server's locale
        await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})
        await fake.slash(mod, "game open")
        for player in (ana, eva, ed):
            await fake.slash(player, "join")
        await fake.slash(mod, "game start")
        await settle(fake, runner, "the start")
        public = fake.text(fake.messages_in())
        assert "O jogo começa" in public and "The game begins" not in public
        assert "Eres Eva" in fake.text(fake.dms_to(eva))
        assert "You are Ed" in fake.text(fake.dms_to(ed))
        assert "Você é Ana" in fake.text(fake.dms_to(ana))
    finally:
        await runner.stop()
