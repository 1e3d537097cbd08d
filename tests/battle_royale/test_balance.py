"""The weapon balance study: 100,000 simulated hit attempts per weapon against the handbook's averages."""
from __future__ import annotations

import re

import pytest

from engine.rng import RecordingRng
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.studies import study_entries, weapon_study
from tests.shared_rules import rulings_text

TRIALS = 100_000
SEED = 20240601
TOLERANCE = 0.03
HANDBOOK = "battle-royale-handbook.txt"  # in ../shared/rules (tests/shared_rules.py)


@pytest.fixture(scope="module")
def study() -> dict[str, dict]:
    return weapon_study(RecordingRng(SEED, record=False), trials=TRIALS)


def test_every_item_with_a_printed_average_is_studied(study: dict[str, dict]) -> None:
    expected = set()
    for defn in catalog.items().values():
        if defn.average is not None:
            expected.add(defn.name)
            if defn.collateral is not None:
                expected.add(f"{defn.name} (collateral)")
    assert set(study) == expected
    for name in ("Unarmed", "Brass Knuckles", "Paper Fan", "Poison Vial", "Land Mine", "C-4",
                 "Grenade (collateral)", "Molotov Cocktail (collateral)", "Flamethrower (collateral)",
                 "Smoke Grenade (collateral)"):
        assert name in study


@pytest.mark.parametrize("name", [entry[0] for entry in study_entries()])
def test_measured_average_matches_the_handbook(study: dict[str, dict], name: str) -> None:
    result = study[name]
    printed = result["handbook"]
    if printed == 0:
        assert result["measured"] == 0
        return
    assert abs(result["measured"] - printed) <= TOLERANCE * printed, result


def test_traps_are_measured_on_the_handbooks_basis(study: dict[str, dict]) -> None:
    # "Poison Vial ... (Average: 5.1 damage/hit)", "Land Mine ... (Average: 5.2 damage/hit)",
    # "C-4 ... (Average: 3.68 damage/attack)" at its unmodifiable 80%.
    assert study["Poison Vial"]["basis"] == "hit" and study["Poison Vial"]["chance"] == 100
    assert study["Land Mine"]["basis"] == "hit" and study["Land Mine"]["chance"] == 50
    assert study["C-4"]["basis"] == "attempt" and study["C-4"]["chance"] == 80
    # A Land Mine triggers on half the crossings: per attempt it is worth half its per-hit average.
    assert study["Land Mine"]["per_attempt"] == pytest.approx(2.6, rel=TOLERANCE)
    # At 100% per hit and per attempt agree.
    assert study["Poison Vial"]["per_attempt"] == study["Poison Vial"]["per_hit"]
    # C-4 per hit is the table's mean, 4.6.
    assert study["C-4"]["per_hit"] == pytest.approx(4.6, rel=TOLERANCE)


def test_study_uses_the_base_chances_of_the_catalog(study: dict[str, dict]) -> None:
    for defn in catalog.items().values():
        if defn.average is not None and defn.trap is None:
            assert study[defn.name]["chance"] == defn.chance
        if defn.collateral is not None:
            assert study[f"{defn.name} (collateral)"]["chance"] == defn.collateral.chance


def test_study_is_reproducible_and_draws_through_the_rng() -> None:
    a = weapon_study(RecordingRng(7, record=False), trials=200)
    b = weapon_study(RecordingRng(7, record=False), trials=200)
    assert a == b
    rng = RecordingRng(7)
    weapon_study(rng, trials=10)
    assert rng.rolls and all(r.purpose.startswith("balance ") for r in rng.rolls)
    assert all(r.spec.startswith(("d100<=", "table ")) for r in rng.rolls)
    with pytest.raises(ValueError):
        weapon_study(RecordingRng(7, record=False), trials=0)


def test_catalog_averages_are_the_ones_printed_in_the_handbook() -> None:
    """Every "(Average: X damage/..., Y damage/attack collateral)" of handbook V against the catalog."""
    printed: dict[str, list[float]] = {}
    for line in rulings_text(HANDBOOK).splitlines():
        match = re.match(r"\d+\) (.+?) – .*\(Average: ([\d.]+) damage/\w+(?:, ([\d.]+) damage/attack collateral)?\)", line)
        if match:
            printed[match.group(1)] = [float(x) for x in match.groups()[1:] if x]
    aliases = {"Unarmed Melee": "Unarmed"}
    by_name = {d.name: d for d in catalog.items().values()}
    assert len(printed) >= 20
    for name, values in printed.items():
        defn = by_name[aliases.get(name, name)]
        assert defn.average == values[0], name
        if len(values) > 1:
            assert defn.collateral is not None and defn.collateral.average == values[1], name
