"""Settings: every `name = value` of the rulings, spelt as there, with the rulings' defaults."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.battle_royale_cards.helpers import IN_ORDER
from tests.shared_rules import rulings_text, same_default, settings_named

RULINGS = "battle-royale-card-game-rulings.md"  # in ../shared/rules (tests/shared_rules.py)


def test_defaults_are_the_rulings_values():
    s = CardSettings()
    assert (s.min_players, s.max_players, s.actions_per_turn, s.movements_per_turn) == (2, 6, 2, 0)
    assert (s.layout, s.placement, s.go_die) == ("random", "choose", "preference_then_random")
    assert (s.max_rounds, s.turn_hours, s.idle_alert_turns, s.show_drinking_table) == (60, 24, 3, False)
    assert len(s.deck.cards) == 25


def test_every_setting_named_in_the_rulings_exists():
    text = rulings_text(RULINGS)
    names = set(re.findall(r"`([a-z_]+) = [^`]+`", text)) | set(re.findall(r"\(`([a-z_]+)`[;)]", text))
    names.discard("name")  # the rulings' own "`name = value` marks a setting"
    assert len(names) == 12
    assert names == set(CardSettings.model_fields)


def test_every_default_is_the_one_the_rulings_write():
    """Rulings: "`name = value`" gives each setting's default; read from the rulings file itself, so a ruling
    that changes a value fails here until the product follows it."""
    defaults = CardSettings().model_dump(mode="json")
    written = settings_named(rulings_text(RULINGS))
    assert written and {n: v for n, v in written.items() if not same_default(defaults[n], v)} == {}


def test_the_deck_is_a_table_not_a_house_rule():
    """The deck is data a moderator loads from a file; every other setting is a house rule."""
    assert set(RULESET.house_rules()) == set(CardSettings.model_fields) - {"deck"}


def test_inconsistent_settings_are_refused_clearly():
    with pytest.raises(ValidationError, match="min_players \\(5\\) is above max_players \\(3\\)"):
        CardSettings(min_players=5, max_players=3)
    with pytest.raises(ValidationError, match="max_players"):
        CardSettings(max_players=7)
    with pytest.raises(ValidationError, match="placement"):
        CardSettings(placement="anywhere")
    with pytest.raises(ValidationError, match="layout needs 25 cards"):
        CardSettings(layout=[1, 2, 3])
    with pytest.raises(ValidationError, match="lays a card twice: Sneakers"):
        CardSettings(layout=[1] + IN_ORDER[:-1])
    with pytest.raises(ValidationError, match="go_die_typo"):
        CardSettings(go_die_typo="random")


def test_settings_round_trip_as_json():
    s = CardSettings(layout=IN_ORDER, max_rounds=10, show_drinking_table=True)
    assert CardSettings.model_validate_json(s.model_dump_json()) == s


def test_a_fixed_layout_typed_by_a_moderator():
    """Rulings, "Reading order": a moderator can load a fixed layout, here as text (ids or names)."""
    assert CardSettings(layout=" ".join(str(i) for i in reversed(IN_ORDER))).layout == IN_ORDER[::-1]
    names = ", ".join(CardSettings().deck.card(i).name for i in IN_ORDER)
    assert CardSettings(layout=names).layout == IN_ORDER
    assert CardSettings(layout="Random").layout == "random"
    with pytest.raises(ValidationError, match="needs 25 cards"):
        CardSettings(layout="1 2 3")
