"""The simple resolution steps: rulings "The day" steps 1 (Stim Pack cost), 4 (Give), 6 (Heal, Repair) and 8
(Psychic Probe), and "Sleep, abilities, items"; rulings "Public and private": "Give, Heal, Repair reach both
players; the probe the ghost"."""

from __future__ import annotations

from collections import Counter

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.steps import give, heal, probe, repair, stim_cost
from tests.starcraft_mafia.helpers import item_of, table


def audience(events):
    return [e.audience.ids for e in events]


def test_stim_pack_costs_5_body_hp_and_needs_6():
    """Rulings, Stim Pack: "needs 6+ body HP at step 1"; rulebook Marine: "-5 body HP"."""
    state = table(("ma", "marine"))
    used, events = stim_cost(state, "ma")
    assert used and state.players["ma"].body_hp == 5 and audience(events) == [["ma"]]
    used, events = stim_cost(state, "ma")
    assert not used and state.players["ma"].body_hp == 5 and "needs at least 6" in events[0].text


def test_give_moves_the_item_and_tells_both_or_fails_if_gone():
    """Rulings: "Give: to any living player; fails if the item is gone"."""
    state = table(("ma", "marine"), ("md", "medic"), ("te", "technician"))
    rifle = item_of(state, "ma", "c14_rifle")
    events = give(state, "ma", rifle, "md")
    assert state.players["md"].item(rifle) and not state.players["ma"].item(rifle)
    assert audience(events) == [["ma", "md"]] and "MA gave MD the C-14 Rifle" in events[0].text
    events = give(state, "ma", rifle, "te")  # stolen or given earlier today: gone
    assert state.players["md"].item(rifle) and audience(events) == [["ma"]] and "failed" in events[0].text
    state.players["te"].alive = False
    pistol = item_of(state, "md", "c7_pistol")
    assert "failed" in give(state, "md", pistol, "te")[0].text and state.players["md"].item(pistol)


def test_heal_adds_5_up_to_the_class_maximum_never_the_zerg_form():
    """Rulings, Heal: "+5 body HP to another living player, up to the class maximum"; Infested: the Zerg form
    "is never healed"; a human form at 0 body HP fights only in Zerg form "until healed"."""
    state = table(("md", "medic"), ("gh", "ghost"), ("zz", "marine", "infested"))
    state.players["gh"].body_hp = 13
    events = heal(state, "md", "gh")
    assert state.players["gh"].body_hp == 16 and audience(events) == [["gh", "md"]] and "+3 body HP" in events[0].text
    zz = state.players["zz"]
    zz.body_hp, zz.form, zz.zerg_hp = 0, "zerg", 20
    heal(state, "md", "zz")
    assert (zz.body_hp, zz.form, zz.zerg_hp) == (5, "human", 20)
    assert heal(state, "md", "md") == [] and state.players["md"].body_hp == 10


def test_repair_adds_8_suit_hp_or_re_enables_an_item():
    """Rulings, Repair: "+8 suit HP to another living player, up to maximum, or re-enable any sabotaged item
    (his own too)"."""
    state = table(("te", "technician"), ("ma", "marine"))
    state.players["ma"].suit_hp = 25
    events = repair(state, "te", "ma", None)
    assert state.players["ma"].suit_hp == 30 and audience(events) == [["ma", "te"]]
    state.players["te"].suit_hp = 1
    assert repair(state, "te", "te", None) == [] and state.players["te"].suit_hp == 1
    state.day = 2
    state.players["te"].items[0].disabled_until = 3
    events = repair(state, "te", "te", "c7_pistol")
    assert state.players["te"].items[0].disabled_until is None and "re-enabled" in events[0].text
    events = repair(state, "te", "ma", "c14_rifle")
    assert audience(events) == [["te"]] and "nothing to re-enable" in events[0].text


def test_probe_reads_half_the_time_and_only_the_ghost_learns():
    """Rulebook, Psychic Probe: "%50 chance to determine if target player is infested or not"."""
    results: Counter[bool | None] = Counter()
    for seed in range(2000):
        state = table(("gh", "ghost"), ("zz", "marine", "infested"), ("ma", "marine"))
        events = probe(state, "gh", "zz" if seed % 2 else "ma", RecordingRng(seed))
        assert audience(events) == [["gh"]]
        reading = state.players["gh"].readings[-1]
        assert reading.infested in (None, reading.target == "zz")
        results[reading.infested is not None] += 1
    assert 900 < results[True] < 1100
