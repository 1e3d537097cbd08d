"""Issue 30, point 4: an ordinary order command reads its game once. `/attack` through `commands.give_order`
(what the cog calls) builds one context from the game's snapshot and hands it down; counted here by the SQL
statements it sends and the states it parses, on both databases: a layer that reads the game again fails."""
from __future__ import annotations

import asyncio

import re

from sqlalchemy import event

from bot.services.base import snapshots
from bot.services.orders import commands
from engine import registry
from tests.bot.cog_helpers import equip_player, night_game
from tests.services.conftest import NOW

ATTACK = {"weapon": "Knife", "target": "Player2"}


class Counted:
    """The statements both engines of a database sent, and the states parsed, while it is in use."""

    def __init__(self, db, monkeypatch) -> None:
        self.db, self.statements, self.parsed = db, [], 0
        ruleset = registry.get("battle_royale")
        parse = ruleset.parse_state

        def parsed(raw):
            self.parsed += 1
            return parse(raw)

        monkeypatch.setattr(ruleset, "parse_state", parsed)

    def _sent(self, _conn, _cursor, statement, *_args) -> None:
        self.statements.append(re.sub(r"\s+", " ", statement))

    def __enter__(self):
        for engine in {self.db.engine, self.db.read_engine}:
            event.listen(engine.sync_engine, "before_cursor_execute", self._sent)
        return self

    def __exit__(self, *_exc) -> None:
        for engine in {self.db.engine, self.db.read_engine}:
            event.remove(engine.sync_engine, "before_cursor_execute", self._sent)

    def reads(self, table: str) -> list[str]:
        return [s for s in self.statements if s.startswith("SELECT") and re.search(rf"\bFROM {table}\b", s)]


async def test_an_ordinary_order_reads_its_game_once(db, monkeypatch):
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife")
    await commands.give_order(db, game_id, 1, "attack", ATTACK, NOW)  # the first order of the step loads its snapshot
    with Counted(db, monkeypatch) as counted:
        given = await commands.give_order(db, game_id, 1, "attack", ATTACK | {"target": "Player3"}, NOW)
    assert given.submitted.payload is not None
    assert counted.parsed == 0  # the snapshot's state, parsed once for the step, serves the command
    # The only read of the game row is the order writer's re-check in its transaction (state revision, day,
    # status, deadline): the player's view, current orders, rights and the submission all come from the context.
    games = counted.reads("games")
    assert len(games) == 1 and "games.state_rev" in games[0] and "games.state," not in games[0]
    assert len(counted.reads("orders")) == 1  # the seat's current orders, once
    assert len(counted.reads("players")) == 1  # the writer's check that the user still holds the seat
    assert len([s for s in counted.statements if s.startswith("SELECT")]) == 3


async def test_a_stale_snapshot_is_read_again_before_a_refusal_stands(db, monkeypatch):
    """The context comes from the cached snapshot: a game changed behind this process's back (the state written
    directly, as another process would) is read fresh before its refusal stands."""
    game_id = await night_game(db)
    await commands.give_order(db, game_id, 1, "defend", {}, NOW)  # the snapshot is cached: no knife yet
    assert snapshots.cached(db, game_id)
    await equip_player(db, game_id, 1, "knife")
    with Counted(db, monkeypatch) as counted:
        given = await commands.give_order(db, game_id, 1, "attack", ATTACK, NOW)
    assert given.submitted.payload is not None and counted.parsed == 1  # the fresh snapshot's state, once


async def test_autocomplete_and_menus_read_the_state_once_a_revision_and_only_the_callers_orders(db, monkeypatch):
    """Issue 33's 100 ms: autocomplete asks at every keystroke, a day's opening brings every player at once.
    The view comes from the game's snapshot, its revision checked each time (the state's JSON is neither read
    nor parsed again), with the one seat's orders; a change written behind the process's back (as another
    process would) is seen at once."""
    from bot.services.orders.player_views import view_and_orders

    game_id = await night_game(db)
    await commands.give_order(db, game_id, 1, "defend", {}, NOW)
    with Counted(db, monkeypatch) as counted:
        for user in (1, 2, 3):
            view, mine = await view_and_orders(db, game_id, user)
    assert counted.parsed == 0 and not any("games.state," in s or "games.state " in s for s in counted.reads("games"))
    assert mine is None and len(counted.reads("orders")) == 3
    assert all("orders.seat IN " in s for s in counted.reads("orders"))  # the caller's seat's alone
    with Counted(db, monkeypatch) as counted:  # asking at the same moment: one read of their seats' orders
        await asyncio.gather(*(view_and_orders(db, game_id, user) for user in (1, 2, 3)))
    assert len(counted.reads("orders")) == 1
    view, mine = await view_and_orders(db, game_id, 1)
    assert mine is not None and mine["action"] == {"kind": "defend"}  # their own current order
    assert not any(i["kind"] == "knife" for i in view["me"]["items"])
    await equip_player(db, game_id, 1, "knife")  # the state written directly: a new revision
    with Counted(db, monkeypatch) as counted:
        view, _ = await view_and_orders(db, game_id, 1)
    assert counted.parsed == 1 and any(i["kind"] == "knife" for i in view["me"]["items"])
