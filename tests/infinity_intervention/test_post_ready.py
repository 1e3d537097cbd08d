"""Rulings, "Post order and turns": a post spends 0 or more actions (a standard 1, a minor ½, at most 4 minors a
turn, unspent actions carried), built one command at a time and complete (`Ruleset.ready`) when the player sends
it (`/act action:send`) or when it leaves no whole or half action to spend (a bought extra action counted). A face-off
answer, a forfeit and an Infinity Point move from a player not posting are ready as they are."""

from __future__ import annotations

from engine.ruleset import Ruleset
from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.orders import Answer, Attack, IIOrders, MoveCover, Observe, Switch
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import fight, step
from tests.infinity_intervention.test_front import accepted, asked


def test_every_other_game_is_ready_with_any_orders_by_default() -> None:
    """The hook's default keeps every game of one order a step as it was."""
    assert Ruleset.ready is not type(RULESET).ready
    from engine import registry

    battle_royale = registry.get("battle_royale")
    assert type(battle_royale).ready is Ruleset.ready


def test_a_post_with_actions_left_waits_until_it_is_sent() -> None:
    """Rulings "Post order and turns": a post spends 0 or more actions; it is complete when sent."""
    state = fight(["fusilier", "zhanshi"])
    assert state.awaited == "fusilier"
    cover = IIOrders(actions=[MoveCover(level="high")])
    assert not RULESET.ready(state, "fusilier", IIOrders())
    assert not RULESET.ready(state, "fusilier", cover)  # 1½ actions left
    assert not RULESET.ready(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi")]))
    assert RULESET.ready(state, "fusilier", cover.model_copy(update={"sent": True}))
    assert RULESET.ready(state, "fusilier", IIOrders(sent=True))  # 0 actions: a post that spends nothing


def test_a_post_that_leaves_nothing_to_spend_is_ready_without_sending() -> None:
    """Rulings "Post order and turns": two actions a turn; a post that spends them all needs no /act action:send."""
    state = fight(["fusilier", "zhanshi"])
    two = IIOrders(actions=[Attack(target="zhanshi"), Attack(target="zhanshi")])
    assert RULESET.ready(state, "fusilier", two)
    assert RULESET.ready(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi"), Observe(), Observe()]))
    assert not RULESET.ready(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi"), Observe()]))


def test_the_bought_extra_action_is_counted() -> None:
    """Rulings "Post order and turns" with "Infinity Points": an extra action bought for 1 point is more to
    spend: two attacks no longer leave the post empty-handed."""
    state = fight(["fusilier", "zhanshi"])
    two = [Attack(target="zhanshi"), Attack(target="zhanshi")]
    assert not RULESET.ready(state, "fusilier", IIOrders(extra_action=True, actions=two))
    assert RULESET.ready(state, "fusilier", IIOrders(extra_action=True, actions=[*two, Attack(target="zhanshi")]))
    # no point left to buy it with: the extra action is not bought, so two attacks spend everything
    state.fighters["fusilier"].infinity_points = 0
    assert RULESET.ready(state, "fusilier", IIOrders(extra_action=True, actions=two))


def test_four_minors_leave_nothing_when_no_whole_action_remains() -> None:
    """Rulings "Post order and turns": at most 4 minors a turn. With an extra action bought, four minors leave
    one whole action (a standard one may still be spent); a minor more could not be."""
    state = fight(["fusilier", "zhanshi"])
    four = [Observe(), Switch(item="pistol"), Switch(item="knife"), MoveCover(level="high")]
    assert RULESET.ready(state, "fusilier", IIOrders(actions=four))
    assert not RULESET.ready(state, "fusilier", IIOrders(extra_action=True, actions=four))
    state.fighters["fusilier"].minors, state.fighters["fusilier"].halves = 4, 1  # capped, ½ action left
    assert RULESET.ready(state, "fusilier", IIOrders())


def test_actions_carried_from_an_earlier_post_count() -> None:
    """Rulings "Post order and turns": actions left at the end of a post stay for the actor's next post."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()], sent=True)).state
    state = step(state, IIOrders(sent=True)).state
    assert state.awaited == "fusilier" and state.fighters["fusilier"].halves == 3
    assert not RULESET.ready(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi")]))
    assert RULESET.ready(state, "fusilier", IIOrders(actions=[Attack(target="zhanshi"), Observe()]))


def test_an_answer_a_forfeit_and_a_move_from_someone_not_posting_are_ready() -> None:
    """Rulings "Post order and turns" (one `resolve` is one post or one reaction answer) and "Infinity Points"
    (a move in the post order ordered at any time is not a post)."""
    state = fight(["fusilier", "lena", "zhanshi"])
    assert state.awaited == "lena"
    assert RULESET.ready(state, "lena", IIOrders(timed_out=True))
    assert RULESET.ready(state, "fusilier", IIOrders(insert_after="zhanshi"))
    state = step(state, IIOrders(sent=True)).state
    state = step(state, IIOrders(sent=True)).state
    assert state.awaited == "zhanshi"
    state = step(state, IIOrders(actions=[Attack(target="fusilier")])).state
    assert state.pending is not None and state.pending.target == "fusilier"  # the PC is asked: react or take
    assert RULESET.ready(state, "fusilier", IIOrders(answer=Answer()))


def test_sending_nothing_twice_is_a_quiet_rotation_that_ends_the_turn() -> None:
    """Rulings "Post order and turns": a full rotation in which every awaited actor spent nothing ends the turn,
    sent posts of no action included."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(sent=True)).state
    assert state.turn == 1 and state.awaited == "zhanshi"
    state = step(state, IIOrders(sent=True)).state
    assert state.turn == 2 and state.awaited == "fusilier"


def test_send_marks_the_post_and_any_later_change_unmarks_it() -> None:
    """The front: /act action:send sends the post as it stands; adding to it afterwards makes it a post being built again."""
    state = fight(["fusilier", "zhanshi"])
    cover = accepted(state, "cover", seat="s1", level="high")
    sent = accepted(state, "send", seat="s1", current=cover)
    assert sent["sent"] is True and sent["actions"] == cover["actions"]
    assert RULESET.ready(state, "fusilier", IIOrders.model_validate(sent))
    more = accepted(state, "observe", seat="s1", current=sent)
    assert "sent" not in more and not RULESET.ready(state, "fusilier", IIOrders.model_validate(more))


def test_each_post_command_says_the_post_so_far_what_is_left_and_add_more_or_send() -> None:
    """The replies: what the post holds, what it leaves, and "add more or /act action:send"; sent or spent, it goes now."""
    state = fight(["fusilier", "zhanshi"])
    cover = FRONT.orders.apply(asked(state, "cover", seat="s1", level="high"))
    assert cover.reply == (
        "Your post so far: Move to high cover. Left: 1½ action(s). Add more, or /act action:send it as it stands."
    )
    attack = FRONT.orders.apply(asked(state, "attack", seat="s1", current=cover.orders, target="Zhanshi"))
    assert attack.reply is not None and attack.reply.startswith("Your post so far: Move to high cover. Attack Zhanshi")
    assert "Left: ½ action(s)." in attack.reply and "/act action:send" in attack.reply
    full = FRONT.orders.apply(asked(state, "observe", seat="s1", current=attack.orders))
    assert full.reply is not None and "Nothing is left to spend: it goes now" in full.reply
    sent = FRONT.orders.apply(asked(state, "send", seat="s1"))
    assert sent.reply == "Your post is sent: no action (you spend nothing this time). It goes now."
    undone = FRONT.orders.apply(asked(state, "undo", seat="s1", current=attack.orders))
    assert undone.removed and undone.reply == cover.reply


def test_the_whose_post_dm_and_help_say_add_more_or_send() -> None:
    state = fight(["fusilier", "zhanshi"])
    hint = FRONT.orders.step_hint(RULESET.view(state, "s1"))
    assert hint == "Build your post one command at a time (2 action(s) left): add more, or /act action:send it as it stands."
    assert "/act action:send" in FRONT.cards.help()[0].description
    assert any(c.name == "send" for c in FRONT.orders.commands)
