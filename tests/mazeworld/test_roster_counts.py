"""Issue 29, point 8: a roster group's `count` of 27 or more was accepted at `/game create` and broke `/game
start` (the creatures were lettered A to Z only: `roster.spawn` ran out of ids). Now creatures are lettered on
past Z (Wolf AA, Wolf AB...), a roster may bring at most `MOST_CREATURES` in all (each group's count at its
highest roll), refused at upload naming the limit, and a count is ASCII digits or dice ('²' passed isdigit and
broke the start in int()). Through the path `/game create file:` takes, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import func, select

from bot.db.models import Game
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.base.common import load_state
from bot.services.signup.data_files import read_data_file
from bot.services.base.errors import ServiceError
from engine.rng import RecordingRng
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.roster import MOST_CREATURES, spawn
from tests.services.conftest import NOW, db  # noqa: F401 (the service tests' database)
from tests.services.conftest import mod


async def _upload(groups: list[dict]):
    raw = json.dumps({"groups": groups}).encode()

    async def read() -> bytes:
        return raw

    return await read_data_file("mazeworld", "roster.json", len(raw), read)


async def _games(db) -> int:  # noqa: F811
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(Game))).scalar_one()


async def _create_and_start(db, groups: list[dict]) -> Game:  # noqa: F811
    loaded = await _upload(groups)
    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Maze",
                                   ruleset="mazeworld", data=loaded)
    await game_admin.open_signups(db, game.id, mod(7))
    await games.join_game(db, game.id, 1, "Ann")
    await games.start_game(db, game.id, NOW)
    async with db.read() as session:
        return await session.get(Game, game.id)


async def test_a_group_of_27_and_a_second_group_of_its_species_are_lettered_past_z_and_the_game_starts(db):  # noqa: F811
    started = await _create_and_start(db, [{"species": "Wolf", "count": "27", "side": 2},
                                           {"species": "Wolf", "count": "3", "side": 3}])
    wolves = [c for c in load_state(started).creatures if c.species == "Wolf"]
    names = {c.name for c in wolves}
    assert len(wolves) == len(names) == len({c.id for c in wolves}) == 30
    assert {"Wolf A", "Wolf Z", "Wolf AA", "Wolf AD"} <= names and "Wolf AE" not in names
    assert {c.id for c in wolves if c.side == 3} == {"wolf_ab", "wolf_ac", "wolf_ad"}


@pytest.mark.parametrize("groups, brought", [
    ([{"species": "Wolf", "count": str(MOST_CREATURES + 1)}], MOST_CREATURES + 1),
    ([{"species": "Wolf", "count": "99"}, {"species": "Thug", "count": "1d2"}], 101),  # a roll's highest counts
    ([{"species": "Wolf", "count": "20d6"}], 120),
    ([{"species": "Wolf", "count": "60"}, {"species": "Wolf", "count": "2d20+1"}], 101),
    ([{"species": "Wolf", "count": "100"}, {"species": "Wolf"}], 103),  # no count: the species' own (Wolf 1d3)
])
async def test_a_roster_bringing_more_than_the_most_creatures_is_refused_at_upload(db, groups, brought):  # noqa: F811
    with pytest.raises(ServiceError) as refused:
        await _upload(groups)
    assert str(refused.value) == (
        f"roster: groups: at most {MOST_CREATURES} creatures in all (counts at their highest roll); "
        f"these bring up to {brought}. Nothing was created."
    )
    assert await _games(db) == 0


async def test_a_roster_of_the_most_creatures_starts(db):  # noqa: F811
    started = await _create_and_start(db, [{"species": "Wolf", "count": str(MOST_CREATURES - 2)},
                                           {"species": "Thug", "count": "1d2", "side": 3}])
    assert sum(c.controller is None for c in load_state(started).creatures) in (MOST_CREATURES - 1, MOST_CREATURES)


@pytest.mark.parametrize("count", ["²", "①", "٣", "2²", "2d٦", "٣d6", "1d6+٣"])  # dice are ASCII too
async def test_a_count_in_digits_that_are_not_ascii_is_refused_at_upload(db, count):  # noqa: F811
    with pytest.raises(ServiceError, match=rf"roster: groups\.0\.count: .*count '{re.escape(count)}' is not dice"):
        await _upload([{"species": "Wolf", "count": count}])
    assert await _games(db) == 0


def test_lettering_goes_on_past_zz():
    taken: set[str] = set()
    made = spawn(Encounter.model_validate({"groups": [{"species": "Wolf", "count": "703"}]}).groups[0],
                 RecordingRng(1), taken)
    assert [c.name for c in made[:2] + made[-2:]] == ["Wolf A", "Wolf B", "Wolf ZZ", "Wolf AAA"]
