"""A setup version's balance (issue 32, points 3 and 4): predicted by its computer players in a worker process
until each side's win rate is known within ±5 points at 95% (or a time limit), stored with progress as it goes,
`unplayable` when the computer players cannot play it; measured over the finished clean games played with it
(none ended by a moderator, none with a moderator kill or a substitution), shown beside the prediction."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from sqlalchemy import select

from bot.db.models import AuditLog, Game
from bot.screens.setup import balance_line
from bot.services.setups import predict, records, setups
from bot.services.signup import games
from bot.services.steps.simulation import simulate
from engine import registry
from engine.simulate import play

AUTHOR = 11
BR_ROLES = ("dedicated_student", "lone_wolf", "lovers")
# Each game's sides (`Play.sides`) in a predicted game and as its front names them (`Community.sides`).
SIDES = {
    "battle_royale": ({"dedicated_student", "lovers"}, "Dedicated Student win "),  # a Lone Wolf in some games
    "battle_royale_cards": ({f"turn_{n}" for n in range(1, 7)}, "first player win "),
    "mazeworld": ({"contestant"}, "contestant win "),
    "infinity_intervention": ({"pc"}, "PC win "),
}


async def town(db, ruleset: str = "starcraft_mafia", settings=None):
    return await setups.save(db, ruleset=ruleset, name="Small town", settings=settings or {}, author_id=AUTHOR)


def test_a_batch_of_simulated_games_gives_each_sides_share_length_and_figures():
    results = predict.played("starcraft_mafia", {}, 12, 1, 4)
    assert len(results) == 4
    for result in results:
        assert set(result["sides"]) == {"human", "infested"} and sorted(result["sides"].values()) == [0.0, 1.0]
        assert result["length"] > 0
    roles = predict.played("battle_royale", {}, 12, 1, 2)  # its sides are its roles
    assert all({"dedicated_student", "lovers"} <= set(r["sides"]) <= set(BR_ROLES) for r in roles)
    assert all(0 <= share <= 1 for r in roles for share in r["sides"].values())
    assert all("Kills" in r["figures"] for r in roles)
    assert predict.played("starcraft_mafia", {}, 12, 1, 4) == results  # seeded: a prediction replays


def test_the_interval_is_conservative_and_narrows_with_games():
    rate, half = predict.interval(20, 40)
    assert rate == 0.5 and 0.14 < half < 0.16
    assert predict.interval(200, 400)[1] < predict.WITHIN
    assert predict.interval(0, 40)[1] > 0  # a side that never won is not known exactly after 40 games
    assert predict.WITHIN == 0.05  # the issue's ±5 points (the worker's tests below stop at a wider one)


# Known within ±5 points takes some 400 games of a 12-player town, 7 s of a core the rest of the suite shares: the
# worker's own tests stop at ±15 (two batches), which exercises the same loop; `brbot bench` times the real one.
QUICKLY_KNOWN = 0.15


async def test_a_prediction_runs_in_a_worker_process_until_known_and_is_stored(db, monkeypatch):
    monkeypatch.setattr(predict, "WITHIN", QUICKLY_KNOWN)
    saved = await town(db, settings={"day_vote": True})
    executor = predict.pool()
    try:
        task = await predict.start(db, saved.latest.id, executor=executor)
        early = await predict.prediction(db, saved.latest.id)
        assert early is not None and early.status in ("queued", "running")  # at once, before any batch
        done = await asyncio.wait_for(task, 120)
    finally:
        predict.shutdown()
    assert done.status == "done" and done.players == 12 and done.games >= predict.MIN_GAMES
    assert set(done.sides) == {"human", "infested"}
    assert all(half <= predict.WITHIN for _, half in done.sides.values())
    assert abs(sum(rate for rate, _ in done.sides.values()) - 1) < 1e-6 and done.length and done.length > 1
    [line] = [balance_line(b) for b in (await setups.balance(db, [saved.latest.id])).values()]
    assert line.startswith("predicted: human win ") and "%" in line and "± " in line
    assert line.endswith("measured: no clean games yet")


async def test_progress_is_stored_after_each_batch_and_a_time_limit_stops_it(db):
    saved = await town(db)
    seen: list[int] = []
    clock = iter(range(0, 1000, 10))

    original = predict._Tally.store

    def store(self, row, status):
        original(self, row, status)
        seen.append(row.games)

    with ThreadPoolExecutor(1) as executor:  # the same batches, in a thread for speed of the test
        predict._Tally.store = store
        try:
            done = await predict.predict(
                db, saved.latest.id, executor=executor, seconds=25, clock=lambda: float(next(clock))
            )
        finally:
            predict._Tally.store = original
    assert done.status == "done" and done.games == 2 * predict.BATCH  # two batches before 25 "seconds" passed
    assert seen == [predict.BATCH, 2 * predict.BATCH, 2 * predict.BATCH]  # progress, progress, the result


async def test_a_setup_the_computer_players_cannot_play_says_so(db, monkeypatch):
    saved = await town(db)
    rules = registry.get("starcraft_mafia")
    monkeypatch.setitem(vars(rules), "play", replace(rules.play, autoplayer=None))
    done = await predict.predict(db, saved.latest.id)
    assert done.status == "unplayable" and done.games == 0
    line = balance_line((await setups.balance(db, [saved.latest.id]))[saved.latest.id])
    assert line.startswith("predicted: the computer players cannot play this setup")


async def test_a_clean_finished_game_adds_to_its_versions_record_and_a_moderated_one_does_not(db):
    saved = await town(db)
    version = saved.latest
    first = await simulate(db, 6, 3, ruleset="starcraft_mafia", setup=(version.id, version.settings))
    assert first.days > 0
    [balance] = (await setups.balance(db, [version.id])).values()
    assert balance.measured is not None and balance.measured.games == 1
    assert sorted(balance.measured.sides) == ["human", "infested"]
    assert sorted(balance.measured.sides.values()) == [0.0, 1.0]
    line = balance_line(balance)
    assert line.startswith("predicted: not asked; measured: ") and line.endswith("over 1 game")
    # a game with a substitution is not clean: it is left out of the record
    async with db.transaction() as session:
        game = (await session.execute(select(Game).where(Game.setup_version_id == version.id))).scalar_one()
        session.add(AuditLog(game_id=game.id, actor_id=1, action="substitute", details={}))
    async with db.transaction() as session:
        game = await session.get(Game, game.id)
        final = list(play(6, 3, ruleset="starcraft_mafia"))[-1][0]
        assert await records.game_over(session, game, final) is False
    async with db.read() as session:
        assert (await records.records(session, [version.id]))[version.id].games == 1


async def test_a_game_without_a_setup_or_not_over_adds_nothing(db):
    saved = await town(db)
    created = await games.create_game(db, name="x", ruleset="starcraft_mafia", setup_version_id=saved.latest.id)
    async with db.transaction() as session:
        game = await session.get(Game, created.id)
        states = list(play(6, 3, ruleset="starcraft_mafia"))
        assert await records.game_over(session, game, states[1][0]) is False  # not over: ended by a moderator
        assert await records.game_over(session, game, states[-1][0]) is True
        game.setup_version_id = None
        assert await records.game_over(session, game, states[-1][0]) is False


@pytest.mark.parametrize("ruleset", ["battle_royale", "battle_royale_cards", "mazeworld", "infinity_intervention"])
def test_every_game_with_computer_players_is_predicted_by_its_own_sides(ruleset):
    """Point 3's "win rates per side (team, role or seat, as the game declares)": Battle Royale's roles, the card
    game's places in the turn order, Mazeworld's teams, Infinity's sides of the combat, never "a seat"."""
    sides, _ = SIDES[ruleset]
    results = predict.played(ruleset, {}, predict.players_for(ruleset), 2, 1)
    assert results and sides <= set(results[0]["sides"]) and predict.ANY_SEAT not in results[0]["sides"]
    if ruleset == "battle_royale":
        assert set(results[0]["sides"]) <= set(BR_ROLES)
    else:
        assert set(results[0]["sides"]) == sides


@pytest.mark.parametrize("ruleset", ["battle_royale", "battle_royale_cards", "mazeworld", "infinity_intervention"])
async def test_a_prediction_shows_each_side_by_the_games_own_name(db, ruleset):
    _, named = SIDES[ruleset]
    saved = await setups.save(db, ruleset=ruleset, name="House rules", settings={}, author_id=AUTHOR)
    with ThreadPoolExecutor(1) as executor:  # one batch (the time limit passes after it), in a thread
        clock = iter([0.0, 0.0, 100.0])
        done = await predict.predict(db, saved.latest.id, executor=executor, clock=lambda: next(clock))
    assert done.status == "done" and done.games == predict.BATCH and predict.ANY_SEAT not in done.sides
    line = balance_line((await setups.balance(db, [saved.latest.id]))[saved.latest.id])
    assert line.startswith("predicted: ") and named in line and "a seat" not in line
    seats = {"battle_royale": 12, "battle_royale_cards": 6, "mazeworld": 1, "infinity_intervention": 2}[ruleset]
    assert done.players == seats and f" of {seats}, " in line  # the seats played: a demo fight's own


def test_a_side_absent_from_a_game_is_counted_only_over_the_games_it_played():
    """Battle Royale's Lone Wolf is granted by chance: a game without one says nothing of a Lone Wolf's chance."""
    tally = predict._Tally()
    tally.add([
        {"sides": {"dedicated_student": 0.0, "lone_wolf": 1.0}, "length": 3, "figures": {}},
        {"sides": {"dedicated_student": 0.5}, "length": 5, "figures": {}},
        {"sides": {"dedicated_student": 1.0}, "length": 4, "figures": {}},
        {"sides": {"dedicated_student": 0.5, "lone_wolf": 0.0}, "length": 4, "figures": {}},
    ])  # fmt: skip
    rates = tally.rates()
    assert rates["lone_wolf"][0] == 0.5 and rates["dedicated_student"][0] == 0.5  # 1 of 2 games, 2 of 4
    assert rates["lone_wolf"][1] > rates["dedicated_student"][1]  # fewer games: a wider interval


async def test_a_prediction_its_bot_stopped_is_not_under_way_for_ever(db):
    from datetime import UTC, datetime, timedelta

    from bot.db.models import SetupPrediction

    saved = await town(db)
    await predict._begin(db, saved.latest.id)
    assert (await predict.prediction(db, saved.latest.id)).status == "running"
    async with db.transaction() as session:
        row = await session.get(SetupPrediction, saved.latest.id)
        row.updated_at = datetime.now(UTC) - timedelta(hours=1)
    stopped = await predict.prediction(db, saved.latest.id)
    assert stopped.status == "failed"
    assert balance_line(setups.Balance(stopped, None)).startswith("predicted: the prediction could not be made")
    # waiting for a worker behind other predictions for an hour is not stopped; for three hours it was
    await predict._begin(db, saved.latest.id, "queued")
    for hours, status in ((1, "queued"), (3, "failed")):
        async with db.transaction() as session:
            row = await session.get(SetupPrediction, saved.latest.id)
            row.updated_at = datetime.now(UTC) - timedelta(hours=hours)
        assert (await predict.prediction(db, saved.latest.id)).status == status


async def test_a_dead_worker_stops_the_prediction_and_says_so(db):
    """(A real worker killed: tests/services/setups/test_prediction_queue.py.)"""
    from concurrent.futures import Executor
    from concurrent.futures.process import BrokenProcessPool

    class Dead(Executor):
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("the worker died")

    saved = await town(db)
    done = await predict.predict(db, saved.latest.id, executor=Dead())
    assert done.status == "worker_died" and done.games == 0
    line = balance_line((await setups.balance(db, [saved.latest.id]))[saved.latest.id])
    assert line.startswith("predicted: stopped, its worker process died after 0 games")
    predict.shutdown()


@pytest.mark.parametrize(
    "ruleset, players",
    [("battle_royale", 4), ("battle_royale_cards", 2), ("mazeworld", 1), ("infinity_intervention", 2)],
)
async def test_every_games_setup_is_played_and_measured(db, ruleset, players):
    saved = await setups.save(db, ruleset=ruleset, name="House rules", settings={}, author_id=AUTHOR)
    await simulate(db, players, 3, ruleset=ruleset, setup=(saved.latest.id, saved.latest.settings))
    balance = (await setups.balance(db, [saved.latest.id]))[saved.latest.id]
    measured = balance.measured
    assert measured is not None and measured.games == 1 and predict.ANY_SEAT not in measured.sides
    seated = {"battle_royale_cards": {"turn_1", "turn_2"}, "mazeworld": {"contestant"}, "infinity_intervention": {"pc"}}
    assert set(measured.sides) == seated.get(ruleset, set(measured.sides)) and set(measured.sides) <= (
        set(BR_ROLES) | seated.get(ruleset, set())
    )
    assert all(0 <= rate <= 1 for rate in measured.sides.values())
    line = balance_line(balance)
    assert line.endswith("over 1 game") and "a seat" not in line
    assert all(f"{registry.front(ruleset).community.sides[side]} " in line for side in measured.sides)


async def test_a_record_counts_a_side_over_the_games_it_had_seats_in(db):
    """A Battle Royale game with no Lone Wolf leaves the Lone Wolf's measured rate as it was; a record stored
    before (a side's sum alone) still reads, over every game."""
    from bot.db.models import SetupRecord

    saved = await setups.save(db, ruleset="battle_royale", name="Wolves", settings={}, author_id=AUTHOR)
    async with db.transaction() as session:
        session.add(SetupRecord(version_id=saved.latest.id, games=2, sides={"lone_wolf": 1.0, "lovers": [1.0, 1]},
                                length=8.0))  # fmt: skip
    measured = (await setups.balance(db, [saved.latest.id]))[saved.latest.id].measured
    assert measured.sides == {"lone_wolf": 0.5, "lovers": 1.0}


@pytest.mark.parametrize(
    ("ruleset", "settings"),
    [("mazeworld", {"npc_orders": "gm_only"}), ("infinity_intervention", {"npc_orders": "gm"})],
)
async def test_a_gm_run_fight_with_no_scripted_side_says_the_computer_players_cannot_play_it(db, ruleset, settings):
    """Issue 32.3: "A setup whose computer players cannot play it (a GM-run fight with no scripted side) says
    so instead": the game master alone orders the other side, so no prediction of the script stands for it."""
    saved = await setups.save(db, ruleset=ruleset, name="GM's fight", settings=settings, author_id=AUTHOR)
    done = await predict.predict(db, saved.latest.id)
    assert done.status == "unplayable" and done.games == 0
    line = balance_line((await setups.balance(db, [saved.latest.id]))[saved.latest.id])
    assert line.startswith("predicted: the computer players cannot play this setup")
    assert predict.played(ruleset, settings, 2, 1, 1) is None  # the worker refuses it too
