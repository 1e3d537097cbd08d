"""The front's commands become day orders (rulings, "The day": one main action plus at most one each of Give,
Pick up, Steal and one offensive ability; "orders can be changed until the deadline"): each command changes
only its own slot, `undo` empties an extra, options typed by hand are read against the view, and the engine's
`validate` gives the rules' refusals."""

from __future__ import annotations

import pytest

from engine.front import Asked, Refused
from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.orders import DayOrders
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.validate import validate
from tests.starcraft_mafia.helpers import item_of, table

scm = StarCraftMafia()
NOTHING = DayOrders().model_dump(mode="json")


@pytest.fixture
def state():
    s = table(("ma", "marine"), ("md", "medic"), ("te", "technician"), ("gh", "ghost"), ("zz", "marine", "infested"))
    s.day = 3
    dead = s.players["gh"]
    dead.alive, dead.died_day, dead.death_cause = False, 2, "suicide"
    return s


def use(state, seat: str, command: str, current: dict | None = None, **values):
    """A use of `command` with every declared option (left out: its default), as the bot hands it over."""
    declared = FRONT.orders.command(command)
    assert declared is not None
    filled = {o.name: values.get(o.name, o.default) for o in declared.options}
    return FRONT.orders.apply(Asked(command, filled, scm.view(state, seat), current or NOTHING))


def legal(state, seat, change) -> str | None:
    return validate(state, seat, scm.parse_orders(change.orders))


def test_each_main_action_replaces_the_main_action_and_keeps_the_extras(state):
    """Rulings, "The day": one main action; the last one given counts, the extras stay."""
    pistol = item_of(state, "md", "c7_pistol")
    with_give = use(state, "md", "give", item=pistol, to="ma").orders
    healed = use(state, "md", "heal", with_give, target="ma")
    assert healed.orders["main"] == {"kind": "heal", "target": "ma"}
    assert healed.orders["give"] == {"item": pistol, "to": "ma"}
    assert healed.summary == ["Heal MA."]
    slept = use(state, "md", "sleep", healed.orders)
    assert slept.orders["main"] == {"kind": "sleep"} and slept.orders["give"] == healed.orders["give"]
    idle = use(state, "md", "nothing", slept.orders)
    assert idle.orders["main"] == {"kind": "nothing"} and idle.summary == ["Do Nothing."]
    assert legal(state, "md", idle) is None


def test_attack_options_become_the_engines_attack(state):
    """Rulings, "The day": Attack target, optional weapon; the infested `form: human|zerg` and `infest`."""
    plain = use(state, "ma", "attack", target="MD", weapon="c-14 rifle")  # names and kinds read in any case
    assert plain.orders["main"] == {"kind": "attack", "target": "md", "weapon": "c14_rifle", "form": None,
                                    "infest": False}
    assert plain.summary == ["Attack MD with your C-14 Rifle."] and legal(state, "ma", plain) is None
    infest = use(state, "zz", "attack", target="ma", infest="yes")
    assert infest.orders["main"]["infest"] is True and infest.summary == ["Infest MA (a secret Zerg attack)."]
    assert legal(state, "zz", infest) is None
    zerg = use(state, "zz", "attack", target="ma", form="Zerg")
    assert zerg.orders["main"]["form"] == "zerg" and "Zerg form" in zerg.summary[0]
    assert use(state, "ma", "attack", target="ma").summary == ["Attack yourself (suicide)."]


def test_attack_refusals_name_the_reason(state):
    with pytest.raises(Refused, match="'winged' is not a form"):
        use(state, "zz", "attack", target="ma", form="winged")
    with pytest.raises(Refused, match="Answer infest with yes or no"):
        use(state, "zz", "attack", target="ma", infest="maybe")
    # The rules' refusals come from the engine's validate, on the orders the front made.
    human = use(state, "ma", "attack", target="md", form="zerg")
    assert legal(state, "ma", human) == "Only the infested can attack in Zerg form or infest."
    nobody = use(state, "ma", "attack", target="Zeratul")
    assert legal(state, "ma", nobody) == "There is no player called Zeratul in this game."
    dead = use(state, "ma", "attack", target="gh")
    assert legal(state, "ma", dead) == "GH is dead."
    unarmed = use(state, "ma", "attack", target="md", weapon="C-10 Rifle")
    assert legal(state, "ma", unarmed) == "You carry no C-10 Rifle, and none comes to you today."


def test_repair_and_probe_and_heal(state):
    """Rulings, "Sleep, abilities, items": Repair a suit or re-enable a sabotaged item (one's own too)."""
    suit = use(state, "te", "repair", target="ma")
    assert suit.orders["main"] == {"kind": "repair", "target": "ma", "item": None}
    assert suit.summary == ["Repair MA's suit."] and legal(state, "te", suit) is None
    item = use(state, "te", "repair", target="ma", item="C-14 Rifle")
    assert item.orders["main"]["item"] == "c14_rifle" and item.summary == ["Re-enable MA's sabotaged C-14 Rifle."]
    own = use(state, "te", "repair", target="te", item="c7_pistol")
    assert legal(state, "te", own) == "None of your C-7 Pistols is sabotaged, so there is nothing to re-enable."
    probe = use(state, "ma", "probe", target="zz")
    assert legal(state, "ma", probe) == "Psychic Probe is not an ability of the Marine class."
    heal = use(state, "md", "heal", target="md")
    assert legal(state, "md", heal) == "You cannot heal yourself."


def test_each_extra_fills_its_own_slot_and_undo_empties_it(state):
    """Rulings, "The day": at most one each of Give, Pick up, Steal and one offensive ability."""
    rifle = item_of(state, "gh", "c10_rifle")
    orders = use(state, "ma", "attack", target="md").orders
    orders = use(state, "ma", "pickup", orders, item=rifle).orders
    orders = use(state, "ma", "steal", orders, target="md", item="Optical Flare Grenade").orders
    stim = use(state, "ma", "stim", orders)
    assert stim.summary == ["Use your Stim Pack."]
    orders = stim.orders
    assert orders["pickup"] == {"item": rifle} and orders["steal"] == {"target": "md", "item": "optical_flare_grenade"}
    assert orders["offensive"] == {"kind": "stim"} and orders["main"]["kind"] == "attack"
    assert scm.parse_orders(orders) and legal(state, "ma", stim) is None
    undone = use(state, "ma", "steal", orders, undo=True)
    assert undone.removed and undone.orders["steal"] is None and undone.orders["pickup"] == {"item": rifle}
    assert undone.summary == ["No steal today."]
    with pytest.raises(Refused, match="no steal to take off"):
        use(state, "ma", "steal", undone.orders, undo=True)
    with pytest.raises(Refused, match="no Cloak to take off"):  # the offensive slot holds the Stim Pack
        use(state, "ma", "cloak", undone.orders, undo=True)
    assert use(state, "ma", "stim", undone.orders, undo=True).orders["offensive"] is None


def test_sabotage_an_item_or_the_suit(state):
    item = use(state, "te", "sabotage", target="ma", item="Perdition Flamethrowers")
    assert item.orders["offensive"] == {"kind": "sabotage", "target": "ma", "item": "perdition_flamethrowers"}
    assert item.summary == ["Sabotage MA's Perdition Flamethrowers."] and legal(state, "te", item) is None
    suit = use(state, "te", "sabotage", target="ma")
    assert suit.summary == ["Sabotage MA's suit."]
    with pytest.raises(Refused, match="/sabotage needs `target`"):
        use(state, "te", "sabotage")
    not_mine = use(state, "ma", "sabotage", target="md")
    assert legal(state, "ma", not_mine) == "Sabotage is not an ability of the Marine class."


def test_items_are_read_against_the_view_and_never_echo_what_they_are_not(state):
    """Give names one's own items, Pick up the items on a body (rulings, step 5: died before today)."""
    with pytest.raises(Refused, match="You carry no C-10 Rifle"):
        use(state, "ma", "give", item="C-10 Rifle", to="md")
    with pytest.raises(Refused, match="There is no C-14 Rifle on a body"):
        use(state, "ma", "pickup", item="C-14 Rifle")
    with pytest.raises(Refused, match="/give needs `to`"):
        use(state, "ma", "give", item="C-14 Rifle")
    given = use(state, "ma", "give", item="c-14 rifle", to="md")  # by name: the first of that kind carried
    assert given.orders["give"] == {"item": item_of(state, "ma", "c14_rifle"), "to": "md"}
    assert given.summary == ["Give your C-14 Rifle to MD."]
    by_name = use(state, "ma", "pickup", item="C-10 Rifle")
    assert by_name.summary == ["Pick up the C-10 Rifle from GH's body."]
    mounted = use(state, "ma", "steal", target="md", item="Perdition Flamethrowers")
    assert "part of the suit" in legal(state, "ma", mounted)


def test_a_body_of_today_is_not_offered_for_pick_up(state):
    """Rulings, step 5: only items of players dead before today (a moderator kill today leaves them)."""
    state.players["gh"].died_day = 3
    with pytest.raises(Refused, match="There is no C-10 Rifle on a body"):
        use(state, "ma", "pickup", item="C-10 Rifle")


def test_describe_says_the_whole_orders_and_the_idle_default(state):
    rifle = item_of(state, "gh", "c10_rifle")
    orders = scm.parse_orders({"main": {"kind": "attack", "target": "md", "weapon": "c10_rifle"},
                               "pickup": {"item": rifle}, "offensive": {"kind": "stim"}}).model_dump(mode="json")
    assert FRONT.orders.describe(orders, scm.view(state, "ma")) == [
        "Attack MD with your C-10 Rifle.", "Pick up the C-10 Rifle from GH's body.", "Use your Stim Pack."]
    assert FRONT.orders.describe(None, scm.view(state, "ma")) == []
    assert FRONT.orders.when_idle.startswith("Do Nothing")
    with pytest.raises(Refused, match="/fly is not a command"):
        FRONT.orders.apply(Asked("fly", {}, scm.view(state, "ma"), NOTHING))


def test_the_lynch_vote_is_an_extra_refused_while_day_vote_is_off(state):
    """Rulings, "The day": `day_vote = false` by default; when on, a vote for a living player (not oneself)."""
    voted = use(state, "ma", "vote lynch", player="MD")
    assert voted.orders["vote"] == "md" and voted.summary == ["Vote to execute MD."]
    assert legal(state, "ma", voted) == "There is no lynch vote in this game (the day_vote house rule is off)."
    state.settings.day_vote = True
    assert legal(state, "ma", voted) is None
    assert legal(state, "ma", use(state, "ma", "vote lynch", player="ma")) == "You cannot vote for yourself."
    undone = use(state, "ma", "vote lynch", voted.orders, undo=True)
    assert undone.orders["vote"] is None and undone.removed


def test_the_vote_is_declared_under_the_vote_group(state):
    vote = FRONT.orders.command("vote lynch")
    assert vote is not None and vote.path == ("vote", "lynch") and vote.option("player").source == "others"
    with pytest.raises(Refused, match="/vote lynch needs `player`"):
        use(state, "ma", "vote lynch")
