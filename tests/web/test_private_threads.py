"""Private threads stay private on the web page (issue 29): a row with target "channel" can go into a private
thread the bot opened (the introduction of the moderators' thread, of a player's closed-DM fallback thread),
and rows go to DMs, to the moderators, to a group's thread and to the lobby. Only what a spectator in the
game's own channel could read reaches a page: one row to every kind of target, and only the channel's shows."""

from __future__ import annotations

import secrets

from bot.db.models import Game, Outbox
from bot.delivery import store
from bot.services.pages import public_pages
from tests.services.conftest import NOW, started_game
from tests.web.helpers import open_page

MODS_THREAD, PLAYER_THREAD, OTHER_CHANNEL = 9001, 9002, 9003


def _row(game_id: int, target: str, target_id: int | None, text: str, payload: dict | None = None) -> Outbox:
    return Outbox(
        game_id=game_id,
        target=target,
        target_id=target_id,
        text=text,
        payload={"kind": "note"} | (payload or {}),
        nonce=secrets.token_hex(12),
        status="sent",
    )


async def test_only_the_games_own_channel_reaches_its_page(db, site):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "link")
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        channel = game.channel_id
    before = await public_pages.page_version(db, key)
    # the bot's own introductions of private threads, as delivery writes them (target "channel", the thread's id)
    await store.thread_opened(db, game_id, MODS_THREAD, "Secret-mods-intro <@77> moderates here", 77, None)
    await store.thread_ready(db, game_id, MODS_THREAD, NOW, None, {})
    await store.thread_opened(db, game_id, PLAYER_THREAD, "Secret-fallback-intro: Player2 has closed DMs", 2, 2)
    await store.thread_ready(db, game_id, PLAYER_THREAD, NOW, None, {})
    async with db.transaction() as session:
        session.add_all(
            [
                _row(game_id, "channel", channel, "Public-in-the-channel"),
                _row(game_id, "channel", OTHER_CHANNEL, "Secret-another-channel"),
                _row(game_id, "dm", 1, "Secret-a-dm"),
                _row(game_id, "moderators", None, "Secret-to-moderators"),
                _row(game_id, "group_post", None, "Secret-team-thread", {"group": "infested"}),
                _row(game_id, "group", None, "Secret-group-sync", {"group": "infested"}),
                _row(game_id, "lobby", None, "Secret-lobby"),
            ]
        )
    page = (await site.get(f"/g/{key}")).text
    assert "Public-in-the-channel" in page
    leaked = [word for word in page.split() if "Secret-" in word]
    assert not leaked, leaked
    assert "closed DMs" not in page and "moderates here" not in page
    # the page's version (what tells open pages to reload) follows the channel's rows alone
    after = await public_pages.page_version(db, key)
    assert after != before
    async with db.transaction() as session:
        session.add(_row(game_id, "channel", PLAYER_THREAD, "Secret-later-in-a-thread"))
    assert await public_pages.page_version(db, key) == after
    assert "Secret-later" not in (await site.get(f"/g/{key}")).text


async def test_a_steps_page_shows_no_thread_row_of_that_step(db, site):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "link")
    from bot.services.steps import resolution

    await resolution.resolve_day(db, game_id, NOW, expected_day=0)
    async with db.transaction() as session:
        session.add(_row(game_id, "channel", PLAYER_THREAD, "Secret-step-thread", {"kind": "seed_reveal", "day": 0}))
    page = await site.get(f"/g/{key}/step/0")
    assert page.status_code == 200 and "seed revealed" in page.text
    assert "Secret-step-thread" not in page.text
