"""Every installed game's front is well formed: what the bot builds from it can work (engine/front.py).

These walk `registry.fronts()`, so a new game is checked the moment it is registered (docs/rulesets.md,
"Tests").
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.front import OPTION_TYPES

GAMES = registry.names()


@pytest.mark.parametrize("name", GAMES)
def test_every_option_source_names_a_chooser_of_its_game(name):
    front = registry.front(name)
    missing = [(c.name, o.name, o.source) for c in front.commands for o in c.options
               if o.source is not None and o.source not in front.choosers]
    assert missing == []


@pytest.mark.parametrize("name", GAMES)
def test_options_have_known_types_and_no_option_has_both_choices_and_a_source(name):
    for command in registry.front(name).commands:
        for option in command.options:
            assert option.type in OPTION_TYPES, (command.name, option.name)
            assert not (option.choices and option.source), (command.name, option.name)


@pytest.mark.parametrize("name", GAMES)
def test_command_and_option_names_are_unique_and_described(name):
    front = registry.front(name)
    names = [c.name for c in front.commands]
    assert len(names) == len(set(names))
    for command in front.commands:
        assert command.description.strip(), command.name
        option_names = [o.name for o in command.options]
        assert len(option_names) == len(set(option_names)), command.name
        assert all(o.description.strip() for o in command.options), command.name


@pytest.mark.parametrize("name", GAMES)
def test_the_game_has_a_title_and_is_listed(name):
    ruleset = registry.get(name)
    assert registry.front(name).title and ruleset.title
    assert name in [listed.name for listed in registry.listing()]
