"""The picture of the Mazeworld fight (front/picture.py): the battlespace as the rulebook's "Battlespace" and
"Doors and positioning" describe it (Side 1 south, Side 2 north, Side 3 west, Side 4 east, each side's door
and cover), everyone the view may show on their side with their conditions in words, and nothing the rulings'
"Visibility" keeps from the public (stealthed creatures, NPC numbers, orders). The channel's picture comes
from `Ruleset.public_view` after every turn; `/battlespace` (and `/map`) shows the asker's own view."""

from __future__ import annotations

import io
import re

from PIL import Image
from sqlalchemy import select

from bot.db.models import Game, Outbox, Resolution
from bot.delivery.worker import OutboxWorker
from bot.services.signup import games
from bot.services.steps import resolution
from engine.rng import RecordingRng
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.front.picture import Scene, battlespace_picture, caption
from engine.rulesets.mazeworld.roster import build_state, load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.state import MazeState
from tests.bot.conftest import gm  # noqa: F401 (the cog tests' bot, shared)
from tests.bot.delivery_helpers import Clock, FakeCourier, drain
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.mazeworld.helpers import SHEET
from tests.services.conftest import NOW, db  # noqa: F401 (the services' fixture, shared)

CHANNEL = 558


def battle(*extra: dict, stealthy_contestant: bool = False) -> MazeState:
    """Ann (s1) and Bob (s2) on side 1 against two wolves on side 2 and a thug on side 3 in cover; an ally thug
    on side 4; `extra` groups added (their ids come after the others')."""
    groups = [
        {"species": "Wolf", "count": "2", "side": 2},
        {"species": "Thug", "count": "1", "side": 3, "cover": True},
        {"species": "Thug", "count": "1", "side": 4, "team": "ally"},
        *extra,
    ]
    encounter = Encounter.model_validate({"cover": {1: "light", 2: "heavy", 4: "light"}, "groups": groups})
    sheets = {"s1": load_sheet({**SHEET, "name": "Ann"}), "s2": load_sheet({**SHEET, "name": "Bob"})}
    state = build_state(sheets, encounter, MazeworldSettings(), RecordingRng(0))
    state.creature("s2").stealth = stealthy_contestant
    return state


def hurt(state: MazeState) -> MazeState:
    """Wolf A dead, Wolf B in agony with a leg at 0 HP, Ann hurt (Pain 37) and in cover: numbers to hide."""
    wolf_a, wolf_b, ann = state.creature("wolf_a"), state.creature("wolf_b"), state.creature("s1")
    wolf_a.status, wolf_a.pain = "dead", 163
    wolf_b.pain = 87
    wolf_b.parts["front left leg"].hp = 0
    ann.pain, ann.cover = 37, True
    state.day = 3
    return state


def test_the_picture_is_a_png_of_sane_size_from_pillows_own_font():
    picture = FRONT.picture.public(RULESET.public_view(hurt(battle())))
    assert picture is not None and picture.png.startswith(b"\x89PNG") and picture.filename == "battlespace.png"
    with Image.open(io.BytesIO(picture.png)) as image:
        assert image.format == "PNG" and image.width == 1000 and 500 <= image.height <= 1500
    assert len(picture.png) < 1024 * 1024  # far under Discord's 8 MiB


def test_the_same_view_gives_the_same_bytes_and_another_view_other_bytes():
    view = RULESET.public_view(hurt(battle()))
    assert battlespace_picture(view).png == battlespace_picture(dict(view)).png
    assert battlespace_picture(view).png != battlespace_picture(RULESET.public_view(battle())).png


def test_sides_lie_as_the_rulebook_places_them_with_their_doors_and_cover():
    """Rulebook, "Battlespace" and "Doors and positioning": the north door is Side 2's; going out by the east
    door (Side 4) enters the next room on Side 3 (west); contestants come in by the south door (Side 1)."""
    view = RULESET.public_view(battle())
    scene = Scene(view)
    south, north, west, east = (scene.box(side) for side in (1, 2, 3, 4))
    assert north[3] <= west[1] and west[3] <= south[1]  # north at the top, south at the bottom
    assert west[2] <= east[0] and west[1] == east[1]  # west on the left of east, side by side
    words = caption(view)
    assert "Side 1 (south door, light cover): Ann (contestant): unhurt; Bob (contestant): unhurt." in words
    assert "Side 2 (north door, heavy cover): Wolf A (hostile): unhurt; Wolf B (hostile): unhurt." in words
    assert "Side 3 (west door, no cover): Thug A (hostile): unhurt, in cover." in words
    assert "Side 4 (east door, light cover): Thug B (ally): unhurt." in words


def test_a_dead_creature_is_labelled_dead_and_conditions_are_in_words():
    """Rulings, "Visibility": conditions in words are public (hurt, agony, dead, limb disabled)."""
    words = FRONT.picture.public(RULESET.public_view(hurt(battle()))).caption
    assert "Wolf A (hostile): dead;" in words
    assert "Wolf B (hostile): in agony, front left leg disabled." in words
    assert "Ann (contestant): hurt, in cover;" in words
    assert words.startswith("Mazeworld: the battlespace after turn 2 (combat).")


def test_no_npc_number_reaches_the_public_caption():
    """Rulings, "Visibility": Pain and limb numbers are the moderators' (and one's own, privately). The only
    numbers in the public caption are the sides, the turn and the kills."""
    words = FRONT.picture.public(RULESET.public_view(hurt(battle()))).caption
    assert not {"163", "87", "37", "%", "Pain", "HP"} & set(re.findall(r"\d+|%|Pain|HP", words))
    assert set(re.findall(r"\d+", words)) <= {"1", "2", "3", "4", "0"}


def test_a_stealthed_hostile_is_not_in_the_public_picture_at_all():
    """Rulings, "Sides, cover, escape, stealth": not targetable from other sides; the public never sees it:
    not in the caption, and the picture's bytes are those of the same fight without it."""
    without = RULESET.public_view(hurt(battle()))
    hidden = hurt(battle({"species": "Hellhound", "count": "1", "side": 4, "stealth": True}))
    assert hidden.creature("hellhound_a").stealth
    public = RULESET.public_view(hidden)
    picture = FRONT.picture.public(public)
    assert "Hellhound" not in picture.caption and "hellhound" not in str(public)
    assert picture.png == FRONT.picture.public(without).png
    hidden.creature("hellhound_a").side = 1  # a player on its side sees it in their own picture
    assert "Hellhound A (hostile)" in FRONT.picture.draw(RULESET.view(hidden, "s1")).caption
    assert "Hellhound" not in FRONT.picture.public(RULESET.public_view(hidden)).caption


def test_a_stealthed_contestant_is_not_shown_in_public_but_sees_itself():
    """Our ruling (docs/rules/mazeworld.md): a creature in stealth is not announced in public, whatever its
    team; its own player's picture shows it "in stealth", and the others' pictures show no stealth."""
    state = battle(stealthy_contestant=True)
    assert "Bob" not in caption(RULESET.public_view(state))
    assert "Bob (contestant, you): unhurt, in stealth" in caption(RULESET.view(state, "s2"))
    assert "Bob (contestant): unhurt." in caption(RULESET.view(state, "s1"))


def test_ones_own_picture_marks_you_and_shows_no_number_even_of_ones_own():
    words = FRONT.picture.draw(RULESET.view(hurt(battle()), "s1")).caption
    assert "Ann (contestant, you): hurt, in cover" in words and "Bob (contestant): unhurt" in words
    assert "37" not in words and "87" not in words


def test_one_who_left_the_room_is_apart_in_their_own_picture_and_gone_from_the_others():
    state = battle()
    state.creature("s1").status = "escaped"
    assert "Left the room: Ann." in caption(RULESET.view(state, "s1"))
    assert "Ann" not in caption(RULESET.view(state, "s2")) and "Ann" not in caption(RULESET.public_view(state))


def test_the_front_opts_in_and_lists_its_picture_command():
    assert FRONT.picture.after_each_step and FRONT.picture.command == "battlespace"
    (card,) = FRONT.cards.help()
    assert any("`/battlespace`" in line for field in card.fields for line in field.lines)


async def test_the_bot_posts_the_public_picture_after_the_start_and_each_turn(db):  # noqa: F811
    """The start's post and the first turn's post each show the picture of the public view after it, in the
    post's one message with its caption under it; nothing stealthed or numbered in it."""
    game = await games.create_game(db, name="Maze", ruleset="mazeworld", channel_id=CHANNEL, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    async with db.read() as session:
        day = (await session.get(Game, game.id)).day
    assert await resolution.resolve_day(db, game.id, NOW, expected_day=day) is not None
    async with db.read() as session:
        stored = (await session.execute(select(Resolution).order_by(Resolution.day))).scalars().all()
        asked = (await session.execute(select(Outbox).where(Outbox.game_id == game.id).order_by(Outbox.id))).scalars().all()
    assert [r.payload["day"] for r in asked if (r.payload or {}).get("attach") == "picture"] == [-1, day]
    expected = [FRONT.picture.public(RULESET.public_view(RULESET.parse_state(r.state_after))) for r in stored]
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock()))
    posted = courier.to("channel", CHANNEL)
    files = [m for m in posted if m.file is not None]
    assert [m.file for m in files] == [("battlespace.png", p.png) for p in expected]
    assert files == [m for m in posted if m.layout is not None]  # in the step's post, not a message after it
    captions = [m.layout.picture.caption for m in files]
    assert captions == [p.caption for p in expected]
    assert "as the fight begins" in captions[0] and "after turn 1" in captions[1]
    assert "Pain" not in captions[1] and "%" not in captions[1]


def test_the_docs_pictures_render_the_same_bytes_twice(tmp_path):
    """`make docs-pictures` (tests/mazeworld/render_doc_pictures.py) keeps docs/images byte-identical on a rerun."""
    from tests.mazeworld.render_doc_pictures import render

    first = {p.name: p.read_bytes() for p in render(tmp_path / "a")}
    second = {p.name: p.read_bytes() for p in render(tmp_path / "b")}
    assert first == second and set(first) == {"mazeworld-battlespace-start.png", "mazeworld-battlespace-player.png"}
    assert "as the fight begins" in (tmp_path / "a" / "mazeworld-battlespace-start.txt").read_text(encoding="utf-8")


async def test_battlespace_shows_the_askers_own_picture_privately(gm, db):  # noqa: F811
    """`/battlespace` (the front's `picture_command`, like `/map`): the player's own view, "you" marked, as a
    private PNG with the picture in words."""
    from bot.cogs.info import build_cog
    from tests.bot.cog_helpers import command

    game = await games.create_game(db, name="Maze", ruleset="mazeworld", channel_id=CHANNEL, guild_id=1000)
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    cog = build_cog()(gm)
    asked = FakeInteraction(gm, FakeUser(1, "Player1"), channel_id=CHANNEL)
    done = await call(command(cog, "battlespace"), cog, asked, game=None)
    assert done.all_ephemeral
    [reply] = done.sent
    assert reply["file"].filename == "battlespace.png" and reply["file"].fp.read().startswith(b"\x89PNG")
    assert "Player1 (contestant, you): unhurt" in reply["content"] and "Wolf A (hostile)" in reply["content"]
