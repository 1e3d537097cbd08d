"""A public setup's page on the web site (`/s/<id>`, issue 32 point 5): its versions with their changelog and
balance (predicted beside measured), its lineage (the setup it was forked from, the public setups forked from
it), its latest settings, and the games played with it that are on the site's index, linked to their pages.

Only a `public` setup that is not deleted has a page; a private or a server's setup does not exist here (`NoPage`,
answered 404 like any unknown address). A game is linked only when it is `listed` on the site's index: a `link`
game's address stays its own, and a game without a page is only counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from bot.db.models import Game, Setup, SetupVersion
from bot.db.session import Database
from bot.services.pages.public_pages import USERS, Listed, NoPage, parse_number
from bot.services.setups import setups
from engine import registry

GAMES_SHOWN = 100


@dataclass(frozen=True)
class Origin:
    """A setup on another line of versions: its id (None: not public, so not linked), name and version."""

    setup_id: int | None
    name: str
    number: int


@dataclass
class SetupPage:
    info: setups.SetupInfo
    title: str
    balances: dict[int, setups.Balance]
    forked_from: Origin | None = None
    forks: list[Origin] = field(default_factory=list)
    games: list[tuple[Listed, int]] = field(default_factory=list)  # (game on the index, version number)


def setup_id_of(text: str) -> int:
    return parse_number(text, USERS)


async def setup_page(db: Database, setup_id: int) -> SetupPage:
    """The page of a public setup; `NoPage` for any other."""
    async with db.read() as session:
        setup = await session.get(Setup, setup_id)
        if setup is None or setup.deleted or setup.visibility != "public":
            raise NoPage(str(setup_id))
    info = await setups.show(db, setup_id, user_id=0)
    ids = [v.id for v in info.versions]
    numbers = {v.id: v.number for v in info.versions}
    async with db.read() as session:
        forked_from = None
        parent = info.versions[0].parent_id
        if parent is not None:
            row = (
                await session.execute(
                    select(Setup.id, Setup.name, Setup.visibility, Setup.deleted, SetupVersion.number)
                    .join(SetupVersion, SetupVersion.setup_id == Setup.id)
                    .where(SetupVersion.id == parent)
                )
            ).first()
            if row is not None:
                shown = row.visibility == "public" and not row.deleted
                forked_from = Origin(row.id if shown else None, row.name if shown else "", row.number)
        forks = (
            await session.execute(
                select(Setup.id, Setup.name, SetupVersion.parent_id)
                .join(SetupVersion, SetupVersion.setup_id == Setup.id)
                .where(
                    SetupVersion.number == 1,
                    SetupVersion.parent_id.in_(ids),
                    Setup.visibility == "public",
                    Setup.deleted.is_(False),
                )
                .order_by(Setup.id)
            )
        ).all()
        played = (
            await session.execute(
                select(Game.web_key, Game.name, Game.ruleset, Game.status, Game.day, Game.setup_version_id)
                .where(Game.setup_version_id.in_(ids), Game.web == "listed", Game.web_key.is_not(None))
                .order_by(Game.id.desc())
                .limit(GAMES_SHOWN)
            )
        ).all()
    return SetupPage(
        info=info,
        title=registry.title(info.ruleset),
        balances=await setups.balance(db, ids),
        forked_from=forked_from,
        forks=[Origin(f.id, f.name, numbers[f.parent_id]) for f in forks],
        games=[
            (Listed(g.web_key, g.name, registry.title(g.ruleset), g.status, g.day, 0), numbers[g.setup_version_id])
            for g in played
        ],
    )
