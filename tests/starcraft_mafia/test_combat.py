"""One battle, with scripted dice: rulings "Combat" and "Sleep, abilities, items", rulebook "Combat",
"Combat (Infested Terran)" and "Infesting". Each die the battle rolls is given in order: (d12, damage)."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.combat import BattleSetup, battle
from tests.starcraft_mafia.helpers import table


class Dice:
    """A stand-in for the rng that returns the scripted values in order and checks each is a legal roll."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[str] = []

    def randint(self, low: int, high: int, purpose: str) -> int:
        assert self.values, f"no scripted value left for {purpose}"
        value = self.values.pop(0)
        assert low <= value <= high, (value, low, high, purpose)
        self.asked.append(purpose)
        return value


def fight(state, attacker, defender, *dice, **setup):
    rng = Dice(*dice)
    result = battle(state, attacker, defender, rng, BattleSetup(**setup))  # type: ignore[arg-type]
    assert rng.values == [], f"unused dice {rng.values}"
    return result


def shooters(result):
    return [s["shooter"] for s in result.shots]


def test_longer_range_fires_first_and_a_kill_ends_the_battle():
    """Rulebook: "The player with the longest-ranged weapon goes first"; rulings: death at 0 body HP."""
    state = table(("ma", "marine"), ("gh", "ghost"))
    state.players["ma"].suit_hp, state.players["ma"].body_hp = 0, 10
    # ghost (long) first: d12 1 = critical, 12 damage, no defense: marine body 10 -> 0
    result = fight(state, "ma", "gh", 1)
    assert shooters(result) == ["gh"] and result.outcome == "killed" and result.dead == ["ma"]
    assert not state.players["ma"].alive and state.players["ma"].body_hp == 0


def test_equal_range_attacker_first_misses_and_fatigue():
    """Rulebook: "If both players have equal ranges, the attacking player goes first"; d12 + fatigue <= attack."""
    state = table(("a", "technician"), ("b", "technician"))
    state.players["a"].fatigue = 2
    # a: d12 4 + 2 = 6 > 5 miss; b: d12 6 > 5 miss; then a: d12 3 + 2 = 5 hit, d4 4 -> b's suit 15 - 4 = 11
    state.settings.max_rounds = 2
    result = fight(state, "a", "b", 4, 6, 3, 4, 12)
    assert shooters(result) == ["a", "b", "a", "b"]
    assert [s["hit"] for s in result.shots] == [False, False, True, False]
    assert state.players["b"].suit_hp == 11
    assert result.outcome == "no_result"  # max_rounds reached


def test_flee_at_1_to_4_body_hp_with_a_last_shot():
    """Rulebook: "If a player reaches 4 body HP with no suit HP left ... he automatically flees. The other
    player gets 1 last attack"; rulings: those who fled still fight later battles."""
    state = table(("a", "technician"), ("b", "technician"))
    state.players["b"].suit_hp, state.players["b"].body_hp = 0, 6
    # a hits: d12 2, d4 2 -> b body 4: flees; a's last shot: d12 12 miss
    result = fight(state, "a", "b", 2, 2, 12)
    assert result.outcome == "fled" and result.fled == ["b"] and state.players["b"].alive
    assert result.shots[-1]["last_shot"] and state.players["b"].body_hp == 4


def test_already_beaten_flees_before_the_first_shot():
    """Rulings, Flee: "A side in that state when its battle starts flees before the first shot"."""
    state = table(("a", "technician"), ("b", "technician"))
    state.players["b"].suit_hp, state.players["b"].body_hp = 0, 3
    result = fight(state, "a", "b", 1)  # the last shot: critical, 4 damage: b dies
    assert result.fled == ["b"] and result.dead == ["b"] and result.outcome == "killed"


def test_infested_human_form_transforms_and_fights_on_in_zerg_form():
    """Rulebook: "it defends in its human form at first, but transforms into its Zerg form once its human
    form reaches 0 HP"; rulings: Zerg form 8 melee d8."""
    state = table(("gh", "ghost"), ("zz", "technician", "infested"))
    state.players["zz"].suit_hp, state.players["zz"].body_hp = 0, 5
    # ghost first (long): crit 12 -> human form 0: transforms. zz (Zerg) d12 8 hit, d8 8 less Enhanced
    # Vision's 2 on the first enemy shot -> ghost suit 10 - 6 = 4. One round only.
    state.settings.max_rounds = 1
    result = fight(state, "gh", "zz", 1, 8, 8)
    assert result.transformed == ["zz"] and state.players["zz"].alive and state.players["zz"].form == "zerg"
    assert result.shots[1]["weapon"] == "Infested Terran" and state.players["gh"].suit_hp == 4


def test_zerg_form_at_0_kills_both_forms():
    """Rulebook: "if the Zerg form's HP is reduced to 0, both forms die"."""
    state = table(("gh", "ghost"), ("zz", "marine", "infested"))
    state.players["zz"].zerg_hp = 5
    # zz attacks in Zerg form (melee); ghost (long) fires first: d12 2 hit, d12 12 -> 12-3 = 9 > 5: dead
    result = fight(state, "zz", "gh", 2, 12, zerg=True)
    assert result.dead == ["zz"] and not state.players["zz"].alive and state.players["zz"].body_hp == 10


def test_infestation_by_critical_then_the_victims_last_shot():
    """Rulebook, Infesting: "the infested terran must make a critical hit ... the opposing player gets 1 last
    shot, and he is then converted"; rulings: he keeps class, HP, items, fatigue, with a 50-HP Zerg form."""
    state = table(("zz", "marine", "infested"), ("te", "technician"))
    # equal range (melee claws vs the technician's pistol is short: te first): te d12 12 miss; zz crit 1:
    # 8 halved = 4 -> te suit 15-4 = 11; te's last shot: d12 12 miss.
    result = fight(state, "zz", "te", 12, 1, 12, zerg=True, infest=True)
    te = state.players["te"]
    assert result.outcome == "infested" and result.infested == "te"
    assert (te.team, te.zerg_hp, te.suit_hp, te.cls, te.alive) == ("infested", 50, 11, "technician", True)
    assert te.infested_day == state.day  # infested today, not at the start (day 0)
    assert result.shots[-1]["shooter"] == "te" and result.shots[-1]["last_shot"]


def test_optical_flare_replaces_the_first_shot_and_softens_damage():
    """Rulings: the grenade is used at the start of each battle while uses remain, replaces the holder's first
    shot, and for 5 rounds every damage to the holder is -2, criticals included."""
    state = table(("ma", "marine"), ("md", "medic"))
    state.settings.max_rounds = 1
    # marine (medium) first: d12 1 crit 6 - 2 = 4 -> medic suit 16; medic's shot is the flare.
    result = fight(state, "md", "ma", 1)
    assert result.shots[1] == {"round": 1, "shooter": "md", "flare": True}
    assert state.players["md"].suit_hp == 16 and state.players["md"].items[1].uses == 1


def test_sleeper_defends_with_half_then_three_quarters_attack():
    """Rulings, Sleep: "a sleeper's first defense shot uses half its weapon's attack and the second 3/4"."""
    state = table(("a", "technician"), ("gh", "ghost"))
    state.settings.max_rounds = 3
    # ghost (long) defends first: attacks 10//2=5, then 10*3//4=7, then 10. d12 6 misses, 8 misses, 10 hits.
    result = fight(state, "a", "gh", 6, 12, 8, 12, 10, 1, 12, asleep=frozenset({"gh"}))
    ghost_shots = [s for s in result.shots if s["shooter"] == "gh"]
    assert [s["attack"] for s in ghost_shots] == [5, 7, 10]
    assert [s["hit"] for s in ghost_shots] == [False, False, True]


def test_cloak_halves_the_enemy_attack_and_vision_adds_2_defense_to_the_first_shot():
    """Rulings: Cloak "enemy attack halved, rounded down"; Enhanced Vision "+2 defense against the first enemy
    shot of each battle"."""
    state = table(("ma", "marine"), ("gh", "ghost"))
    state.settings.max_rounds = 2
    state.players["gh"].items = []  # the ghost fights hand-to-hand (melee): the marine's rifle fires first
    # ma: attack 6//2 = 3: d12 3 hit, d6 2 - (0 + 2) = 0; gh: d12 12 miss; ma: d12 3 hit, d6 2 - 0 = 2 -> HES 8
    result = fight(state, "ma", "gh", 3, 2, 12, 3, 2, 12, cloak=frozenset({"gh"}))
    assert [s["attack"] for s in result.shots if s["shooter"] == "ma"] == [3, 3]
    assert state.players["gh"].suit_hp == 8


def test_stim_pack_fires_first_without_fatigue_and_half_again_damage():
    """Rulings, Stim Pack: "the user fires first and for 3 rounds has fatigue 0 and x1.5 damage"."""
    state = table(("gh", "ghost"), ("ma", "marine"))
    state.players["ma"].fatigue = 5
    state.settings.max_rounds = 1
    # the marine defends but fires first (stim) despite the ghost's range: d12 6 + 0 <= 6 hit, d6 6 -> 6*1.5=9
    # on the HES (0 def), Enhanced Vision +2 first: (6 - 2) * 1.5 = 6 -> 10 - 6 = 4; ghost: d12 12 miss
    result = fight(state, "gh", "ma", 6, 6, 12, stim=frozenset({"ma"}))
    assert shooters(result) == ["ma", "gh"] and result.shots[0]["fatigue"] == 0
    assert state.players["gh"].suit_hp == 4


def test_nobody_armed_ends_the_battle():
    """Rulings, Weapon: "A side without one skips its shots; if neither has one the battle ends"."""
    state = table(("a", "firebat"), ("b", "firebat"))
    for seat in ("a", "b"):
        state.players[seat].suit_hp = 0
    result = fight(state, "a", "b")
    assert result.outcome == "unarmed" and result.shots == []


def test_a_suit_attack_stops_when_the_suit_is_emptied():
    """Rulebook, Players: "A player may not use his suit attack if his suit HP is equal to 0"; rulings: the
    flamethrowers, "like suit attacks, need suit HP above 0"."""
    state = table(("fb", "firebat"), ("te", "technician"))
    state.players["fb"].suit_hp = 2
    # the technician's pistol (short) fires first: critical 4 -> suit 0, 2 to the body: 8. Then the firebat's
    # flamethrowers are silent. One round only.
    state.settings.max_rounds = 1
    result = fight(state, "fb", "te", 1)
    assert result.shots[1]["skipped"] and (state.players["fb"].suit_hp, state.players["fb"].body_hp) == (0, 8)


def test_many_seeded_battles_end_cleanly():
    """Every pairing of classes and forms, 40 seeds each: a battle always ends with an outcome, HP stays within
    0..maximum, and the same seed fights the same battle (randomness only from the rng)."""
    classes = ["marine", "firebat", "medic", "technician", "ghost"]
    for a_cls in classes:
        for d_cls in classes:
            for seed in range(40):
                outcomes = []
                for _ in range(2):
                    state = table(("a", a_cls, "infested" if seed % 3 == 0 else "human"), ("d", d_cls))
                    zerg = seed % 3 == 0 and seed % 2 == 0
                    setup = BattleSetup(
                        zerg=zerg, infest=zerg and seed % 4 == 0, asleep=frozenset({"d"} if seed % 5 else ())
                    )
                    result = battle(state, "a", "d", RecordingRng(seed), setup)
                    outcomes.append((result.outcome, [s.get("d12") for s in result.shots]))
                    assert result.outcome in ("killed", "fled", "infested", "unarmed", "no_result")
                    for p in state.players.values():
                        assert 0 <= p.suit_hp <= p.suit_max and 0 <= p.body_hp <= p.body_max
                        assert p.zerg_hp is None or 0 <= p.zerg_hp <= 50
                assert outcomes[0] == outcomes[1]
