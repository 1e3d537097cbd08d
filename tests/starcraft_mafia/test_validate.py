"""Day orders and their validation: rulings "The day" (one main action plus at most one each of Give, Pick
up, Steal and one offensive ability), the rulebook's "Special Abilities", "Players" and "Infesting", and the
rulings "Sleep, abilities, items" and "Infested". Each refusal is specific; legal orders pass."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.rulesets.starcraft_mafia.orders import (
    Attack,
    Cloak,
    DayOrders,
    Give,
    Heal,
    Nothing,
    Pickup,
    Probe,
    Repair,
    Sabotage,
    Sleep,
    Steal,
    Stim,
)
from engine.rulesets.starcraft_mafia.validate import validate
from tests.starcraft_mafia.helpers import item_of, table


@pytest.fixture
def state():
    return table(
        ("ma", "marine"),
        ("fb", "firebat"),
        ("md", "medic"),
        ("te", "technician"),
        ("gh", "ghost"),
        ("zz", "marine", "infested"),
        ("zy", "medic", "infested"),
    )


def ok(state, seat, **orders):
    assert validate(state, seat, DayOrders(**orders)) is None


def refused(state, seat, match, **orders):
    reason = validate(state, seat, DayOrders(**orders))
    assert reason is not None and match in reason, reason


def test_no_orders_is_do_nothing():
    """Rulings: "No orders: Do Nothing, no extras"."""
    orders = DayOrders()
    assert isinstance(orders.main, Nothing) and orders.give is orders.pickup is orders.steal is orders.offensive is None


def test_one_main_action_and_at_most_one_of_each_extra():
    """Rulings, "The day": one main action plus at most one each of Give, Pick up, Steal, offensive ability."""
    with pytest.raises(ValidationError):
        DayOrders.model_validate({"main": [{"kind": "sleep"}, {"kind": "nothing"}]})
    with pytest.raises(ValidationError):
        DayOrders.model_validate({"give": [{"item": "i1", "to": "a"}, {"item": "i2", "to": "b"}]})
    with pytest.raises(ValidationError):
        DayOrders.model_validate({"main": {"kind": "dance"}})
    with pytest.raises(ValidationError):
        DayOrders.model_validate({"offensive": {"kind": "heal", "target": "a"}})  # Heal is active, not offensive
    orders = DayOrders.model_validate(
        {
            "main": {"kind": "attack", "target": "gh"},
            "give": {"item": "i1", "to": "md"},
            "steal": {"target": "te", "item": "i5"},
            "offensive": {"kind": "stim"},
        }
    )
    assert DayOrders.model_validate_json(orders.model_dump_json()) == orders


def test_everyone_may_attack_sleep_or_do_nothing(state):
    """Rulebook, PLAYING: every player may Attack, Sleep or Do Nothing; attacking oneself is suicide."""
    for seat in state.players:
        ok(state, seat, main=Sleep())
        ok(state, seat, main=Nothing())
        ok(state, seat, main=Attack(target="gh" if seat != "gh" else "ma"))
        ok(state, seat, main=Attack(target=seat))


def test_attack_targets_must_be_living_players(state):
    refused(state, "ma", "no player called nobody", main=Attack(target="nobody"))
    state.players["gh"].alive, state.players["gh"].died_day = False, 1
    refused(state, "ma", "GH is dead", main=Attack(target="gh"))
    refused(state, "gh", "You are dead", main=Sleep())
    refused(state, "outsider", "not a player in this game", main=Sleep())
    state.phase = "over"
    refused(state, "ma", "The game is over", main=Sleep())


def test_attack_weapon_must_be_a_carried_weapon(state):
    """Rulings, Combat: "the one named in the day's order"; the grenade is no weapon; a given one is gone."""
    ok(state, "ma", main=Attack(target="gh", weapon="c14_rifle"))
    ok(state, "ma", main=Attack(target="gh", weapon="C-14 Rifle"))
    refused(state, "ma", "You carry no C-10 Rifle", main=Attack(target="gh", weapon="c10_rifle"))
    refused(state, "ma", "no item called 'railgun'", main=Attack(target="gh", weapon="railgun"))
    refused(
        state, "md", "Optical Flare Grenade is not a weapon", main=Attack(target="gh", weapon="optical_flare_grenade")
    )
    rifle = item_of(state, "ma", "c14_rifle")
    refused(
        state,
        "ma",
        "give your C-14 Rifle away",
        main=Attack(target="gh", weapon="c14_rifle"),
        give=Give(item=rifle, to="md"),
    )


def test_a_weapon_stolen_or_picked_up_today_may_be_named(state):
    """Rulings: steals (step 3) and pick-ups (step 5) come before combat (step 7)."""
    ok(state, "ma", main=Attack(target="fb", weapon="c10_rifle"), steal=Steal(target="gh", item="c10_rifle"))
    state.players["gh"].alive, state.players["gh"].died_day, state.day = False, 1, 2
    rifle = item_of(state, "gh", "c10_rifle")
    ok(state, "ma", main=Attack(target="fb", weapon="c10_rifle"), pickup=Pickup(item=rifle))


def test_zerg_form_and_infest_only_for_the_infested(state):
    """Rulings: Attack "for the infested `form: human|zerg` and `infest`"."""
    refused(state, "ma", "Only the infested", main=Attack(target="gh", form="zerg"))
    refused(state, "ma", "Only the infested", main=Attack(target="gh", infest=True))
    ok(state, "zz", main=Attack(target="gh", form="zerg"))
    ok(state, "zz", main=Attack(target="gh", form="human"))
    ok(state, "zz", main=Attack(target="gh", infest=True))  # infest implies the Zerg form
    assert Attack(target="gh", infest=True).zerg
    refused(state, "zz", "Infesting is a Zerg-form attack", main=Attack(target="gh", form="human", infest=True))


def test_zerg_form_uses_no_human_weapons(state):
    """Rulebook, Combat (Infested Terran): "does not use any weapons it has in human form"."""
    rifle = item_of(state, "zz", "c14_rifle")
    refused(state, "zz", "none of your human form's weapons", main=Attack(target="gh", form="zerg", weapon=rifle))


def test_infest_not_on_oneself_or_another_infested(state):
    """Rulebook, Special Abilities: no Infest on oneself; rulings, Infest: "Not on oneself or another infested"."""
    refused(state, "zz", "cannot infest yourself", main=Attack(target="zz", infest=True))
    refused(state, "zz", "ZY is already infested", main=Attack(target="zy", infest=True))


def test_a_downed_human_form_fights_only_in_zerg_form(state):
    """Rulings, Infested: "A human form at 0 body HP fights only in Zerg form until healed"."""
    state.players["zz"].body_hp = 0
    refused(state, "zz", "0 body HP", main=Attack(target="gh"))
    ok(state, "zz", main=Attack(target="gh", form="zerg"))


def test_active_abilities_belong_to_their_class(state):
    """Rulebook, class sheets: Heal (Medic), Repair (Technician), Psychic Probe (Ghost)."""
    ok(state, "md", main=Heal(target="ma"))
    ok(state, "te", main=Repair(target="ma"))
    ok(state, "gh", main=Probe(target="ma"))
    refused(state, "ma", "Heal is not an ability of the Marine class", main=Heal(target="fb"))
    refused(state, "md", "Repair is not an ability of the Medic class", main=Repair(target="fb"))
    refused(state, "te", "Psychic Probe is not an ability of the Technician class", main=Probe(target="fb"))


def test_no_heal_repair_or_probe_on_oneself_or_the_dead(state):
    """Rulebook, Special Abilities: "may not use Heal, Repair, or Infest on himself"; rulings: on the living."""
    refused(state, "md", "cannot heal yourself", main=Heal(target="md"))
    refused(state, "te", "cannot repair your own suit", main=Repair(target="te"))
    refused(state, "gh", "cannot probe yourself", main=Probe(target="gh"))
    state.players["ma"].alive, state.players["ma"].died_day = False, 1
    refused(state, "md", "MA is dead", main=Heal(target="ma"))


def test_repair_re_enables_a_sabotaged_item_own_too(state):
    """Rulings: Repair "or re-enable any sabotaged item (his own too)"."""
    refused(state, "te", "None of your C-7 Pistols is sabotaged", main=Repair(target="te", item="c7_pistol"))
    state.players["te"].items[0].disabled_until = 3
    ok(state, "te", main=Repair(target="te", item="c7_pistol"))
    ok(state, "te", main=Repair(target="ma", item="c14_rifle"))
    refused(state, "te", "no item called 'wrench'", main=Repair(target="ma", item="wrench"))


def test_give_any_carried_item_to_a_living_other(state):
    """Rulings: "Weapon" in Give: any carried item, the grenade included; Give to any living player."""
    ok(state, "md", give=Give(item=item_of(state, "md", "optical_flare_grenade"), to="ma"))
    refused(state, "md", "You do not have that item", give=Give(item=item_of(state, "ma", "c14_rifle"), to="fb"))
    refused(state, "md", "cannot give an item to yourself", give=Give(item=item_of(state, "md", "c7_pistol"), to="md"))


def test_flamethrowers_never_change_hands(state):
    """Rulings: the flamethrowers "cannot be given, stolen or picked up"."""
    flamer = item_of(state, "fb", "perdition_flamethrowers")
    refused(state, "fb", "part of the suit", give=Give(item=flamer, to="ma"))
    refused(state, "ma", "part of the suit", steal=Steal(target="fb", item="perdition_flamethrowers"))
    state.players["fb"].alive, state.players["fb"].died_day, state.day = False, 1, 2
    refused(state, "ma", "part of the suit", pickup=Pickup(item=flamer))


def test_pick_up_only_from_players_dead_before_today(state):
    """Rulings, step 5: "items of players dead before today"; rulebook: items of the dead may be picked up."""
    rifle = item_of(state, "gh", "c10_rifle")
    refused(state, "ma", "not on the body", pickup=Pickup(item=rifle))
    state.players["gh"].alive, state.players["gh"].died_day, state.day = False, 2, 2
    refused(state, "ma", "not on the body", pickup=Pickup(item=rifle))
    state.day = 3
    ok(state, "ma", pickup=Pickup(item=rifle))


def test_steal_a_named_item_of_a_living_other(state):
    """Rulings, Steal: "a named item of a living player"."""
    ok(state, "ma", steal=Steal(target="gh", item="c10_rifle"))
    ok(state, "ma", steal=Steal(target="gh", item="Optical Flare Grenade"))
    refused(state, "ma", "cannot steal from yourself", steal=Steal(target="ma", item="c14_rifle"))
    refused(state, "ma", "no item called 'medkit'", steal=Steal(target="gh", item="medkit"))


def test_orders_never_reveal_what_a_living_player_carries(state):
    """Rulings, Public and private: "the living's items stay private". Steal, Sabotage and Repair name an item
    kind, and the answer is the same whether the target carries one or not; the outcome comes at the
    resolution."""
    state.players["md"].items = []  # the medic has lost everything (privately)
    carrying = [
        validate(state, "ma", DayOrders(steal=Steal(target="gh", item="c10_rifle"))),
        validate(state, "te", DayOrders(offensive=Sabotage(target="gh", item="c10_rifle"))),
        validate(state, "te", DayOrders(main=Repair(target="gh", item="c10_rifle"))),
    ]
    empty = [
        validate(state, "ma", DayOrders(steal=Steal(target="md", item="c7_pistol"))),
        validate(state, "te", DayOrders(offensive=Sabotage(target="md", item="c7_pistol"))),
        validate(state, "te", DayOrders(main=Repair(target="md", item="c7_pistol"))),
    ]
    assert carrying == empty == [None, None, None]


def test_extras_combine_with_any_main_action(state):
    """Rulings, "The day": the extras come "plus" the main action; rulings, Sleep: "Extras are allowed while asleep"."""
    pistol = item_of(state, "md", "c7_pistol")
    state.players["md"].alive, state.players["md"].died_day, state.day = False, 1, 2
    ok(
        state,
        "te",
        main=Sleep(),
        give=Give(item=item_of(state, "te", "c7_pistol"), to="ma"),
        pickup=Pickup(item=pistol),
        steal=Steal(target="gh", item="c10_rifle"),
        offensive=Sabotage(target="fb"),
    )


def test_offensive_abilities_belong_to_their_class(state):
    """Rulebook, class sheets: Stim Pack (Marine, Firebat), Cloak (Ghost), Sabotage (Technician)."""
    ok(state, "ma", offensive=Stim())
    ok(state, "fb", offensive=Stim(), main=Attack(target="gh"))
    ok(state, "gh", offensive=Cloak(), main=Sleep())
    ok(state, "te", offensive=Sabotage(target="gh"))
    ok(state, "te", offensive=Sabotage(target="gh", item="c10_rifle"))
    refused(state, "md", "Stim Pack is not an ability of the Medic class", offensive=Stim())
    refused(state, "ma", "Cloak is not an ability of the Marine class", offensive=Cloak())
    refused(state, "gh", "Sabotage is not an ability of the Ghost class", offensive=Sabotage(target="ma"))


def test_stim_pack_needs_6_body_hp(state):
    """Rulings: Stim Pack "needs 6+ body HP"; rulebook: "may not kill himself using his own special abilities"."""
    state.players["ma"].body_hp = 5
    refused(state, "ma", "needs at least 6; you have 5", offensive=Stim())
    state.players["ma"].body_hp = 6
    ok(state, "ma", offensive=Stim())


def test_cloak_needs_3_suit_hp_and_not_two_days_in_a_row(state):
    """Rulebook, Cloak: "only usable if HES has at least 3 HP", "every other turn"; rulings: not two days in a row."""
    state.players["gh"].suit_hp = 2
    refused(state, "gh", "at least 3 HP on your Hostile Environment Suit; it has 2", offensive=Cloak())
    state.players["gh"].suit_hp = 3
    state.day, state.players["gh"].cloak_day = 4, 3
    refused(state, "gh", "two days in a row", offensive=Cloak())
    state.players["gh"].cloak_day = 2
    ok(state, "gh", offensive=Cloak())


def test_sabotage_targets_a_living_other_and_an_item_kind(state):
    """Rulings, Sabotage: "a named item of a living player ... or removes 12 suit HP"; the flamethrowers too."""
    ok(state, "te", offensive=Sabotage(target="fb", item="perdition_flamethrowers"))
    ok(state, "te", offensive=Sabotage(target="fb"))
    refused(state, "te", "cannot sabotage yourself", offensive=Sabotage(target="te"))
    state.players["fb"].alive = False
    refused(state, "te", "FB is dead", offensive=Sabotage(target="fb"))


def test_refusals_never_echo_item_ids(state):
    reason = validate(state, "ma", DayOrders(give=Give(item="i999", to="md")))
    assert reason is not None and "i999" not in reason
