"""Infinity: Intervention's game master tools through the shared cogs and services: a roster file on
`/game create file:` (the issue: "an uploaded roster", rulings "Sheet and demo roster"), a negotiation whose roll
reaches only the moderators' channel and `/mod rule` posting the ruling (rulings "Actions": Negotiate, Freeform),
`/mod set_order` with the actors offered by autocomplete (rulings "Post order"), and `/points after:` used by a
player who is not posting (rulings "Infinity Points and Heat": "may be ordered at any time")."""

from __future__ import annotations

from sqlalchemy import select

from bot.cogs.game_commands import build_cog
from bot.cogs.moderation import ModerationCog
from bot.db.models import Game, Outbox
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.steps import scheduler
from tests.bot.cog_helpers import NOW, run
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.bot.test_moderation_cog import complete, moderator
from tests.bot.test_moderation_cog import run as mod_run
from tests.services.conftest import mod

ROSTER = b"""sheets:
  - {id: ganger, name: Ganger, side: npc, items: [pistol], skills: {ballistics: {expertise: 3}}}
  - {id: boss, name: Boss, side: npc, items: [heavy_machine_gun], armour: 2}
fight: [ganger]
"""


class Attachment:
    """What the cog reads of a Discord attachment."""

    def __init__(self, filename: str, data: bytes) -> None:
        self.filename, self.size, self.data = filename, len(data), data

    async def read(self) -> bytes:
        return self.data


async def state(db, game_id: int) -> dict:
    async with db.read() as session:
        return (await session.get(Game, game_id)).state


async def outbox(db, game_id: int) -> list[Outbox]:
    async with db.read() as session:
        return list((await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars())


async def two_player_game(db, lena_first: bool = True) -> int:
    game = await games.create_game(db, name="II", ruleset="infinity_intervention", channel_id=555, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    await games.join_game(db, game.id, 2, "Player2")
    await games.start_game(db, game.id, NOW)
    if lena_first:
        async with db.transaction() as session:
            row = await session.get(Game, game.id)
            order = ["lena", *(i for i in row.state["order"] if i != "lena")]
            row.state = dict(row.state) | {"order": order, "awaited": "lena"}
    return game.id


async def test_sheet_and_demo_roster_a_roster_file_on_game_create_makes_the_fight(gm, db, infinity):
    """Rulings "Sheet and demo roster": `/game create file:` loads the roster; the game starts with its NPCs."""
    cog = ModerationCog(gm)
    made = await mod_run(
        cog, "game create", name="Gangers", ruleset="infinity_intervention", file=Attachment("gangers.yaml", ROSTER)
    )
    assert "a roster: the PCs Lena, Fusilier against Ganger (2 NPC sheet(s) for reinforcements)" in made.text
    async with db.read() as session:
        game = (await session.execute(select(Game).where(Game.name == "Gangers"))).scalar_one()
    assert game.settings["roster"]["fight"] == ["ganger", "lena", "fusilier"]
    await game_admin.open_signups(db, game.id, mod(7))
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    started = await state(db, game.id)
    assert sorted(started["fighters"]) == ["fusilier", "ganger", "lena"]
    assert [s["id"] for s in started["reserve"]] == ["ganger", "boss"]
    bad = await mod_run(
        cog, "game create", name="Bad", ruleset="infinity_intervention", file=Attachment("bad.yaml", ROSTER + b"  - x")
    )
    assert "Nothing was created." in bad.text
    wrong = await mod_run(
        cog,
        "game create",
        name="Bad",
        ruleset="infinity_intervention",
        file=Attachment("bad.yaml", ROSTER.replace(b"[pistol]", b"[laser]")),
    )
    assert "That roster cannot be used: sheets.0.items (sheet ganger): unknown item(s) laser" in wrong.text
    assert "Nothing was created." in wrong.text


async def test_negotiate_the_roll_reaches_only_the_moderators_and_mod_rule_posts_the_ruling(gm, db, infinity):
    """Rulings "Actions": Negotiate, "result to moderators, who rule": the die and TN go to the moderators'
    channel alone; `/mod rule` posts the ruling in the game's channel, escaped, and tells the player."""
    game_id = await two_player_game(db)
    cog = build_cog()(gm)
    said = await run(cog, "act", 1, action="negotiate", text="Drop the **gun**")
    assert "Negotiate: Drop the **gun**" in said.text
    await run(cog, "act", 1, action="send")
    await scheduler.tick(db, NOW)
    rows = await outbox(db, game_id)
    rolled = [r for r in rows if (r.payload or {}).get("kind") == "negotiate"]
    assert {r.target for r in rolled} == {"channel", "moderators"}
    secret = next(r for r in rolled if r.target == "moderators")
    assert "d20 " in secret.text and "TN 8" in secret.text and "Drop the \\*\\*gun\\*\\*" in secret.text
    for row in rows:
        if row.target != "moderators":
            assert "TN" not in row.text and "Drop the" not in row.text, row.text

    mods = ModerationCog(gm)
    offered = await complete(mods, "mod rule", "actor", moderator(gm), "")
    assert [(c.name, c.value) for c in offered] == [("Lena: negotiation (turn 1)", "lena")]
    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    assert await complete(mods, "mod rule", "actor", player, "") == []  # moderators only
    ruled = await mod_run(mods, "mod rule", user=FakeUser(1, "Player1"), actor="lena", text="The guard lowers it.")
    assert "Your ruling is posted." in ruled.text
    rows = [r for r in await outbox(db, game_id) if (r.payload or {}).get("moderation") == "rule"]
    assert [(r.target, r.text) for r in rows if r.target == "channel"] == [
        ("channel", "The moderators rule on Lena's negotiation: The guard lowers it.")
    ]
    assert [r.text for r in rows if r.target == "dm"] == [
        "The moderators have ruled on Lena's negotiation: see the game's channel."
    ]
    again = await mod_run(mods, "mod rule", user=FakeUser(1), actor="lena", text="Twice")
    assert "Lena has no negotiation or freeform action awaiting a ruling." in again.text


async def test_post_order_mod_set_order_through_the_cog(gm, db, infinity):
    """Rulings "Post order": a moderator's `set_order`, the actors offered in post order, the order posted."""
    game_id = await two_player_game(db)
    mods = ModerationCog(gm)
    offered = await complete(mods, "mod set_order", "actor", moderator(gm), "")
    assert [c.value for c in offered] == (await state(db, game_id))["order"]
    done = await mod_run(mods, "mod set_order", user=FakeUser(1), actor="yan_huo", after="Lena")
    assert "The post order is changed." in done.text
    assert (await state(db, game_id))["order"][:2] == ["lena", "yan_huo"]
    posted = [r.text for r in await outbox(db, game_id) if (r.payload or {}).get("moderation") == "set_order"]
    assert posted and posted[0].startswith("The moderators change the post order: Lena, Yan Huo, ")
    same = await mod_run(mods, "mod set_order", user=FakeUser(1), actor="yan_huo", after="lena")
    assert "Yan Huo already posts just after Lena: nothing changes." in same.text


async def test_infinity_points_a_player_not_posting_orders_the_move(gm, db, infinity):
    """Rulings "Infinity Points and Heat": "may be ordered at any time", "from the next post": the Fusilier's
    player uses /points after: during Lena's post; it applies when her post resolves, and is posted."""
    game_id = await two_player_game(db)
    cog = build_cog()(gm)
    attack = await run(cog, "attack", 2, target="zhanshi")
    assert "It is Lena's post now." in attack.text
    before = (await state(db, game_id))["order"]
    moved = await run(cog, "skill", 2, action="points", after="yan_huo")
    assert "Spend an Infinity Point to post just after Yan Huo, from the next post." in moved.text
    await scheduler.tick(db, NOW)
    waiting = await state(db, game_id)
    assert waiting["awaited"] == "lena" and waiting["order"] == before  # the move alone resolves nothing
    await run(cog, "act", 1, action="observe")
    await run(cog, "act", 1, action="send")
    await scheduler.tick(db, NOW)
    after = await state(db, game_id)
    assert after["order"][-2:] == ["yan_huo", "fusilier"] and after["fighters"]["fusilier"]["infinity_points"] == 1
    posted = [r.text for r in await outbox(db, game_id) if r.target == "channel"]
    assert any(t.startswith("Fusilier spends an Infinity Point to move in the post order:") for t in posted)
