"""Infinity: Intervention played through the shared cogs (issue 13): a player's post built with /cover and
/attack without `as` (the bot orders for the player's awaited PC), the NPC's post by the game master with `as`,
a face-off asked of the player and answered with /react, and no NPC number in the player's choices."""

from __future__ import annotations


from bot.cogs.game_commands import build_cog
from sqlalchemy import select

from bot.db.models import Game, Outbox
from bot.services.orders import step_buttons
from bot.services.signup import games
from bot.services.steps import scheduler
from bot.ui.autocomplete import option_choices
from tests.bot.cog_helpers import NOW, run
from tests.bot.fakes import FakeInteraction, FakeUser

MODERATOR = 99


async def state(db, game_id):
    async with db.read() as session:
        return (await session.get(Game, game_id)).state


def moderator(gm) -> FakeInteraction:
    mod = FakeInteraction(None, FakeUser(MODERATOR, "Mod"), manage_guild=True)
    mod.client = gm
    return mod


async def test_a_post_and_a_face_off_through_the_cogs(gm, db, infinity):
    game = await games.create_game(db, name="II", ruleset="infinity_intervention", channel_id=555, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    cog = build_cog()(gm)
    start = await state(db, game.id)
    assert start["fighters"]["lena"]["controller"] == "s001"

    # Lena posts first whatever the roll-off (the Fusilier, with no player, is the game master's to order).
    async with db.transaction() as session:
        row = await session.get(Game, game.id)
        order = ["lena", *(i for i in row.state["order"] if i != "lena")]
        row.state = dict(row.state) | {"order": order, "awaited": "lena"}

    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    targets = await option_choices("attack", "target")(player, "")
    assert {c.value for c in targets} == {"yan_huo", "zhanshi"}
    assert all(not any(ch.isdigit() for ch in c.name) for c in targets)
    covered = await run(cog, "cover", 1, level="high")
    assert covered.all_ephemeral and "Move to high cover" in covered.text
    attacked = await run(cog, "attack", 1, target="yan_huo")
    assert "Move to high cover" in attacked.text and "Attack Yan Huo" in attacked.text
    refused = await run(cog, "attack", 1, target="Fusilier")
    assert "no enemy Fusilier" in refused.text
    await scheduler.tick(db, NOW)  # a post being built (½ action left): the loop's look leaves it alone
    assert (await state(db, game.id))["awaited"] == "lena"
    sent = await run(cog, "act", 1, action="send")
    assert "Your post is sent: Move to high cover. Attack Yan Huo" in sent.text

    await scheduler.tick(db, NOW)
    after = await state(db, game.id)
    assert after["fighters"]["lena"]["cover"] == "high" and after["awaited"] != "lena"
    for _ in range(8):  # the NPCs' posts by the game master, `as`, until one attack asks Lena
        if after["pending"] is not None and after["pending"]["target"] == "lena":
            break
        npc = after["awaited"]
        assert after["fighters"][npc]["controller"] is None
        if after["fighters"][npc]["sheet"]["side"] == "pc":
            await run(cog, "act", MODERATOR, action="observe", interaction=moderator(gm), as_actor=npc)
        else:
            ordered = await run(cog, "attack", MODERATOR, interaction=moderator(gm), as_actor=npc, target="lena")
            assert "Attack Lena" in ordered.text
        await run(cog, "act", MODERATOR, action="send", interaction=moderator(gm), as_actor=npc)  # the NPC's post, sent `as` it
        await scheduler.tick(db, NOW)
        after = await state(db, game.id)
    assert after["pending"]["target"] == "lena"
    async with db.read() as session:
        sent = (await session.execute(select(Outbox).where(Outbox.game_id == game.id).order_by(Outbox.id))).scalars().all()
    offered = [o.payload for o in sent if (o.payload or {}).get("buttons")]
    assert offered[-1]["kind"] == "question"  # issue 23: the buttons are on the question's own DM, one DM
    assert not [o for o in sent if o.payload.get("kind") == "step_buttons" and o.payload.get("day") == after["day"]]
    labels = [b["label"] for b in offered[-1]["buttons"]] if offered else []
    assert labels[-1:] == ["take it"] and (labels[0] == "react") == (len(labels) == 2)
    answered = await run(cog, "act", 1, action="react", choice="take", ip_crit=1)
    assert "Face-off: take it, 0 point(s) on saves, 1 on a critical" in answered.text
    take = offered[-1]["buttons"][-1]["custom_id"].split(":")
    pressed = await step_buttons.press(db, game.id, 1, int(take[3]), take[4], NOW)  # the button, as a click
    assert pressed.summary == ["Face-off: take it, 0 point(s) on saves, 0 on a critical."]
    await scheduler.tick(db, NOW)
    assert (await state(db, game.id))["pending"] is None
