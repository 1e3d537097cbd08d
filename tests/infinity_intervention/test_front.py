"""Infinity: Intervention's front: commands build a post the engine accepts (rulings "Post Summary"), refusals
are clear and change nothing, the face-off answer (react / take, Infinity Points, a standing answer) reaches
the engine, choosers and cards come from the actor's own view and never show an NPC's TN or anyone else's
exact health (rulings "Visibility"), the game master orders an NPC (`as`) and spends Heat as `/mod` actions."""

from __future__ import annotations

import re

import pytest

from engine.front import Asked, Card, Refused
from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.play import PLAY
from engine.rulesets.infinity_intervention.front.game import FRONT
from engine.rulesets.infinity_intervention.front.rules_help import setting_lines
from engine.rulesets.infinity_intervention.orders import Attack, IIOrders
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.settings import IISettings
from tests.infinity_intervention.helpers import fight, step

ALL = ["lena", "fusilier", "yan_huo", "zhanshi"]


def asked(state, command: str, seat: str = "s1", current: dict | None = None, **values) -> Asked:
    declared = FRONT.orders.command(command)
    assert declared is not None
    full = {o.name: values.get(o.name, o.default) for o in declared.options}
    return Asked(command=command, values=full, view=RULESET.view(state, seat), current=current or {})


def accepted(state, command: str, seat: str = "s1", current: dict | None = None, **values) -> dict:
    """The orders a command gives, checked by the engine's own `validate` for the awaited actor."""
    change = FRONT.orders.apply(asked(state, command, seat, current, **values))
    orders = RULESET.parse_orders(change.orders)
    actor = RULESET.awaiting(state)[0]
    assert RULESET.validate(state, actor, orders) is None, change.orders
    assert change.summary
    return change.orders


def card_text(cards: list[Card]) -> str:
    parts = []
    for card in cards:
        parts += [card.title, card.description, card.footer]
        for field in card.fields:
            parts += [field.name, *field.lines, field.empty or ""]
    return "\n".join(parts)


def test_each_action_command_adds_to_the_post_in_order():
    """Rulings "Post Summary": a post is a list of actions; each command adds one, /undo takes the last off."""
    state = fight(ALL)
    post = accepted(state, "cover", level="high")
    post = accepted(state, "switch", current=post, item="CombiRifle")
    post = accepted(state, "attack", current=post, target="Yan Huo", ip_saves=1)
    assert [a["kind"] for a in post["actions"]] == ["cover", "switch", "attack"]
    assert post["actions"][2] == {"kind": "attack", "target": "yan_huo", "ip_saves": 1, "ip_crit": 0}
    undone = FRONT.orders.apply(asked(state, "undo", current=post))
    assert undone.removed and [a["kind"] for a in undone.orders["actions"]] == ["cover", "switch"]


def test_a_switch_is_said_with_the_weapons_name_not_its_id():
    """Rulings "Actions", Switch weapon: the player reads back "Ready the CombiRifle." (its name, as on the
    sheet), not the data file's id (found by the fake-Discord end-to-end test)."""
    state = fight(ALL)
    change = FRONT.orders.apply(asked(state, "switch", item="combirifle"))
    assert change.orders["actions"] == [{"kind": "switch", "item": "combirifle"}]
    assert change.summary == ["Ready the CombiRifle."]


def test_observe_negotiate_freeform_and_points_become_valid_orders():
    """Rulings "Post Summary" and "Infinity Points": Observe, negotiate, freeform, an extra action, a new place."""
    state = fight(ALL)
    post = accepted(state, "observe")
    post = accepted(state, "negotiate", current=post, text="Drop it")
    post = accepted(state, "points", current=post, extra_action=True, after="Zhanshi")
    post = accepted(state, "freeform", current=post, text="I shout")
    assert [a["kind"] for a in post["actions"]] == ["observe", "negotiate", "freeform"]
    assert post["extra_action"] is True and post["insert_after"] == "zhanshi"


def test_a_post_resolves_through_the_engine():
    """The front's orders resolve: the attack is announced and Heat stays public on the card."""
    state = fight(ALL)
    post = accepted(state, "attack", target="yan_huo")
    done = RULESET.resolve(state, {"lena": RULESET.parse_orders(post)}, RecordingRng(3))
    assert any(e.kind == "attack" for e in done.events)


@pytest.mark.parametrize(
    ("command", "values", "words"),
    [
        ("attack", {"target": "Fusilier"}, "no enemy Fusilier"),
        ("attack", {"target": "nobody"}, "no enemy nobody"),
        ("switch", {"item": "bazooka"}, "carry no bazooka"),
        ("cover", {"level": "castle"}, "Cover is one of"),
        ("points", {"after": "ghost"}, "nobody called ghost"),
        ("undo", {}, "no action to take off"),
        ("react", {"choice": "flee"}, "react or take"),
    ],
)
def test_bad_input_is_refused_clearly(command, values, words):
    """Bad input: a clear, specific refusal (an ally is no target; unknown names; nothing to undo)."""
    state = fight(ALL)
    with pytest.raises(Refused) as refused:
        FRONT.orders.apply(asked(state, command, **values))
    assert words in refused.value.reason


def test_someone_with_no_character_is_refused():
    state = fight(ALL)
    with pytest.raises(Refused, match="no character"):
        FRONT.orders.apply(asked(state, "observe", seat="s9"))


def _asked_state():
    """Lena's post attacks Zhanshi, who reacts by script; Zhanshi then attacks Lena, who is asked."""
    state = fight(["lena", "zhanshi"])
    while state.pending is None or state.pending.target != "lena":
        actor = RULESET.awaiting(state)[0]
        orders = IIOrders(actions=[Attack(target="lena")]) if actor == "zhanshi" else IIOrders()
        state = RULESET.resolve(state, {actor: orders}, RecordingRng(5)).state
    return state


def test_face_off_answer_with_points_reaches_the_engine_and_buttons_offer_it():
    """Rulings "Face-off": the asked PC answers react or take, with points on saves and on a critical."""
    state = _asked_state()
    orders = accepted(state, "react", choice="take", ip_saves=1, ip_crit=1)
    assert orders == {"answer": {"choice": "take", "ip_saves": 1, "ip_crit": 1}}
    buttons = FRONT.orders.buttons(RULESET.view(state, "s1"), {})
    can = RULESET.view(state, "s1")["question"]["can_react"]
    expected = [("react", "react"), ("react", "take")] if can else [("react", "take")]
    assert [(b.command, dict(b.values)["choice"]) for b in buttons] == expected
    assert "can_react" not in RULESET.view(state, "s2")["question"]  # only the asked player learns it
    assert FRONT.orders.buttons(RULESET.view(state, "s2"), {}) == []
    done = step(state, RULESET.parse_orders(orders))
    assert any(e.kind == "take" for e in done.events)


def test_standing_answer_is_set_while_posting_and_cleared():
    """Rulings "Face-off": a standing answer answers every later face-off without asking."""
    state = fight(ALL)
    post = accepted(state, "react", choice="take", ip_crit=1, standing=True)
    assert post["standing"] == {"choice": "take", "ip_saves": 0, "ip_crit": 1}
    assert accepted(state, "react", current=post, clear=True)["clear_standing"] is True
    after = step(state, RULESET.parse_orders(post)).state
    assert after.fighters["lena"].standing is not None


def test_choosers_come_from_the_view_and_show_no_npc_number():
    """Rulings "Visibility": targets are the other side; labels are names, side, cover and states only."""
    state = fight(ALL)
    view = RULESET.view(state, "s1")
    targets = FRONT.orders.choices("targets", view, "", {})
    assert sorted(v for _, v in targets) == ["yan_huo", "zhanshi"]
    items = FRONT.orders.choices("my_items", view, "", {})
    assert [v for _, v in items] == ["combirifle", "hacking_device"]
    for label, _ in targets + FRONT.orders.choices("actors", view, "", {}):
        assert not re.search(r"\d", label), label


def test_cards_show_own_numbers_but_no_npc_tn_or_health():
    """Rulings "Visibility": one's own sheet in full; others' states in words; Heat public."""
    state = fight(ALL)
    state.fighters["yan_huo"].wounds = 3
    mine = card_text(FRONT.cards.status(RULESET.view(state, "s1")))
    assert "Lena: your sheet" in mine and "Fusilier: your sheet" not in mine
    assert "Heat: " in mine and "▶ Lena" in mine
    own_wounds = state.fighters["lena"].wounds
    assert f"Wounds {own_wounds}/" in mine
    npc_tn = state.fighters["yan_huo"].sheet.attribute("coordination") + 6
    public = card_text(FRONT.cards.status(RULESET.view(state, "s2"))).split("Fusilier: your sheet")[0]
    assert not re.search(r"TN|Wounds \d", public)
    assert str(npc_tn) not in public.replace("turn 1", "")


def test_game_master_orders_an_npc_as_and_sees_every_number():
    """The `as` option: the NPC's view has no sheet but its targets are the PCs; `/mod view` has the numbers."""
    state = fight(ALL)
    state.awaited = "zhanshi"
    change = FRONT.orders.apply(asked(state, "attack", seat="zhanshi", target="Lena"))
    assert change.orders["actions"][0]["target"] == "lena"
    assert RULESET.validate(state, "zhanshi", RULESET.parse_orders(change.orders)) is None
    gm = card_text(FRONT.cards.gm(RULESET.gm_view(state)))
    assert "`yan_huo`" in gm and "W " in gm


def test_heat_is_spent_through_the_mod_action():
    """Rulings "Heat": a boost costs 1 Heat; too little Heat is refused, nothing changed."""
    state = fight(ALL)
    declared = FRONT.moderation_action("spend_heat")
    assert declared is not None and {o.name for o in declared.options} >= {"kind", "actor", "skill", "text"}
    before = state.heat
    done = RULESET.moderate(
        state, "spend_heat", {"seat": "s1", "kind": "boost", "actor": "yan_huo", "skill": "ballistics"}
    )
    assert done.state.heat == before - 1


def test_rules_list_every_setting():
    lines = setting_lines()
    house_rules = RULESET.house_rules()  # every setting but the roster (the game's data)
    assert len(lines) == len(house_rules) == len(IISettings.model_fields) - 1
    assert all(f"`{name} =" in "\n".join(lines) for name in house_rules)


def test_autoplayer_posts_and_answers_for_the_awaited_actor():
    """`brbot simulate`'s computer players: a post for the awaited PC, an answer when asked."""
    state = fight(ALL)
    orders = RULESET.parse_orders(PLAY.computer_orders(state, "lena", RecordingRng(1)))
    assert RULESET.validate(state, "lena", orders) is None
    asked_state = _asked_state()
    answer = RULESET.parse_orders(PLAY.computer_orders(asked_state, "lena", RecordingRng(1)))
    assert answer.answer is not None and RULESET.validate(asked_state, "lena", answer) is None
