"""Nothing escapes the catalogue, end to end (issue 31, point 5): a short Battle Royale game played through the cogs
by users whose Discord is in the tests' pseudo-language (`tests/languages/pseudo.py`, installed as a community's
language), on a server in it, against the fake Discord with the real bot and outbox worker. Every message the
fake Discord received (channel posts, the lobby, DMs, threads, the moderators' channel: content, embeds, text
displays, component labels and options), every reply to an interaction (ephemeral or not), every thread's name
and every autocomplete choice offered must be marked throughout, with no English value filled in. The names the
users chose and the game's are the only words left, with what a player types (the game's verbs, `/act
action:search`, and an option's value): the names from the game's data files are texts of its catalogue
(`battle_royale.data`) and read in the pseudo-language too."""

from __future__ import annotations

import pytest

from bot.languages import catalogue
from bot.services.base import fairness
from engine import registry
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import message_text
from tests.e2e.game_steps import game_row, stepped
from tests.e2e.test_e2e_game import select_options, settle
from tests.languages.pseudo import PSEUDO, english_words, install, unaccented

pytestmark = pytest.mark.e2e


async def test_a_game_through_the_cogs_reads_in_the_players_language_throughout(
    fake, database_url, clock, monkeypatch, tmp_path
):
    monkeypatch.setenv(catalogue.ENVIRONMENT, str(tmp_path))
    install(tmp_path)
    catalogue.forget()
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))  # the same game every run
    fake.world.guild_locale = PSEUDO
    mod = fake.add_user("Gamemaster", moderator=True, locale=PSEUDO)
    alice, bob = fake.add_user("Alice", locale=PSEUDO), fake.add_user("Bob", locale=PSEUDO)
    mod_channel = fake.add_channel("moderators")
    records, offered = [], []

    async def slash(user, name, options=None, **kwargs):
        record = await fake.slash(user, name, options, **kwargs)
        records.append(record)
        return record

    async def choices(user, name, options, focused):
        found = await fake.autocomplete(user, name, options, focused=focused)
        offered.extend(c["name"] for c in found)
        return found

    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await slash(mod, "game create", {"name": "Island", "early_resolution": False})
        assert (await game_row(runner.db)).language == PSEUDO  # the server's language
        for name, value in (("days", "1"), ("muster_hours", "0"), ("moderator_channel", f"<#{mod_channel.id}>")):
            await slash(mod, "game settings", {"name": name, "value": value})
        await slash(mod, "game open")
        for player in (alice, bob):
            await slash(player, "join")
        await slash(alice, "role lovers", {"partner": bob})
        proposal = (await fake.wait_until(lambda: fake.dms_to(bob), what="the Lovers proposal DM"))[-1]
        accept = next(c["custom_id"] for row in proposal["components"] for c in row["components"]
                      if c.get("custom_id", "").endswith(":yes"))
        records.append(await fake.click(bob, proposal, accept))
        await slash(mod, "game start")
        await settle(fake, runner, "the start")

        for player in (alice, bob):  # Day 0 by its menus
            menu = (await slash(player, "day0")).reply
            zone = next(o["value"] for o in select_options(menu.message, "day0:zone") if o["value"] != "random")
            records.append(await fake.select(player, menu, "day0:zone", [zone]))
            records.append(await fake.click(player, menu, "day0:submit"))
        await slash(mod, "resolve now")
        await settle(fake, runner, "Day 0")

        weapons = await choices(alice, "attack", {"with": ""}, "with")
        targets = await choices(alice, "attack", {"with": weapons[0]["value"], "target": ""}, "target")
        await slash(alice, "attack", {"with": weapons[0]["value"], "target": targets[0]["value"], "amount": 1})
        await choices(bob, "act", {"action": ""}, "action")
        await slash(bob, "act", {"action": "search"})
        for name in ("orders", "status", "map", "rules", "help"):
            await slash(bob, name)
        await slash(alice, "attack", {"with": "nothing", "target": "nobody"})  # a refusal
        clock.advance(hours=10, minutes=1)  # past the deadline: Day 1 is resolved, the game ends (days = 1)
        game = await stepped(runner, 1)
        assert game.status == "over", game.status
        await settle(fake, runner, "the end")
        await slash(alice, "status")  # after the end too
    finally:
        await runner.stop()
        catalogue.forget()

    typed = {"Gamemaster", "Alice", "Bob", "Island", "UTC", "nothing", "nobody"}  # names, a time zone, options
    allowed = typed
    verbs = {c.name for c in registry.front("battle_royale").orders.commands}  # a choice's value, as typed
    seen = [(f"#{channel.name}", message_text(m)) for channel in fake.world.channels.values()
            for m in channel.messages if not m.get("deleted")]
    seen += [(f"/{r.name} by {r.user.name}", message_text(reply.message)) for r in records for reply in r.replies]
    seen += [("thread name", c.name) for c in fake.threads()]
    seen += [("autocomplete", name) for name in offered]
    assert len(seen) > 40 and any(place == "#moderators" for place, _ in seen)

    def left(place: str, text: str) -> list[str]:
        words = allowed | verbs if place == "autocomplete" else allowed
        return english_words(text, words) or unaccented(text, words)

    escaped = [(place, text) for place, text in seen if left(place, text)]
    assert not escaped, "\n\n".join(f"{place}: {left(place, text)}\n{text[:600]}" for place, text in escaped[:12])
