"""Issue 10, "the shared layers know no game": the `/mod` actions on a player (Battle Royale's kill, revive,
give and take) are declared by each game's front and built by the bot, within Discord's limits whatever
games are installed; their words, choices and help lines are the game's."""
from __future__ import annotations

import pytest
from discord import app_commands

from bot.cogs.mod_actions import add_actions, check, declared_actions
from bot.services.moderators import moderation
from bot.services.base.errors import ServiceError
from bot.text import say
from bot.ui.rules_help import bot_help
from engine import registry
from engine.front import Front, Moderation, Option
from tests.services.conftest import started_game
from tests.services.conftest import mod

OWN = {"substitute": "Put another person in a player's seat", "orders": "Who has not sent orders",
       "audit": "Every moderator action"}
TEXT = "an option of this game"


def front(title: str, *actions: Moderation) -> Front:
    return Front(title=title, moderation=actions)


def action(name: str, *options: Option, **kwargs) -> Moderation:
    return Moderation(name, f"{name} a player", options, **kwargs)


# The moderators' actions the four games still to come need (issues 11-14): the GM of Mazeworld and
# Infinity runs NPCs and hands out damage; StarCraft Mafia's moderators fix roles. Enough to prove the
# merged `/mod` group fits with all five games installed.
PLANNED = {
    "starcraft_mafia": front("StarCraft Mafia", action("kill", Option("reason", TEXT, required=True)),
                             action("revive"), action("role", Option("role", TEXT, required=True, source="roles"))),
    "mazeworld": front("Mazeworld", action("damage", Option("amount", TEXT, type="integer", required=True)),
                       action("heal", Option("amount", TEXT, type="integer")),
                       action("give", Option("item", TEXT, required=True, source="give")),
                       action("take", Option("item", TEXT, required=True, source="take")),
                       action("spawn", Option("npc", TEXT, required=True, source="npcs")),
                       action("teleport", Option("room", TEXT, source="rooms"))),
    "infinity_intervention": front("Infinity", action("kill", Option("reason", TEXT)),
                                   action("heat", Option("amount", TEXT, type="integer", required=True)),
                                   action("wound", Option("wounds", TEXT, type="integer", min_value=1))),
    "battle_royale_cards": front("Battle Royale cards", action("kill", Option("reason", TEXT)), action("revive"),
                                 action("deal", Option("card", TEXT, required=True, source="cards"))),
}


def test_the_installed_games_actions_fit_the_mod_group():
    actions = declared_actions(registry.fronts())
    assert {a.name for a in actions} >= {"kill", "revive", "give", "take"}
    assert check(actions, OWN) == []


def test_five_games_actions_together_still_fit_discord():
    actions = declared_actions(registry.fronts() | PLANNED)
    assert check(actions, OWN) == []
    kill = next(a for a in actions if a.name == "kill")
    assert kill.games == ["battle_royale", "battle_royale_cards", "infinity_intervention", "starcraft_mafia"]
    assert not next(o for o in kill.options if o.name == "reason").required  # not every game requires it
    group = app_commands.Group(name="mod", description="Moderators")
    add_actions(group, "ModerationCog", registry.fronts() | PLANNED)
    assert len(group.commands) == len(actions) <= 25
    assert all(c.parameters[0].name == "user" and c.parameters[0].required for c in group.commands)


def test_an_action_that_does_not_fit_is_refused_by_name():
    clash = front("Clash", action("audit"), action("big", *(Option(f"o{i}", TEXT) for i in range(25))),
                  action("who", Option("user", TEXT)))
    problems = check(declared_actions({"clash": clash}), OWN)
    assert any("/mod audit: the name is the bot's own" in p for p in problems)
    assert any("/mod big: 26 options" in p for p in problems)
    assert any("'user' is the bot's own" in p for p in problems)
    crowded = front("Crowded", *(action(f"a{n}") for n in range(23)))
    assert any("/mod: 26 subcommands" in p for p in check(declared_actions({"crowded": crowded}), OWN))
    with pytest.raises(ValueError, match="do not fit Discord"):
        add_actions(app_commands.Group(name="mod", description="Moderators"), "ModerationCog", {"clash": clash})


def test_the_help_lists_each_games_actions_in_its_own_words():
    duel = front("Duel", action("wound", Option("wounds", TEXT)), action("heal", help=""))
    lines = next(f for f in bot_help([duel]).fields if "/resolve now" in "\n".join(f.lines)).lines
    assert "`/mod wound` wound a player" in lines and not any("/mod heal" in line for line in lines)
    assert "`/mod kill` and `/mod revive` a student" not in lines  # Battle Royale's words only in its help
    battle_royale = bot_help([registry.front("battle_royale")])
    assert "`/mod kill` and `/mod revive` a student" in "\n".join(l for f in battle_royale.fields for l in f.lines)


async def test_an_action_the_game_does_not_declare_is_refused(db):
    game_id = await started_game(db)
    with pytest.raises(ServiceError) as refused:
        await moderation.act(db, game_id, mod(7), 1, "smite")
    assert refused.value.args[0] == say("no_moderation", action="smite")


def test_an_action_on_the_fight_has_no_player_option_and_one_on_a_player_keeps_it():
    """A game master's actions on the fight (Infinity's Heat and post order, Mazeworld's end of combat) do not ask
    for a player (`Moderation.about_player=False`); before, every `/mod` action had a required `user` the GM had
    to fill with anyone. An action on a player (Battle Royale's kill) keeps it, required and first."""
    group = app_commands.Group(name="mod", description="moderators")
    add_actions(group, "ModerationCog", registry.fronts())
    params = {c.name: [p.name for p in c.parameters] for c in group.commands}
    for fight_action in ("spend_heat", "set_order", "rule", "end_combat", "start_combat", "temerity"):
        assert "user" not in params[fight_action], fight_action
    kill = next(c for c in group.commands if c.name == "kill")
    assert kill.parameters[0].name == "user" and kill.parameters[0].required


async def test_an_action_on_the_fight_needs_no_player_and_one_on_a_player_does(db):
    infinity = await started_game(db, players=1, ruleset="infinity_intervention")
    done = await moderation.act(db, infinity, mod(7), None, "spend_heat", {"kind": "complication", "text": "Sirens."})
    assert done.done == "Heat spent."
    royale = await started_game(db)
    with pytest.raises(ServiceError, match="is about a player"):
        await moderation.act(db, royale, mod(7), None, "kill", {"reason": "left"})
