"""Players' own character sheets (bot/services/signup/sheets.py, `Signup.sheet`): issue "players attach their
character sheets (a sheet file or `/sheet` commands) ... Sheets and rosters are validated with clear errors"
and "players see their own sheet (`/sheet`)". Mazeworld's rulings "Sheet and demo roster" and Infinity's
rulings "Sheet" are the schemas; docs/rules/mazeworld.md (decisions) says the GM's roster wins over a player's
sheet, which wins over the demo's."""

from __future__ import annotations

import json

import pytest
import yaml

from bot.db.models import Game, Player
from bot.services.signup import games, sheets
from bot.services.base.common import load_state
from bot.services.base.errors import ServiceError
from engine import registry
from tests.services.conftest import NOW
from tests.services.conftest import mod

SHEET = """name: Ada Marsh
ac: C2
weapons:
  - {name: AR70/90, loaded: 30, spare: 60}
  - {name: Combat knife}
wielded: AR70/90
items: {Bandage: 2}
"""


def file_of(text: str | bytes):
    raw = text.encode() if isinstance(text, str) else text
    fetched: list[bool] = []

    async def read() -> bytes:
        fetched.append(True)
        return raw

    return len(raw), read, fetched


async def attach(db, game_id: int, user: int, text: str | bytes, filename: str = "ada.yaml") -> str:
    size, read, _ = file_of(text)
    return await sheets.attach(db, game_id, user, filename, size, read)


async def signup_game(db, ruleset: str = "mazeworld", players: int = 2, **kwargs) -> int:
    game = await games.create_game(db, name="Maze", ruleset=ruleset, channel_id=555, **kwargs)
    for user in range(1, players + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    return game.id


async def requests_of(db, game_id: int, user: int) -> dict:
    async with db.read() as session:
        players = (await session.execute(Player.__table__.select().where(Player.game_id == game_id).order_by(Player.id))).all()
    return next(p.requests for p in players if p.user_id == user)


async def state_of(db, game_id: int):
    async with db.read() as session:
        return load_state(await session.get(Game, game_id))


async def test_a_players_attached_sheet_is_their_contestant_at_the_start(db):
    """Issue: a player attaches a sheet, the GM starts, the player's contestant has their sheet's weapon."""
    game_id = await signup_game(db)
    said = await attach(db, game_id, 1, SHEET)
    assert "Ada Marsh (human, armour C2, side 1); weapons: AR70/90 (in hand), Combat knife" in said
    assert "Only you and the moderators can see it" in said
    assert (await requests_of(db, game_id, 1))["sheet"]["name"] == "Ada Marsh"
    shown = await sheets.show(db, game_id, 1)
    assert "Ada Marsh" in shown.text and not shown.cards
    assert "no character sheet attached" in (await sheets.show(db, game_id, 2)).text
    await games.start_game(db, game_id, NOW)
    state = await state_of(db, game_id)
    ada, other = state.get("s001"), state.get("s002")
    assert ada.name == "Ada Marsh" and ada.wielded == "AR70/90" and ada.items == {"Bandage": 2}
    assert [w.name for w in ada.weapons] == ["AR70/90", "Combat knife"] and ada.team == "contestant"
    assert other.name == "Player2" and other.wielded == "Beretta M9"  # no sheet: the demo's, named after them
    during = await sheets.show(db, game_id, 1)
    seen = " ".join(f"{c.title} {c.description} {' '.join(' '.join(f.lines) for f in c.fields)}" for c in during.cards)
    assert "Ada Marsh" in seen and "AR70/90" in seen


async def test_the_gms_roster_sheet_wins_over_the_players_own(db):
    """Decision (docs/rules/mazeworld.md): the roster's `sheets:` entry under the player's name wins."""
    roster = {"groups": [{"species": "Wolf", "count": "1"}], "sheets": {"Player1": {"name": "Rostered", "ac": "A1"}}}
    encounter = registry.front("mazeworld").signup.data.load(roster)[0]
    game_id = await signup_game(db, settings={"encounter": encounter})
    await attach(db, game_id, 1, SHEET)
    await attach(db, game_id, 2, SHEET.replace("Ada Marsh", "Bo Marsh"))
    await games.start_game(db, game_id, NOW)
    state = await state_of(db, game_id)
    assert state.get("s001").name == "Rostered" and state.get("s002").name == "Bo Marsh"


@pytest.mark.parametrize("text, filename, reason", [
    (SHEET.replace("AR70/90, loaded", "Laser, loaded"), "ada.yaml", "sheet: no weapon 'Laser'"),
    ("name: Ada\nagility: fast\n", "ada.yaml", "sheet: agility: Input should be a valid integer"),
    ("name: Ada\nstealth: true\n", "ada.yaml", "stealth cannot be set on a player's sheet"),
    ("name: '@everyone'\n", "ada.yaml", "sheet: name: use letters, digits"),
    ("name: Ada\nweapons: [\n", "ada.yaml", "The file cannot be read, line"),
    ('{"name": "Ada",}', "ada.json", "The file cannot be read, line 1"),
    ("- just\n- a list\n", "ada.yaml", "must hold a mapping"),
    (SHEET, "ada.txt", "must be YAML (.yaml, .yml) or JSON (.json)"),
    ("#" * 70_000, "ada.yaml", "the most a character sheet file may be is 64 KiB"),
    (b"\xff\xfe\x00bad", "ada.yaml", "is not UTF-8 text"),
])
async def test_a_bad_sheet_is_refused_with_its_reason_and_changes_nothing(db, text, filename, reason):
    """Issue: "Sheets and rosters are validated with clear errors" (a pydantic schema, documented)."""
    game_id = await signup_game(db)
    await attach(db, game_id, 1, "name: Kept\n")
    with pytest.raises(ServiceError) as refused:
        await attach(db, game_id, 1, text, filename)
    assert reason in refused.value.message and refused.value.message.endswith("Your sheet was not changed.")
    assert (await requests_of(db, game_id, 1))["sheet"] == {"name": "Kept"}


async def test_sheets_only_before_the_start_and_only_for_signed_up_players(db):
    game_id = await signup_game(db)
    size, read, fetched = file_of(SHEET)
    with pytest.raises(ServiceError, match="not signed up for Maze"):
        await sheets.attach(db, game_id, 9, "ada.yaml", size, read)
    await attach(db, game_id, 1, SHEET)
    await games.start_game(db, game_id, NOW)
    for refused in (sheets.attach(db, game_id, 1, "ada.yaml", size, read), sheets.clear(db, game_id, 1)):
        with pytest.raises(ServiceError, match="has started: a sheet can be attached, changed or cleared only"):
            await refused
    assert not fetched  # refused before the file was downloaded
    assert (await requests_of(db, game_id, 1))["sheet"]["name"] == "Ada Marsh"


async def test_clear_takes_the_sheet_off(db):
    game_id = await signup_game(db)
    await attach(db, game_id, 1, SHEET)
    assert "is cleared" in await sheets.clear(db, game_id, 1)
    assert "sheet" not in await requests_of(db, game_id, 1)
    assert "nothing was changed" in await sheets.clear(db, game_id, 1)
    await games.start_game(db, game_id, NOW)
    assert (await state_of(db, game_id)).get("s001").name == "Player1"


async def test_a_game_without_sheets_refuses_them(db):
    game_id = await signup_game(db, ruleset="battle_royale")
    with pytest.raises(ServiceError, match="takes no character sheet from players"):
        await attach(db, game_id, 1, SHEET)
    with pytest.raises(ServiceError, match="takes no character sheet"):
        sheets.template("battle_royale")
    assert await sheets.signup_sheets(db, game_id, mod()) is None


async def test_the_moderators_see_every_attached_sheet_and_players_only_their_own(db):
    """Secrets: a player's sheet is shown to them and to the moderators, never to another player."""
    game_id = await signup_game(db, players=3)
    await attach(db, game_id, 1, SHEET)
    listed = "\n".join(await sheets.signup_sheets(db, game_id, mod()))
    assert "Player1: Ada Marsh (human" in listed and "Player2: no sheet attached" in listed
    other = await sheets.show(db, game_id, 2)
    assert "Ada" not in other.text and "AR70/90" not in other.text
    await games.start_game(db, game_id, NOW)
    other = await sheets.show(db, game_id, 2)
    seen = " ".join(f"{c.title} {c.description} {' '.join(' '.join(f.lines) for f in c.fields)}" for c in other.cards)
    assert "AR70/90" not in seen and "Ada Marsh" not in seen and "Player2" in seen
    with pytest.raises(ServiceError, match="not playing"):
        await sheets.show(db, game_id, 9)


async def test_the_template_is_a_sheet_the_game_takes():
    for ruleset in ("mazeworld", "infinity_intervention"):
        name, text = sheets.template(ruleset)
        assert name == f"{ruleset}-sheet.yaml" and text.startswith("#")
        registry.front(ruleset).signup.sheet.load(yaml.safe_load(text))


async def test_infinity_a_players_attached_sheet_becomes_their_pc(db):
    """Infinity rulings "Sheet": a player's sheet is their PC (side forced to pc); the others take the roster's."""
    game_id = await signup_game(db, ruleset="infinity_intervention")
    mine = {"name": "Kira Vance", "side": "npc", "items": ["pistol", "knife"], "attributes": {"agility": 12}}
    said = await attach(db, game_id, 1, json.dumps(mine), "kira.json")
    assert "Kira Vance (id kira\\_vance, a PC)" in said  # escaped for Discord: shown as kira_vance
    with pytest.raises(ServiceError, match="unknown item"):
        await attach(db, game_id, 2, "name: Bad\nitems: [laser]\n")
    await games.start_game(db, game_id, NOW)
    state = await state_of(db, game_id)
    kira = state.fighters["kira_vance"]
    assert kira.controller == "s001" and kira.side == "pc" and kira.sheet.attributes.agility == 12
    assert state.fighters["lena"].controller == "s002"  # the roster's first PC, as before
    assert "kira_vance" in state.order


async def test_a_sheet_no_longer_accepted_at_the_start_is_dropped_and_both_are_told(db):
    """A sheet checked at upload that the game's tables no longer take (a weapon removed since): the start goes
    on, that player plays the game's own character, and they and the moderators are told why."""
    from sqlalchemy import select

    from bot.db.models import Outbox

    game_id = await signup_game(db)
    await attach(db, game_id, 1, SHEET)
    async with db.transaction() as session:
        player = (await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == 1))).scalar_one()
        player.requests = dict(player.requests) | {"sheet": {"name": "Ada", "weapons": [{"name": "Ray gun"}]}}
    await games.start_game(db, game_id, NOW)
    assert (await state_of(db, game_id)).get("s001").name == "Player1"
    assert "sheet" not in await requests_of(db, game_id, 1)
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    told = {(r.target, r.target_id): r.text for r in rows if "no longer accepted" in r.text}
    assert "Player1's character sheet is no longer accepted (sheet: no weapon 'Ray gun')" in told[("moderators", None)]
    assert "Your character sheet for Maze is no longer accepted" in told[("dm", 1)]
    assert not any("Ray gun" in r.text for r in rows if r.target == "channel")
