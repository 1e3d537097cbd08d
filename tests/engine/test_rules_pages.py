"""Every built-in game's players' page (docs/rules/<game>.md) lists its settings under a "House rules" heading, as
the rulings ask ("`name = value` marks a setting a moderator can change (list it under 'House rules')"): the
heading is there and names every house rule the game has (`Ruleset.house_rules`), so a moderator finds each one
where the other games' pages put them. (Battle Royale's defaults are checked row by row in
tests/battle_royale/test_house_rules.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import registry

PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def house_rules_section(game: str) -> str:
    """The text under the page's "## House rules" heading, up to the next heading of the same level."""
    text = (PAGES / f"{game.replace('_', '-')}.md").read_text(encoding="utf-8")
    parts = re.split(r"^## House rules\b.*$", text, maxsplit=1, flags=re.M)
    assert len(parts) == 2, f"docs/rules/{game.replace('_', '-')}.md has no '## House rules' heading"
    return re.split(r"^## ", parts[1], maxsplit=1, flags=re.M)[0]


@pytest.mark.parametrize("game", sorted(registry.BUILT_IN))
def test_every_games_page_lists_its_settings_under_house_rules(game: str) -> None:
    section = house_rules_section(game)
    missing = [name for name in registry.get(game).house_rules() if not re.search(rf"`{name}(`| = )", section)]
    assert missing == [], f"not under 'House rules' on {game}'s page: {missing}"
