"""Property test of the Mazeworld engine (ARCHITECTURE "Testing"): any orders that pass `validate`, for
contestants and NPCs alike, never make `resolve` raise, never mutate the state given, and never send a
private event to anyone but the contestant's own player."""

from __future__ import annotations

import random

from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rng import RecordingRng
from tests.mazeworld.helpers import fight


def _candidates(state, cid):
    ids = [c.id for c in state.creatures]
    me = state.creature(cid)
    actions = [{"do": "skip"}, {"do": "escape"}, {"do": "reload"}, {"do": "freeform", "text": "I sing"}]
    actions += [{"do": "move", "side": s} for s in (1, 2, 3, 4)]
    actions += [{"do": "swap", "weapon": w.name} for w in me.weapons]
    actions += [{"do": "use", "item": i} for i in me.items]
    for target in ids:
        actions += [{"do": "attack", "target": target, "rounds": r, "part": p}
                    for r in (1, 3) for p in (None, "head", "eyes", "left leg")]
        actions += [{"do": "attack", "target": target, "mode": "auto", "rounds": 10},
                    {"do": "execute", "target": target}, {"do": "butcher", "target": target}]
    actions += [{"do": "cover", "then": a} for a in list(actions)[:12]]
    return actions


def test_any_valid_orders_resolve_without_error():
    for seed in range(12):
        pick = random.Random(seed)
        state = fight(wolves=pick.randint(1, 3), seats=pick.randint(1, 2), pain_regen=2,
                      sheet={"hunting": 2, "wielded": pick.choice(["Beretta M9", "AR70/90", "M67 grenade"])})
        rng = RecordingRng(seed)
        for _ in range(40):
            if RULESET.is_over(state):
                break
            orders = {}
            for cid in RULESET.awaiting(state):
                options = [MazeOrders.model_validate({"action": a}) for a in _candidates(state, cid)]
                valid = [o for o in options if RULESET.validate(state, cid, o) is None]
                if valid and pick.random() < 0.9:
                    orders[cid] = pick.choice(valid)
            before = state.model_dump_json()
            res = RULESET.resolve(state, orders, rng)
            assert state.model_dump_json() == before
            for event in res.events:
                if event.audience.kind == "players":
                    assert len(event.audience.ids) == 1 and state.get(event.audience.ids[0]).controller == event.audience.ids[0]
            state = res.state
