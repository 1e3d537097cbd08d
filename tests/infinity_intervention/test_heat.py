"""Rulings, "Infinity Points and Heat": Heat starts at the PCs' total points (`heat_start = sum_ip`) and is
public; moderators spend it (boost 1, reorder 1, reinforce 2, complication 1), refused with a reason when short
or malformed, changing nothing; the scripted policy spends none. Moderators' `set_order`, `revive`, `end_combat`."""

from __future__ import annotations

import pytest

from engine.ruleset import ModerationRefused
from engine.rulesets.infinity_intervention.orders import IIOrders
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import fight, play_scripted, step


def test_heat_starts_at_the_pcs_points_and_is_public() -> None:
    state = fight(["lena", "fusilier", "zhanshi"])
    assert state.heat == 4
    assert RULESET.view(state, "s1")["heat"] == 4
    assert fight(["lena", "zhanshi"], heat_start="zero").heat == 0


def test_boost_adds_two_tn_in_one_skill_to_an_npc_for_the_combat() -> None:
    state = fight(["fusilier", "zhanshi"])
    result = RULESET.moderate(state, "spend_heat", {"kind": "boost", "actor": "zhanshi", "skill": "ballistics"})
    assert result.state.heat == 1 and result.state.fighters["zhanshi"].boosts == {"ballistics": 2}
    assert result.events[0].audience.kind == "public"
    assert state.heat == 2  # the input is not changed


def test_reorder_moves_an_npc_in_post_order() -> None:
    state = fight(["lena", "fusilier", "zhanshi"])
    result = RULESET.moderate(state, "spend_heat", {"kind": "reorder", "actor": "zhanshi", "after": None})
    assert result.state.order == ["zhanshi", "lena", "fusilier"] and result.state.heat == 3


def test_reinforce_adds_a_roster_npc_acting_from_the_next_turn() -> None:
    state = fight(["fusilier", "zhanshi"])
    result = RULESET.moderate(state, "spend_heat", {"kind": "reinforce", "sheet": "zhanshi"})
    new = result.state
    assert new.heat == 0 and "zhanshi_2" in new.fighters and new.fighters["zhanshi_2"].name == "Zhanshi 2"
    assert new.fighters["zhanshi_2"].halves == 0 and new.fighters["zhanshi_2"].controller is None
    new = step(new, IIOrders()).state
    new = step(new, IIOrders()).state  # a quiet rotation: next turn
    assert new.turn == 2 and new.fighters["zhanshi_2"].halves == 4


def test_complication_is_a_public_narration_with_no_numbers() -> None:
    state = fight(["fusilier", "zhanshi"])
    result = RULESET.moderate(state, "spend_heat", {"kind": "complication", "text": "The exit is sealed."})
    assert result.events[0].audience.kind == "public" and "The exit is sealed." in result.events[0].text
    assert result.state.fighters == state.fighters


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"kind": "reinforce", "sheet": "zhanshi", "x": 1}, None),
        ({"kind": "boost", "actor": "fusilier", "skill": "ballistics"}, "Fusilier is not an NPC."),
        ({"kind": "boost", "actor": "zhanshi", "skill": "flying"}, "flying is not a skill"),
        ({"kind": "damage", "actor": "fusilier"}, "Heat is spent on boost, reorder, reinforce or complication."),
        ({"kind": "complication", "text": " "}, "A complication needs its narration."),
        ({"kind": "reinforce", "sheet": "lena"}, "There is no NPC sheet lena"),
    ],
)
def test_bad_heat_spends_are_refused_with_a_reason(params: dict, reason: str | None) -> None:
    state = fight(["fusilier", "zhanshi"])
    if reason is None:  # a reinforcement costs 2: with 1 Heat it is refused
        state = state.model_copy(update={"heat": 1})
        reason = "That costs 2 Heat; there is 1."
    with pytest.raises(ModerationRefused) as refused:
        RULESET.moderate(state, "spend_heat", params)
    assert reason in refused.value.reason


def test_set_order_revive_and_end_combat() -> None:
    state = fight(["lena", "fusilier", "zhanshi"])
    with pytest.raises(ModerationRefused):
        RULESET.moderate(state, "set_order", {"order": ["lena"]})
    state = RULESET.moderate(state, "set_order", {"order": ["zhanshi", "fusilier", "lena"]}).state
    assert state.order == ["zhanshi", "fusilier", "lena"]
    state.fighters["lena"].incapacitated, state.fighters["lena"].consciousness = True, 0
    state = RULESET.moderate(state, "revive_actor", {"actor": "lena"}).state
    assert state.fighters["lena"].able and state.fighters["lena"].consciousness == 1
    over = RULESET.moderate(state, "end_combat", {}).state
    assert RULESET.is_over(over) and over.outcome == "ended"


def test_the_scripted_policy_spends_no_heat() -> None:
    """Rulings: "The scripted policy spends none": Heat only ever rises in a scripted fight."""
    heats = [r.state.heat for r in play_scripted(5)]
    assert heats == sorted(heats)
