"""The pure rule helpers: rulings "Combat" (weapon, first shot, hit, damage, flee), "Fatigue" and "End"."""

from __future__ import annotations

import pytest

from engine.rulesets.starcraft_mafia.rules import (
    Layers,
    attacker_fires_first,
    choose_arm,
    damage,
    fatigue_after,
    flees,
    shot,
    usable_arms,
    winner,
    zerg_arm,
)
from tests.starcraft_mafia.helpers import item_of, table


def test_strongest_usable_weapon_by_damage_then_attack_then_range():
    """Rulings, Weapon: "the strongest usable (highest damage, then attack, then range)"."""
    state = table(("ma", "marine"), ("fb", "firebat"), ("gh", "ghost"), ("md", "medic"))
    assert choose_arm(state.players["ma"], 1).name == "C-14 Rifle"  # d6 beats the suit's d2
    assert choose_arm(state.players["fb"], 1).name == "Perdition Flamethrowers"
    assert choose_arm(state.players["gh"], 1).name == "C-10 Rifle"
    assert choose_arm(state.players["md"], 1).name == "C-7 Pistol"  # the grenade is no weapon


def test_named_weapon_is_used_if_usable_else_the_strongest():
    """Rulings, Weapon: "the one named in the day's order (also for defending) if usable, else the strongest"."""
    state = table(("ma", "marine"), ("gh", "ghost"))
    ma = state.players["ma"]
    ma.items.append(state.players["gh"].items.pop())
    chosen = choose_arm(ma, 1, named="c14_rifle")
    assert chosen is not None and chosen.name == "C-14 Rifle" and chosen.uid == item_of(state, "ma", "c14_rifle")
    assert choose_arm(ma, 1, named="C-14 rifle") == chosen  # by name, any case
    ma.items[0].disabled_until = 3  # the named rifle is sabotaged
    assert choose_arm(ma, 2, named="c14_rifle").name == "C-10 Rifle"


def test_suit_attack_and_flamethrowers_need_suit_hp_the_ghost_body_attack_does_not():
    """Rulebook, Players: no suit attack at 0 suit HP; "The ghost may use his body attack even when his suit HP
    is equal to 0"; rulings: the flamethrowers "like suit attacks, need suit HP above 0"."""
    state = table(("fb", "firebat"), ("gh", "ghost"), ("te", "technician"))
    state.players["fb"].suit_hp = 0
    assert usable_arms(state.players["fb"], 1) == []
    assert choose_arm(state.players["fb"], 1) is None  # "A side without one skips its shots"
    gh = state.players["gh"]
    gh.suit_hp, gh.items = 0, []
    assert [a.name for a in usable_arms(gh, 1)] == ["Ghost hand-to-hand"]
    te = state.players["te"]
    te.items = []
    assert [a.name for a in usable_arms(te, 1)] == ["CMC Light Combat Armor"]


def test_zerg_form_fights_with_its_own_claws():
    """Rulings, Weapon: "Zerg form: its own" (8 melee d8)."""
    state = table(("zz", "ghost", "infested"))
    arm = choose_arm(state.players["zz"], 1, named="c10_rifle", zerg=True)
    assert arm == zerg_arm() and (arm.attack, arm.range, arm.damage) == (8, "melee", 8)


def test_first_shot():
    """Rulings, First shot: Stim Pack user whose opponent has none; else the longer range; equal: the attacker."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("md", "medic"))
    rifle, c10, pistol = (choose_arm(state.players[s], 1) for s in ("ma", "gh", "md"))
    assert not attacker_fires_first(rifle, c10)  # medium vs long
    assert attacker_fires_first(c10, pistol)
    assert attacker_fires_first(pistol, pistol)  # equal: the attacker
    assert attacker_fires_first(pistol, c10, attacker_stim=True)
    assert not attacker_fires_first(c10, pistol, defender_stim=True)
    assert not attacker_fires_first(rifle, c10, attacker_stim=True, defender_stim=True)  # both: by range


@pytest.mark.parametrize(
    "d12,fatigue,attack,hit,critical",
    [
        (6, 0, 6, True, False),
        (7, 0, 6, False, False),
        (5, 1, 6, True, False),
        (5, 2, 6, False, False),
        (1, 11, 6, True, True),
        (12, 0, 10, False, False),
    ],
)
def test_hit_roll(d12, fatigue, attack, hit, critical):
    """Rulebook, Combat: d12 + fatigue <= attack hits; "If the result of the first D12 die is 1 ... critical"."""
    result = shot(d12, fatigue, attack)
    assert (result.hit, result.critical) == (hit, critical)


def test_damage_on_the_suit_less_suit_defense():
    """Rulebook: the suit takes damage first; "The defense of the suit is only used for suit HP"."""
    assert damage(Layers(30, 10), roll=6, weapon_damage=6, critical=False, suit_defense=2, body_defense=0) == Layers(
        26, 10
    )
    assert damage(Layers(30, 10), roll=1, weapon_damage=6, critical=False, suit_defense=2, body_defense=0) == Layers(
        30, 10
    )


def test_damage_spills_to_the_body_less_body_defense_the_rulebooks_ghost():
    """Rulebook, Players: "ghost with 2 suit HP and 16 body HP will have 0 suit HP and 15 body HP if hit by 5"."""
    assert damage(Layers(2, 16), roll=5, weapon_damage=12, critical=False, suit_defense=0, body_defense=2) == Layers(
        0, 15
    )


def test_damage_to_the_body_once_the_suit_is_empty():
    assert damage(Layers(0, 16), roll=5, weapon_damage=12, critical=False, suit_defense=0, body_defense=2) == Layers(
        0, 13
    )
    assert damage(Layers(0, 3), roll=12, weapon_damage=12, critical=False, suit_defense=0, body_defense=2) == Layers(
        0, 0
    )


def test_critical_is_maximum_damage_ignoring_all_defense():
    """Rulebook: "Critical hits always get the highest damage possible ... and ignore fatigue and defense"."""
    assert damage(Layers(2, 16), roll=1, weapon_damage=12, critical=True, suit_defense=0, body_defense=2) == Layers(
        0, 6
    )
    assert damage(Layers(40, 10), roll=1, weapon_damage=8, critical=True, suit_defense=3, body_defense=0) == Layers(
        32, 10
    )


def test_stim_infest_and_flare_modifiers_in_the_rulings_order():
    """Rulings, Damage: x1.5 (Stim Pack) or x0.5 (infestation), rounded down, then -2 (Flare), not below 0."""
    base = dict(weapon_damage=6, critical=False, suit_defense=0, body_defense=0)
    assert damage(Layers(20, 10), roll=5, stim=True, **base) == Layers(13, 10)  # 5 * 1.5 = 7
    assert damage(Layers(20, 10), roll=5, infesting=True, **base) == Layers(18, 10)  # 5 / 2 = 2
    assert damage(Layers(20, 10), roll=5, stim=True, flare=2, **base) == Layers(15, 10)  # 7 - 2 = 5
    assert damage(Layers(20, 10), roll=1, flare=2, **base) == Layers(20, 10)  # not below 0
    crit = dict(base, critical=True, weapon_damage=8)
    assert damage(Layers(20, 10), roll=1, flare=2, **crit) == Layers(14, 10)  # "criticals included"


def test_flee_at_0_suit_and_1_to_4_body():
    """Rulebook: "If a player reaches 4 body HP with no suit HP left ... he automatically flees"; rulings: 1-4."""
    assert [flees(0, hp) for hp in (0, 1, 4, 5)] == [False, True, True, False]
    assert not flees(1, 3)


def test_fatigue_changes():
    """Rulings, Fatigue: Attack +1, active +1, Steal +1, Sabotage +1, scuffle +1, Sleep -3, Do Nothing -1;
    never below 0."""
    assert fatigue_after(0, 0, "attack") == (1, 1)
    assert fatigue_after(0, 0, "active", stole=True, sabotaged=True) == (3, 1)
    assert fatigue_after(2, 0, "nothing") == (1, 1)
    assert fatigue_after(2, 5, "sleep") == (0, 0)
    assert fatigue_after(0, 0, "nothing") == (0, 1)
    assert fatigue_after(0, 0, "nothing", scuffled=True) == (0, 1)


def test_awake_five_days_in_a_row_gets_plus_one_on_days_3_4_and_5():
    """Rulebook, Fatigue: "a player awake 5 days in a row receives +1 fatigue on day 3, day 4, and day 5"."""
    fatigue, awake, extra = 0, 0, []
    for _ in range(5):
        before = fatigue
        fatigue, awake = fatigue_after(fatigue, awake, "attack")
        extra.append(fatigue - before - 1)  # beyond the attack's own +1
    assert extra == [0, 0, 1, 1, 1] and fatigue == 5 + 3
    assert fatigue_after(fatigue, awake, "sleep") == (5, 0)  # sleep resets the count


def test_win_check():
    """Rulings, End: no uninfested alive: infested win; no infested alive: uninfested win; nobody: draw; a team
    wins with its dead; after Day 30: draw."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"))
    assert winner(state) is None
    state.players["zz"].alive = False
    assert winner(state) == ("human", ["gh", "ma"])
    state.players["zz"].alive, state.players["ma"].alive, state.players["gh"].alive = True, False, False
    assert winner(state) == ("infested", ["zz"])
    state.players["zz"].alive = False
    assert winner(state) == ("draw", [])
    state = table(("ma", "marine"), ("zz", "medic", "infested"))
    state.day = 29
    assert winner(state) is None
    state.day = 30
    assert winner(state) == ("draw", [])
