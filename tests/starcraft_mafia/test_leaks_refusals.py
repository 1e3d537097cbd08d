"""Issue 11's leak tests for refusals: a refused order is answered at once with its reason ("Illegal orders are
refused at once with the reason"), and that reason must not let a player test a secret (rulings, "Public and
private": who is infested and the living's items stay private).

Over the states of 30 seeded whole games (tests/starcraft_mafia/leak_games.py), every order a human could try
on every other living player (each main action, Zerg form and Infest included, Give, Steal and Sabotage of
every kind) gets the same answer from `validate` when an unrevealed infested is swapped with another human, and
when the other living players' items are taken away.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.orders import (
    Attack,
    DayOrders,
    Give,
    Heal,
    Probe,
    Repair,
    Sabotage,
    Steal,
)
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.leak_games import SCM, copied, games, revealed, swapped


def tries(state: SCMState, seat: str) -> Iterator[DayOrders]:
    kinds = catalog().item_kinds()
    mine = [i.uid for i in state.players[seat].items]
    for t in (p.id for p in state.living() if p.id != seat):
        yield from (
            DayOrders(main=main)
            for main in (
                Attack(target=t),
                Attack(target=t, form="zerg"),
                Attack(target=t, infest=True),
                Heal(target=t),
                Repair(target=t),
                Probe(target=t),
                *(Repair(target=t, item=k) for k in kinds),
                *(Attack(target=t, weapon=k) for k in kinds),
            )
        )
        yield from (DayOrders(steal=Steal(target=t, item=k)) for k in kinds)
        yield from (DayOrders(offensive=Sabotage(target=t, item=k)) for k in (None, *kinds))
        yield from (DayOrders(give=Give(item=uid, to=t)) for uid in mine)


def _stripped(state: SCMState, seat: str) -> SCMState:
    other = copied(state)
    for p in other.living():
        if p.id != seat:
            p.items = []
    return other


def test_public_and_private_a_refusal_never_tells_who_is_infested_or_what_another_living_player_carries():
    """Rulings, "Public and private"; docs/rules/starcraft-mafia.md, "Naming items without leaking them"."""
    answers: set[str | None] = set()
    for game in games():
        for day in game[1::4]:
            state = day.before
            assert state is not None
            living = state.living()
            hidden = [p.id for p in living if p.infested and not revealed(state, p.id)]
            humans = [p.id for p in living if not p.infested]
            if not hidden or len(humans) < 2:
                continue
            other = swapped(state, hidden[0], humans[-1])
            for seat in humans[:-1]:
                stripped = _stripped(state, seat)
                for orders in tries(state, seat):
                    said = SCM.validate(state, seat, orders)
                    assert SCM.validate(other, seat, orders) == said, (seat, orders, said)
                    assert SCM.validate(stripped, seat, orders) == said, (seat, orders, said)
                    answers.add(said)
    assert None in answers and len(answers) > 10, answers  # accepted and refused orders both tried
