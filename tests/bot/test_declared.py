"""Issue 10, "Players keep typing the commands they know": one top-level command per name over every
installed game, merged from the games' declarations, always within Discord's limits."""
from __future__ import annotations

import pytest

from bot.cogs.game_commands import build_cog
from bot.ui.declared import DeclarationClash, check_limits, merge
from engine import registry
from engine.front import Command, Front, Option, Orders, grouped


def front(title: str, *commands: Command) -> Front:
    return Front(title=title, orders=Orders(commands=commands))


# The commands the three games still to come will declare, by the names their issues give (issues 12-14),
# with the options their rules need: enough to prove the merged set fits when all five are installed
# (StarCraft Mafia, issue 11, is installed: its real commands are merged).
TEXT = "an option of this game"
PLANNED = {
    "mazeworld": front("Mazeworld", Command("attack", "Mazeworld attack", tuple(
        [Option("target", TEXT, required=True, source="enemies"), Option("weapon", TEXT, required=True, source="weapons"),
         Option("mode", TEXT, choices=(("single", "single"), ("burst", "burst"), ("auto", "auto"))),
         Option("rounds", TEXT, type="integer", min_value=1, max_value=30), Option("part", TEXT, source="parts"),
         Option("bodyaim", TEXT, type="boolean"), Option("concentrate", TEXT, type="boolean")])),
        *(Command(n, f"Mazeworld {n}", (Option("what", TEXT, source="things"),))
          for n in ("cover", "reload", "swap", "use", "move", "escape", "execute", "skip", "sheet", "roll")),
        Command("gm view", "GM view", (), group_description="The game master's tools")),
    "infinity_intervention": front("Infinity", Command("attack", "Infinity attack", (
        Option("target", TEXT, required=True, source="enemies"), Option("weapon", TEXT, source="weapons"),
        Option("mode", TEXT, choices=(("aimed", "aimed"), ("burst", "burst"))), Option("ips", TEXT, type="integer"))),
        *(Command(n, f"Infinity {n}", (Option("what", TEXT, source="things"),))
          for n in ("cover", "switch", "observe", "reset", "negotiate", "react", "pass")),
        *(Command(f"heat {n}", f"Heat: {n}", (), group_description="Spend Heat")
          for n in ("boost", "reorder", "reinforce", "complication"))),
    "battle_royale_cards": front("Battle Royale cards", *(Command(n, f"Cards {n}", (Option("what", TEXT, source="things"),))
                                                          for n in ("board", "step", "attack", "duel", "resurrect",
                                                                    "ability", "endturn", "equip", "swap"))),
}
BOT_OWN = 13  # join, leave, role, day0, orders, status, map, rules, help, log, game, resolve, mod


def test_all_installed_games_fit_discord_with_the_bots_own_commands():
    merged = merge(registry.fronts())
    assert check_limits(merged, extra_options=1, other_top_level=BOT_OWN) == []
    assert "attack" in {c.name for c in merged} and "vote mark" in {c.name for c in merged}


def test_five_games_together_still_fit_discord():
    """All five games installed: one /attack for four games, every limit kept (names, descriptions, 25
    options, 25 subcommands, 100 top-level commands)."""
    merged = merge(registry.fronts())  # issue 23: the five are installed (the budget: test_command_budget.py)
    assert check_limits(merged, extra_options=2, other_top_level=BOT_OWN) == []
    attack = next(c for c in merged if c.name == "attack")
    assert attack.games == ["battle_royale", "battle_royale_cards", "infinity_intervention", "mazeworld",
                            "starcraft_mafia"]
    assert len({c.path[0] for c in merged}) + BOT_OWN <= 100


def test_an_option_is_required_only_if_every_game_requires_it():
    merged = merge({"battle_royale": registry.front("battle_royale"), "mazeworld": PLANNED["mazeworld"]})
    attack = {o.name: o for o in next(c for c in merged if c.name == "attack").options}
    assert attack["weapon"].required and attack["target"].required  # both games require them
    assert not attack["rounds"].required and not attack["attempts"].required
    assert [o.required for o in next(c for c in merged if c.name == "attack").options][:2] == [True, True]


def test_starcraft_mafias_optional_weapon_leaves_the_merged_weapon_optional():
    """Issue 11: `/attack target [weapon]`: the weapon is optional in StarCraft Mafia (the strongest is used),
    so the one /attack no longer requires it; the target stays required (both games require it)."""
    merged = merge({name: registry.front(name) for name in ("battle_royale", "starcraft_mafia")})
    attack = {o.name: o for o in next(c for c in merged if c.name == "attack").options}
    assert attack["target"].required and not attack["weapon"].required
    assert attack["form"].autocomplete and attack["infest"].autocomplete and not attack["form"].choices
    assert check_limits(merged, extra_options=1, other_top_level=BOT_OWN) == []


def test_fixed_choices_that_differ_between_games_come_by_autocomplete():
    merged = merge(PLANNED)
    mode = next(o for o in next(c for c in merged if c.name == "attack").options if o.name == "mode")
    assert mode.choices == () and mode.autocomplete


def test_an_option_of_two_types_is_a_clash_named_by_command_and_option():
    one = front("One", Command("attack", "one", (Option("rounds", TEXT, type="integer"),)))
    two = front("Two", Command("attack", "two", (Option("rounds", TEXT, type="text"),)))
    with pytest.raises(DeclarationClash, match="/attack: option 'rounds'"):
        merge({"one": one, "two": two})


def test_limits_are_checked_and_named():
    too_many = front("Big", Command("big", "many options", tuple(Option(f"o{i}", TEXT) for i in range(25))),
                     Command("bad!", "x"), Command("long", "d" * 101))
    problems = check_limits(merge({"big": too_many}), extra_options=1)
    assert any("/big: 26 options" in p for p in problems)
    assert any("'bad!'" in p for p in problems)
    assert any("/long: a description" in p for p in problems)
    crowded = {f"g{i}": front(f"G{i}", *(Command(f"c{i}x{j}", "x") for j in range(10))) for i in range(10)}
    assert any("top-level commands, more than 100" in p for p in check_limits(merge(crowded), other_top_level=BOT_OWN))


def test_the_bot_refuses_to_build_commands_that_do_not_fit():
    too_many = front("Big", Command("big", "many options", tuple(Option(f"o{i}", TEXT) for i in range(25))))
    with pytest.raises(ValueError, match="do not fit Discord.*a free text must be typed in a shared option"):
        build_cog({"big": too_many})  # 25 free texts: no shared option carries them, no menu can offer them
    two = front("Two", Command("pick", "two in one", (Option("a", TEXT, slot="target"), Option("b", TEXT, slot="target"))))
    with pytest.raises(ValueError, match="two options in 'target'"):
        build_cog({"two": two})
    grouped_amount = front("G", *grouped((Command("count", "Count", (Option("n", TEXT, type="integer", slot="amount"),)),),
                                         {"count": "act"}))
    with pytest.raises(ValueError, match="/act has no shared option 'amount'"):
        build_cog({"g": grouped_amount})


def test_a_bound_discord_cannot_carry_is_a_packaging_error():
    """Issue 15: every option has a range Discord can register; a game's bound beyond it is caught at build."""
    huge = front("Huge", Command("count", "Count", (Option("n", TEXT, type="integer", max_value=2**60),
                                                    Option("note", TEXT, max_length=10_000))))
    problems = check_limits(merge({"huge": huge}))
    assert any("beyond Discord" in p for p in problems) and any("maximum length" in p for p in problems)
    with pytest.raises(ValueError, match="beyond Discord"):
        build_cog({"huge": huge})
