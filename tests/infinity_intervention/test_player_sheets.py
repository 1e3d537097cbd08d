"""Infinity: Intervention, players' own sheets (rulings "Sheet and demo roster": the sheet schema): a player's
attached sheet becomes their PC, side forced to pc, added to the opening fight; the others take the roster's
PCs as before (docs/rules/infinity-intervention.md, decisions)."""

from __future__ import annotations

import pytest
import yaml

from engine.front import Refused
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.ruleset import InfinityIntervention
from engine.rulesets.infinity_intervention.view import view

RULES = InfinityIntervention()


def start(signups: list[SignUp]):
    return RULES.new_game(signups, RULES.parse_settings({}), RecordingRng(5)).state


def own(**sheet) -> dict:
    return FRONT.signup.sheet.load(sheet)[0]


def test_sheet_rulings_a_players_sheet_is_their_pc_in_the_fight():
    state = start([
        SignUp(seat="s001", name="A", requests={"sheet": own(name="Kira", side="npc", items=["pistol"])}),
        SignUp(seat="s002", name="B"),
    ])
    kira = state.fighters["kira"]
    assert kira.controller == "s001" and kira.side == "pc" and kira.infinity_points > 0
    assert kira.readied == "pistol" and "kira" in state.order
    assert state.fighters["lena"].controller == "s002" and state.fighters["fusilier"].controller is None
    assert [i for i, f in state.fighters.items() if f.controller == "s001"] == ["kira"]


def test_sheet_rulings_a_name_or_id_already_in_the_fight_is_numbered():
    state = start([
        SignUp(seat="s001", name="A", requests={"sheet": own(name="Lena")}),
        SignUp(seat="s002", name="B", requests={"sheet": own(name="Lena")}),
    ])
    assert state.fighters["lena"].controller is None  # the roster's Lena, the GM's now no player takes her
    assert (state.fighters["lena_2"].name, state.fighters["lena_2"].controller) == ("Lena 2", "s001")
    assert (state.fighters["lena_3"].name, state.fighters["lena_3"].controller) == ("Lena 3", "s002")


@pytest.mark.parametrize(("sheet", "reason"), [
    ({"name": "X", "items": ["laser"]}, "unknown item(s) laser"),
    ({"name": "X", "attributes": {"agility": "quick"}}, "sheet: attributes.agility: Input should be a valid integer"),
    ({"name": "X", "id": "s001"}, "an id may not look like a seat"),
    ({"name": "X", "readied": "knife"}, "readied item 'knife' is not among the sheet's items"),
    ({"name": "@here"}, "sheet: name: use letters"),
    ({"items": []}, "sheet: name: Field required"),
])
def test_sheet_rulings_a_bad_player_sheet_is_refused_with_its_reason(sheet, reason):
    with pytest.raises(Refused) as refused:
        FRONT.signup.sheet.load(sheet)
    assert reason in refused.value.reason


def test_the_template_is_a_sheet_the_game_takes():
    value, summary = FRONT.signup.sheet.load(yaml.safe_load(FRONT.signup.sheet.template()))
    assert value["id"] == "kira" and value["side"] == "pc" and "Kira Vance (id kira, a PC)" in summary


def test_sheet_cards_show_the_players_own_pc_only():
    state = start([
        SignUp(seat="s001", name="A", requests={"sheet": own(name="Kira", items=["knife"])}),
        SignUp(seat="s002", name="B"),
    ])
    titles = [c.title for c in FRONT.cards.sheet(view(state, "s001"))]
    assert titles == ["Kira: your sheet"]
    assert [c.title for c in FRONT.cards.sheet(view(state, "s002"))] == ["Lena: your sheet"]


def test_the_summary_names_skills_armour_and_points_set_on_the_sheet():
    """Rulings "Sheet": attributes default to 8, expertise and focus to 0; what is set is named."""
    said = FRONT.signup.sheet.load({"name": "Kira", "attributes": {"brawn": 10}, "armour": 2, "infinity_points": 3,
                             "skills": {"ballistics": {"expertise": 3, "focus": 1}}})[1]
    assert said.endswith("; also brawn 10, ballistics expertise 3 focus 1, armour 2, 3 Infinity Points")
    assert "Wounds 10" in said


def test_sheet_rulings_a_player_with_no_pc_left_is_a_clear_refusal_not_a_seat_with_nothing():
    """Rulings "Sheet and demo roster": the demo has two PCs. A third player with no sheet of their own would sit
    in the game with no character; the start is refused naming them and what to do (the bot shows the reason
    to the moderator who ran /game start, and nothing starts)."""
    with pytest.raises(ValueError, match="C has no character to play: the fight's 2 PC"):
        start([SignUp(seat=f"s00{n}", name=name) for n, name in enumerate("ABC", start=1)])
    state = start([
        SignUp(seat="s001", name="A"),
        SignUp(seat="s002", name="B"),
        SignUp(seat="s003", name="C", requests={"sheet": own(name="Kira")}),
    ])
    assert {f.controller for f in state.fighters.values() if f.controller} == {"s001", "s002", "s003"}
