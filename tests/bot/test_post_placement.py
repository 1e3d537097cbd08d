"""Issue 10, "the shared layers know no game": a resolution's post takes its title and sections from the
game's front, written into each public outbox row with the events, so delivery renders any game the same
way. Rows written before the upgrade (no title or section in their payload) still render as they did."""
from __future__ import annotations

from sqlalchemy import select

from bot.db.models import Outbox
from bot.delivery.render import render
from bot.services.steps import resolution
from bot.services.base.common import placement
from engine import registry
from engine.front import Front, Posts
from tests.bot.test_render import Rows, night
from tests.services.conftest import NOW, started_game


def section_of(kind: str) -> str | None:
    return {"wound": "Wounds", "challenge": "Challenges", "odd": "Odd ones"}.get(kind)


DUEL = Front(  # a game the bot has never heard of, with its own title and two sections
    title="Duel",
    posts=Posts(sections=("Wounds", "Challenges"), section_of=section_of, title=lambda day: f"Round {day} of the duel"),
)


def duel_rows(rows: Rows, day: int = 2) -> None:
    for text, kind in [("Ann challenges Bob.", "challenge"), ("The sun rises.", "dawn"), ("Bob bleeds.", "wound"),
                       ("A crow lands.", "odd"), ("Ann bleeds.", "wound")]:
        row = rows.add(text, kind, day, "duel")
        row.payload |= placement(DUEL, kind, day)
    rows.add("Round 2 seed revealed.", "seed_reveal", day)


def test_any_games_post_is_titled_and_sectioned_as_its_rows_say():
    rows = Rows()
    duel_rows(rows)
    ((post,),) = [p.messages for p in render(rows.rows)]
    assert post.layout.title == "Round 2 of the duel" and post.layout.narration == "The sun rises."
    *sections, fair = post.layout.sections()
    assert sections == [("Wounds", "Bob bleeds.\nAnn bleeds."), ("Challenges", "Ann challenges Bob."),
                        ("Odd ones", "A crow lands.")]  # the front's order; an unlisted section last
    assert fair[0] == "Fair play"


def test_written_rows_carry_the_fronts_title_and_section():
    front = registry.front("battle_royale")
    assert placement(front, "death", 3) == {"title": "Night 3 results", "section": "Deaths", "rank": 0}
    assert placement(front, "reward_drop", 0) == {"title": "Day 0 results: the students set out",
                                                  "section": "Reward package", "rank": 3}
    assert placement(front, "day_opens", -1) == {"title": "The game begins", "section": None, "rank": 4}


def test_rows_written_before_the_upgrade_render_as_the_same_rows_written_now():
    old, new = Rows(), Rows()
    night(old)
    night(new)
    front = registry.front("battle_royale")
    for row in new.rows:
        if row.target == "channel" and "post" in row.payload:
            row.payload |= placement(front, row.payload["kind"], row.payload["day"])
    assert [p.messages for p in render(old.rows)] == [p.messages for p in render(new.rows)]
    headline = render(old.rows)[0].messages[0].layout
    assert headline.title == "Night 3 results"
    assert [n for n, _ in headline.sections()] == ["Deaths", "Closing zones", "Marked for elimination",
                                                   "Reward package", "Fair play"]


async def test_a_resolution_writes_each_public_rows_place_in_its_post(db):
    game_id = await started_game(db, 4)
    await resolution.resolve_day(db, game_id, NOW)
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    posted = [r.payload for r in rows if r.target == "channel" and "post" in r.payload]
    assert posted and {p["title"] for p in posted if p["day"] == 0} == {"Day 0 results: the students set out"}
    assert {p["title"] for p in posted if p["day"] == -1} == {"The game begins"}
    assert all(("section" in p) and ("rank" in p) for p in posted)
    assert not any("title" in r.payload for r in rows if r.target == "dm")  # a DM is no titled post
