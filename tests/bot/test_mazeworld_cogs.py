"""Mazeworld played through the shared cogs (issue 12): a player's /attack and /cover with `then:`, the game
master's order for a wolf with `as` (its targets from the wolf's own view), /status with the player's own
sheet, and no creature's numbers in the player's choices or cards (rulings "Visibility")."""

from __future__ import annotations

from bot.cogs.game_commands import build_cog
from bot.cogs.moderation import ModerationCog
from bot.cogs.info import InfoCog
from sqlalchemy import select

from bot.db.models import Game, Outbox
from bot.services.signup import games
from bot.services.steps import scheduler
from bot.ui.autocomplete import actor_choices, option_choices
from tests.bot.cog_helpers import NOW, call, command, run
from tests.bot.fakes import FakeInteraction, FakeUser

MODERATOR = 99


async def fight_in_channel(db) -> int:
    game = await games.create_game(db, name="Maze", ruleset="mazeworld", channel_id=555, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    return game.id


async def state(db, game_id):
    async with db.read() as session:
        return (await session.get(Game, game_id)).state


def moderator(gm) -> FakeInteraction:
    mod = FakeInteraction(None, FakeUser(MODERATOR, "Mod"), manage_guild=True)
    mod.client = gm
    return mod


async def test_a_mazeworld_turn_through_the_cogs(gm, db):
    game_id = await fight_in_channel(db)
    cog = build_cog()(gm)
    start = await state(db, game_id)
    wolves = [c for c in start["creatures"] if c["controller"] is None]
    assert wolves and start["creatures"][0]["id"] == "s001"

    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    targets = await option_choices("attack", "target")(player, "")
    assert [c.value for c in targets] == [w["id"] for w in wolves]
    assert all("Pain" not in c.name and "%" not in c.name for c in targets)
    attacked = await run(cog, "attack", 1, target="wolf_a", rounds=2, part="head")
    assert attacked.all_ephemeral and "Attack Wolf A with the weapon in hand, 2 round(s) at the head" in attacked.text
    covered = await run(cog, "cover", 1, then="attack", target="wolf_a")
    assert "Take cover, then: Attack Wolf A" in covered.text
    refused = await run(cog, "attack", 1, target="wolf_a", mode="auto")
    assert "has no auto mode" in refused.text

    assert await actor_choices(player, "") == []  # the wolves are the game master's
    mod = moderator(gm)
    assert {c.value for c in await actor_choices(mod, "")} == {w["id"] for w in wolves}
    mod.namespace.__dict__["as"] = "wolf_a"
    assert [c.value for c in await option_choices("attack", "target")(mod, "")] == ["s001"]
    ordered = await run(cog, "attack", MODERATOR, interaction=moderator(gm), as_actor="wolf_a", target="s001")
    assert "Attack Player1" in ordered.text and ordered.all_ephemeral
    for wolf in wolves[1:]:
        await run(cog, "act", MODERATOR, action="skip", interaction=moderator(gm), as_actor=wolf["id"])

    status = await run(InfoCog(gm), "status", 1)
    shown = " ".join(f"{e.title} {e.description} " + " ".join(f"{f.name} {f.value}" for f in e.fields)
                     for e in status.sent[0]["embeds"])
    assert "Side 2 (heavy cover)" in shown and "Pain 0%" in shown and "Wolf A" in shown
    await scheduler.tick(db, NOW)
    after = await state(db, game_id)
    assert after["day"] == 2  # everyone awaited had acted: the turn resolved at the tick
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    public = "\n".join(r.text for r in rows if r.target == "channel")
    assert "Wolf A" in public and "Order of passage" in public
    for secret in ("Pain", "intends", "'s 2d6", "d100", "limb -", "rolled"):  # NPC numbers, orders, counts
        assert secret not in public, secret
    told = "\n".join(r.text for r in rows if r.target == "moderators")
    assert "intends" in told or "Wolf" in told


async def test_mod_view_shows_the_moderators_every_number_privately_and_players_nothing(gm, db):
    """/mod view (ephemeral, moderators only): each creature's Pain and limbs; a player is refused."""
    game_id = await fight_in_channel(db)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        data = dict(game.state)
        data["creatures"] = [dict(c, pain=37.5) if c["id"] == "wolf_a" else c for c in data["creatures"]]
        game.state = data
    cog = ModerationCog(gm)
    shown = await call(command(cog, "mod view"), cog, moderator(gm))
    embed = shown.sent[0]["embeds"][0]
    said = " ".join(f"{f.name} {f.value}" for f in embed.fields)
    assert shown.all_ephemeral and "`wolf_a`" in said and "Pain 37.5" in said and "Beretta M9 15+30" in said
    player = await call(command(cog, "mod view"), cog, FakeInteraction(gm, FakeUser(1, "Player1")))
    assert not player.sent[0].get("embeds") and "37.5" not in player.text


async def test_the_game_masters_as_choices_leave_out_the_dead(gm, db):
    """Issue 23: a dead wolf was offered to `as` (then answered "Wolf A cannot act now"): only those able to act."""
    from tests.bot.cog_helpers import edit_state

    game_id = await fight_in_channel(db)
    wolves = [c["id"] for c in (await state(db, game_id))["creatures"] if c["controller"] is None]
    assert wolves

    def kill_first_wolf(maze):
        maze.creature(wolves[0]).status = "dead"

    await edit_state(db, game_id, kill_first_wolf)
    offered = {c.value for c in await actor_choices(moderator(gm), "")}
    assert offered == set(wolves[1:])
