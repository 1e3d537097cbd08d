"""A game's private groups (`Ruleset.groups`; issue 11: "The infested team's private thread (or DM group
fallback): created at start, new infested added when infested, the dead removed; nobody else can read it"),
through the services and the outbox worker on SQLite and PostgreSQL, with the duel (tests/duel) and its
`hero_chat` house rule: the standing heroes share a group, and the fallen another from the first fall."""
from __future__ import annotations

from dataclasses import replace

from datetime import timedelta

import discord
import pytest

from engine import registry
from sqlalchemy import select, update

from bot.db.models import Game, GameGroup
from bot.delivery.worker import OutboxWorker
from bot.services.moderators import moderation
from bot.services.people import groups
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.bot.delivery_helpers import Clock, FakeCourier, drain, http_error, rows
from tests.services.conftest import NOW, db  # noqa: F401  (db: the two-database fixture)
from tests.services.conftest import mod

CHANNEL = 556
MOD_CHANNEL = 777
MISSING_PERMISSIONS = (discord.Forbidden, 403, 50013, "Missing Permissions")


async def duel_game(db, hero_chat: bool = True) -> int:
    game = await games.create_game(db, name="Duel", ruleset="duel", channel_id=CHANNEL,
                                   settings={"hero_chat": hero_chat}, actor_id=900)
    async with db.transaction() as session:  # the moderators' notes in their channel: the only threads are groups'
        (await session.get(Game, game.id)).moderator_channel_id = MOD_CHANNEL
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Hero{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def step(db, game_id: int, fell: str | None = None) -> None:
    """Resolve the game's current step (a moderator's /resolve now); `fell`: that hero is down first."""
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        if fell is not None:
            game.state = game.state | {"hp": game.state["hp"] | {fell: 0}}
        day = game.day
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=day, trigger="moderator") is not None


async def group_rows(db, game_id: int) -> dict[str, GameGroup]:
    async with db.read() as session:
        found = (await session.execute(select(GameGroup).where(GameGroup.game_id == game_id).order_by(GameGroup.id))).scalars()
        return {g.key: g for g in found}


def contents(courier: FakeCourier, thread: int) -> list[str]:
    return [m.content or "" for m in courier.to("channel", thread)]


async def test_issue_11_the_groups_thread_is_opened_at_the_start_with_its_members_only(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    assert courier.threads == [(CHANNEL, "Duel: Heroes' camp")]  # the front's title; the fallen have no one yet
    assert courier.members == {7001: {1, 2}}
    assert contents(courier, 7001) == ["Heroes' camp: only you and your companions read this."]
    assert courier.to("channel", 7001)[0].mention_user_ids == ()
    group = (await group_rows(db, game_id))["heroes"]
    assert (group.thread_id, group.members, group.joined, group.introduced) == (7001, [1, 2], [1, 2], True)
    assert [r.payload["kind"] for r in await rows(db, target="moderators")] == ["moderators_started"]


async def test_a_game_without_groups_has_no_thread_and_no_group_row(db, duel):
    game_id = await duel_game(db, hero_chat=False)
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock()))
    await step(db, game_id)
    await drain(OutboxWorker(db, courier, Clock()))
    assert courier.threads == [] and await group_rows(db, game_id) == {} and await rows(db, target="group") == []


async def test_issue_11_the_dead_are_removed_and_a_new_group_opens_for_its_first_member(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    await step(db, game_id, fell="s002")
    await drain(OutboxWorker(db, courier, clock))
    # issue 24: the bot's own thread for the dead (and spectators) opens too, with the fallen hero in it
    assert courier.members == {7001: {1}, 7002: {2}, 7003: {2}}
    assert sorted(courier.threads) == sorted(
        [(CHANNEL, "Duel: Heroes' camp"), (CHANNEL, "Duel: The fallen"), (CHANNEL, "Duel: the dead")]
    )
    assert contents(courier, 7001)[-1] == "Leaving the group: <@2>."
    assert (await group_rows(db, game_id))["heroes"].joined == [1]


async def test_issue_11_a_substitute_is_added_and_the_replaced_player_removed(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    await moderation.substitute(db, game_id, mod(900), 2, 3, "Hero3")
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {7001: {1, 3}} and len(courier.threads) == 1
    assert contents(courier, 7001)[-1] == "Joining the group: <@3>. Leaving the group: <@2>."


async def test_restarts_never_open_a_second_thread_even_when_discord_fails_half_way(db, duel):
    """The thread is made, then adding a member answers 503: the retries (in a new worker, after a restart)
    finish that same thread; a later sync with nothing to change only looks the thread up."""
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    failures = {"left": 3}

    def flaky(kind, target):
        if kind == "member" and failures["left"]:
            failures["left"] -= 1
            return http_error(discord.DiscordServerError, 503, 0, "Service Unavailable")
        return None

    courier.fail_when = flaky
    await OutboxWorker(db, courier, clock).run_once()
    assert courier.threads == [(CHANNEL, "Duel: Heroes' camp")] and courier.members == {}
    assert (await group_rows(db, game_id))["heroes"].thread_id == 7001  # kept as soon as it existed
    await drain(OutboxWorker(db, courier, clock), clock)  # a restart: a new worker
    assert courier.threads == [(CHANNEL, "Duel: Heroes' camp")] and courier.members == {7001: {1, 2}}
    assert contents(courier, 7001).count(contents(courier, 7001)[0]) == 1
    await step(db, game_id)
    in_thread = contents(courier, 7001)
    await drain(OutboxWorker(db, courier, clock))
    assert len(courier.threads) == 1 and courier.members == {7001: {1, 2}} and contents(courier, 7001) == in_thread


async def test_a_deleted_thread_is_opened_again_with_everyone_in_it(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    courier.delete_thread(7001)
    await step(db, game_id)
    await drain(OutboxWorker(db, courier, clock))
    assert courier.threads[-1] == (CHANNEL, "Duel: Heroes' camp") and len(courier.threads) == 2
    assert courier.members == {7002: {1, 2}}
    assert (await group_rows(db, game_id))["heroes"].thread_id == 7002


async def test_the_fallback_tells_the_moderators_once_and_the_members_how_to_talk(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if kind == "thread" else None
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {}
    (note,) = [r for r in await rows(db, target="moderators") if r.payload["kind"] == "group_refused"]
    assert note.payload["kind"] == "group_refused" and "Create Private Threads" in note.text
    assert "Heroes' camp" in note.text and "/team say" in note.text
    for user in (1, 2):
        told = courier.text_to("dm", user)
        assert "/team say" in told and "only you and your companions read this" not in told  # no thread to read
    await step(db, game_id, fell="s002")  # within the hour: no new try, no second note; the fallen's own note
    await drain(OutboxWorker(db, courier, clock))
    await step(db, game_id)
    await drain(OutboxWorker(db, courier, clock))
    refused = [r for r in await rows(db, target="moderators") if r.payload["kind"] == "group_refused"]
    # issue 24: the bot's own thread for the dead is refused too (its members talk with /team say as well)
    assert [r.payload["group"] for r in refused] == ["heroes", "_dead", "fallen"] and courier.members == {}
    assert courier.text_to("dm", 2).count("/team say") == 3  # once for each group: the camp, the dead, the fallen


async def test_team_say_relays_by_dm_to_the_other_members_only_escaped_and_pinging_nobody(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if kind == "thread" else None
    await drain(OutboxWorker(db, courier, clock))
    reply = await groups.relay(db, game_id, 1, "Meet at dawn @everyone **now** <@123456789012345678>")
    assert reply == "Sent by DM to the 1 other member of Heroes' camp."
    before = len(courier.to("dm", 1))
    await drain(OutboxWorker(db, courier, clock))
    (relayed,) = [m for m in courier.to("dm", 2) if "Meet at dawn" in (m.content or "")]
    assert relayed.content.startswith("**Heroes' camp** (Duel), from Hero1:")
    assert "@\u200beveryone" in relayed.content and "\\*\\*now\\*\\*" in relayed.content
    assert "<@123456789012345678>" not in relayed.content  # escaped; and the message may ping nobody anyway
    assert relayed.mention_user_ids == ()
    assert len(courier.to("dm", 1)) == before  # not echoed to the sender
    await step(db, game_id, fell="s002")
    await drain(OutboxWorker(db, courier, clock))
    with pytest.raises(ServiceError, match="Nobody else is in Heroes' camp now"):
        await groups.relay(db, game_id, 1, "anyone?")


async def test_team_say_refusals(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    with pytest.raises(ServiceError, match=r"Heroes' camp has its private thread, <#7001>: write there"):
        await groups.relay(db, game_id, 1, "hello")
    with pytest.raises(ServiceError, match="You are not playing in this game"):
        await groups.relay(db, game_id, 77, "hello")
    with pytest.raises(ServiceError, match="Write something"):
        await groups.relay(db, game_id, 1, "   ")
    with pytest.raises(ServiceError, match="at most 1500 characters"):
        await groups.relay(db, game_id, 1, "x" * 1501)
    quiet = await duel_game(db, hero_chat=False)
    with pytest.raises(ServiceError, match="You are in no private group of this game"):
        await groups.relay(db, quiet, 1, "hello")
    async with db.transaction() as session:  # the fallen group, named by its title
        await session.execute(update(GameGroup).where(GameGroup.game_id == game_id).values(refused_at=NOW))
    with pytest.raises(ServiceError, match="You are in no group named 'The fallen'; yours: Heroes' camp"):
        await groups.relay(db, game_id, 1, "hello", group="The fallen")
    assert [r for r in await rows(db, target="dm") if r.payload.get("kind") == "group_relay"] == []


def test_a_player_in_several_groups_names_one_by_key_or_title():
    mine = {"camp": ["s001"], "night_watch": ["s001", "s002"]}
    title = {"camp": "Camp", "night_watch": "Night watch"}.__getitem__
    several = r"several private groups: name one with the group option \(Camp, Night watch\)"
    with pytest.raises(ServiceError, match=several):
        groups._chosen(mine, None, title)
    assert groups._chosen(mine, "night watch", title) == "night_watch"
    assert groups._chosen(mine, "CAMP", title) == "camp"
    assert groups._chosen({"camp": ["s001"]}, None, title) == "camp"


async def test_the_thread_is_tried_again_an_hour_after_a_refusal_and_everyone_is_added(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if kind == "thread" else None
    await drain(OutboxWorker(db, courier, clock))
    courier.fail_when = None  # a moderator gave the permission
    clock.advance(hours=1, minutes=1)
    await step(db, game_id)
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {7001: {1, 2}}
    group = (await group_rows(db, game_id))["heroes"]
    assert group.refused_at is None and group.thread_id == 7001
    assert clock.now - NOW > timedelta(hours=1)


async def test_a_moderator_action_brings_the_groups_in_line(db, duel, monkeypatch):
    """A `/mod` action changes the state like a resolution: its death takes the hero out of the camp."""
    from engine.front import Moderation
    from engine.ruleset import Resolution
    from tests.duel.front import FRONT
    from tests.duel.rules import RULESET

    def fell(state, action, params):
        return Resolution(state=state.model_copy(update={"hp": state.hp | {params["seat"]: 0}}))

    monkeypatch.setattr(RULESET, "moderate", fell)
    fell = (Moderation(name="fell", description="The hero falls"),)
    monkeypatch.setitem(registry._FRONTS, "duel", replace(FRONT, moderation=fell))
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    await drain(OutboxWorker(db, courier, clock))
    await moderation.act(db, game_id, mod(900), 2, "fell")
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {7001: {1}, 7002: {2}, 7003: {2}}  # the camp, the fallen, the dead's (issue 24)


def test_the_base_front_names_a_group_from_its_key():
    """Games that give no words of their own (StarCraft Mafia until its front has them) still get a title and
    an introduction; a ruleset declares no group unless it says so."""
    from engine import registry
    from engine.front import Front

    front = Front(title="Mafia")
    assert front.groups.title("night_watch") == "Night watch"
    assert front.groups.intro("night_watch").startswith("Night watch: a private chat for this group of Mafia.")
    battle = registry.get(registry.DEFAULT)
    assert type(battle).groups(battle, None) == {}


async def test_a_member_who_left_the_server_does_not_keep_the_others_out(db, duel):
    game_id = await duel_game(db)
    courier, clock = FakeCourier(), Clock()
    gone = {"user": 1}

    original = courier.add_to_thread

    async def add(thread_id, user_id):
        if user_id == gone["user"]:
            raise http_error(discord.NotFound, 404, 10013, "Unknown User")
        await original(thread_id, user_id)

    courier.add_to_thread = add
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {7001: {2}} and (await group_rows(db, game_id))["heroes"].joined == [2]
    gone["user"] = None  # back on the server: added at the next sync
    await step(db, game_id)
    await drain(OutboxWorker(db, courier, clock))
    assert courier.members == {7001: {1, 2}} and len(courier.threads) == 1
    assert [r for r in await rows(db, target="group") if r.status != "sent"] == []
