"""Autocomplete choices from the player's view alone (issue 11: "Autocomplete offers only what the player can
do now (his items, living targets, the dead's items to pick up)"; rulings, "Public and private": the living's
items, fatigue and teams stay private). A human's lists are the same whoever the infested are."""

from __future__ import annotations

from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from tests.starcraft_mafia.helpers import item_of, table

scm = StarCraftMafia()


def outpost(infested: tuple[str, ...] = ("zz",)):
    seats = (("ma", "marine"), ("fb", "firebat"), ("md", "medic"), ("te", "technician"), ("gh", "ghost"),
             ("zz", "marine"))
    s = table(*((seat, cls, "infested" if seat in infested else "human") for seat, cls in seats))
    s.day = 3
    dead = s.players["gh"]
    dead.alive, dead.died_day, dead.death_cause = False, 2, "suicide"
    return s


def offered(state, seat, source, typed="", values=None, current=None):
    return FRONT.orders.choices(source, scm.view(state, seat), typed, values or {}, current)


def values(pairs):
    return [v for _, v in pairs]


def test_targets_are_the_living_with_public_class_and_hp():
    s = outpost()
    assert values(offered(s, "ma", "others")) == ["fb", "md", "te", "zz"]
    assert offered(s, "ma", "others")[0] == ("FB (Firebat): suit 40, body 10", "fb")
    assert values(offered(s, "ma", "attack_targets"))[-1] == "ma"  # oneself last: suicide
    assert offered(s, "ma", "attack_targets")[-1][0] == "Yourself: suicide"
    assert values(offered(s, "ma", "others", typed="fire")) == ["fb"]
    assert offered(s, "gh", "others") == []  # the dead are offered nothing


def test_the_infested_see_their_team_marked():
    s = outpost(("zz", "md"))
    labels = dict((v, n) for n, v in offered(s, "zz", "others"))
    assert labels["md"] == "MD (Medic, infested): suit 20, body 10" and "infested" not in labels["fb"]


def test_own_items_by_uid_never_the_mounted_flamethrowers():
    s = outpost()
    assert offered(s, "md", "my_items") == [
        ("C-7 Pistol", item_of(s, "md", "c7_pistol")),
        ("Optical Flare Grenade (2 uses left)", item_of(s, "md", "optical_flare_grenade")),
    ]
    assert offered(s, "fb", "my_items") == []
    s.players["md"].items[0].disabled_until = 4
    assert offered(s, "md", "my_items")[0][0] == "C-7 Pistol (sabotaged through Day 4)"


def test_body_items_only_from_those_dead_before_today():
    """Rulings, step 5: uncontested pick-ups of items of players dead before today."""
    s = outpost()
    assert offered(s, "ma", "body_items") == [("C-10 Rifle on GH's body", item_of(s, "gh", "c10_rifle"))]
    s.players["gh"].died_day = 3
    assert offered(s, "ma", "body_items") == []


def test_weapons_are_ones_own_plus_what_todays_pick_up_or_steal_brings():
    """Rulings, "Combat": the weapon named in the day's order; validate accepts one today's pick-up or steal
    brings (steps 3 and 5 come before combat), so the chooser offers it too."""
    s = outpost()
    assert values(offered(s, "ma", "weapons")) == ["c14_rifle"]
    assert values(offered(s, "fb", "weapons")) == ["perdition_flamethrowers"]
    picking = {"pickup": {"item": item_of(s, "gh", "c10_rifle")}}
    with_pickup = offered(s, "ma", "weapons", current=picking)
    assert values(with_pickup) == ["c14_rifle", "c10_rifle"] and with_pickup[1][0].endswith("comes to you today")
    stealing = {"steal": {"target": "md", "item": "c7_pistol"}}
    assert values(offered(s, "ma", "weapons", current=stealing)) == ["c14_rifle", "c7_pistol"]
    grenade = {"steal": {"target": "md", "item": "optical_flare_grenade"}}  # not a weapon
    assert values(offered(s, "ma", "weapons", current=grenade)) == ["c14_rifle"]


def test_kinds_for_steal_and_sabotage_are_the_whole_list_whoever_the_target():
    """The living's items are private: the lists never depend on what the target carries."""
    s = outpost()
    steal = offered(s, "ma", "steal_kinds", values={"target": "md"})
    assert steal == offered(s, "ma", "steal_kinds", values={"target": "fb"})
    assert values(steal) == ["c10_rifle", "c14_rifle", "c7_pistol", "optical_flare_grenade"]
    assert "perdition_flamethrowers" in values(offered(s, "te", "sabotage_kinds", values={"target": "ma"}))


def test_repair_items_on_oneself_are_ones_own_sabotaged_kinds():
    s = outpost()
    assert offered(s, "te", "repair_items", values={"target": "te"}) == []
    s.players["te"].items[0].disabled_until = 3
    assert values(offered(s, "te", "repair_items", values={"target": "te"})) == ["c7_pistol"]
    assert len(offered(s, "te", "repair_items", values={"target": "ma"})) == 5  # another's: every kind
    assert values(offered(s, "te", "repair_targets"))[-1] == "te"


def test_form_and_infest_are_offered_to_the_infested_only():
    """Rulings, "The day": `form: human|zerg` and `infest` are the infested's."""
    s = outpost()
    assert values(offered(s, "zz", "forms")) == ["human", "zerg"] and values(offered(s, "zz", "infest")) == ["yes"]
    assert offered(s, "ma", "forms") == [] and offered(s, "ma", "infest") == []


def test_a_humans_choices_are_the_same_whoever_the_infested_are():
    """Rulings, "Public and private": a human cannot tell from any choice list who is infested."""
    sources = sorted(FRONT.orders.choosers)
    for seat in ("ma", "te"):
        lists = []
        for infested in (("zz",), ("fb",), ("md", "zz")):
            s = outpost(infested)
            current = {"pickup": {"item": item_of(s, "gh", "c10_rifle")}}
            lists.append({src: offered(s, seat, src, values={"target": "md"}, current=current) for src in sources})
        assert lists[0] == lists[1] == lists[2]


def test_no_choice_or_card_tells_a_human_who_is_infested_in_whole_games():
    """Rulings, "Public and private", over whole simulated games: every day, for every living uninfested
    player, no choice list and no status card names a living player's team or Zerg HP."""
    from engine import simulate

    checked = 0
    for players, seed in ((8, 4), (14, 5)):
        for state, _events in simulate.play(players, seed, ruleset="starcraft_mafia"):
            for p in state.living():
                if p.infested:
                    continue
                view = scm.view(state, p.id)
                labels = [label for src in FRONT.orders.choosers for label, _ in FRONT.orders.choices(src, view, "", {}, {})]
                assert not any("infested" in label for label in labels)
                cards = FRONT.cards.status(view)
                alive = next(f for f in cards[1].fields if f.name == "Alive")
                assert not any("infested" in line or "Zerg" in line for line in alive.lines)
                assert not any(f.name.startswith("The infested team") for f in cards[0].fields)
                checked += 1
    assert checked > 50
