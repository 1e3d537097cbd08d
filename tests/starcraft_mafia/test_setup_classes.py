"""A setup's classes (docs/rules/starcraft-mafia.md, "A setup's classes"; issue 32 point 1): which classes are dealt
and their weights, the rulings' dealing generalised (rulings, "Players, teams, classes": requests granted in sign-up
order while the class has fewer than ceil(N/5) players, the others to a class with the fewest players)."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.setup import assign_classes, class_weights
from engine.rulesets.starcraft_mafia.texts import say
from tests.starcraft_mafia.helpers import game, roster, signup

WEIGHTED = {"marine": 2, "medic": 1, "ghost": 1}


def test_without_a_choice_every_class_weighs_one_as_the_rulings_deal():
    assert class_weights(SCMSettings()) == dict.fromkeys(catalog().class_ids(), 1)
    assert class_weights(SCMSettings(classes={"ghost": 1, "marine": 0, "medic": 3})) == {"medic": 3, "ghost": 1}


def test_only_the_classes_in_play_are_dealt_each_in_proportion_to_its_weight():
    settings = SCMSettings(classes=WEIGHTED)
    for seed in range(40):
        classes = assign_classes(roster(12), RecordingRng(seed), settings)
        assert Counter(classes.values()) == {"marine": 6, "medic": 3, "ghost": 3}  # 12 x 2/4, 12 x 1/4
    odd = Counter(c for seed in range(200) for c in assign_classes(roster(9), RecordingRng(seed), settings).values())
    assert set(odd) == set(WEIGHTED)  # 9 players: 4 or 5 Marines, the rest even as the weights allow
    assert 0.45 < odd["marine"] / (9 * 200) < 0.56, odd


def test_requests_are_granted_up_to_the_classes_share_and_a_class_out_of_play_is_refused():
    settings = SCMSettings(classes=WEIGHTED)
    players = [signup(f"g{i}", "ghost") for i in range(4)] + [signup("f0", "firebat"), *roster(7)]
    classes = assign_classes(players, RecordingRng(1), settings)
    assert [s for s, c in classes.items() if c == "ghost"][:3] == ["g0", "g1", "g2"]  # ceil(12 x 1/4) = 3
    assert classes["g3"] != "ghost" and classes["f0"] in WEIGHTED
    state, events = game(players, seed=1, classes=WEIGHTED)
    told = next(e.text for e in events if e.kind == "role" and e.visible_to("f0"))
    given = catalog().cls(state.players["f0"].cls).name
    assert say("request_not_in_play", requested="Firebat", cls=given) in told
    assert {p.cls for p in state.players.values()} <= set(WEIGHTED)


def test_a_bad_choice_of_classes_is_refused_with_every_problem_in_one_message():
    with pytest.raises(ValidationError) as refused:
        SCMSettings(classes={"zealot": 1, "ghost": 21, "medic": "lots"})
    [error] = refused.value.errors()
    message = error["msg"]
    assert "there is no class zealot (the classes are marine, firebat, medic, technician, ghost)" in message
    assert "ghost has the weight 21, but it must be a whole number from 0 to 20" in message
    assert "medic has the weight lots" in message
    with pytest.raises(ValidationError, match="at least one class must have a weight above 0"):
        SCMSettings(classes={"ghost": 0})


def test_the_computer_players_play_a_setup_of_two_classes():
    from bot.services.setups import predict

    results = predict.played("starcraft_mafia", {"classes": {"marine": 1, "medic": 1}}, 8, 1, 2)
    assert results and all(set(r["sides"]) <= {"human", "infested"} for r in results)
