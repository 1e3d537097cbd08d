"""Mazeworld's front: commands become orders the engine accepts, refusals are clear and change nothing,
choosers and cards come from the actor's own view and never show a creature's numbers (rulings
"Visibility"), the game master orders an NPC from its own view (`as`), and the roster file is checked."""

from __future__ import annotations

import re

import pytest

from engine.front import Asked, Card, Refused
from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.front.rules_help import setting_lines
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.settings import MazeworldSettings
from tests.mazeworld.helpers import fight


def asked(state, command: str, actor: str = "s1", **values) -> Asked:
    declared = FRONT.orders.command(command)
    assert declared is not None
    full = {o.name: values.get(o.name, o.default) for o in declared.options}
    return Asked(command=command, values=full, view=RULESET.view(state, actor), current={})


def accepted(state, command: str, actor: str = "s1", **values) -> dict:
    """The orders a command gives, checked by the engine's own `validate` as the bot does."""
    change = FRONT.orders.apply(asked(state, command, actor, **values))
    orders = RULESET.parse_orders(change.orders)
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


def test_attack_with_weapon_mode_rounds_part_concentrate_becomes_a_valid_order():
    """Rulings "Attack rolls": weapon, mode, rounds, part and concentrate reach the order as given."""
    state = fight(wolves=1)
    orders = accepted(state, "attack", target="Wolf A", weapon="beretta m9", mode="semi", rounds=3, part="head")
    assert orders["action"] == {
        "do": "attack", "target": "wolf_a", "weapon": "Beretta M9", "mode": "semi", "rounds": 3, "part": "head",
        "concentrate": False,
    }
    assert accepted(state, "attack", target="wolf_a", concentrate=True)["action"]["concentrate"] is True


def test_cover_then_attack_and_then_move():
    """Rulings "The turn": a cover with a `then:` action."""
    state = fight(wolves=1)
    orders = accepted(state, "cover", then="attack", target="wolf_a", rounds=2)
    assert orders["action"]["do"] == "cover" and orders["action"]["then"]["target"] == "wolf_a"
    assert accepted(state, "cover", then="move", side=3)["action"]["then"] == {"do": "move", "side": 3}
    assert accepted(state, "cover")["action"]["then"] == {"do": "skip"}


@pytest.mark.parametrize(
    ("command", "values", "action"),
    [
        ("swap", {"weapon": "Combat knife"}, {"do": "swap", "weapon": "Combat knife"}),
        ("use", {"item": "bandage"}, {"do": "use", "item": "Bandage", "weapon": None}),
        ("use", {"item": "Gun Cleaning Kit", "weapon": "AR70/90"},
         {"do": "use", "item": "Gun Cleaning Kit", "weapon": "AR70/90"}),
        ("move", {"side": 3}, {"do": "move", "side": 3}),
        ("escape", {}, {"do": "escape"}),
        ("skip", {}, {"do": "skip"}),
        ("freeform", {"text": "I throw sand in its eyes"}, {"do": "freeform", "text": "I throw sand in its eyes"}),
    ],
)
def test_every_other_command_becomes_its_action(command, values, action):
    """Rulings "The turn": one action a turn, each command one action."""
    assert accepted(fight(wolves=1), command, **values)["action"] == action


def test_reload_names_a_firearm_with_spare_rounds():
    state = fight(wolves=1)
    state.creature("s1").weapons[0].loaded = 3
    assert accepted(state, "reload")["action"] == {"do": "reload", "weapon": None}


def test_execute_a_blacked_out_creature_from_the_helpless_chooser():
    """Rulings "Executions": only a blacked-out or passed-out target; the chooser lists exactly those."""
    state = fight(wolves=2)
    state.creature("wolf_a").status = "blacked_out"
    view = RULESET.view(state, "s1")
    assert [v for _, v in FRONT.orders.choices("helpless", view, "", {})] == ["wolf_a"]
    assert accepted(state, "execute", target="wolf_a")["action"]["target"] == "wolf_a"


@pytest.mark.parametrize(
    ("command", "values", "words"),
    [
        ("attack", {"target": "Dragon"}, "There is no Dragon"),
        ("attack", {"target": "wolf_a", "weapon": "Bazooka"}, "no weapon Bazooka"),
        ("use", {"item": "Medkit"}, "no Medkit"),
        ("cover", {"then": "attack"}, "then:attack needs target"),
        ("cover", {"then": "dance"}, "then: is one of"),
        ("move", {"side": 9}, "Sides are 1 to 4"),
    ],
)
def test_bad_input_is_refused_with_a_clear_reason(command, values, words):
    state = fight(wolves=1)
    before = state.model_dump()
    with pytest.raises(Refused) as refused:
        FRONT.orders.apply(asked(state, command, **values))
    assert words in refused.value.reason
    assert state.model_dump() == before


def test_the_engine_refuses_what_needs_the_state():
    """A mode the weapon lacks is the engine's refusal ("Attack rolls", Refused), with the modes named."""
    state = fight(wolves=1)
    change = FRONT.orders.apply(asked(state, "attack", target="wolf_a", mode="auto"))
    assert "has no auto mode" in RULESET.validate(state, "s1", RULESET.parse_orders(change.orders))


def test_choosers_come_from_the_view_and_name_no_creature_numbers():
    """Rulings "Visibility": a player's choices show others by name and conditions in words only."""
    state = fight(wolves=2)
    wolf = state.creature("wolf_a")
    wolf.pain = 57.5
    wolf.parts["head"].hp = 3
    view = RULESET.view(state, "s1")
    pairs = FRONT.orders.choices("targets", view, "", {})
    assert [v for _, v in pairs] == ["wolf_a", "wolf_b"]
    assert "hurt" in pairs[0][0]
    for label, _ in pairs:
        assert "57" not in label and not re.search(r"\b3\b", label.replace("side 2", ""))
    parts = [v for _, v in FRONT.orders.choices("parts", view, "", {"target": "wolf_a"})]
    assert "head" in parts and "bodyaim" in parts
    assert [v for _, v in FRONT.orders.choices("modes", view, "", {"weapon": "AR70/90"})] == ["semi", "burst", "auto"]
    weapons = [v for _, v in FRONT.orders.choices("my_weapons", view, "", {})]
    assert weapons[:2] == ["Beretta M9", "Combat knife"] and "Fists" in weapons
    assert [v for _, v in FRONT.orders.choices("my_items", view, "band", {})] == ["Bandage"]


def test_cards_show_the_sides_and_own_sheet_but_no_npc_or_other_player_numbers():
    """Rulings "Visibility": one's own Pain % and limbs; of others (NPCs, other players) words only."""
    state = fight(wolves=1, seats=2)
    state.creature("wolf_a").pain = 63.25
    state.creature("s2").pain = 41.75
    state.creature("s1").pain = 12.5
    cards = FRONT.cards.status(RULESET.view(state, "s1"))
    said = card_text(cards)
    assert "Side 1 (light cover)" in said and "Side 2 (heavy cover)" in said
    assert "Wolf A" in said and "Ann1" in said and "hurt" in said
    assert "Pain 12.5%" in said
    assert "63.25" not in said and "41.75" not in said
    assert "head: 10/10 HP" in said or "HP" in said
    assert len(cards) == 2  # the fight, and only one's own sheet


def test_the_game_master_orders_an_npc_from_its_own_view():
    """docs/engine.md "The game master's NPCs": an NPC's view is its own sheet and what it may target."""
    state = fight(wolves=1)
    view = RULESET.view(state, "wolf_a")
    assert [c["id"] for c in view["mine"]] == ["wolf_a"]
    assert [v for _, v in FRONT.orders.choices("targets", view, "", {})] == ["s1"]
    orders = accepted(state, "attack", actor="wolf_a", target="Ann")
    assert orders["action"]["target"] == "s1"


def test_bodyaim_part_rolls_the_bodyaim_die_even_when_unaimed_lands_on_the_torso():
    """Rulings "Attack rolls": an attack may ask the @bodyaim die for its part whatever `unaimed_part` says."""
    from engine.rng import RecordingRng

    state = fight(wolves=1, unaimed_part="torso")
    orders = {"s1": RULESET.parse_orders(accepted(state, "attack", target="wolf_a", part="bodyaim"))}
    rng = RecordingRng(5)
    RULESET.resolve(state, orders, rng)
    assert any("s1 Beretta M9 round 1 @bodyaim d20" in r.purpose for r in rng.rolls)


def test_roster_file_is_loaded_and_bad_ones_are_refused_with_the_reason():
    """The roster file (`/game create file:`): a good one loads, a wrong species or count dice is named."""
    value, said = FRONT.signup.data.load({"cover": {1: "light"}, "groups": [{"species": "Wolf", "count": "2"}]})
    assert value["groups"][0]["count"] == "2" and "Wolf" in said
    assert MazeworldSettings.model_validate({"encounter": value}).encounter.groups[0].species == "Wolf"
    with pytest.raises(Refused, match="no creature 'Dragon'"):
        FRONT.signup.data.load({"groups": [{"species": "Dragon"}]})
    with pytest.raises(Refused, match="count"):
        FRONT.signup.data.load({"groups": [{"species": "Wolf", "count": "lots"}]})
    with pytest.raises(Refused, match="groups"):
        FRONT.signup.data.load({"cover": {}})


def test_rules_list_every_setting():
    lines = setting_lines()
    for name in MazeworldSettings.model_fields:
        assert any(line.startswith(f"`{name} = ") for line in lines), name
    assert FRONT.cards.rules()


def test_describe_says_the_orders_in_words():
    state = fight(wolves=1)
    view = RULESET.view(state, "s1")
    orders = accepted(state, "cover", then="attack", target="wolf_a", rounds=2, part="head")
    assert FRONT.orders.describe(orders, view) == ["Take cover, then: Attack Wolf A with the weapon in hand, 2 round(s) at the head."]


def test_roster_file_carries_pc_sheets_by_player_name_checked_on_load():
    """Our ruling (docs/rules/mazeworld.md, "The GM's guide"): the roster's `sheets` give each named player's
    contestant; a player not named plays the demo's sheet under their own name; a bad sheet is refused."""
    from engine.rng import RecordingRng
    from engine.ruleset import SignUp

    roster = {
        "groups": [{"species": "Wolf", "count": "1"}],
        "sheets": {"ann": {"name": "Jack", "weapons": [{"name": "Combat knife"}], "wielded": "Combat knife"}},
    }
    value, _ = FRONT.signup.data.load(roster)
    settings = MazeworldSettings.model_validate({"encounter": value})
    signups = [SignUp(seat="s1", name="Ann"), SignUp(seat="s2", name="Bob")]
    state = RULESET.new_game(signups, settings, RecordingRng(1)).state
    assert state.creature("s1").name == "Jack" and state.creature("s1").wielded == "Combat knife"
    assert state.creature("s2").name == "Bob" and state.creature("s2").wielded == "Beretta M9"
    with pytest.raises(Refused, match=r"sheets\.ann: no weapon 'Laser'"):
        FRONT.signup.data.load({**roster, "sheets": {"ann": {"name": "Jack", "weapons": [{"name": "Laser"}]}}})
    with pytest.raises(Refused, match=r"sheets\.ann: .*extra|sheets\.ann: .*not permitted"):
        FRONT.signup.data.load({**roster, "sheets": {"ann": {"name": "Jack", "mana": 3}}})


def test_the_gm_actions_are_the_rulesets_and_take_what_the_bot_passes():
    """`/mod end_combat|start_combat|temerity`: the bot passes the player's seat and the options by name."""
    state = fight(wolves=1)
    assert {m.name for m in FRONT.moderation} == {"end_combat", "start_combat", "temerity"}
    called = RULESET.moderate(state, "temerity", {"seat": "s1", "target": "wolf_a"}).state
    assert called.called == ["wolf_a"]
    assert RULESET.moderate(state, "end_combat", {"seat": "s1"}).state.phase == "aftermath"


def test_gm_cards_show_every_number_and_player_cards_none():
    state = fight(wolves=1)
    state.creature("wolf_a").pain = 44.5
    gm = card_text(FRONT.cards.gm(RULESET.gm_view(state)))
    assert "`wolf_a`" in gm and "Pain 44.5" in gm
    assert "44.5" not in card_text(FRONT.cards.status(RULESET.view(state, "s1")))
