"""The scripted players (issue 11, "brbot simulate ... scripted players that make sensible choices"):
always legal, games end, the claimed behaviour shows in the figures, a seed gives one game, and a human's
orders depend only on what he may know (rulings, "Public and private")."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.autoplayer import HURT, TIRED, orders_for
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders, Heal, Sleep
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.helpers import roster

RULES = StarCraftMafia()


def play(players: int, seed: int, check: bool = True) -> tuple[SCMState, list[tuple[SCMState, dict[str, DayOrders]]]]:
    """A whole game by the computer players; every order checked with `validate` when `check`."""
    rng = RecordingRng(seed, record=False)
    state = RULES.new_game(roster(players), SCMSettings(), rng).state
    days: list[tuple[SCMState, dict[str, DayOrders]]] = []
    while not RULES.is_over(state):
        orders = {seat: RULES.computer_orders(state, seat, rng) for seat in RULES.awaiting(state)}
        if check:
            for seat, order in orders.items():
                assert RULES.validate(state, seat, order) is None, (seat, order, RULES.validate(state, seat, order))
        days.append((state, orders))
        state = RULES.resolve(state, orders, rng).state
    return state, days


@pytest.fixture(scope="module")
def games() -> list[tuple[SCMState, list[tuple[SCMState, dict[str, DayOrders]]]]]:
    return [play(n, 1000 * n + seed) for n in range(5, 21) for seed in range(4)]


def test_every_order_is_legal_and_every_game_ends(games):
    """Rulings, "The day" and "End": each order passes `validate` (checked in `play`), and each game ends in
    a team's win or the draw (everyone dead, or Day 30 passed)."""
    for final, days in games:
        assert final.phase == "over"
        assert len(days) <= final.settings.max_days
        teams = {final.players[w].team for w in final.winners}
        assert (final.end_reason in ("human", "infested") and len(teams) == 1) or (
            final.end_reason == "draw" and not final.winners
        ), (final.end_reason, final.winners)


def test_both_kinds_of_end_happen(games):
    ends = Counter(final.end_reason for final, _ in games)
    assert ends["infested"] > 0 and ends["human"] > 0


def test_the_same_seed_gives_the_same_game():
    a, _ = play(9, 42, check=False)
    b, _ = play(9, 42, check=False)
    c, _ = play(9, 43, check=False)
    assert a.model_dump() == b.model_dump()
    assert a.model_dump() != c.model_dump()


def test_tired_players_sleep_more(games):
    """Rulings, "Fatigue": each point of fatigue is -1 on every shot and Sleep takes 3 off."""
    slept, days = Counter(), Counter()
    for _, record in games:
        for state, orders in record:
            for seat, order in orders.items():
                tired = state.players[seat].fatigue >= TIRED
                days[tired] += 1
                slept[tired] += isinstance(order.main, Sleep)
    assert days[True] > 50
    assert slept[True] / days[True] > 0.5 > slept[False] / days[False]


def test_infested_try_to_infest_and_humans_never_attack_as_zerg(games):
    """Rulebook "Infesting": only the infested can attack in Zerg form or infest."""
    infest, infested_days = 0, 0
    for _, record in games:
        for state, orders in record:
            for seat, order in orders.items():
                zerg = isinstance(order.main, Attack) and order.main.zerg
                if state.players[seat].infested:
                    infested_days += 1
                    infest += zerg and order.main.infest  # type: ignore[union-attr]
                else:
                    assert not zerg
    assert infest / infested_days > 0.3
    newly = [
        p.id
        for final, record in games
        for p in final.players.values()
        if p.infested and not record[0][0].players[p.id].infested
    ]
    assert newly  # some of those attempts became infestations (a critical hit)


def test_hurt_players_get_healed_more_than_the_unhurt(games):
    """Rulebook, the Medic's Heal (+5 body HP): the scripted medics spend it on the hurt."""
    healed, seen = Counter(), Counter()
    for _, record in games:
        for state, orders in record:
            targets = {o.main.target for o in orders.values() if isinstance(o.main, Heal)}
            medics = [s for s, o in orders.items() if state.players[s].cls == "medic"]
            if not medics:
                continue
            for p in state.living():
                hurt = p.body_hp <= p.body_max - HURT
                seen[hurt] += 1
                healed[hurt] += p.id in targets
    assert seen[True] > 20 and healed[True] > 0
    assert healed[True] / seen[True] > 5 * healed[False] / max(1, seen[False])


def test_a_human_cannot_tell_who_is_infested():
    """Rulings, "Public and private": the same public picture gives a human the same orders, whoever is
    secretly infested."""
    state = RULES.new_game(roster(10), SCMSettings(), RecordingRng(7)).state
    human = next(p.id for p in state.living() if not p.infested)
    swapped = state.model_copy(deep=True)
    for p in swapped.players.values():
        if p.id != human:
            p.team = "human" if p.infested else "infested"
            p.zerg_hp = None if p.team == "human" else 50
    for seed in range(30):
        assert orders_for(state, human, RecordingRng(seed)) == orders_for(swapped, human, RecordingRng(seed))


def test_the_dead_order_nothing():
    state, _ = play(5, 3, check=False)
    dead = next(iter(state.dead()), None)
    assert dead is not None
    assert orders_for(state, dead.id, RecordingRng(1)) == DayOrders()
