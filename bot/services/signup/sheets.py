"""Players' own character sheets (`Signup.sheet`): attached before the start, kept in the sign-up's requests
for the game's `new_game`, shown to their owner and to the moderators, never to another player.

`attach` reads the player's file like a moderator's data file (`data_files.read_mapping`: size, YAML or JSON,
a mapping) and has the game check it (`Signup.sheet`); the sheet is stored in one transaction, which
checks again that the game has not started and that the player is still signed up. Every refusal says why and
that the sheet was not changed. `show` is the player's own sheet: before the start the summary of the attached
one, during play the game's cards of their own sheet from their own view. `signup_sheets` is the moderators'
list of who attached what (`/mod view` before the start).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.db.session import Database
from bot.services.base import limits, rights
from bot.services.base.common import audit, load_game, outbox
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from bot.services.orders.player_views import player_view
from bot.services.signup.data_files import read_mapping
from bot.text import escape, say
from engine import registry
from engine.front import Card, DataFile, Refused, Sheet

BEFORE_START = ("setup", "signup")
SIGNED_UP = ("joined", "reserve")


@dataclass(frozen=True)
class Shown:
    """A player's sheet as `/sheet show` answers: a line, and during play the game's cards of it."""

    text: str
    cards: list[Card] = field(default_factory=list)


def _declared(game: Game) -> tuple[Sheet, DataFile]:
    """The game's character sheet part and its file, or the refusal of a game that takes none."""
    sheet = registry.front(game.ruleset).signup.sheet
    if sheet is None:
        raise ServiceError(say("sheet_not_taken", game=escape(game.name)))
    return sheet, sheet.file


async def _signed_up(session: Any, game: Game, user_id: int) -> Player:
    row = await session.execute(
        select(Player).where(Player.game_id == game.id, Player.user_id == user_id, Player.status.in_(SIGNED_UP))
    )
    player = row.scalar_one_or_none()
    if player is None:
        raise ServiceError(say("sheet_not_signed_up", game=escape(game.name)))
    return player


async def _changeable(session: Any, game_id: int, user_id: int, lock: bool = False) -> tuple[Game, Player]:
    """The game (still signing up) and the player's sign-up: what attaching or clearing a sheet needs."""
    limits.user_id(user_id)
    game = await load_game(session, game_id, lock=lock)
    _declared(game)
    if game.status not in BEFORE_START:
        raise ServiceError(say("sheet_started", game=escape(game.name)))
    return game, await _signed_up(session, game, user_id)


def summary(declared: Sheet, sheet: Any) -> str:
    """An attached sheet in the game's words (escaped: it is the player's text); the reason if the game no
    longer takes it (its tables changed since it was attached)."""
    try:
        return escape(declared.load(sheet)[1])
    except Refused as refusal:
        return say("sheet_now_refused", reason=escape(refusal.reason))


async def attach(
    db: Database, game_id: int, user_id: int, filename: str, size: int, read: Callable[[], Awaitable[bytes]]
) -> str:
    """Attach the player's sheet file (`read` downloads it, only once everything else allows it)."""
    async with db.read() as session:
        game, _ = await _changeable(session, game_id, user_id)
        taken, declared = _declared(game)
    value, said = await read_mapping(declared, filename, size, read, taken.load, say("sheet_nothing"))
    async with db.transaction() as session:
        game, player = await _changeable(session, game_id, user_id, lock=True)
        player.requests = dict(player.requests) | {declared.setting: value}
        audit(session, game, user_id, "sheet_attached", seat=player.seat)
    return say("sheet_attached", label=declared.label, game=escape(game.name), summary=escape(said))


async def clear(db: Database, game_id: int, user_id: int, by: Caller | None = None) -> str:
    """Take the player's attached sheet off their sign-up: their own doing, or a moderator's (`by`, checked
    here: `rights`), who is answered and the player told by DM so they can attach another."""
    async with db.transaction() as session:
        game, player = await _changeable(session, game_id, user_id, lock=True)
        _, declared = _declared(game)
        moderator = by is not None and getattr(by, "user_id", None) != user_id
        by_id = await rights.moderator(session, game, by) if moderator else user_id
        if declared.setting not in player.requests:
            key = "sheet_none_of_player" if moderator else "sheet_none_to_clear"
            return say(key, label=declared.label, game=escape(game.name), name=escape(player.name))
        player.requests = {k: v for k, v in player.requests.items() if k != declared.setting}
        audit(session, game, by_id, "sheet_cleared", seat=player.seat)
        if not moderator:
            return say("sheet_cleared", label=declared.label, game=escape(game.name))
        told = say("sheet_cleared_by_moderator", label=declared.label, game=escape(game.name))
        outbox(session, game, "dm", player.user_id, told, {"kind": "sheet_cleared"})
        return say("sheet_cleared_of_player", label=declared.label, game=escape(game.name), name=escape(player.name))


async def show(db: Database, game_id: int, user_id: int) -> Shown:
    """The player's own sheet: before the start, the attached one in words; during play, their own cards."""
    limits.user_id(user_id)
    async with db.read() as session:
        game = await load_game(session, game_id)
        taken, declared = _declared(game)
        started = game.status not in BEFORE_START
        sheet = None if started else (await _signed_up(session, game, user_id)).requests.get(declared.setting)
    name = escape(game.name)
    if started:
        cards = registry.front(game.ruleset).cards.sheet(await player_view(db, game_id, user_id))
        return Shown(say("sheet_in_play", game=name), cards)
    if sheet is None:
        return Shown(say("sheet_none", label=declared.label, game=name))
    return Shown(say("sheet_shown", label=declared.label, game=name, summary=summary(taken, sheet)))


async def signup_sheets(db: Database, game_id: int, caller: Caller) -> list[str] | None:
    """The moderators' list before the start: each sign-up and the sheet they attached, if any (None: the game
    takes no sheet). The caller is checked (`rights`)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        await rights.moderator(session, game, caller)
        taken = registry.front(game.ruleset).signup.sheet
        if taken is None:
            return None
        declared = taken.file
        rows = await session.execute(
            select(Player)
            .where(Player.game_id == game_id, Player.status.in_(SIGNED_UP))
            .order_by(Player.status, Player.position)
        )
        players = list(rows.scalars())
    lines = [say("sheets_title", label=declared.label, game=escape(game.name), count=len(players))]
    for p in players:
        sheet = p.requests.get(declared.setting)
        said = summary(taken, sheet) if sheet is not None else say("sheets_none")
        reserve = say("sheets_reserve") if p.status == "reserve" else ""
        lines.append(say("sheets_line", name=escape(p.name), reserve=reserve, sheet=said))
    return lines


def at_start(session: Any, game: Game, players: list[Player]) -> str | None:
    """At the start, in its transaction: the request under which the players' sheets reach `new_game` (None:
    the game takes none). A sheet the game no longer takes (its tables changed since it was attached) is taken
    off: that player starts as if they had attached none, and they and the moderators are told why."""
    taken = registry.front(game.ruleset).signup.sheet
    if taken is None:
        return None
    declared = taken.file
    for player in players:
        sheet = player.requests.get(declared.setting)
        if sheet is None:
            continue
        try:
            taken.load(sheet)
        except Refused as refusal:
            player.requests = {k: v for k, v in player.requests.items() if k != declared.setting}
            reason, label, payload = escape(refusal.reason), declared.label, {"kind": "sheet_dropped"}
            told = say("sheet_dropped", name=escape(player.name), label=label, reason=reason)
            outbox(session, game, "moderators", None, told, payload)
            mine = say("sheet_dropped_yours", label=label, game=escape(game.name), reason=reason)
            outbox(session, game, "dm", player.user_id, mine, payload | {"seat": player.seat})
    return declared.setting


def template(ruleset: str) -> tuple[str, str]:
    """The game's example sheet: a file name and its text."""
    front = registry.front(ruleset)
    text = front.signup.sheet.template() if front.signup.sheet is not None else ""
    if not text:
        raise ServiceError(say("sheet_not_taken", game=escape(front.title or ruleset)))
    return f"{ruleset}-sheet.yaml", text
