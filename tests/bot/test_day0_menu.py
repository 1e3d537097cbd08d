"""The /day0 menu (handbook II): as many abilities as the game allows, every starting zone reachable on an
island of any size, a dead student refused, and a menu that no longer answers says to run /day0 again."""
from __future__ import annotations

from bot.cogs.forms import FormsCog as Day0Cog
from bot.ui import form_menu as day0_menu
from bot.ui.form_menu import MORE, FormExpired as Day0Expired, FormMenu, FormSelectExpired as Day0SelectExpired
from engine import registry
from tests.bot.cog_helpers import NOW, edit_state, run, seats
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.services.conftest import started_game


def select(menu, name: str):
    return next(c for c in menu.children if getattr(c, "custom_id", "") == f"day0:{name}")


async def test_the_abilities_menu_allows_the_games_abilities_per_student(gm, db):
    await started_game(db, players=3)
    one = (await run(Day0Cog(gm), "day0", 1)).sent[0]["view"]
    assert select(one, "abilities").max_values == 1
    await started_game(db, players=3, settings={"abilities_per_student": 2})
    from tests.bot.fakes import call
    from tests.bot.cog_helpers import command
    cog = Day0Cog(gm)
    interaction = FakeInteraction(gm, FakeUser(1, "Player1"), channel_id=555)
    two = (await call(command(cog, "day0"), cog, interaction, game=None)).sent[0]["view"]
    assert select(two, "abilities").max_values == 2


async def test_no_abilities_menu_when_the_game_allows_none(gm, db):
    await started_game(db, players=3, settings={"abilities_per_student": 0})
    menu = (await run(Day0Cog(gm), "day0", 1)).sent[0]["view"]
    assert [c.custom_id for c in menu.children if c.custom_id.startswith("day0:")] == ["day0:zone", "day0:submit"]


async def test_every_zone_of_a_large_island_can_be_chosen(gm, db):
    """A custom island with 60 zones: the zone menu pages through them, 23 at a time, within Discord's 25."""
    zones = [{"id": n, "name": f"Zone {n}", "closed": False, "adjacent": []} for n in range(1, 61)]
    view = {"phase": "day0", "zones": zones, "me": {"alive": True, "role": "dedicated_student", "school": 1,
                                                   "ability_choices": [], "rival": None}}
    form = registry.front("battle_royale").orders.form("day0", view, {"kind": "day0", "start_zone": None})
    menu = FormMenu(gm.db, gm.clock, 1, 1, "day0", form)
    zone = select(menu, "zone")
    seen: set[str] = set()
    for _ in range(3):
        assert len(zone.options) <= 25
        seen |= {o.value for o in zone.options if o.value not in ("random", MORE)}
        zone._values = [MORE]
        press = FakeInteraction(gm, FakeUser(1))
        await zone.callback(press)
        assert press.sent and press.sent[-1].get("edit")  # the menu is redrawn with the next page
    assert seen == {str(n) for n in range(1, 61)}
    assert [o.value for o in zone.options][1] == "1"  # back to the first page
    assert zone.options[-1].label == "More zones (page 2 of 3)"
    zone._values = ["60"]
    for _ in range(2):
        zone._values = [MORE]
        await zone.callback(FakeInteraction(gm, FakeUser(1)))
    zone._values = ["60"]
    await zone.callback(FakeInteraction(gm, FakeUser(1)))
    assert menu.values["zone"] == ["60"]
    menu.stop()
    day0_menu.LIVE.drop(menu)


async def test_day0_when_dead_is_refused(gm, db):
    game_id = await started_game(db, players=3)
    me = next(s for s, u in (await seats(db, game_id)).items() if u == 1)

    def dies(state):
        state.students[me].alive = False
    await edit_state(db, game_id, dies)
    done = await run(Day0Cog(gm), "day0", 1)
    assert done.text == "You are out of the game." and done.all_ephemeral


async def test_a_menu_that_no_longer_answers_says_to_run_day0_again(gm, db):
    day0_menu.LIVE.clear()  # as after a restart: no menu is live
    for item in (Day0Expired("day0:submit"), Day0SelectExpired("day0:zone")):
        pressed = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
        await item.callback(pressed)
        assert pressed.text == "This menu has expired (the bot restarted or 15 minutes passed): run /day0 again."
        assert pressed.all_ephemeral
    await started_game(db, players=3)
    await run(Day0Cog(gm), "day0", 1)  # a live menu answers its own presses: no second answer
    live = FakeInteraction(gm, FakeUser(1))
    await Day0Expired("day0:submit").callback(live)
    assert live.sent == []
    other = FakeInteraction(gm, FakeUser(2))
    await Day0Expired("day0:submit").callback(other)
    assert "run /day0 again" in other.text
    day0_menu.LIVE.clear()


NOW = NOW


async def test_the_day0_card_keeps_discords_plain_colour(gm, db):
    """Moving /day0 onto the generic form changed nothing a player sees: its card has no colour, as before."""
    await started_game(db, players=3)
    sent = (await run(Day0Cog(gm), "day0", 1)).sent[0]
    (embed,) = sent["embeds"]
    assert embed.title.startswith("Day 0") and embed.colour is None
