"""Mazeworld's house rules and default data (mazeworld-rulings.md: every `name = value`, "Default data"):
the settings match the rulings file, the tables hold the rulings' numbers, and a broken table, sheet or
roster is refused with its reason. The ruleset is registered with its front."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.rulesets.mazeworld.catalog import _load, build, catalog
from engine.rulesets.mazeworld.roster import load_encounter, load_sheet
from engine.rulesets.mazeworld.settings import MazeworldSettings
from tests.shared_rules import rulings_text

RULINGS = "mazeworld-rulings.md"  # in ../shared/rules (tests/shared_rules.py)


def _rulings_settings() -> dict[str, str]:
    text = rulings_text(RULINGS)
    return {m[0]: m[1] for m in re.findall(r"`([a-z_]+) = ([^`]+)`", text) if m[0] != "name"}


def test_house_rules_every_setting_of_the_rulings_with_its_default():
    """Rulings: "`name = value` marks a setting": the settings are exactly the rulings' set, same defaults."""
    found = _rulings_settings()
    fields = set(MazeworldSettings.model_fields) - {"encounter"}
    assert fields == set(found)
    defaults = MazeworldSettings().model_dump()
    for name, value in found.items():
        assert str(defaults[name]) == value, name


def test_registered_with_its_front_and_dice_words():
    """Registered once the front works (docs/rules/mazeworld.md): the front declares the `/roll` words."""
    from engine.rulesets.mazeworld.dice import DICE

    assert "mazeworld" in registry.BUILT_IN and "mazeworld" not in registry.DICE_ONLY
    assert registry.get("mazeworld").name == "mazeworld"
    assert registry.front("mazeworld").dice is DICE


def test_default_data_weapons_table():
    """Rulings "Sheet and demo roster", weapons table: skill, IS, modes, magazine, type, Pain, LDV, recoil."""
    w = catalog().weapons
    assert (w["Beretta M9"].weight, w["Beretta M9"].magazine, w["Beretta M9"].pain, w["Beretta M9"].ldv) == (3, 15, 20, 1)
    assert w["Beretta M9"].recoil == 2 and w["Beretta M9"].type == "Bullet"
    assert w["AR70/90"].modes == {"semi": 1, "burst": 3, "auto": 1} and w["AR70/90"].recoil == 3
    assert (w["Iron baseball bat"].hits, w["Iron baseball bat"].weight, w["Iron baseball bat"].pain) == (2, 18, 25)
    assert (w["Combat knife"].hits, w["Combat knife"].type, w["Combat knife"].ldv) == (3, "Sharp", 1)
    assert (w["Fists"].hits, w["Fists"].pain, w["Fists"].ldv) == (2, 5, -2)
    assert w["M67 grenade"].unaimed and w["M67 grenade"].type == "Explosive" and w["M67 grenade"].pain == 60


def test_default_data_protection_chart():
    """Rulings "Damage": the AC table (Bullet; Blunt, Sharp, Piercing; armour level)."""
    a = catalog().armour
    assert [a[c].bullet for c in a] == [1, 1, .85, .7, .55, .4, .25, .05]
    assert [a[c].other for c in a] == [1, .86, .71, .57, .43, .29, .14, .01]
    assert [a[c].level for c in a] == [0, 0, 0, 1, 2, 3, 4, 5]


def test_default_data_creatures_and_human_limbs():
    """Rulings "Damage" (human limb HP) and the creature table (Wolf, Hellhound, Thug)."""
    human = catalog().bodies["human"].parts
    assert {n: p.hp for n, p in human.items()} == {
        "head": 10, "upper body": 40, "lower body": 30, "left arm": 20, "right arm": 20, "left hand": 15,
        "right hand": 15, "left leg": 20, "right leg": 20, "left foot": 15, "right foot": 15}
    wolf = catalog().species["Wolf"]
    assert (wolf.count, wolf.ac, wolf.agility, wolf.flees, wolf.meat) == ("1d3", "C2", 2, True, 20)
    bite = wolf.attacks["Bite"]
    assert (bite.weight, bite.type, bite.pain, bite.ldv) == (3, "Sharp", 15, 1)
    assert {n: p.hp for n, p in catalog().bodies["wolf"].parts.items()}["body"] == 30
    hell = catalog().species["Hellhound"]
    assert (hell.ft, hell.ac, hell.attacks["Bite"].weight, hell.meat) == (5, "A1", 5, 30)
    assert catalog().species["Thug"].weapons == {"Beretta M9": 15}


def test_recoil_windows_table():
    """Rulings "Recoil": full-auto rounds / burst bursts / semi and manual rounds by level."""
    r = catalog().recoil
    assert [(r[n].auto, r[n].burst, r[n].single) for n in range(1, 6)] == [
        (10, None, None), (6, 4, None), (4, 3, None), (3, 2, 6), (2, 1, 3)]


def _raw() -> dict:
    files = {"weapons": "weapons.yaml", "armour": "armour.yaml", "bodies": "bodies.yaml",
             "species": "creatures.yaml", "items": "items.yaml", "recoil": "recoil.yaml",
             "accessories": "accessories.yaml"}
    return {key: _load(f) for key, f in files.items()}


@pytest.mark.parametrize(("change", "reason"), [
    (lambda raw: raw["species"]["Wolf"].update(body="dragon"), "no body plan 'dragon'"),
    (lambda raw: raw["weapons"]["Beretta M9"].pop("magazine"), "needs modes, a magazine"),
    (lambda raw: raw["weapons"]["Beretta M9"].update(modes={"laser": 1}), "fire modes are"),
    (lambda raw: raw["armour"].pop("A5"), "armour classes must be"),
    (lambda raw: raw["weapons"]["Fists"].update(type="Magic"), "weapons.Fists.type"),
])
def test_broken_table_refused_with_its_reason(change, reason):
    raw = _raw()
    change(raw)
    with pytest.raises(ValueError, match=reason):
        build(raw)


@pytest.mark.parametrize(("sheet", "reason"), [
    ({"name": "A", "weapons": [{"name": "Railgun"}]}, "no weapon 'Railgun'"),
    ({"name": "A", "ac": "Z9"}, "no armour class 'Z9'"),
    ({"name": "A", "limbs": {"tail": 5}}, "no part 'tail'"),
    ({"name": "A", "wielded": "Beretta M9"}, "not among its weapons"),
    ({"name": "A", "items": {"Cake": 1}}, "no item 'Cake'"),
    ({"name": "", "species": "human"}, "sheet: name"),
    ({"name": "A", "team": "pirate"}, "sheet: team"),
])
def test_sheet_schema_refusals(sheet, reason):
    """The sheet schema (rulings "Sheet"): a bad sheet is refused with a clear reason."""
    with pytest.raises(ValueError, match=reason):
        load_sheet(sheet)


def test_sheet_defaults_are_the_rulings():
    """Rulings "Sheet": Agility 0, Pain 0, sensitivity 1.0, PBT 100, PDT 150, AC C1, Hunting 0, Repair 1,
    cleanliness 90."""
    sheet = load_sheet({"name": "A", "weapons": [{"name": "Beretta M9"}]})
    assert (sheet.agility, sheet.pain, sheet.pain_sensitivity, sheet.pbt, sheet.pdt) == (0, 0, 1.0, 100, 150)
    assert (sheet.ac, sheet.hunting, sheet.repair, sheet.weapons[0].cleanliness) == ("C1", 0, 1, 90)


@pytest.mark.parametrize(("roster", "reason"), [
    ({"groups": [{"species": "Dragon"}]}, "no creature 'Dragon'"),
    ({"groups": [{"species": "Wolf", "count": "lots"}]}, "is not dice"),
    ({"groups": []}, "groups"),
    ({"cover": {7: "light"}, "groups": [{"species": "Wolf"}]}, "sides are 1 to 4"),
    ({"cover": {1: "thick"}, "groups": [{"species": "Wolf"}]}, "cover"),
])
def test_roster_schema_refusals(roster, reason):
    with pytest.raises(ValueError, match=reason):
        load_encounter(roster)
