"""Shared set-up for the order cog tests: a game at its first night, and who stands where."""
from __future__ import annotations

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.services.steps import resolution
from bot.services.base.common import load_state, store_state
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import NOW, started_game


def command(cog, name: str):
    for cmd in cog.walk_app_commands():
        if cmd.qualified_name == name:
            return cmd
    raise KeyError(name)


def verb_option_choices(under: str, verb: str, option: str):
    """The autocomplete of `option` of the grouped command `/under` once `action` names `verb`, as Discord
    sends it (the options chosen so far in the interaction's namespace)."""
    from bot.ui.autocomplete import option_choices

    pick = option_choices(under, option, grouped=True)

    async def choices(interaction: FakeInteraction, typed: str):
        interaction.namespace.action = verb
        return await pick(interaction, typed)

    return choices


async def night_game(db, players: int = 4, zone: int = 5, **kwargs) -> int:
    """A started game whose Day 0 is resolved with everyone starting in `zone` (The Septagon): Night 1 is open."""
    from bot.services.orders import orders

    game_id = await started_game(db, players=players, **kwargs)
    for user in range(1, players + 1):
        await orders.submit_orders(db, game_id, user, {"kind": "day0", "start_zone": zone}, NOW)
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator")
    return game_id


async def state_of(db, game_id: int):
    async with db.read() as session:
        game = await session.get(Game, game_id)
        return load_state(game)


async def edit_state(db, game_id: int, change) -> None:
    """Apply `change(state)` to the stored state, to set up exactly the situation a test needs."""
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        state = load_state(game)
        change(state)
        store_state(game, state)


async def equip_player(db, game_id: int, user: int, *kinds: str, ammo: int | None = None) -> dict[str, str]:
    """Player `user` carries exactly these items; returns kind -> uid."""
    users = await seats(db, game_id)
    sid = next(s for s, u in users.items() if u == user)
    made: dict[str, str] = {}

    def change(state):
        student = state.students[sid]
        student.items = []
        for kind in kinds:
            item = state.new_item(kind)
            if ammo is not None and item.ammo is not None:
                item.ammo = ammo
            student.items.append(item)
            made[kind] = item.uid
    await edit_state(db, game_id, change)
    return made


async def seats(db, game_id: int) -> dict[str, int]:
    """Seat id -> user id."""
    async with db.read() as session:
        rows = (await session.execute(select(Player).where(Player.game_id == game_id, Player.status == "joined").order_by(Player.id))).scalars()
        return {p.seat: p.user_id for p in rows}


async def pair_in_one_zone(db, game_id: int) -> tuple[int, int, str]:
    """(user, other user in the same zone, the other's seat), or a pair placed together by moving one."""
    state = await state_of(db, game_id)
    users = await seats(db, game_id)
    by_zone: dict[int, list[str]] = {}
    for sid, s in state.students.items():
        by_zone.setdefault(s.zone, []).append(sid)
    for members in by_zone.values():
        if len(members) >= 2:
            return users[members[0]], users[members[1]], members[1]
    raise AssertionError("no two students share a zone")


async def run(cog, name: str, user: int, *, interaction: FakeInteraction | None = None, **options):
    """Run a command as Discord would for Player{user} in the game's channel: the options not given get
    their declared defaults (`attempts` 1, `undo` False, ...), as discord.py passes them."""
    interaction = interaction or FakeInteraction(cog.bot, FakeUser(user, f"Player{user}"))
    defaults = {p.name: p.default for p in command(cog, name).parameters if not p.required}
    return await call(command(cog, name), cog, interaction, **(defaults | options))


NOW = NOW
