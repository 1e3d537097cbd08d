"""The rulebook's worked example (rulings, "Reactions": "The example holds"), played through the engine:
Lena hacks the Yan Huo with Carbonite (opportunity 16, focus range 15-17 reached, both saves failed: 4 Firewalls
damage, Immobilized), moves to high cover and readies her CombiRifle; the Yan Huo resets; Lena fires (TN 13, 4
and 17) and the Yan Huo reacts (TN 16, 10): the Yan Huo wins, and Lena saves 7 + 4 (high cover) = 11 > 10."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.orders import Attack, IIOrders, MoveCover, Reset, Switch
from tests.infinity_intervention.helpers import Dealt, fight, step


def test_rulebook_worked_example_lena_against_the_yan_huo() -> None:
    state = fight(["lena", "yan_huo"])
    assert state.order == ["lena", "yan_huo"]  # "Turns" example: 19 against 15, Lena first
    assert state.heat == 2  # Heat: the PCs' Infinity Points when the mission begins
    hack = IIOrders(actions=[Attack(target="yan_huo"), MoveCover(level="high"), Switch(item="combirifle")])
    result = step(state, hack, Dealt(16, 9, 12))
    state = result.state
    yan, lena = state.fighters["yan_huo"], state.fighters["lena"]
    assert yan.firewalls == 6 - 4  # "4 Damage to Yan Huo's Firewalls": 2 (bracketed) per failed save
    assert yan.immobilized
    assert "hacking:yan_huo" in lena.focus_on  # "+3 expertise bonus to Hacking" against him from now on
    assert state.heat == 3  # a PC reached the focus threshold
    assert lena.cover == "high" and lena.readied == "combirifle" and lena.halves == 0
    texts = [e.text for e in result.events if e.audience.kind == "public"]
    assert any("reaches the focus threshold" in t for t in texts)
    assert not any("critical strike" in t for t in texts)  # no critical hit outside a face-off

    assert state.awaited == "yan_huo"
    state = step(state, IIOrders(actions=[Reset()]), Dealt()).state
    assert not state.fighters["yan_huo"].immobilized and state.fighters["yan_huo"].halves == 2  # one action left

    # He keeps that action for his next post; posting nothing in a rotation where nobody spends ends the turn.
    assert state.awaited == "yan_huo"
    state = step(state, IIOrders(), Dealt()).state
    assert state.turn == 2 and state.awaited == "lena"
    # Lena fires her CombiRifle; the Yan Huo reacts (the script: his TN 16 >= her 13).
    result = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(4, 17, 10, 7))
    state = result.state
    texts = [e.text for e in result.events if e.audience.kind == "public"]
    assert "Yan Huo reacts with the Heavy machine gun: a face-off." in texts
    assert "Lena rolls: 4 success, 17 failure." in texts
    assert "Yan Huo rolls: 10 success." in texts
    assert "Yan Huo wins the face-off." in texts
    assert "Lena's save against 10: rolled 7, saved." in texts  # 7 + 4 high cover = 11 > 10
    assert state.fighters["lena"].wounds == 7
    assert state.fighters["yan_huo"].halves == 2  # the reaction spent one of his two actions
    assert state.heat == 3  # no critical in this face-off
