"""Rulings "Sheet and demo roster (default data)" and the issue's "Encounter set-up as for Mazeworld (demo roster or
an uploaded roster)": a moderator's roster file (`/game create file:`, `Signup.data`) becomes the `roster`
setting, checked by the roster schema with a clear reason; NPCs are required and PCs optional (the demo's PCs
join a roster that has none); the game starts with that fight, the file's other NPCs in the reserve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.front import Refused
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.infinity_intervention.catalog import demo_roster
from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.front.rules_help import setting_lines
from engine.rulesets.infinity_intervention.ruleset import RULESET

GANGERS = """
sheets:
  - id: ganger
    name: Ganger
    side: npc
    attributes: {agility: 9, coordination: 10}
    skills: {ballistics: {expertise: 3}, resistance: {expertise: 1}}
    items: [pistol, knife]
  - id: boss
    name: Boss
    side: npc
    items: [heavy_machine_gun]
    armour: 2
fight: [ganger]
"""


def loaded(text: str) -> tuple[dict, str]:
    return FRONT.signup.data.load(yaml.safe_load(text))


def test_sheet_and_demo_roster_a_roster_of_npcs_gets_the_demo_pcs_and_starts_the_game() -> None:
    """Rulings "Sheet and demo roster": the roster replaces the demo NPCs; with no PC sheet, the demo's PCs play."""
    value, summary = loaded(GANGERS)
    assert FRONT.signup.data is not None and FRONT.signup.data.file.setting == "roster"
    assert summary == "a roster: the PCs Lena, Fusilier against Ganger (2 NPC sheet(s) for reinforcements)"
    settings = RULESET.parse_settings({"roster": value})
    state = RULESET.new_game([SignUp(seat="s1", name="Ann")], settings, RecordingRng(4)).state
    assert sorted(state.fighters) == ["fusilier", "ganger", "lena"]
    assert state.fighters["lena"].controller == "s1" and state.fighters["ganger"].controller is None
    assert state.fighters["ganger"].sheet.attribute("agility") == 9 and state.fighters["ganger"].readied == "pistol"
    assert state.fighters["ganger"].wounds == 8 + 1  # Wounds = Brawn (default 8) + Resistance
    assert [s.id for s in state.reserve] == ["ganger", "boss"]


def test_sheet_and_demo_roster_a_roster_with_its_own_pcs_uses_them() -> None:
    """Rulings "Sheet and demo roster": PCs are optional; given, they are the ones played (no demo PC added)."""
    kai = "  - {id: kai, name: Kai, side: pc, items: [combirifle]}\nfight: [kai, ganger]"
    own = GANGERS.replace("fight: [ganger]", kai)
    value, summary = loaded(own)
    assert "the PCs Kai against Ganger" in summary
    settings = RULESET.parse_settings({"roster": value})
    state = RULESET.new_game([SignUp(seat="s1", name="Ann")], settings, RecordingRng(1))
    assert sorted(state.state.fighters) == ["ganger", "kai"]
    assert state.state.fighters["kai"].infinity_points == 2  # the setting `infinity_points = 2`


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("[pistol, knife]", "[laser]"), "sheets.0.items (sheet ganger): unknown item(s) laser; known: combirifle"),
        (("agility: 9", "agility: 0"), "sheets.0.attributes.agility (sheet ganger): Input should be greater than"),
        (("expertise: 3", "expertise: many"), "sheets.0.skills.ballistics.expertise (sheet ganger): Input should be"),
        (("armour: 2", "armour: 99"), "sheets.1.armour (sheet boss): Input should be less than or equal to 20"),
        (("id: boss", "id: lena"), "the roster gets the demo PCs (lena, fusilier), but its sheet id(s) lena are"),
        (("fight: [ganger]", "fight: [ganger, gunner]"), "fight names unknown sheet(s): gunner"),
        (("side: npc\n    items: [heavy", "side: elf\n    items: [heavy"), "sheets.1.side (sheet boss): Input"),
        (("fight: [ganger]", "fight: [lena, fusilier]"), "a fight needs at least one PC and one NPC"),
        (("    armour: 2", "    armour: 2\n    mana: 3"), "sheets.1.mana (sheet boss): Extra inputs are not permitted"),
    ],
)
def test_sheet_and_demo_roster_a_bad_roster_file_is_refused_naming_the_sheet_and_field(change, words) -> None:
    """Rulings "Sheet and demo roster": a file that does not fit the sheet schema is refused with where and why."""
    with pytest.raises(Refused) as refused:
        loaded(GANGERS.replace(*change))
    assert refused.value.reason.startswith("That roster cannot be used: ")
    assert words in refused.value.reason


def test_sheet_and_demo_roster_the_default_is_the_demo_roster_and_no_house_rule() -> None:
    """Rulings "Sheet and demo roster": without a file, the demo fight; the roster is data, not a house rule (not
    changed with /game settings, not among /rules' house rules)."""
    settings = RULESET.parse_settings({})
    assert settings.roster == demo_roster()
    assert "roster" not in RULESET.house_rules()
    assert not any(line.startswith("`roster =") for line in setting_lines())


def test_sheet_and_demo_roster_the_gm_guides_example_roster_loads() -> None:
    """The example roster file of docs/rules/infinity-intervention.md (the GM's guide) is one the game takes."""
    page = Path(__file__).resolve().parents[2] / "docs" / "rules" / "infinity-intervention.md"
    example = re.search(r"```yaml\n(# gangers\.yaml.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert example is not None
    _, summary = loaded(example.group(1))
    assert summary.startswith("a roster: the PCs ")
