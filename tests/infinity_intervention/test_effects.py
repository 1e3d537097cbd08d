"""Rulings, "Health and effects" and "Actions": Consciousness 0 incapacitates (skipped, cannot react, still
saves), Wounds 0 kills, Firewalls 0 makes the character's Hacking focus count 0, Immobilized targets keep their
cover, Observe adds to the next attack only, Switch readies another item, Negotiate and Freeform go to
moderators, and a PC attacker's points answer a reaction that beats it."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.orders import (
    Attack,
    Freeform,
    IIOrders,
    MoveCover,
    Negotiate,
    Observe,
    Switch,
)
from engine.rulesets.infinity_intervention.rolls import focus
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import Dealt, fight, step


def _stun(state):
    state.fighters["fusilier"].sheet = state.fighters["fusilier"].sheet.model_copy(
        update={"items": ["combirifle", "pistol", "knife", "stun_pistol"]}
    )
    return state


def test_consciousness_zero_incapacitates_and_the_target_is_skipped_but_still_saves() -> None:
    state = _stun(fight(["fusilier", "zhanshi", "yan_huo"]))
    state.fighters["zhanshi"].consciousness = 1
    orders = IIOrders(actions=[Switch(item="stun_pistol"), Attack(target="zhanshi")])
    # the Zhanshi takes (its TN 11 < 14); Fusilier rolls 5; the Zhanshi saves 1 + Discipline 1 = 2: failed
    state = step(state, orders, Dealt(5, 1)).state
    zhanshi = state.fighters["zhanshi"]
    assert zhanshi.incapacitated and not zhanshi.killed and not zhanshi.able
    assert state.awaited == "yan_huo"  # the incapacitated Zhanshi is skipped
    state.awaited = "fusilier"
    state.fighters["fusilier"].halves = 2
    shot = IIOrders(actions=[Attack(target="zhanshi")])
    assert RULESET.validate(state, "fusilier", shot) is None  # still a target; it cannot react, it saves
    result = step(state, shot, Dealt(9, 20))
    assert "Zhanshi's save against 9: rolled 20, saved." in [e.text for e in result.events]


def test_wounds_zero_kills() -> None:
    state = fight(["fusilier", "zhanshi", "yan_huo"])
    state.fighters["zhanshi"].wounds = 1
    result = step(state, IIOrders(actions=[Attack(target="zhanshi")]), Dealt(5, 1, 1))
    assert result.state.fighters["zhanshi"].killed
    assert "Zhanshi is killed." in [e.text for e in result.events]
    shot = IIOrders(actions=[Attack(target="zhanshi")])
    assert RULESET.validate(result.state.model_copy(update={"awaited": "fusilier"}), "fusilier", shot) == (
        "Zhanshi is dead."
    )


def test_firewalls_zero_makes_own_hacking_focus_count_zero() -> None:
    state = fight(["lena", "yan_huo"])
    lena = state.fighters["lena"]
    assert focus(lena, "hacking") == 2
    lena.firewalls = 0
    assert focus(lena, "hacking") == 0 and focus(lena, "ballistics") == 0


def test_immobilized_targets_keep_their_cover() -> None:
    state = fight(["lena", "yan_huo"])
    state.fighters["yan_huo"].cover = "high"
    state = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(10, 1, 1)).state
    assert state.fighters["yan_huo"].immobilized and state.fighters["yan_huo"].cover == "high"


def test_observe_adds_two_to_the_next_attack_only() -> None:
    """Rulings, "Actions": Observe: +2 to the actor's next attack TN this turn (`observe_bonus = 2`)."""
    state = fight(["fusilier", "zhanshi"])
    # Fusilier TN 14 + 2 = 16: a 16 succeeds (and is the critical top); then TN 14 again: 16 fails
    orders = IIOrders(actions=[Observe(), Attack(target="zhanshi")])
    result = step(state, orders, Dealt(16, 20, 20))
    assert "Fusilier rolls: 16 critical." in [e.text for e in result.events]
    state = result.state
    assert state.fighters["fusilier"].observe == 0


def test_negotiate_and_freeform_go_to_moderators() -> None:
    state = fight(["fusilier", "zhanshi"])
    result = step(state, IIOrders(actions=[Negotiate(text="Stand down."), Freeform(text="I kick the door.")]), Dealt(4))
    secret = [e for e in result.events if e.kind in ("negotiate", "freeform") and e.audience.kind == "moderators"]
    assert len(secret) == 2 and "d20 4 against TN 8: success" in secret[0].text
    public = [e.text for e in result.events if e.audience.kind == "public"]
    assert not any("Stand down." in t or "kick" in t for t in public)


def test_heat_a_pcs_negotiation_in_the_critical_range_reaches_focus_heat_plus_one() -> None:
    """Rulings, "Infinity Points and Heat": "+1 per PC focus threshold reached on any roll, attack, hack or
    negotiation (once per action)". The Fusilier's Persuade TN 8, focus 0: the critical range is 8-8; a 4 is
    a plain success (no Heat); an NPC's negotiation gives none (was: a negotiation never gave Heat)."""
    state = fight(["fusilier", "zhanshi"])
    heat = state.heat
    critical = step(state, IIOrders(actions=[Negotiate(text="Stand down.")]), Dealt(8))
    assert critical.state.heat == heat + 1
    public = [e.text for e in critical.events if e.audience.kind == "public"]
    assert f"A PC reached the focus threshold: Heat is now {heat + 1}." in public
    secret = next(e.text for e in critical.events if e.kind == "negotiate" and e.audience.kind == "moderators")
    assert "d20 8 against TN 8: critical" in secret
    plain = step(state, IIOrders(actions=[Negotiate(text="Stand down.")]), Dealt(4))
    assert plain.state.heat == heat
    twice = step(state, IIOrders(actions=[Negotiate(), Negotiate()]), Dealt(8, 8))
    assert twice.state.heat == heat + 2  # once per action
    npc = fight(["fusilier", "zhanshi"])
    npc.awaited = "zhanshi"
    by_npc = RULESET.resolve(npc, {"zhanshi": IIOrders(actions=[Negotiate()])}, Dealt(6))  # TN 6, focus 0
    assert by_npc.state.heat == heat


def test_a_pc_attackers_points_answer_a_reaction_that_beats_it() -> None:
    """Decided: the attacker is not asked mid-post; its attack carries `ip_saves` for a reaction that wins."""
    state = fight(["fusilier", "yan_huo"])
    orders = IIOrders(actions=[Attack(target="yan_huo", ip_saves=1), MoveCover(level="high")])
    # Fusilier 20, 20 fail; the Yan Huo (reacts, TN 16) 12; the Fusilier's save 1: failed, passed with a point
    result = step(state, orders, Dealt(20, 20, 12, 1))
    assert result.state.fighters["fusilier"].wounds == 10
    assert result.state.fighters["fusilier"].infinity_points == 1
    assert result.state.fighters["fusilier"].cover == "high"
