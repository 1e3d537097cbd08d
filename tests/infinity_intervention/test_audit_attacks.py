"""The rule-by-rule audit's tests of attacks (rulings "Rolls", "Reactions (face-offs)", "Health and effects",
"Infinity Points and Heat"; rulebook "Critical Hits, Face Offs, Reactions, and Defense"): each one fails if its
rule were wrong. Dice are dealt (`Dealt`) so each outcome is known; docs/rules/infinity-intervention.md,
"Rules and their tests", lists which rule each test holds."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.attack import Ctx, can_react, resolve_attack
from engine.rulesets.infinity_intervention.catalog import Sheet
from engine.rulesets.infinity_intervention.orders import Answer, Attack, IIOrders, Observe
from engine.rulesets.infinity_intervention.rolls import target_number
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.autoplayer import scripted_answer
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.setup import fighter_from
from tests.infinity_intervention.helpers import Dealt, fight, step


def _taken(state, attacker: str, target: str, rng, answer: Answer | None = None) -> Ctx:
    ctx = Ctx(state.model_copy(deep=True), rng)
    resolve_attack(ctx, attacker, Attack(target=target), answer or Answer(choice="take"))
    return ctx


def _public(ctx_or_result) -> list[str]:
    return [e.text for e in ctx_or_result.events if e.audience.kind == "public"]


def test_rolls_triple_burst_is_one_die_and_three_saves_each_against_the_opportunity() -> None:
    """Rulings "Rolls" (Attack, no reaction): one d20 whatever the strikes; the target saves once per strike
    (Triple Burst 3), each against that number; each failed save deals the damage."""
    state = fight(["fusilier", "yan_huo"])
    # the Yan Huo's heavy machine gun, TN 16: a 5; the Fusilier saves 1 + 3 (Resistance 1, low cover 2) three times
    ctx = _taken(state, "yan_huo", "fusilier", Dealt(5, 1, 1, 1))
    saves = [t for t in _public(ctx) if t.startswith("Fusilier's save against 5")]
    assert len(saves) == 3
    assert ctx.state.fighters["fusilier"].wounds == 10 - 3


def test_rolls_a_save_must_be_strictly_greater_than_the_number() -> None:
    """Rulings "Save" (rulebook: "If the final number is greater"): a total equal to the number fails."""
    state = fight(["fusilier", "yan_huo"])
    # opportunity 5; saves 2 + 3 = 5 (equal: failed), 3 + 3 = 6 (saved), 3 + 3 (saved)
    ctx = _taken(state, "yan_huo", "fusilier", Dealt(5, 2, 3, 3))
    assert "Fusilier's save against 5: rolled 2, failed." in _public(ctx)
    assert "Fusilier's save against 5: rolled 3, saved." in _public(ctx)
    assert ctx.state.fighters["fusilier"].wounds == 10 - 1


def test_rolls_tn_pairs_each_skill_with_its_attribute() -> None:
    """Rulings "Rolls": Ballistics with Coordination, Close Combat with Agility, Hacking with Intelligence,
    Persuade with Personality (every attribute different, so a wrong pair shows)."""
    sheet = Sheet.model_validate(
        {
            "id": "t",
            "name": "T",
            "side": "pc",
            "attributes": {
                "agility": 5,
                "awareness": 6,
                "brawn": 7,
                "coordination": 9,
                "intelligence": 11,
                "personality": 13,
                "willpower": 15,
            },
            "skills": {s: {"expertise": 1} for s in ("ballistics", "close_combat", "hacking", "persuade")},
        }
    )
    fighter = fighter_from(sheet, None, IISettings())
    tns = {s: target_number(fighter, s, None, IISettings(), observe=False) for s in sheet.skills}
    assert tns == {"ballistics": 10, "close_combat": 6, "hacking": 12, "persuade": 14}


def test_rolls_focus_bonus_against_a_target_is_not_cumulative_and_heat_is_once_per_action() -> None:
    """Rulings "Focus reached": +3 expertise in that skill against that target ("not cumulative"); Heat +1 per
    PC focus threshold, once per action."""
    state = fight(["fusilier", "zhanshi"])
    heat = state.heat
    # TN 14 (focus 1: 13-14): 14 reaches focus, the Zhanshi fails both saves; then TN 17 (16-17): 17 reaches
    # focus again, the Zhanshi saves both
    orders = IIOrders(actions=[Attack(target="zhanshi"), Attack(target="zhanshi")])
    state = step(state, orders, Dealt(14, 1, 1, 17, 20, 20)).state
    fusilier = state.fighters["fusilier"]
    assert fusilier.focus_on == ["ballistics:zhanshi"]
    assert target_number(fusilier, "ballistics", "zhanshi", state.settings, observe=False) == 11 + 3 + 3
    assert state.heat == heat + 2  # two actions reached focus: +1 each


def test_heat_boost_adds_two_to_the_npcs_tn_in_that_skill() -> None:
    """Rulings "Infinity Points and Heat": `boost` 1: +2 TN in one skill to one NPC for the combat."""
    state = fight(["fusilier", "zhanshi"])
    boosted = RULESET.moderate(state, "spend_heat", {"kind": "boost", "actor": "zhanshi", "skill": "ballistics"})
    zhanshi = boosted.state.fighters["zhanshi"]
    assert target_number(zhanshi, "ballistics", "fusilier", state.settings, observe=False) == 11 + 2
    assert target_number(zhanshi, "close_combat", "fusilier", state.settings, observe=False) == 8  # that skill only


def test_reactions_a_face_off_critical_wins_strikes_without_save_and_the_whole_action_reaches_focus() -> None:
    """Rulings "Reactions": a critical beats any non-critical; a critical strike deals bracketed damage with no
    save, and the winner's whole action counts as reaching focus (its other strike: bracketed on a failed save,
    and the +3 focus bonus); Heat +1 in all for a face-off with a critical, even a PC's that reached focus."""
    state = fight(["fusilier", "yan_huo"])
    heat = state.heat
    # Fusilier (TN 14, focus 1: 13-14) rolls 13 (critical) and 12; the Yan Huo reacts (TN 16 >= 14) with 10;
    # the 12 is saved against: 1 + 5 (Resistance 3, armour 2) = 6, failed
    result = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(13, 12, 10, 1))
    after = result.state
    assert "Fusilier wins the face-off." in _public(result)
    assert "A critical strike hits Yan Huo: no save." in _public(result)
    assert after.fighters["yan_huo"].wounds == 15 - 2 - 2
    assert "ballistics:yan_huo" in after.fighters["fusilier"].focus_on
    assert after.heat == heat + 1


def test_reactions_a_critical_strike_applies_its_effects_immobilizing() -> None:
    """Rulebook "Critical Hits": a critical hit "immediately applies its damage and effects with no saving roll"
    (decided: an Immobilizing item's critical strike Immobilizes, as a failed save does)."""
    state = fight(["lena", "yan_huo"], npc_reactions="ask")
    state = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt()).state
    assert state.pending is not None and state.awaited == "yan_huo"
    # Lena's Carbonite (TN 17, focus 2: 15-17) rolls 15 (critical) and 18; the Yan Huo 10
    after = RULESET.resolve(state, {"yan_huo": IIOrders(answer=Answer(choice="react"))}, Dealt(15, 18, 10)).state
    yan = after.fighters["yan_huo"]
    assert yan.firewalls == 6 - 2 and yan.immobilized


def test_health_a_killed_victim_makes_no_more_saves() -> None:
    """Rulings "Health and effects": Wounds 0 is killed; the rest of the action's strikes find a dead target
    (before, a save was still rolled and damage dealt to the dead)."""
    state = fight(["fusilier", "yan_huo"])
    state.fighters["yan_huo"].wounds = 2
    # the critical 13 kills (bracketed 2); the 12 would be saved against: no die is left to deal for it
    result = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(13, 12, 10))
    assert result.state.fighters["yan_huo"].killed
    assert not any("'s save against" in t for t in _public(result))
    assert [t for t in _public(result) if "damage" in t] == ["Yan Huo takes 2 Wounds damage."]


def test_reactions_a_whole_action_is_needed_half_an_action_is_not_enough() -> None:
    """Rulings "Reactions": a target may react if it has a whole action left (a PC may buy it with its turn's
    Infinity Point); ½ action left is not enough."""
    state = fight(["fusilier", "yan_huo"])
    state.fighters["yan_huo"].halves = 1
    assert not can_react(state, "yan_huo", "fusilier")
    assert scripted_answer(state, "yan_huo", "fusilier").choice == "take"
    state.fighters["fusilier"].halves = 1
    assert can_react(state, "fusilier", "yan_huo")  # with its turn's Infinity Point
    state.fighters["fusilier"].infinity_points = 0
    assert not can_react(state, "fusilier", "yan_huo")


def test_reactions_buying_a_reaction_uses_the_turns_infinity_point_action() -> None:
    """Rulings "Infinity Points": +1 action this turn, once a turn: a reaction bought with it leaves no extra
    action to buy in the PC's own post that turn."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()] * 3)).state  # ½ left
    state = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt()).state
    state = RULESET.resolve(state, {"fusilier": IIOrders(answer=Answer(choice="react"))}, Dealt(20, 20, 20)).state
    assert state.awaited == "fusilier" and state.turn == 1  # the Zhanshi's post is over; ½ action left
    refused = RULESET.validate(state, "fusilier", IIOrders(extra_action=True, actions=[Observe()]))
    assert refused == "You cannot buy an extra action now (once a turn, with an Infinity Point)."


def test_reactions_npc_script_reacts_at_an_equal_tn_and_takes_below() -> None:
    """Rulings "Choosing": NPCs react if their readied TN >= the attacker's TN, else take (the attacker's TN
    with its Observe and focus bonus)."""
    state = fight(["fusilier", "yan_huo"])
    state.fighters["fusilier"].observe = 2  # 14 + 2 = 16: equal to the Yan Huo's 16
    assert scripted_answer(state, "yan_huo", "fusilier").choice == "react"
    state.fighters["fusilier"].focus_on = ["ballistics:yan_huo"]  # 14 + 3 + 2 = 19 > 16
    assert scripted_answer(state, "yan_huo", "fusilier").choice == "take"


def test_immobilizing_one_failed_save_immobilizes_a_save_passed_with_a_point_does_not() -> None:
    """Rulings "Immobilizing": one failed save Immobilizes; "Infinity Points": a point passes one save."""
    for points, firewalls, immobilized in ((2, 17, False), (1, 16, True)):
        state = fight(["lena", "zhanshi"])
        state = step(state, IIOrders(actions=[Observe()], standing=Answer(choice="take", ip_saves=points))).state
        zhanshi = state.fighters["zhanshi"]
        zhanshi.sheet = zhanshi.sheet.model_copy(update={"items": ["hacking_device"], "readied": "hacking_device"})
        zhanshi.readied = "hacking_device"
        # the Zhanshi's hack (TN 7) rolls 5; Lena saves 1 + 4 (Hacking) = 5 twice: both fail (not greater)
        state = step(state, IIOrders(actions=[Attack(target="lena")]), Dealt(5, 1, 1)).state
        lena = state.fighters["lena"]
        assert (lena.firewalls, lena.immobilized, lena.infinity_points) == (firewalls, immobilized, 2 - points)


def test_against_a_critical_the_attackers_points_negate_a_reactors_critical() -> None:
    """Rulings "Against a critical": 2 Infinity Points negate the critical strikes; a PC attacker gives them with
    its attack (decided: it is not asked mid-post); the Heat stays."""
    state = fight(["fusilier", "yan_huo"])
    heat = state.heat
    orders = IIOrders(actions=[Attack(target="yan_huo", ip_crit=2)])
    # Fusilier 20, 20 fail; the Yan Huo reacts with 16: a critical at TN 16
    after = step(state, orders, Dealt(20, 20, 16)).state
    fusilier = after.fighters["fusilier"]
    assert (fusilier.wounds, fusilier.infinity_points, after.heat) == (10, 0, heat + 1)
    unspent = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(20, 20, 16)).state
    assert unspent.fighters["fusilier"].wounds == 10 - 3  # the heavy machine gun's bracketed 3, no save


def test_health_is_the_sum_of_attribute_and_skill_plus_item_bonuses() -> None:
    """Rulings "Health and effects": Wounds = Brawn + Resistance, Consciousness = Willpower + Discipline,
    Firewalls = Intelligence + Hacking, plus item bonuses."""
    sheet = Sheet.model_validate(
        {
            "id": "t",
            "name": "T",
            "side": "npc",
            "attributes": {"brawn": 10, "willpower": 11, "intelligence": 12},
            "skills": {"resistance": {"expertise": 1}, "discipline": {"expertise": 2}, "hacking": {"expertise": 3}},
            "health_bonus": {"wounds": 4, "consciousness": 5, "firewalls": 6},
        }
    )
    fighter = fighter_from(sheet, None, IISettings())
    assert (fighter.wounds, fighter.consciousness, fighter.firewalls) == (15, 18, 21)


def test_rolls_no_reaction_failure_does_nothing() -> None:
    """Rulings "Rolls": Attack, no reaction: "Failure: nothing" (no save, no damage, no Heat)."""
    state = fight(["fusilier", "zhanshi"])
    ctx = _taken(state, "fusilier", "zhanshi", Dealt(15))
    assert ctx.state.fighters["zhanshi"] == state.fighters["zhanshi"] and ctx.state.heat == state.heat
    assert [e.kind for e in ctx.events if e.audience.kind == "public"] == ["attack", "take", "attack_roll"]


def test_actions_observe_twice_is_still_plus_two_for_the_next_attack() -> None:
    """Rulings "Actions": Observe: +2 to the actor's next attack TN this turn (decided: not cumulative; a second
    Observe before the attack changes nothing)."""
    state = fight(["fusilier", "zhanshi"])
    # TN 14 + 2 = 16 (its critical top); with +4 a 17 would succeed: it fails
    result = step(state, IIOrders(actions=[Observe(), Observe(), Attack(target="zhanshi")]), Dealt(17))
    assert "Fusilier rolls: 17 failure." in _public(result)


def test_rolls_an_npcs_focus_gives_bracketed_damage_and_its_bonus_but_no_heat() -> None:
    """Rulings "Focus reached": bracketed damage and the +3 bonus; Heat +1 only "if the attacker is a PC"."""
    state = fight(["fusilier", "yan_huo"])
    heat = state.heat
    # the Yan Huo's heavy machine gun, TN 16: a 16 reaches focus; the Fusilier fails one save of three (1 + 3)
    ctx = _taken(state, "yan_huo", "fusilier", Dealt(16, 1, 20, 20))
    assert ctx.state.fighters["fusilier"].wounds == 10 - 3
    assert ctx.state.fighters["yan_huo"].focus_on == ["ballistics:fusilier"] and ctx.state.heat == heat
