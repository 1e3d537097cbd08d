"""Issue 33, point 5 ("Moderators too") with point 3's orders card: `/mod orders` shows the card of each of the
game master's characters that may act now, as a player's own card shows theirs (the character's orders for the
step, Change and Withdraw, Add an order), pressed by the game's moderators only; a game without such
characters says so in one line. Mazeworld's wolves (rulings "Sheet and demo roster": the demo fight's two
wolves are the game master's), Infinity's NPC on its post, Battle Royale with none."""

from __future__ import annotations

from bot.cogs.game_commands import build_cog
from bot.cogs.moderation import ModerationCog
from bot.screens import orders as screen
from bot.services.signup import games
from bot.ui.order_card import GameMasterPress, VerbChosen
from bot.ui.order_menu import OrderMenu
from tests.bot.cog_helpers import NOW, run
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.bot.test_buttons_day0 import press
from tests.bot.test_mazeworld_cogs import MODERATOR
from tests.bot.test_mazeworld_cogs import moderator as maze_moderator
from tests.bot.test_moderation_cog import run as mod_run


async def two_wolves(db) -> int:
    """Mazeworld's demo fight against exactly two wolves (its roster's count, rulings "Sheet and demo roster")."""
    encounter = {"cover": {1: "light", 2: "heavy"}, "groups": [{"species": "Wolf", "side": 2, "count": "2"}]}
    game = await games.create_game(
        db, name="Maze", ruleset="mazeworld", channel_id=555, guild_id=1000, settings={"encounter": encounter}
    )
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    return game.id


def cards(shown) -> list[dict]:
    """The messages of a `/mod orders` answer that carry a card (an embed and its buttons)."""
    return [m for m in shown.sent if m.get("view") is not None and m.get("embeds")]


def labels(message) -> dict[str, str]:
    return {b.label: b.custom_id for b in message["view"].children}


def clicked(gm, custom_id: str, user: int, moderator: bool = True) -> tuple:
    item, _ = press(gm, GameMasterPress, custom_id, user)
    interaction = FakeInteraction(gm, FakeUser(user, "Mod" if moderator else f"Player{user}"), manage_guild=moderator)
    interaction.message = None
    return item, interaction


async def test_mod_orders_shows_each_wolfs_card_and_changes_withdraws_and_adds_its_orders(gm, db):
    await two_wolves(db)
    shown = await mod_run(ModerationCog(gm), "mod orders", maze_moderator(gm))
    assert shown.all_ephemeral
    first, second = cards(shown)  # a card per wolf, each a message of its own
    assert first["embeds"][0].title == "Orders of Wolf A in Maze, Turn 1", first["embeds"][0].title
    assert second["embeds"][0].title == "Orders of Wolf B in Maze, Turn 1"
    assert "Still without orders" in (first["content"] or "") and not second.get("content")
    assert "No orders yet for Wolf A" in first["embeds"][0].description
    assert list(labels(first)) == ["Add an order"]

    add, interaction = clicked(gm, labels(first)["Add an order"], MODERATOR)
    await add.callback(interaction)
    chooser = interaction.sent[-1]["view"].children[0]
    assert chooser.custom_id.endswith(":wolf_a") and "attack" in [o.value for o in chooser.options]
    select, _ = press(gm, VerbChosen, chooser.custom_id, MODERATOR)
    chosen = maze_moderator(gm)
    chosen.data = {"values": ["attack"]}
    await select.callback(chosen)
    menu = chosen.sent[-1]["view"]
    assert isinstance(menu, OrderMenu) and menu.actor == "wolf_a", chosen.text

    await run(build_cog()(gm), "attack", MODERATOR, interaction=maze_moderator(gm), as_actor="wolf_a", target="s001")
    again = cards(await mod_run(ModerationCog(gm), "mod orders", maze_moderator(gm)))
    assert "Attack Player1" in again[0]["embeds"][0].description
    assert list(labels(again[0])) == ["Change", "Withdraw these orders", "Add an order"]  # one whole, as a player's
    assert "No orders yet for Wolf B" in again[1]["embeds"][0].description

    change, interaction = clicked(gm, labels(again[0])["Change"], MODERATOR)
    await change.callback(interaction)
    assert "attack" in [o.value for o in interaction.sent[-1]["view"].children[0].options]  # choose anew

    refused, interaction = clicked(gm, labels(again[0])["Withdraw these orders"], 1, moderator=False)
    await refused.callback(interaction)  # a player pressing the game master's button: refused in words
    assert "moderat" in interaction.text.lower() and "withdrawn" not in interaction.text, interaction.text
    still = cards(await mod_run(ModerationCog(gm), "mod orders", maze_moderator(gm)))
    assert "Attack Player1" in still[0]["embeds"][0].description  # nothing changed

    withdraw, interaction = clicked(gm, labels(again[0])["Withdraw these orders"], MODERATOR)
    await withdraw.callback(interaction)
    edited = interaction.sent[-1]
    assert "withdrawn" in (edited["content"] or ""), edited
    assert "No orders yet for Wolf A" in edited["embeds"][0].description
    assert list(labels(edited)) == ["Add an order"]
    late, interaction = clicked(gm, labels(again[0])["Withdraw these orders"], MODERATOR)
    await late.callback(interaction)  # the order is gone: said so, nothing changes
    assert "no longer among" in interaction.text, interaction.text


async def test_mod_orders_says_in_one_line_when_no_character_of_the_game_masters_may_act(gm, db):
    from tests.bot.test_moderation_cog import _night_game

    await _night_game(db)  # Battle Royale: only the players give orders
    shown = await mod_run(ModerationCog(gm), "mod orders")
    assert cards(shown) == [] and shown.text.endswith(screen.TEXTS["gm_none"]), shown.text


async def test_mod_orders_in_infinity_says_none_may_act_on_a_players_post(gm, db):
    from tests.services.orders.test_character_orders import infinity_game

    await infinity_game(db)  # Lena posts first: the game master's Zhanshi waits for its post
    shown = await mod_run(ModerationCog(gm), "mod orders")
    assert cards(shown) == [] and shown.text.endswith(screen.TEXTS["gm_none_now"]), shown.text



def test_the_game_masters_card_pages_as_a_players_with_ids_a_press_finds_again():
    """Nine orders of one character: four a page, the fifth row Add an order and the other pages, every id the
    game master's (no user in it) and read back by `GameMasterPress`; a player's card keeps its own ids."""
    import re

    keys = [f"{n:08x}" for n in range(9)]
    rows = screen.card_buttons(3, 2, 7, keys, page=1, actor="wolf_a")
    assert [len(r) for r in rows] == [2, 2, 2, 2, 3]
    assert [b.label for b in rows[-1]] == ["Add an order", "Orders 1-4", "Orders 9-9"]
    for spec in (b for row in rows for b in row):
        found = re.fullmatch(GameMasterPress.__discord_ui_compiled_template__, spec.custom_id)
        assert found and found["actor"] == "wolf_a" and found["day"] == "2", spec.custom_id
    assert rows[0][0].custom_id == "brbot:gm:3:2:wolf_a:chg:00000004"
    assert screen.card_buttons(3, 2, 7, keys[:1])[0][0].custom_id == "brbot:ord:3:2:7:chg:00000000"


async def test_mod_orders_reads_in_the_moderators_language(gm, db):
    """Who is awaited, the card and its buttons in the moderator's own language (docs/languages.md)."""
    await two_wolves(db)
    asked = FakeInteraction(gm, FakeUser(MODERATOR, "Mod"), manage_guild=True, locale="pt-BR")
    shown = await mod_run(ModerationCog(gm), "mod orders", asked)
    first = cards(shown)[0]
    assert first["content"].startswith("Ainda sem ordens: Player1."), first["content"]
    title = first["embeds"][0].title
    assert title == "Ordens de Lobo A em Maze, Turno 1", title  # its species a data name (docs/languages.md)
    assert list(labels(first)) == ["Adicionar ordem"]


async def wolves(db, count: int) -> int:
    encounter = {"cover": {1: "light", 2: "heavy"}, "groups": [{"species": "Wolf", "side": 2, "count": str(count)}]}
    game = await games.create_game(
        db, name="Maze", ruleset="mazeworld", channel_id=555, guild_id=1000, settings={"encounter": encounter}
    )
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    return game.id


async def test_a_large_cast_is_shown_four_cards_at_a_time_with_a_button_to_the_next(gm, db):
    """Nine wolves: `/mod orders` answers in five messages (four cards, then which characters they were and a
    button to the next ones), never nine follow-ups; the button turns the pages round, for moderators only."""
    from bot.ui.order_card import GameMasterPage

    await wolves(db, 9)
    shown = await mod_run(ModerationCog(gm), "mod orders", maze_moderator(gm))
    assert len(shown.sent) == 5 and shown.all_ephemeral
    titles = [m["embeds"][0].title.split(" in ")[0] for m in cards(shown)]
    assert titles == ["Orders of Wolf A", "Orders of Wolf B", "Orders of Wolf C", "Orders of Wolf D"]
    paging = shown.sent[-1]
    assert paging["content"] == "Characters 1-4 of 9 that may act now.", paging["content"]
    assert list(labels(paging)) == ["More characters (2 of 3)"]

    seen = []
    custom_id = labels(paging)["More characters (2 of 3)"]
    for _ in range(3):
        item = press(gm, GameMasterPage, custom_id, MODERATOR)[0]
        interaction = FakeInteraction(gm, FakeUser(MODERATOR, "Mod"), manage_guild=True)
        interaction.message = None
        await item.callback(interaction)
        assert len(interaction.sent) <= 5 and all(m.get("ephemeral", True) for m in interaction.sent)
        seen.append([m["embeds"][0].title.split(" in ")[0][len("Orders of "):] for m in cards(interaction)])
        custom_id = next(iter(labels(interaction.sent[-1]).values()))
        said = interaction.sent[-1]["content"]
    assert seen == [["Wolf E", "Wolf F", "Wolf G", "Wolf H"], ["Wolf I"], ["Wolf A", "Wolf B", "Wolf C", "Wolf D"]]
    assert said == "Characters 1-4 of 9 that may act now."

    item = press(gm, GameMasterPage, custom_id, 1)[0]
    interaction = FakeInteraction(gm, FakeUser(1, "Player1"), manage_guild=False)
    interaction.message = None
    await item.callback(interaction)  # a player pressing it: refused, shown no card
    assert cards(interaction) == [] and "moderat" in interaction.text.lower(), interaction.text
