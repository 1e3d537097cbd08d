"""Issue 11, a game's private group on Discord ("created at start, new infested added when infested, the dead
removed; nobody else can read it"), end to end against the fake Discord with the duel's `hero_chat` house rule
(tests/duel: the standing heroes share a group): the bot opens a private, not invitable thread in the game
channel with the heroes in it and nobody else, which the fake's permissions let only its members read; a
deleted thread is opened again; and when Discord refuses the thread, `/team say` relays by DM."""
from __future__ import annotations

import pytest

from bot.cogs import game_commands
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import PRIVATE_THREAD
from tests.e2e.test_e2e_duel import stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


async def started_duel(fake, runner, slash_user):
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    await fake.slash(mod, "game create", {"name": "Showdown", "ruleset": "duel"})
    settings = await fake.slash(mod, "game settings", {"name": "hero_chat", "value": "true"})
    assert "hero_chat" in settings.text, settings.text
    await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
    await fake.slash(mod, "game open")
    for player in (alice, bob):
        assert "signed up for Showdown" in (await fake.slash(player, "join")).text
    await fake.slash(mod, "game start")
    await settle(fake, runner, "the start")
    return mod, alice, bob, carol


async def test_the_heroes_thread_is_theirs_alone_and_comes_back_when_deleted(fake, database_url, clock, monkeypatch,
                                                                            duel):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        mod, alice, bob, carol = await started_duel(fake, runner, None)
        moderators, thread = sorted(fake.threads(private=True), key=lambda t: t.name != "Showdown: moderators")
        assert moderators.name == "Showdown: moderators"  # issue 23: the moderators' notes, without a channel set
        assert (thread.name, thread.type, thread.invitable) == ("Showdown: Heroes' camp", PRIVATE_THREAD, False)
        assert thread.members - {fake.world.bot.id} == {alice.id, bob.id}  # the bot made it: it is in
        intro = "Heroes' camp: only you and your companions read this."
        for user in (alice, bob):
            assert intro in fake.text(fake.seen_by(user))
        assert intro not in fake.text(fake.seen_by(carol)) and intro not in fake.text(fake.messages_in())
        refused = await fake.slash(alice, "team say", {"text": "hello"})
        assert refused.text.startswith("Heroes' camp has its private thread") and refused.all_ephemeral

        subbed = await fake.slash(mod, "mod substitute", {"old": bob, "new": carol})
        assert subbed.all_ephemeral and "Carol" in subbed.text, subbed.text
        await settle(fake, runner, "the substitution")
        assert thread.members - {fake.world.bot.id} == {alice.id, carol.id}  # Bob is out, Carol in
        assert intro in fake.text(fake.seen_by(carol)) and intro not in fake.text(fake.seen_by(bob))
        carol, bob = bob, carol  # from here on Bob is the one outside the game

        del fake.world.channels[thread.id]  # a moderator deletes it
        assert "Order saved" in (await fake.slash(alice, "strike")).text
        await stepped(runner, 0)
        await settle(fake, runner, "the first step")
        (again,) = [t for t in fake.threads(private=True) if t.id != moderators.id]
        assert again.id != thread.id and again.members - {fake.world.bot.id} == {alice.id, bob.id}
        assert intro in fake.text(fake.seen_by(bob)) and intro not in fake.text(fake.seen_by(carol))
    finally:
        await runner.stop()


async def test_without_the_permission_team_say_relays_by_dm(fake, database_url, clock, monkeypatch, duel):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())
    fake.fail_next("POST", r"/channels/\d+/threads", 403, {"code": 50013, "message": "Missing Permissions"}, times=5)
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        mod, alice, bob, carol = await started_duel(fake, runner, None)
        assert fake.threads(private=True) == []
        assert "/team say" in fake.text(fake.dms_to(alice)) and "/team say" in fake.text(fake.dms_to(bob))
        said = await fake.slash(alice, "team say", {"text": "Strike low, @everyone"}, dm=True)
        assert said.text == "Sent by DM to the 1 other member of Heroes' camp." and said.all_ephemeral
        await settle(fake, runner, "the relay")
        relayed = fake.text(fake.dms_to(bob))
        assert "from Alice:\nStrike low, @\u200beveryone" in relayed
        assert "Strike low" not in fake.text(fake.seen_by(carol)) + fake.text(fake.messages_in())
        assert "Strike low" not in fake.text(fake.dms_to(alice))
        refused = await fake.slash(carol, "team say", {"text": "let me in"}, channel=None)
        assert refused.all_ephemeral and "let me in" not in fake.text(fake.dms_to(bob))
    finally:
        await runner.stop()
