"""Issue 24 end to end: a whole game from the lobby to the players' profiles, on the fake Discord, with the real
bot, deadline loop and outbox worker (StarCraft Mafia; the community is the same for every game).

The moderators open a game: its lobby message appears in the channel with Join and Leave buttons. Five players
join with the button, a sixth with /join; the full lobby begins the muster, and a seventh, joining as a reserve,
is asked too. Everyone presses Ready in their DM but Fiona; at the muster's deadline (the loop, from the stored
time) she is dropped and the ready reserve takes her place; the game starts and the lobby closes. Bea then misses
two days in a row: her seat is offered by DM to a volunteer of the server's substitute list, who accepts it with
the button and plays on. A moderator kills Cal: the thread of the dead opens with Cal and a spectator in it and no
living player, and, with `dead_see private`, it shows the players' private results. Cal's /roll in the channel is
refused. The game ends; each player's /profile shows the game, and Bea's record an abandoned game.
"""

from __future__ import annotations

import pytest

from bot.services.base import fairness
from tests.e2e.conftest import BotRunner
from tests.e2e.game_steps import game_row, stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e

SEED = 20260601


def lobby_of(fake) -> dict:
    found = [m for m in fake.messages_in() if "sign-ups" in (m.get("content") or "") and m.get("components")]
    assert len(found) <= 1, "one lobby message, edited in place"
    return found[0] if found else None


def buttons(message: dict) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or [] for c in row.get("components", [])]


async def test_a_whole_game_from_the_lobby_to_the_profiles(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(SEED))
    mod = fake.add_user("Gamemaster", moderator=True)
    ann, bea, cal, dee, eli, fiona, gus = players = [
        fake.add_user(n) for n in ("Ann", "Bea", "Cal", "Dee", "Eli", "Fiona", "Gus")
    ]
    sub, watcher = fake.add_user("Sub"), fake.add_user("Watcher")
    mod_channel = fake.add_channel("moderators")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await fake.slash(mod, "game create", {"name": "Char", "ruleset": "starcraft_mafia", "signup_cap": 6,
                                              "early_resolution": False})
        for name, value in (("moderator_channel", f"<#{mod_channel.id}>"), ("muster_hours", "2"),
                            ("dead_see", "private"), ("absence_steps", "2")):
            changed = await fake.slash(mod, "game settings", {"name": name, "value": value})
            assert "is now" in changed.text, changed.text
        await fake.slash(mod, "game open")
        lobby = await fake.wait_until(lambda: lobby_of(fake), what="the lobby message")
        game_id = (await game_row(runner.db)).id
        assert f"brbot:lobby:{game_id}:join" in buttons(lobby) and f"brbot:lobby:{game_id}:leave" in buttons(lobby)

        # --- the lobby fills: five by the button, one by /join; the full lobby begins the muster -------------
        for player in (ann, bea, cal, dee, eli):
            pressed = await fake.click(player, lobby_of(fake), f"brbot:lobby:{game_id}:join")
            assert "signed up for Char" in fake.text([r.message for r in pressed.replies]), pressed.replies
        assert "signed up for Char" in (await fake.slash(fiona, "join")).text
        assert (await game_row(runner.db)).muster_until is not None
        assert "reserve list" in (await fake.slash(gus, "join")).text
        await settle(fake, runner, "the muster's DMs")
        lobby = await fake.wait_until(lambda: "Reserves, in order: Gus (new)" in (lobby_of(fake) or {}).get(
            "content", "") and lobby_of(fake), what="the lobby showing the reserve")
        assert "Players (6/6):" in lobby["content"] and "- Ann (new)" in lobby["content"]

        # --- the muster: all but Fiona press Ready; at its deadline Gus takes her place ------------------------
        for player in (ann, bea, cal, dee, eli, gus):
            (ask,) = [m for m in fake.dms_to(player) if f"brbot:ready:{game_id}" in buttons(m)]
            ready = await fake.click(player, ask, f"brbot:ready:{game_id}")
            assert ready.replies or ready.callback_type
        assert (await game_row(runner.db)).status == "signup"  # Fiona has not confirmed
        clock.set((await game_row(runner.db)).muster_until)
        await fake.wait_until(lambda: "did not confirm" in fake.text(fake.messages_in()), what="the muster's end")
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        assert game.status == "running"
        public = fake.text(fake.messages_in())
        assert "Fiona did not confirm for Char and was dropped; in their place: Gus" in public
        assert "did not confirm in time" in fake.text(fake.dms_to(fiona))
        assert lobby_of(fake) is None  # the lobby message lost its buttons: sign-ups are closed
        seats = {p["name"]: seat for seat, p in game.state["players"].items()}
        assert set(seats) == {"Ann", "Bea", "Cal", "Dee", "Eli", "Gus"}

        # --- Bea misses two days: her seat goes to a volunteer --------------------------------------------------
        assert "substitute list" in (await fake.slash(sub, "sub volunteer")).text
        playing = {ann, cal, dee, eli, gus}
        for _ in range(2):
            game = await game_row(runner.db)
            for player in playing:
                assert "Order saved" in (await fake.slash(player, "act", {"action": "sleep"})).text
            clock.set(game.deadline)
            await stepped(runner, game.day)
        offers = await fake.wait_until(
            lambda: [m for m in fake.dms_to(sub) if any(b.startswith("brbot:seat:") for b in buttons(m))],
            what="the seat offered to the volunteer")
        assert "Bea has missed 2 steps in a row in **Char**" in offers[0]["content"]
        accept = next(b for b in buttons(offers[0]) if b.endswith(":yes"))
        await fake.click(sub, offers[0], accept)
        await settle(fake, runner, "the substitution")
        assert "Sub takes over from Bea." in fake.text(fake.messages_in())
        assert "Order saved" in (await fake.slash(sub, "act", {"action": "sleep"})).text  # the seat is Sub's now

        # --- Cal dies: the thread of the dead, a spectator, never a living player --------------------------------
        assert "You watch Char" in (await fake.slash(watcher, "game watch")).text
        await fake.slash(mod, "mod kill", {"user": cal, "reason": "a test"})
        await settle(fake, runner, "the death")
        (dead,) = [t for t in fake.threads(private=True) if t.name == "Char: the dead"]
        living = {ann, dee, eli, gus, sub}
        assert {cal.id, watcher.id} <= dead.members and not {u.id for u in living} & dead.members
        refused = await fake.slash(cal, "roll", {"expression": "2d6"})
        assert "The dead do not post in the living's channel" in refused.text
        game = await game_row(runner.db)
        for player in living:
            await fake.slash(player, "act", {"action": "sleep"})
        clock.set(game.deadline)
        await stepped(runner, game.day)
        await settle(fake, runner, "a day with the dead watching")
        in_thread = fake.text(dead.messages)
        assert "the dead and spectators" in in_thread and "**Private, to " in in_thread
        for player in living:  # the living never read the thread
            assert not {m["id"] for m in dead.messages} & {m["id"] for m in fake.seen_by(player)}

        # --- the end, and the profiles ---------------------------------------------------------------------------
        await fake.slash(mod, "game end")
        await settle(fake, runner, "the end")
        own = await fake.slash(ann, "profile")
        assert "- StarCraft Mafia: 1 game," in own.text and "Your record: 1 game played, 1 finished" in own.text
        gone = await fake.slash(bea, "profile")
        assert "1 abandoned" in gone.text and "No finished games yet." in gone.text
        other = await fake.slash(ann, "profile", {"user": bea})
        assert "Your record" not in other.text and "Reliability:" in other.text
        board = await fake.slash(ann, "leaderboard", {"game": "starcraft_mafia"})
        assert "this server's leaderboard" in board.text and "<@" in board.text
        assert len(players) == 7
    finally:
        await runner.stop()
