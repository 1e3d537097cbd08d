"""The state is pure data: it dumps to JSON and loads back equal; a foreign schema is refused."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.helpers import game, roster


def test_state_round_trips_through_json():
    state, _ = game(roster(13), seed=5)
    text = json.dumps(state.model_dump(mode="json"))
    again = SCMState.model_validate(json.loads(text))
    assert again == state
    assert list(again.players) == sorted(again.players)


def test_unknown_fields_are_refused():
    state, _ = game(roster(5))
    data = state.model_dump(mode="json")
    data["players"]["p00"]["mana"] = 3
    with pytest.raises(ValidationError, match="mana"):
        SCMState.model_validate(data)


def test_sabotaged_item_is_disabled_through_its_last_day():
    """Rulings: Sabotage disables an item "today and the next 2 days"."""
    state, _ = game(roster(5))
    item = next(iter(state.players.values())).items[0]
    item.disabled_until = 4
    assert [item.disabled_on(d) for d in (1, 2, 3, 4, 5)] == [True, True, True, True, False]
