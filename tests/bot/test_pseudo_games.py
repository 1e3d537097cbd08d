"""Nothing escapes the catalogue in a whole game (issue 31, point 5): a whole game of each of the five games, played
by computer players through the services (`brbot simulate`'s path, `bot.services.steps.simulation`) in the tests'
pseudo-language (`tests/languages/pseudo.py`), the game's language and so every reader's, then delivered by the
outbox worker: every channel post, lobby, DM, thread name and button label a player or moderator is sent, and
every receipt a player's orders get, must be marked throughout, and no English value may be filled into a marked
text. The names players chose (the computer players'), the game's name, what a player types (the card game's
directions) are the only words left: the names from the games' data files are texts of their catalogues
(`<game>.data`) and read in the pseudo-language too."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox, Player
from bot.delivery.worker import OutboxWorker
from bot.languages.reader import localized
from bot.services.orders import orders
from bot.services.signup import games, lobby
from bot.services.steps import simulation
from tests.bot.delivery_helpers import Clock, FakeCourier, drain
from tests.bot.test_pseudo_language import pseudo_language  # noqa: F401  (the fixture)
from tests.languages.pseudo import PSEUDO, english_words, unaccented

MODERATORS = 777  # the moderators' channel
COMPASS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}  # the card game's directions, as a player types them
GAMES = [  # (ruleset, players, house rules): small and short
    ("battle_royale", 5, {}),
    ("starcraft_mafia", 5, {}),
    ("battle_royale_cards", 2, {"max_rounds": 4}),
    ("mazeworld", 2, {}),
    ("infinity_intervention", 2, {"max_turns": 3}),
]


def _message_texts(message) -> list[str]:
    """Every text of one delivered message: its content, its layout's texts, its buttons' labels."""
    found = [message.content] if message.content else []
    if message.layout is not None:
        found += message.layout.texts()
    view = message.view()
    for item in view.children if view is not None else ():
        found += [t for t in (getattr(item, "label", None), getattr(item, "placeholder", None)) if t]
        found += [o.label for o in getattr(item, "options", ())]
    return found


@pytest.mark.parametrize(("ruleset", "players", "house_rules"), GAMES)
async def test_a_whole_game_reaches_every_reader_in_their_language(
    db, pseudo_language, monkeypatch, ruleset, players, house_rules  # noqa: F811
):
    create, start, submit = games.create_game, games.start_game, orders.submit_orders
    clock, courier = Clock(), FakeCourier()
    worker = OutboxWorker(db, courier, clock)
    receipts: list[str] = []

    async def in_pseudo(*args, settings, **kwargs):
        game = await create(*args, settings=settings | house_rules, **kwargs, language=PSEUDO)
        async with db.transaction() as session:  # its lobby (as `/game open` gives it) and moderators' channel
            game = await session.get(Game, game.id)
            game.moderator_channel_id = MODERATORS
            await lobby.open_lobby(session, game)
        return game

    async def lobby_first(*args, **kwargs):  # the lobby as the players saw it before the start, with its buttons
        await drain(worker, clock)
        return await start(*args, **kwargs)

    async def receipt_kept(*args, **kwargs):
        submitted = await submit(*args, **kwargs)
        receipts.append(str(localized(submitted.receipt, PSEUDO)))
        return submitted

    monkeypatch.setattr(games, "create_game", in_pseudo)
    monkeypatch.setattr(games, "start_game", lobby_first)
    monkeypatch.setattr(orders, "submit_orders", receipt_kept)
    result = await simulation.simulate(db, players, 3, ruleset=ruleset)
    await drain(worker, clock, passes=400)
    async with db.read() as session:
        names = set((await session.execute(select(Player.name).where(Player.game_id == result.game_id))).scalars())
        game_name = (await session.execute(select(Game.name).where(Game.id == result.game_id))).scalar_one()
        sent = set((await session.execute(select(Outbox.target).where(Outbox.status == "sent"))).scalars())
    assert sent >= {"lobby", "channel", "dm", "moderators"}, sent  # the lobby was posted, the notes too
    assert any((m.buttons or {}).get("kind") == "lobby" for _, _, m in courier.delivered)  # open, with its buttons
    typed = {w for name in names | {game_name} for w in name.replace("-", " ").split()}
    allowed = typed | COMPASS
    seen = [(kind, target, text) for kind, target, m in courier.delivered for text in _message_texts(m)]
    seen += [("thread", channel, name) for channel, name in courier.threads]
    seen += [("receipt", 0, text) for text in receipts]
    assert {kind for kind, _, _ in seen} >= {"channel", "dm", "receipt"}
    escaped = [
        (kind, target, text)
        for kind, target, text in seen
        if english_words(text, allowed) or unaccented(text, allowed)
    ]
    assert not escaped, "\n\n".join(
        f"{kind} {target}: {english_words(text, allowed) or unaccented(text, allowed)}\n{text[:600]}"
        for kind, target, text in escaped[:12]
    )
