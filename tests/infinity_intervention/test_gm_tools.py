"""The game master's tools and the Infinity Point move at any time:

- rulings "Post order": "It changes only by an Infinity Point insert, Heat `reorder` or a moderator's
  `set_order`" (`/mod set_order actor: after:`);
- rulings "Actions": Negotiate "result to moderators, who rule"; Freeform "to moderators, who rule by
  moderation" (the roll and text reach only the moderators; `/mod rule actor: text: [immobilize:]`);
- rulings "Infinity Points and Heat": "move yourself to just after any actor in post order (lasting, from the
  next post, may be ordered at any time)" (`/skill action:points after:` outside one's post)."""

from __future__ import annotations

import pytest

from engine.front import Asked
from engine.rng import RecordingRng
from engine.ruleset import ModerationRefused
from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.orders import Answer, Attack, Freeform, IIOrders, Negotiate, Observe
from engine.rulesets.infinity_intervention.ruleset import RULESET
from tests.infinity_intervention.helpers import fight, step

ALL = ["lena", "fusilier", "yan_huo", "zhanshi"]  # post order: Lena, Fusilier, Zhanshi, Yan Huo


def mod(state, action: str, **params):
    return RULESET.moderate(state, action, {"seat": "s1", **params})


def refused(state, action: str, **params) -> str:
    before = state.model_dump()
    with pytest.raises(ModerationRefused) as caught:
        mod(state, action, **params)
    assert state.model_dump() == before
    return caught.value.reason


# --- /mod set_order ---------------------------------------------------------------------------------------


def test_post_order_set_order_moves_one_actor_after_another_or_to_the_top() -> None:
    """Rulings "Post order": a moderator's `set_order`; public, by name or id, the one posting keeps the post."""
    state = fight(ALL)
    assert state.order == ["lena", "fusilier", "zhanshi", "yan_huo"] and state.awaited == "lena"
    done = mod(state, "set_order", actor="Yan Huo", after="lena")
    assert done.state.order == ["lena", "yan_huo", "fusilier", "zhanshi"]
    (event,) = done.events
    assert event.audience.kind == "public"
    assert event.text == "The moderators change the post order: Lena, Yan Huo, Fusilier, Zhanshi."
    top = mod(done.state, "set_order", actor="zhanshi").state
    assert top.order == ["zhanshi", "lena", "yan_huo", "fusilier"] and top.awaited == "lena"
    after = step(top, IIOrders(actions=[Observe()])).state
    assert after.awaited == "yan_huo"  # the next post follows the new order


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"actor": "ghost"}, "There is nobody called ghost in this combat."),
        ({"actor": "lena", "after": "nobody"}, "There is nobody called nobody in this combat."),
        ({"actor": "lena", "after": "Lena"}, "Lena cannot move after itself."),
        ({"actor": "fusilier", "after": "lena"}, "Fusilier already posts just after Lena: nothing changes."),
        ({"actor": "lena"}, "Lena already posts at the top: nothing changes."),
        ({"order": ["lena"]}, "The new order must name every actor once"),
    ],
)
def test_post_order_set_order_refusals_say_why_and_change_nothing(params: dict, reason: str) -> None:
    """Rulings "Post order": a `set_order` that cannot apply is refused with its reason."""
    assert reason in refused(fight(ALL), "set_order", **params)


def test_post_order_set_order_is_declared_with_actor_autocomplete() -> None:
    """`/mod set_order actor: after:`: both options offer the actors in post order (moderators only)."""
    declared = FRONT.moderation_action("set_order")
    assert declared is not None
    assert [(o.name, o.required, o.source) for o in declared.options] == [
        ("actor", True, "actors"),
        ("after", False, "actors"),
    ]
    choices = RULESET.moderation_choices(fight(ALL), "actors")
    assert choices == [
        ("lena", "1. Lena"),
        ("fusilier", "2. Fusilier"),
        ("zhanshi", "3. Zhanshi"),
        ("yan_huo", "4. Yan Huo"),
    ]


# --- negotiate, freeform and /mod rule ------------------------------------------------------------------


def test_negotiate_the_roll_and_text_reach_only_the_moderators() -> None:
    """Rulings "Actions", Negotiate: "d20 <= Personality + Persuade; result to moderators, who rule"."""
    state = fight(ALL)
    result = step(state, IIOrders(actions=[Negotiate(text="Drop it!")]), RecordingRng(5))
    die = result.rolls[-1].result
    told = [e for e in result.events if e.kind == "negotiate"]
    assert {e.audience.kind for e in told} == {"public", "moderators"}
    public = next(e for e in told if e.audience.kind == "public")
    assert public.text == "Lena attempts to negotiate; the moderators will rule." and not public.data
    secret = next(e for e in told if e.audience.kind == "moderators")
    assert f"d20 {die} against TN 8" in secret.text and "Drop it!" in secret.text  # Personality 8 + Persuade 0
    for event in result.events:
        if event.audience.kind != "moderators":
            assert "TN" not in event.text and "Drop it" not in event.text and "die" not in event.data
    assert "Drop it" not in str(RULESET.view(result.state, "s1")) and "Drop it" not in str(
        RULESET.view(result.state, "s2")
    )
    assert [(r.actor, r.kind) for r in result.state.to_rule] == [("lena", "negotiate")]


def test_freeform_goes_to_the_moderators_who_rule_with_a_public_narration() -> None:
    """Rulings "Actions", Freeform: "to moderators, who rule by moderation"; the ruling is posted, escaped, and the
    player is told."""
    state = step(fight(ALL), IIOrders(actions=[Freeform(text="I kick the door shut @everyone")])).state
    secret = [e for e in step(fight(ALL), IIOrders(actions=[Freeform(text="**x**")])).events if e.kind == "freeform"]
    assert [e.audience.kind for e in secret] == ["public", "moderators"] and "\\*\\*x\\*\\*" in secret[1].text
    assert RULESET.moderation_choices(state, "to_rule") == [("lena", "Lena: freeform action (turn 1)")]
    done = mod(state, "rule", actor="Lena", text="The door **slams**; <@42> @here")
    public, told = done.events
    assert public.audience.kind == "public"
    assert (
        public.text
        == "The moderators rule on Lena's freeform action: The door \\*\\*slams\\*\\*; \\<@\u200b42\\> @\u200bhere"
    )
    assert told.audience.kind == "players" and told.audience.ids == ["s1"]
    assert told.text == "The moderators have ruled on Lena's freeform action: see the game's channel."
    assert done.state.to_rule == [] and RULESET.moderation_choices(done.state, "to_rule") == []
    twice = step(state, IIOrders(actions=[Negotiate(text="Please")]))  # the Fusilier's post: a second to rule
    twice.state.to_rule = [*twice.state.to_rule, twice.state.to_rule[0].model_copy(update={"turn": 2})]
    assert RULESET.moderation_choices(twice.state, "to_rule") == [
        ("lena", "Lena: freeform action (turn 1)"),
        ("fusilier", "Fusilier: negotiation (turn 1)"),
    ]
    assert refused(done.state, "rule", actor="lena", text="Again") == (
        "Lena has no negotiation or freeform action awaiting a ruling."
    )


def test_a_ruling_may_immobilize_an_actor_as_a_condition_of_the_rulings() -> None:
    """Rulings "Health and effects": Immobilized (no moving, attacking or reacting; the next post starts with
    Reset) is the one condition a ruling may impose by moderation (decided here)."""
    state = step(fight(ALL), IIOrders(actions=[Negotiate(text="Freeze!")])).state
    done = mod(state, "rule", actor="lena", text="The Zhanshi hesitates.", immobilize="Zhanshi")
    assert done.state.fighters["zhanshi"].immobilized
    assert [e.text for e in done.events if e.audience.kind == "public"][-1] == "Zhanshi is Immobilized."
    again = step(done.state, IIOrders(actions=[Negotiate(text="Still frozen?")])).state  # the Fusilier's post
    assert "cannot be Immobilized now" in refused(again, "rule", actor="fusilier", text="Yes", immobilize="zhanshi")


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"actor": "lena", "text": "   "}, "A ruling needs its narration."),
        ({"actor": "ghost", "text": "x"}, "There is nobody called ghost in this combat."),
        ({"actor": "fusilier", "text": "x"}, "Fusilier has no negotiation or freeform action awaiting a ruling."),
        ({"actor": "lena", "text": "x", "immobilize": "ghost"}, "There is nobody called ghost in this combat."),
        ({"actor": "lena", "text": "*" * 1000}, "That ruling would be a post of 2047 characters; the most is 2000."),
    ],
)
def test_rule_refusals_say_why_and_change_nothing(params: dict, reason: str) -> None:
    """A ruling that cannot be posted whole (Discord's 2,000 characters once escaped) or names nobody is refused."""
    state = step(fight(ALL), IIOrders(actions=[Freeform(text="I shout")])).state
    assert refused(state, "rule", **params) == reason


def test_rule_is_declared_with_autocomplete_of_what_awaits_a_ruling() -> None:
    declared = FRONT.moderation_action("rule")
    assert declared is not None
    options = {o.name: o for o in declared.options}
    assert options["actor"].source == "to_rule" and options["actor"].required
    assert options["text"].required and options["text"].max_length == 1800
    assert options["immobilize"].source == "actors" and not options["immobilize"].required


def test_the_gm_card_lists_what_awaits_a_ruling() -> None:
    state = step(fight(ALL), IIOrders(actions=[Negotiate(text="Talk")])).state
    card = FRONT.cards.gm(RULESET.gm_view(state))[0]
    field = next(f for f in card.fields if f.name.startswith("Awaiting your ruling"))
    assert field.lines == ("Lena: negotiation (turn 1)",)


# --- /skill action:points after: at any time -------------------------------------------------------------------------


def points_for(state, seat: str, after: str) -> dict:
    declared = FRONT.orders.command("points")
    assert declared is not None
    values = {o.name: o.default for o in declared.options} | {"after": after}
    current = RULESET.default_orders(state, seat).model_dump(mode="json")
    return FRONT.orders.apply(Asked(command="points", values=values, view=RULESET.view(state, seat), current=current)).orders


def test_infinity_points_a_move_ordered_outside_ones_post_lasts_from_the_next_post() -> None:
    """Rulings "Infinity Points and Heat": one point moves yourself just after any actor "(lasting, from the next
    post, may be ordered at any time: the next post is then found in the new order)": the Fusilier orders it
    during Lena's post; it applies once that post resolves, publicly, and the next post follows the new order."""
    state = fight(ALL)
    move = RULESET.parse_orders(points_for(state, "s2", "Yan Huo"))
    assert move == IIOrders(insert_after="yan_huo")
    assert RULESET.validate(state, "fusilier", move) is None
    result = RULESET.resolve(state, {"lena": IIOrders(actions=[Observe()]), "fusilier": move}, RecordingRng(2))
    after = result.state
    assert after.order == ["lena", "zhanshi", "yan_huo", "fusilier"]
    assert after.fighters["fusilier"].infinity_points == 1
    assert after.awaited == "zhanshi"  # found in the new order: after Lena now comes the Zhanshi
    moved = [e for e in result.events if e.kind == "order"]
    assert [e.audience.kind for e in moved] == ["public"]
    assert (
        moved[0].text
        == "Fusilier spends an Infinity Point to move in the post order: Lena, Zhanshi, Yan Huo, Fusilier."
    )
    assert RULESET.awaiting(after) == ["zhanshi"]


def abcd(**settings: object):
    """Post order A, B, C, D: Lena posting now, then the Zhanshi, the Yan Huo, and the Fusilier (a PC) last."""
    state = fight(ALL, **settings)
    state.order = ["lena", "zhanshi", "yan_huo", "fusilier"]
    assert state.awaited == "lena"
    return state


def by_points(state):
    """D (the Fusilier) spends an Infinity Point, during A's (Lena's) post, to move to just after A."""
    move = IIOrders(insert_after="lena")
    assert RULESET.validate(state, "fusilier", move) is None
    return RULESET.resolve(state, {"lena": IIOrders(actions=[Observe()]), "fusilier": move}, RecordingRng(2))


def by_moderator(state):
    """A moderator's `set_order` makes the same change during A's post; then A's post resolves."""
    moved = mod(state, "set_order", actor="fusilier", after="lena").state
    assert moved.awaited == "lena"  # who posts now keeps the post
    return step(moved, IIOrders(actions=[Observe()]))


@pytest.mark.parametrize("move", [by_points, by_moderator], ids=["infinity_point", "set_order"])
def test_post_order_a_move_just_after_the_one_posting_makes_the_next_post_the_movers(move) -> None:
    """Rulings "Infinity Points and Heat": a move "may be ordered at any time: the next post is then found in the
    new order, so a move to just after the actor posting now makes yours the next post". Order A, B, C, D; while
    A posts, D moves to just after A: the next post is D's, by an Infinity Point as by a moderator's `set_order`
    (was: the point's move awaited B)."""
    after = move(abcd()).state
    assert after.order == ["lena", "fusilier", "zhanshi", "yan_huo"]
    assert after.phase == "post" and RULESET.awaiting(after) == ["fusilier"]


def test_post_order_a_move_ordered_while_a_face_off_question_waits_counts_when_the_post_ends() -> None:
    """A move ordered during a post that stops at a face-off question applies when that step resolves; the
    next post is found in the new order once the attacker's post ends."""
    state = abcd(npc_reactions="ask")  # the Zhanshi's answer is asked of the moderators: the post stops
    state.fighters["lena"].readied = "combirifle"
    asked = RULESET.resolve(
        state,
        {"lena": IIOrders(actions=[Attack(target="zhanshi")]), "fusilier": IIOrders(insert_after="lena")},
        RecordingRng(4),
    ).state
    assert asked.phase == "question" and RULESET.awaiting(asked) == ["zhanshi"]
    assert asked.order == ["lena", "fusilier", "zhanshi", "yan_huo"]
    answered = RULESET.resolve(asked, {"zhanshi": IIOrders(answer=Answer())}, RecordingRng(5)).state
    assert answered.phase == "post" and RULESET.awaiting(answered) == ["fusilier"]


def test_infinity_points_the_move_has_no_once_a_turn_limit_but_costs_a_point_each() -> None:
    """Rulings "Infinity Points and Heat": "once a turn" is the extra action's limit; each move costs a point."""
    state = fight(ALL)
    first = RULESET.resolve(
        state, {"lena": IIOrders(actions=[Observe()]), "fusilier": IIOrders(insert_after="yan_huo")}, RecordingRng(1)
    ).state
    first.awaited = "zhanshi"  # someone else posts; the Fusilier moves again, the same turn
    again = IIOrders(insert_after="lena")
    assert RULESET.validate(first, "fusilier", again) is None
    second = RULESET.resolve(first, {"fusilier": again}, RecordingRng(3)).state
    assert second.order[:2] == ["lena", "fusilier"] and second.fighters["fusilier"].infinity_points == 0
    second.awaited = "zhanshi"
    assert RULESET.validate(second, "fusilier", IIOrders(insert_after="zhanshi")) == (
        "That needs 1 Infinity Point(s); you have 0."
    )


@pytest.mark.parametrize(
    ("who", "orders", "reason"),
    [
        ("fusilier", IIOrders(insert_after="lena"), "You already post just after Lena."),
        ("fusilier", IIOrders(insert_after="fusilier"), "There is nobody called fusilier in this combat."),
        ("zhanshi", IIOrders(insert_after="lena"), "Only a PC can do that."),
        ("fusilier", IIOrders(extra_action=True), "An extra action is bought in your own post"),
        ("fusilier", IIOrders(actions=[Attack(target="zhanshi")]), "It is Lena's post now."),
    ],
)
def test_infinity_points_out_of_turn_refusals_say_why(who: str, orders: IIOrders, reason: str) -> None:
    """Outside one's post only the move may be ordered; the extra action ("this turn") is bought in one's post."""
    assert reason in RULESET.validate(fight(ALL), who, orders)


def test_infinity_points_a_move_no_longer_possible_at_resolution_is_void_and_unspent() -> None:
    """Re-checked when the step resolves: a point spent meanwhile leaves the move void, publicly, nothing spent."""
    state = fight(ALL)
    move = IIOrders(insert_after="zhanshi")
    assert RULESET.validate(state, "fusilier", move) is None
    state.fighters["fusilier"].infinity_points = 0  # spent meanwhile (a save, say)
    result = RULESET.resolve(state, {"lena": IIOrders(actions=[Observe()]), "fusilier": move}, RecordingRng(1))
    assert result.state.order == state.order
    void = [e.text for e in result.events if e.kind == "void"]
    assert void == [
        "Fusilier's move in the post order is void (no Infinity Point spent): "
        "That needs 1 Infinity Point(s); you have 0."
    ]


def test_infinity_points_while_asked_the_answer_comes_first() -> None:
    """A face-off question resolves as soon as it is answered: the asked player answers, then moves."""
    state = fight(["fusilier", "zhanshi"])
    state.awaited = "zhanshi"
    asked = step(state, IIOrders(actions=[Attack(target="fusilier")])).state
    assert asked.phase == "question"
    assert RULESET.validate(asked, "fusilier", IIOrders(insert_after="zhanshi")) == (
        "Answer the face-off first (/act action:react): it resolves at once, and you can move in the post order right after."
    )
    assert FRONT.orders.command("points").phases == ("question", "post")
