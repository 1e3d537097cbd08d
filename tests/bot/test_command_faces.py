"""Issue 33, "Every game's own face on Discord": points 1, 2 and 5 as a player and a moderator meet them.

- Point 1: an order command carries at most 6 options (every other command at most 8), the same shared ones
  in every game (`target`, `with`, `how`, `amount`; `action` first in a grouped command); each game files its
  options in them (`Option.slot`) and the rest are chosen in the verb's menu, which opens when the command
  is typed without an option the verb needs.
- Point 2: the verb decides, not the command: any verb of the player's game works from any grouped command;
  every command has its own description (at most 100 characters, no backticks, no rulebook reference).
- Point 5: /game create's game is a choice list of the installed games by title; every /mod command has its
  own description and only the options it uses.
"""

from __future__ import annotations

import re

from discord import app_commands

from bot.cogs import cog_classes
from bot.cogs.game_commands import COG as OrdersCog
from bot.cogs.game_commands import merged_commands
from bot.cogs.moderation import ModerationCog
from bot.services.orders import commands as game_orders
from bot.services.orders import day_actions
from bot.ui.declared import slot_problems
from bot.ui.order_menu import OrderMenu
from engine import registry
from engine.front import GROUPED_COMMANDS
from tests.bot.cog_helpers import command, night_game, seats
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.bot.test_scm_cogs import outpost

FIVE = ("battle_royale", "battle_royale_cards", "infinity_intervention", "mazeworld", "starcraft_mafia")
RULEBOOK = re.compile(r"handbook|rulebook|\b[IVX]+\.[A-Z]\b|\([IVX]+\.|§")
MARKUP = re.compile(r"`|\*\*|~~|\|\|")


def every_command():
    """Every slash command (and subcommand) the bot registers, with the commands of groups walked."""
    for cog_class in cog_classes():
        for top in cog_class.__cog_app_commands__:
            found = [top, *top.walk_commands()] if isinstance(top, app_commands.Group) else [top]
            yield from (c for c in found if isinstance(c, app_commands.Command))


ORDER_COMMANDS = {c.name for c in merged_commands()}


def registered(cog_class, name: str) -> app_commands.Command:
    """The command `name` ("game create") of a cog class, as the bot registers it."""
    for top in cog_class.__cog_app_commands__:
        for cmd in [top, *top.walk_commands()] if isinstance(top, app_commands.Group) else [top]:
            if cmd.qualified_name == name:
                return cmd
    raise KeyError(name)


def test_an_order_command_carries_at_most_6_options_and_every_other_at_most_8():
    seen = 0
    for cmd in every_command():
        most = 6 if cmd.qualified_name in ORDER_COMMANDS else 8
        assert len(cmd.parameters) <= most, (cmd.qualified_name, [p.name for p in cmd.parameters])
        seen += cmd.qualified_name in ORDER_COMMANDS
    assert seen == len(ORDER_COMMANDS)
    attack = registered(OrdersCog, "attack")
    assert [p.display_name for p in attack.parameters] == ["target", "with", "how", "amount", "game", "as"]
    for name in GROUPED_COMMANDS:  # the verb decides: every grouped command carries the same options
        assert [p.display_name for p in registered(OrdersCog, name).parameters] == [
            "action", "target", "with", "how", "game", "as"]


def test_every_description_is_its_own_short_plain_and_cites_no_rulebook():
    problems = []
    for cmd in every_command():
        texts = [(cmd.qualified_name, cmd.description)] + [
            (f"{cmd.qualified_name} {p.display_name}", p.description) for p in cmd.parameters]
        for where, text in texts:
            if not 1 <= len(text) <= 100 or MARKUP.search(text) or RULEBOOK.search(text):
                problems.append((where, text))
    assert problems == []
    tops = [c for c in every_command() if c.parent is None or c.parent.name == "mod"]
    descriptions = [c.description for c in tops]
    shared = {d for d in descriptions if descriptions.count(d) > 1}
    assert shared == set(), sorted((c.qualified_name, c.description) for c in tops if c.description in shared)


def test_every_games_declarations_say_the_same_in_its_own_words():
    """A game's own descriptions (its /help lines, its autocomplete labels) obey the same rules, and every
    option of every verb is typed in a shared option or offered in the menu."""
    for name in FIVE:
        front = registry.front(name)
        assert slot_problems(front) == [], name
        for cmd in (*front.orders.commands, *front.moderation):
            for text in (cmd.description, cmd.brief, *(o.description for o in cmd.options)):
                assert len(text) <= 100 and not MARKUP.search(text) and not RULEBOOK.search(text), (name, text)


def test_game_create_offers_the_installed_games_by_title():
    create = registered(ModerationCog, "game create")
    ruleset = next(p for p in create.parameters if p.name == "ruleset")
    assert {(c.name, c.value) for c in ruleset.choices} == {(registry.title(n), n) for n in registry.names()}
    assert {"Battle Royale", "StarCraft Mafia"} <= {c.name for c in ruleset.choices}


def test_each_mod_action_has_its_own_description_and_only_its_options():
    mod = {c.name: c for c in every_command() if c.parent is not None and c.parent.name == "mod"}
    assert [p.display_name for p in mod["revive"].parameters] == ["user", "hp", "zone"]  # Battle Royale's
    assert [p.display_name for p in mod["revive_actor"].parameters] == ["actor"]  # Infinity's, no user
    assert mod["end_combat"].parameters == [] and mod["kill"].description != mod["end_combat"].description
    for name in ("spend_heat", "set_order", "rule"):
        assert "user" not in [p.display_name for p in mod[name].parameters]
        assert "not used" not in mod[name].description


async def test_every_verb_of_every_game_is_a_command_from_every_grouped_command():
    """No true action is refused as "not a command", whichever grouped command it is typed in."""
    for name in FIVE:
        for verb in registry.front(name).orders.commands:
            for under in GROUPED_COMMANDS:
                assert game_orders.declared(name, verb.name, under).name == verb.name


async def test_heal_typed_under_act_heals_in_starcraft_mafia(gm, db):
    """The issue's own example: `/act action:heal` is StarCraft Mafia's heal (filed under /skill)."""
    game_id, seat_of = await outpost(db)
    cog = OrdersCog(gm)
    medic = FakeInteraction(gm, FakeUser(2, "Player2"))
    healed = await call(command(cog, "act"), cog, medic, action="heal", target=seat_of[1], with_=None, how=None,
                        game=None, as_actor=None)
    assert "Order saved" in healed.text and "not a command" not in healed.text, healed.text
    assert (await day_actions.current_payload(db, game_id, 2))["main"]["kind"] == "heal"


async def test_an_order_typed_without_what_it_needs_opens_its_menu_and_the_menu_gives_it(gm, db):
    """`/attack` alone in Battle Royale: the menu of every option (a second and third target too, which no
    shared option carries), four selects a page; its button gives the order as typed."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    cog = OrdersCog(gm)
    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    opened = await call(command(cog, "attack"), cog, player, target=None, with_=None, how=None, amount=None,
                        game=None, as_actor=None)
    menu = opened.sent[-1]["view"]
    assert isinstance(menu, OrderMenu) and opened.all_ephemeral
    assert "/attack" in opened.sent[-1]["embeds"][0].title
    names = [s.name for s in menu.form.selects]
    assert names[:3] == ["weapon", "target", "attempts"] and "target2" in names
    shown = [c.custom_id for c in menu.children]
    assert shown == ["order:attack:weapon", "order:attack:target", "order:attack:attempts", "order:attack:target2",
                     "order:attack:next", "order:attack:submit"]
    other = next(s for s, u in users.items() if u == 2)
    menu.values.update({"weapon": ["unarmed"], "target": [other], "attempts": ["1"]})
    page = FakeInteraction(gm, FakeUser(1, "Player1"))
    await menu.next(page)
    assert [c.custom_id for c in menu.children][0] == "order:attack:attempts2" and page.sent[-1].get("edit")
    press = FakeInteraction(gm, FakeUser(1, "Player1"))
    await menu.submit(press)
    assert "Order saved for Day 1" in press.text, press.text
    action = (await day_actions.current_payload(db, game_id, 1))["action"]
    assert action == {"kind": "attack", "weapon": "unarmed", "attempts": {other: 1}}


async def test_a_text_slot_takes_the_games_number_and_refuses_in_its_words(gm, db):
    """A value the game's option cannot take is refused naming the shared option and the game's own words."""
    await night_game(db)
    cog = OrdersCog(gm)
    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    refused = await call(command(cog, "attack"), cog, player, target="Player2", with_="unarmed", how="hard",
                         amount=None, game=None, as_actor=None)
    assert refused.text.startswith("/attack has no option `how`"), refused.text
