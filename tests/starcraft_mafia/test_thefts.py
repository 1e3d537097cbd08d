"""Step 3: Steal and Sabotage. Rulebook, Steal Weapon: "roll of 11 or 12 required; +6 to roll if target player
is sleeping; if it does not succeed, the target player gets 1 attack"; Sabotage: "works the same as stealing
except scuffling does not happen". Rulings: a steal or sabotage victim "learns what, not who, unless it failed"."""

from __future__ import annotations

from engine.rulesets.starcraft_mafia.thefts import sabotage, steal
from tests.starcraft_mafia.helpers import item_of, table
from tests.starcraft_mafia.test_combat import Dice


def texts_for(events, seat):
    return [e.text for e in events if e.visible_to(seat)]


def test_steal_needs_11_or_more_and_the_victim_learns_what_not_who():
    state = table(("ma", "marine"), ("gh", "ghost"))
    rifle = item_of(state, "gh", "c10_rifle")
    events = steal(state, "ma", "gh", "c10_rifle", Dice(11), asleep=False, weapon=None)  # type: ignore[arg-type]
    assert state.players["ma"].item(rifle) and not state.players["gh"].item(rifle)
    assert texts_for(events, "gh") == ["Someone stole your C-10 Rifle."]
    assert all("MA" not in t for t in texts_for(events, "gh"))


def test_sleeping_target_adds_6_to_the_roll():
    state = table(("ma", "marine"), ("gh", "ghost"))
    steal(state, "ma", "gh", "c10_rifle", Dice(5), asleep=True, weapon=None)  # type: ignore[arg-type]
    assert state.players["ma"].item(item_of(state, "ma", "c10_rifle"))


def test_failed_steal_gives_the_target_one_shot_and_names_the_thief():
    state = table(("ma", "marine"), ("gh", "ghost"))
    state.players["ma"].suit_hp = 0
    # d12 10 fails; the ghost's rifle: d12 1 critical, 12 damage: the marine's body 10 -> 0: dead
    events = steal(state, "ma", "gh", "c10_rifle", Dice(10, 1), asleep=False, weapon=None)  # type: ignore[arg-type]
    assert not state.players["ma"].alive and events[0].data["dead"] == ["ma"]
    assert "MA tried to steal from GH and failed" in texts_for(events, "gh")[0]
    assert state.players["gh"].item(item_of(state, "gh", "c10_rifle"))


def test_a_sleeping_targets_failure_shot_has_the_sleep_penalty():
    """Rulings, Steal: "On failure the target fires one shot at the thief (usual weapon, no abilities, sleep
    penalty applies)"."""
    state = table(("ma", "marine"), ("gh", "ghost"))
    events = steal(state, "ma", "gh", "c10_rifle", Dice(4, 6), asleep=True, weapon=None)  # type: ignore[arg-type]
    assert events[0].data["shot"]["attack"] == 5 and not events[0].data["shot"]["hit"]


def test_stealing_a_kind_the_target_lacks_yields_nothing():
    state = table(("ma", "marine"), ("gh", "ghost"))
    events = steal(state, "ma", "gh", "c7_pistol", Dice(12), asleep=False, weapon=None)  # type: ignore[arg-type]
    assert texts_for(events, "ma") == ["Your steal worked, but GH carries no C-7 Pistol."]
    assert texts_for(events, "gh") == []


def test_sabotage_disables_today_and_the_next_2_days_or_removes_12_suit_hp():
    """Rulebook: "disable target item for 3 turns, or -12 HP to target suit"; rulings: "today and the next 2
    days", "removes 12 suit HP (no defense)"."""
    state = table(("te", "technician"), ("fb", "firebat"))
    state.day = 4
    sabotage(state, "te", "fb", "perdition_flamethrowers", Dice(11), asleep=False, weapon=None)  # type: ignore[arg-type]
    flamer = state.players["fb"].items[0]
    assert [flamer.disabled_on(d) for d in (4, 5, 6, 7)] == [True, True, True, False]
    events = sabotage(state, "te", "fb", None, Dice(12), asleep=False, weapon=None)  # type: ignore[arg-type]
    assert state.players["fb"].suit_hp == 28  # 40 - 12, the suit's 3 defense ignored
    assert texts_for(events, "fb") == ["Someone sabotaged your suit: -12 suit HP."]


def test_failed_sabotage_gives_the_target_one_shot():
    state = table(("te", "technician"), ("ma", "marine"))
    # d12 2 fails; the marine's rifle: d12 6 hits, d6 5 -> the technician's suit 15 - 5 = 10
    events = sabotage(state, "te", "ma", None, Dice(2, 6, 5), asleep=False, weapon=None)  # type: ignore[arg-type]
    assert state.players["te"].suit_hp == 10 and state.players["ma"].suit_hp == 30
    assert "TE tried to sabotage MA and failed" in texts_for(events, "ma")[0]
