"""Attacking a card (text, 3.3; rulings, "Attacking a card") and attacking a player (text, 3.4; rulings,
"Attacking a player"), with every card of the default deck that changes them."""

from __future__ import annotations

from engine.rulesets.battle_royale_cards.combat import effective_worth
from tests.battle_royale_cards.helpers import Dice, ready, refusal, square_of, step, texts

CARD = {"kind": "attack_card"}


def _attack(state, faces, picks=()):
    return step(state, "s0", Dice(faces=faces, picks=picks), step=CARD)


# --- cards -------------------------------------------------------------------------------------------


def test_three_dice_at_or_above_the_worth_win_the_card():
    """Text, 3.3: "You have to get that value or higher by rolling 3 dice"; a won square stays empty."""
    state = ready(at={"s0": square_of(8)})  # Four-Leaf Clover, worth 9
    state, events = _attack(state, [2, 3, 4])
    assert state.players["s0"].active == [8] and state.board[square_of(8)] is None
    assert "P0 wins Four-Leaf Clover and equips it." in texts(events)
    assert "(worth 9): 2+3+4 = 9" in texts(events)


def test_failing_kills_the_attacker_on_his_square():
    """Text, 3.3: "If the player fails to win the card, he dies"; rulings: on his square."""
    state = ready(at={"s0": square_of(8)})
    state, events = _attack(state, [1, 2, 5])
    player = state.players["s0"]
    assert not player.alive and player.square == square_of(8) and state.board[square_of(8)] == 8
    assert "P0 fails and dies" in texts(events) and state.turn.actions == 1


def test_three_of_a_kind_always_wins_but_not_under_broken_mirror():
    """Text, 3.3: "getting the same number on all three, always results in winning"; deck: Broken Mirror."""
    state = ready(at={"s0": square_of(13)})  # Katana, worth 13
    won, events = _attack(state, [1, 1, 1])
    assert won.players["s0"].active == [13] and "Three of a kind" in texts(events)
    cursed = ready(at={"s0": square_of(13)}, active={"s0": [25]})
    lost, _ = _attack(cursed, [1, 1, 1])
    assert not lost.players["s0"].alive


def test_card_attack_bonuses_add_up_and_black_death_takes_one():
    """Deck: Lucky Coin +1, Four-Leaf Clover +1, Crowbar +2, Black Death -1 (same-kind bonuses add up)."""
    lucky = ready(at={"s0": square_of(13)}, active={"s0": [7, 8, 9]})  # +4 against worth 13
    won, events = _attack(lucky, [2, 3, 4])
    assert 13 in won.players["s0"].cards() and "2+3+4+4 = 13" in texts(events)
    doomed = ready(at={"s0": square_of(19)}, active={"s0": [21]})  # Smoke Bomb, worth 11, -1
    lost, events = _attack(doomed, [3, 4, 4])
    assert not lost.players["s0"].alive and "3+4+4-1 = 10" in texts(events)


def test_rabbits_foot_re_rolls_a_failure_once_per_turn():
    """Deck: Rabbit's Foot, "once per turn, a failed card attack is re-rolled at once (all three dice); the new
    roll stands"."""
    state = ready(at={"s0": square_of(8)}, active={"s0": [10]}, actions=3)
    state, events = _attack(state, [1, 2, 4, 3, 3, 4])
    assert 8 in state.players["s0"].active and "Rabbit's Foot re-rolls" in texts(events)
    assert state.turn.reroll_used
    state.players["s0"].square = square_of(13)
    state, events = _attack(state, [1, 2, 4, 6, 6, 6])  # a second failure this turn stands
    assert not state.players["s0"].alive and "re-rolls" not in texts(events)


def test_cards_worth_13_and_14_count_as_12_once_only_they_remain():
    """Text, 4: "When only cards with values 13 and 14 remain on the map, the values ... are reduced to 12";
    rulings: for attacks only, scores use the printed worth."""
    state = ready(at={"s0": square_of(5)})
    for square, card in state.board.items():
        if card not in (5, 6, 20):  # Energy Drink 13, Adrenaline 14, Golden Idol 14
            state.board[square] = None
    assert effective_worth(state, 5) == 12
    won, events = _attack(state, [3, 4, 5])
    assert 5 in won.players["s0"].active and "(worth 12)" in texts(events)
    mixed = ready(at={"s0": square_of(5)})
    assert effective_worth(mixed, 5) == 13


def test_a_fourth_card_is_set_aside_and_named_only_to_its_owner():
    """Text, 3.2: "Each subsequent card a player wins is set aside ... in a way that opponents cannot see it"."""
    state = ready(at={"s0": square_of(8)}, active={"s0": [1, 2, 3]})
    state, events = _attack(state, [4, 4, 5])
    assert state.players["s0"].aside == [8]
    public = [e.text for e in events if e.audience.kind == "public"]
    assert "P0 wins a card and sets it aside." in public and not any("Clover" in t for t in public)
    private = [e for e in events if e.audience.kind == "players"]
    assert private[0].audience.ids == ["s0"] and "Four-Leaf Clover" in private[0].text


def test_a_curse_is_equipped_at_once_sending_the_earliest_won_card_aside():
    """Text, 3.2 ("except for some Curse cards which you have to equip immediately"); rulings, "Cards"."""
    state = ready(at={"s0": square_of(21)}, active={"s0": [2, 1, 3]})  # won in that order
    state, events = _attack(state, [2, 2, 3])  # Black Death, worth 5
    assert state.players["s0"].active == [1, 3, 21] and state.players["s0"].aside == [2]
    assert "Black Death, a Curse, equipped at once" in texts(events)
    cursed = ready(at={"s0": square_of(25)}, active={"s0": [23, 22, 24]})
    cursed, _ = _attack(cursed, [2, 2, 4])  # Broken Mirror, worth 7: all Curses, the earliest-won goes
    assert cursed.players["s0"].active == [22, 24, 25] and cursed.players["s0"].aside == [23]


# --- players -----------------------------------------------------------------------------------------

FIGHT = {"kind": "attack_player", "target": "s1"}


def _fight(state, faces, picks=()):
    return step(state, "s0", Dice(faces=faces, picks=picks), step=FIGHT)


def test_first_to_three_round_wins_ties_count_for_nobody():
    """Text, 3.4: one die each, the higher wins, a tie counts for neither; until one player wins three."""
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1], "s1": [2]})
    state.players["s1"].go_die = ["N"]
    state, events = _fight(state, [5, 2, 3, 3, 6, 1, 2, 4, 4, 1])
    assert state.turn.actions == 1
    assert "Rounds: 5-2, 3-3, 6-1, 2-4, 4-1. P0 wins 3-1." in texts(events)
    loser = state.players["s1"]
    assert not loser.alive and loser.square == "C4" and loser.active == [] and 2 in state.players["s0"].active
    assert "P0 takes Skateboard from P1." in texts(events)
    assert "P0 wins Skateboard and equips it." not in texts(events)  # issue 23: the spoils are told once


def test_spoils_set_aside_are_told_once():
    """Issue 23: "takes one of P1's active cards and sets it aside" is not followed by "wins a card and sets it
    aside"; the winner alone learns which card, once."""
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1, 3, 4], "s1": [2]})
    state.players["s1"].go_die = ["N"]
    _, events = _fight(state, [5, 2, 6, 1, 4, 1])
    public = [e.text for e in events if e.audience.kind == "public"]
    assert "P0 takes one of P1's active cards and sets it aside." in public
    assert not [t for t in public if "wins a card and sets it aside" in t]


def test_shields_add_round_wins_the_opponent_needs():
    """Text, 3.4 "(or more if the player has a shield)"; deck: Pot Lid Shield 1, Riot Shield Shield 2."""
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1], "s1": [14, 15]})
    _, events = _fight(state, [6, 1] * 6)  # 3 + 1 + 2 round wins
    assert "P0 wins 6-0" in texts(events)
    lid = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [14], "s1": [2]})
    lost, events = _fight(lid, [1, 6] * 4)
    assert "P1 wins 4-0" in texts(events) and not lost.players["s0"].alive


def test_a_card_less_attacker_keeps_the_lower_of_two_dice_a_card_less_defender_rolls_normally():
    """Text, 3.4: "If a player has no cards, they can attack ... by always rolling two dice and taking the value
    of the lower die"; rulings: a card-less defender rolls normally."""
    state = ready(at={"s0": "D4", "s1": "D4"})
    state, events = _fight(state, [6, 1, 2] * 3)  # 6 and 1 keep 1, against 2
    assert "Rounds: 1-2, 1-2, 1-2. P1 wins 3-0." in texts(events)
    assert not state.players["s0"].alive and "P0 has no card to take." in texts(events)


def test_battle_die_bonuses():
    """Deck: Brass Knuckles +1, Baseball Bat +1, Katana +2, Butterfingers -1, added to each round's die."""
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [11, 13], "s1": [12, 23]})
    _, events = _fight(state, [1, 4] * 3)  # 1+3 = 4 against 4+0 = 4: ties, then
    assert "Rounds: 4-4" in texts(events)


def test_what_the_winner_takes():
    """Text, 3.4: "one random card from the loser that was active, or a certain card if ... Black Death";
    rulings: none active, a random set-aside card; Smoke Bomb: none; Pickpocket Gloves: the highest worth."""
    win = [6, 1] * 3
    black = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1, 2, 3], "s1": [9, 21]})
    black, _ = _fight(black, win)
    assert 21 in black.players["s0"].active and black.players["s1"].active == [9]
    smoke = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1], "s1": [9, 19]})
    smoke, events = _fight(smoke, win)
    assert smoke.players["s1"].active == [9, 19] and "Smoke Bomb: P0 takes no card" in texts(events)
    gloves = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [16], "s1": [1, 3, 9]})
    gloves, _ = _fight(gloves, win, picks=[0])
    assert 3 in gloves.players["s0"].active  # Motorbike 12, the highest worth
    random = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [16], "s1": []}, aside={"s1": [1, 5]})
    random.players["s0"].active.remove(16)  # no gloves now; s0 holds no card: lower of two dice
    random.players["s1"].go_die = ["N"]
    random, events = _fight(random, [6, 6, 1] * 3, picks=[1])
    assert random.players["s0"].active == [5] and random.players["s1"].aside == [1]
    assert "P0 takes one of P1's set-aside cards." in [e.text for e in events if e.audience.kind == "public"]
    told = [e for e in events if e.kind == "spoils" and e.audience.kind == "players"]
    assert told[0].audience.ids == ["s0", "s1"] and "Energy Drink" in told[0].text


def test_the_loser_goes_to_die_by_his_standing_directions_else_at_random():
    """Text, 3.4: the loser "must choose one of the adjacent squares to move to and die there"; rulings: the
    first direction of the standing list leading to a square, else a random adjacent square."""
    state = ready(at={"s0": "A4", "s1": "A4"}, active={"s0": [2]})
    state.players["s1"].go_die = ["N", "NE", "SW"]
    listed, _ = _fight(state, [6, 1] * 3)
    assert listed.players["s1"].square == "B3"
    state.players["s1"].go_die = ["N"]
    chance, _ = _fight(state, [6, 1] * 3, picks=[2])
    assert chance.players["s1"].square == "B5"  # A4's neighbours B3, B4, B5: the third
    boots = ready(at={"s0": "A4", "s1": "A4"}, active={"s0": [2], "s1": [22]})
    boots.players["s1"].go_die = ["SW", "S"]
    boots, _ = _fight(boots, [6, 1] * 3, picks=[0])
    assert boots.players["s1"].square == "B4"  # Heavy Boots: no diagonal, even to die
    always_random = ready(at={"s0": "A4", "s1": "A4"}, active={"s0": [2]}, go_die="random")
    always_random.players["s1"].go_die = ["SW"]
    always_random, _ = _fight(always_random, [6, 1] * 3, picks=[1])
    assert always_random.players["s1"].square == "B4"


def test_the_attacker_who_loses_dies_too():
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [2], "s1": [1]})
    state.players["s0"].go_die = ["S"]
    state, _ = _fight(state, [1, 6] * 3)
    assert not state.players["s0"].alive and state.players["s0"].square == "E4"
    assert state.players["s1"].active == [1, 2]
    assert refusal(state, "s0", step={"kind": "resurrect"}) is None  # an action is left (text, 3.5)


def test_who_may_be_attacked():
    """Text, 3.4: two living players on the same square; deck: Binoculars, "a player on an adjacent square"."""
    apart = ready(at={"s0": "D4", "s1": "C4"})
    assert "not on your square" in refusal(apart, "s0", step=FIGHT)
    binoculars = ready(at={"s0": "D4", "s1": "C4"}, active={"s0": [18]})
    assert refusal(binoculars, "s0", step=FIGHT) is None
    far = ready(at={"s0": "D4", "s1": "B4"}, active={"s0": [18]})
    assert "not on your square" in refusal(far, "s0", step=FIGHT)
    dead = ready(at={"s0": "D4", "s1": "D4"})
    dead.players["s1"].alive = False
    assert "P1 is dead" in refusal(dead, "s0", step=FIGHT)
    assert "another player" in refusal(dead, "s0", step={"kind": "attack_player", "target": "s0"})
    assert "another player" in refusal(dead, "s0", step={"kind": "attack_player", "target": "nobody"})
