"""Mazeworld: players' own sheets (rulings "Sheet and demo roster"; docs/rules/mazeworld.md decisions: the GM's
roster `sheets:` entry wins over the player's attached sheet, which wins over the demo's; a player's sheet is
always a contestant and does not set the fight's own state), and the GM's `as` choices for an NPC (rulings
"Sides, cover, escape, stealth": a stealthed creature is not targetable from other sides)."""

from __future__ import annotations

import pytest
import yaml

from engine.front import Refused
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.mazeworld.front.choosers import targets
from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.view import view
from tests.mazeworld.helpers import fight

OWN = {"name": "Ada Marsh", "ac": "A1", "weapons": [{"name": "AR70/90", "loaded": 30}], "wielded": "AR70/90"}


def start(signups: list[SignUp], **settings):
    return RULESET.new_game(signups, RULESET.parse_settings(settings), RecordingRng(3)).state


def test_sheet_rulings_a_players_sheet_wins_over_the_demo_sheet():
    value, _ = FRONT.signup.sheet.load(OWN)
    state = start([SignUp(seat="s001", name="P1", requests={"sheet": value}), SignUp(seat="s002", name="P2")])
    ada, demo = state.get("s001"), state.get("s002")
    assert ada.name == "Ada Marsh" and ada.wielded == "AR70/90" and set(ada.armour.values()) == {"A1"}
    assert demo.name == "P2" and demo.wielded == "Beretta M9"


def test_sheet_rulings_the_rosters_sheet_wins_over_the_players():
    value, _ = FRONT.signup.sheet.load(OWN)
    encounter = FRONT.signup.data.load({"groups": [{"species": "Wolf", "count": "1"}], "sheets": {"p1": {"name": "GM's"}}})[0]
    state = start([SignUp(seat="s001", name="P1", requests={"sheet": value})], encounter=encounter)
    assert state.get("s001").name == "GM's"


@pytest.mark.parametrize(("sheet", "reason"), [
    ({**OWN, "pain": 0}, "pain cannot be set on a player's sheet"),
    ({**OWN, "wounds": [], "kills": 3}, "wounds, kills cannot be set"),
    ({**OWN, "effects": [{"name": "Quick hands", "is_tier": -1}]}, "effects cannot be set"),
    ({**OWN, "name": "<@123>"}, "sheet: name: use letters"),
    ({**OWN, "skills": {"lasers": 40}}, "sheet: skills: no skill lasers"),
    ({**OWN, "wielded": "Combat knife"}, "wields 'Combat knife', which is not among its weapons"),
    ({**OWN, "items": {"Cake": 1}}, "sheet: no item 'Cake'"),
    ({**OWN, "ac": "Z9"}, "sheet: no armour class 'Z9'"),
    ({"ac": "C1"}, "sheet: name: Field required"),
])
def test_sheet_rulings_a_bad_player_sheet_is_refused_with_its_reason(sheet, reason):
    with pytest.raises(Refused) as refused:
        FRONT.signup.sheet.load(sheet)
    assert reason in refused.value.reason


def test_a_players_sheet_is_always_a_contestant():
    value, summary = FRONT.signup.sheet.load({**OWN, "team": "hostile"})
    state = start([SignUp(seat="s001", name="P1", requests={"sheet": value})])
    assert state.get("s001").team == "contestant"
    assert summary == "Ada Marsh (human, armour A1, side 1); weapons: AR70/90 (in hand); items: none"


def test_the_template_is_a_sheet_the_game_takes():
    value, summary = FRONT.signup.sheet.load(yaml.safe_load(FRONT.signup.sheet.template()))
    assert value["name"] == "Ada Marsh" and "Beretta M9 (in hand)" in summary


def test_sheet_cards_are_the_players_own_sheet_card_of_status():
    state = fight()
    cards = FRONT.cards.sheet(view(state, "s1"))
    assert [c.title for c in cards] == [FRONT.cards.status(view(state, "s1"))[-1].title]


def test_stealth_an_npcs_targets_leave_out_a_stealthed_contestant_on_another_side():
    """"Stealth ... not targetable from other sides": the GM's `as` choices for a wolf hold its legal targets
    only (the engine refuses the others), and a stealthed contestant on the wolf's side stays a target."""
    state = fight(wolves=1, start_stealth="contestants")
    wolf = view(state, "wolf_a")
    assert targets(wolf, "", {}, {}) == []
    refused = RULESET.validate(state, "wolf_a", MazeOrders.model_validate({"action": {"do": "attack", "target": "s1"}}))
    assert refused == "Ann cannot be targeted from here."
    state.get("s1").side = 2
    assert [v for _, v in targets(view(state, "wolf_a"), "", {}, {})] == ["s1"]
    # a player's own view is as before: the stealthed wolf on another side is unseen, the visible one a target
    plain = fight(wolves=1)
    assert [v for _, v in targets(view(plain, "s1"), "", {}, {})] == ["wolf_a"]
    hidden = fight(wolves=1, start_stealth="encounter")
    assert targets(view(hidden, "s1"), "", {}, {}) == []


def test_the_summary_names_every_number_off_the_rulings_defaults():
    """Rulings "Sheet and demo roster" defaults (Agility 0, PBT 100, ...): what differs is named, so the
    moderators see it in /mod view before the start."""
    _, said = FRONT.signup.sheet.load({**OWN, "agility": 2, "pbt": 120, "limbs": {"head": 12}, "skills": {"automatic rifle": 30}})
    assert said.endswith("; also agility 2, pbt 120, head 12 HP, automatic rifle 30 points")
