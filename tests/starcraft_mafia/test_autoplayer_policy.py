"""The scripted players' policy (autoplayer.py, suspicion.py): what a sensible player does with what he may
know (rulings, "Public and private"), for both sides; and the balance figure it gives with `day_vote`."""

from __future__ import annotations

from collections import Counter

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.autoplayer import orders_for
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.view import player_view
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import Reading
from engine.rulesets.starcraft_mafia.studies import outcomes
from tests.starcraft_mafia.helpers import table


def outpost(day_vote: bool = False):
    state = table(
        ("aa", "marine"),
        ("bb", "firebat"),
        ("cc", "medic"),
        ("dd", "technician"),
        ("ee", "ghost"),
        ("ff", "marine"),
        ("yy", "marine", "infested"),
        ("zz", "firebat", "infested"),
    )
    state.settings = SCMSettings(day_vote=day_vote)
    state.day = 3
    return state


def test_a_transformation_is_public_knowledge_in_every_view():
    """Rulings, "Public": transformations are posted; the state keeps the day so every view shows it."""
    state = outpost()
    state.players["zz"].suit_hp, state.players["zz"].body_hp = 0, 5
    for seed in range(60):
        new, events = resolve_day(state, {"aa": DayOrders(main=Attack(target="zz"))}, RecordingRng(seed))
        if any(e.kind == "transform" for e in events):
            break
    else:
        raise AssertionError("no transformation in 60 seeded days")
    assert new.players["zz"].revealed_day == 3
    seen = next(p for p in player_view(new, "bb")["players"] if p["seat"] == "zz")
    assert seen["revealed_day"] == 3


def test_the_uninfested_gang_up_on_a_revealed_infested_and_vote_him_out():
    """Everyone able attacks (and, with `day_vote`, votes for) the player shown infested in public."""
    state = outpost(day_vote=True)
    state.players["zz"].revealed_day = 2
    for seat in ("aa", "bb", "cc", "dd", "ee", "ff"):
        orders = orders_for(state, seat, RecordingRng(1))
        assert isinstance(orders.main, Attack) and orders.main.target == "zz", (seat, orders)
        assert orders.vote == "zz"


def test_the_infested_never_strike_or_vote_against_their_own_team():
    state = outpost(day_vote=True)
    state.players["zz"].revealed_day = 2  # the crowd names ZZ: YY must not join it
    for seed in range(40):
        orders = orders_for(state, "yy", RecordingRng(seed))
        assert orders.vote not in ("yy", "zz")
        if isinstance(orders.main, Attack):
            assert orders.main.target not in ("yy", "zz")


def test_a_ghost_attacks_what_his_probe_read_and_spares_the_cleared():
    """The Psychic Probe's reading is the ghost's own knowledge: he acts on it."""
    state = outpost()
    ghost = state.players["ee"]
    ghost.readings = [Reading(day=2, target="yy", infested=True)]
    assert orders_for(state, "ee", RecordingRng(1)).main == Attack(target="yy")
    cleared = outpost()
    cleared.players["ee"].readings = [Reading(day=2, target=x, infested=False) for x in ("aa", "bb")]
    for seed in range(30):
        main = orders_for(cleared, "ee", RecordingRng(seed)).main
        assert not (isinstance(main, Attack) and main.target in ("aa", "bb"))


def test_without_proof_only_the_days_drawn_hunter_tests_the_suspect():
    """An unproven suspect is tested by one player a day (the public draw), not mobbed by the outpost."""
    days_with_a_test = 0
    for day in range(3, 23):
        state = outpost()
        state.day = day
        attacks = [s for s in ("aa", "bb", "ff") if isinstance(orders_for(state, s, RecordingRng(day)).main, Attack)]
        assert len(attacks) <= 1, (day, attacks)
        days_with_a_test += len(attacks)
    assert days_with_a_test >= 3


def test_no_vote_without_day_vote():
    state = outpost()
    assert all(orders_for(state, seat, RecordingRng(1)).vote is None for seat in state.players)


def test_with_day_vote_each_team_wins_a_fair_share_at_8_to_12_players():
    """Issue 11: "both teams win a fair share ... (neither team under 25% of games at 8-12 players)";
    docs/rules/starcraft-mafia.md, "Balance": with `day_vote = true` the scripted players split the games.
    150 seeded games (30 per count): each side over 25%."""
    table_ = outcomes(range(8, 13), 30, seed=77, settings=SCMSettings(day_vote=True))
    total = sum(table_.values(), Counter())
    games = sum(total.values())
    assert total["human"] / games > 0.25 and total["infested"] / games > 0.25, total
