"""The rule-by-rule audit's tests of turns, NPC posts, the start of combat and the default data (rulings "Post
order and turns", "Scripted NPC, end, visibility", "Infinity Points and Heat", "Sheet and demo roster"; rulebook
"Turns", "Actions"): each one fails if its rule were wrong. docs/rules/infinity-intervention.md, "Rules and their
tests", lists which rule each test holds."""

from __future__ import annotations

import pytest

from engine.rng import RecordingRng
from engine.ruleset import ModerationRefused
from engine.rulesets.infinity_intervention.catalog import Roster, Sheet, demo_roster
from engine.rulesets.infinity_intervention.orders import Attack, IIOrders, MoveCover, Observe, Reset
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.autoplayer import scripted_post
from engine.rulesets.infinity_intervention.settings import IISettings
from tests.infinity_intervention.helpers import Dealt, fight, step

SPEND_ALL = IIOrders(actions=[Observe()] * 4)


def test_turns_an_actor_who_spent_every_action_is_skipped() -> None:
    """Rulebook "Actions": "Once a player has expended all of their actions, then they are skipped in the turn
    order"; rulings "Turn": the awaited actor is the next able one with actions left."""
    state = fight(["lena", "fusilier", "zhanshi"])
    assert state.order == ["lena", "fusilier", "zhanshi"]
    state = step(state, SPEND_ALL).state
    state = step(state, IIOrders(actions=[Observe()])).state
    state = step(state, IIOrders(actions=[Observe()])).state
    assert state.turn == 1 and state.awaited == "fusilier"  # Lena, with nothing left, is passed over


def test_deadline_a_post_resets_the_count_of_missed_posts() -> None:
    """Rulings "Deadline": moderators are told after 3 missed posts *in a row*: a post in between starts the
    count again."""
    state = fight(["fusilier", "zhanshi"])
    alerts = 0
    for fusilier in (None, None, SPEND_ALL, None, None):
        result = step(state, fusilier)
        alerts += sum(e.kind == "idle_alert" for e in result.events)
        state = step(result.state, SPEND_ALL).state  # the Zhanshi spends its turn: a new turn
    assert alerts == 0 and state.fighters["fusilier"].idle == 2
    result = step(state, None)
    assert [e.audience.kind for e in result.events if e.kind == "idle_alert"] == ["moderators"]


def test_deadline_npc_orders_gm_gives_no_scripted_post() -> None:
    """Rulings "Deadline": NPC posts come from a moderator by the deadline, else the script (`npc_orders =
    gm_then_script`); the setting's `gm`: no script, an NPC nobody ordered forfeits as a player does."""
    state = step(fight(["fusilier", "zhanshi"]), None).state
    assert state.awaited == "zhanshi"
    assert RULESET.npc_orders(state, "zhanshi", RecordingRng(0)).actions  # the script's post
    gm = step(fight(["fusilier", "zhanshi"], npc_orders="gm"), None).state
    assert RULESET.npc_orders(gm, "zhanshi", RecordingRng(0)) == IIOrders(timed_out=True)
    result = RULESET.resolve(gm, {"zhanshi": RULESET.npc_orders(gm, "zhanshi", RecordingRng(0))}, RecordingRng(1))
    assert "Zhanshi did not post in time and forfeits the rest of this turn's actions." in [
        e.text for e in result.events
    ]


def test_deadline_npc_orders_script_posts_whatever_a_moderator_ordered() -> None:
    """The setting's `script`: the scripted policy posts for the game master's actors; a moderator's post for
    one is refused with the reason, and the script's post is what resolves."""
    state = step(fight(["fusilier", "zhanshi"], npc_orders="script"), None).state
    ordered = IIOrders(actions=[Observe()])
    assert RULESET.validate(state, "zhanshi", ordered) == (
        "In this game the script posts for the game master's actors (npc_orders = script)."
    )
    assert RULESET.validate(state, "zhanshi", IIOrders()) is None  # nothing ordered: nothing to refuse
    result = RULESET.resolve(state, {"zhanshi": ordered}, RecordingRng(1))
    texts = [e.text for e in result.events]
    assert "Zhanshi moves to high cover." in texts and "Zhanshi observes the battlefield." not in texts
    assert RULESET.validate(fight(["fusilier", "zhanshi"], npc_orders="script"), "fusilier", ordered) is None


def test_scripted_npc_post_reset_cover_then_attacks_while_a_whole_action_remains() -> None:
    """Rulings "Scripted NPC post": Immobilized: Reset. Not in cover: move to high cover (minor). Then attack
    while a whole action remains."""
    state = fight(["lena", "fusilier", "zhanshi"])
    assert scripted_post(state, "zhanshi").actions == [MoveCover(level="high"), Attack(target="lena")]
    state.fighters["zhanshi"].cover = "low"
    assert scripted_post(state, "zhanshi").actions == [Attack(target="lena")] * 2
    state.fighters["zhanshi"].immobilized, state.fighters["zhanshi"].cover = True, "none"
    assert scripted_post(state, "zhanshi").actions == [Reset(), MoveCover(level="high")]
    state.fighters["zhanshi"].halves = 1  # Immobilized with ½ left: Reset cannot be paid, nothing else allowed
    assert scripted_post(state, "zhanshi") == IIOrders()


def test_scripted_npc_post_takes_low_cover_where_the_map_has_no_high() -> None:
    """Decided (rulings "Scripted NPC post" with `cover_levels`): where the map offers no high cover, the
    script moves to low cover."""
    state = fight(["lena", "zhanshi"], cover_levels=["none", "low"])
    assert scripted_post(state, "zhanshi").actions[0] == MoveCover(level="low")
    state = fight(["lena", "zhanshi"], cover_levels=["none"])
    assert scripted_post(state, "zhanshi").actions == [Attack(target="lena")] * 2


def test_scripted_npc_post_attacks_the_able_pc_with_fewest_wounds_ties_by_post_order() -> None:
    """Rulings "Scripted NPC post": the able PC with the fewest Wounds left (ties: post order)."""
    state = fight(["lena", "fusilier", "zhanshi"])
    state.fighters["zhanshi"].cover = "high"
    assert scripted_post(state, "zhanshi").actions[0] == Attack(target="lena")  # 7 Wounds against 10
    state.fighters["lena"].wounds = 10
    assert scripted_post(state, "zhanshi").actions[0] == Attack(target="lena")  # a tie: Lena posts first
    state.fighters["fusilier"].wounds = 9
    assert scripted_post(state, "zhanshi").actions[0] == Attack(target="fusilier")
    state.fighters["fusilier"].incapacitated = True  # not able
    assert scripted_post(state, "zhanshi").actions[0] == Attack(target="lena")


def test_heat_reorder_that_changes_nothing_is_refused_and_costs_nothing() -> None:
    """Rulings "Infinity Points and Heat": `reorder` 1 moves an NPC in post order; a move to where it already is
    is refused with the reason (bad input changes nothing)."""
    state = fight(["lena", "fusilier", "zhanshi"])
    with pytest.raises(ModerationRefused) as refused:
        RULESET.moderate(state, "spend_heat", {"kind": "reorder", "actor": "zhanshi", "after": "fusilier"})
    assert refused.value.reason == "Zhanshi already posts just after Fusilier: nothing changes."
    moved = RULESET.moderate(state, "spend_heat", {"kind": "reorder", "actor": "zhanshi", "after": "lena"}).state
    assert moved.order == ["lena", "zhanshi", "fusilier"] and moved.heat == state.heat - 1


def test_infinity_points_pcs_start_with_the_setting_npcs_with_none_and_heat_is_their_sum() -> None:
    """Rulings "Infinity Points and Heat": PCs start each combat with `infinity_points = 2` (or their sheet's),
    NPCs have none (even if a sheet says otherwise); Heat starts at the PCs' total (`heat_start = sum_ip`)."""
    sheets = [
        Sheet(id="a", name="A", side="pc"),
        Sheet(id="b", name="B", side="pc", infinity_points=3),
        Sheet(id="c", name="C", side="npc", infinity_points=4),
    ]
    state = RULESET.start(Roster(sheets=sheets, fight=["a", "b", "c"]), [], IISettings(), RecordingRng(1)).state
    assert {i: f.infinity_points for i, f in state.fighters.items()} == {"a": 2, "b": 3, "c": 0}
    assert state.heat == 5
    state = RULESET.start(Roster(sheets=sheets, fight=["a", "c"]), [], IISettings(infinity_points=4), RecordingRng(1))
    assert state.state.heat == 4


def test_sheet_defaults_attributes_8_expertise_and_focus_0() -> None:
    """Rulings "Sheet": attributes default 8; expertise and focus default 0; no armour, no cover, not hackable."""
    sheet = Sheet(id="t", name="T", side="npc")
    assert [sheet.attribute(a) for a in ("agility", "awareness", "brawn", "coordination")] == [8] * 4
    assert [sheet.attribute(a) for a in ("intelligence", "personality", "willpower")] == [8] * 3
    assert all(sheet.skill(s).expertise == sheet.skill(s).focus == 0 for s in ("ballistics", "hacking", "persuade"))
    assert (sheet.armour, sheet.cover, sheet.hackable) == (0, "none", False)


DEMO = {  # rulings "Sheet and demo roster": Agi Awa Bra Coo Int Per Wil; expertise (focus); gear
    "lena": (
        (9, 10, 7, 11, 13, 8, 8),
        {"ballistics": (2, 0), "hacking": (4, 2), "discipline": (1, 0)},
        ["combirifle", "hacking_device"],
    ),
    "fusilier": (
        (9, 9, 9, 11, 8, 8, 8),
        {"ballistics": (3, 1), "close_combat": (1, 0), "resistance": (1, 0), "discipline": (1, 0)},
        ["combirifle", "pistol", "knife"],
    ),
    "yan_huo": (
        (7, 8, 12, 10, 6, 6, 9),
        {"ballistics": (6, 0), "resistance": (3, 0), "discipline": (1, 0)},
        ["heavy_machine_gun"],
    ),
    "zhanshi": (
        (8, 8, 9, 9, 7, 6, 7),
        {"ballistics": (2, 0), "resistance": (1, 0), "discipline": (1, 0)},
        ["combirifle"],
    ),
}


def test_sheet_and_demo_roster_every_number_of_the_rulings_table() -> None:
    """Rulings "Sheet and demo roster" (default data): each actor's attributes, expertise (focus), gear, armour,
    hackable; the demo fight: Lena and the Fusilier in low cover against the Yan Huo and a Zhanshi, no cover."""
    roster = demo_roster()
    attributes = ("agility", "awareness", "brawn", "coordination", "intelligence", "personality", "willpower")
    for sheet_id, (numbers, skills, gear) in DEMO.items():
        sheet = roster.sheet(sheet_id)
        assert tuple(sheet.attribute(a) for a in attributes) == numbers, sheet_id
        assert {k: (v.expertise, v.focus) for k, v in sheet.skills.items()} == skills, sheet_id
        assert sheet.items == gear, sheet_id
    assert [roster.sheet(i).side for i in DEMO] == ["pc", "pc", "npc", "npc"]
    assert [roster.sheet(i).armour for i in DEMO] == [0, 0, 2, 0]
    assert [roster.sheet(i).hackable for i in DEMO] == [True, False, True, False]
    state = RULESET.new_game([], IISettings(), RecordingRng(1)).state
    assert {i: f.cover for i, f in state.fighters.items()} == {
        "lena": "low",
        "fusilier": "low",
        "yan_huo": "none",
        "zhanshi": "none",
    }


def test_actions_free_actions_cost_nothing_and_attacking_from_cover_keeps_it() -> None:
    """Rulebook "Actions": a post may spend no action (free actions are narration); rulings "Actions":
    attacking from cover keeps the cover."""
    state = fight(["fusilier", "zhanshi"])
    after = step(state, IIOrders()).state
    assert after.fighters["fusilier"].halves == 4 and after.awaited == "zhanshi"
    after = step(state, IIOrders(actions=[Attack(target="zhanshi")]), Dealt(20)).state
    assert after.fighters["fusilier"].cover == "low"


def test_actions_move_to_cover_offers_what_the_map_has() -> None:
    """Rulings "Actions": Move to cover: to `none`, `low` or `high` cover, "both exist unless the map says
    otherwise" (`cover_levels`): a level the map lacks is refused with the reason, and nothing changes."""
    state = fight(["fusilier", "zhanshi"], cover_levels=["none", "low"])
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[MoveCover(level="high")])) == (
        "There is no high cover here."
    )
    assert (
        RULESET.validate(fight(["fusilier", "zhanshi"]), "fusilier", IIOrders(actions=[MoveCover(level="high")]))
        is None
    )


def test_actions_no_ranges_anyone_may_attack_anyone_else() -> None:
    """Rulings "Actions": there are no ranges: anyone may attack anyone (an ally too; never oneself)."""
    state = fight(["lena", "fusilier", "zhanshi", "yan_huo"])
    state.awaited = "fusilier"
    for target in ("lena", "zhanshi", "yan_huo"):
        assert RULESET.validate(state, "fusilier", IIOrders(actions=[Attack(target=target)])) is None, target
    assert RULESET.validate(state, "fusilier", IIOrders(actions=[Attack(target="fusilier")])) is not None


def test_health_an_incapacitated_pc_cannot_react_and_is_never_asked() -> None:
    """Rulings "Health and effects": Consciousness 0: incapacitated (skipped, cannot react), even holding
    Infinity Points; it still saves."""
    state = fight(["fusilier", "zhanshi"])
    state = step(state, IIOrders(actions=[Observe()])).state
    state.fighters["fusilier"].incapacitated = True
    result = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt(5, 20, 20))
    assert result.state.pending is None  # not asked: the attack was taken at once
    assert "Fusilier takes the attack." in [e.text for e in result.events]


def test_choosing_the_question_lasts_reaction_hours() -> None:
    """Rulings "Choosing": the question's deadline is `reaction_hours` (set here to 5); no answer: take."""
    state = fight(["fusilier", "zhanshi"], reaction_hours=5)
    state = step(state, IIOrders(actions=[Observe()])).state
    state = step(state, IIOrders(actions=[Attack(target="fusilier")]), Dealt()).state
    question = RULESET.pending(state)
    assert question is not None and (question.hours, question.default) == (5, "take")


def test_post_order_roll_off_dice_are_public() -> None:
    """Rulings "Post order" (a d20 roll-off, re-rolling ties) and "Visibility" (every die with its outcome is
    public): the channel sees each round of the roll-off (they were drawn but never shown)."""
    sheets = [
        Sheet(id="kira", name="Kira", side="pc"),
        Sheet(id="ganger_a", name="Ganger A", side="npc"),
        Sheet(id="ganger_b", name="Ganger B", side="npc"),
        Sheet(id="ganger_c", name="Ganger C", side="npc"),
    ]
    cast = Roster(sheets=sheets, fight=["kira", "ganger_a", "ganger_b", "ganger_c"])
    result = RULESET.start(cast, [], IISettings(), Dealt(12, 12, 5, 3, 9))
    assert result.state.order == ["kira", "ganger_b", "ganger_a", "ganger_c"]
    (told,) = [e for e in result.events if e.kind == "tie"]
    assert told.audience.kind == "public"
    assert told.text == (
        "Post order tie broken by a d20 roll-off: Ganger A 12, Ganger B 12, Ganger C 5; Ganger A 3, Ganger B 9."
    )
