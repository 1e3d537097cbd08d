"""A player's page on the web site (`/p/<user>`): their games that have a page on the site's index, and how each
went for them. Only `listed` games: a `link` game's address is its own and travels with nobody's name."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.common import ruleset_of
from bot.services.pages.public_pages import Listed, NoPage
from engine import registry


@dataclass
class PlayerPage:
    """A player's games with a page on the site's index, and how each went for them."""

    user_id: int
    name: str
    games: list[tuple[Listed, str]] = field(default_factory=list)  # (game, result: "won", "lost", "playing", ...)


async def player_page(db: Database, user_id: int) -> PlayerPage:
    """A player's games on the site's index (only `listed` ones: a `link` game's address stays its own) and
    their result in each; `NoPage` when they have none (or no user can have that id)."""
    if isinstance(user_id, bool) or not isinstance(user_id, int) or not 1 <= user_id <= limits.ID_MAX:
        raise NoPage(str(user_id)[:64])
    async with db.read() as session:
        rows = (
            await session.execute(
                select(Player, Game)
                .join(Game, Game.id == Player.game_id)
                .where(Player.user_id == user_id, Game.web == "listed", Player.status != "reserve")
                .order_by(Game.id.desc())
            )
        ).all()
    if not rows:
        raise NoPage(str(user_id))
    page = PlayerPage(user_id=user_id, name=rows[0][0].name)
    for player, game in rows:
        listed = Listed(
            key=game.web_key or "",
            name=game.name,
            title=registry.title(game.ruleset),
            status=game.status,
            day=game.day,
            players=0,
        )
        page.games.append((listed, _result(game, player)))
    return page


def _result(game: Game, player: Player) -> str:
    """How the game went for the player: as the game's outcome says once it is over, else it is still going."""
    if player.status in ("left", "replaced"):
        return "left"
    if game.status != "over" or game.state is None:
        return "playing" if game.status in ("running", "paused") else "signed_up"
    ruleset = ruleset_of(game)
    outcome = ruleset.play.outcome(ruleset.parse_state(game.state))
    if player.seat in outcome["winners"]:
        return "won"
    return "survived" if player.seat in outcome["survivors"] else "lost"
