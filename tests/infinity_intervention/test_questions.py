"""Rulings, "Reactions (face-offs)" and "Infinity Points and Heat": an attack on a PC who can react stops the
post and asks that player (react / take, points on saves and on a critical, `reaction_hours`, default take);
a standing answer; NPC reactions by the script or asked; Infinity Points: +1 action, move in post order, pass
a save, soften or negate a critical; Heat from focus and from face-off criticals."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.orders import Answer, Attack, IIOrders, MoveCover, Observe
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import Dealt, fight, step


def _zhanshi_shoots_fusilier():
    """Fusilier passes, then the Zhanshi's post attacks him: the post stops on a question."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()])).state
    return step(state, IIOrders(actions=[Attack(target="fusilier"), Attack(target="fusilier")]), Dealt())


def test_an_attack_on_a_pc_who_can_react_asks_that_player() -> None:
    """Rulings, "Choosing": `resolve` stops and awaits that player; no answer by `reaction_hours`: take."""
    result = _zhanshi_shoots_fusilier()
    state = result.state
    assert state.phase == "question" and RULESET.awaiting(state) == ["fusilier"]
    question = RULESET.pending(state)
    assert question is not None and question.actor == "fusilier" and question.default == "take"
    assert question.hours == 12 and dict((v, k) for k, v in question.choices).keys() == {"react", "take"}
    assert "Zhanshi attacks you with the CombiRifle (2 strike(s))" in question.prompt
    assert RULESET.default_orders(state, "fusilier").answer == Answer()
    attack = IIOrders(actions=[Attack(target="fusilier")])
    assert RULESET.validate(state, "zhanshi", attack) == "The question waits for Fusilier's answer."
    assert RULESET.validate(state, "zhanshi", IIOrders()) is None  # nothing ordered: nothing to refuse
    assert RULESET.validate(state, "fusilier", IIOrders()) == "Answer the face-off: react or take."
    # nobody answers: take, no points; the Zhanshi rolls 6, the Fusilier saves 2 and 9 (+1 Resistance +2 low cover)
    after = RULESET.resolve(state, {}, Dealt(6, 2, 9, 20)).state
    assert after.fighters["fusilier"].wounds == 9  # one failed save: 1 damage
    assert after.fighters["fusilier"].infinity_points == 2
    assert after.phase == "question"  # the post's second attack asks again


def test_react_makes_a_face_off_and_spends_an_action() -> None:
    state = _zhanshi_shoots_fusilier().state
    answer = IIOrders(answer=Answer(choice="react"))
    assert RULESET.validate(state, "fusilier", answer) is None
    # Zhanshi (TN 11) rolls 3 and 9, Fusilier (TN 14) 12: Fusilier wins; the Zhanshi saves against 12 with 5+1
    result = RULESET.resolve(state, {"fusilier": answer}, Dealt(3, 9, 12, 5))
    after = result.state
    assert after.fighters["fusilier"].halves == 3 - 2  # ½ spent on Observe, 1 on the reaction
    assert after.fighters["zhanshi"].wounds == 9
    assert "Fusilier wins the face-off." in [e.text for e in result.events]


def test_a_standing_answer_is_used_without_asking() -> None:
    """Rulings, "Choosing": a player may store a standing answer."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()], standing=Answer(choice="take", ip_saves=1))).state
    result = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt(10, 1, 1))
    after = result.state
    assert after.phase == "post" and after.pending is None
    # two failed saves, one passed with the standing point
    assert after.fighters["fusilier"].wounds == 9 and after.fighters["fusilier"].infinity_points == 1


def test_a_pc_with_no_action_left_buys_the_reaction_with_an_infinity_point() -> None:
    """Rulings, "Reactions": a PC may buy the reacting action with its turn's Infinity Point."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()] * 4)).state
    state = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt()).state
    assert state.phase == "question"
    state = RULESET.resolve(state, {"fusilier": IIOrders(answer=Answer(choice="react"))}, Dealt(20, 20, 20)).state
    fusilier = state.fighters["fusilier"]
    assert fusilier.infinity_points == 1 and fusilier.ip_action_used and fusilier.halves == 0


def test_infinity_point_negates_or_softens_a_critical() -> None:
    """Rulings, "Against a critical": 1 point turns critical strikes into normal ones; 2 negate them; Heat stays."""
    for points, wounds in ((0, 10 - 2), (1, 10 - 1), (2, 10)):
        state = _zhanshi_shoots_fusilier().state
        heat = state.heat
        answer = IIOrders(answer=Answer(choice="react", ip_crit=points))
        # the Zhanshi rolls 11 (critical at TN 11) and 20; the Fusilier 4; a softened strike: save die 1, failed
        faces = (11, 20, 4, 1) if points == 1 else (11, 20, 4, 20)  # 20: the next attack (untouchable) misses
        after = RULESET.resolve(state, {"fusilier": answer}, Dealt(*faces)).state
        assert after.fighters["fusilier"].wounds == wounds, points
        assert after.fighters["fusilier"].infinity_points == 2 - points
        assert after.heat == heat + 1  # a face-off with a critical


def test_a_focus_threshold_reached_by_a_pc_gives_heat_once_per_action() -> None:
    """Rulings, "Heat": +1 per PC focus threshold (once per action), none for an NPC's."""
    state = fight(["fusilier", "zhanshi"])
    heat = state.heat
    # Fusilier TN 14, focus 1: 13-14 critical range; 14 reaches focus; the Zhanshi fails both saves
    state = step(state, IIOrders(actions=[Attack(target="zhanshi")]), Dealt(14, 1, 1)).state
    assert state.heat == heat + 1
    assert state.fighters["zhanshi"].wounds == 10 - 4  # bracketed damage, 2 a failed save
    assert "ballistics:zhanshi" in state.fighters["fusilier"].focus_on


def test_infinity_point_extra_action_once_a_turn_and_insert_in_post_order() -> None:
    """Rulings, "Infinity Points": +1 action this turn (once a turn); move yourself just after any actor
    (lasting, from the next post)."""
    state = fight(["lena", "fusilier", "zhanshi"])
    orders = IIOrders(extra_action=True, insert_after="zhanshi", actions=[Observe()] * 4 + [])
    assert RULESET.validate(state, "lena", orders) is None
    result = step(state, orders)
    after = result.state
    assert after.order == ["fusilier", "zhanshi", "lena"]
    assert after.fighters["lena"].infinity_points == 0 and after.fighters["lena"].halves == 2
    assert after.awaited == "fusilier"
    again = IIOrders(extra_action=True)
    assert RULESET.validate(after.model_copy(update={"awaited": "lena"}), "lena", again) is not None


def test_npc_reactions_by_script_or_asked_of_the_moderators() -> None:
    """Rulings: NPCs react if their readied TN >= the attacker's TN, else take (`npc_reactions = script`);
    with `ask` the moderators are asked (the question's actor is the NPC, controlled by the game master)."""
    state = fight(["fusilier", "yan_huo"])
    result = step(state, IIOrders(actions=[Attack(target="yan_huo")]), Dealt(20, 20, 20))
    assert "Yan Huo reacts with the Heavy machine gun: a face-off." in [e.text for e in result.events]
    asked = fight(["fusilier", "yan_huo"], npc_reactions="ask")
    paused = step(asked, IIOrders(actions=[Attack(target="yan_huo")]), Dealt()).state
    assert RULESET.awaiting(paused) == ["yan_huo"] and RULESET.controller(paused, "yan_huo") is None
    assert RULESET.npc_orders(paused, "yan_huo", Dealt()).answer == Answer(choice="react")


def test_a_reaction_that_immobilizes_the_attacker_voids_the_rest_of_its_post() -> None:
    """Rulings, "Choosing": if a reaction downs or Immobilizes the attacker, the rest of its post is void."""
    state = fight(["lena", "zhanshi"])
    state.fighters["zhanshi"].sheet = state.fighters["zhanshi"].sheet.model_copy(update={"hackable": True})
    state = step(state, IIOrders(actions=[Observe()] * 4)).state  # Lena spends her turn
    state = step(state, IIOrders(actions=[Attack(target="lena"), Attack(target="lena")]), Dealt()).state
    # Lena reacts with her hack (TN 17): Zhanshi 18, 19 fail; Lena 9 succeeds; the Zhanshi saves 1 and fails
    answer = IIOrders(answer=Answer(choice="react"))
    result = RULESET.resolve(state, {"lena": answer}, Dealt(18, 19, 9, 1))
    after = result.state
    assert after.fighters["zhanshi"].immobilized
    assert any(e.kind == "void" for e in result.events)
    assert after.phase == "post"


def test_the_rest_of_a_post_after_an_immobilizing_reaction_spends_nothing() -> None:
    """Rulings, "Choosing": the rest of the post is void, and void actions are unspent."""
    state = fight(["lena", "zhanshi"])
    state.fighters["zhanshi"].sheet = state.fighters["zhanshi"].sheet.model_copy(update={"hackable": True})
    state = step(state, IIOrders(actions=[Observe()] * 4)).state
    posted = IIOrders(actions=[Attack(target="lena"), Observe(), MoveCover(level="high")])
    state = step(state, posted, Dealt()).state
    result = RULESET.resolve(state, {"lena": IIOrders(answer=Answer(choice="react"))}, Dealt(18, 19, 9, 1))
    zhanshi = result.state.fighters["zhanshi"]
    assert zhanshi.immobilized and zhanshi.cover == "none" and zhanshi.halves == 2 and zhanshi.observe == 0
    assert "The rest of Zhanshi's post is void." in [e.text for e in result.events]


def test_a_pc_who_cannot_react_but_holds_points_is_asked_take_only() -> None:
    """Decided (`ask_for_points`): an Immobilized PC with points is asked, with "take" only; off: not asked."""
    for ask, asked in ((True, True), (False, False)):
        state = fight(["fusilier", "zhanshi"], ask_for_points=ask)
        state = step(state, IIOrders(actions=[Observe()])).state
        state.fighters["fusilier"].immobilized = True
        state = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt(20)).state
        assert (state.phase == "question") is asked
        if asked:
            question = RULESET.pending(state)
            assert question is not None and [value for _, value in question.choices] == ["take"]
            assert RULESET.validate(state, "fusilier", IIOrders(answer=Answer(choice="react"))) is not None


def test_the_question_of_a_pc_with_no_action_left_says_reacting_spends_an_infinity_point() -> None:
    """Issue 23 (rulings, "Reactions"): the React answer offered with no action left is bought with a point: the
    question says so; with no point left either, a React answer is refused in one line saying why."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()] * 4)).state
    state = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt()).state
    question = RULESET.pending(state)
    assert question is not None and question.choices[0][1] == "react"
    assert "reacting spends an Infinity Point" in question.prompt
    state.fighters["fusilier"].infinity_points = 0
    refused = RULESET.validate(state, "fusilier", IIOrders(answer=Answer(choice="react")))
    assert refused == "You have no action left and no Infinity Point to buy one: you cannot react, only take it."


def test_the_question_of_a_pc_with_an_action_left_says_nothing_of_points() -> None:
    question = RULESET.pending(_zhanshi_shoots_fusilier().state)
    assert question is not None and "spends an Infinity Point" not in question.prompt
