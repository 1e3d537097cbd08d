"""Battle Royale's /rules and its part of /help, as the front declares them (the bot adds its own commands:
tests/bot/test_info_cog.py), and the front's import staying light."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import registry

front = registry.front("battle_royale")


def words(cards) -> str:
    parts = []
    for c in cards:
        parts += [c.title, c.description] + [f"{f.name}: {f.sep.join(f.lines)}" for f in c.fields] + [c.footer]
    return "\n".join(parts)


def test_the_rules_summarise_the_handbook_and_say_where_the_full_rules_are():
    """Handbook III (actions, movement, free actions, votes), the order of a night, the winning conditions; then
    the house rules (tests/bot/test_rules_house_rules.py)."""
    cards = front.cards.rules()
    assert [c.title for c in cards] == [
        "Battle Royale: the rules in short", "Battle Royale: nights, votes and winning",
        "Battle Royale: house rules (defaults)"]
    assert all(c.colour == "red" for c in cards)
    text = words(cards)
    for shown in ("Attack", "Run", "Hold Ground", "Mark", "Close", "Lone Wolf wins", "The order of a night",
                  "Free actions", "docs/rules/battle-royale.md", "/game settings"):
        assert shown in text, shown
    assert [f.name for f in cards[0].fields] == ["Roles and Day 0", "Actions (one a day; the default is Defend)",
                                                 "Movement (one a day, or stay)", "Free actions"]
    assert [f.name for f in cards[1].fields] == ["Votes (all optional)", "The order of a night", "Escape and winning",
                                                 "The full rules"]


def test_help_lists_the_games_own_commands_grouped():
    """Roles, Day 0, actions, movement, free actions and votes; sign-up, information and moderators are the
    bot's own."""
    [card] = front.cards.help()
    assert card.title == "Battle Royale: commands"
    assert [f.name for f in card.fields] == ["Roles (at sign-up)", "Day 0", "Actions (one a day; the default is Defend)",
                                             "Movement", "Free actions", "Votes"]
    text = words([card])
    for name in ("/role choose", "/role lovers", "/role rival", "/day0", "/attack", "/skill action:allout", "/skill action:settrap", "/item action:use",
                 "/act action:defend", "/cover", "/act action:search", "/skill action:analyze", "/skill action:heal", "/move", "/act action:run", "/act action:hold", "/item action:trade", "/item action:pickup",
                 "/item action:drop", "/item action:equip", "/skill action:track", "/vote mark", "/vote close", "/vote reward"):
        assert f"`{name}`" in text, name
    for bot_command in ("/join", "/leave", "/status", "/game", "/mod"):
        assert f"`{bot_command}" not in text, bot_command


def test_importing_the_front_imports_neither_discord_nor_pillow():
    """The front is pure: listing the games (which imports every front) loads no picture library and no
    Discord; Pillow comes in only when a picture is drawn."""
    code = ("import sys; from engine import registry; f = registry.front('battle_royale'); f.cards.rules(); f.cards.help(); "
            "print('discord' in sys.modules, 'PIL' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[3])
    assert out.stdout.split() == ["False", "False"]
