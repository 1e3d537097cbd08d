"""A moderator's kill (rulings, "Idle": "A moderator kill is public, reveals class and team, and leaves the
items on the body"; "End": the win is checked at step 9)."""

from __future__ import annotations

import pytest

from engine.rng import RecordingRng
from engine.ruleset import ModerationRefused
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders, Pickup
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.validate import validate
from tests.starcraft_mafia.helpers import item_of, table

RULES = StarCraftMafia()


def four():
    return table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))


def test_a_moderator_kill_is_public_reveals_class_and_team_and_leaves_the_items():
    """Rulings, "Idle": public, class and team revealed (even with `reveal_on_death` off), items on the body."""
    state = four()
    state.settings = state.settings.model_copy(update={"reveal_on_death": False})
    before = state.model_dump_json()
    result = RULES.moderate(state, "kill", {"seat": "ma", "cause": "left the server"})
    assert state.model_dump_json() == before  # pure: the input is unchanged
    ma = result.state.players["ma"]
    assert not ma.alive and ma.died_day == 1 and ma.death_cause == "left the server"
    assert [i.kind for i in ma.items] == [i.kind for i in state.players["ma"].items]
    public = [e for e in result.events if e.audience.kind == "public"]
    assert [e.text for e in public] == ["MA has died (left the server). MA was a Marine, uninfested."]
    told = next(e for e in result.events if e.kind == "mod_killed")
    assert told.audience.ids == ["ma"]


def test_the_cause_defaults_to_the_moderators():
    result = RULES.moderate(four(), "kill", {"seat": "gh"})
    assert result.state.players["gh"].death_cause == "the moderators"


def test_an_infested_killed_dies_in_both_forms_and_the_team_is_told():
    """Rulings, "Idle" with "Infested": killed, an infested is dead in both forms."""
    state = four()
    state.players["zz"].body_hp, state.players["zz"].form = 0, "zerg"
    result = RULES.moderate(state, "kill", {"seat": "zz", "cause": "idle"})
    zz = result.state.players["zz"]
    assert not zz.alive and zz.zerg_hp == 0
    assert "ZZ was a Medic, infested." in next(e.text for e in result.events if e.kind == "death")


@pytest.mark.parametrize(
    ("action", "params", "reason"),
    [
        ("kill", {"seat": "nobody"}, "no player on seat nobody"),
        ("revive", {"seat": "ma"}, "no moderator action 'revive'"),
    ],
)
def test_refusals_name_the_problem(action, params, reason):
    with pytest.raises(ModerationRefused) as refused:
        RULES.moderate(four(), action, params)
    assert reason in refused.value.reason


def test_killing_the_dead_or_in_a_finished_game_is_refused():
    state = RULES.moderate(four(), "kill", {"seat": "ma"}).state
    with pytest.raises(ModerationRefused, match="MA is already dead"):
        RULES.moderate(state, "kill", {"seat": "ma"})
    state.phase = "over"
    with pytest.raises(ModerationRefused, match="over"):
        RULES.moderate(state, "kill", {"seat": "gh"})


def test_the_win_is_checked_at_step_9_not_at_the_kill():
    """Rulings, "End": "Checked at step 9". Killing the last infested tells the moderators the uninfested
    win at the day's resolution; the game ends then, not at once."""
    result = RULES.moderate(four(), "kill", {"seat": "zz"})
    assert result.state.phase == "day" and not RULES.is_over(result.state)
    note = next(e for e in result.events if e.kind == "mod_note")
    assert note.audience.kind == "moderators" and "uninfested win" in note.text
    final = RULES.resolve(result.state, {}, RecordingRng(1)).state
    assert final.phase == "over" and final.end_reason == "human" and "zz" not in final.winners
    deaths = [e for e in RULES.resolve(result.state, {}, RecordingRng(1)).events if e.kind == "death"]
    assert deaths == []  # announced once, at the kill


def test_orders_against_the_killed_become_do_nothing_and_his_items_wait_a_day():
    """Rulings, "The day": a main action made impossible counts as Do Nothing; step 5 takes items "of
    players dead before today", so the body can be looted from the next day."""
    state = RULES.moderate(four(), "kill", {"seat": "ma"}).state
    rifle = item_of(state, "ma", "c14_rifle")
    assert validate(state, "gh", DayOrders(pickup=Pickup(item=rifle))) is not None
    new, events = resolve_day(state, {"gh": DayOrders(main=Attack(target="ma"))}, RecordingRng(1))
    dropped = next(e for e in events if e.kind == "order_dropped")
    assert dropped.audience.kind == "moderators" and "MA is dead" in dropped.text
    assert not any(e.kind == "battle" for e in events) and new.players["gh"].fatigue == 0  # Do Nothing
    assert validate(new, "gh", DayOrders(pickup=Pickup(item=rifle))) is None


def test_a_vote_for_the_killed_is_dropped_alone():
    """A vote for a player the moderators killed since costs the vote, not the voter's other orders."""
    state = four()
    state.settings = state.settings.model_copy(update={"day_vote": True})
    state = RULES.moderate(state, "kill", {"seat": "ma"}).state
    orders = {"gh": DayOrders(main=Attack(target="te"), vote="ma")}
    new, events = resolve_day(state, orders, RecordingRng(1))
    assert any(e.kind == "order_dropped" for e in events)
    assert any(e.kind == "battle" and e.text.startswith("GH attacked TE") for e in events)
