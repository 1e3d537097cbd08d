"""The lynch vote (rulings, "The day": `day_vote`; "when on, after step 7 the player with strictly the most
votes, at least 2, dies"), and our decisions around it (docs/rules/starcraft-mafia.md)."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders, Pickup, Sleep
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.validate import validate
from tests.starcraft_mafia.helpers import item_of, table


def voting(*specs) -> SCMState:
    state = table(*specs)
    state.settings = SCMSettings(day_vote=True)
    return state


def six() -> SCMState:
    return voting(
        ("aa", "marine"),
        ("bb", "firebat"),
        ("cc", "medic"),
        ("dd", "technician"),
        ("ee", "ghost"),
        ("zz", "marine", "infested"),
    )


def votes(**ballots: str) -> dict[str, DayOrders]:
    return {voter: DayOrders(vote=target) for voter, target in ballots.items()}


def test_day_vote_off_refuses_a_vote_with_the_house_rule_named():
    """Rulings, "The day": "no lynch vote (`day_vote = false`)"."""
    state = table(("aa", "marine"), ("bb", "firebat"))
    reason = validate(state, "aa", DayOrders(vote="bb"))
    assert reason is not None and "day_vote" in reason


def test_a_vote_must_name_a_living_other_player():
    """Only the living vote, for a living player; a vote for oneself is refused (our decision)."""
    state = six()
    assert validate(state, "aa", DayOrders(vote="zz")) is None
    assert "no player called nobody" in (validate(state, "aa", DayOrders(vote="nobody")) or "")
    assert "yourself" in (validate(state, "aa", DayOrders(vote="aa")) or "")
    state.players["bb"].alive = False
    state.players["bb"].died_day = 0
    assert "BB is dead" in (validate(state, "aa", DayOrders(vote="bb")) or "")
    assert validate(state, "bb", DayOrders(vote="aa")) is not None  # the dead do not vote


def test_strictly_the_most_votes_at_least_two_dies_with_cause_the_vote():
    """Rulings, "The day": the player with strictly the most votes, at least 2, dies; the death is posted as
    any other, with class, team and cause."""
    new, events = resolve_day(six(), votes(aa="zz", bb="zz", cc="dd"), RecordingRng(1))
    zz = new.players["zz"]
    assert not zz.alive and zz.death_cause == "the vote" and zz.zerg_hp == 0  # both forms die
    assert zz.items  # the items stay on the body
    death = next(e for e in events if e.kind == "death")
    assert death.audience.kind == "public" and "ZZ has died (the vote). ZZ was a Marine, infested." == death.text
    tally = next(e for e in events if e.kind == "vote")
    assert tally.audience.kind == "public"
    assert "ZZ: 2 (AA and BB)" in tally.text and "DD: 1 (CC)" in tally.text
    assert tally.data == {"tally": {"zz": ["aa", "bb"], "dd": ["cc"]}, "lynched": "zz"}
    assert new.phase == "over" and new.end_reason == "human"  # the win check of step 9 follows the vote


def test_a_tie_or_a_single_vote_kills_nobody():
    """Rulings: "strictly the most votes, at least 2"."""
    for ballots in (dict(aa="zz", bb="zz", cc="dd", ee="dd"), dict(aa="zz"), dict(aa="zz", bb="dd")):
        new, events = resolve_day(six(), votes(**ballots), RecordingRng(1))
        assert all(p.alive for p in new.players.values()), ballots
        assert "nobody is executed" in next(e for e in events if e.kind == "vote").text


def test_the_vote_comes_after_combat_and_counts_only_the_living():
    """Rulings: the vote is taken "after step 7": a voter killed in combat has no vote, and a target killed in
    combat cannot be voted out (our decision: the tally counts living voters for living targets)."""
    state = six()
    orders = votes(bb="zz", cc="zz", dd="cc", ee="cc")
    orders["aa"] = DayOrders(main=Attack(target="bb"))
    state.players["bb"].suit_hp, state.players["bb"].body_hp = 0, 1  # flees, then takes the last shot
    for seed in range(50):
        new, events = resolve_day(state, orders, RecordingRng(seed))
        if not new.players["bb"].alive:
            break
    else:
        raise AssertionError("BB never died in 50 seeded days")
    assert new.players["zz"].alive  # BB's vote died with BB: 1 vote is not enough
    assert not new.players["cc"].alive and new.players["cc"].death_cause == "the vote"
    assert "ZZ: 1 (CC)" in next(e for e in events if e.kind == "vote").text
    # step 8 and 9 come after the vote: the lynched target's probe reads nothing, the voters still tire
    assert new.players["dd"].fatigue == 0


def test_a_dead_target_loses_the_votes_on_him():
    """A target killed in step 7 is not voted out a second time; the votes on him are void."""
    state = six()
    orders = votes(aa="zz", bb="zz", cc="zz")
    orders["zz"] = DayOrders(main=Attack(target="zz"))  # suicide, step 7
    new, events = resolve_day(state, orders, RecordingRng(1))
    assert new.players["zz"].death_cause == "suicide"
    assert "No vote counted" in next(e for e in events if e.kind == "vote").text


def test_a_scuffler_keeps_his_vote():
    """Rulings, Scuffle: scufflers "lose the rest of the day's orders"; our decision: the vote is not an
    action in the outpost, so it stands."""
    state = six()
    state.players["ee"].alive, state.players["ee"].died_day = False, 0
    rifle = item_of(state, "ee", "c10_rifle")
    orders = {
        "aa": DayOrders(pickup=Pickup(item=rifle), vote="zz"),
        "bb": DayOrders(pickup=Pickup(item=rifle), vote="zz"),
    }
    new, events = resolve_day(state, orders, RecordingRng(3))
    assert any(e.kind == "scuffle" for e in events)
    assert not new.players["zz"].alive and new.players["zz"].death_cause == "the vote"


def test_voting_is_no_action_and_costs_no_fatigue():
    """The vote is an extra: a voter who sleeps still sleeps; one who only votes is not idle."""
    state = six()
    orders = {"aa": DayOrders(main=Sleep(), vote="zz"), "bb": DayOrders(vote="zz")}
    state.players["aa"].fatigue = 3
    state.players["aa"].body_hp = 5
    new, _ = resolve_day(state, orders, RecordingRng(1))
    assert new.players["aa"].body_hp == 7 and new.players["aa"].fatigue == 0
    assert new.players["bb"].idle_days == 0 and new.players["cc"].idle_days == 1


def test_no_vote_post_when_nobody_voted_or_the_vote_is_off():
    state = six()
    _, events = resolve_day(state, {}, RecordingRng(1))
    assert not any(e.kind == "vote" for e in events)
