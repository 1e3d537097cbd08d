"""The rules page's "House rules" table lists every setting, with the default the code really uses.

Rulings: "Each one must be a setting ... and each must be listed, with its default, in the project's own
rules document under 'House rules'."
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.settings import BRSettings

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "battle-royale.md"


def house_rules_rows() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## House rules", 1)[1]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", section, flags=re.M)
    return {name: default.strip() for name, default in rows}


def test_house_rules_table_lists_every_setting():
    assert set(house_rules_rows()) == set(BRSettings.model_fields)


@pytest.mark.parametrize("name", sorted(set(BRSettings.model_fields) - {"island"}))
def test_house_rules_table_gives_the_real_default(name):
    assert house_rules_rows()[name] == str(getattr(BRSettings(), name))


def test_house_rules_island_default_is_the_rulings_map():
    """Rulings, "The island": the default adjacency table."""
    island = BRSettings().island
    assert house_rules_rows()["island"] == island.name
    expected = {1: [4, 5, 7], 2: [3, 5, 6], 3: [2, 5, 7], 4: [1, 6], 5: [1, 2, 3, 7], 6: [2, 4], 7: [1, 3, 5]}
    assert {z: island.neighbours(z) for z in island.zone_ids()} == expected


def test_rules_page_names_every_item():
    text = DOC.read_text(encoding="utf-8")
    missing = [item.name for item in catalog.items().values() if f"| {item.name} |" not in text]
    assert missing == []


def test_rules_page_names_every_ability():
    text = DOC.read_text(encoding="utf-8")
    roles = catalog.roles()
    abilities = [a.name for r in roles.roles for a in r.abilities] + [a.name for a in roles.rival_rewards]
    assert [a for a in abilities if a not in text] == []
