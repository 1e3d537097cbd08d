"""Issue 14, "a picture of the grid after every step": the public view and picture (nothing of anyone's
set-aside cards), the outbox row a resolved step writes for a game that opts in (the card game, and Mazeworld;
Battle Royale and StarCraft Mafia do not), and delivery: the step's post is followed by the picture of the state
after that step, drawn at delivery from the stored resolution, with its caption (the board in words) as the
message."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from bot.db.models import Outbox, Resolution
from bot.delivery.worker import OutboxWorker
from bot.screens.step_post import PictureBlock
from bot.services.steps import resolution, scheduler
from bot.services.orders.commands import give_order
from engine import registry
from engine.front import Pictures
from engine.rulesets.battle_royale_cards.front.game import FRONT
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from tests.battle_royale_cards.helpers import ready
from tests.battle_royale_cards.test_services import _game, _row, _user_of
from tests.bot.delivery_helpers import Clock, FakeCourier, drain, rows
from tests.services.conftest import NOW, started_game

CHANNEL = 557  # the card game's channel in `_game`


def test_the_public_view_is_a_players_view_without_his_own_secrets():
    """Rulings, "Timer, idle, visibility": set-aside cards stay hidden; the channel's picture shows what every
    player sees of the grid and nothing of anyone's own (no `me`: set-aside cards, direction list)."""
    state = ready(at={"s0": "D4", "s1": "A4"}, active={"s0": [1]}, aside={"s0": [5], "s1": [6]})
    public = RULESET.public_view(state)
    assert "me" not in public and "Energy Drink" not in str(public) and "Adrenaline" not in str(public)
    shared = {k: v for k, v in RULESET.view(state, "s0").items() if k not in ("you", "me")}
    assert {k: v for k, v in public.items() if k != "you"} == shared
    picture = FRONT.picture.public(public)
    assert picture is not None and picture.png.startswith(b"\x89PNG")
    assert "Energy Drink" not in picture.caption and "Adrenaline" not in picture.caption
    assert "D4 Katana 13 [P0]" in picture.caption  # the board in words, from the public view


NO_PICTURE = Pictures(draw=lambda view: None)


def test_only_the_card_game_and_mazeworld_opt_in():
    """Mazeworld posts its battlespace after every turn (tests/mazeworld/test_picture.py)."""
    assert FRONT.picture.after_each_step and registry.front("mazeworld").picture.after_each_step
    others = [n for n in registry.names() if n not in ("battle_royale_cards", "mazeworld")]
    assert others and not any((registry.front(n).picture or NO_PICTURE).after_each_step for n in others)


async def _picture_rows(db, game_id: int) -> list[Outbox]:
    return [r for r in await rows(db, game_id=game_id) if (r.payload or {}).get("attach") == "picture"]


async def test_a_resolved_step_asks_for_its_picture_in_its_post(db, cards_installed):
    game_id = await _game(db)
    first = (await _row(db, game_id)).state["order"][0]
    (start,) = await _picture_rows(db, game_id)  # the start's post shows the grid laid out
    assert start.payload["day"] == -1
    await give_order(db, game_id, await _user_of(db, game_id, first), "place", {"square": "A4"}, NOW)
    await scheduler.tick(db, NOW)
    (_, row) = await _picture_rows(db, game_id)
    assert (row.target, row.target_id, row.text, row.payload["day"]) == ("channel", CHANNEL, "", 0)
    post = [r for r in await rows(db, game_id=game_id) if (r.payload or {}).get("post") == row.payload["post"]]
    assert any(r.target == "channel" and r.id < row.id for r in post)  # the step's own post's token


async def test_battle_royale_writes_no_picture_row(db):
    game_id = await started_game(db)
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
    assert await _picture_rows(db, game_id) == []


async def test_each_steps_post_carries_the_picture_of_the_state_after_it(db, cards_installed):
    """The start and two steps resolved before delivery: each post is one message showing the picture of its own
    step's state (not the game's current state) in its gallery, the caption under it, right after its title."""
    game_id = await _game(db)
    first, second = (await _row(db, game_id)).state["order"]
    await give_order(db, game_id, await _user_of(db, game_id, first), "place", {"square": "A4"}, NOW)
    await scheduler.tick(db, NOW)
    later = NOW + timedelta(hours=1)
    await give_order(db, game_id, await _user_of(db, game_id, second), "place", {"square": "G4"}, later)
    await scheduler.tick(db, later)
    async with db.read() as session:
        stored = (await session.execute(select(Resolution).order_by(Resolution.day))).scalars().all()
    expected = [FRONT.picture.public(RULESET.public_view(RULESET.parse_state(r.state_after))) for r in stored]
    assert [r.day for r in stored] == [-1, 0, 1] and len({p.png for p in expected}) == 3  # the start, 2 steps
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock()))
    posted = courier.to("channel", CHANNEL)
    assert len(posted) == 3 and all(m.file is not None for m in posted)  # one message a step, its picture in it
    assert [m.file for m in posted] == [("grid.png", p.png) for p in expected]
    assert [m.layout.picture for m in posted] == [PictureBlock("grid.png", p.caption) for p in expected]
    assert "[Player" not in posted[0].layout.picture.caption  # the start: nobody on the grid yet
    assert re.search(r"A4 [^;]*\[Player", posted[1].layout.picture.caption)  # step 0: the first player on A4
    for message, day in zip(posted, [r.day for r in stored], strict=True):  # under its step's title
        assert message.layout.title == FRONT.posts.title(day) and message.content is None
        assert isinstance(message.layout.blocks[1], PictureBlock)


async def test_a_crash_after_the_post_was_sent_resends_it_with_the_same_nonce(db, cards_installed, monkeypatch):
    """Nothing goes twice (docs/bot.md, the outbox): the post resent after a crash, its picture drawn again from
    the same stored state, is the same message with the same nonce, so Discord shows it once."""
    from bot.delivery import store

    game_id = await _game(db)
    async with db.transaction() as session:  # only the start's channel post is left to send
        await session.execute(update(Outbox).where(Outbox.target != "channel").values(status="sent"))

    class Crash(BaseException):
        pass

    async def crash(*args, **kwargs):
        raise Crash()

    courier, clock = FakeCourier(), Clock()
    real_mark_sent = store.mark_sent
    monkeypatch.setattr(store, "mark_sent", crash)
    with pytest.raises(Crash):
        await OutboxWorker(db, courier, clock).run_once()
    monkeypatch.setattr(store, "mark_sent", real_mark_sent)
    clock.advance(minutes=3)
    await drain(OutboxWorker(db, courier, clock))
    post, again = courier.calls  # one message, sent, then (not recorded as sent) sent again
    assert post == again
    (posted,) = courier.to("channel", CHANNEL)
    assert posted.file is not None and posted.layout.picture.filename == "grid.png" and posted.nonce == post[2]
    assert {r.status for r in await rows(db, game_id=game_id)} == {"sent"}


async def test_discord_courier_attaches_the_file(monkeypatch):
    """The real courier hands the picture to discord.py as a file of the message, shown by the layout's gallery
    (`attachment://grid.png`), and no content (a Components V2 message)."""
    import discord

    from bot.delivery.courier import DiscordCourier
    from bot.delivery.render import Outgoing
    from bot.screens.step_post import pack_post
    from tests.e2e.fake_limits import check_message_body

    sent: list[dict] = []

    async def request(route, **kwargs):
        sent.append(kwargs)
        return {}

    client = discord.Client(intents=discord.Intents.none())
    monkeypatch.setattr(client.http, "request", request)
    (layout,) = pack_post("Step 1", [], [], None, str, picture=True)
    message = Outgoing(nonce="n1", layout=layout.with_picture("grid.png", "The grid"), file=("grid.png", b"\x89PNG1"))
    await DiscordCourier(client).post(557, message)
    ((kwargs,),) = [sent]
    (file,) = kwargs["files"]
    assert file.filename == "grid.png" and file.fp.read() == b"\x89PNG1"
    body = json.loads(kwargs["form"][0]["value"])
    assert body["nonce"] == "n1" and body["flags"] == 1 << 15 and "content" not in body
    assert body["attachments"] == [{"id": 0, "filename": "grid.png"}]
    gallery = body["components"][0]["components"][1]
    assert gallery["items"][0]["media"]["url"] == "attachment://grid.png"
    check_message_body(body, filenames=("grid.png",))
    await client.close()
