"""A step's post reads as what happened (issue 23, "Infinity's posts"): an empty post says who passed (the channel
got a message holding only the seed line), and a step's events are told in the order they happened, with no
section lifting "Turn N begins" above the previous turn's last actions."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.orders import IIOrders
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import fight, step


def test_a_post_with_no_action_says_that_its_poster_passes():
    state = fight(["lena", "zhanshi"])
    actor = state.fighters[RULESET.awaiting(state)[0]]
    public = [e.text for e in step(state, IIOrders()).events if e.audience.kind == "public"]
    assert f"{actor.name} passes." in public


def test_a_steps_events_are_told_in_the_order_they_happened():
    assert FRONT.posts.sections == ()
    assert all(FRONT.posts.section_of(kind) is None for kind in ("turn", "order", "attack", "damage", "over"))
