"""Issue 23, "Room for more games": the command budget.

With all five games installed the bot registered 67 top-level commands of Discord's 100, and every player
saw every game's verbs (`/stim`, `/butcher`, `/godie` in a Battle Royale game). Now a game keeps the shared
verbs top-level (`/attack`, `/move`, `/vote`, `/cover`) and files its other verbs under the grouped
commands `/item`, `/skill` and `/act`, whose `action` is offered from the player's own game and phase; a
game adds at most `OWN_COMMANDS_BUDGET` top-level commands of its own (docs/rulesets.md, "Command budget").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cogs import COMMANDS_MAX, cog_classes, top_level_names
from bot.cogs.game_commands import COG as OrdersCog
from bot.cogs.game_commands import build_cog
from bot.ui.autocomplete import verb_choices
from bot.ui.declared import DeclarationClash, check_limits, merge, own_top_level
from engine import registry
from engine.front import GROUPED_COMMANDS, OWN_COMMANDS_BUDGET, Command, Front, Option, Orders, Pictures, grouped
from tests.bot.cog_helpers import night_game, run, verb_option_choices
from tests.bot.fakes import FakeInteraction, FakeUser

FIVE = {"battle_royale", "battle_royale_cards", "infinity_intervention", "mazeworld", "starcraft_mafia"}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def registered() -> list[str]:
    """The top-level commands the bot registers, built from the cogs exactly as `setup_hook` adds them."""
    return top_level_names(cog_classes())


def test_the_five_games_register_at_most_50_top_level_commands():
    assert FIVE <= set(registry.fronts())
    names = registered()
    assert len(names) <= 50, sorted(names)
    assert {"attack", "move", "vote", "cover", *GROUPED_COMMANDS} <= set(names)
    assert not {"stim", "butcher", "godie", "search", "send", "sleep"} & set(names)  # another game's verbs


def test_the_installed_games_fit_discords_100_top_level_commands():
    """Fails whenever the installed games (entry points included) would make the bot register more than
    Discord takes: the bot would then refuse to start (`cog_classes`)."""
    assert len(registered()) <= COMMANDS_MAX


def test_every_installed_game_keeps_within_its_budget_and_the_docs_say_so():
    over = {name: sorted(own_top_level(front)) for name, front in registry.fronts().items()
            if len(own_top_level(front)) > OWN_COMMANDS_BUDGET}
    assert over == {}
    docs = DOCS.read_text()
    assert "Command budget" in docs and f"at most {OWN_COMMANDS_BUDGET} top-level commands of its own" in docs
    for name, front in registry.fronts().items():
        if name in FIVE:
            row = next(line for line in docs.splitlines() if line.startswith(f"| {front.title} |"))
            assert all(f"/{own}" in row for own in own_top_level(front)), row


def outside_game(number: int) -> Front:
    """A game installed from outside by entry point, filing its verbs as the budget asks."""
    verbs = tuple(Command(f"verb{number}x{i}", "a verb", (Option("target", "whom", source="t"),)) for i in range(6))
    commands = grouped(
        (Command("attack", "attack", (Option("target", "whom", required=True, source="t"),)), *verbs),
        {v.name: GROUPED_COMMANDS[i % 3] for i, v in enumerate(verbs)},
    )
    picture = Pictures(draw=lambda view: None, command=f"look{number}")
    return Front(title=f"Outside {number}", orders=Orders(commands=commands), picture=picture)


def test_seven_more_games_within_budget_still_fit_and_an_eighth_spending_freely_does_not():
    bot_own = len(registered()) - len({c.path[0] for c in merge(registry.fronts())})
    more = registry.fronts() | {f"outside{n}": outside_game(n) for n in range(7)}
    merged = merge(more)
    assert check_limits(merged, extra_options=2, other_top_level=bot_own) == []
    assert len({c.path[0] for c in merged}) + bot_own <= 50
    spendthrift = Front(
        title="Spendthrift", orders=Orders(commands=tuple(Command(f"own{i}", "a verb of its own") for i in range(80)))
    )
    problems = check_limits(merge(more | {"spendthrift": spendthrift}), extra_options=2, other_top_level=bot_own)
    assert any(f"more than {COMMANDS_MAX}" in p for p in problems)
    with pytest.raises(ValueError, match="do not fit Discord"):
        build_cog(more | {"spendthrift": spendthrift}, other_top_level=bot_own)


def test_a_name_both_grouped_and_of_its_own_is_a_packaging_error():
    one = Front(title="One", orders=Orders(commands=(Command("skill", "a command of its own"),)))
    two = Front(title="Two", orders=Orders(commands=grouped((Command("stab", "a verb"),), {"stab": "skill"})))
    with pytest.raises(DeclarationClash, match="/skill is both"):
        merge({"one": one, "two": two})


def test_a_grouped_command_has_action_first_then_every_verbs_options_none_required():
    skill = next(c for c in merge(registry.fronts()) if c.name == "skill")
    assert skill.grouped and skill.options[0].name == "action" and skill.options[0].required
    assert skill.options[0].autocomplete and not any(o.required for o in skill.options[1:])
    assert {"target", "first_aid_kit", "card", "undo"} <= {o.name for o in skill.options}
    item = {o.name: o for o in next(c for c in merge(registry.fronts()) if c.name == "item").options}
    assert item["how"].autocomplete and not item["how"].choices  # Battle Royale's fixed choices, for its verb only
    built = {c.qualified_name for c in OrdersCog.__cog_app_commands__}
    assert {"item", "skill", "act"} <= built and "stim" not in built


# --- through the cog ------------------------------------------------------------------------------

async def test_action_offers_only_the_players_own_games_verbs_that_apply_now(gm, db):
    """A Battle Royale player choosing `/act action:` sees Battle Royale's verbs, never StarCraft Mafia's
    `sleep` or Infinity's `send`: those it files under /act first, then its others (the verb decides, so
    any of them works from any grouped command); `/skill` offers its skills with what each does."""
    await night_game(db)
    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    acts = [c.value for c in await verb_choices("act")(player, "")]
    assert acts[:4] == ["defend", "search", "run", "hold"] and not {"sleep", "send", "stim"} & set(acts)
    assert {"attack", "heal", "pickup", "cover", "move"} <= set(acts)  # its other verbs follow
    skills = await verb_choices("skill")(FakeInteraction(gm, FakeUser(1, "Player1")), "heal")
    assert [c.value for c in skills] == ["heal"] and skills[0].name.startswith("heal: ")
    assert await verb_choices("item")(FakeInteraction(gm, FakeUser(1, "Player1")), "stim") == []


async def test_a_verb_of_another_game_and_an_option_of_another_verb_get_the_polite_answer(gm, db):
    await night_game(db)
    cog = OrdersCog(gm)
    stim = await run(cog, "skill", 1, action="stim")
    assert stim.text == "/skill action:stim is not an action of Battle Royale: /help lists this game's actions."
    sleep = await run(cog, "skill", 1, action="sleep")  # StarCraft Mafia files it under /act, and BR has none
    assert "/skill action:sleep is not an action of Battle Royale" in sleep.text
    stray = await run(cog, "act", 1, action="search", target="Beach")
    assert stray.text.startswith("/act action:search has no option `target`"), stray.text
    missing = await run(cog, "skill", 1, action="heal")  # its target left out: the menu asks for it
    assert missing.sent[-1]["view"] is not None and "/skill action:heal" in missing.sent[-1]["embeds"][0].title
    done = await run(cog, "act", 1, action="search")
    assert "Order saved for Day 1: Search" in done.text and done.all_ephemeral
    typed = await run(cog, "act", 1, action=" Defend: the label typed by hand")  # not picked from the list
    assert "Order saved for Day 1: Defend" in typed.text


async def test_a_verbs_options_come_from_the_verb_chosen(gm, db):
    await night_game(db)
    heal = await verb_option_choices("skill", "heal", "target")(FakeInteraction(gm, FakeUser(1, "Player1")), "")
    assert heal and heal[0].name == "Player1 (yourself)"
    nothing = await verb_option_choices("skill", "stim", "target")(FakeInteraction(gm, FakeUser(1, "Player1")), "")
    assert nothing == []  # not a verb of this game: no choices, no error


def test_the_bot_refuses_to_start_with_more_than_100_top_level_commands(monkeypatch):
    """`cog_classes` (what `setup_hook` adds) counts every cog's top-level commands, the games' and the bot's
    own together, and refuses a set Discord would reject, naming the count."""
    import sys
    import types

    import bot.cogs

    crowded = types.ModuleType("tests_crowded_cog")
    command = type("Command", (), {"parent": None})
    crowded.COG = type("CrowdedCog", (), {"__cog_app_commands__": [
        type("Named", (command,), {"name": f"extra{i}"})() for i in range(COMMANDS_MAX - len(registered()) + 1)]})
    monkeypatch.setitem(sys.modules, "tests_crowded_cog", crowded)
    monkeypatch.setattr(bot.cogs, "COG_MODULES", [*bot.cogs.COG_MODULES, "tests_crowded_cog"])
    with pytest.raises(ValueError, match=f"{COMMANDS_MAX + 1} top-level commands"):
        cog_classes()
