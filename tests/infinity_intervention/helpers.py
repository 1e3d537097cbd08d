"""Shared helpers of the Infinity: Intervention engine tests: a rng that deals chosen d20s, small fights from the
demo roster, and a scripted game loop."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.ruleset import Resolution, SignUp
from engine.rulesets.infinity_intervention.catalog import Roster, demo_roster
from engine.rulesets.infinity_intervention.orders import IIOrders
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.state import CombatState


class Dealt(RecordingRng):
    """Deals the given faces in order (recorded like real draws); fails loudly when a test runs out."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low: int, high: int, purpose: str) -> int:
        assert self.faces, f"no face left for {purpose!r}"
        value = self.faces.pop(0)
        assert low <= value <= high
        self._log(purpose, f"{low}..{high}", value)
        return value


def fight(ids: list[str], seats: dict[str, str] | None = None, **settings: object) -> CombatState:
    """A combat of the demo sheets `ids`; `seats` maps PC ids to seats (default: s1, s2 in roster order)."""
    roster = demo_roster()
    cast = Roster(sheets=roster.sheets, fight=ids)
    pcs = [i for i in ids if cast.sheet(i).side == "pc"]
    seats = seats if seats is not None else {pc: f"s{n}" for n, pc in enumerate(pcs, 1)}
    signups = [SignUp(seat=seat, name=seat, requests={"pc": pc}) for pc, seat in seats.items()]
    return RULESET.start(cast, signups, IISettings.model_validate(settings), RecordingRng(1)).state


def step(state: CombatState, orders: IIOrders | None, rng: RecordingRng | None = None) -> Resolution[CombatState]:
    """Resolve one step with `orders` for the awaited actor (None: nothing given, the default)."""
    actor = RULESET.awaiting(state)[0]
    given = {} if orders is None else {actor: orders}
    if orders is not None:
        assert RULESET.validate(state, actor, orders) is None, RULESET.validate(state, actor, orders)
    return RULESET.resolve(state, given, rng or RecordingRng(7))


def play_scripted(seed: int, limit: int = 2000) -> list[Resolution[CombatState]]:
    """The demo fight to its end with scripted actors on both sides (reactions included)."""
    state = RULESET.new_game(
        [SignUp(seat="s1", name="a"), SignUp(seat="s2", name="b")], IISettings(), RecordingRng(seed)
    ).state
    results = []
    for n in range(limit):
        if RULESET.is_over(state):
            break
        actor = RULESET.awaiting(state)[0]
        orders = RULESET.npc_orders(state, actor, RecordingRng(0))
        assert RULESET.validate(state, actor, orders) is None
        result = RULESET.resolve(state, {actor: orders}, RecordingRng(f"{seed}-{n}"))
        results.append(result)
        state = result.state
    return results
