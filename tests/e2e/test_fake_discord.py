"""The fake Discord against the real discord.py client: the bot (GameMasterBot, here with a small test cog
instead of the game's cogs) logs in, syncs its commands, answers slash commands, autocomplete and buttons,
sends DMs (one refused), survives a 429, a gateway drop (RESUME) and a restart (a new IDENTIFY)."""
from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.ui.context import GameCog
from bot.ui.respond import defer, respond
from tests.e2e.conftest import BotRunner

pytestmark = pytest.mark.e2e


class OkView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="OK", custom_id="smoke:ok", style=discord.ButtonStyle.success)
    async def ok(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.display_name} said OK", view=None)


class SmokeCog(GameCog):
    probe = app_commands.Group(name="probe", description="Probe the fake")
    who = app_commands.Group(name="who", description="Who is who", parent=probe)

    @app_commands.command(name="ping", description="Answers pong")
    async def ping(self, interaction: discord.Interaction) -> None:
        await respond(interaction, "pong")

    @who.command(name="is", description="A subcommand in a group, deferred, with a user option")
    @app_commands.choices(n=[app_commands.Choice(name="one", value=1), app_commands.Choice(name="two", value=2)])
    async def who_is(self, interaction: discord.Interaction, target: discord.Member, n: int, word: str = "") -> None:
        await defer(interaction)
        roles = ",".join(r.name for r in target.roles if not r.is_default())
        await respond(interaction, f"{target.display_name} n={n} word={word} roles={roles}")

    @who_is.autocomplete("word")
    async def word_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=w, value=w) for w in ("apple", "apricot", "banana") if w.startswith(current)]

    @app_commands.command(name="dm", description="Sends a DM with a button")
    async def dm(self, interaction: discord.Interaction, target: discord.User) -> None:
        try:
            await target.send("Press OK", view=OkView())
        except discord.Forbidden as error:
            await respond(interaction, f"refused {error.code}")
        else:
            await respond(interaction, "sent")


COG = SmokeCog


@pytest.fixture
def smoke_cogs(monkeypatch):
    monkeypatch.setattr("bot.cogs.COG_MODULES", [__name__])


async def test_the_bot_runs_against_the_fake(fake, database_url, clock, smoke_cogs):
    alice = fake.add_user("Alice")
    carol = fake.add_user("Carol", dms_open=False)
    mod = fake.add_user("Gamemaster", moderator=True)
    runner = BotRunner(fake, database_url, clock, start_loops=False)
    bot = await runner.start()
    try:
        # logged in and synced: the commands as discord.py registered them
        assert bot.user.id == fake.world.bot.id
        assert {c["name"] for c in fake.registered[None]} == {"ping", "probe", "dm"}
        assert fake.gateway.identifies == 1
        assert bot.get_guild(fake.world.guild_id) is not None

        pong = await fake.slash(alice, "ping")
        assert pong.reply.content == "pong" and pong.all_ephemeral and pong.callback_type == 4

        # a subcommand group, a deferral and a follow-up, a user option with resolved member data, choices
        who = await fake.slash(alice, "probe who is", {"target": mod, "n": 2, "word": "apple"})
        assert who.callback_type == 5 and who.deferred_ephemeral
        assert who.reply.content == "Gamemaster n=2 word=apple roles=Moderators" and who.all_ephemeral
        with pytest.raises(ValueError, match="not one of the choices"):
            await fake.slash(alice, "probe who is", {"target": mod, "n": 3})
        assert await fake.autocomplete(alice, "probe who is", {"word": "ap"}, focused="word") == [
            {"name": "apple", "value": "apple"}, {"name": "apricot", "value": "apricot"}]

        # in a DM with the bot, too
        assert (await fake.slash(alice, "ping", dm=True)).reply.content == "pong"

        # a DM with a button, clicked later; a refused DM
        sent = await fake.slash(mod, "dm", {"target": alice})
        assert sent.reply.content == "sent"
        [dm] = fake.dms_to(alice)
        assert dm["content"] == "Press OK"
        clicked = await fake.click(alice, dm, "smoke:ok")
        assert clicked.reply.kind == "update" and fake.dms_to(alice)[0]["content"] == "Alice said OK"
        assert fake.dms_to(alice)[0]["components"] == []
        refused = await fake.slash(mod, "dm", {"target": carol})
        assert refused.reply.content == "refused 50007" and fake.refused and not fake.dms_to(carol)

        # a 429 (with Via) is waited out and retried; the same nonce again returns the same message
        # (discord.py sends enforce_nonce=true with every nonce)
        channel = bot.get_channel(fake.game_channel.id)
        fake.rate_limit_next("POST", r"/channels/\d+/messages")
        first = await channel.send("Night 1 results", nonce="outbox-1")
        again = await channel.send("Night 1 results", nonce="outbox-1")
        assert first.id == again.id and fake.nonce_hits == 1
        assert [m["content"] for m in fake.messages_in()] == ["Night 1 results"]
        assert [r["status"] for r in fake.requests_to("POST", rf"/channels/{fake.game_channel.id}/messages")] == [
            429, 200, 200]

        # a private thread with one member, as a fallback for a closed DM would use
        thread = await channel.create_thread(name="Carol's results", type=discord.ChannelType.private_thread,
                                             invitable=False)
        await thread.add_user(discord.Object(carol.id))
        await thread.send("Only Carol and the moderators read this")
        [fallback] = fake.threads(private=True)
        assert carol.id in fallback.members and fallback.messages[0]["content"].startswith("Only Carol")
        assert "Only Carol" not in fake.text(fake.messages_in()) and "Only Carol" not in fake.text(fake.seen_by(alice))

        # the gateway drops: discord.py RESUMEs and commands work again
        await fake.gateway.drop()
        await fake.wait_until(fake.gateway.connected.is_set, what="the bot to resume")
        assert fake.gateway.resumes == 1
        assert (await fake.slash(alice, "ping")).reply.content == "pong"
        await fake.gateway.reconnect_request()  # op 7: discord.py closes and RESUMEs
        await fake.wait_until(lambda: fake.gateway.resumes == 2 and fake.gateway.connected.is_set(),
                              what="the bot to resume after op 7")
        assert (await fake.slash(alice, "ping")).reply.content == "pong"

        # a restart: a new client, a new IDENTIFY, the commands synced again with the same ids
        ids = {c["name"]: c["id"] for c in fake.registered[None]}
        bot = await runner.restart()
        assert fake.gateway.identifies == 2 and len(fake.command_syncs) == 2
        assert {c["name"]: c["id"] for c in fake.registered[None]} == ids
        assert (await fake.slash(alice, "ping")).reply.content == "pong"
    finally:
        await runner.stop()
    assert not fake.gateway.connected.is_set()


async def test_unknown_routes_are_reported(fake):
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_base}/stickers/1", headers={"Authorization": "Bot fake"}) as response:
            assert response.status == 404 and response.headers["Content-Type"] == "application/json"
            assert "no route for GET /stickers/1" in (await response.json())["message"]
    assert fake.problems == ["fake Discord has no route for GET /stickers/1: add it to tests/e2e/fake_rest.py"]
    fake.problems.clear()


def test_the_fake_refuses_what_discord_refuses():
    from tests.e2e.fake_limits import DiscordError, check_choices, check_commands, check_message_body

    good = {"name": "attack", "description": "Attack", "options": [
        {"type": 3, "name": "target", "description": "who", "required": True},
        {"type": 4, "name": "attempts", "description": "how many"}]}
    check_commands([good])
    for bad in ({**good, "description": "x" * 101}, {**good, "name": "Attack"},
                {**good, "options": list(reversed(good["options"]))[:1] + [{**good["options"][0]}]}):
        with pytest.raises(DiscordError):
            check_commands([bad])
    assert check_choices([{"name": "Beach", "value": "4"}], 3) is None
    assert "type" in check_choices([{"name": "Beach", "value": 4}], 3)
    assert "25" in check_choices([{"name": str(i), "value": str(i)} for i in range(26)], 3)
    for body in ({}, {"content": "x" * 2001}, {"embeds": [{"description": "x" * 4097}]},
                 {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v" * 1025}]}]},
                 {"content": "x", "nonce": "n" * 26}):
        with pytest.raises(DiscordError):
            check_message_body(body)


def test_the_fake_refuses_a_components_v2_message_that_discord_would_refuse():
    """Discord's rules for a message flagged IS_COMPONENTS_V2 (what a step post is): no content or embeds, the
    layout components only where they may go, 40 components at most nested ones included, 4,000 characters of
    text at most, and media only from the message's own files."""
    from tests.e2e.fake_limits import DiscordError, check_message_body

    v2 = 1 << 15

    def text(n: int = 5) -> dict:
        return {"type": 10, "content": "x" * n}

    def container(*children: dict) -> dict:
        return {"type": 17, "components": list(children)}

    gallery = {"type": 12, "items": [{"media": {"url": "attachment://grid.png"}}]}
    good = {"flags": v2, "components": [container(text(), gallery, {"type": 14, "divider": True, "spacing": 1}, text()),
                                        {"type": 1, "components": [{"type": 2, "custom_id": "a", "label": "A"}]}]}
    check_message_body(good, filenames=("grid.png",))
    check_message_body({"flags": v2, "components": [container(*[text()] * 39)]})  # 40 with the container
    check_message_body({"flags": v2, "components": [container(text(4000))]})
    bad = [
        ({**good, "content": "hello"}, ("grid.png",)),  # content with the flag
        ({**good, "embeds": [{"title": "t"}]}, ("grid.png",)),  # embeds with the flag
        (good, ()),  # the gallery names a file the message does not carry
        ({"flags": v2, "components": [container(*[text()] * 40)]}, ()),  # 41 components
        ({"flags": v2, "components": [container(text(2001)), text(2000)]}, ()),  # 4,001 characters
        ({"flags": v2, "components": []}, ()),  # empty
        ({"flags": v2, "components": [container(container(text()))]}, ()),  # a container in a container
        ({"flags": v2, "components": [container({"type": 2, "custom_id": "a", "label": "A"})]}, ()),  # a bare button
        ({"flags": v2, "components": [{"type": 9, "components": [text()]}]}, ()),  # a section without accessory
        ({"flags": v2, "components": [container({"type": 10, "content": ""})]}, ()),  # an empty text display
        ({"flags": v2, "components": [container({"type": 99})]}, ()),  # no such component
        ({"components": [container(text())]}, ()),  # layout components without the flag
    ]
    for body, files in bad:
        with pytest.raises(DiscordError):
            check_message_body(body, filenames=files)
