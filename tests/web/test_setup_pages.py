"""A public setup's web page (issue 32, point 5): versions, lineage, changelog, settings in words, prediction
against results, and the games played with it linked to their pages (only games on the site's index); a
private or a server's setup has no page (404, like any unknown address)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import select

from bot.db.models import Game
from bot.services.setups import predict, setups
from bot.services.steps.simulation import simulate
from tests.web.helpers import open_page

AUTHOR, OTHER = 11, 22


async def test_a_public_setups_page_and_no_page_for_the_others(db, site):
    saved = await setups.save(db, ruleset="starcraft_mafia", name="Small town", settings={"day_vote": True},
                              author_id=AUTHOR, guild_id=1000, changelog="Lynch vote on")
    assert (await site.get(f"/s/{saved.id}")).status_code == 404  # private
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="server")
    assert (await site.get(f"/s/{saved.id}")).status_code == 404  # a server's
    assert (await site.get("/s/nope")).status_code == 404 and (await site.get("/s/99999")).status_code == 404
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="public")
    edited = await setups.edit(db, saved.id, author_id=AUTHOR, changes={"max_days": 10}, changelog="Ten days")
    version = edited.latest
    with ThreadPoolExecutor(1) as executor:
        await predict.predict(db, version.id, executor=executor, seconds=0.5)
    for link in ("listed", "link"):
        await simulate(db, 6, 3 if link == "listed" else 4, ruleset="starcraft_mafia",
                       setup=(version.id, version.settings))
    async with db.read() as session:
        listed_id, link_id = (await session.execute(
            select(Game.id).where(Game.setup_version_id == version.id).order_by(Game.id))).scalars().all()
    listed_key = await open_page(db, listed_id, "listed")
    link_key = await open_page(db, link_id, "link")
    fork = await setups.fork(db, saved.id, author_id=OTHER, guild_id=1000, name="Big town")
    await setups.share(db, fork.id, author_id=OTHER, visibility="public")
    page = await site.get(f"/s/{saved.id}")
    assert page.status_code == 200
    text = page.text
    assert "Small town" in text and "A setup of StarCraft Mafia, 2 games played with it." in text
    assert text.index("v2</strong>: Ten days") < text.index("v1</strong>: Lynch vote on")  # newest first
    assert "predicted: human win " in text and "measured: " in text and "over 2 games" in text
    assert "day_vote: true" in text and "max_days: 10" in text  # the settings in words
    assert f'href="/s/{fork.id}"' in text and "Big town" in text  # its public fork
    assert f'href="/g/{listed_key}"' in text and link_key not in text  # a link game's address stays its own
    forked = await site.get(f"/s/{fork.id}")
    assert forked.status_code == 200 and f'href="/s/{saved.id}"' in forked.text and "Forked from" in forked.text
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="private")
    assert (await site.get(f"/s/{saved.id}")).status_code == 404
    again = await site.get(f"/s/{fork.id}")
    assert f'href="/s/{saved.id}"' not in again.text and "Forked from a setup that is not public." in again.text
    await setups.delete(db, fork.id, author_id=OTHER)
    assert (await site.get(f"/s/{fork.id}")).status_code == 404
