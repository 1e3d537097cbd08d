"""Rulings, "Scripted NPC, end, visibility": public are dice with outcomes, damage dealt, states, Heat and post
order; NPC TNs, save totals and exact health go to moderators only; each player's view holds their own sheet
and nobody else's. Determinism: the same state, orders and seed give the same result, byte for byte; the
scripted demo fight plays to its end with face-offs on both sides."""

from __future__ import annotations

import json

from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.orders import Attack, IIOrders, MoveCover, Switch
from tests.infinity_intervention.helpers import fight, play_scripted, step

SECRET_KINDS = {
    "attack_tn",
    "faceoff_tn",
    "save_total",
    "health",
    "npc_orders",
    "negotiate",
    "freeform",
    "firewalls_down",
    "idle_alert",
    "over_undecided",
}


def test_the_scripted_demo_fight_ends_with_face_offs() -> None:
    """Scripted actors on both sides play the demo fight to its end, reactions included."""
    for seed in range(6):
        results = play_scripted(seed)
        assert RULESET.is_over(results[-1].state), seed
        kinds = {e.kind for r in results for e in r.events}
        assert "react" in kinds and "over" in kinds


def test_secrets_stay_with_moderators_in_every_event() -> None:
    """NPC TNs, save totals and exact health never reach a public event's text or data."""
    for seed in range(6):
        for result in play_scripted(seed):
            for event in result.events:
                if event.kind in SECRET_KINDS:
                    assert event.audience.kind == "moderators", event.kind
                elif event.audience.kind == "public":
                    assert not {"tn", "reactor_tn", "bonus", "wounds", "consciousness", "firewalls"} & set(event.data)
                    assert "TN" not in event.text and " left" not in event.text


def test_a_players_view_shows_their_own_sheet_and_only_states_of_others() -> None:
    """Private: own sheet; others' exact health, points and TNs are never in a view."""
    for result in play_scripted(2)[:40]:
        state = result.state
        for seat, mine in (("s1", "lena"), ("s2", "fusilier")):
            seen = RULESET.view(state, seat)
            assert set(seen["mine"]) == {mine}
            assert seen["mine"][mine]["wounds"] == state.fighters[mine].wounds
            for public in seen["actors"].values():
                assert not {"wounds", "consciousness", "firewalls", "infinity_points", "tns", "readied"} & set(public)
            text = json.dumps({k: v for k, v in seen.items() if k != "mine"})
            for npc in ("yan_huo", "zhanshi"):
                assert f'"{npc}": {{"wounds' not in text
        assert RULESET.view(state, "yan_huo")["mine"] == {}  # an NPC's sheet is the moderators'


def test_the_question_names_no_npc_tn() -> None:
    for result in play_scripted(1):
        question = RULESET.pending(result.state)
        if question is not None:
            attacker = result.state.fighters[result.state.pending.attacker]  # type: ignore[union-attr]
            assert "TN" not in question.prompt and attacker.name in question.prompt
            return
    raise AssertionError("no question in the scripted fight")


def test_same_state_orders_and_seed_give_the_same_result() -> None:
    """Engine rule 1: byte for byte, and the input is not changed."""
    first = [r.to_json() for r in play_scripted(9)]
    assert first == [r.to_json() for r in play_scripted(9)]
    assert first != [r.to_json() for r in play_scripted(10)]
    state = play_scripted(3)[5].state
    before = state.model_dump_json()
    actor = RULESET.awaiting(state)[0]
    orders = RULESET.npc_orders(state, actor, RecordingRng(0))
    a = RULESET.resolve(state, {actor: orders}, RecordingRng(4)).to_json()
    b = RULESET.resolve(state, {actor: orders}, RecordingRng(4)).to_json()
    assert a == b and state.model_dump_json() == before


def test_state_round_trips_through_json() -> None:
    """The state dumps to JSON and parses back to the same state (the bot stores it)."""
    for result in play_scripted(4)[:30]:
        data = json.loads(result.state.model_dump_json())
        assert RULESET.parse_state(data) == result.state


def test_the_moderators_read_an_npcs_orders_before_they_resolve() -> None:
    """Rulings, "Scripted NPC, end, visibility": moderators see "NPC orders before they resolve": the event
    names the post's actions (it said only that there were orders; found by the fake-Discord e2e test)."""
    state = fight(["lena", "zhanshi"])
    state = step(state, None).state  # Lena forfeits: the Zhanshi's post
    assert state.awaited == "zhanshi"
    orders = IIOrders(actions=[MoveCover(level="high"), Switch(item="combirifle"), Attack(target="lena")])
    (told,) = [e for e in RULESET.resolve(state, {"zhanshi": orders}, RecordingRng(3)).events if e.kind == "npc_orders"]
    assert told.audience.kind == "moderators"
    assert told.text == (
        "Zhanshi's orders before they resolve: move to high cover, ready the CombiRifle, attack Lena."
    )
    empty = RULESET.resolve(state, {"zhanshi": IIOrders()}, RecordingRng(3)).events
    assert "Zhanshi's orders before they resolve: no action." in [e.text for e in empty]
