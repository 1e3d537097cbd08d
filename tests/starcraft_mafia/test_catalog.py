"""The data tables: the rulebook's class sheets and the rulings' "Classes and weapons" table, validated on load."""

from __future__ import annotations

import json

import pytest
import yaml
from pydantic import ValidationError

from engine.rulesets.starcraft_mafia import catalog as cat
from engine.rulesets.starcraft_mafia.catalog import catalog


def raw() -> dict:
    with (cat.DATA / "classes.yaml").open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def test_classes_match_the_rulings_table():
    """Rulings, "Classes and weapons": body HP/def, suit HP, def and suit attack, items, abilities."""
    expected = {
        "marine": (10, 0, 30, 2, (8, "melee", 2), ["c14_rifle"], ["stim_pack"]),
        "firebat": (10, 0, 40, 3, (8, "melee", 2), ["perdition_flamethrowers"], ["stim_pack"]),
        "medic": (10, 0, 20, 1, (6, "melee", 1), ["c7_pistol", "optical_flare_grenade"], ["heal"]),
        "technician": (10, 0, 15, 0, (5, "melee", 1), ["c7_pistol"], ["repair", "sabotage"]),
        "ghost": (16, 2, 10, 0, None, ["c10_rifle"], ["cloak", "enhanced_vision", "psychic_probe"]),
    }
    for cid, (body, bdef, suit, sdef, sattack, items, abilities) in expected.items():
        c = catalog().cls(cid)
        got_attack = (c.suit.attack.attack, c.suit.attack.range, c.suit.attack.damage) if c.suit.attack else None
        assert (c.body.hp, c.body.defense, c.suit.hp, c.suit.defense, got_attack) == (body, bdef, suit, sdef, sattack)
        assert (c.items, c.abilities) == (items, abilities)
    ghost = catalog().cls("ghost").body.attack
    assert ghost is not None and (ghost.attack, ghost.range, ghost.damage) == (10, "melee", 3)


def test_zerg_form_and_weapons_match_the_rulings():
    """Rulings: Zerg form 50 / 3, attack 8 melee d8, Infest; weapons (attack, range, damage)."""
    zerg = catalog().zerg
    assert (zerg.body.hp, zerg.body.defense, zerg.abilities) == (50, 3, ["infest"])
    assert zerg.body.attack is not None and (zerg.body.attack.attack, zerg.body.attack.damage) == (8, 8)
    weapons = {w.id: (w.attack, w.range, w.damage, w.mounted) for w in catalog().weapons}
    assert weapons == {
        "c10_rifle": (10, "long", 12, False),
        "c14_rifle": (6, "medium", 6, False),
        "c7_pistol": (5, "short", 4, False),
        "perdition_flamethrowers": (8, "melee", 9, True),
    }
    flare = catalog().gear_item("optical_flare_grenade")
    assert flare is not None and (flare.uses, flare.damage_reduction, flare.rounds) == (2, 2, 5)


def test_ability_kinds_follow_the_rulebook():
    """Rulebook, class sheets: Stim Pack, Sabotage, Cloak offensive; Heal, Repair, Probe active; Vision passive."""
    kinds = {a.id: a.kind for a in catalog().abilities}
    assert kinds == {
        "stim_pack": "offensive",
        "heal": "active",
        "repair": "active",
        "sabotage": "offensive",
        "cloak": "offensive",
        "enhanced_vision": "passive",
        "psychic_probe": "active",
        "infest": "offensive",
    }


def test_a_class_naming_an_unknown_item_is_refused_clearly():
    data = raw()
    data["classes"][0]["items"] = ["laser_sword"]
    with pytest.raises(ValidationError, match="class marine starts with unknown item 'laser_sword'"):
        cat.parse(data)


def test_a_class_without_any_attack_is_refused():
    """Rulebook, Players: everyone but the ghost has a suit attack; the ghost has a body attack."""
    data = raw()
    del data["classes"][4]["body"]["attack"]
    with pytest.raises(ValidationError, match="class ghost needs a suit attack or a body attack"):
        cat.parse(data)


def test_duplicates_misspellings_and_bad_numbers_are_refused(tmp_path):
    data = raw()
    data["weapons"].append(dict(data["weapons"][0]))
    with pytest.raises(ValidationError, match="item 'c10_rifle' is listed twice"):
        cat.parse(data)
    data = raw()
    data["weapons"][0]["rnage"] = "long"
    with pytest.raises(ValidationError, match="rnage"):
        cat.parse(data)
    data = raw()
    data["weapons"][0]["range"] = "orbital"
    with pytest.raises(ValidationError, match="range"):
        cat.parse(data)
    with pytest.raises(ValueError, match="must be a mapping"):
        cat.parse(["not", "a", "table"])


def test_a_table_loads_from_json_too(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(raw()), encoding="utf-8")
    assert cat.load(path) == catalog()
