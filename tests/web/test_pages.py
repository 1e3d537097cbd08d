"""A game's web page: it exists only as its moderators allow (`/game settings web`), shows the channel's posts
and the picture after each step (stored once), the public figures now, the rules and settings, and sends
cache headers (docs/web.md)."""

from __future__ import annotations

from sqlalchemy import func, select

from bot.db.models import Outbox, WebPicture
from bot.services.pages import public_pages
from tests.finished_games import finished_game
from tests.services.conftest import mod, started_game
from tests.web.helpers import open_page


async def test_no_page_until_the_moderators_allow_one(db, site):
    game_id = await started_game(db)
    from bot.db.models import Game

    async with db.transaction() as session:  # a key exists only once a page was opened; guess one anyway
        game = await session.get(Game, game_id)
        game.web_key = "guessed-key-of-a-game-whose-page-is-off"
    response = await site.get("/g/guessed-key-of-a-game-whose-page-is-off")
    assert response.status_code == 404
    assert "Test" not in response.text


async def test_a_link_page_is_announced_in_the_channel_and_not_listed(db, site):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "link")
    assert len(key) >= 32
    async with db.read() as session:
        posted = (
            (await session.execute(select(Outbox.text).where(Outbox.game_id == game_id, Outbox.target == "channel")))
            .scalars()
            .all()
        )
    assert any(f"/g/{key}" in text for text in posted)  # the bot posts the address in the game's channel
    page = await site.get(f"/g/{key}")
    assert page.status_code == 200 and "Test" in page.text
    assert page.headers["X-Robots-Tag"] == "noindex" and page.headers["Cache-Control"].startswith("private")
    index = await site.get("/")
    assert key not in index.text and "Test" not in index.text


async def test_a_listed_page_is_on_the_index_and_revalidates_with_its_version(db, site):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "listed")
    index = await site.get("/")
    assert f"/g/{key}" in index.text
    page = await site.get(f"/g/{key}")
    assert page.headers["Cache-Control"] == "public, no-cache"
    again = await site.get(f"/g/{key}", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    await open_page(db, game_id, "off")
    assert (await site.get(f"/g/{key}")).status_code == 404


async def test_every_step_post_with_its_picture_stored_once(db, templates, site, monkeypatch):
    result = await finished_game(templates, db, "battle_royale", 4, 7)
    key = await open_page(db, result.game_id, "listed")
    drawn: list[int] = []
    real = public_pages._draw
    monkeypatch.setattr(public_pages, "_draw", lambda *a: drawn.append(1) or real(*a))
    page = await site.get(f"/g/{key}")
    assert page.status_code == 200
    for day in range(result.resolved):  # every night's post, in order
        assert f"Day {day} seed revealed" in page.text
    assert page.text.index("Night 1 results") < page.text.index("Night 2 results")
    assert "The island on Day 1" in page.text  # the picture in words beside the picture
    assert f"/g/{key}/picture/0.png" in page.text
    first = len(drawn)
    assert first == result.resolved + 1  # the start and every step, drawn for the first reader
    picture = await site.get(f"/g/{key}/picture/0.png")
    assert picture.headers["content-type"] == "image/png" and picture.content.startswith(b"\x89PNG")
    assert "immutable" in picture.headers["Cache-Control"]
    await site.get(f"/g/{key}")
    assert len(drawn) == first  # read back, not redrawn
    async with db.read() as session:
        stored = await session.scalar(select(func.count()).select_from(WebPicture))
    assert stored == first


async def test_the_page_shows_the_living_and_the_dead_and_the_rules(db, templates, site):
    result = await finished_game(templates, db, "battle_royale", 4, 7)
    key = await open_page(db, result.game_id, "link")
    page = (await site.get(f"/g/{key}")).text
    assert "Living (" in page and "Dead (" in page
    assert '<th scope="row">Deadline time' in page and "<td>None</td>" not in page  # the settings, in words
    assert '<th scope="row">deadline_time' not in page and '<th scope="row">max_hp' not in page
    assert "Players" in page


async def test_the_setting_refuses_an_unknown_mode(db):
    import pytest

    from bot.services.moderators import game_admin
    from bot.services.base.errors import ServiceError

    game_id = await started_game(db)
    with pytest.raises(ServiceError, match="off, link, listed"):
        await game_admin.change_setting(db, game_id, mod(1), "web", "public")


async def test_a_steps_own_page_shows_its_post_and_picture(db, templates, site):
    result = await finished_game(templates, db, "battle_royale", 4, 7)
    key = await open_page(db, result.game_id, "listed")
    page = await site.get(f"/g/{key}/step/1")
    assert page.status_code == 200
    assert "Night 1 results" in page.text and "Day 1 seed revealed" in page.text
    assert "Night 2 results" not in page.text and "Day 0 seed revealed" not in page.text
    assert f"/g/{key}/picture/1.png" in page.text and "The island on Day 2" in page.text
    assert f'href="/g/{key}/step/0"' in page.text and f'href="/g/{key}/step/2"' in page.text
    assert (await site.get(f"/g/{key}/step/999")).status_code == 404
    game = await site.get(f"/g/{key}")
    assert f'href="/g/{key}/step/1"' in game.text  # the game's page links each step's own page
