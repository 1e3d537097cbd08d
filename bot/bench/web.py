"""`brbot bench`'s web site figures (docs/web.md, docs/performance.md):

- `web_step_page_p95_ms`: a step's page (`/g/<key>/step/<day>`) of a finished 200-player game of the bench's
  game (Battle Royale by default), p95 over `REQUESTS` requests with its picture already stored (the first
  reader draws it); `web_game_page_p95_ms` the same for the whole game's page;
- `web_follow_200_max_ms`: 200 open pages following a live game over server-sent events on one process
  (uvicorn on 127.0.0.1), the longest wait from a step's resolution to the last page told of it;
- `web_500_games_peak_mb`: the peak resident memory of a fresh site process (`python -m bot.bench.web DB`)
  after serving the index and the page of each of 500 listed live games.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from engine import registry

PLAYERS = 200
FOLLOWERS = 200
REQUESTS = 60
GAMES = 500
POLL_SECONDS = 0.5  # how often the followed game's watcher looks (`brbot bench --quick` looks more often)
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))], 2)


async def page_times(url: str, players: int, ruleset: str, requests: int = REQUESTS) -> dict[str, float]:
    """p95 of a step's page and of the whole game's page of a finished simulated game."""
    import httpx
    from sqlalchemy import select

    from bot.bench.game import migrated
    from bot.db.models import Game
    from bot.db.session import Database
    from bot.services.steps import simulation
    from bot.web.app import create_app

    await migrated(url)
    db = Database(url)
    try:
        result = await simulation.simulate(db, players, 1, ruleset=ruleset)
        async with db.read() as session:
            key = (await session.execute(select(Game.web_key).where(Game.id == result.game_id))).scalar_one()
        app = create_app(db)
        figures: dict[str, float] = {}
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as client:
            middle = max(0, result.resolved // 2)
            paths = {"web_step_page_p95_ms": f"/g/{key}/step/{middle}", "web_game_page_p95_ms": f"/g/{key}"}
            for name, path in paths.items():
                assert (await client.get(path)).status_code == 200  # the first reader draws the pictures
                samples = []
                for _ in range(requests):
                    start = time.perf_counter()
                    response = await client.get(path)
                    samples.append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200
                figures[name] = _p95(samples)
        await app.state.live.close()
        return figures
    finally:
        await db.dispose()


async def follow_time(url: str, ruleset: str, followers: int = FOLLOWERS, poll_seconds: float = POLL_SECONDS) -> float:
    """The longest wait, in ms, from a step's resolution to the last of `followers` open pages told of it (the
    site's watcher looking every `poll_seconds`)."""
    import httpx
    import uvicorn

    from bot.bench.game import migrated, sizes, started
    from bot.db.session import Database
    from bot.services.base import lookup
    from bot.services.pages import public_pages
    from bot.services.steps import resolution
    from bot.web.app import create_app

    await migrated(url)
    db = Database(url)
    game_id = await started(db, ruleset, sizes(ruleset, (4,))[-1], "followed", NOW)  # as the game seats them
    game = await lookup.game_by_id(db, game_id)
    await public_pages.list_simulated(db, game.id)
    key = (await public_pages.listed_games(db))[0].key
    seen = await public_pages.page_version(db, key)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(db, poll_seconds=poll_seconds), port=0, log_level="warning", timeout_graceful_shutdown=5
        )
    )
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    limits = httpx.Limits(max_connections=followers + 10)
    told: list[float] = []
    connected = 0
    every_page_open = asyncio.Event()

    async def page(client: httpx.AsyncClient) -> None:
        nonlocal connected
        async with client.stream("GET", f"/g/{key}/events", params={"seen": seen}) as stream:
            lines = stream.aiter_lines()
            await lines.__anext__()  # "retry: ...": the page is following
            connected += 1
            if connected == followers:
                every_page_open.set()
            async for line in lines:
                if line.startswith("event: changed"):
                    told.append(time.perf_counter())
                    return

    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as client:
            pages = [asyncio.create_task(page(client)) for _ in range(followers)]
            await every_page_open.wait()
            start = time.perf_counter()
            done = await resolution.resolve_day(db, game.id, NOW, expected_day=game.day, trigger="bench")
            if done is None:
                raise RuntimeError(f"the followed game's step {game.day} was not resolved")
            await asyncio.wait_for(asyncio.gather(*pages), timeout=120)  # never waits for ever
    finally:
        server.should_exit = True  # the pages have closed their streams: a graceful stop, its lifespan ended
        await serving
        await db.dispose()
    return round((max(told) - start) * 1000, 1)


async def memory_process(url: str) -> dict:
    """In this process: the site serves the index and each listed game's page; then its peak memory."""
    import httpx

    from bot.bench.live import peak_kb
    from bot.db.session import Database
    from bot.services.pages import public_pages
    from bot.web.app import create_app

    db = Database(url)
    app = create_app(db)
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as client:
            assert (await client.get("/")).status_code == 200
            for game in await public_pages.listed_games(db):
                assert (await client.get(f"/g/{game.key}")).status_code == 200
        count = len(await public_pages.listed_games(db))
    finally:
        await app.state.live.close()
        await db.dispose()
    return {"games": count, "peak_mb": round(peak_kb() / 1024, 1)}


async def memory_bench(ruleset: str, games: int = GAMES) -> float:
    from sqlalchemy import select, update

    from bot.bench.game import sizes
    from bot.bench.live import seed_games
    from bot.db.models import Game
    from bot.db.session import Database

    with tempfile.TemporaryDirectory(prefix="brbot-web-") as workdir:
        url = f"sqlite+aiosqlite:///{Path(workdir) / 'web.sqlite3'}"
        await seed_games(url, games, sizes(ruleset, (20,))[-1], ruleset)  # as many as the game seats
        db = Database(url)
        async with db.transaction() as session:  # every copy listed, each with an address of its own
            for game_id in list((await session.execute(select(Game.id))).scalars()):
                await session.execute(
                    update(Game).where(Game.id == game_id).values(web="listed", web_key=f"bench-{game_id}")
                )
        await db.dispose()
        child = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.bench.web", url, stdout=subprocess.PIPE)
        out, _ = await child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"the web memory bench process failed ({child.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1])["peak_mb"]


async def web_bench(
    ruleset: str = registry.DEFAULT,
    players: int = PLAYERS,
    followers: int = FOLLOWERS,
    games: int = GAMES,
    requests: int = REQUESTS,
    poll_seconds: float = POLL_SECONDS,
) -> dict:
    """Every web figure, by its `brbot bench` key (the sizes smaller for `brbot bench --quick`)."""
    with tempfile.TemporaryDirectory(prefix="brbot-web-") as workdir:
        figures = await page_times(f"sqlite+aiosqlite:///{Path(workdir) / 'pages.sqlite3'}", players, ruleset, requests)
        figures["web_follow_200_max_ms"] = await follow_time(
            f"sqlite+aiosqlite:///{Path(workdir) / 'live.sqlite3'}", ruleset, followers, poll_seconds
        )
    figures["web_500_games_peak_mb"] = await memory_bench(ruleset, games)
    return figures


if __name__ == "__main__":
    print(json.dumps(asyncio.run(memory_process(sys.argv[1]))))
