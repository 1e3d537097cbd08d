"""The pacing the contract carries (issue 10), proven on the duel: one actor at a time, an NPC the game master
controls with a scripted policy for the deadline, and a resolution that stops on a question and goes on with
its answer. Battle Royale keeps the defaults: simultaneous, every actor a player's seat, no questions."""
from __future__ import annotations

from engine import registry
from engine.rng import RecordingRng
from engine.ruleset import Actor, SignUp
from tests.duel.rules import BANDIT, RULESET, DuelOrders

HEROES = ("s001", "s002")


def start():
    roster = [SignUp(seat=s, name=n) for s, n in zip(HEROES, ("Ann", "Bo"))]
    return RULESET.new_game(roster, RULESET.parse_settings({}), RecordingRng(1)).state


def step(state, orders=None, seed=1):
    return RULESET.resolve(state, {k: DuelOrders(**v) for k, v in (orders or {}).items()}, RecordingRng(seed))


def test_one_actor_at_a_time_in_turn_order():
    state = start()
    assert RULESET.awaiting(state) == ["s001"]
    state = step(state, {"s001": {"action": "strike"}}).state
    assert RULESET.awaiting(state) == ["s002"] and state.hp[BANDIT] < 8 and state.day == 1
    state = step(state, {"s002": {"action": "guard"}}).state
    assert RULESET.awaiting(state) == [BANDIT]


def test_only_the_awaited_actor_may_order():
    state = start()
    assert RULESET.validate(state, "s002", DuelOrders(action="strike")) == "It is not your turn: Ann acts now."
    assert RULESET.validate(state, "s001", DuelOrders()) == "Choose /strike or /guard."
    assert RULESET.validate(state, "s001", DuelOrders(action="strike")) is None


def test_the_bandit_is_an_npc_of_the_game_master():
    state = start()
    assert RULESET.actors(state) == [Actor("s001", "Ann", "s001"), Actor("s002", "Bo", "s002"),
                                     Actor(BANDIT, "the Bandit", None)]
    assert RULESET.controller(state, BANDIT) is None and RULESET.controller(state, "s002") == "s002"


def test_the_scripted_policy_strikes_the_healthiest_hero_or_guards_when_hurt():
    state = start()
    state.hp["s001"] = 3
    assert RULESET.npc_orders(state, BANDIT, RecordingRng(1)) == DuelOrders(action="strike", target="s002")
    state.hp[BANDIT] = 2
    assert RULESET.npc_orders(state, BANDIT, RecordingRng(1)).action == "guard"


def bandits_turn():
    state = start()
    state = step(state, {"s001": {"action": "guard"}}).state
    return step(state, {"s002": {"action": "guard"}}).state


def test_a_blow_stops_on_a_question_to_the_hero_struck():
    state = step(bandits_turn(), {BANDIT: {"action": "strike", "target": "s002"}}).state
    question = RULESET.pending(state)
    assert question is not None and question.actor == "s002" and question.command == "react"
    assert question.default == "parry" and question.hours == 1
    assert [v for _, v in question.choices] == ["dodge", "parry"]
    assert RULESET.awaiting(state) == ["s002"] and state.hp["s002"] == 6  # nothing landed yet
    assert RULESET.validate(state, "s001", DuelOrders(answer="dodge")) == "The question is not yours to answer."


def test_the_answer_finishes_the_blow_and_the_turn_passes():
    asked = step(bandits_turn(), {BANDIT: {"action": "strike", "target": "s002"}}).state
    damage = asked.blow.damage
    parried = step(asked, {"s002": {"answer": "parry"}}).state
    assert parried.hp["s002"] == 6 - max(damage // 2 - 1, 0)  # half the harm, 1 less for the guard
    assert RULESET.pending(parried) is None and RULESET.awaiting(parried) == ["s001"]
    assert step(asked, {}).state == parried  # no answer by the deadline: the default, parry


def test_the_same_state_orders_and_seed_give_the_same_step():
    state = bandits_turn()
    assert step(state, {}, seed=7).to_json() == step(state, {}, seed=7).to_json()


def test_a_whole_duel_ends_with_winners():
    state, seed = start(), 0
    while not RULESET.is_over(state):
        actor = RULESET.awaiting(state)[0]
        orders = RULESET.npc_orders(state, actor, RecordingRng(seed)) if actor == BANDIT else \
            DuelOrders(answer="dodge") if state.blow else DuelOrders(action="strike")
        state, seed = step(state, {actor: orders.model_dump()}, seed).state, seed + 1
        assert seed < 200
    assert state.winners and RULESET.awaiting(state) == []


def test_battle_royale_keeps_the_defaults():
    br = registry.get("battle_royale")
    assert br.pacing == "simultaneous" and br.step_hours is None
    assert registry.get("battle_royale").pending(None) is None and br.actors(None) == []
    assert br.controller(None, "s001") == "s001"
