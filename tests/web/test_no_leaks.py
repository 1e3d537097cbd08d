"""A game's page never shows anything a spectator in the channel could not read (issue 25, Privacy): whole
simulated games of every game type, the page read after every step, and none may ever hold a private event's
text, a hidden field of the state, a secret roll, an unrevealed seed, an order, a receipt or a salt before
the end. After the end, the orders, receipts, salts and seeds are published, and still no private event.

What counts as a secret is read from the database, not from the page: events whose audience is not public,
string values of the whole state (`Ruleset.gm_view`) that its public view does not hold, every roll's
purpose and the seeds not yet revealed. A secret that the channel itself was told (a private event whose
words a public one repeats, a field the public post names), or that the rules card and house rules say (an
item's name), is not one.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from sqlalchemy import select

from bot.db.models import DaySeed, EventRow, Game, Order, Outbox, Player, Resolution
from bot.services.pages import public_pages
from bot.services.signup import games
from bot.services.steps import resolution, simulation
from engine import registry

GAMES = [  # (ruleset, players, house rules): small and short, so each whole game is read page by page
    ("battle_royale", 5, {}),
    ("starcraft_mafia", 5, {}),
    ("battle_royale_cards", 2, {"max_rounds": 4}),
    ("mazeworld", 2, {}),
    ("infinity_intervention", 2, {"max_turns": 3}),
]
SHORTEST = 6  # shorter strings (a zone's number, "yes") say nothing on their own


def strings(value: Any) -> set[str]:
    """Every string leaf of JSON data."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def shows(page: str, secret: str) -> bool:
    """Whether the page holds the secret as a whole (not as part of a longer word: "megaphone" in the house
    rule megaphone_affects_user is no leak of a megaphone someone holds)."""
    return re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", page) is not None


def visible(page: str) -> str:
    """The page's text and attribute values, unescaped, as a reader (or a script) could get them."""
    return html.unescape(re.sub(r"\s+", " ", page))


async def secrets_now(db, game_id: int, shown: dict[int, set[str]]) -> tuple[set[str], set[str], bool]:
    """(what must never show, what the channel was told, whether the game is over). `shown` keeps, by step,
    the strings of the public view after it (what its picture showed), read once."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        events = (await session.execute(select(EventRow).where(EventRow.game_id == game_id))).scalars().all()
        told = set(
            (
                await session.execute(select(Outbox.text).where(Outbox.game_id == game_id, Outbox.target == "channel"))
            ).scalars()
        )
        seeds = (await session.execute(select(DaySeed).where(DaySeed.game_id == game_id))).scalars().all()
        records = (
            (
                await session.execute(
                    select(Resolution).where(Resolution.game_id == game_id, Resolution.day.not_in(list(shown)))
                )
            )
            .scalars()
            .all()
        )
        rolls = (await session.execute(select(Resolution.rolls).where(Resolution.game_id == game_id))).scalars().all()
        orders = (await session.execute(select(Order).where(Order.game_id == game_id))).scalars().all()
        salts = (await session.execute(select(Player.salt).where(Player.game_id == game_id))).scalars().all()
    over = game.status == "over"
    ruleset = registry.get(game.ruleset)
    rules = [  # the rules card and the house rules are everyone's to read (/rules)
        " ".join([c.title, c.description, *(line for f in c.fields for line in (f.name, *f.lines))])
        for c in registry.front(game.ruleset).cards.rules()
    ]
    house = ruleset.parse_settings(game.settings).model_dump(mode="json", include=set(ruleset.house_rules()))
    told_text = " ".join([*told, *rules, *strings(house), *house])
    state = ruleset.parse_state(game.state)
    public = strings(ruleset.public_view(state))  # and what every step's picture showed then
    for r in records:
        shown[r.day] = strings(ruleset.public_view(ruleset.parse_state(r.state_after)))
    public |= set().union(*shown.values())
    hidden = strings(ruleset.gm_view(state)) - public
    never: set[str] = {e.text for e in events if e.audience["kind"] != "public"}
    never |= {h for h in hidden if len(h) >= SHORTEST}
    never |= {roll["purpose"] for day in rolls for roll in day or []}
    never |= {s.seed for s in seeds if not s.revealed}
    if not over:
        never |= {o.receipt for o in orders} | set(salts)
        never |= {json.dumps(o.payload, sort_keys=True) for o in orders if o.payload}
    else:  # published at the end: what the orders say is no longer a secret
        never -= {s for o in orders for s in strings(o.payload)}
    never = {s for s in never if len(s) >= SHORTEST and s not in told_text}
    return never, told, over


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("ruleset", "players", "house_rules"), GAMES)
async def test_no_page_ever_shows_a_secret(db, site, monkeypatch, ruleset, players, house_rules):
    pages: list[str] = []
    shown: dict[int, set[str]] = {}
    checked: list[int] = []

    async def read_page(game_id: int) -> None:
        async with db.read() as session:
            key = (await session.execute(select(Game.web_key).where(Game.id == game_id))).scalar_one()
        response = await site.get(f"/g/{key}")
        assert response.status_code == 200
        page = visible(response.text)
        never, told, over = await secrets_now(db, game_id, shown)
        leaked = sorted(s for s in never if s in page and shows(page, s))
        where = [page[max(0, page.find(x) - 300) : page.find(x) + 50] for x in leaked[:1]]
        assert not leaked, f"{ruleset}, step {len(checked)}: the page shows {leaked[:3]} in {where}"
        for text in told:  # and it does show what the channel was told (up to its first markup; in the past after the end)
            text = public_pages.in_the_past(text) if over else text
            start = re.split(r"[<*`\n]", text, maxsplit=1)[0][:30]
            assert visible(start) in page
        checked.append(game_id)
        pages.append(page)

    real = resolution.resolve_day

    async def resolve_and_read(db_, game_id, *args, **kwargs):
        done = await real(db_, game_id, *args, **kwargs)
        await read_page(game_id)
        return done

    monkeypatch.setattr(resolution, "resolve_day", resolve_and_read)
    create = games.create_game

    async def create_with_house_rules(*args, settings, **kwargs):  # as a moderator sets them before sign-ups
        return await create(*args, settings=settings | house_rules, **kwargs)

    monkeypatch.setattr(games, "create_game", create_with_house_rules)
    result = await simulation.simulate(db, players, 3, ruleset=ruleset)
    assert len(checked) >= result.resolved >= 1
    async with db.read() as session:
        assert (await session.get(Game, result.game_id)).status == "over"  # type: ignore[union-attr]
    assert "Fairness" in pages[-1]  # the end's page publishes the orders and seeds
