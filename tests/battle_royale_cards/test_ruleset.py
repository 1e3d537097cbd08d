"""The ruleset through the engine contract: registered, whole games, determinism, and secrets (rulings,
"Timer, idle, visibility": set-aside cards are seen by their owner only)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.state import CardState
from tests.battle_royale_cards.helpers import ready, roster


def test_registered_with_its_front():
    """Issue 14: the game is playable on Discord, so `brbot rulesets` and the bot list it, with its front."""
    from engine.rulesets.battle_royale_cards.front.game import FRONT

    assert registry.BUILT_IN["battle_royale_cards"] == "engine.rulesets.battle_royale_cards"
    assert "battle_royale_cards" in registry.names()
    assert registry.get("battle_royale_cards") is RULESET and registry.front("battle_royale_cards") is FRONT


def test_the_contract_shape():
    assert RULESET.pacing == "sequential" and RULESET.step_hours == CardSettings().turn_hours == 24
    assert (RULESET.min_players, RULESET.max_players) == (2, 6)
    state = RULESET.new_game(roster(3), CardSettings(), RecordingRng(1)).state
    assert RULESET.parse_state(state.model_dump(mode="json")) == state
    assert RULESET.actor_name(state, "s1") == "P1"


def play(players: int, seed: int, record: list | None = None) -> CardState:
    """A whole game of computer players; every order is validated before it is resolved."""
    result = RULESET.new_game(roster(players), CardSettings(), RecordingRng(seed))
    state, steps = result.state, 0
    while not RULESET.is_over(state):
        (seat,) = RULESET.awaiting(state)
        rng = RecordingRng(f"{seed}-{steps}")
        orders = RULESET.computer_orders(state, seat, rng)
        assert RULESET.validate(state, seat, orders) is None
        before = state
        result = RULESET.resolve(state, {seat: orders}, rng)
        state, steps = result.state, steps + 1
        if record is not None:
            record.append((before, result))
        assert steps < 5000
    return state


def test_same_state_orders_and_seed_give_the_same_resolution():
    """docs/engine.md: the same state, orders and seed always give the same result, byte for byte."""
    record: list = []
    play(4, 7, record)
    for before, _ in record[::5]:
        seat = RULESET.awaiting(before)[0]
        orders = RULESET.computer_orders(before, seat, RecordingRng(0))
        first = RULESET.resolve(before, {seat: orders}, RecordingRng(99)).to_json()
        again = RULESET.resolve(before.model_copy(deep=True), {seat: orders}, RecordingRng(99)).to_json()
        assert first == again
    assert record[0][0] != record[-1][1].state  # resolve never mutated its input


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_event_a_player_receives_names_another_players_set_aside_cards(players):
    """Text, 3.2: set-aside cards are set aside "in a way that opponents cannot see it"; rulings: seen by their
    owner only. Checked on every step of whole games, for every player, in every event's text and data, and
    in every view. A card a public event shows active during the step (equipped, then lost in a battle that
    step) was public at that moment and is not a secret of that step."""
    record: list = []
    final = play(players, 100 + players, record)
    deck = final.settings.deck
    for before, result in record:
        after = result.state
        for seat in after.players:
            known = set(before.players[seat].cards()) | shown_active(result.events)
            secret = {c for s, p in after.players.items() if s != seat for c in p.aside} - known
            names = {deck.card(c).name for c in secret}
            for event in result.events:
                if not event.visible_to(seat):
                    continue
                assert not any(name in event.text for name in names), (seat, event.text)
                assert event.data.get("card") not in secret, (seat, event)
            view = RULESET.view(after, seat)
            shown = {c["id"] for p in view["players"] for c in p["active"]} | {c["id"] for c in view["me"]["aside"]}
            assert not shown & {c for s, p in after.players.items() if s != seat for c in p.aside}
    assert any(p.aside for p in final.players.values())  # the games did set cards aside


def shown_active(events: list) -> set[int]:
    """Cards public events of this step show as active at that moment."""
    kinds = {"equip", "swap", "card_gained", "spoils"}
    return {e.data["card"] for e in events if e.kind in kinds and e.audience.kind == "public" and "card" in e.data}


def test_the_view_shows_counts_of_others_set_aside_cards_and_ones_own():
    state = ready(active={"s0": [1], "s1": [2, 3, 4]}, aside={"s0": [5], "s1": [6, 7]})
    view = RULESET.view(state, "s0")
    others = {p["seat"]: p for p in view["players"]}
    assert others["s1"]["aside_count"] == 2 and others["s1"]["cards"] == 5
    assert [c["name"] for c in others["s1"]["active"]] == ["Skateboard", "Motorbike", "Grappling Hook"]
    assert [c["name"] for c in view["me"]["aside"]] == ["Energy Drink"]
    assert "Adrenaline" not in str(view) and "Lucky Coin" not in str(view)
    assert view["scores"] == {}  # scores would give away set-aside worths until the end


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_games_end_with_a_winner(players):
    state = play(players, players)
    assert state.end in ("a", "b", "rounds") and state.winners
    assert set(state.scores) == set(state.players)


def test_a_step_never_changes_the_state_it_was_given_and_the_shared_deck_never_changes():
    """docs/engine.md: the engine is pure. A step's copies share the frozen deck with the state they come from
    (`CardState.copied`) and copy everything else: every state of a whole game reads the same after the
    computer player, the validation and the step have used it, and the deck is the one the game began with."""
    result = RULESET.new_game(roster(3), CardSettings(), RecordingRng(5))
    state, deck = result.state, result.state.settings.deck.model_dump_json()
    steps = 0
    while not RULESET.is_over(state):
        before = state.model_dump_json()
        (seat,) = RULESET.awaiting(state)
        rng = RecordingRng(f"5-{steps}")
        orders = RULESET.computer_orders(state, seat, rng)
        assert RULESET.validate(state, seat, orders) is None
        after = RULESET.resolve(state, {seat: orders}, rng).state
        assert state.model_dump_json() == before, f"step {steps} changed the state it was given"
        assert after.players is not state.players and after.board is not state.board
        state, steps = after, steps + 1
        assert steps < 5000
    assert state.settings.deck.model_dump_json() == deck


def test_a_copy_is_the_state_deep_copied_with_nothing_shared_but_the_deck():
    """`CardState.copied` copies the tree itself, not through `copy.deepcopy`: the same state, field by field and
    in its JSON, the same fields given, and no list, dict or model in two states but the frozen deck."""
    import copy

    from pydantic import BaseModel

    result = RULESET.new_game(roster(4), CardSettings(), RecordingRng(7))
    state = RULESET.resolve(result.state, {}, RecordingRng(8)).state
    made, deep = state.copied(), copy.deepcopy(state)
    assert made == deep and made.model_dump_json() == state.model_dump_json()
    deck = state.settings.deck
    assert made.settings.deck is deck

    def parts(value, found):  # every model, list and dict of a state, the deck left out
        if value is deck:
            return found
        if isinstance(value, BaseModel):
            found.append(value)
            for v in value.__dict__.values():
                parts(v, found)
        elif isinstance(value, list | dict):
            found.append(value)
            for v in value.values() if isinstance(value, dict) else value:
                parts(v, found)
        return found

    mine, theirs = parts(made, []), parts(state, [])
    assert len(mine) == len(theirs) and not {id(p) for p in mine} & {id(p) for p in theirs}
    for a, b in zip(mine, theirs, strict=True):
        assert type(a) is type(b)
        if isinstance(a, BaseModel):
            assert a.model_fields_set == b.model_fields_set
