"""Early resolution asks the game whether the awaited orders are complete (`Ruleset.ready`): Infinity's post,
built over several commands (rulings "Post order and turns": a post spends 0 or more actions), is not resolved
by the deadline loop's look between two commands, but at the next look once sent (`/act action:send`) or once it leaves
nothing to spend; the deadline resolves it as it stands. Other games resolve early as before."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from bot.db.models import Game, Order, Outbox, Resolution
from bot.services.orders import orders
from bot.services.steps import resolution, scheduler
from bot.services.orders.commands import give_order
from tests.services.conftest import NOW, started_game
from tests.services.orders.test_pacing import duel_game
from tests.services.conftest import mod

LATER = NOW + timedelta(minutes=1)


async def infinity_game(db) -> int:
    """The demo fight: Player1 plays Lena, who posts first; Player2 the Fusilier."""
    return await started_game(db, players=2, ruleset="infinity_intervention")


async def resolved(db, at=LATER) -> list[tuple[int, int]]:
    return (await scheduler.tick(db, at)).resolved


async def game_row(db, game_id) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def used_orders(db, game_id, day) -> dict:
    async with db.read() as session:
        return (
            await session.execute(select(Resolution).where(Resolution.game_id == game_id, Resolution.day == day))
        ).scalar_one().orders


async def test_a_post_of_several_commands_waits_for_send_and_resolves_at_the_next_look(db):
    """Rulings "Post order and turns": the loop's looks between /cover and /act action:observe do not resolve the post;
    /act action:send does, at the next look, with both actions in the one post."""
    game_id = await infinity_game(db)
    assert (await game_row(db, game_id)).state["awaited"] == "lena"
    first = await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    assert "Add more, or /act action:send it as it stands." in (first.reply or "")
    assert await resolved(db) == []
    await give_order(db, game_id, 1, "observe", {}, NOW)
    assert await resolved(db) == []
    assert (await game_row(db, game_id)).day == 0
    sent = await give_order(db, game_id, 1, "send", {}, NOW)
    assert (sent.reply or "").startswith("Your post is sent: Move to high cover. Observe.")
    assert await resolved(db) == [(game_id, 0)]
    assert [a["kind"] for a in (await used_orders(db, game_id, 0))["lena"]["actions"]] == ["cover", "observe"]
    state = (await game_row(db, game_id)).state
    assert state["awaited"] == "fusilier" and state["fighters"]["lena"]["halves"] == 2


async def test_undo_works_while_the_post_is_being_built(db):
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    await give_order(db, game_id, 1, "observe", {}, NOW)
    assert await resolved(db) == []
    undone = await give_order(db, game_id, 1, "undo", {}, NOW)
    assert undone.removed and "Left: 1½ action(s)." in (undone.reply or "")
    await give_order(db, game_id, 1, "send", {}, NOW)
    assert await resolved(db) == [(game_id, 0)]
    assert [a["kind"] for a in (await used_orders(db, game_id, 0))["lena"]["actions"]] == ["cover"]


async def test_a_post_that_spends_everything_resolves_without_send(db):
    """Rulings "Post order and turns": two actions a turn (a minor ½, at most 4): four minors leave nothing."""
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    for _ in range(2):
        await give_order(db, game_id, 1, "observe", {}, NOW)
        assert await resolved(db) == []
    last = await give_order(db, game_id, 1, "switch", {"item": "combirifle"}, NOW)
    assert "Nothing is left to spend: it goes now" in (last.reply or "")
    assert await resolved(db) == [(game_id, 0)]


async def test_send_with_no_action_is_a_post_that_spends_nothing(db):
    """Rulings "Post order and turns": a post may spend 0 actions (and a quiet rotation still ends the turn)."""
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "send", {}, NOW)
    assert await resolved(db) == [(game_id, 0)]
    state = (await game_row(db, game_id)).state
    assert state["awaited"] == "fusilier" and state["quiet"] == ["lena"] and state["fighters"]["lena"]["halves"] == 4


async def test_the_deadline_resolves_an_unsent_post_as_it_stands(db):
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    assert await resolved(db) == []
    deadline = (await game_row(db, game_id)).deadline
    assert await resolved(db, deadline + timedelta(seconds=1)) == [(game_id, 0)]
    assert (await game_row(db, game_id)).state["fighters"]["lena"]["cover"] == "high"


async def test_a_move_in_the_post_order_from_someone_not_posting_neither_resolves_nor_holds_back(db):
    """Rulings "Infinity Points": a move ordered at any time is not a post: it does not resolve Lena's post being
    built, does not keep her sent post from resolving, and applies with that step."""
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    await give_order(db, game_id, 2, "points", {"after": "zhanshi"}, NOW)
    assert await resolved(db) == []
    await give_order(db, game_id, 1, "send", {}, NOW)
    assert await resolved(db) == [(game_id, 0)]
    order = (await game_row(db, game_id)).state["order"]
    assert order.index("fusilier") == order.index("zhanshi") + 1


async def test_the_whose_post_dm_says_add_more_or_send(db):
    game_id = await infinity_game(db)
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    told = [r.text for r in rows if r.payload.get("kind") == "step_yours" and r.target_id == 1]
    assert told and told[-1].endswith("add more, or /act action:send it as it stands."), told


async def test_other_games_still_resolve_as_soon_as_everyone_has_acted(db, duel):
    """The hook's default: Battle Royale with early resolution and the duel (one actor at a time) resolve at the
    first look once the awaited have any orders."""
    royale = await started_game(db, players=2)
    for user in (1, 2):
        await orders.submit_orders(db, royale, user, {"kind": "day0"}, NOW)
    assert await resolution.due_games(db, NOW) == [(royale, 0)]
    one_at_a_time = await duel_game(db)
    await give_order(db, one_at_a_time, 1, "strike", {}, NOW)
    assert (one_at_a_time, 0) in await resolution.due_games(db, NOW)


async def test_orders_that_no_longer_parse_count_as_ready_so_the_resolution_records_the_failure(db):
    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    async with db.transaction() as session:
        row = (await session.execute(select(Order).where(Order.game_id == game_id))).scalar_one()
        row.payload = {"actions": "not a list"}
        (await session.get(Game, game_id)).due_at = NOW - timedelta(minutes=1)
    assert await resolution.due_games(db, NOW) == [(game_id, 0)]


async def test_a_post_not_sent_near_the_deadline_is_reminded_and_named_to_the_moderators(db):
    """The reminder goes to the player of the awaited character (an actor with an id of its own, not a seat) whose
    post is missing or still being built; once the post is complete nobody is reminded."""
    from bot.services.orders import day_actions

    game_id = await infinity_game(db)
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    # named to the moderators as begun and not sent, not as "still without orders" (was: without orders)
    assert await day_actions.awaited_players(db, game_id, mod()) == ([], ["Player1"])
    deadline = (await game_row(db, game_id)).deadline
    assert await day_actions.send_reminders(db, deadline - timedelta(hours=1), hours_before=2) == 1
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    assert [r.target_id for r in rows if r.payload.get("kind") == "reminder"] == [1]
    [reminder] = [r.text for r in rows if r.payload.get("kind") == "reminder"]
    assert "Step 0 of Test still waits for your orders" in reminder
    assert "Not sent yet: Move to high cover." in reminder  # what the post holds, and how to send it
    assert "add more, or /act action:send it as it stands" in reminder
    await give_order(db, game_id, 1, "observe", {}, NOW)
    await give_order(db, game_id, 1, "observe", {}, NOW)
    await give_order(db, game_id, 1, "observe", {}, NOW)  # four minors: nothing left, complete without /act action:send
    assert await day_actions.who_has_not_submitted(db, game_id, mod()) == []


async def test_with_npc_orders_script_the_game_masters_actors_post_at_once(db):
    """Rulings "Post order and turns" (`npc_orders = script`: the scripted policy posts for the NPCs): no
    moderator may order them, so the loop does not wait for their post deadline (`Ruleset.scripted_now`):
    after Lena's post, every NPC and unplayed PC posts at the loop's next looks, until Lena is awaited again."""
    game_id = await started_game(
        db, players=1, ruleset="infinity_intervention", settings={"npc_orders": "script"}
    )
    assert (await game_row(db, game_id)).state["awaited"] == "lena"
    await give_order(db, game_id, 1, "send", {}, NOW)
    for _ in range(12):  # minutes, far from the 24-hour post deadline
        await resolved(db)
        state = (await game_row(db, game_id)).state
        if state["awaited"] == "lena" or state["phase"] == "over" or state.get("pending"):
            break
    game = await game_row(db, game_id)
    assert game.day >= 3  # Lena's post and at least the Fusilier's and one NPC's, all before any deadline
    assert game.state["awaited"] == "lena" or game.state["phase"] == "over" or game.state.get("pending")
