"""Step 5 (uncontested pick-ups) and step 9's bookkeeping: rulings "The day", "Fatigue", "Sleep, abilities,
items" and "Idle"; rulings "Public and private": pick-ups are public."""

from __future__ import annotations

from engine.rulesets.starcraft_mafia.upkeep import idle, pick_up, rest, tire
from tests.starcraft_mafia.helpers import item_of, table


def test_pick_up_from_a_body_dead_before_today_is_public():
    state = table(("ma", "marine"), ("gh", "ghost"))
    rifle = item_of(state, "gh", "c10_rifle")
    gh = state.players["gh"]
    gh.alive, gh.died_day, state.day = False, 2, 2
    assert pick_up(state, "ma", rifle) == []  # died today: not yet
    state.day = 3
    events = pick_up(state, "ma", rifle)
    assert state.players["ma"].item(rifle) and not gh.items
    assert [e.audience.kind for e in events] == ["public"] and "MA picked up the C-10 Rifle from GH's body" in events[
        0
    ].text
    assert pick_up(state, "ma", rifle) == []  # gone


def test_sleep_gives_2_body_hp_up_to_the_maximum():
    """Rulebook, PLAYING: "Sleep (+2 HP ...)"; rulings step 9: "Sleep +2 body HP"."""
    state = table(("ma", "marine"), ("gh", "ghost"))
    state.players["ma"].body_hp, state.players["gh"].body_hp = 3, 15
    rest(state, "ma")
    rest(state, "gh")
    assert (state.players["ma"].body_hp, state.players["gh"].body_hp) == (5, 16)


def test_fatigue_is_applied_to_the_living():
    """Rulings, Fatigue: changes at step 9."""
    state = table(("ma", "marine"))
    tire(state, "ma", "attack", stole=True, sabotaged=False, scuffled=False)
    assert (state.players["ma"].fatigue, state.players["ma"].awake_days) == (2, 1)
    tire(state, "ma", "sleep", stole=False, sabotaged=False, scuffled=False)
    assert (state.players["ma"].fatigue, state.players["ma"].awake_days) == (0, 0)


def test_moderators_are_told_after_3_idle_days_in_a_row():
    """Rulings, Idle: "after 3 idle days in a row the moderators are told (`idle_alert_days = 3`)"."""
    state = table(("ma", "marine"))
    told = [idle(state, "ma", gave_orders=False) for _ in range(2)]
    assert told == [[], []]
    third = idle(state, "ma", gave_orders=False)
    assert [e.audience.kind for e in third] == ["moderators"] and "3 days in a row" in third[0].text
    assert idle(state, "ma", gave_orders=False) == []  # told once
    idle(state, "ma", gave_orders=True)
    assert state.players["ma"].idle_days == 0
