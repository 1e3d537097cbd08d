"""Issue 10, "Proof that the shared layers are generic": the duel (tests/duel), a second game, played through
the very cogs Battle Royale uses: its commands come from its declarations, a moderator orders `as` its NPC
(chosen by autocomplete, like the NPC's target), and its player answers the question the NPC's blow asks."""
from __future__ import annotations

from bot.cogs.game_commands import build_cog
from bot.db.models import Game
from bot.services.signup import games
from bot.services.steps import scheduler
from bot.ui.autocomplete import actor_choices, option_choices
from bot.ui.declared import merge
from engine import registry
from tests.bot.cog_helpers import NOW, command, run
from tests.bot.fakes import FakeInteraction, FakeUser

MODERATOR = 99


async def duel_in_channel(db) -> int:
    game = await games.create_game(db, name="Duel", ruleset="duel", channel_id=555, guild_id=1000)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def state(db, game_id):
    async with db.read() as session:
        return (await session.get(Game, game_id)).state


def moderator() -> FakeInteraction:
    return FakeInteraction(None, FakeUser(MODERATOR, "Mod"), manage_guild=True)


async def test_installing_the_duel_adds_its_commands_and_leaves_battle_royales_as_they_were(duel):
    alone = {c.name: c for c in merge({n: f for n, f in registry.fronts().items() if n != "duel"})}
    both = {c.name: c for c in merge(registry.fronts())}
    # Infinity: Intervention files its react under /act (issue 23), so the duel's /react is a command of its own
    assert set(both) - set(alone) == {"strike", "guard", "react"}
    assert both["react"].games == ["duel"]
    assert all(both[name] == alone[name] for name in alone)
    cog = build_cog()
    assert {"strike", "guard", "react", "attack"} <= {c.qualified_name for c in cog.__cog_app_commands__}


async def test_a_duel_played_through_the_cogs(gm, db, duel):
    game_id = await duel_in_channel(db)
    cog = build_cog()(gm)
    struck = await run(cog, "strike", 1)
    assert struck.all_ephemeral and struck.text.startswith("Order saved for Step 0: Strike") and "Receipt: `" in struck.text
    changed = await run(cog, "guard", 1)  # an order stands until its step resolves: it may still change
    assert changed.text.startswith("Order saved for Step 0: Guard")
    await scheduler.tick(db, NOW)
    refused = await run(cog, "strike", 1)
    assert refused.text == "It is not your turn: Player2 acts now."
    await run(cog, "guard", 2)
    await scheduler.tick(db, NOW)

    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    assert await actor_choices(player, "") == []  # the Bandit is the game master's
    mod = moderator()
    mod.client = gm
    assert [(c.name, c.value) for c in await actor_choices(mod, "")] == [("the Bandit", "bandit")]
    mod.namespace.__dict__["as"] = "bandit"
    targets = await option_choices("strike", "target")(mod, "")
    assert [(c.name, c.value) for c in targets] == [("Player1", "s001"), ("Player2", "s002")]
    assert (await run(cog, "strike", 1, as_actor="bandit", target="s002")).text == \
        "the Bandit is the game master's: only a moderator orders for them."
    mod = moderator()
    mod.client = gm
    ordered = await run(cog, "strike", MODERATOR, interaction=mod, as_actor="bandit", target="s002")
    assert ordered.text.startswith("Order saved for Step 2: Strike Player2") and ordered.all_ephemeral
    await scheduler.tick(db, NOW)
    assert (await state(db, game_id))["blow"]["target"] == "s002"

    assert (await run(cog, "react", 1, choice="dodge")).text == "The question is not yours to answer."
    answered = await run(cog, "react", 2, choice="parry")
    assert answered.text.startswith("Order saved for Step 3: Answer: Parry")
    await scheduler.tick(db, NOW)
    after = await state(db, game_id)
    assert after["blow"] is None and after["day"] == 4 and after["hp"]["s002"] < 6


async def test_the_as_option_is_declared_on_every_game_command(duel):
    cog = build_cog()(None)
    for name in ("strike", "attack", "vote mark"):
        assert "as" in {p.display_name for p in command(cog, name).parameters}
