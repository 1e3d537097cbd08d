"""The card game's front: commands become legal steps, choices come from the player's
view and leak nothing, orders in words, the status card, the picture and its text fallback, posts, the deck
file, computer players and the balance studies."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.front import Asked, Refused
from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.play import PLAY
from engine.rulesets.battle_royale_cards.front.game import FRONT
from engine.rulesets.battle_royale_cards.orders import CardOrders
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.battle_royale_cards.catalog_helpers import raw_deck
from tests.battle_royale_cards.helpers import ready, roster


def _use(state, seat, command, **values):
    view = RULESET.view(state, seat)
    declared = FRONT.orders.command(command)
    assert declared is not None
    full = {o.name: values.get(o.name, o.default) for o in declared.options}
    change = FRONT.orders.apply(Asked(command=command, values=full, view=view, current={}))
    orders = CardOrders.model_validate(change.orders)
    return orders, change, RULESET.validate(state, seat, orders)


def test_commands_become_legal_steps():
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1, 4]}, aside={"s0": [5]})
    cases = [
        ("move", {"direction": "ne"}, "Move NE"),
        ("move", {"to": "c4"}, "Move to C4"),
        ("attack", {"target": "card"}, "Attack the card on your square"),
        ("attack", {"target": "s1"}, "Attack P1"),
        ("ability", {"card": "grappling hook", "to": "G4"}, "Use Grappling Hook to reach G4"),
        ("end", {}, "End the turn"),
        ("godie", {"directions": "s, sw w"}, "Go-die directions: S SW W"),
    ]
    for command, values, words in cases:
        _, change, refusal = _use(state, "s0", command, **values)
        assert refusal is None and words in change.summary, (command, change.summary, refusal)


def test_preturn_commands():
    state = ready(active={"s0": [1, 2, 3]}, aside={"s0": [5]})
    state.turn.preturn_done = False
    orders, change, refusal = _use(state, "s0", "swap", card_in="5", card_out="Sneakers")
    assert refusal is None and (orders.swap_in, orders.swap_out) == (5, 1)
    assert change.summary == ["Swap Energy Drink in for Sneakers"]
    with pytest.raises(Refused, match="Golden Idol is not one of your cards"):
        _use(state, "s0", "swap", card_in="Golden Idol", card_out="1")
    with pytest.raises(Refused, match="UP is not one"):
        _use(state, "s0", "godie", directions="up")


def test_choices_come_from_the_view_and_leak_no_set_aside_card():
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [18], "s1": [2]}, aside={"s0": [5], "s1": [6]})
    state.players["s1"].square = "C4"  # next to s0, who has Binoculars
    view = RULESET.view(state, "s0")
    targets = FRONT.orders.choices("attack_targets", view, "", {})
    assert [v for _, v in targets] == ["card", "s1"] and "Katana" in targets[0][0]
    assert FRONT.orders.choices("my_aside", view, "", {}) == [("Energy Drink (13)", "5")]
    assert len(FRONT.orders.choices("adjacent_squares", view, "", {})) == 8
    everything = str([FRONT.orders.choices(source, view, "", {}) for source in FRONT.orders.choosers])
    assert "Adrenaline" not in everything  # s1's set-aside card
    placing = RULESET.new_game(roster(2), CardSettings(), RecordingRng(1)).state
    first = placing.order[0]
    assert len(FRONT.orders.choices("outer_squares", RULESET.view(placing, first), "", {})) == 12


def test_status_and_the_board_in_words():
    state = ready(at={"s0": "D4", "s1": "A4"}, active={"s0": [1]}, aside={"s0": [5], "s1": [6]})
    state.players["s1"].alive = False
    (card,) = FRONT.cards.status(RULESET.view(state, "s0"))
    words = card.description + str(card.fields)
    assert "P0's turn: 2 actions and 0 movements left." in words and "Energy Drink" in words
    other = str(FRONT.cards.status(RULESET.view(state, "s1")))
    assert "Energy Drink" not in other and "Adrenaline" in other
    assert "Adrenaline" not in words
    picture = FRONT.picture.draw(RULESET.view(state, "s1"))
    assert picture is not None and picture.png.startswith(b"\x89PNG") and picture.filename == "grid.png"
    assert "Row A: A4 empty [P1 (dead)]" in picture.caption and "D4 Katana 13 [P0]" in picture.caption
    assert "Energy Drink" not in picture.caption
    again = FRONT.picture.draw(RULESET.view(state, "s1"))
    assert again is not None and again.png == picture.png  # the same view, the same bytes


def test_a_post_tells_a_step_in_the_order_it_happened():
    """Issue 23: no sections that put "Ayla ends the turn" above her card attack, or a failed attack's death
    under Battles: every event of a step is told in the order it happened."""
    from bot.screens.step_post import resolution_post
    from bot.services.base.common import placement

    kinds = [("card_attack", "Ayla attacks the card on B4."), ("died", "Ayla dies on B4."),
             ("end_turn", "Ayla ends the turn."), ("turn", "Round 1: Bruno's turn.")]
    rows = [SimpleNamespace(id=i, payload=placement(FRONT, kind, 3) | {"kind": kind}, text=said)
            for i, (kind, said) in enumerate(kinds)]
    (layout,) = resolution_post(rows)
    told = layout.narration
    assert [told.index(said) for _, said in kinds] == sorted(told.index(said) for _, said in kinds)
    assert not any(name in ("Turns", "Cards", "Battles") for name, _ in layout.sections())
    assert FRONT.posts.title(3) == "Battle Royale card game, step 3"


def test_the_picture_posted_after_a_step_is_captioned_with_that_step():
    """Issue 23: the view's day is the step now open; the grid posted with step 8's post is "after step 8"."""
    state = ready(at={"s0": "D4"})
    view = RULESET.public_view(state)
    shown = FRONT.picture.public(view | {"day": 9})
    assert shown is not None and shown.caption.startswith("The grid after step 8.")
    start = FRONT.picture.public(view | {"day": 0})
    assert start is not None and start.caption.startswith("The grid at the start.")


def test_a_deck_file_is_checked_with_a_clear_reason():
    value, words = FRONT.signup.data.load({"cards": raw_deck()})
    assert words == "a deck of 25 cards" and CardSettings(deck=value).deck.cards[0].name == "Sneakers"
    with pytest.raises(Refused, match="exactly 25 cards"):
        FRONT.signup.data.load({"cards": raw_deck()[:3]})


def test_computer_players_play_whole_games_through_the_front():
    assert PLAY.has_computer_players
    signups = PLAY.computer_signups(3, RecordingRng(1))
    state = RULESET.new_game(signups, CardSettings(), RecordingRng(1)).state
    n = 0
    while not RULESET.is_over(state):
        (seat,) = RULESET.awaiting(state)
        rng = RecordingRng(n)
        orders = RULESET.parse_orders(PLAY.computer_orders(state, seat, rng))
        assert RULESET.validate(state, seat, orders) is None
        state = RULESET.resolve(state, {seat: orders}, rng).state
        n += 1
    assert PLAY.outcome(state)["winners"] == state.winners


def test_balance_studies():
    studies = PLAY.studies(300, 5)
    rows = studies["card attacks"]
    assert set(rows) == {f"worth {w}" for w in range(5, 15)}
    for row in rows.values():
        assert abs(row["measured"] - row["expected"]) < 0.12
    places = [name for name in studies["games"] if "in turn order wins" in name]
    assert len(places) == 4 and all(studies["games"][p]["expected"] == 0.25 for p in places)
    assert sum(studies["games"][p]["measured"] for p in places) >= 1.0  # every game has a winner


def test_the_engine_simulation_plays_a_whole_game():
    """`python -m engine.simulate --ruleset battle_royale_cards`: the registered game, played whole."""
    from engine.simulate import play

    steps = list(play(4, 11, ruleset="battle_royale_cards"))
    state, events = steps[-1]
    assert RULESET.is_over(state) and any(e.kind == "game_over" for e in events)
