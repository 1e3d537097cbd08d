"""Rulings, "Post order and turns" and "Actions": post order ties, costs (standard 1, minor ½, at most 4
minors), carried actions, the awaited actor, the turn's end (no actions left, or a quiet rotation), idle posts,
Immobilized posts, void actions, the end of combat and `max_turns`."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.play import PLAY
from engine.rulesets.infinity_intervention.catalog import Roster, Sheet, demo_roster
from engine.rulesets.infinity_intervention.orders import Attack, IIOrders, MoveCover, Observe, Reset, Switch
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.setup import post_order
from tests.infinity_intervention.helpers import Dealt, fight, step


def _sheet(sheet_id: str, side: str, agility: int, awareness: int) -> Sheet:
    return Sheet.model_validate(
        {
            "id": sheet_id,
            "name": sheet_id.title(),
            "side": side,
            "attributes": {"agility": agility, "awareness": awareness},
        }
    )


def test_post_order_ties_awareness_then_pcs_then_a_rerolled_roll_off() -> None:
    """Rulings, "Post order": Agility + Awareness, then higher Awareness, then PCs before NPCs, then a d20
    roll-off, highest first, re-rolling ties."""
    sheets = [
        _sheet("low", "pc", 5, 5),
        _sheet("aware", "npc", 8, 10),
        _sheet("agile", "pc", 10, 8),
        _sheet("npcb", "npc", 10, 8),
        _sheet("twin_a", "pc", 6, 6),
        _sheet("twin_b", "pc", 6, 6),
        _sheet("twin_c", "pc", 6, 6),
    ]
    # twins roll 7, 7, 12: twin_c first; a and b roll again: 3, 9
    assert post_order(sheets, Dealt(7, 7, 12, 3, 9)) == [
        "aware",
        "agile",
        "npcb",
        "twin_c",
        "twin_b",
        "twin_a",
        "low",
    ]


def test_demo_fight_post_order() -> None:
    """The demo: Lena 19, Fusilier 18, Zhanshi 16, Yan Huo 15."""
    assert fight(["lena", "fusilier", "yan_huo", "zhanshi"]).order == ["lena", "fusilier", "zhanshi", "yan_huo"]


def test_minor_actions_cost_half_and_unspent_actions_carry_to_the_next_post() -> None:
    """Rulings, "Turn": a minor costs ½; actions left at the end of a post stay for the actor's next post."""
    state = fight(["lena", "yan_huo"])
    state = step(state, IIOrders(actions=[Observe()])).state
    assert state.fighters["lena"].halves == 3 and state.awaited == "yan_huo"
    state = step(state, IIOrders(actions=[MoveCover(level="high")])).state
    assert state.awaited == "lena" and state.fighters["lena"].observe == 2  # Observe waits for her attack
    assert state.turn == 1


def test_at_most_four_minor_actions_a_turn() -> None:
    """Rulings, "Turn": at most 4 minors a turn (an Infinity Point buys the room for them)."""
    state = fight(["fusilier", "zhanshi"])
    five = IIOrders(
        extra_action=True,
        actions=[Observe(), Switch(item="pistol"), Switch(item="knife"), MoveCover(level="high"), Observe()],
    )
    assert RULESET.validate(state, "fusilier", five) == "At most 4 minor actions a turn."


def test_not_enough_actions_is_refused_with_a_reason_and_nothing_changes() -> None:
    state = fight(["fusilier", "zhanshi"])
    three = IIOrders(actions=[Attack(target="zhanshi")] * 3)
    assert RULESET.validate(state, "fusilier", three) == "Not enough actions left for an attack."
    assert RULESET.validate(state, "zhanshi", IIOrders(actions=[Observe()])) == "It is Fusilier's post now."
    assert RULESET.validate(state, "zhanshi", IIOrders()) is None  # nothing ordered (a withdrawal): nothing to refuse
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[Attack(target="nobody")])) == (
        "There is nobody called nobody in this combat."
    )
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[Reset()])) == (
        "You are not Immobilized: nothing to reset."
    )


def test_an_actor_not_awaited_is_told_whose_post_it_is_even_for_the_deadline_default() -> None:
    """Rulings, "Post order and turns" (the awaited actor): the bot checks a player who is not awaited against
    the game's default orders (the forfeit, `timed_out`); the reason must be whose post or question it is,
    not that the forfeit is the deadline's (found by the fake-Discord end-to-end test)."""
    state = fight(["fusilier", "lena", "zhanshi"])
    assert state.awaited == "lena"  # Agility + Awareness 19 against the Fusilier's 18
    assert RULESET.default_orders(state, "fusilier") == IIOrders()  # not awaited: nothing, nothing to refuse
    assert RULESET.validate(state, "fusilier", IIOrders(timed_out=True)) == "It is Lena's post now."
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[Observe()])) == "It is Lena's post now."
    assert RULESET.validate(state, "lena", IIOrders(timed_out=True)) == (
        "That is what happens at the deadline; post your actions instead."
    )


def test_a_hack_needs_a_hackable_target() -> None:
    """Rulings, "Actions": a hack needs a readied Hacking Device and a `hackable` target."""
    state = fight(["lena", "zhanshi"])
    assert RULESET.validate(state, "s1", IIOrders()) == "You have no character in this combat."  # a seat is no actor
    assert RULESET.validate(state, "lena", IIOrders(actions=[Attack(target="zhanshi")])) == "Zhanshi cannot be hacked."
    switched = IIOrders(actions=[Switch(item="combirifle"), Attack(target="zhanshi")])
    assert RULESET.validate(state, "lena", switched) is None


def test_the_turn_ends_when_nobody_has_actions_and_restarts_at_the_top() -> None:
    """Rulings, "Turn": every actor starts with 2 actions; the turn ends when no able actor has actions left."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe(), Observe(), Observe(), Observe()])).state
    state = step(state, IIOrders(actions=[MoveCover(level="high")] + [Observe()] * 3)).state
    assert state.turn == 2 and state.awaited == "fusilier"
    assert all(f.halves == 4 and f.observe == 0 for f in state.fighters.values())


def test_a_quiet_rotation_ends_the_turn_and_unspent_actions_are_lost() -> None:
    """Rulings, "Turn": a full rotation in which every awaited actor spent nothing ends the turn."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders()).state
    assert state.turn == 1 and state.awaited == "zhanshi"
    state = step(state, IIOrders()).state
    assert state.turn == 2 and state.awaited == "fusilier"


def test_no_post_forfeits_the_turn_and_moderators_are_told_after_three() -> None:
    """Rulings, "Deadline": no post forfeits the remaining actions; moderators told after 3 in a row."""
    state = fight(["fusilier", "zhanshi"])
    alerts = []
    for _ in range(3):
        assert state.awaited == "fusilier"
        result = step(state, None)
        assert result.state.fighters["fusilier"].halves == 0 or result.state.turn > state.turn
        alerts += [e for e in result.events if e.kind == "idle_alert"]
        state = step(result.state, IIOrders(actions=[Observe()] * 4)).state  # the Zhanshi spends its turn
    assert len(alerts) == 1 and alerts[0].audience.kind == "moderators"
    assert RULESET.default_orders(state, "fusilier").timed_out
    assert RULESET.validate(state, "fusilier", IIOrders(timed_out=True)) is not None


def test_an_immobilized_actor_must_start_with_reset() -> None:
    """Rulings, "Immobilizing": no moving, attacking or reacting; the next post must start with Reset."""
    state = fight(["fusilier", "zhanshi"])
    state.fighters["fusilier"].immobilized = True
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi")])) is not None
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[MoveCover(level="high")])) is not None
    ok = IIOrders(actions=[Reset(), Attack(target="zhanshi")])
    assert RULESET.validate(state, "fusilier", ok) is None
    state = step(state, ok, Dealt(20)).state
    assert not state.fighters["fusilier"].immobilized and state.fighters["fusilier"].halves == 0


def test_an_action_whose_target_is_down_is_void_and_unspent() -> None:
    """Rulings, "Choosing": an action made impossible (its target down) is void and unspent."""
    state = fight(["fusilier", "zhanshi", "yan_huo"])
    state.fighters["zhanshi"].wounds = 1
    # the first shot kills the Zhanshi (no reaction: it has no... reactions by script: its TN 11 < 14)
    result = step(state, IIOrders(actions=[Attack(target="zhanshi"), Attack(target="zhanshi")]), Dealt(5, 1, 1))
    assert result.state.fighters["zhanshi"].killed
    assert any(e.kind == "void" for e in result.events)
    assert result.state.fighters["fusilier"].halves == 2


def test_the_combat_ends_when_a_side_has_no_able_member() -> None:
    """Rulings, "End": after any post, if one side has no able member."""
    state = fight(["fusilier", "zhanshi"])
    state.fighters["zhanshi"].wounds = 1
    result = step(state, IIOrders(actions=[Attack(target="zhanshi")]), Dealt(5, 1, 1))
    assert result.state.phase == "over" and result.state.outcome == "pc"
    assert RULESET.is_over(result.state) and RULESET.awaiting(result.state) == []
    assert RULESET.validate(result.state, "fusilier", IIOrders()) == "The combat is over."


def test_the_side_left_able_wins_and_its_standing_npcs_survive() -> None:
    """Rulings, "End": the combat ends when one side has no able member, so the other side prevails; when
    that is the NPCs' side, its fighters win and those not killed survive (the summary said "Winners: none.
    Survivors: none." while Yan Huo stood)."""
    from engine.rulesets.infinity_intervention.front.game import FRONT

    state = fight(["fusilier", "zhanshi", "yan_huo"])
    state.fighters["fusilier"].wounds = 0
    state.fighters["fusilier"].killed = True
    state.fighters["zhanshi"].killed = True
    state.outcome, state.phase = "npc", "over"
    assert PLAY.outcome(state) == {"winners": ["Zhanshi", "Yan Huo"], "survivors": ["Yan Huo"]}
    state.outcome = "pc"  # the PCs' side prevailing: their players win, whoever stands survives
    state.fighters["fusilier"].killed = False
    assert PLAY.outcome(state) == {"winners": ["s1"], "survivors": ["s1", "Yan Huo"]}
    state.outcome = "undecided"
    assert PLAY.outcome(state)["winners"] == []


def test_max_turns_ends_the_combat_undecided_and_moderators_are_told() -> None:
    """Rulings, "End": after `max_turns` turns the combat ends undecided and moderators are told."""
    state = fight(["fusilier", "zhanshi"], max_turns=2)
    events = []
    while not RULESET.is_over(state):
        result = step(state, IIOrders())
        events += result.events
        state = result.state
    assert state.outcome == "undecided" and state.turn == 2
    assert any(e.kind == "over_undecided" and e.audience.kind == "moderators" for e in events)


def test_new_game_gives_each_signup_a_pc_and_the_npcs_to_the_gm() -> None:
    """A GM-run game: players control PCs, the GM controls NPCs (controller None)."""
    from engine.ruleset import SignUp

    result = RULESET.new_game(
        [SignUp(seat="s1", name="a", requests={"pc": "fusilier"}), SignUp(seat="s2", name="b")],
        IISettings(),
        RecordingRng(3),
    )
    actors = {a.id: a.controller for a in RULESET.actors(result.state)}
    assert actors == {"fusilier": "s1", "lena": "s2", "yan_huo": None, "zhanshi": None}
    assert RULESET.actor_name(result.state, "s1") == "Fusilier"
    assert RULESET.awaiting(result.state) == ["lena"]


def test_an_uploaded_roster_starts_a_fight() -> None:
    cast = Roster(sheets=demo_roster().sheets, fight=["fusilier", "yan_huo"])
    state = RULESET.start(cast, [], IISettings(), RecordingRng(1)).state
    assert state.fighters["fusilier"].controller is None  # no player: the GM's
    assert [f.infinity_points for f in state.fighters.values()] == [2, 0]
