"""Property test (docs/engine.md, "Testing"): random orders that `validate` accepts never make `resolve` raise,
never put a moderators' secret in a public event, and keep every health total within 0 and its maximum; random
answers to face-offs, random Infinity Point spends, random Heat spends between posts included."""

from __future__ import annotations

import random

from engine.rng import RecordingRng
from engine.ruleset import ModerationRefused, SignUp
from engine.rulesets.infinity_intervention.catalog import items
from engine.rulesets.infinity_intervention.orders import (
    Action,
    Answer,
    Attack,
    Freeform,
    IIOrders,
    MoveCover,
    Negotiate,
    Observe,
    Reset,
    Switch,
)
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.state import CombatState

SECRET_KEYS = {"tn", "reactor_tn", "bonus", "wounds", "consciousness", "firewalls", "orders", "text"}


def _random_orders(state: CombatState, actor: str, pick: random.Random) -> IIOrders:
    if state.pending is not None:
        answer = Answer(choice=pick.choice(["react", "take"]), ip_saves=pick.randint(0, 2), ip_crit=pick.randint(0, 2))
        return IIOrders(answer=answer)
    fighter = state.fighters[actor]
    pool: list[Action] = [Observe(), Reset(), Negotiate(text="x"), Freeform(text="y")]
    pool += [MoveCover(level=level) for level in ("none", "low", "high")]
    pool += [Switch(item=i) for i in fighter.sheet.items if i in items()]
    pool += [Attack(target=t, ip_saves=pick.randint(0, 1)) for t in state.order if t != actor] * 3
    actions = [pick.choice(pool) for _ in range(pick.randint(0, 4))]
    others = [i for i in state.order if i != actor]
    orders = IIOrders(
        actions=actions,
        extra_action=pick.random() < 0.2,
        insert_after=pick.choice(others) if pick.random() < 0.1 else None,
        standing=Answer(choice="react") if pick.random() < 0.1 and fighter.side == "pc" else None,
    )
    return orders


def test_random_legal_play_never_raises_or_leaks() -> None:
    for seed in range(12):
        pick = random.Random(seed)
        state = RULESET.new_game(
            [SignUp(seat="s1", name="a"), SignUp(seat="s2", name="b")], RULESET.parse_settings({}), RecordingRng(seed)
        ).state
        for n in range(400):
            if RULESET.is_over(state):
                break
            if pick.random() < 0.05:
                kind = pick.choice(["boost", "reorder", "reinforce", "complication"])
                params = {"kind": kind, "actor": "zhanshi", "skill": "ballistics", "sheet": "yan_huo", "text": "z"}
                try:
                    state = RULESET.moderate(state, "spend_heat", params).state
                except ModerationRefused:
                    pass
            actor = RULESET.awaiting(state)[0]
            orders = _random_orders(state, actor, pick)
            if RULESET.validate(state, actor, orders) is not None:
                orders = RULESET.npc_orders(state, actor, RecordingRng(0))
                assert RULESET.validate(state, actor, orders) is None
            result = RULESET.resolve(state, {actor: orders}, RecordingRng(f"{seed}-{n}"))
            for event in result.events:
                if event.audience.kind == "public":
                    assert not SECRET_KEYS & set(event.data), event
            for fighter in result.state.fighters.values():
                for health in ("wounds", "consciousness", "firewalls"):
                    assert 0 <= fighter.health(health) <= fighter.sheet.health_max(health)
                assert fighter.infinity_points >= 0 and fighter.halves >= 0
            state = result.state
