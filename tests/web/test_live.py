"""Live updates (issue 25): an open page of a running game is told by server-sent events when a step resolves,
and one watcher per game serves every page that follows it."""

from __future__ import annotations

import asyncio

import httpx
from sqlalchemy import func, select

from bot.db.models import Outbox
from bot.services.pages import public_pages
from bot.services.steps import resolution
from bot.web.live import Live
from tests.services.conftest import NOW, started_game
from tests.web.helpers import open_page
from tests.web.serving import served


async def test_an_open_page_is_told_when_a_step_resolves(db):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "listed")
    seen = await public_pages.page_version(db, key)
    async with served(db) as address, httpx.AsyncClient(base_url=address, timeout=30) as client:
        async with client.stream("GET", f"/g/{key}/events", params={"seen": seen}) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.aiter_lines()
            assert await anext(lines) == "retry: 2000"
            assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
            changed = [line async for line in _until_changed(lines)]
        assert changed[0] == "event: changed"
        now = await public_pages.page_version(db, key)
        assert changed[1] == f'data: "{now}"' and now != seen
        page = await client.get(f"/g/{key}")  # what the page's script then fetches: the new post is there
        assert "Day 0 seed revealed" in page.text


async def _until_changed(lines):
    async for line in lines:
        if line == "event: changed":
            yield line
            yield await anext(lines)
            return


async def test_two_hundred_pages_share_one_watcher(db):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "link")
    seen = await public_pages.page_version(db, key)
    live = Live(db, poll_seconds=0.02)
    streams = [live.follow(key, seen) for _ in range(200)]
    waiting = [asyncio.ensure_future(anext(s)) for s in streams]
    while live.followers() < 200:  # every page is following before the step resolves
        await asyncio.sleep(0.01)
    assert len(live.watches) == 1
    await resolution.resolve_day(db, game_id, NOW, expected_day=0)
    told = await asyncio.gather(*waiting)
    assert set(told) == {await public_pages.page_version(db, key)}
    for stream in streams:
        await stream.aclose()
    assert live.watches == {}  # the last page gone, its watcher stops
    async with db.read() as session:  # and the pages wrote nothing
        assert await session.scalar(select(func.count()).select_from(Outbox).where(Outbox.game_id == game_id))
    await live.close()
