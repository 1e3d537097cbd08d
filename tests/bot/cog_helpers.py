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


BOT_OPTIONS = {"game", "as_actor", "action"}


def slot_of(name: str, option: str, verb: str | None = None) -> str:
    """The shared option (`with`, `target`...) a player types the game's option `option` of `/name` (the verb
    `verb` under a grouped command) in; the option itself when no game declares it (a bot option, a stray)."""
    from engine import registry

    declared = [c for c in (f.orders.command(verb or name) for f in registry.fronts().values()) if c is not None]
    slots = {o.slot for c in declared for o in c.options if o.name == option and o.slot}
    return slots.pop() if len(slots) == 1 else option


def typed_as(name: str, options: dict):
    """An order given by the game's own option names (`weapon=`, `attempts2=`) as a player gives it on Discord:
    the shared options they are typed in (`with_=`, `amount=`), or None when one of them is chosen only in
    the verb's menu (or the games declaring the verb file it differently): the test then gives it as the
    menu does."""
    from engine import registry

    verb = str(options.get("action") or name)
    declared = [c for c in (f.orders.command(verb) for f in registry.fronts().values()) if c is not None]
    out = {}
    for key, value in options.items():
        if key in BOT_OPTIONS or value is None:
            out[key] = value
            continue
        found = {o for c in declared for o in c.options if o.name == key}
        if not found:
            out[key] = value  # not an option of the verb: typed as is (and refused)
            continue
        slots = {o.slot for o in found}
        if len(slots) != 1 or "" in slots:
            return None
        slot = slots.pop()
        out["with_" if slot == "with" else slot] = str(value) if slot != "amount" and isinstance(value, int) else value
    return out


async def submit_menu(opened: FakeInteraction, user: int, **values) -> FakeInteraction:
    """Choose `values` (option -> value) in the order menu a command opened, and press its button."""
    menu = opened.sent[-1]["view"]
    menu.values.update({name: [str(value)] for name, value in values.items()})
    press = FakeInteraction(opened.client, FakeUser(user, f"Player{user}"))
    await menu.submit(press)
    return press


async def run(cog, name: str, user: int, *, interaction: FakeInteraction | None = None, **options):
    """Run a command as Discord would for Player{user} in the game's channel: the options not given get
    their declared defaults, as discord.py passes them. An order command's options may be given by the game's
    own names: they are typed in the shared options that carry them (`typed_as`), or, for one only the
    verb's menu offers, given as its menu gives it (`GameCommandsCog.give`)."""
    interaction = interaction or FakeInteraction(cog.bot, FakeUser(user, f"Player{user}"))
    cmd = command(cog, name)
    if hasattr(cog, "give") and hasattr(cog, "order"):
        typed = typed_as(name, options)
        if typed is None:
            verb = str(options.pop("action", None) or name)
            game, actor = options.pop("game", None), options.pop("as_actor", None)
            await cog.give(interaction, verb, options, game, actor)
            return interaction
        options = typed
    defaults = {p.name: p.default for p in cmd.parameters if not p.required}
    return await call(cmd, cog, interaction, **(defaults | options))


NOW = NOW
