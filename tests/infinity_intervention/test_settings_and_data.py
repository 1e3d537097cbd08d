"""Settings against the rulings file, the data tables against the rulings' default data, the sheet and roster
schemas' clear errors, and that the ruleset is registered with its front."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.rulesets.infinity_intervention.catalog import CatalogError, demo_roster, items, load_roster
from engine.rulesets.infinity_intervention.settings import DECIDED, IISettings
from tests.shared_rules import rulings_text

RULINGS = "infinity-intervention-rulings.md"  # in ../shared/rules (tests/shared_rules.py)


def _rulings_settings() -> dict[str, str]:
    text = rulings_text(RULINGS)
    return {m.group(1): m.group(2) for m in re.finditer(r"`([a-z_]+) = ([^`]+)`", text) if m.group(1) != "name"}


def test_every_rulings_setting_is_a_setting_with_its_default() -> None:
    """Rulings: every `name = value` is a setting named as the rulings spell it, with that default (the roster
    is the game's data, not a house rule: `house_rules` leaves it out)."""
    from engine.rulesets.infinity_intervention.ruleset import RULESET

    rulings = _rulings_settings()
    fields = set(RULESET.house_rules())
    assert fields == set(IISettings.model_fields) - {"roster"}
    assert set(rulings) == fields - set(DECIDED)
    defaults = IISettings().model_dump()
    for name, value in rulings.items():
        assert str(defaults[name]) == value, name


def test_weapon_table_is_the_rulings_default_data() -> None:
    """Rulings, "Sheet and demo roster": the weapon table (damage, bracketed damage, qualities)."""
    table = items()
    expected = {
        "combirifle": ("ballistics", "wounds", 1, 2, 2, False),
        "heavy_machine_gun": ("ballistics", "wounds", 1, 3, 3, False),
        "pistol": ("ballistics", "wounds", 1, 2, 1, False),
        "stun_pistol": ("ballistics", "consciousness", 1, 2, 1, False),
        "knife": ("close_combat", "wounds", 1, 2, 1, False),
        "hacking_device": ("hacking", "firewalls", 1, 2, 2, True),
    }
    for key, (skill, health, damage, focus, strikes, immobilizing) in expected.items():
        item = table[key]
        assert (item.skill, item.health, item.damage, item.focus_damage) == (skill, health, damage, focus)
        assert (item.strikes, item.immobilizing) == (strikes, immobilizing)
    assert table["hacking_device"].program == "CLAW-3 Carbonite"


def test_demo_roster_health_matches_the_rulings_table() -> None:
    """Rulings, "Health and effects": Wounds = Brawn + Resistance, ...; the demo roster's W/C/F column."""
    roster = demo_roster()
    expected = {"lena": (7, 9, 17), "fusilier": (10, 9, 8), "yan_huo": (15, 10, 6), "zhanshi": (10, 8, 7)}
    for sheet_id, health in expected.items():
        sheet = roster.sheet(sheet_id)
        assert tuple(sheet.health_max(h) for h in ("wounds", "consciousness", "firewalls")) == health
    assert roster.sheet("yan_huo").armour == 2 and roster.sheet("yan_huo").hackable
    assert roster.sheet("lena").hackable and not roster.sheet("fusilier").hackable
    assert roster.fight == ["lena", "fusilier", "yan_huo", "zhanshi"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("sheets: [{id: a, name: A, side: pc, items: [laser]}]\nfight: [a]", "unknown item(s) laser"),
        ("sheets: [{id: a, name: A, side: pc, items: [knife], readied: pistol}]\nfight: [a]", "readied item"),
        ("sheets: [{id: s12, name: A, side: pc}]\nfight: [s12]", "may not look like a seat"),
        ("sheets: [{id: a, name: A, side: pc}, {id: a, name: B, side: npc}]\nfight: [a]", "used twice"),
        ("sheets: [{id: a, name: A, side: pc}]\nfight: [a]", "at least one PC and one NPC"),
        ("sheets: [{id: a, name: A, side: pc}]\nfight: [b]", "unknown sheet(s): b"),
        ("sheets: [{id: a, name: A, side: pc, attributes: {agility: 0}}]\nfight: [a]", "sheets.0.attributes.agility"),
        ("sheets: [{id: a, name: A, side: pc, colour: red}]\nfight: [a]", "sheets.0.colour"),
        ("- just a list", "a roster is a mapping"),
        ("sheets: [", "not YAML"),
    ],
)
def test_a_bad_roster_is_refused_with_a_clear_reason(text: str, words: str) -> None:
    """Sheet and roster schemas: an upload that does not fit is refused naming the field and the reason."""
    with pytest.raises(CatalogError) as refused:
        load_roster(text, "upload")
    assert words in str(refused.value)
    assert str(refused.value).startswith("upload")


def test_infinity_is_registered_with_its_front() -> None:
    """Issue 13: the front works end to end (tests/infinity_intervention, tests/bot/test_infinity_cogs.py)."""
    assert "infinity_intervention" in registry.BUILT_IN
    assert "infinity_intervention" in registry.names()
    assert registry.front("infinity_intervention").title == "Infinity: Intervention"
